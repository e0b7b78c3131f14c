// Kernels sharing a name: overloads defined side by side (each launched, registered and
// named apart), a forward declaration of an overload never defined (HeCBench qtclustering),
// the same name in another namespace, overloads on the fiber engine, and one launched
// through cudaLaunchKernel with its overload picked by a cast.
// RUN: %cu2cc %s -o %t && %t 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err
#include <cassert>
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void fill(int *out, int n, int base, int unused);

__global__ void fill(int *out, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = base + i;
}

__global__ void scale(__half *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = __float2half(__half2float(p[i]) * 2.0f);
}

__global__ void scale(__nv_bfloat16 *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = __float2bfloat16(__bfloat162float(p[i]) * 3.0f);
}

/* reverses each block of 64 through shared memory */
__global__ void scale(float *p, int n) {
    __shared__ float s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? p[i] : 0.0f;
    __syncthreads();
    if (i < n)
        p[i] = s[blockDim.x - 1 - threadIdx.x] * 4.0f;
}

namespace other {
__global__ void scale(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += 1.0f;
}
}

/* a warp function in ?: puts both overloads on fibers */
__global__ void neighbour(int *p) {
    int v = p[threadIdx.x];
    p[threadIdx.x] = (threadIdx.x & 1) ? __shfl_sync(0xaaaaaaaau, v, (threadIdx.x + 2) & 31) : v;
}

__global__ void neighbour(float *p) {
    float v = p[threadIdx.x];
    p[threadIdx.x] = (threadIdx.x & 1) ? v : __shfl_down_sync(0x55555555u, v, 2) + 0.5f;
}

/* a device-side assert names the overload as the user wrote it */
__global__ void check(const float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        assert(p[i] != 4.0f || i != 70);
}

__global__ void check(const int *p, int n) {}

int main() {
    const int n = 128;
    int *ip;
    float *fp;
    __half *hp;
    __nv_bfloat16 *bp;
    cudaMallocManaged(&ip, n * sizeof(int));
    cudaMallocManaged(&fp, n * sizeof(float));
    cudaMallocManaged(&hp, n * sizeof(__half));
    cudaMallocManaged(&bp, n * sizeof(__nv_bfloat16));
    int bad = 0;

    fill<<<2, 64>>>(ip, n, 1000);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        bad += ip[i] != 1000 + i;
    printf("fill: %d wrong\n", bad);
    // CHECK: fill: 0 wrong

    for (int i = 0; i < n; i++) {
        hp[i] = __float2half((float)i);
        bp[i] = __float2bfloat16((float)i);
        fp[i] = (float)i;
    }
    scale<<<2, 64>>>(hp, n);
    scale<<<2, 64>>>(bp, n);
    scale<<<2, 64>>>(fp, n);
    other::scale<<<2, 64>>>(fp, n);
    cudaDeviceSynchronize();
    bad = 0;
    for (int i = 0; i < n; i++) {
        int r = i / 64 * 64 + 63 - i % 64;
        bad += __half2float(hp[i]) != 2.0f * i;
        bad += __bfloat162float(bp[i]) != __bfloat162float(__float2bfloat16(3.0f * i));
        bad += fp[i] != 4.0f * r + 1.0f;
    }
    printf("scale: %d wrong, %s\n", bad, cudaGetErrorString(cudaGetLastError()));
    // CHECK: scale: 0 wrong, no error

    for (int i = 0; i < 32; i++) {
        ip[i] = 10 * i;
        fp[i] = (float)i;
    }
    neighbour<<<1, 32>>>(ip);
    neighbour<<<1, 32>>>(fp);
    cudaDeviceSynchronize();
    bad = 0;
    for (int i = 0; i < 32; i++) {
        bad += ip[i] != (i & 1 ? 10 * ((i + 2) & 31) : 10 * i);
        float want = i & 1 ? (float)i : (i + 2 < 32 ? (float)(i + 2) : (float)i) + 0.5f;
        bad += fp[i] != want;
    }
    printf("neighbour: %d wrong, %s\n", bad, cudaGetErrorString(cudaGetLastError()));
    // CHECK: neighbour: 0 wrong, no error

    for (int i = 0; i < n; i++)
        fp[i] = 1.0f;
    int count = n;
    void *args[] = {&fp, &count};
    cudaError_t e = cudaLaunchKernel((const void *)static_cast<void (*)(float *, int)>(scale), dim3(2), dim3(64), args, 0, 0);
    cudaDeviceSynchronize();
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += fp[i] != 4.0f;
    printf("cudaLaunchKernel: %s, %d wrong\n", cudaGetErrorString(e), bad);
    // CHECK: cudaLaunchKernel: no error, 0 wrong

    cudaFuncAttributes a;
    e = cudaFuncGetAttributes(&a, static_cast<void (*)(float *, int)>(scale));
    printf("attributes: %s, %zu bytes shared\n", cudaGetErrorString(e), a.sharedSizeBytes);
    // CHECK: attributes: no error, 256 bytes shared

    check<<<2, 64>>>(fp, n);
    e = cudaDeviceSynchronize();
    printf("assert: %s\n", cudaGetErrorString(e));
    // CHECK: assert: device-side assert triggered
    // ERR: overloaded_kernels_and_forward_declarations.cu:[[#@LINE-81]]: void check(...): block: [1,0,0], thread: [6,0,0] Assertion `p[i] != 4.0f || i != 70` failed.
    return 0;
}
