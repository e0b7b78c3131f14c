// The second file of run/forceinline_functions_in_headers_of_two_files.cu: it includes the
// same header of __forceinline__ functions.
#include "functions.cuh"
__global__ void kb(int *o) { o[threadIdx.x] = du::twice(threadIdx.x) + plus1(0); }
int runb(int *o) {
    kb<<<1, 4>>>(o);
    return cudaDeviceSynchronize();
}
