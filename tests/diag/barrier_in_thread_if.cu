// A barrier under an if whose condition reads threadIdx: undefined on the GPU, refused at the
// barrier, naming the condition; no output file is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --strict-whitespace
// RUN: not test -e %t.c
__global__ void k(float *a) {
    if (threadIdx.x < 16)
        __syncthreads();
    a[threadIdx.x] = 1.0f;
}
// CHECK: [[FILE]]:8:9: error: barrier under thread-dependent control: the condition of the 'if' at line 7 (threadIdx.x < 16) varies with threadIdx.x
// CHECK-NEXT: {{^}}        __syncthreads();
// CHECK-NEXT: {{^}}        ^
