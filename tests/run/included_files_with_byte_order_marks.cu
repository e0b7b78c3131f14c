// Files saved with a UTF-8 byte order mark (HeCBench btree includes such a .cu file): the
// main file and an included one. The mark is skipped where the files are spliced together
// (g++ rejected it in the middle of the text); the kernels run.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 9 4
#include <cstdio>
#include "Inputs/bom/kernels.cu"

__global__ void own(int *o) { o[threadIdx.x] += 1; }

int main() {
    int *o;
    cudaMallocManaged(&o, 4 * sizeof(int));
    from_bom_file<<<1, 4>>>(o);
    own<<<1, 4>>>(o);
    cudaDeviceSynchronize();
    printf("%d %d\n", o[3] - 1, o[1] + 0);
    return 0;
}
