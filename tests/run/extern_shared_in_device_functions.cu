// extern __shared__ declared inside device functions, not kernels: the samples' SharedMemory<T>
// (a class template's conversion operators, with a specialisation for double), a member
// function of explicit specialisations (simpleTemplates' getPointer), a plain __device__
// function, and one holding a barrier (expanded into the kernel). Each sees the launching
// block's dynamic shared memory, on 1 and 2 workers.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: extern shared in device functions ok
#include <cstdio>
#include <cuda_runtime.h>

template <class T> struct SharedMemory {
    __device__ inline operator T *() {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
    __device__ inline operator const T *() const {
        extern __shared__ int __smem[];
        return (T *)__smem;
    }
};

template <> struct SharedMemory<double> {
    __device__ inline operator double *() {
        extern __shared__ double __smem_d[];
        return (double *)__smem_d;
    }
};

template <typename T> struct SharedMem {
    __device__ T *getPointer() { return 0; }
};
template <> struct SharedMem<float> {
    __device__ float *getPointer() {
        extern __shared__ float s_float[];
        return s_float;
    }
};

__device__ int *plain_shared() {
    extern __shared__ int dyn[];
    return dyn;
}

__device__ void stage(int *out, int v) {
    extern __shared__ int staged[];
    staged[threadIdx.x] = v;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = staged[blockDim.x - 1 - threadIdx.x];
}

template <class T> __global__ void reverse(T *d) {
    T *s = SharedMemory<T>();
    int t = threadIdx.x, base = blockIdx.x * blockDim.x;
    s[t] = d[base + t];
    __syncthreads();
    d[base + t] = s[blockDim.x - 1 - t] + (T)blockIdx.x;
}

__global__ void rotate(float *d) {
    SharedMem<float> smem;
    float *s = smem.getPointer();
    int t = threadIdx.x, base = blockIdx.x * blockDim.x;
    s[t] = d[base + t];
    __syncthreads();
    d[base + t] = s[(t + 1) % blockDim.x];
}

__global__ void via_plain(int *d) {
    int *s = plain_shared();
    s[threadIdx.x] = d[blockIdx.x * blockDim.x + threadIdx.x] * 2;
    __syncthreads();
    d[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x ^ 1];
}

__global__ void via_stage(int *out) { stage(out, blockIdx.x * 1000 + threadIdx.x); }

int main() {
    const int blocks = 6, n = 64, total = blocks * n;
    int bad = 0;
    int hi[total], r[total];
    float hf[total], rf[total];
    double hd[total], rd[total];
    for (int i = 0; i < total; i++) {
        hi[i] = i * 3;
        hf[i] = i * 0.5f;
        hd[i] = i * 0.25;
    }
    int *di;
    float *df;
    double *dd;
    cudaMalloc(&di, sizeof hi);
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&dd, sizeof hd);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    reverse<int><<<blocks, n, n * sizeof(int)>>>(di);
    reverse<double><<<blocks, n, n * sizeof(double)>>>(dd);
    rotate<<<blocks, n, n * sizeof(float)>>>(df);
    cudaMemcpy(r, di, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(rf, df, sizeof rf, cudaMemcpyDeviceToHost);
    cudaMemcpy(rd, dd, sizeof rd, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < n; t++) {
            int i = b * n + t, j = b * n + n - 1 - t;
            bad += r[i] != hi[j] + b;
            bad += rd[i] != hd[j] + b;
            bad += rf[i] != hf[b * n + (t + 1) % n];
        }
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    via_plain<<<blocks, n, n * sizeof(int)>>>(di);
    cudaMemcpy(r, di, sizeof r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < total; i++)
        bad += r[i] != hi[i ^ 1] * 2;
    via_stage<<<blocks, n, n * sizeof(int)>>>(di);
    cudaMemcpy(r, di, sizeof r, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < n; t++)
            bad += r[b * n + t] != b * 1000 + n - 1 - t;
    if (cudaGetLastError() != cudaSuccess)
        bad++;
    printf(bad ? "FAILED: %d wrong\n" : "extern shared in device functions ok\n", bad);
    return bad != 0;
}
