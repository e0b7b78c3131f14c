// Legacy warp-synchronous steps through volatile shared memory, as NVIDIA's reduction samples
// write them: `if (tid < 32) warp_reduce(s, tid)` with `s[tid] += s[tid + 16]` and so on. A
// step storing s[I + c] and reading only s[I + k], k >= c, with I the thread's x coordinate,
// gives in ascending threads what lockstep gives, so in a block of one row it stores directly
// (no per-lane buffers), without the volatile, and its loop vectorises; elsewhere each lane's
// store still waits for every lane's reads. Checked against a host model of lockstep for: the
// reduction tail through a device function (parameter named like the caller's local) and
// written in the kernel, a plain `=` step, an int array stepped by a double (the value
// converted as `V += E` converts it), steps reading below the element stored (s[t - 1], s[t +
// 2] += s[t + 1]: lockstep shifts, ascending threads would smear) and through a pointer and a
// second array, and a block of two rows (lanes of a warp in two rows, x repeating).
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
// CHECK-LABEL: __cu2c_body_tail_through_function(
// CHECK: float __cu2c_vt0;
// CHECK: (__cu2c_vt0 = ( ((__typeof__(float) *)(s_data))[tid + 32]), (__cu2c_by * __cu2c_bz == 1) ? (void)(*(__typeof__(float) *)&(s_data[tid]) += __cu2c_vt0)
// CHECK: if (!(__cu2c_by * __cu2c_bz == 1)) for (size_t __cu2c_i
// CHECK-LABEL: __cu2c_body_shifts(
// CHECK-NOT: __cu2c_vt
// CHECK-LABEL: static void __cu2c_blk_shifts(
#include <cstdio>

#define N 64

__device__ void warp_reduce(volatile float *s_data, unsigned tid) {
    s_data[tid] += s_data[tid + 32];
    s_data[tid] += s_data[tid + 16];
    s_data[tid] += s_data[tid + 8];
    s_data[tid] += s_data[tid + 4];
    s_data[tid] += s_data[tid + 2];
    s_data[tid] += s_data[tid + 1];
}

__global__ void tail_through_function(const float *in, float *out) {
    __shared__ float s_data[N];
    unsigned tid = threadIdx.x;
    s_data[tid] = in[blockIdx.x * N + tid];
    __syncthreads();
    if (tid < 32)
        warp_reduce(s_data, tid);
    __syncthreads();
    out[blockIdx.x * N + tid] = s_data[tid];
}

__global__ void tail_in_kernel(const int *in, int *out, double scale) {
    __shared__ volatile int s[N];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * N + t];
    __syncthreads();
    if (t < 32) {
        s[t] += s[t + 32] * scale;      // int += double: converted as the compound assignment does
        s[t] = s[t + 16] - s[t];
        s[t + 1] += s[t + 2];
        s[t] += s[t + 4] ^ s[t + 3];
        s[t + 2] += s[t + 1];           // reads below the element stored: buffered
    }
    __syncthreads();
    out[blockIdx.x * N + t] = s[t];
}

__global__ void shifts(const float *in, float *out, const float *w) {
    __shared__ float s[N];
    volatile float *v = s;
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * N + t];
    __syncthreads();
    if (t >= 1 && t < 32) {          // lanes of warp 0 only
        v[t] += v[t - 1];               // reads below: lockstep shifts
        v[t] = v[t + 1] * w[t];         // a second array
    }
    __syncthreads();
    out[blockIdx.x * N + t] = s[t];
}

// blockDim (16, 4): a warp's lanes span two rows, x repeats
__global__ void two_rows(const float *in, float *out) {
    __shared__ float s[N];
    int t = threadIdx.y * 16 + threadIdx.x;
    s[t] = in[blockIdx.x * N + t];
    __syncthreads();
    if (threadIdx.y < 2)
        warp_reduce(s, threadIdx.x);
    __syncthreads();
    out[blockIdx.x * N + t] = s[t];
}

// the host's lockstep: each step's reads for all lanes, then its stores
template <typename T, typename F> static void step(T *s, int lo, int hi, F f) {
    T nv[N];
    for (int t = lo; t < hi; t++) nv[t] = f(t);
    for (int t = lo; t < hi; t++) s[t] = nv[t];
}

int main() {
    const int blocks = 3;
    float *fin, *fout, *w;
    int *iin, *iout;
    cudaMallocManaged(&fin, blocks * N * sizeof(float));
    cudaMallocManaged(&fout, blocks * N * sizeof(float));
    cudaMallocManaged(&w, N * sizeof(float));
    cudaMallocManaged(&iin, blocks * N * sizeof(int));
    cudaMallocManaged(&iout, blocks * N * sizeof(int));
    for (int i = 0; i < blocks * N; i++) {
        fin[i] = (float)((i * 37) % 101) * 0.25f;
        iin[i] = (i * 53) % 97 - 40;
    }
    for (int i = 0; i < N; i++) w[i] = 1.0f + (float)(i % 5) * 0.5f;
    int bad = 0;
    for (int kind = 0; kind < 4; kind++) {
        if (kind == 0) tail_through_function<<<blocks, N>>>(fin, fout);
        if (kind == 1) tail_in_kernel<<<blocks, N>>>(iin, iout, 1.5);
        if (kind == 2) shifts<<<blocks, N>>>(fin, fout, w);
        if (kind == 3) two_rows<<<blocks, dim3(16, 4)>>>(fin, fout);
        cudaDeviceSynchronize();
        for (int b = 0; b < blocks; b++) {
            float s[N];
            int si[N];
            for (int t = 0; t < N; t++) {
                s[t] = fin[b * N + t];
                si[t] = iin[b * N + t];
            }
            if (kind == 0 || kind == 3) {
                // kind 3: rows 0 and 1 both run lanes x = 0..15 on s[x]: the same values
                int hi = kind == 0 ? 32 : 16;
                for (int d = 32; d >= 1; d /= 2)
                    step(s, 0, hi, [&](int t) { return s[t] + s[t + d]; });
            } else if (kind == 1) {
                step(si, 0, 32, [&](int t) { return (int)(si[t] + si[t + 32] * 1.5); });
                step(si, 0, 32, [&](int t) { return si[t + 16] - si[t]; });
                int nv[N];
                for (int t = 0; t < 32; t++) nv[t + 1] = si[t + 1] + si[t + 2];
                for (int t = 0; t < 32; t++) si[t + 1] = nv[t + 1];
                step(si, 0, 32, [&](int t) { return si[t] + (si[t + 4] ^ si[t + 3]); });
                for (int t = 0; t < 32; t++) nv[t + 2] = si[t + 2] + si[t + 1];
                for (int t = 0; t < 32; t++) si[t + 2] = nv[t + 2];
            } else {
                step(s, 1, 32, [&](int t) { return s[t] + s[t - 1]; });
                step(s, 1, 32, [&](int t) { return s[t + 1] * w[t]; });
            }
            for (int t = 0; t < N; t++) {
                bool ok = kind == 1 ? iout[b * N + t] == si[t] : fout[b * N + t] == s[t];
                if (!ok && bad++ < 8)
                    printf("kernel %d, block %d, element %d: %g, want %g\n", kind, b, t,
                           kind == 1 ? (double)iout[b * N + t] : (double)fout[b * N + t],
                           kind == 1 ? (double)si[t] : (double)s[t]);
            }
        }
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
