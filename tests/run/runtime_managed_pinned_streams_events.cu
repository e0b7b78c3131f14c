// Runtime API around kernels: cudaMallocManaged (kernel writes, host reads after
// cudaDeviceSynchronize), cudaMallocHost/cudaHostAlloc buffers, cudaMemset, device-to-device
// cudaMemcpy, launches on two streams with events (cudaEventRecord/Synchronize/ElapsedTime,
// cudaStreamWaitEvent), device queries, and error strings.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

struct Coeffs { float a, b; int shift; };

__global__ void affine(float *y, const float *x, Coeffs c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = c.a * x[(i + c.shift) % n] + c.b;
}
__global__ void add_one(float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += 1.0f;
}

int main() {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) { printf("no device\n"); return 1; }
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess || prop.maxThreadsPerBlock < 1024 || prop.warpSize != 32) {
        printf("properties: %d %d\n", prop.maxThreadsPerBlock, prop.warpSize); return 1;
    }
    int dev = -1;
    cudaGetDevice(&dev);
    if (dev != 0) { printf("device %d\n", dev); return 1; }
    const int n = 10000;
    float *x, *y, *z, *host_pinned, *host_alloc;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaMalloc(&z, n * sizeof(float));
    cudaMallocHost(&host_pinned, n * sizeof(float));
    cudaHostAlloc(&host_alloc, n * sizeof(float), cudaHostAllocDefault);
    for (int i = 0; i < n; i++) x[i] = (float)(i % 100);
    cudaMemset(y, 0, n * sizeof(float));
    cudaStream_t s1, s2;
    cudaStreamCreate(&s1);
    cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
    cudaEvent_t start, done1;
    cudaEventCreate(&start);
    cudaEventCreate(&done1);
    cudaEventRecord(start, s1);
    Coeffs c = {2.0f, -1.0f, 7};
    affine<<<(n + 255) / 256, 256, 0, s1>>>(y, x, c, n);
    cudaEventRecord(done1, s1);
    cudaStreamWaitEvent(s2, done1, 0);
    add_one<<<(n + 127) / 128, 128, 0, s2>>>(y, n);
    cudaStreamSynchronize(s2);
    cudaEventSynchronize(done1);
    float ms = -1.0f;
    if (cudaEventElapsedTime(&ms, start, done1) != cudaSuccess || ms < 0.0f) { printf("elapsed %f\n", ms); return 1; }
    cudaMemcpy(z, y, n * sizeof(float), cudaMemcpyDeviceToDevice);
    cudaMemcpy(host_pinned, z, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpyAsync(host_alloc, y, n * sizeof(float), cudaMemcpyDeviceToHost, s1);
    cudaStreamSynchronize(s1);
    for (int i = 0; i < n; i++) {
        float want = 2.0f * (float)(((i + 7) % n) % 100) - 1.0f + 1.0f;
        if (host_pinned[i] != want || host_alloc[i] != want) { printf("%d: %f %f want %f\n", i, host_pinned[i], host_alloc[i], want); return 1; }
    }
    add_one<<<(n + 127) / 128, 128>>>(x, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        if (x[i] != (float)(i % 100) + 1.0f) { printf("managed %d: %f\n", i, x[i]); return 1; }
    if (strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") != 0 ||
        strlen(cudaGetErrorString(cudaErrorMemoryAllocation)) == 0) { printf("error names\n"); return 1; }
    if (cudaGetLastError() != cudaSuccess) { printf("last error set\n"); return 1; }
    cudaEventDestroy(start); cudaEventDestroy(done1);
    cudaStreamDestroy(s1); cudaStreamDestroy(s2);
    cudaFree(x); cudaFree(y); cudaFree(z);
    cudaFreeHost(host_pinned); cudaFreeHost(host_alloc);
    printf("runtime ok\n");
    return 0;
}
