// -o never destroys what is not a regular output file: cu2cc and cu2c write through
// devices (/dev/null; /dev/zero, which no other program on the machine replaces by mistake
// while this runs, shows it stays a device), a FIFO (its reader gets the bytes) and a
// symbolic link (it stays a link; the file it names gets the output). -o naming an input is
// refused.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc %s -o /dev/null && %cu2cc -c %s -o /dev/null && %cu2c %s -o /dev/null
// RUN: %cu2cc %s -o /dev/zero && test -c /dev/zero
// RUN: %cu2cc -c %s -o /dev/zero && test -c /dev/zero
// RUN: %cu2c %s -o /dev/zero && test -c /dev/zero
// RUN: mkfifo fifo && sh -c 'cat fifo > from_fifo & %cu2cc -c %s -o fifo; wait' && test -s from_fifo && test -p fifo
// RUN: rm from_fifo && sh -c 'cat fifo > from_fifo & %cu2c %s -o fifo; wait' && grep -q "translated from" from_fifo && test -p fifo
// RUN: echo old > target && ln -s target link && %cu2cc %s -o link && test -L link && ./link | FileCheck %s
// RUN: ./target | FileCheck %s
// RUN: echo old > ctarget && ln -s ctarget clink && %cu2c %s -o clink && test -L clink && grep -q "translated from" ctarget
// RUN: cp %s input.cu && not %cu2cc input.cu -o input.cu 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: cmp %s input.cu
// INPUT: cu2cc: error: output file 'input.cu' is also an input
// CHECK: done 3
#include <cstdio>

__global__ void three(int *v) { *v = 3; }

int main() {
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    three<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("done %d\n", h);
    return 0;
}
