// Int locals B + threadIdx.x (or B - threadIdx.x) are offsets of x: their thread loops come
// twice, a fast copy where the local is a signed induction variable, taken when B +-
// threadIdx.x stays within int for the block (checked once per block when B reads only
// parameters, else where the loops start), and the general copy. In the fast copy guards on
// the local bound the x loop. An unsigned local too, its check keeping B + threadIdx.x within
// [0, INT_MAX] (where it equals the int), its value marked not negative (cu2c_nonneg); guards
// on it stay. Not an offset: a scaled threadIdx.x.
// RUN: %cu2c %s -o - | FileCheck %s
// RUN: %cu2c %s -o /dev/null --dump-after=promote_locals 2>&1 | FileCheck %s --check-prefix=MODEL
__global__ void add(const float *a, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + 1.0f;
}
__global__ void shifted(float *c, int n, int s) {
    int base = n - s;
    int j = base - threadIdx.x;
    if (j >= 0)
        c[j] = 2.0f;
}
__global__ void neither(float *c) {
    int k = threadIdx.x * 2 + blockIdx.x;
    c[k] = 0.0f;
}
__global__ void unsigned_offset(float *c, unsigned n) {
    unsigned u = blockIdx.x * blockDim.x + threadIdx.x;
    if (u < n)
        c[u] = 0.0f;
}
void launch(const float *a, float *c, int n) { add<<<(n + 255) / 256, 256>>>(a, c, n); }

// CHECK-LABEL: void __cu2c_body_add(
// CHECK: {{^}}    if (__cu2c_xf) { const int __cu2c_flox = (int)CU2C_MINLL(__cu2c_bx, CU2C_MAXLL(0, 0)), __cu2c_fhix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, ((long long)(int)(n) - (long long)(int)(blockIdx.x * blockDim.x + 0u))));
// CHECK-NEXT: #line 11
// CHECK-NEXT: {{^}}CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = __cu2c_flox; __cu2c_tx < __cu2c_fhix; __cu2c_tx++) { {{.*}} { int i = ((int)(blockIdx.x * blockDim.x + 0u) + __cu2c_tx);
// CHECK-NEXT: {{^}}    if (1)
// CHECK-NEXT: {{^}}        c[i] = a[i] + 1.0f; } } } else
// CHECK-NEXT: #line 11
// CHECK-NEXT: {{^}}CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) { {{.*}} { int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT: {{^}}    if (i < n)
// CHECK-NEXT: {{^}}        c[i] = a[i] + 1.0f; } }
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: static __attribute__((noinline)) int __cu2c_xok_add({{.*}} return (long long)(int)(blockIdx.x * blockDim.x + 0u) + __cu2c_bx <= 0x80000000ll; }
// CHECK-NEXT: static void __cu2c_blk_add({{.*}} const int __cu2c_xf = __cu2c_xok_add(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz); if (__cu2c_bx == 256 && __cu2c_by == 1 && __cu2c_bz == 1 && __cu2c_xf) __cu2c_body_add(__cu2c_args, __cu2c_b, 256, 1, 1, 1); else __cu2c_body_add(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz, __cu2c_xf); }

// B reads a local: checked where the loops start; B - threadIdx.x >= 0 bounds x from above
// CHECK-LABEL: void __cu2c_body_shifted(
// CHECK: {{^}}    int base = n - s;
// CHECK-NEXT: {{^}}    if ((long long)(int)(base - 0u) - __cu2c_bx >= -0x80000001ll) { const int __cu2c_flox = (int)CU2C_MINLL(__cu2c_bx, CU2C_MAXLL(0, 0)), __cu2c_fhix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, ((long long)(int)(base - 0u) - (long long)(int)(0)) + 1));
// CHECK-NEXT: #line 17
// CHECK-NEXT: {{^}}CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = __cu2c_flox; {{.*}} { int j = ((int)(base - 0u) - __cu2c_tx);
// CHECK: } else
// CHECK-NOT: __cu2c_xok_shifted
// CHECK: static void __cu2c_blk_shifted({{.*}} const int __cu2c_xf = 1;

// CHECK-LABEL: void __cu2c_body_neither(
// CHECK-NOT: if (
// CHECK: {{^}}    CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) { {{.*}} { int k = threadIdx.x * 2 + blockIdx.x;
// CHECK-NEXT: {{^}}    c[k] = 0.0f; } }
// CHECK-NEXT: {{^}}}

// CHECK-LABEL: void __cu2c_body_unsigned_offset(
// CHECK: unsigned u = cu2c_nonneg((int)(blockIdx.x * blockDim.x + 0u) + __cu2c_tx);
// CHECK-NEXT: if (u < n)
// CHECK: } else
// CHECK: unsigned u = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK: int __cu2c_xok_unsigned_offset({{.*}} return ((long long)(int)(blockIdx.x * blockDim.x + 0u) >= 0 && (long long)(int)(blockIdx.x * blockDim.x + 0u) + __cu2c_bx <= 0x80000000ll); }

// MODEL: kernel add
// MODEL: var i: int dims x x-offset (blockIdx.x * blockDim.x + 0u) + x
// MODEL: kernel shifted
// MODEL: var base: int dims -{{$}}
// MODEL: var j: int dims x x-offset (base - 0u) - x
// MODEL: kernel neither
// MODEL: var k: int dims x{{$}}
// MODEL: kernel unsigned_offset
// MODEL: var u: unsigned int dims x x-offset (blockIdx.x * blockDim.x + 0u) + x
