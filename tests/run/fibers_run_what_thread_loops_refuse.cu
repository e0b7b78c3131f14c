// Kernels the thread-loop engine cannot structure run on the fiber engine (each thread a
// fiber switching at barriers and warp functions): a barrier under a switch and under an if
// declaring its condition variable, both taken by every thread at run time; a call of a
// function holding a barrier inside ?:; a goto leaving a loop in such a function; a member
// function with a barrier reading private and protected members; a recursive function with
// a barrier; an explicitly specialised warp-function template. Each result is checked
// against the host's.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: switch ok
// CHECK-NEXT: condvar ok
// CHECK-NEXT: ternary ok
// CHECK-NEXT: goto ok
// CHECK-NEXT: private ok
// CHECK-NEXT: recursion ok
// CHECK-NEXT: specialised ok
#include <cstdio>

__global__ void k_switch(const int *a, int *out) {
    __shared__ int s[64];
    int t = threadIdx.x;
    switch (a[t]) {
    case 7:
        s[t] = t * 2;
        __syncthreads();
        out[t] = s[63 - t];
        break;
    default:
        out[t] = -1;
        break;
    }
}

__global__ void k_condvar(const int *a, int *out) {
    __shared__ int s[64];
    if (int v = a[threadIdx.x]) {
        s[threadIdx.x] = v + (int)threadIdx.x;
        __syncthreads();
        out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
    }
}

__device__ float total(float *s) {
    __syncthreads();
    float t = s[0] + s[1];
    return t;
}

__global__ void k_ternary(float *out, int flag) {
    __shared__ float s[64];
    s[threadIdx.x] = (float)threadIdx.x + 0.5f;
    out[threadIdx.x] = flag ? total(s) : 0.0f;
}

__device__ void step(int *s, int n) {
    int v = s[threadIdx.x];
    for (int i = 0; i < 10; i++)
        if (i * n > v)
            goto done;
    v += n;
done:;
    __syncthreads();
    s[(threadIdx.x + 1) % blockDim.x] = v;
    __syncthreads();
}

__global__ void k_goto(int *d) {
    __shared__ int s[64];
    s[threadIdx.x] = d[threadIdx.x];
    step(s, 5);
    step(s, 7);
    d[threadIdx.x] = s[threadIdx.x];
}

class Counter {
    float *buf;

protected:
    __device__ float first() const { return buf[0]; }

public:
    __device__ Counter(float *b) : buf(b) {}
    __device__ float sum(float v) {
        buf[threadIdx.x] = v;
        __syncthreads();
        return first() + buf[blockDim.x - 1];
    }
};

__global__ void k_private(float *out) {
    __shared__ float s[64];
    Counter c(s);
    out[threadIdx.x] = c.sum((float)threadIdx.x);
}

__device__ void halve(float *s, int n) {
    if (n > 1) {
        if (threadIdx.x < n / 2)
            s[threadIdx.x] += s[threadIdx.x + n / 2];
        __syncthreads();
        halve(s, n / 2);
    }
}

__global__ void k_recursion(const float *in, float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    halve(s, blockDim.x);
    if (threadIdx.x == 0)
        out[0] = s[0];
}

template <class T> __device__ T warp_sum(unsigned, T v) {
    for (int offset = 4; offset > 0; offset /= 2)
        v += __shfl_xor_sync(0xffu, v, offset);
    return v;
}

template <> __device__ int warp_sum<int>(unsigned mask, int v) {
    v = __reduce_add_sync(mask, v);
    return v;
}

template <class T> __global__ void k_sums(T *out) {
    T v = (T)threadIdx.x;
    if (threadIdx.x < 8) {
        v = warp_sum<T>(0xffu, v);
    }
    out[threadIdx.x] = v;
}

static int host_step(int v, int n) {
    for (int i = 0; i < 10; i++)
        if (i * n > v)
            return v;
    return v + n;
}

int main() {
    const int n = 64;
    int *a, *o;
    float *f, *g;
    cudaMallocManaged(&a, n * sizeof(int));
    cudaMallocManaged(&o, n * sizeof(int));
    cudaMallocManaged(&f, n * sizeof(float));
    cudaMallocManaged(&g, n * sizeof(float));
    bool ok = true;

    for (int i = 0; i < n; i++)
        a[i] = 7;
    k_switch<<<1, n>>>(a, o);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        ok &= o[i] == (63 - i) * 2;
    printf("switch %s\n", ok ? "ok" : "BAD");

    ok = true;
    for (int i = 0; i < n; i++)
        a[i] = i + 1;
    k_condvar<<<1, n>>>(a, o);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        ok &= o[i] == ((i + 1) % n + 1) + (i + 1) % n;
    printf("condvar %s\n", ok ? "ok" : "BAD");

    ok = true;
    k_ternary<<<1, n>>>(f, 1);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        ok &= f[i] == 2.0f;
    printf("ternary %s\n", ok ? "ok" : "BAD");

    ok = true;
    int want[64], tmp[64];
    for (int i = 0; i < n; i++)
        a[i] = want[i] = (i * 37) % 90;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < n; i++)
            tmp[(i + 1) % n] = host_step(want[i], round ? 7 : 5);
        for (int i = 0; i < n; i++)
            want[i] = tmp[i];
    }
    k_goto<<<1, n>>>(a);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        ok &= a[i] == want[i];
    printf("goto %s\n", ok ? "ok" : "BAD");

    ok = true;
    k_private<<<1, n>>>(f);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; i++)
        ok &= f[i] == 63.0f;
    printf("private %s\n", ok ? "ok" : "BAD");

    float sum = 0;
    for (int i = 0; i < n; i++)
        sum += (f[i] = (float)(i % 5));
    k_recursion<<<1, n>>>(f, g);
    cudaDeviceSynchronize();
    printf("recursion %s\n", g[0] == sum ? "ok" : "BAD");

    ok = true;
    k_sums<int><<<1, 32>>>(o);
    k_sums<float><<<1, 32>>>(f);
    cudaDeviceSynchronize();
    for (int i = 0; i < 32; i++) {
        /* lanes 0..7: their sum (a butterfly for float, __reduce_add_sync for int) */
        ok &= o[i] == (i < 8 ? 28 : i) && f[i] == (i < 8 ? 28.0f : (float)i);
    }
    printf("specialised %s\n", ok ? "ok" : "BAD");
    return cudaGetLastError() != cudaSuccess;
}
