// Barriers written in a macro with other statements (`#define STEP v = ...; __syncthreads();
// s[t] = ...; __syncthreads();`), as unrolled exchanges are often written: the thread loops
// cannot place their edits inside the macro's one invocation (cu2c stopped with "overlapping
// edits"), so the kernel runs on the fiber engine, whose statements stay as written. A macro
// that is the barrier alone (`#define SYNC __syncthreads()`) stays on thread loops. Results
// compared with a host model.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s --check-prefix=ENGINE < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// ENGINE-NOT: {{static void __cu2c_fib}}_rotate_alone(
// ENGINE: {{static void __cu2c_fib}}_rotate_in_macro(
// ENGINE-NOT: {{static void __cu2c_fib}}_rotate_alone(
// CHECK: in macro ok, alone ok
#include <cstdio>

#define N 64
#define STEP                        \
    v = s[(t + 1) % N] * 3 + v;     \
    __syncthreads();                \
    s[t] = v & 1023;                \
    __syncthreads();
#define SYNC __syncthreads()

__global__ void rotate_in_macro(int *out) {
    __shared__ int s[N];
    int t = threadIdx.x, v = t;
    s[t] = t;
    __syncthreads();
    STEP
    STEP
    STEP
    out[t] = v;
}

__global__ void rotate_alone(int *out) {
    __shared__ int s[N];
    int t = threadIdx.x, v = t;
    s[t] = t;
    SYNC;
    for (int k = 0; k < 3; k++) {
        v = s[(t + 1) % N] * 3 + v;
        SYNC;
        s[t] = v & 1023;
        SYNC;
    }
    out[t] = v;
}

static bool model(const int *out, int steps) {
    int s[N], v[N];
    for (int t = 0; t < N; t++)
        s[t] = v[t] = t;
    for (int k = 0; k < steps; k++) {
        for (int t = 0; t < N; t++)
            v[t] = s[(t + 1) % N] * 3 + v[t];
        for (int t = 0; t < N; t++)
            s[t] = v[t] & 1023;
    }
    for (int t = 0; t < N; t++)
        if (out[t] != v[t])
            return false;
    return true;
}

int main() {
    int *out;
    cudaMallocManaged(&out, N * sizeof(int));
    rotate_in_macro<<<1, N>>>(out);
    cudaDeviceSynchronize();
    bool in_macro = model(out, 3);
    rotate_alone<<<1, N>>>(out);
    cudaDeviceSynchronize();
    bool alone = model(out, 3);
    printf("in macro %s, alone %s\n", in_macro ? "ok" : "WRONG", alone ? "ok" : "WRONG");
    return !(in_macro && alone);
}
