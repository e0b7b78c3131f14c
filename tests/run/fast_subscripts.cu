// Subscripts p[B + threadIdx.x] and p[B - threadIdx.x] of type unsigned int or int get a
// fast copy of their thread loops where the index is a 64-bit induction variable, taken when
// B +- threadIdx.x stays within the index's type for every thread of the block (for each
// threadIdx.y and z when B reads them). The results must be CUDA's in both copies: a tiled
// update like LU decomposition's (B reads threadIdx.y), the mirrored B - threadIdx.x, an
// int index, and indices that wrap modulo 2^32 for some threads only (unsigned: those
// threads reach p[x - 16] as in CUDA, and the fast copy must not run; per row of the block:
// one row's B wraps). Several block sizes, 1 and 2 workers.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define T 8

// m[r][c] -= sum over k of col[r][k] * row[k][c], tiles of T x T past the first
__global__ void tiled(float *m, int n) {
    __shared__ float row[T][T], col[T][T];
    int r0 = (blockIdx.y + 1) * T, c0 = (blockIdx.x + 1) * T;
    row[threadIdx.y][threadIdx.x] = m[threadIdx.y * n + c0 + threadIdx.x];
    col[threadIdx.y][threadIdx.x] = m[(r0 + threadIdx.y) * n + threadIdx.x];
    __syncthreads();
    float sum = 0;
    for (int k = 0; k < T; k++)
        sum += col[threadIdx.y][k] * row[k][threadIdx.x];
    m[(r0 + threadIdx.y) * n + c0 + threadIdx.x] -= sum;
}

// B - threadIdx.x, and an int index
__global__ void mirrored(const int *in, int *out, unsigned last) {
    out[blockIdx.x * blockDim.x + threadIdx.x] = in[last - threadIdx.x - blockIdx.x * blockDim.x];
    __syncthreads();
    out[(int)(blockIdx.x * blockDim.x + threadIdx.x)] += 1;
}

// off + threadIdx.x wraps for the threads past 16: they read in[x - 16], as in CUDA
__global__ void wraps(const int *in, int *out, unsigned off) {
    if (threadIdx.x >= 16)
        out[threadIdx.x] = in[off + threadIdx.x];
}

// the same for the row threadIdx.y == 2 only
__global__ void wraps_in_one_row(const int *in, int *out, unsigned off) {
    unsigned w = blockDim.x;
    if (threadIdx.y != 2 || threadIdx.x >= 16)
        out[threadIdx.y * w + threadIdx.x] = in[(threadIdx.y == 2 ? off : threadIdx.y * w) + threadIdx.x];
}

static int fails = 0;

static void expect(const char *what, int bs, int i, double got, double want) {
    if (got != want && fails++ < 10)
        printf("%s (block %d): [%d] = %g, want %g\n", what, bs, i, got, want);
}

int main() {
    const int n = 4 * T;
    float hm[n * n], want[n * n];
    for (int i = 0; i < n * n; i++)
        hm[i] = want[i] = (float)((i * 7) % 13) - 6.0f;
    for (int r = T; r < n; r++)
        for (int c = T; c < n; c++) {
            float sum = 0;
            for (int k = 0; k < T; k++)
                sum += hm[r * n + k] * hm[k * n + c];
            want[r * n + c] -= sum;
        }
    float *dm;
    cudaMalloc(&dm, sizeof hm);
    cudaMemcpy(dm, hm, sizeof hm, cudaMemcpyHostToDevice);
    tiled<<<dim3(n / T - 1, n / T - 1), dim3(T, T)>>>(dm, n);
    cudaMemcpy(hm, dm, sizeof hm, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n * n; i++)
        expect("tiled", T, i, hm[i], want[i]);

    const int len = 256;
    int hin[len], hout[len], *din, *dout;
    for (int i = 0; i < len; i++)
        hin[i] = 3 * i + 1;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    int sizes[] = {32, 64, 128};
    for (int b : sizes) {
        mirrored<<<len / b, b>>>(din, dout, len - 1);
        cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
        for (int i = 0; i < len; i++)
            expect("mirrored", b, i, hout[i], hin[len - 1 - i] + 1);

        cudaMemset(dout, 0, sizeof hout);
        wraps<<<1, b>>>(din, dout, 0xfffffff0u);
        cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
        for (int i = 0; i < b; i++)
            expect("wraps", b, i, hout[i], i >= 16 ? hin[i - 16] : 0);

        int h = len / b;
        cudaMemset(dout, 0, sizeof hout);
        wraps_in_one_row<<<1, dim3(b, h)>>>(din, dout, 0xfffffff0u);
        cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < b; x++)
                expect("wraps_in_one_row", b, y * b + x, hout[y * b + x],
                       y != 2 ? hin[y * b + x] : x >= 16 ? hin[x - 16] : 0);
    }
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess || fails) {
        printf("FAILED: %s, %d mismatches\n", cudaGetErrorString(e), fails);
        return 1;
    }
    printf("ok\n");
    return 0;
}
