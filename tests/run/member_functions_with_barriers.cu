// Member functions holding barriers, called from kernels on objects bound once per block:
// a struct's member called on a local (r.sum; r declared without an initialiser, its members
// assigned after) and through a pointer to a __shared__ one (p->scaled_sum), reading
// members by bare name and through this->, calling members with and without barriers by bare
// name, a const member, a static member function and static constant, and a class template's
// member (with a member function template) called from a kernel and from a kernel template.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: member functions ok
#include <cstdio>

struct Reducer {
    float *buf;
    float scale;
    static constexpr int unroll = 2;
    enum { first = 0 };
    __device__ float at(int i) const { return buf[i]; }
    static __device__ float twice(float v) { return 2 * v; }
    // Sums v over the block: the threads' values meet in buf.
    __device__ float sum(float v) {
        buf[threadIdx.x] = v;
        __syncthreads();
        for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
            if (threadIdx.x < stride)
                buf[threadIdx.x] += this->buf[threadIdx.x + stride];
            __syncthreads();
        }
        float total = at(first);
        __syncthreads();
        return total;
    }
    __device__ float scaled_sum(float v) { return sum(v * this->scale) + twice(unroll); }
    __device__ float max_of(float v) const {
        buf[threadIdx.x] = v;
        __syncthreads();
        float m = buf[0];
        for (int i = 1; i < (int)blockDim.x; i++)
            m = buf[i] > m ? buf[i] : m;
        __syncthreads();
        return m;
    }
    static __device__ void clear(float *s) {
        s[threadIdx.x] = 0;
        __syncthreads();
    }
};

template <typename T, int N> struct Window {
    T *buf;
    // Each thread's value plus its N right neighbours' (wrapping around the block).
    __device__ T around(T v) {
        buf[threadIdx.x] = v;
        __syncthreads();
        T r = 0;
        for (int i = 0; i <= N; i++)
            r += buf[(threadIdx.x + i) % blockDim.x];
        __syncthreads();
        return r;
    }
    template <int M> __device__ T times(T v) { return around(v) * (T)M; }
};

__global__ void reduce(const float *in, float *out) {
    __shared__ float s[128];
    Reducer r;      /* its members assigned one by one: still one object per block */
    r.buf = s;
    r.scale = 0.5f;
    __shared__ Reducer shared_r;
    if (threadIdx.x == 0)
        shared_r = r;
    __syncthreads();
    Reducer *p = &shared_r;
    float x = in[blockIdx.x * blockDim.x + threadIdx.x];
    float t = r.sum(x);
    float u = p->scaled_sum(x);
    Reducer::clear(s);
    const Reducer c = {s, 1.0f};
    float m = c.max_of(x);
    if (threadIdx.x == 0) {
        out[blockIdx.x * 3] = t;
        out[blockIdx.x * 3 + 1] = u;
        out[blockIdx.x * 3 + 2] = m;
    }
}

__global__ void window(const int *in, int *out) {
    __shared__ int s[128];
    Window<int, 2> w = {s};
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    out[blockIdx.x * blockDim.x + threadIdx.x] = w.times<3>(v);
}

template <typename V> __global__ void window_t(const V *in, V *out) {
    __shared__ int s[128];
    Window<int, 1> w = {s};
    out[blockIdx.x * blockDim.x + threadIdx.x] = (V)w.around((int)in[blockIdx.x * blockDim.x + threadIdx.x]);
}

int main() {
    const int blocks = 3, bs = 128, n = blocks * bs;
    float h[n], o[blocks * 3];
    int hi[n], oi[n], ot[n];
    for (int i = 0; i < n; i++) {
        h[i] = (float)(i % 17);
        hi[i] = i % 29;
    }
    float *din, *dout;
    int *di, *dio, *dit;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof o);
    cudaMalloc(&di, sizeof hi);
    cudaMalloc(&dio, sizeof oi);
    cudaMalloc(&dit, sizeof ot);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    reduce<<<blocks, bs>>>(din, dout);
    window<<<blocks, bs>>>(di, dio);
    window_t<int><<<blocks, bs>>>(di, dit);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(oi, dio, sizeof oi, cudaMemcpyDeviceToHost);
    cudaMemcpy(ot, dit, sizeof ot, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        float sum = 0, max = 0;
        for (int t = 0; t < bs; t++) {
            sum += h[b * bs + t];
            max = h[b * bs + t] > max ? h[b * bs + t] : max;
        }
        if (o[b * 3] != sum || o[b * 3 + 1] != sum * 0.5f + 4 || o[b * 3 + 2] != max) {
            printf("block %d: %g %g %g, want %g %g %g\n", b, o[b * 3], o[b * 3 + 1], o[b * 3 + 2], sum,
                   sum * 0.5f + 4, max);
            bad++;
        }
        for (int t = 0; t < bs; t++) {
            int w2 = 0, w1 = 0;
            for (int i = 0; i <= 2; i++)
                w2 += hi[b * bs + (t + i) % bs];
            for (int i = 0; i <= 1; i++)
                w1 += hi[b * bs + (t + i) % bs];
            if (oi[b * bs + t] != 3 * w2 || ot[b * bs + t] != w1) {
                printf("block %d thread %d: %d %d, want %d %d\n", b, t, oi[b * bs + t], ot[b * bs + t], 3 * w2, w1);
                bad++;
                break;
            }
        }
    }
    printf(bad ? "FAILED: %d\n" : "member functions ok\n", bad);
    return bad != 0;
}
