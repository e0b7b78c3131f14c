// Features together: an early return, a uniform local computed after it, a loop with a
// uniform header, a device function holding barriers called inside an expression with an
// argument from the loop before, a guard on threadIdx after the return.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
__device__ int total(int *s, int v, int live) {
    s[threadIdx.x] = v;
    __syncthreads();
    int t = 0;
    for (int i = 0; i < live; i++)
        t += s[i];
    __syncthreads();
    return t;
}
__global__ void k(const int *in, int *out, int n, int reps) {
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int live = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x));
    int v = in[i];
    int acc = 0;
    for (int r = 0; r < reps; r++)      // interchange candidate (uniform header, no barrier)
        acc += v * r;
    int tot = total(s, acc, live) + v;        // hoisted call, arg from the previous nest
    __syncthreads();
    if (threadIdx.x < live / 2)         // guard after an exit
        s[threadIdx.x] = tot;
    __syncthreads();
    out[i] = threadIdx.x < live / 2 ? s[threadIdx.x] : -tot;
}
int main() {
    const int bs = 128, n = bs * 2 + 37, reps = 5;
    int h[n], o[n];
    for (int j = 0; j < n; j++) h[j] = j % 11;
    int *din, *dout;
    cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<(n + bs - 1) / bs, bs>>>(din, dout, n, reps);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    for (int b = 0; b * bs < n; b++) {
        int live = n - b * bs < bs ? n - b * bs : bs;
        int sum = 0;
        for (int t = 0; t < live; t++) sum += h[b * bs + t] * (0 + 1 + 2 + 3 + 4);
        for (int t = 0; t < live; t++) {
            int tot = sum + h[b * bs + t];
            int want = t < live / 2 ? tot : -tot;
            if (o[b * bs + t] != want) { printf("block %d thread %d: %d want %d\n", b, t, o[b * bs + t], want); return 1; }
        }
    }
    printf("mixed features ok\n");
    return 0;
}
