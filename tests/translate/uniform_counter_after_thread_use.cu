// A counter first holding threadIdx.x, then reused as the counter of a loop holding a
// barrier: the loop runs once per block on a block-level scalar i (declared just before the
// thread loop where `int i` is declared per thread, which shadows it), with no per-thread
// storage for i; the region inside the loop reads that scalar.
// RUN: %cu2c %s -o - | FileCheck %s
// RUN: %cu2c %s -o /dev/null --dump-after=promote_locals 2>&1 | FileCheck %s --check-prefix=MODEL
__global__ void shift(int *a, int n) {
    int i = threadIdx.x;
    a[i] = i;
    __syncthreads();
    for (i = 0; i < n; i++) {
        a[threadIdx.x] += i;
        __syncthreads();
    }
}
// CHECK-LABEL: void __cu2c_body_shift(
// CHECK-NOT: cu2c_block{{_}}scratch
// CHECK: {{^}}    __typeof__(int) i __attribute__((unused)); CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; {{.*}} { int i = threadIdx.x;
// CHECK-NEXT: {{^}}    a[i] = i; } }
// CHECK-NEXT: {{^}}    /* __syncthreads() */;
// CHECK-NEXT: {{^}}    for (i = 0; i < n; i++) {
// CHECK-NEXT: {{^}}        CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) { const __cu2c_uint3 threadIdx __attribute__((unused)) = {(unsigned)__cu2c_tx, 0, 0}; { a[threadIdx.x] += i; } }
// CHECK-NEXT: {{^}}        /* __syncthreads() */;
// CHECK-NEXT: {{^}}    }

// MODEL: stmt 3 line {{[0-9]+}} sync    region 1 dims -   nest -1  for (i = 0;
// MODEL: var i: int dims x hoisted values x -{{$}}
