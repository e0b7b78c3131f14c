// A #define inside a kernel's parameter list is refused, located at the kernel (its
// conditionals are kept: run/kernel_signature_with_conditional_directives.cu).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
__global__ void k(int *o,
#define SECOND int n
                  SECOND) {
    o[threadIdx.x] = n;
}
void launch(int *o) { k<<<1, 32>>>(o, 1); }
// CHECK: [[FILE]]:6:17: error: kernel 'k': a preprocessor directive other than #if, #ifdef, #ifndef, #elif, #else, #endif inside its signature is not supported
