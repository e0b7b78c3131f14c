// A kernel writing a few elements past the end of small cudaMalloc'd buffers (a bug the
// GPU would not report either) does not corrupt the runtime's own bookkeeping: every
// cudaFree afterwards returns (no hang), later allocations, copies and frees work.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

__global__ void overrun(int *p, int n, int extra) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n + extra)
        p[i] = -1;   // the last `extra` writes land past the buffer
}

int main() {
    std::vector<int *> bufs;
    for (int i = 0; i < 300; i++) {   // enough that the runtime's table grows among them
        int *p;
        if (cudaMalloc(&p, (4 + i % 7) * sizeof(int)) != cudaSuccess) {
            printf("cudaMalloc %d failed\n", i);
            return 1;
        }
        bufs.push_back(p);
    }
    for (size_t i = 0; i < bufs.size(); i += 3)
        overrun<<<1, 32>>>(bufs[i], 4 + (int)i % 7, 2);   // 8 bytes past each third buffer
    cudaDeviceSynchronize();
    for (size_t i = 0; i < bufs.size(); i++)
        if (cudaFree(bufs[i]) != cudaSuccess) {
            printf("cudaFree %zu failed\n", i);
            return 1;
        }
    int *q;
    std::vector<int> h(64, 5), back(64);
    if (cudaMalloc(&q, 64 * sizeof(int)) != cudaSuccess ||
        cudaMemcpy(q, h.data(), 64 * sizeof(int), cudaMemcpyHostToDevice) != cudaSuccess ||
        cudaMemcpy(back.data(), q, 64 * sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess ||
        back[63] != 5 || cudaFree(q) != cudaSuccess) {
        printf("allocation after the overruns failed\n");
        return 1;
    }
    printf("ok\n");
    return 0;
}
