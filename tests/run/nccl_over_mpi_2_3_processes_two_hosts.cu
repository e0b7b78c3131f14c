// NCCL whose data moves through MPI, as between nodes: under mpirun with 2 and 3 processes
// and CU2C_NCCL_TRANSPORT=mpi, with 2 processes of 2 devices each (two NCCL ranks per process
// from one thread, in groups), and with 2 processes that NCCL_HOSTID puts on two hosts (no
// shared memory between them: MPI is the only way). Rank 0 makes the unique id, MPI_Bcast
// gives it to every process (the ranks meet through rank 0 over MPI). Checked bit for bit
// against the host references of nccl_test_common.h:
// - AllReduce, Reduce and ReduceScatter with every reduction (sum, prod, max, min, avg,
//   PreMulSum by host value and by device pointer: every rank's scalar differs) on every type,
//   Broadcast (and ncclBcast) and AllGather, in place and out of place, counts 1, 7 and 1001
//   fused three to a group (ranks owning no, part of, and whole chunks), count 0 with NULL;
// - large counts, many chunks: AllReduce of 1M+3 floats, in-place AllGather of bytes,
//   Broadcast of 64-bit integers, 300007 elements of half ncclAvg in place, int32 PreMulSum
//   from device memory, double Reduce in place, bf16 and float ReduceScatters;
// - sends and receives in groups: a ring, an all-to-all of sizes that differ by pair (none
//   for some, to itself too), one message of 3 MB;
// - ncclCommSplit over MPI (parity, reversed keys, the last rank of no color when there are
//   3 or more), an AllReduce on the child beside one on the parent;
// - a non-blocking communicator (blocking = 0): ncclInProgress until ncclCommGetAsyncError,
//   polled, finds the meeting done;
// - ncclCommAbort on the last rank: the others' AllReduce ends with ncclRemoteError;
// - a unique id made before MPI_Init cannot reach ranks over MPI: ncclCommInitRank on another
//   process (another host, or CU2C_NCCL_TRANSPORT=mpi) returns ncclSystemError and says why
//   (every run here is one of those two: a process on the id's host would wait for it).
// The program calls MPI only while no NCCL operation is in flight, initialising it for
// several threads as NCCL over MPI asks.
// RUN: %cu2cc -ccbin mpicxx %s -o %t -lnccl
// RUN: timeout 120 %mpirun 2 -x CU2C_NCCL_TRANSPORT=mpi %t 1
// RUN: timeout 120 %mpirun 3 -x CU2C_NCCL_TRANSPORT=mpi %t 1
// RUN: timeout 120 %mpirun 2 -x CU2C_DEVICES=2 -x CU2C_NCCL_TRANSPORT=mpi %t 2
// RUN: timeout 120 %mpirun 2 sh -c 'NCCL_HOSTID=host$OMPI_COMM_WORLD_RANK exec %t 1'
#include <mpi.h>
#include "Inputs/nccl_collective_cases.h"

static int procs = 1, me = 0;

// What rank `from` sends rank `to` in the all-to-all: its size and its i-th int.
static size_t a2a_count(int from, int to) { return (size_t)((from * 7 + to * 3) % 5) * 1001; }
static int a2a_value(int from, int to, size_t i) { return (int)(from * 1000003 + to * 1009 + (int)i); }

static void sends_and_receives() {
    const size_t ring_n = 750001;   // 3 MB
    std::vector<int *> ring_send(nranks), ring_recv(nranks);
    std::vector<std::vector<int *>> a2a_send(nranks, std::vector<int *>(nranks)), a2a_recv = a2a_send;
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        CUDACHECK(cudaSetDevice(d));
        std::vector<int> h(ring_n);
        for (size_t i = 0; i < ring_n; i++)
            h[i] = r * 31 + (int)i;
        CUDACHECK(cudaMalloc(&ring_send[r], ring_n * sizeof(int)));
        CUDACHECK(cudaMalloc(&ring_recv[r], ring_n * sizeof(int)));
        CUDACHECK(cudaMemcpy(ring_send[r], h.data(), ring_n * sizeof(int), cudaMemcpyHostToDevice));
        for (int q = 0; q < nranks; q++) {
            size_t n = a2a_count(r, q), m = a2a_count(q, r);
            std::vector<int> v(n);
            for (size_t i = 0; i < n; i++)
                v[i] = a2a_value(r, q, i);
            CUDACHECK(cudaMalloc(&a2a_send[r][q], n * sizeof(int) + 1));
            CUDACHECK(cudaMalloc(&a2a_recv[r][q], m * sizeof(int) + 1));
            CUDACHECK(cudaMemcpy(a2a_send[r][q], v.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        }
    }
    // the ring: receives before sends in the group; the all-to-all: sends to every rank first
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        NCCLCHECK(ncclRecv(ring_recv[r], ring_n, ncclInt32, (r + nranks - 1) % nranks, comms[r], streams[r]));
        NCCLCHECK(ncclSend(ring_send[r], ring_n, ncclInt32, (r + 1) % nranks, comms[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        for (int q = 0; q < nranks; q++)
            NCCLCHECK(ncclSend(a2a_send[r][q], a2a_count(r, q), ncclInt32, q, comms[r], streams[r]));
        for (int q = nranks - 1; q >= 0; q--)
            NCCLCHECK(ncclRecv(a2a_recv[r][q], a2a_count(q, r), ncclInt32, q, comms[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    sync_local_streams();
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d, from = (r + nranks - 1) % nranks;
        CUDACHECK(cudaSetDevice(d));
        std::vector<int> h(ring_n);
        CUDACHECK(cudaMemcpy(h.data(), ring_recv[r], ring_n * sizeof(int), cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < ring_n; i++)
            if (h[i] != from * 31 + (int)i) {
                std::printf("rank %d: ring [%zu] = %d, want %d\n", r, i, h[i], from * 31 + (int)i);
                failures++;
                break;
            }
        for (int q = 0; q < nranks; q++) {
            size_t m = a2a_count(q, r);
            std::vector<int> v(m);
            CUDACHECK(cudaMemcpy(v.data(), a2a_recv[r][q], m * sizeof(int), cudaMemcpyDeviceToHost));
            for (size_t i = 0; i < m; i++)
                if (v[i] != a2a_value(q, r, i)) {
                    std::printf("rank %d: from %d [%zu] = %d, want %d\n", r, q, i, v[i], a2a_value(q, r, i));
                    failures++;
                    break;
                }
            CUDACHECK(cudaFree(a2a_send[r][q]));
            CUDACHECK(cudaFree(a2a_recv[r][q]));
        }
        CUDACHECK(cudaFree(ring_send[r]));
        CUDACHECK(cudaFree(ring_recv[r]));
    }
}

// Split by parity with reversed keys (the last rank of no color with 3 or more ranks), then an
// AllReduce of each rank's number on the child and one on the parent, in one group.
static void split_and_two_communicators() {
    ncclComm_t child[8] = {};
    int color[8];
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        color[r] = nranks >= 3 && r == nranks - 1 ? NCCL_SPLIT_NOCOLOR : r % 2;
        NCCLCHECK(ncclCommSplit(comms[r], color[r], -r, &child[r], NULL));
    }
    NCCLCHECK(ncclGroupEnd());
    std::vector<int *> a(nranks), b(nranks);
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        CUDACHECK(cudaSetDevice(d));
        CUDACHECK(cudaMalloc(&a[r], 1001 * sizeof(int)));
        CUDACHECK(cudaMalloc(&b[r], 1001 * sizeof(int)));
        std::vector<int> h(1001, r + 1);
        CUDACHECK(cudaMemcpy(a[r], h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
        CUDACHECK(cudaMemcpy(b[r], h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
        if (color[r] == NCCL_SPLIT_NOCOLOR) {
            EXPECT(child[r] == NULL);
            continue;
        }
        // my place: ranks of my color after me come first (keys reversed)
        int n = 0, place = 0;
        for (int q = 0; q < nranks; q++)
            if (!(nranks >= 3 && q == nranks - 1) && q % 2 == color[r]) {
                n++;
                place += q > r;
            }
        int count = -1, rank = -1;
        NCCLCHECK(ncclCommCount(child[r], &count));
        NCCLCHECK(ncclCommUserRank(child[r], &rank));
        EXPECT(count == n && rank == place);
    }
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        if (child[r])
            NCCLCHECK(ncclAllReduce(a[r], a[r], 1001, ncclInt32, ncclSum, child[r], streams[r]));
        NCCLCHECK(ncclAllReduce(b[r], b[r], 1001, ncclInt32, ncclSum, comms[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    sync_local_streams();
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d, want_a = 0, want_b = 0;
        for (int q = 0; q < nranks; q++) {
            want_b += q + 1;
            if (color[r] != NCCL_SPLIT_NOCOLOR && !(nranks >= 3 && q == nranks - 1) && q % 2 == color[r])
                want_a += q + 1;
        }
        if (color[r] == NCCL_SPLIT_NOCOLOR)
            want_a = r + 1;
        int ga[2], gb[2];
        CUDACHECK(cudaSetDevice(d));
        CUDACHECK(cudaMemcpy(ga, a[r], sizeof(int), cudaMemcpyDeviceToHost));
        CUDACHECK(cudaMemcpy(ga + 1, a[r] + 1000, sizeof(int), cudaMemcpyDeviceToHost));
        CUDACHECK(cudaMemcpy(gb, b[r], sizeof(int), cudaMemcpyDeviceToHost));
        CUDACHECK(cudaMemcpy(gb + 1, b[r] + 1000, sizeof(int), cudaMemcpyDeviceToHost));
        EXPECT(ga[0] == want_a && ga[1] == want_a && gb[0] == want_b && gb[1] == want_b);
        if (child[r])
            NCCLCHECK(ncclCommDestroy(child[r]));
        CUDACHECK(cudaFree(a[r]));
        CUDACHECK(cudaFree(b[r]));
    }
}

// A second communicator made without blocking: polled until every rank has met, then used.
static void nonblocking_init() {
    ncclUniqueId id;
    if (me == 0)
        NCCLCHECK(ncclGetUniqueId(&id));
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    ncclComm_t nb[8] = {};
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.blocking = 0;
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        CUDACHECK(cudaSetDevice(d));
        NCCLCHECK(ncclCommInitRankConfig(&nb[local_first + d], nranks, id, local_first + d, &config));
    }
    ncclResult_t end = ncclGroupEnd();
    EXPECT(end == ncclSuccess || end == ncclInProgress);
    for (int d = 0; d < local_count; d++) {
        ncclResult_t state = ncclInProgress;
        while (state == ncclInProgress)
            NCCLCHECK(ncclCommGetAsyncError(nb[local_first + d], &state));
        EXPECT(state == ncclSuccess);
    }
    std::vector<double *> x(nranks);
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        CUDACHECK(cudaSetDevice(d));
        CUDACHECK(cudaMalloc(&x[r], 3 * sizeof(double)));
        double h[3] = {0.5 * r, 1.0, -2.0 * r};
        CUDACHECK(cudaMemcpy(x[r], h, sizeof h, cudaMemcpyHostToDevice));
        NCCLCHECK(ncclAllReduce(x[r], x[r], 3, ncclDouble, ncclMax, nb[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    sync_local_streams();
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d;
        double h[3];
        CUDACHECK(cudaSetDevice(d));
        CUDACHECK(cudaMemcpy(h, x[r], sizeof h, cudaMemcpyDeviceToHost));
        EXPECT(h[0] == 0.5 * (nranks - 1) && h[1] == 1.0 && h[2] == 0.0);
        CUDACHECK(cudaFree(x[r]));
        NCCLCHECK(ncclCommDestroy(nb[r]));
    }
}

// The last rank aborts its communicator; the others' AllReduce on it fails instead of
// waiting forever.
static void abort_last_rank() {
    float *d[8] = {};
    NCCLCHECK(ncclGroupStart());
    for (int i = 0; i < local_count; i++) {
        int r = local_first + i;
        CUDACHECK(cudaSetDevice(i));
        CUDACHECK(cudaMalloc(&d[r], 4096 * sizeof(float)));
        CUDACHECK(cudaMemset(d[r], 0, 4096 * sizeof(float)));
        if (r != nranks - 1)
            NCCLCHECK(ncclAllReduce(d[r], d[r], 4096, ncclFloat, ncclSum, comms[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    if (is_local(nranks - 1))   // before this process waits for its other ranks
        NCCLCHECK(ncclCommAbort(comms[nranks - 1]));
    for (int i = 0; i < local_count; i++) {
        int r = local_first + i;
        CUDACHECK(cudaSetDevice(i));
        if (r == nranks - 1)
            continue;
        CUDACHECK(cudaStreamSynchronize(streams[r]));
        ncclResult_t state = ncclSuccess;
        NCCLCHECK(ncclCommGetAsyncError(comms[r], &state));
        EXPECT(state == ncclRemoteError);
        NCCLCHECK(ncclCommAbort(comms[r]));
    }
    for (int i = 0; i < local_count; i++) {
        CUDACHECK(cudaSetDevice(i));
        CUDACHECK(cudaFree(d[local_first + i]));
        CUDACHECK(cudaStreamDestroy(streams[local_first + i]));
    }
}

// The id rank 0 made before MPI_Init, tried by the other processes.
static void id_made_before_mpi(ncclUniqueId early) {
    MPI_Bcast(&early, sizeof early, MPI_BYTE, 0, MPI_COMM_WORLD);
    if (me == 0)
        return;
    ncclComm_t c = NULL;
    CUDACHECK(cudaSetDevice(0));
    EXPECT_NCCL(ncclCommInitRank(&c, nranks, early, local_first), ncclSystemError);
    const char *why = "the unique id was made while MPI was not initialised";
    if (!std::strstr(ncclGetLastError(NULL), why)) {
        std::printf("ncclGetLastError: \"%s\" does not say \"%s\"\n", ncclGetLastError(NULL), why);
        failures++;
    }
    EXPECT(c == NULL);
}

int main(int argc, char **argv) {
    ncclUniqueId early;
    NCCLCHECK(ncclGetUniqueId(&early));
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &procs);
    local_count = argc > 1 ? std::atoi(argv[1]) : 1;
    local_first = me * local_count;
    nranks = procs * local_count;
    int devices = 0;
    CUDACHECK(cudaGetDeviceCount(&devices));
    EXPECT(provided == MPI_THREAD_MULTIPLE && devices >= local_count && nranks <= 8);

    ncclUniqueId id;
    if (me == 0)
        NCCLCHECK(ncclGetUniqueId(&id));
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    NCCLCHECK(ncclGroupStart());
    for (int d = 0; d < local_count; d++) {
        CUDACHECK(cudaSetDevice(d));
        NCCLCHECK(ncclCommInitRank(&comms[local_first + d], nranks, id, local_first + d));
    }
    NCCLCHECK(ncclGroupEnd());
    for (int d = 0; d < local_count; d++) {
        int r = local_first + d, dev = -1, rank = -1, count = -1;
        CUDACHECK(cudaSetDevice(d));
        CUDACHECK(cudaStreamCreate(&streams[r]));
        NCCLCHECK(ncclCommCuDevice(comms[r], &dev));
        NCCLCHECK(ncclCommUserRank(comms[r], &rank));
        NCCLCHECK(ncclCommCount(comms[r], &count));
        EXPECT(dev == d && rank == r && count == nranks);
    }

    every_type_every_reduction();
    zero_counts();
    large_counts();
    sends_and_receives();
    split_and_two_communicators();
    nonblocking_init();
    abort_last_rank();
    id_made_before_mpi(early);

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        std::printf("%d NCCL ranks in %d processes over MPI: %s\n", nranks, procs, all ? "FAILED" : "passed");
    MPI_Finalize();
    return all != 0;
}
