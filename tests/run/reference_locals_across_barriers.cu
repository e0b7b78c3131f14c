// Reference locals crossing barriers (`float &x = data[i]; __syncthreads(); x += ...`): bound
// to memory outliving the thread loops (global through a pointer, shared, a __device__
// global), each thread's copy keeps the address; a const reference bound to a temporary
// keeps the temporary; a reference parameter of a device function holding a barrier (the
// shfl_scan sample's `const uint4 &data`) likewise. Compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define B 64
__device__ float bias[2] = {0.5f, 1.5f};

struct Cell { float v; int n; };

__device__ float mix(const Cell &c, float &acc) {
    __shared__ float t[B];
    t[threadIdx.x] = c.v;
    __syncthreads();
    acc += t[B - 1 - threadIdx.x] + c.n;
    __syncthreads();
    return acc;
}

__global__ void refs(float *data, Cell *cells) {
    __shared__ float s[B];
    float &x = data[blockIdx.x * B + threadIdx.x];
    float &sh = s[threadIdx.x];
    const float &twice = x * 2.0f;              /* a temporary */
    float &g = bias[threadIdx.x % 2];
    Cell &c = cells[blockIdx.x * B + threadIdx.x];
    sh = x;
    __syncthreads();
    x += s[B - 1 - threadIdx.x] + twice + g;
    c.n += 1;
    __syncthreads();
    sh = 0;
    __syncthreads();
    x += s[threadIdx.x] + mix(c, c.v);
}

int main() {
    const int nb = 2, n = nb * B;
    float h[n], o[n], *d;
    Cell hc[n], oc[n], *dc;
    for (int i = 0; i < n; i++) {
        h[i] = (float)(i % 13);
        hc[i] = Cell{0.25f * i, i % 5};
    }
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&dc, sizeof hc);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice);
    refs<<<nb, B>>>(d, dc);
    cudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(oc, dc, sizeof oc, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < nb; b++)
        for (int t = 0; t < B; t++) {
            int i = b * B + t, j = b * B + B - 1 - t;
            float x = h[i] + h[j] + 2.0f * h[i] + (t % 2 ? 1.5f : 0.5f);
            float cv = hc[i].v + hc[j].v + (hc[i].n + 1);
            x += cv;
            bad += o[i] != x || oc[i].v != cv || oc[i].n != hc[i].n + 1;
        }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
