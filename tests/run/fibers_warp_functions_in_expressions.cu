// Warp functions where only some lanes evaluate them (a branch of ?:, the right operand of
// &&) or in a for-loop's init and increment, and a constructor and an operator holding
// barriers: the thread-loop engine cannot place their gathering, the fiber engine runs them
// as written, each lane meeting the others its mask names.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: expressions ok
#include <cstdio>

struct Acc {
    float *s;
    __device__ Acc(float *p) : s(p) {
        s[threadIdx.x] = (float)threadIdx.x;
        __syncthreads();
    }
    __device__ float operator()(int i) {
        __syncthreads();
        return s[i];
    }
};

__global__ void k(int *out, const int *in) {
    int v = in[threadIdx.x];
    int a = v > 15 ? __shfl_xor_sync(0xffff0000u, v, 1) : -1;
    int b = (v >= 0 && __any_sync(0xffffffffu, v == 5)) ? 1 : 0;
    int c = 0;
    for (int i = __shfl_sync(0xffffffffu, v, 0); i < 3; i += __shfl_sync(0xffffffffu, 1, 0))
        c++;
    __shared__ float s[32];
    Acc acc(s);
    out[threadIdx.x] = a * 10000 + b * 1000 + c * 100 + (int)acc((threadIdx.x + 1) % 32);
}

int main() {
    int *o, *in;
    cudaMallocManaged(&o, 32 * sizeof(int));
    cudaMallocManaged(&in, 32 * sizeof(int));
    for (int i = 0; i < 32; i++)
        in[i] = i;
    k<<<1, 32>>>(o, in);
    bool ok = cudaDeviceSynchronize() == cudaSuccess;
    for (int t = 0; t < 32; t++) {
        int a = t > 15 ? (t ^ 1) : -1;
        ok &= o[t] == a * 10000 + 1000 + 300 + (t + 1) % 32;
    }
    printf("expressions %s\n", ok ? "ok" : "BAD");
    return 0;
}
