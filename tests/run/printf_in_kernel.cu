// printf from a kernel: one line per thread with its indices and one from thread 0 of each
// block; the lines are sorted before checking since the threads' order is not fixed.
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t | env LC_ALL=C sort | FileCheck %s
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t | env LC_ALL=C sort | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

__global__ void say(int tag, float f) {
    printf("tag %d block %u thread %u f=%.2f\n", tag, blockIdx.x, threadIdx.x, f * threadIdx.x);
    if (threadIdx.x == 0) printf("leader of block %u of %u\n", blockIdx.x, gridDim.x);
}

int main() {
    say<<<2, 3>>>(42, 1.5f);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
// CHECK:      {{^}}done{{$}}
// CHECK-NEXT: {{^}}leader of block 0 of 2{{$}}
// CHECK-NEXT: {{^}}leader of block 1 of 2{{$}}
// CHECK-NEXT: {{^}}tag 42 block 0 thread 0 f=0.00{{$}}
// CHECK-NEXT: {{^}}tag 42 block 0 thread 1 f=1.50{{$}}
// CHECK-NEXT: {{^}}tag 42 block 0 thread 2 f=3.00{{$}}
// CHECK-NEXT: {{^}}tag 42 block 1 thread 0 f=0.00{{$}}
// CHECK-NEXT: {{^}}tag 42 block 1 thread 1 f=1.50{{$}}
// CHECK-NEXT: {{^}}tag 42 block 1 thread 2 f=3.00{{$}}
// CHECK-NOT:  {{.}}
