// A kernel whose parameter list holds #if/#ifdef/#else/#endif (NVIDIA's convolutionFFT2D:
// `#if (USE_TEXTURE) , cudaTextureObject_t texFloat #endif`): the host stub repeats the
// signature with its directives on lines of their own, so the host compiler keeps the
// parameters the parse kept, and the launch passes them in order. The lines after the
// kernel keep their numbers (__LINE__ below).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 5 194 7 line 39
#include <cstdio>

#define USE_TEX 0
#define SCALE 1

__global__ void k(int *o,
                  int n
#if (USE_TEX)
                  , float *unused
#else
                  , int add /* the offset */
#endif
#ifdef SCALE
                  , int mul
#endif
#  ifndef NO_EXTRA
                  , int \
                  extra
#  endif
) {
    if (threadIdx.x < n)
        o[threadIdx.x] = threadIdx.x * mul + add;
    if (threadIdx.x == 0)
        o[n] = extra;
}

int main() {
    int *o;
    cudaMallocManaged(&o, 65 * sizeof(int));
    k<<<1, 64>>>(o, 64, 5, 3, 7);
    cudaDeviceSynchronize();
    printf("%d %d %d line %d\n", o[0], o[63], o[64], __LINE__);
    return 0;
}
