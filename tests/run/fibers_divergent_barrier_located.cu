// On the fiber engine a barrier completes once every thread that has not exited waits at
// one (Volta's rule): threads leaving early do not hold it up, and threads at two different
// __syncthreads() meet, as on the GPU, where both are barrier 0. Threads at a barrier and
// lanes at a __syncwarp() naming them never meet: the kernel ends with cudaErrorLaunchFailure
// and a message naming the call, the block and how many threads reached it; nothing hangs.
// (The kernels hold barriers under a thread-dependent switch: the thread-loop engine cannot
// structure them.)
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t 2> %t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// CHECK: early exits: ok
// CHECK-NEXT: two barriers: ok
// CHECK-NEXT: divergent: unspecified launch failure
// ERR: fibers_divergent_barrier_located.cu:[[@LINE+42]]: error: divergent __syncwarp() in block (0,0,0): 32 of its 64 running threads reach it, the others (thread (1,0,0) is waiting at the barrier at {{.*}}fibers_divergent_barrier_located.cu:[[@LINE+37]]) may wait at another barrier
// ERR-NOT: error
#include <cstdio>

__global__ void early_exits(int *out) {
    __shared__ int s[64];
    int t = threadIdx.x;
    switch (t % 4) {
    case 3:
        return;     /* a quarter of the threads leave */
    default:
        s[t] = t;
        __syncthreads();
        out[blockIdx.x * 64 + t] = s[(t + 4) % 64];
    }
}

__global__ void two_barriers(int *out) {
    __shared__ int s[64];
    int t = threadIdx.x;
    switch (t % 2) {
    case 1:
        s[t] = 1;
        __syncthreads();
        out[t] = s[t - 1];
        break;
    default:
        s[t] = 2;
        __syncthreads();
        out[t] = s[t + 1];
        break;
    }
}

__global__ void divergent(int *out) {
    switch (threadIdx.x % 2) {
    case 1:
        __syncthreads();
        out[threadIdx.x] = 1;
        break;
    default:
        out[threadIdx.x] = 2;
        __syncwarp();
        break;
    }
}

int main() {
    int *out;
    cudaMallocManaged(&out, 4 * 64 * sizeof(int));
    for (int i = 0; i < 4 * 64; i++)
        out[i] = -1;
    early_exits<<<4, 64>>>(out);
    bool ok = cudaDeviceSynchronize() == cudaSuccess;
    for (int b = 0; b < 4; b++)
        for (int t = 0; t < 64; t++)
            ok &= out[b * 64 + t] == (t % 4 == 3 ? -1 : (t + 4) % 64);
    printf("early exits: %s\n", ok ? "ok" : "BAD");
    two_barriers<<<1, 64>>>(out);
    ok = cudaDeviceSynchronize() == cudaSuccess;
    for (int t = 0; t < 64; t++)
        ok &= out[t] == (t % 2 ? 2 : 1);
    printf("two barriers: %s\n", ok ? "ok" : "BAD");
    divergent<<<1, 64>>>(out);
    printf("divergent: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
