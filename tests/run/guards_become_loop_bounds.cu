// Guards on thread coordinates with uniform bounds become thread-loop bounds: the result
// must be what the tests give, also at the edges: negative bounds, bounds past the block,
// <= and >=, the coordinate on either side, x and y terms mixed with other terms, and an
// unsigned comparison (threadIdx.x < n with n < 0 holds for every thread: n converts to a
// huge unsigned value; threadIdx.x > n then holds for none), bounds at int's limits.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void marks(int *out, int lo, int hi, int n, int flag, int big) {
    int tx = threadIdx.x, ty = threadIdx.y;
    int base = (blockIdx.x * blockDim.y + ty) * blockDim.x + tx;
    out[base] = 0;
    __syncthreads();
    if (tx > lo && tx <= hi && ty >= lo && hi > ty)
        out[base] += 1;
    __syncthreads();
    if (threadIdx.x < n)
        out[base] += 10;
    __syncthreads();
    if (lo < tx && flag && tx < hi + 3)
        out[base] += 100;
    __syncthreads();
    if (threadIdx.x > n && tx > big)
        out[base] += 1000;
}

int main() {
    const int bx = 8, by = 6, blocks = 3;
    int params[][5] = {{-5, 100, 3, 1, 2}, {2, 5, -1, 0, -3}, {3, 2, 0, 1, 2147483647}, {-1, 0, 8, 1, -2147483647 - 1}, {6, 7, 5, 1, 0}};
    int *d, h[blocks * bx * by];
    cudaMalloc(&d, sizeof h);
    for (auto &p : params) {
        int lo = p[0], hi = p[1], n = p[2], flag = p[3], big = p[4];
        marks<<<blocks, dim3(bx, by)>>>(d, lo, hi, n, flag, big);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        for (int b = 0; b < blocks; b++)
            for (int y = 0; y < by; y++)
                for (int x = 0; x < bx; x++) {
                    int want = 0;
                    if (x > lo && x <= hi && y >= lo && hi > y)
                        want += 1;
                    if ((unsigned)x < (unsigned)n)
                        want += 10;
                    if (lo < x && flag && x < hi + 3)
                        want += 100;
                    if ((unsigned)x > (unsigned)n && x > big)
                        want += 1000;
                    int got = h[(b * by + y) * bx + x];
                    if (got != want) {
                        printf("lo %d hi %d n %d flag %d, thread (%d,%d): %d, want %d\n", lo, hi, n, flag, x, y, got, want);
                        return 1;
                    }
                }
    }
    printf("guards ok\n");
    return 0;
}
