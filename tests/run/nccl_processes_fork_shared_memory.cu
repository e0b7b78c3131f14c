// NCCL between processes of one node, as MPI programs use it: the parent makes the unique
// ids (ncclGetUniqueId needs no device) and passes them through pipes to N forked processes,
// each of which makes its rank on its own device 0 with ncclCommInitRank. Data goes through
// the shared segment's staging slots and rings:
// - AllReduce of 1M+3 floats (many chunks), an in-place int64 ncclAvg (truncating), a
//   ReduceScatter by a PreMulSum whose scalar is device memory, an AllGather of bf16, a
//   Broadcast from the last rank, each checked bit for bit against the host reference;
// - a ring of sends and receives and an all-to-all inside groups, 300001 ints each (more
//   than a pair's ring holds);
// - ncclCommSplit by parity across processes;
// - a rank whose process exits without taking part: the others' AllReduce ends with
//   ncclRemoteError (from ncclCommGetAsyncError) instead of waiting forever.
// RUN: %cu2cc %s -o %t -lnccl
// RUN: timeout 120 %t 2
// RUN: timeout 120 %t 3
#include "Inputs/nccl_test_common.h"
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

static int nranks, rank;

template <typename T> static T *to_device(const std::vector<T> &h) {
    T *d;
    CUDACHECK(cudaMalloc(&d, h.size() * sizeof(T) + 1));
    CUDACHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}
template <typename T> static std::vector<T> from_device(const T *d, size_t n) {
    std::vector<T> h(n);
    CUDACHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}
template <typename T> static void expect_same(const std::vector<T> &got, const std::vector<T> &want, const char *what) {
    for (size_t i = 0; i < want.size(); i++)
        if (!same_bits(got[i], want[i])) {
            std::printf("rank %d: %s [%zu] = %g, want %g\n", rank, what, i, Ref<T>::show(got[i]), Ref<T>::show(want[i]));
            failures++;
            return;
        }
}
// Every rank's inputs (n elements from offset 0), for the reference.
template <typename T> static std::vector<std::vector<T>> inputs(size_t n) {
    std::vector<std::vector<T>> in(nranks, std::vector<T>(n));
    for (int r = 0; r < nranks; r++)
        for (size_t i = 0; i < n; i++)
            in[r][i] = Ref<T>::value(r, i);
    return in;
}
template <typename T> static std::vector<T> reference(RedKind kind, const std::vector<std::vector<T>> &in,
                                                      size_t off, size_t n, const std::vector<T> &scalars) {
    std::vector<T> out(n), v(nranks);
    for (size_t i = 0; i < n; i++) {
        for (int r = 0; r < nranks; r++)
            v[r] = in[r][off + i];
        out[i] = ref_fold(kind, v.data(), nranks, scalars.data());
    }
    return out;
}

static void collectives(ncclComm_t comm, cudaStream_t s) {
    // AllReduce, 1M+3 floats, out of place
    const size_t big = (1u << 20) + 3;
    auto fin = inputs<float>(big);
    float *fs = to_device(fin[rank]), *fr;
    CUDACHECK(cudaMalloc(&fr, big * sizeof(float)));
    NCCLCHECK(ncclAllReduce(fs, fr, big, ncclFloat, ncclSum, comm, s));
    // in-place int64 average
    const size_t m = 4099;
    auto lin = inputs<int64_t>(m);
    int64_t *l = to_device(lin[rank]);
    NCCLCHECK(ncclAllReduce(l, l, m, ncclInt64, ncclAvg, comm, s));
    // ReduceScatter by a PreMulSum of this rank's scalar, read from device memory
    auto din = inputs<double>(m * nranks);
    double *ds = to_device(din[rank]), *dr, *scalar;
    CUDACHECK(cudaMalloc(&dr, m * sizeof(double)));
    CUDACHECK(cudaMalloc(&scalar, sizeof(double)));
    double mine = Ref<double>::scalar(rank);
    CUDACHECK(cudaMemcpy(scalar, &mine, sizeof mine, cudaMemcpyHostToDevice));
    ncclRedOp_t premul;
    NCCLCHECK(ncclRedOpCreatePreMulSum(&premul, scalar, ncclDouble, ncclScalarDevice, comm));
    NCCLCHECK(ncclReduceScatter(ds, dr, m, ncclDouble, premul, comm, s));
    // AllGather of bf16, and a Broadcast from the last rank
    auto bin = inputs<__nv_bfloat16>(m);
    __nv_bfloat16 *bs = to_device(bin[rank]), *br;
    CUDACHECK(cudaMalloc(&br, m * nranks * sizeof(__nv_bfloat16)));
    NCCLCHECK(ncclAllGather(bs, br, m, ncclBfloat16, comm, s));
    auto uin = inputs<uint8_t>(big);
    uint8_t *u = to_device(uin[rank]);
    NCCLCHECK(ncclBroadcast(u, u, big, ncclUint8, nranks - 1, comm, s));
    CUDACHECK(cudaStreamSynchronize(s));
    NCCLCHECK(ncclRedOpDestroy(premul, comm));

    std::vector<float> fsc(nranks);
    std::vector<int64_t> lsc(nranks);
    std::vector<double> dsc(nranks);
    for (int r = 0; r < nranks; r++)
        dsc[r] = Ref<double>::scalar(r);
    expect_same(from_device(fr, big), reference(RED_SUM, fin, 0, big, fsc), "AllReduce float sum");
    expect_same(from_device(l, m), reference(RED_AVG, lin, 0, m, lsc), "AllReduce int64 avg in place");
    expect_same(from_device(dr, m), reference(RED_PREMUL_DEVICE, din, (size_t)rank * m, m, dsc),
                "ReduceScatter double premul");
    std::vector<__nv_bfloat16> gathered;
    for (int r = 0; r < nranks; r++)
        gathered.insert(gathered.end(), bin[r].begin(), bin[r].end());
    expect_same(from_device(br, m * nranks), gathered, "AllGather bf16");
    expect_same(from_device(u, big), uin[nranks - 1], "Broadcast uint8 in place");
    for (void *p : {(void *)fs, (void *)fr, (void *)l, (void *)ds, (void *)dr, (void *)scalar, (void *)bs, (void *)br,
                    (void *)u})
        CUDACHECK(cudaFree(p));
}

static int value(int from, int to, size_t i) { return from * 1000003 + to * 7919 + (int)(i % 100003); }

static void point_to_point(ncclComm_t comm, cudaStream_t s) {
    const size_t n = 300001;
    std::vector<int> h(n * nranks);
    for (int b = 0; b < nranks; b++)
        for (size_t i = 0; i < n; i++)
            h[b * n + i] = value(rank, b, i);
    int *send = to_device(h), *ring, *all;
    CUDACHECK(cudaMalloc(&ring, n * sizeof(int)));
    CUDACHECK(cudaMalloc(&all, n * nranks * sizeof(int)));
    int next = (rank + 1) % nranks, prev = (rank + nranks - 1) % nranks;
    NCCLCHECK(ncclGroupStart());
    NCCLCHECK(ncclRecv(ring, n, ncclInt32, prev, comm, s));
    NCCLCHECK(ncclSend(send + next * n, n, ncclInt32, next, comm, s));
    NCCLCHECK(ncclGroupEnd());
    NCCLCHECK(ncclGroupStart());
    for (int b = 0; b < nranks; b++) {
        NCCLCHECK(ncclSend(send + b * n, n, ncclInt32, b, comm, s));
        NCCLCHECK(ncclRecv(all + b * n, n, ncclInt32, b, comm, s));
    }
    NCCLCHECK(ncclGroupEnd());
    CUDACHECK(cudaStreamSynchronize(s));
    std::vector<int> want(n), want_all(n * nranks);
    for (size_t i = 0; i < n; i++)
        want[i] = value(prev, rank, i);
    for (int b = 0; b < nranks; b++)
        for (size_t i = 0; i < n; i++)
            want_all[b * n + i] = value(b, rank, i);
    if (from_device(ring, n) != want) {
        std::printf("rank %d: ring receive differs\n", rank);
        failures++;
    }
    if (from_device(all, n * nranks) != want_all) {
        std::printf("rank %d: all-to-all differs\n", rank);
        failures++;
    }
    CUDACHECK(cudaFree(send));
    CUDACHECK(cudaFree(ring));
    CUDACHECK(cudaFree(all));
}

static void split(ncclComm_t comm, cudaStream_t s) {
    ncclComm_t sub;
    NCCLCHECK(ncclCommSplit(comm, rank % 2, rank, &sub, NULL));
    int n = 0, r = -1, want_n = (nranks + 1 - rank % 2) / 2;
    NCCLCHECK(ncclCommCount(sub, &n));
    NCCLCHECK(ncclCommUserRank(sub, &r));
    EXPECT(n == want_n && r == rank / 2);
    int *v = to_device(std::vector<int>(1, rank)), got = -1, want = 0;
    NCCLCHECK(ncclAllReduce(v, v, 1, ncclInt32, ncclSum, sub, s));
    CUDACHECK(cudaStreamSynchronize(s));
    CUDACHECK(cudaMemcpy(&got, v, sizeof got, cudaMemcpyDeviceToHost));
    for (int q = rank % 2; q < nranks; q += 2)
        want += q;
    EXPECT(got == want);
    CUDACHECK(cudaFree(v));
    NCCLCHECK(ncclCommDestroy(sub));
}

// The last rank's process exits once the communicator is made; the others' AllReduce fails.
static void rank_exits(ncclUniqueId id) {
    ncclComm_t comm;
    NCCLCHECK(ncclCommInitRank(&comm, nranks, id, rank));
    if (rank == nranks - 1)
        _exit(failures ? 1 : 0);
    cudaStream_t s;
    CUDACHECK(cudaStreamCreate(&s));
    float *v;
    CUDACHECK(cudaMalloc(&v, sizeof(float)));
    NCCLCHECK(ncclAllReduce(v, v, 1, ncclFloat, ncclSum, comm, s));
    CUDACHECK(cudaStreamSynchronize(s));
    ncclResult_t state = ncclSuccess;
    NCCLCHECK(ncclCommGetAsyncError(comm, &state));
    EXPECT(state == ncclRemoteError);
    NCCLCHECK(ncclCommAbort(comm));
    CUDACHECK(cudaFree(v));
    CUDACHECK(cudaStreamDestroy(s));
}

static int run_rank(const ncclUniqueId *ids) {
    ncclComm_t comm;
    CUDACHECK(cudaSetDevice(0));
    NCCLCHECK(ncclCommInitRank(&comm, nranks, ids[0], rank));
    cudaStream_t s;
    CUDACHECK(cudaStreamCreate(&s));
    collectives(comm, s);
    point_to_point(comm, s);
    split(comm, s);
    NCCLCHECK(ncclCommDestroy(comm));
    CUDACHECK(cudaStreamDestroy(s));
    rank_exits(ids[1]);
    return failures != 0;
}

int main(int argc, char **argv) {
    nranks = argc > 1 ? std::atoi(argv[1]) : 2;
    ncclUniqueId ids[2];
    NCCLCHECK(ncclGetUniqueId(&ids[0]));
    NCCLCHECK(ncclGetUniqueId(&ids[1]));
    std::vector<pid_t> pids(nranks);
    for (int r = 0; r < nranks; r++) {
        int fds[2];
        if (pipe(fds) != 0)
            return 1;
        pids[r] = fork();
        if (pids[r] == 0) {   // the rank: its ids from the pipe
            close(fds[1]);
            ncclUniqueId got[2];
            size_t have = 0;
            while (have < sizeof got) {
                ssize_t k = read(fds[0], (char *)got + have, sizeof got - have);
                if (k <= 0)
                    _exit(3);
                have += (size_t)k;
            }
            rank = r;
            _exit(run_rank(got));
        }
        close(fds[0]);
        if (write(fds[1], ids, sizeof ids) != (ssize_t)sizeof ids)
            return 1;
        close(fds[1]);
    }
    int bad = 0;
    for (int r = 0; r < nranks; r++) {
        int status = 0;
        waitpid(pids[r], &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::printf("rank %d: exit status %d\n", r, status);
            bad++;
        }
    }
    std::printf("%d processes: %s\n", nranks, bad || failures ? "FAILED" : "passed");
    return bad || failures;
}
