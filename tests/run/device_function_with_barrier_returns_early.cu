// Device functions holding barriers that return before their end under block-uniform
// conditions (nothing to do; a round limit inside a loop), with values that differ per
// thread, and a void one returning early.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
// rotates the block's values `times` times, returning early when told to do nothing
__device__ int rotate(int *s, int v, int times) {
    if (times == 0)
        return v;
    int cur = v;
    for (int r = 0; r < times; r++) {
        s[threadIdx.x] = cur;
        __syncthreads();
        cur = s[(threadIdx.x + 1) % blockDim.x];
        __syncthreads();
        if (r == 5)
            return cur + 1000;
    }
    return cur;
}
__device__ void maybe_mark(int *s, int flag) {
    if (!flag)
        return;
    s[threadIdx.x] = -1;
    __syncthreads();
}
__global__ void k(int *out, int times, int flag) {
    __shared__ int s[128];
    int v = threadIdx.x;
    int a = rotate(s, v, times);
    maybe_mark(s, flag);
    out[blockIdx.x * blockDim.x + threadIdx.x] = a;
}
int main() {
    const int bs = 32;
    int *d, h[2 * bs];
    cudaMalloc(&d, sizeof h);
    int cases[][3] = {{0, 0, 0}, {3, 0, 3}, {8, 1, 6}};
    for (auto &c : cases) {
        k<<<2, bs>>>(d, c[0], c[1]);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 2 * bs; i++) {
            int t = i % bs, want = (t + c[2]) % bs + (c[0] > 5 ? 1000 : 0);
            if (h[i] != want) { printf("times %d: %d: %d want %d\n", c[0], i, h[i], want); return 1; }
        }
    }
    printf("early returns ok\n");
    return 0;
}
