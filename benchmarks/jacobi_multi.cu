// Section 17: strong scaling of one fixed 2-D Jacobi problem split by rows over P devices in
// one process (one host thread drives them, halo rows exchanged with cudaMemcpyPeerAsync) or,
// built with -DUSE_MPI, over the ranks of an MPI job (one device each, halo rows exchanged by
// MPI_Sendrecv on device pointers). Every split computes each cell the same way, so the final
// checksum is the same bit for bit; it is printed for the harness to compare, with the median
// ms per ITERS iterations. Usage: jacobi_multi [rounds] [n] [iters]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#ifdef USE_MPI
#include <mpi.h>
#endif

#define CK(call)                                                                              \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess) {                                                              \
            std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));   \
            std::exit(1);                                                                     \
        }                                                                                     \
    } while (0)

// rows [1, rows] of a (rows + 2) x n slab: rows 0 and rows + 1 are halos (or the fixed border)
__global__ void jacobi_step(const float *__restrict__ in, float *__restrict__ out, int rows, int n,
                            int first_global, int total)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
    if (x >= n || y > rows)
        return;
    int g = first_global + y - 1;
    size_t i = (size_t)y * n + x;
    if (x == 0 || x == n - 1 || g == 0 || g == total - 1)
        out[i] = in[i];   // the border stays fixed
    else
        out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
}

struct Slab {
    int first, rows;   // global index of its first row, how many it owns
    float *a, *b;      // (rows + 2) x n each
    cudaStream_t s;
};

static float initial(int g, int x, int n)
{
    return (g * 131 + x * 71) % 1000 / 1000.0f + (x == 0 ? 1.0f : 0.0f) + (g == 0 ? 2.0f : 0.0f) * (x < n / 2);
}

int main(int argc, char **argv)
{
    int rank = 0, nranks = 1;
#ifdef USE_MPI
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
#endif
    int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
    int n = argc > 2 ? std::atoi(argv[2]) : 2048;
    int iters = argc > 3 ? std::atoi(argv[3]) : 50;
    int ndev = 1;
#ifndef USE_MPI
    CK(cudaGetDeviceCount(&ndev));
#endif
    int parts = ndev * nranks;   // slabs in all; this process owns ndev of them
    std::vector<Slab> slabs(ndev);
    for (int d = 0; d < ndev; d++) {
        int p = rank * ndev + d;
        Slab &s = slabs[d];
        s.first = (int)((long)n * p / parts);
        s.rows = (int)((long)n * (p + 1) / parts) - s.first;
        CK(cudaSetDevice(d));
        CK(cudaStreamCreate(&s.s));
        size_t bytes = (size_t)(s.rows + 2) * n * sizeof(float);
        CK(cudaMalloc(&s.a, bytes));
        CK(cudaMalloc(&s.b, bytes));
        std::vector<float> h((size_t)(s.rows + 2) * n, 0.0f);
        for (int y = 0; y < s.rows + 2; y++) {
            int g = s.first + y - 1;
            if (g >= 0 && g < n)
                for (int x = 0; x < n; x++)
                    h[(size_t)y * n + x] = initial(g, x, n);
        }
        CK(cudaMemcpy(s.a, h.data(), bytes, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(s.b, h.data(), bytes, cudaMemcpyHostToDevice));
    }
    std::vector<double> ms;
    for (int r = 0; r < rounds; r++) {
#ifdef USE_MPI
        MPI_Barrier(MPI_COMM_WORLD);
#endif
        auto t0 = std::chrono::steady_clock::now();
        for (int it = 0; it < iters; it++) {
            for (int d = 0; d < ndev; d++) {
                Slab &s = slabs[d];
                CK(cudaSetDevice(d));
                dim3 block(128, 2), grid((n + 127) / 128, (s.rows + 1) / 2);
                jacobi_step<<<grid, block, 0, s.s>>>(s.a, s.b, s.rows, n, s.first, n);
            }
            for (int d = 0; d < ndev; d++)
                CK(cudaStreamSynchronize(slabs[d].s));
            // halos: my first and last rows to my neighbours
            for (int d = 0; d < ndev; d++) {
                Slab &s = slabs[d];
                std::swap(s.a, s.b);
            }
            for (int d = 0; d + 1 < ndev; d++) {
                Slab &lo = slabs[d], &hi = slabs[d + 1];
                CK(cudaMemcpyPeerAsync(hi.a, d + 1, lo.a + (size_t)lo.rows * n, d, n * sizeof(float), lo.s));
                CK(cudaMemcpyPeerAsync(lo.a + (size_t)(lo.rows + 1) * n, d, hi.a + n, d + 1, n * sizeof(float), hi.s));
            }
#ifdef USE_MPI
            Slab &s = slabs[0];
            int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank + 1 < nranks ? rank + 1 : MPI_PROC_NULL;
            MPI_Sendrecv(s.a + n, n, MPI_FLOAT, up, 0, s.a + (size_t)(s.rows + 1) * n, n, MPI_FLOAT, down, 0,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Sendrecv(s.a + (size_t)s.rows * n, n, MPI_FLOAT, down, 1, s.a, n, MPI_FLOAT, up, 1, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
#endif
            for (int d = 0; d < ndev; d++)
                CK(cudaStreamSynchronize(slabs[d].s));
        }
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
    // checksum of the owned rows (doubles: exact for these sizes)
    double sum = 0;
    for (int d = 0; d < ndev; d++) {
        Slab &s = slabs[d];
        std::vector<float> h((size_t)s.rows * n);
        CK(cudaMemcpy(h.data(), s.a + n, h.size() * sizeof(float), cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < h.size(); i++)
            sum += h[i] * (double)((s.first * n + i) % 7 + 1);
    }
#ifdef USE_MPI
    double all = 0;
    MPI_Reduce(&sum, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    sum = all;
#endif
    std::sort(ms.begin(), ms.end());
    if (rank == 0)
        std::printf("parts=%d checksum=%.6f median_ms=%.3f\n", parts, sum, ms[ms.size() / 2]);
#ifdef USE_MPI
    MPI_Finalize();
#endif
    return 0;
}
