// A loop holding a barrier whose trip count differs between threads: refused at the barrier,
// with a note at the local the bound comes from.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__global__ void k(float *a, int n) {
    int mine = n + threadIdx.y;
    for (int i = 0; i < mine; i++) {
        a[threadIdx.x] += 1.0f;
        __syncthreads();
    }
}
// CHECK: [[FILE]]:8:9: error: barrier under thread-dependent control: the condition of the 'for' at line 6 (i < mine) varies with threadIdx.y
// CHECK: [[FILE]]:5:9: note: 'mine' varies with threadIdx.y
