// cu2c's NCCL collective tests' machinery (tests/run/nccl_collectives_*.cu): a case is one
// collective, reduction, placement and root for a few counts; prepare() makes every rank's
// buffers on its device (inputs, a sentinel where outputs go, PreMulSum ops) and the expected
// results from the host references of nccl_test_common.h; issue() makes one rank's calls;
// verify() compares bit for bit and frees. run_grouped() issues every rank's calls from this
// thread in one group; threads_case() from one thread per rank, without groups. A process of
// an MPI program holds ranks local_first .. local_first + local_count - 1 only (rank r on its
// device r - local_first); by default every rank is this process's.
#ifndef CU2C_TEST_NCCL_COLLECTIVE_CASES_H
#define CU2C_TEST_NCCL_COLLECTIVE_CASES_H
#include "nccl_test_common.h"
#include <cstdlib>
#include <thread>

enum Coll { ALLREDUCE, REDUCE, REDUCESCATTER, BROADCAST, ALLGATHER };
static const char *const coll_names[] = {"AllReduce", "Reduce", "ReduceScatter", "Broadcast", "AllGather"};

static int nranks;
static ncclComm_t comms[8];        // by rank (this process's ranks only)
static cudaStream_t streams[8];
static int local_first = 0, local_count = 0;   // 0: all nranks

static bool is_local(int r) { return local_count == 0 || (r >= local_first && r < local_first + local_count); }
static int device_of(int r) { return r - local_first; }

// One collective of one rank: its buffers and what it should end with.
template <typename T> struct Call {
    T *send = nullptr, *recv = nullptr, *base = nullptr, *scalar_dev = nullptr;
    T scalar_host;                  // what the device scalar gets, on the stream before the call
    size_t count = 0, out_n = 0;
    ncclRedOp_t op = ncclSum;
    std::vector<T> expect;          // the receive buffer (or the in-place buffer) afterwards
};

// A case: one collective, reduction, placement and root, for several counts at once.
template <typename T> struct Case {
    Coll coll;
    RedKind kind;
    bool in_place;
    int root;
    std::vector<size_t> counts;
    std::vector<std::vector<Call<T>>> calls;   // [count][rank]
};

static size_t in_elems(Coll c, size_t count) { return c == REDUCESCATTER ? count * nranks : count; }
static size_t out_elems(Coll c, size_t count) { return c == ALLGATHER ? count * nranks : count; }

// Buffers on each rank's device, filled with inputs (and a sentinel where outputs go), and the
// expected results.
template <typename T> static void prepare(Case<T> &k) {
    typedef Ref<T> R;
    T sentinel;
    std::memset(&sentinel, 0x5a, sizeof sentinel);
    k.calls.assign(k.counts.size(), std::vector<Call<T>>(nranks));
    for (size_t ci = 0; ci < k.counts.size(); ci++) {
        size_t count = k.counts[ci], in_n = in_elems(k.coll, count), out_n = out_elems(k.coll, count);
        std::vector<std::vector<T>> in(nranks, std::vector<T>(in_n));
        std::vector<T> scalars(nranks);
        for (int r = 0; r < nranks; r++) {
            for (size_t i = 0; i < in_n; i++)
                in[r][i] = R::value(r, i);
            scalars[r] = k.kind == RED_AVG ? R::avg_scalar(nranks) : R::scalar(r);
        }
        for (int r = 0; r < nranks; r++) {
            if (!is_local(r))
                continue;
            Call<T> &c = k.calls[ci][r];
            c.count = count;
            c.out_n = out_n;
            CUDACHECK(cudaSetDevice(device_of(r)));
            // in place: one buffer holding both; the input at its place in it
            size_t both = in_n > out_n ? in_n : out_n;
            std::vector<T> init(k.in_place ? both : out_n, sentinel);
            bool has_send = !(k.coll == BROADCAST && r != k.root && !k.in_place);
            bool has_recv = !(k.coll == REDUCE && r != k.root && !k.in_place);
            size_t at = k.in_place && k.coll == ALLGATHER ? (size_t)r * count : 0;
            if (k.in_place) {
                if (has_send)
                    std::copy(in[r].begin(), in[r].end(), init.begin() + at);
                CUDACHECK(cudaMalloc(&c.base, both * sizeof(T)));
                CUDACHECK(cudaMemcpy(c.base, init.data(), both * sizeof(T), cudaMemcpyHostToDevice));
                c.send = c.base + at;
                c.recv = c.base + (k.coll == REDUCESCATTER ? (size_t)r * count : 0);
            } else {
                if (has_send) {
                    CUDACHECK(cudaMalloc(&c.send, in_n * sizeof(T)));
                    CUDACHECK(cudaMemcpy(c.send, in[r].data(), in_n * sizeof(T), cudaMemcpyHostToDevice));
                }
                if (has_recv) {
                    CUDACHECK(cudaMalloc(&c.recv, out_n * sizeof(T)));
                    CUDACHECK(cudaMemcpy(c.recv, init.data(), out_n * sizeof(T), cudaMemcpyHostToDevice));
                }
                c.base = c.recv;
            }
            // what the checked buffer holds afterwards (the whole in-place buffer)
            c.expect = init;
            T *out = c.expect.data() + (k.in_place && k.coll == REDUCESCATTER ? (size_t)r * count : 0);
            std::vector<T> v(nranks);
            for (size_t i = 0; i < out_n; i++) {
                switch (k.coll) {
                case ALLREDUCE:
                case REDUCE:
                    if (k.coll == REDUCE && r != k.root)
                        break;   // untouched
                    for (int q = 0; q < nranks; q++)
                        v[q] = in[q][i];
                    out[i] = ref_fold(k.kind, v.data(), nranks, scalars.data());
                    break;
                case REDUCESCATTER:
                    for (int q = 0; q < nranks; q++)
                        v[q] = in[q][(size_t)r * count + i];
                    out[i] = ref_fold(k.kind, v.data(), nranks, scalars.data());
                    break;
                case BROADCAST: out[i] = in[k.root][i]; break;
                case ALLGATHER: out[i] = in[i / count][i % count]; break;
                }
            }
            if (k.coll == REDUCE && !has_recv)
                c.expect.clear();
            // a PreMulSum of this rank's scalar: by value, or read from device memory as it runs
            if (k.kind == RED_PREMUL_HOST) {
                NCCLCHECK(ncclRedOpCreatePreMulSum(&c.op, &scalars[r], R::type, ncclScalarHostImmediate, comms[r]));
            } else if (k.kind == RED_PREMUL_DEVICE) {
                CUDACHECK(cudaMalloc(&c.scalar_dev, sizeof(T)));
                CUDACHECK(cudaMemset(c.scalar_dev, 0, sizeof(T)));   // replaced on the stream (issue)
                c.scalar_host = scalars[r];
                NCCLCHECK(ncclRedOpCreatePreMulSum(&c.op, c.scalar_dev, R::type, ncclScalarDevice, comms[r]));
            } else {
                c.op = builtin_op(k.kind);
            }
        }
    }
}

template <typename T> static void issue(Case<T> &k, int r) {
    ncclDataType_t t = Ref<T>::type;
    CUDACHECK(cudaSetDevice(device_of(r)));
    for (size_t ci = 0; ci < k.counts.size(); ci++) {
        Call<T> &c = k.calls[ci][r];
        if (c.scalar_dev)   // read by the collective as it runs, after this copy
            CUDACHECK(cudaMemcpyAsync(c.scalar_dev, &c.scalar_host, sizeof(T), cudaMemcpyHostToDevice, streams[r]));
        switch (k.coll) {
        case ALLREDUCE: NCCLCHECK(ncclAllReduce(c.send, c.recv, c.count, t, c.op, comms[r], streams[r])); break;
        case REDUCE: NCCLCHECK(ncclReduce(c.send, c.recv, c.count, t, c.op, k.root, comms[r], streams[r])); break;
        case REDUCESCATTER: NCCLCHECK(ncclReduceScatter(c.send, c.recv, c.count, t, c.op, comms[r], streams[r])); break;
        case BROADCAST:
            if (k.in_place && (ci & 1))   // the legacy in-place form
                NCCLCHECK(ncclBcast(c.recv, c.count, t, k.root, comms[r], streams[r]));
            else
                NCCLCHECK(ncclBroadcast(c.send, c.recv, c.count, t, k.root, comms[r], streams[r]));
            break;
        case ALLGATHER: NCCLCHECK(ncclAllGather(c.send, c.recv, c.count, t, comms[r], streams[r])); break;
        }
    }
}

template <typename T> static void verify(Case<T> &k, const char *how) {
    for (size_t ci = 0; ci < k.counts.size(); ci++)
        for (int r = 0; r < nranks; r++) {
            if (!is_local(r))
                continue;
            Call<T> &c = k.calls[ci][r];
            CUDACHECK(cudaSetDevice(device_of(r)));
            if (!c.expect.empty()) {
                std::vector<T> got(c.expect.size());
                CUDACHECK(cudaMemcpy(got.data(), c.base, got.size() * sizeof(T), cudaMemcpyDeviceToHost));
                int shown = 0;
                for (size_t i = 0; i < got.size(); i++)
                    if (!same_bits(got[i], c.expect[i]) && shown++ < 3) {
                        std::printf("%s %s type %d %s %s count %zu root %d rank %d [%zu]: %g, want %g\n", how,
                                    coll_names[k.coll], (int)Ref<T>::type, red_names[k.kind],
                                    k.in_place ? "in place" : "out of place", c.count, k.root, r, i,
                                    Ref<T>::show(got[i]), Ref<T>::show(c.expect[i]));
                        failures++;
                    }
            }
            if (k.kind == RED_PREMUL_HOST || k.kind == RED_PREMUL_DEVICE)
                NCCLCHECK(ncclRedOpDestroy(c.op, comms[r]));
            if (k.in_place) {
                CUDACHECK(cudaFree(c.base));
            } else {
                CUDACHECK(cudaFree(c.send));
                CUDACHECK(cudaFree(c.recv));
            }
            CUDACHECK(cudaFree(c.scalar_dev));
        }
}

// Waits for the streams of this process's ranks.
static void sync_local_streams() {
    for (int r = 0; r < nranks; r++) {
        if (!is_local(r))
            continue;
        CUDACHECK(cudaSetDevice(device_of(r)));
        CUDACHECK(cudaStreamSynchronize(streams[r]));
    }
}

// One thread drives every rank: the calls of all ranks in one group.
template <typename T> static void run_grouped(Coll coll, RedKind kind, bool in_place, int root,
                                              std::vector<size_t> counts) {
    Case<T> k{coll, kind, in_place, root, counts, {}};
    prepare(k);
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        if (is_local(r))
            issue(k, r);
    NCCLCHECK(ncclGroupEnd());
    sync_local_streams();
    verify(k, "grouped");
}

// One thread makes every rank (ncclCommInitAll), a stream on each device.
static void make_comms_all() {
    NCCLCHECK(ncclCommInitAll(comms, nranks, NULL));
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamCreate(&streams[r]));
    }
}

// One host thread per rank: each makes its communicator and calls without groups.
static void thread_rank(ncclUniqueId id, int r) {
    CUDACHECK(cudaSetDevice(r));
    NCCLCHECK(ncclCommInitRank(&comms[r], nranks, id, r));
    int dev = -1, rank = -1, count = -1;
    NCCLCHECK(ncclCommCuDevice(comms[r], &dev));
    NCCLCHECK(ncclCommUserRank(comms[r], &rank));
    NCCLCHECK(ncclCommCount(comms[r], &count));
    EXPECT(dev == r && rank == r && count == nranks);
    CUDACHECK(cudaStreamCreate(&streams[r]));
}

template <typename T> static void threads_case(Coll coll, RedKind kind, bool in_place, int root, size_t count) {
    Case<T> k{coll, kind, in_place, root, {count}, {}};
    prepare(k);
    std::vector<std::thread> th;
    for (int r = 0; r < nranks; r++)
        th.emplace_back([&k, r] {
            CUDACHECK(cudaSetDevice(r));
            issue(k, r);
            CUDACHECK(cudaStreamSynchronize(streams[r]));
        });
    for (auto &t : th)
        t.join();
    verify(k, "threads");
}

// One thread per rank, each making its rank on its device (ncclGetUniqueId, ncclCommInitRank).
static void make_comms_threads() {
    ncclUniqueId id;
    NCCLCHECK(ncclGetUniqueId(&id));
    std::vector<std::thread> th;
    for (int r = 0; r < nranks; r++)
        th.emplace_back(thread_rank, id, r);
    for (auto &t : th)
        t.join();
}

// Every reduction and placement of one type, fused three counts to a group.
template <typename T> static void every_reduction() {
    static int root = 0;
    const std::vector<size_t> small = {1, 7, 1001};
    for (int p = 0; p < 2; p++) {
        for (int kind = 0; kind < RED_KINDS; kind++)
            for (Coll c : {ALLREDUCE, REDUCE, REDUCESCATTER})
                run_grouped<T>(c, (RedKind)kind, p, root++ % nranks, small);
        run_grouped<T>(BROADCAST, RED_SUM, p, root++ % nranks, small);
        run_grouped<T>(ALLGATHER, RED_SUM, p, 0, small);
    }
}

// ... of every type NCCL has.
static void every_type_every_reduction() {
    every_reduction<int8_t>();
    every_reduction<uint8_t>();
    every_reduction<int32_t>();
    every_reduction<uint32_t>();
    every_reduction<int64_t>();
    every_reduction<uint64_t>();
    every_reduction<__half>();
    every_reduction<float>();
    every_reduction<double>();
    every_reduction<__nv_bfloat16>();
    every_reduction<__nv_fp8_e4m3>();
    every_reduction<__nv_fp8_e5m2>();
}

// Large counts (2^20 + 3 and 300007 elements), a few types, reductions and placements.
static void large_counts() {
    const size_t big = (1u << 20) + 3, mid = 300007;
    run_grouped<float>(ALLREDUCE, RED_SUM, false, 0, {big});
    run_grouped<int8_t>(ALLGATHER, RED_SUM, true, 0, {big});
    run_grouped<uint64_t>(BROADCAST, RED_SUM, false, 1 % nranks, {big});
    run_grouped<__half>(ALLREDUCE, RED_AVG, true, 0, {mid});
    run_grouped<int32_t>(ALLREDUCE, RED_PREMUL_DEVICE, false, 0, {mid});
    run_grouped<double>(REDUCE, RED_PROD, true, nranks - 1, {mid});
    run_grouped<__nv_bfloat16>(REDUCESCATTER, RED_MAX, false, 0, {mid});
    run_grouped<float>(REDUCESCATTER, RED_SUM, true, 0, {mid});
}

// Count 0 with NULL buffers, every collective in one group: accepted, nothing queued.
static void zero_counts() {
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++) {
        if (!is_local(r))
            continue;
        NCCLCHECK(ncclAllReduce(NULL, NULL, 0, ncclFloat, ncclSum, comms[r], streams[r]));
        NCCLCHECK(ncclReduce(NULL, NULL, 0, ncclInt8, ncclMax, 0, comms[r], streams[r]));
        NCCLCHECK(ncclBroadcast(NULL, NULL, 0, ncclHalf, 0, comms[r], streams[r]));
        NCCLCHECK(ncclAllGather(NULL, NULL, 0, ncclDouble, comms[r], streams[r]));
        NCCLCHECK(ncclReduceScatter(NULL, NULL, 0, ncclUint64, ncclAvg, comms[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    sync_local_streams();
}

static void destroy_comms() {
    for (int r = 0; r < nranks; r++) {
        NCCLCHECK(ncclCommDestroy(comms[r]));
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamDestroy(streams[r]));
    }
}

// The rank count from the command line, and as many devices (CU2C_DEVICES).
static bool enough_devices(int argc, char **argv) {
    nranks = argc > 1 ? std::atoi(argv[1]) : 2;
    int devices = 0;
    CUDACHECK(cudaGetDeviceCount(&devices));
    if (devices < nranks || nranks > 8)
        std::printf("%d devices, want %d (CU2C_DEVICES, at most 8)\n", devices, nranks);
    return devices >= nranks && nranks <= 8;
}

#endif
