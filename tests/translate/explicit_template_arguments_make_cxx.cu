// A call with explicit template arguments (tex1Dfetch<float>(obj, i), a function template
// of cu2c's headers) is C++ even when everything else is C: C output could not compile it.
// RUN: %cu2c --print-lang %s | FileCheck %s
// CHECK: {{^c\+\+$}}
// RUN: %cu2cc %s -o %t && timeout 60 %t
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

__global__ void gather(cudaTextureObject_t t, const int *idx, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<float>(t, idx[i]);
}

int main(void) {
    enum { N = 40 };
    float h[N], got[N];
    int idx[N];
    for (int i = 0; i < N; i++) {
        h[i] = i * 0.5f;
        idx[i] = (i * 7) % N;
    }
    float *d, *out;
    int *didx;
    cudaMalloc((void **)&d, sizeof h);
    cudaMalloc((void **)&out, sizeof got);
    cudaMalloc((void **)&didx, sizeof idx);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(didx, idx, sizeof idx, cudaMemcpyHostToDevice);
    /* zeroed descriptors (a struct local without an initialiser would itself read as C++) */
    struct cudaResourceDesc *rd = (struct cudaResourceDesc *)calloc(1, sizeof *rd);
    struct cudaTextureDesc *td = (struct cudaTextureDesc *)calloc(1, sizeof *td);
    rd->resType = cudaResourceTypeLinear;
    rd->res.linear.devPtr = d;
    rd->res.linear.desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    rd->res.linear.sizeInBytes = sizeof h;
    cudaTextureObject_t t = 0;
    if (cudaCreateTextureObject(&t, rd, td, NULL) != cudaSuccess)
        return 1;
    gather<<<2, 32>>>(t, didx, out, N);
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    for (int i = 0; i < N; i++)
        if (got[i] != h[idx[i]]) {
            printf("%d: %g\n", i, got[i]);
            return 1;
        }
    cudaDestroyTextureObject(t);
    free(rd);
    free(td);
    return 0;
}
