// Guards a macro writes bound the thread loops: their bounds rebuilt from the parse (macros
// expanded, constants with their types), the condition replaced by 1 when every term narrows
// the loops (its text is the macros' calls, not the terms). A guarded if after an assignment
// gets a thread loop of its own. A term that is no guard keeps the condition.
// RUN: %cu2c %s -o - | FileCheck %s
#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define AT_LEAST_SUM(x, a, b) ((x) >= (a) + (b))

__global__ void stencil(float *out, int lo, int steps) {
    __shared__ float t[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    t[ty][tx] = tx;
    __syncthreads();
    for (int i = 0; i < steps; i++) {
        t[ty][tx] *= 2;
        if (IN_RANGE(tx, i + 1, 16 - i - 2) && IN_RANGE(ty, lo, 15))
            t[ty][tx] += 1;
        __syncthreads();
    }
    out[ty * 16 + tx] = t[ty][tx];
}
__global__ void not_whole(float *out, int a, int b, const int *keep) {
    int tx = threadIdx.x;
    __shared__ int s[64];
    s[tx] = keep[tx];
    __syncthreads();
    if (AT_LEAST_SUM(tx, a, b) && s[tx])
        out[tx] = tx;
}

// CHECK-LABEL: void __cu2c_body_stencil(
// CHECK: { t[ty][tx] *= 2; } }
// CHECK: const int __cu2c_lox = {{.*}}(long long)(int)((i + ((int)1ll))){{.*}}(long long)(int)(((((int)16ll) - i) - ((int)2ll))) + 1
// CHECK-SAME: const int __cu2c_loy = {{.*}}(long long)(int)(lo){{.*}}(long long)(int)(((int)15ll)) + 1
// CHECK: { if (1)
// CHECK-LABEL: void __cu2c_body_not_whole(
// CHECK: const int __cu2c_lox = {{.*}}(long long)(int)((a + b))
// CHECK: if (AT_LEAST_SUM(tx, a, b) && s[tx])
