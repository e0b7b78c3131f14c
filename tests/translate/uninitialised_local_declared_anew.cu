// A local declared without an initialiser before a barrier, assigned in both branches of an
// if after it and read only there: no value crosses the barrier, so it gets no per-thread
// copy (it is not promoted) and is declared anew in its thread loop; the loop declaring it
// stores nothing. One whose value does cross a later barrier is promoted as before, but
// not loaded where its value on entry can only be the declaration's (declared anew too).
// RUN: %cu2c %s -o - | FileCheck %s
// RUN: %cu2c %s -o /dev/null --dump-after=promote_locals 2>&1 | FileCheck %s --check-prefix=MODEL
__global__ void k(const float *in, float *out) {
    float a, b;
    __shared__ float t[64];
    t[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0)
        a = t[0];
    else
        a = t[threadIdx.x - 1];
    b = a * 2.0f;
    __syncthreads();
    out[threadIdx.x] = b;
}
// MODEL: var a: float dims x hoisted{{$}}
// MODEL: var b: float dims x promoted
// CHECK-LABEL: void __cu2c_body_k(
// CHECK: { float a, b; } }
// CHECK: __typeof__(float) a; __typeof__(float) b; { if (threadIdx.x == 0)
// CHECK: b = a * 2.0f; __cu2c_p{{[0-9]+}}[__cu2c_tx] = b; } }
// CHECK: __typeof__(float) b = __cu2c_p{{[0-9]+}}[__cu2c_tx]; { out[threadIdx.x] = b; } }
