// Function templates holding warp functions or barriers, called with concrete template
// arguments (deduced or explicit) from a kernel: each call is expanded with the template's
// parameters bound for its copy (T = float, then int; DIR = 1, then 0), after its arguments
// are evaluated in the caller's scope (the caller has a local named like a parameter).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

template <class T>
__device__ T warp_sum(T v) {
    T acc = v;
    for (int o = 16; o > 0; o /= 2)
        acc += __shfl_down_sync(0xffffffffu, acc, o);
    return acc;
}

template <int DIR, class T>
__device__ void flip(T *s, T add) {
    T v = s[threadIdx.x] + add;
    __syncthreads();
    s[DIR ? blockDim.x - 1 - threadIdx.x : threadIdx.x] = v;
    __syncthreads();
}

__global__ void kernel(float *fout, int *iout) {
    __shared__ int s[64];
    float f = warp_sum(0.5f * threadIdx.x);
    int i = warp_sum((int)threadIdx.x * 3);
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    int DIR = 7;    // the callee's template parameter's name, read by the arguments
    flip<1>(s, DIR);
    flip<0, int>(s, DIR * 10);
    fout[threadIdx.x] = f;
    iout[threadIdx.x] = i * 1000 + s[threadIdx.x];
}

int main() {
    float *f;
    int *o;
    cudaMallocManaged(&f, 64 * sizeof(float));
    cudaMallocManaged(&o, 64 * sizeof(int));
    kernel<<<1, 64>>>(f, o);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("kernel failed\n");
        return 1;
    }
    int bad = 0;
    for (int t = 0; t < 64; t++) {
        // shfl_down sums: lane l adds lanes l..31 of its warp reached by the halving steps
        // (lanes past 31 - offset read their own value)
        float fv[32];
        int iv[32];
        int w = t / 32 * 32;
        for (int l = 0; l < 32; l++) {
            fv[l] = 0.5f * (w + l);
            iv[l] = (w + l) * 3;
        }
        for (int off = 16; off > 0; off /= 2) {
            float nf[32];
            int ni[32];
            for (int l = 0; l < 32; l++) {
                nf[l] = fv[l] + (l + off < 32 ? fv[l + off] : fv[l]);
                ni[l] = iv[l] + (l + off < 32 ? iv[l + off] : iv[l]);
            }
            for (int l = 0; l < 32; l++) {
                fv[l] = nf[l];
                iv[l] = ni[l];
            }
        }
        int want_s = (63 - t) + 7 + 70;
        if (f[t] != fv[t % 32] || o[t] != iv[t % 32] * 1000 + want_s) {
            if (bad++ < 10)
                printf("thread %d: %g %d, want %g %d\n", t, f[t], o[t], fv[t % 32], iv[t % 32] * 1000 + want_s);
        }
    }
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
