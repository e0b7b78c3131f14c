// CU2C_CHECK=race on planted races and on their race-free twins: a missing barrier, a
// warp-synchronous reduction relying on the warp stepping together (no volatile, no
// __syncwarp: a race since Volta), a race through device functions, one thread's store
// read by all without a barrier. Each racing pair of source lines is reported once, naming
// the kernel, the block, both threads and both lines; the race-free twins (barrier, volatile
// lockstep, __syncwarp, shuffles, atomics) report nothing, and every kernel still computes
// what it computes without the checker.
// Not under CU2C_THREAD_ORDER: the threads its reports name are those of the written order.
// UNSUPPORTED: thread-order
// RUN: env CU2C_CHECK=race %cu2cc %s -o %t
// RUN: env -u CU2C_CHECK_LOG CU2C_NUM_THREADS=2 timeout 120 %t 2> %t.err | FileCheck --check-prefix=OUT %s
// RUN: FileCheck %s < %t.err
// Without the checker the same program runs, silently:
// RUN: env -u CU2C_CHECK %cu2cc %s -o %t.plain && %t.plain 2> %t.plain.err | FileCheck --check-prefix=OUT %s
// RUN: not grep race %t.plain.err
#include <cstdio>

#define N 64

__global__ void missing_barrier(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[t];
    out[t] = s[(t + 1) % N];   // no __syncthreads() before reading a neighbour's store
}
// CHECK: cu2c: race in kernel missing_barrier, block [{{[01]}},0,0]: read by thread [0,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-2]] and write by thread [1,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-3]] of the same shared memory (address 0x{{[0-9a-f]+}}), no barrier between them

__global__ void with_barrier(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    out[t] = s[(t + 1) % N];
}

__global__ void warp_sum_implicit(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[t] + in[t + N];
    __syncthreads();
    if (t < 32) {
        for (int d = 32; d > 0; d /= 2)
            s[t] += s[t + d];   // lanes read what other lanes of the warp store
    }
    if (t == 0)
        out[0] = s[0];
}
// CHECK: cu2c: race in kernel warp_sum_implicit, block [0,0,0]: read by thread [0,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-5]] and write by thread [1,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-5]] of the same shared memory

__global__ void warp_sum_volatile(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[t] + in[t + N];
    __syncthreads();
    if (t < 32) {
        volatile int *v = s;
        for (int d = 32; d > 0; d /= 2)
            v[t] += v[t + d];
    }
    if (t == 0)
        out[1] = s[0];
}

__global__ void warp_sum_syncwarp(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[t] + in[t + N];
    __syncthreads();
    if (t < 32) {
        for (int d = 32; d > 0; d /= 2) {
            int other = s[t + d];
            __syncwarp();
            s[t] += other;
            __syncwarp();
        }
    }
    if (t == 0)
        out[2] = s[0];
}

__global__ void warp_sum_shuffle(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    s[t] = in[t] + in[t + N];
    __syncthreads();
    if (t < 32) {
        int v = s[t] + s[t + 32];
        for (int d = 16; d > 0; d /= 2)
            v += __shfl_down_sync(0xffffffffu, v, d);
        if (t == 0)
            out[3] = v;
    }
}

__device__ void put(int *p, int i, int v) { p[i] = v; }
__device__ int get(const int *p, int i) { return p[i]; }

__global__ void through_device_functions(const int *in, int *out) {
    __shared__ int s[N];
    int t = threadIdx.x;
    put(s, t, in[t] * 3);
    out[N + t] = get(s, N - 1 - t);
}
// CHECK: cu2c: race in kernel through_device_functions, block [0,0,0]: read by thread [31,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-8]] and write by thread [32,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-9]] of the same shared memory

__global__ void counted_atomically(int *out) {
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        out[2 * N] = count;
}

__global__ void flag_without_barrier(int *out) {
    __shared__ int flag;
    if (threadIdx.x == 5)
        flag = 7;
    out[2 * N + 1 + threadIdx.x] = flag;
}
// CHECK: cu2c: race in kernel flag_without_barrier, block [0,0,0]: read by thread [0,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-2]] and write by thread [5,0,0] at {{.*}}race_check_planted_races.cu:[[@LINE-3]] of the same shared memory
// CHECK-NOT: cu2c: race in
// CHECK: cu2c: race check: {{[0-9]+}} racing accesses, 4 distinct pairs of source lines
// CHECK-NOT: cu2c: race

int main() {
    int h_in[2 * N], *in, *out, h_out[3 * N + 1];
    for (int i = 0; i < 2 * N; i++)
        h_in[i] = i + 1;
    cudaMalloc(&in, sizeof h_in);
    cudaMalloc(&out, sizeof h_out);
    cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    with_barrier<<<1, N>>>(in, out);
    cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < N; t++)
        bad += h_out[t] != h_in[(t + 1) % N];
    missing_barrier<<<2, N>>>(in, out);
    warp_sum_implicit<<<1, N>>>(in, out);
    warp_sum_volatile<<<1, N>>>(in, out);
    warp_sum_syncwarp<<<1, N>>>(in, out);
    warp_sum_shuffle<<<1, N>>>(in, out);
    through_device_functions<<<1, N>>>(in, out);
    counted_atomically<<<1, N>>>(out);
    flag_without_barrier<<<1, N>>>(out);
    cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost);
    int sum = 2 * N * (2 * N + 1) / 2;
    for (int i = 1; i < 4; i++)   // the race-free reductions (the racy one's sum is anyone's guess)
        bad += h_out[i] != sum;
    bad += h_out[2 * N] != N;
    printf("%s\n", bad ? "WRONG" : "ok");
    return bad != 0;
}
// OUT: ok
