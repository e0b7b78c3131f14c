// A barrier under a thread-dependent switch, or under an if whose condition declares a
// variable: not run per thread (an if or loop with a plain condition is, its barrier checked
// at run time), refused at the barrier, naming the condition.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__global__ void k(int *a) {
    switch (threadIdx.x % 2) {
    case 0: a[0] = 1; __syncthreads(); break;
    default: break;
    }
}
__global__ void k2(int *a) {
    if (int v = a[threadIdx.x]) {
        __syncthreads();
        a[0] = v;
    }
}
// CHECK: [[FILE]]:7:23: error: barrier under thread-dependent control: the condition of the 'switch' at line 6 (threadIdx.x % 2) varies with threadIdx.x
// CHECK: [[FILE]]:13:9: error: barrier under thread-dependent control: the condition of the 'if' at line 12 (v) varies with threadIdx.x
