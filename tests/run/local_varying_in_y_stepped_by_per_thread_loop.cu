// A loop run per thread (its condition varies and it holds warp functions) whose counter
// varies in threadIdx.y alone (`for (q = threadIdx.y; q < 32; q += blockDim.y)`, each warp
// a row of a 32x8 block, as HeCBench's degrid): the loop's init, condition and increment
// run in thread loops over every thread. With one copy of q per y, the 32 threads of a row
// each stepped the same copy in turn: the rows left the loop after one trip and 3 of
// every 4 outputs were never written. Also a kernel template, where the shuffled value is
// a member of a local of the template's type (its type deduced: `sum.x`, sum a T).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
#include <cstdio>
#include <cuda_runtime.h>

struct cplx { double x, y; };

template <typename T>
__global__ void row_sums(T *out, const T *in, int npts) {
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int bdx = blockDim.x;
    const int bdy = blockDim.y;
    for (int n = 32 * blockIdx.x; n < npts; n += 32 * gridDim.x) {
        for (int q = ty; q < 32; q += bdy) {
            T sum = {0, 0};
            for (int a = tx - 64; a < 64; a += bdx) {
                sum.x += in[n + q].x * (a + 64);
                sum.y += 1;
            }
            for (int s = bdx < 16 ? bdx : 16; s > 0; s /= 2) {
                sum.x += __shfl_down_sync(0xFFFFFFFF, sum.x, s);
                sum.y += __shfl_down_sync(0xFFFFFFFF, sum.y, s);
            }
            if (tx == 0)
                out[n + q] = sum;
        }
    }
}

__global__ void row_counts(int *out) {
    const int ty = threadIdx.y;
    for (int q = ty; q < 32; q += blockDim.y) {
        int c = __reduce_add_sync(0xFFFFFFFF, 1);
        if (threadIdx.x == 0)
            out[q] = c + q;
    }
}

int main() {
    const int n = 128;
    cplx *in, *out;
    int *counts;
    cudaMallocManaged(&in, n * sizeof(cplx));
    cudaMallocManaged(&out, n * sizeof(cplx));
    cudaMallocManaged(&counts, 32 * sizeof(int));
    for (int i = 0; i < n; i++) {
        in[i].x = i;
        in[i].y = 0;
        out[i].x = out[i].y = -1;
    }
    row_sums<<<2, dim3(32, 8)>>>(out, in, n);
    row_counts<<<1, dim3(32, 8)>>>(counts);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("launch failed\n");
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        double e = in[i].x * (127 * 128 / 2);   /* sum over a of (a + 64), 128 terms */
        if (out[i].x != e || out[i].y != 128)   /* 4 trips of 32 lanes, reduced to lane 0 */
            if (bad++ < 5)
                printf("out[%d] = (%g, %g), expected (%g, 128)\n", i, out[i].x, out[i].y, e);
    }
    for (int q = 0; q < 32; q++)
        if (counts[q] != 32 + q && bad++ < 10)
            printf("counts[%d] = %d, expected %d\n", q, counts[q], 32 + q);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
