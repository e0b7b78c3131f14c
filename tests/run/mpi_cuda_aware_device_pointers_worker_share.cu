// MPI + CUDA under mpirun -np 2 (OpenMPI), built with -ccbin mpicxx as with nvcc:
// - each rank's default workers are its share of the node's cores: the ranks' devices
//   together have at most the node's cores (never oversubscribed), at least one each;
// - CUDA-aware MPI: device pointers go to MPI_Sendrecv and MPI_Allreduce directly, after the
//   kernel that wrote them (on a non-blocking stream) was synchronised, as CUDA requires;
// - mpi-ext.h: MPIX_CUDA_AWARE_SUPPORT is 1 and MPIX_Query_cuda_support() returns 1, so the
//   program takes its CUDA-aware branch;
// - several virtual devices per rank (CU2C_DEVICES=2) each get a share of the rank's.
// RUN: %cu2cc -ccbin mpicxx %s -o %t && %mpirun 2 %t 1 && %mpirun 2 -x CU2C_DEVICES=2 %t 2
#include <mpi.h>
#include <mpi-ext.h>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <vector>

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            std::printf("rank %d FAILED line %d: %s\n", rank, __LINE__, #cond);          \
            failures++;                                                                  \
        }                                                                                \
    } while (0)

__global__ void fill(double *p, int n, int rank)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = rank * 1000000.0 + i;
}

__global__ void count_wrong(const double *p, int n, int from, int *wrong)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && p[i] != from * 1000000.0 + i)
        atomicAdd(wrong, 1);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 0, failures = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int want_devices = argc > 1 ? std::atoi(argv[1]) : 1;

    // ---- the node's cores are shared, never oversubscribed
    int ndev = 0, sms = 0, mine = 0;
    CHECK(cudaGetDeviceCount(&ndev) == cudaSuccess && ndev == want_devices);
    for (int d = 0; d < ndev; d++) {
        CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d) == cudaSuccess);
        CHECK(sms >= 1);
        mine += sms;
    }
    int node = 0;
    MPI_Allreduce(&mine, &node, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    // one worker per device at the least: more devices than cores share them
    CHECK(node <= (cores > size * ndev ? cores : size * ndev));

    // ---- the program asks whether MPI is CUDA-aware
    int aware = 0;
#if defined(MPIX_CUDA_AWARE_SUPPORT) && MPIX_CUDA_AWARE_SUPPORT
    aware = MPIX_Query_cuda_support();
#endif
    CHECK(aware == 1);

    // ---- device pointers straight to MPI, on every device of the rank
    const int n = 1 << 18;
    for (int d = 0; d < ndev; d++) {
        cudaSetDevice(d);
        double *send = nullptr, *recv = nullptr;
        int *wrong = nullptr;
        cudaStream_t s;
        CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
        CHECK(cudaMalloc(&send, n * sizeof(double)) == cudaSuccess);
        CHECK(cudaMalloc(&recv, n * sizeof(double)) == cudaSuccess);
        CHECK(cudaMallocManaged(&wrong, sizeof(int)) == cudaSuccess);
        *wrong = 0;
        fill<<<n / 256, 256, 0, s>>>(send, n, rank);
        CHECK(cudaStreamSynchronize(s) == cudaSuccess);   // the data is there before MPI reads it
        int peer = (rank + 1) % size, from = (rank + size - 1) % size;
        MPI_Sendrecv(send, n, MPI_DOUBLE, peer, 7, recv, n, MPI_DOUBLE, from, 7, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        count_wrong<<<n / 256, 256, 0, s>>>(recv, n, from, wrong);
        CHECK(cudaStreamSynchronize(s) == cudaSuccess);
        CHECK(*wrong == 0);
        // an in-place sum over the ranks of device memory
        MPI_Allreduce(MPI_IN_PLACE, send, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        std::vector<double> h(n);
        CHECK(cudaMemcpy(h.data(), send, n * sizeof(double), cudaMemcpyDeviceToHost) == cudaSuccess);
        int bad = 0;
        for (int i = 0; i < n; i++)
            bad += h[i] != 1000000.0 * size * (size - 1) / 2 + (double)size * i;
        CHECK(bad == 0);
        cudaFree(send);
        cudaFree(recv);
        cudaFree(wrong);
        cudaStreamDestroy(s);
    }

    int all = 0;
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0 && all == 0)
        std::printf("PASSED %d ranks, %d devices each\n", size, ndev);
    MPI_Finalize();
    return all ? 1 : 0;
}
