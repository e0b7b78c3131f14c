// extern __shared__ sized at launch: each block reverses its chunk through shared memory,
// with the block size and the shared bytes chosen at run time.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reverse(int *d, int n) {
    extern __shared__ int s[];
    int t = threadIdx.x;
    int base = blockIdx.x * blockDim.x;
    s[t] = base + t < n ? d[base + t] : -1;
    __syncthreads();
    int from = blockDim.x - 1 - t;
    if (base + t < n)
        d[base + t] = s[from];
}

int main() {
    for (int bs = 32; bs <= 512; bs *= 4) {
        const int n = bs * 9;
        static int h[512 * 9];
        for (int i = 0; i < n; i++)
            h[i] = i * 3;
        int *d;
        cudaMalloc(&d, n * sizeof(int));
        cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
        reverse<<<n / bs, bs, bs * sizeof(int)>>>(d, n);
        cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++) {
            int b = i / bs, t = i % bs;
            if (h[i] != (b * bs + bs - 1 - t) * 3) {
                printf("bs %d element %d: %d\n", bs, i, h[i]);
                return 1;
            }
        }
        cudaFree(d);
    }
    printf("dynamic shared ok\n");
    return 0;
}
