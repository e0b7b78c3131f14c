// Struct-typed __shared__ arrays declared after per-thread statements (a plain struct, one
// with an empty user constructor, a kernel template's): per-block storage, declared once per
// block, not in the first thread loop (their implicit construction is no per-thread call).
// 2-D blocks; compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

struct P { float x; int n; };
struct Q { float v; __device__ Q() {} };

#define W 16
#define H 4
__global__ void neighbours(const float *in, float *out) {
    int i = threadIdx.y * W + threadIdx.x;
    float v = in[blockIdx.x * W * H + i] * 2.0f;
    __shared__ P s[H][W];
    s[threadIdx.y][threadIdx.x].x = v;
    s[threadIdx.y][threadIdx.x].n = i;
    __shared__ Q q[W * H];
    q[i].v = v + 1.0f;
    __syncthreads();
    out[blockIdx.x * W * H + i] = s[H - 1 - threadIdx.y][threadIdx.x].x +
                                  s[threadIdx.y][(threadIdx.x + 1) % W].n + q[(i + 5) % (W * H)].v;
}

template <typename T> __global__ void rotate(const T *in, T *out) {
    int i = threadIdx.y * W + threadIdx.x;
    T v = in[i];
    __shared__ T t[W * H];
    t[i] = v;
    __syncthreads();
    out[i] = t[(i + 1) % (W * H)];
}

int main() {
    const int nb = 3, n = nb * W * H;
    float h[n], o[n], *din, *dout;
    P ph[W * H], po[W * H], *pin, *pout;
    for (int i = 0; i < n; i++) h[i] = (float)(i % 37);
    for (int i = 0; i < W * H; i++) ph[i] = P{1.5f * i, -i};
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof o);
    cudaMalloc(&pin, sizeof ph);
    cudaMalloc(&pout, sizeof po);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(pin, ph, sizeof ph, cudaMemcpyHostToDevice);
    neighbours<<<nb, dim3(W, H)>>>(din, dout);
    rotate<P><<<1, dim3(W, H)>>>(pin, pout);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(po, pout, sizeof po, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int i = y * W + x;
                const float *hb = h + b * W * H;
                float e = hb[(H - 1 - y) * W + x] * 2.0f + (y * W + (x + 1) % W) +
                          (hb[(i + 5) % (W * H)] * 2.0f + 1.0f);
                bad += o[b * W * H + i] != e;
            }
    for (int i = 0; i < W * H; i++) {
        int j = (i + 1) % (W * H);
        bad += po[i].x != ph[j].x || po[i].n != ph[j].n;
    }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
