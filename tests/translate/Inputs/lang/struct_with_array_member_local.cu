// C: a local of a plain struct with an array member (clang constructs it, doing nothing, as C
// declares it); dim3's default construction (1, 1, 1) is C++'s, see dim3_default_local.cu
#include <stdio.h>
typedef struct Regs { unsigned d, v[5]; } Regs;
__global__ void fill(unsigned *out) {
    Regs r;
    for (int i = 0; i < 5; i++) r.v[i] = threadIdx.x + i;
    r.d = r.v[4];
    out[threadIdx.x] = r.d;
}
int main(void) {
    unsigned *out;
    cudaMallocManaged((void **)&out, 32 * sizeof(unsigned), cudaMemAttachGlobal);
    fill<<<1, 32>>>(out);
    cudaDeviceSynchronize();
    for (unsigned i = 0; i < 32; i++)
        if (out[i] != i + 4) return 1;
    return 0;
}
