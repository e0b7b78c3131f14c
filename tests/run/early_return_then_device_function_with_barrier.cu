// Out-of-range threads return, then a device function holding a barrier is called: its
// argument is evaluated only for the threads still running (spare blocks past the end, whose
// threads all returned, read no memory).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstdlib>
__device__ void publish(int *s, int v) {
    s[threadIdx.x] = v;
    __syncthreads();
}
__global__ void k(const int *in, int *out, int n) {
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    publish(s, in[i] * 2 + in[blockIdx.x * blockDim.x] * 0);
    out[i] = s[threadIdx.x] + 1;
}
int main() {
    const int n = 128 * 2 + 5;
    int *in = (int *)malloc(n * sizeof(int)), *o = (int *)malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = i;
    int *din, *dout;
    cudaMalloc(&din, n * sizeof(int)); cudaMalloc(&dout, n * sizeof(int));
    cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
    k<<<(n + 127) / 128 + 3, 128>>>(din, dout, n);
    cudaMemcpy(o, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) if (o[i] != 2 * i + 1) { printf("%d: %d\n", i, o[i]); return 1; }
    printf("ok\n");
    return 0;
}
