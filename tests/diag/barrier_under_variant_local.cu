// The condition reads a local that got its value from threadIdx through another local and a
// compound assignment: still thread-dependent, refused, with a note at that local.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__global__ void k(float *a, int n) {
    int t = threadIdx.x;
    int flag = n;
    flag += t & 1;
    while (flag > 0) {
        a[0] += 1.0f;
        __syncthreads();
        flag--;
    }
}
// CHECK: [[FILE]]:10:9: error: barrier under thread-dependent control: the condition of the 'while' at line 8 (flag > 0) varies with threadIdx.x
// CHECK: [[FILE]]:6:9: note: 'flag' varies with threadIdx.x
