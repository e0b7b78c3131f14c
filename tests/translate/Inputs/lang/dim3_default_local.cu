// C++: `dim3 b;` is (1, 1, 1) by dim3's constructor, which C does not have
#include <stdio.h>
__global__ void one(int *out) { out[threadIdx.x] = 1; }
int main(void) {
    dim3 b;
    b.x = 8;
    int *out;
    cudaMallocManaged((void **)&out, 8 * sizeof(int), cudaMemAttachGlobal);
    one<<<1, b>>>(out);
    cudaDeviceSynchronize();
    return out[7] == 1 && b.y == 1 && b.z == 1 ? 0 : 1;
}
