// Wavefront dynamic programming as Rodinia's nw writes it: the Needleman-Wunsch score matrix
// of two random sequences of N = 4096 symbols (N+1 x N+1 ints, gap penalty 10, a random
// 24x24-valued substitution table), computed tile by tile: 16x16 tiles along the matrix's
// anti-diagonals, one launch per diagonal of tiles (few blocks at the ends, many in the
// middle), each block loading its tile's top row, left column and substitution scores into
// shared memory and sweeping the tile's own anti-diagonals with a __syncthreads() between
// them. Checked exactly against a plain host loop. Prints the median ms per whole matrix.
// Usage: wavefront [reps]. The OpenMP twin is wavefront_omp.c.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define N 4096
#define B 16
#define PENALTY 10

__global__ void diagonal(int *score, const int *subst, int diag, int first_row) {
    __shared__ int t[B + 1][B + 1];
    __shared__ int s[B][B];
    int tile_row = first_row + blockIdx.x, tile_col = diag - tile_row;
    int r0 = tile_row * B, c0 = tile_col * B, tx = threadIdx.x;
    for (int k = 0; k < B; k++)
        s[k][tx] = subst[(r0 + k + 1) * (N + 1) + c0 + tx + 1];
    t[0][tx + 1] = score[r0 * (N + 1) + c0 + tx + 1];
    t[tx + 1][0] = score[(r0 + tx + 1) * (N + 1) + c0];
    if (tx == 0)
        t[0][0] = score[r0 * (N + 1) + c0];
    __syncthreads();
    for (int d = 0; d < 2 * B - 1; d++) {
        int i = tx + 1, j = d - tx + 1;
        if (j >= 1 && j <= B) {
            int m = t[i - 1][j - 1] + s[i - 1][j - 1];
            int up = t[i - 1][j] - PENALTY, left = t[i][j - 1] - PENALTY;
            m = up > m ? up : m;
            t[i][j] = left > m ? left : m;
        }
        __syncthreads();
    }
    for (int k = 0; k < B; k++)
        score[(r0 + k + 1) * (N + 1) + c0 + tx + 1] = t[k + 1][tx + 1];
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const size_t cells = (size_t)(N + 1) * (N + 1);
    std::vector<int> a(N + 1), b(N + 1), table(24 * 24), subst(cells), init(cells), want(cells), got(cells);
    srand(7);
    for (int i = 1; i <= N; i++) {
        a[i] = rand() % 24;
        b[i] = rand() % 24;
    }
    for (int i = 0; i < 24 * 24; i++)
        table[i] = rand() % 21 - 10;
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++)
            subst[(size_t)i * (N + 1) + j] = table[a[i] * 24 + b[j]];
    for (int i = 0; i <= N; i++) {
        init[(size_t)i * (N + 1)] = -i * PENALTY;
        init[i] = -i * PENALTY;
    }
    want = init;
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++) {
            size_t c = (size_t)i * (N + 1) + j;
            int m = want[c - N - 2] + subst[c], up = want[c - N - 1] - PENALTY, left = want[c - 1] - PENALTY;
            m = up > m ? up : m;
            want[c] = left > m ? left : m;
        }
    int *d_score, *d_subst;
    check(cudaMalloc(&d_score, cells * sizeof(int)), "cudaMalloc score");
    check(cudaMalloc(&d_subst, cells * sizeof(int)), "cudaMalloc subst");
    check(cudaMemcpy(d_subst, subst.data(), cells * sizeof(int), cudaMemcpyHostToDevice), "copy subst");
    const int tiles = N / B;
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        check(cudaMemcpy(d_score, init.data(), cells * sizeof(int), cudaMemcpyHostToDevice), "copy init");
        auto t0 = std::chrono::steady_clock::now();
        for (int diag = 0; diag < 2 * tiles - 1; diag++) {
            int first = diag < tiles ? 0 : diag - tiles + 1, last = diag < tiles ? diag : tiles - 1;
            diagonal<<<last - first + 1, B>>>(d_score, d_subst, diag, first);
        }
        check(cudaDeviceSynchronize(), "wavefront");
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
    }
    check(cudaMemcpy(got.data(), d_score, cells * sizeof(int), cudaMemcpyDeviceToHost), "copy back");
    if (got != want) {
        fprintf(stderr, "wavefront: wrong scores\n");
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    printf("wavefront cu2c n=%d reps=%d median_ms=%.4f\n", N, reps, ms[reps / 2]);
    return 0;
}
