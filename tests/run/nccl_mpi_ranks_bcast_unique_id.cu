// NCCL in an MPI program under mpirun -np 2 (OpenMPI), built with -ccbin mpicxx as with nvcc:
// rank 0 makes the unique id, MPI_Bcast gives it to every process, each makes its NCCL rank
// with ncclCommInitRank (they meet through rank 0 over MPI; on one node, data then moves
// through shared memory; over MPI: nccl_over_mpi_2_3_processes_two_hosts.cu). With CU2C_DEVICES=2 each
// process drives two devices, two NCCL ranks from one thread inside ncclGroupStart/End
// (NCCL rank = 2 * MPI rank + device). An AllReduce, a ring of sends and receives and an
// AllGather are checked against what MPI_Allreduce and the known inputs give.
// RUN: %cu2cc -ccbin mpicxx %s -o %t -lnccl && %mpirun 2 %t 1 && %mpirun 2 -x CU2C_DEVICES=2 %t 2
#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <nccl.h>

static int failures = 0, me = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::printf("MPI rank %d FAILED line %d: %s (%s)\n", me, __LINE__, #cond,              \
                        ncclGetLastError(NULL));                                                   \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int procs = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    MPI_Comm_size(MPI_COMM_WORLD, &procs);
    const int local = argc > 1 ? std::atoi(argv[1]) : 1, nranks = procs * local;
    const size_t n = 200003;

    ncclUniqueId id;
    if (me == 0)
        CHECK(ncclGetUniqueId(&id) == ncclSuccess);
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);

    std::vector<ncclComm_t> comm(local);
    std::vector<cudaStream_t> stream(local);
    std::vector<double *> data(local), gathered(local);
    std::vector<int *> sendbuf(local), recvbuf(local);
    CHECK(ncclGroupStart() == ncclSuccess);
    for (int d = 0; d < local; d++) {
        cudaSetDevice(d);
        CHECK(ncclCommInitRank(&comm[d], nranks, id, me * local + d) == ncclSuccess);
    }
    CHECK(ncclGroupEnd() == ncclSuccess);

    for (int d = 0; d < local; d++) {
        int r = me * local + d;
        cudaSetDevice(d);
        cudaStreamCreate(&stream[d]);
        std::vector<double> h(n);
        for (size_t i = 0; i < n; i++)
            h[i] = r + i * 0.5;
        cudaMalloc(&data[d], n * sizeof(double));
        cudaMalloc(&gathered[d], n * nranks * sizeof(double));
        cudaMemcpy(data[d], h.data(), n * sizeof(double), cudaMemcpyHostToDevice);
        std::vector<int> s(n, r);
        cudaMalloc(&sendbuf[d], n * sizeof(int));
        cudaMalloc(&recvbuf[d], n * sizeof(int));
        cudaMemcpy(sendbuf[d], s.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    }
    // AllGather of the inputs, then the in-place AllReduce; a ring of sends and receives
    CHECK(ncclGroupStart() == ncclSuccess);
    for (int d = 0; d < local; d++) {
        CHECK(ncclAllGather(data[d], gathered[d], n, ncclDouble, comm[d], stream[d]) == ncclSuccess);
        CHECK(ncclAllReduce(data[d], data[d], n, ncclDouble, ncclSum, comm[d], stream[d]) == ncclSuccess);
    }
    CHECK(ncclGroupEnd() == ncclSuccess);
    CHECK(ncclGroupStart() == ncclSuccess);
    for (int d = 0; d < local; d++) {
        int r = me * local + d;
        CHECK(ncclSend(sendbuf[d], n, ncclInt32, (r + 1) % nranks, comm[d], stream[d]) == ncclSuccess);
        CHECK(ncclRecv(recvbuf[d], n, ncclInt32, (r + nranks - 1) % nranks, comm[d], stream[d]) == ncclSuccess);
    }
    CHECK(ncclGroupEnd() == ncclSuccess);

    // every NCCL rank's first element, summed by MPI: what the AllReduce must give there
    double first = 0, mine = 0;
    for (int d = 0; d < local; d++)
        mine += me * local + d;
    MPI_Allreduce(&mine, &first, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    for (int d = 0; d < local; d++) {
        int r = me * local + d;
        cudaSetDevice(d);
        cudaStreamSynchronize(stream[d]);
        std::vector<double> h(n), g(n * nranks);
        std::vector<int> got(n);
        cudaMemcpy(h.data(), data[d], n * sizeof(double), cudaMemcpyDeviceToHost);
        cudaMemcpy(g.data(), gathered[d], g.size() * sizeof(double), cudaMemcpyDeviceToHost);
        cudaMemcpy(got.data(), recvbuf[d], n * sizeof(int), cudaMemcpyDeviceToHost);
        CHECK(h[0] == first && h[n - 1] == first + nranks * (n - 1) * 0.5);
        for (int q = 0; q < nranks; q++)
            CHECK(g[q * n] == q && g[q * n + n - 1] == q + (n - 1) * 0.5);
        CHECK(got[0] == (r + nranks - 1) % nranks && got[n - 1] == got[0]);
        ncclResult_t state;
        CHECK(ncclCommGetAsyncError(comm[d], &state) == ncclSuccess && state == ncclSuccess);
        CHECK(ncclCommDestroy(comm[d]) == ncclSuccess);
    }
    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (me == 0)
        std::printf("%d NCCL ranks in %d processes: %s\n", nranks, procs, all ? "FAILED" : "passed");
    MPI_Finalize();
    return all != 0;
}
