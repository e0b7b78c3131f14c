// Locals that cross a barrier: uniform scalars (computed once, read after), a local whose
// address is passed to a device function before and after the barrier, a per-thread local
// array float acc[4], and a struct local.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

struct Pair { int a; float b; };
__device__ void add_to(int *p, int v) { *p += v; }
__device__ void fill4(float *acc, float base) { for (int k = 0; k < 4; k++) acc[k] = base + k; }

__global__ void k(const float *in, float *out, int *iout, int n) {
    __shared__ float s[128];
    int base = blockIdx.x * blockDim.x;        // uniform, crosses the barrier
    float scale = 0.5f * n;                    // uniform, crosses
    int t = threadIdx.x;
    int mine = t * 3;                          // per-thread, address taken
    add_to(&mine, 1);
    float acc[4];
    fill4(acc, in[base + t]);
    Pair pr;
    pr.a = t + 100;
    pr.b = in[base + t] * 2.0f;
    s[t] = in[base + t];
    __syncthreads();
    add_to(&mine, (int)s[(t + 1) % blockDim.x]);
    float sum = 0;
    for (int j = 0; j < 4; j++) sum += acc[j];
    out[base + t] = sum * scale + pr.b;
    iout[base + t] = mine + pr.a;
}

int main() {
    const int bs = 128, nb = 6, n = bs * nb;
    float *h = new float[n], *o = new float[n];
    int *io = new int[n];
    for (int i = 0; i < n; i++) h[i] = (float)((i * 7) % 31);
    float *din, *dout; int *di;
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dout, n * sizeof(float));
    cudaMalloc(&di, n * sizeof(int));
    cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
    k<<<nb, bs>>>(din, dout, di, n);
    cudaMemcpy(o, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(io, di, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++) {
        int b = i / bs, t = i % bs;
        float sum = 0;
        for (int j = 0; j < 4; j++) sum += h[i] + j;
        float want = sum * (0.5f * n) + h[i] * 2.0f;
        int iwant = t * 3 + 1 + (int)h[b * bs + (t + 1) % bs] + t + 100;
        if (o[i] != want || io[i] != iwant) { printf("%d: %f/%f %d/%d\n", i, o[i], want, io[i], iwant); return 1; }
    }
    printf("locals across barrier ok\n");
    return 0;
}
