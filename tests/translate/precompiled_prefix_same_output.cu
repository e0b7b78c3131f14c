// cu2c's headers precompiled (lib/cu2c/*.pch, translator/frontend/pch.c) change nothing: the
// output is byte for byte the one of a parse of the headers (--no-pch), with cu2c's own
// command line, with cu2cc's (nvcc.pch), with a header directory that shadows a header the
// prefix includes (the prefix is then parsed), with a -D no precompiled prefix has, and
// with a __CUDA_ARCH__ branch (parsed twice).
// RUN: rm -rf %t && mkdir -p %t/shadow && printf '#include_next <math.h>\n#define SHADOWED 1\n' > %t/shadow/math.h
// RUN: %cu2c %s -o %t/a.c && %cu2c --no-pch %s -o %t/b.c && cmp %t/a.c %t/b.c
// RUN: %cu2c -I%t/shadow %s -o %t/a.c && %cu2c --no-pch -I%t/shadow %s -o %t/b.c && cmp %t/a.c %t/b.c
// RUN: %cu2c -DNDEBUG %s -o %t/a.c && %cu2c --no-pch -DNDEBUG %s -o %t/b.c && cmp %t/a.c %t/b.c
// RUN: %cu2cc -c %s -o %t/n.o --keep --keep-dir %t && mv %t/precompiled_prefix_same_output.cu.cpp %t/a.cpp
// RUN: %cu2c --lang=c++ -arch compute_80 -D__NVCC__ -D__CUDACC_VER_MAJOR__=12 -D__CUDACC_VER_MINOR__=8 \
// RUN:   -D__CUDACC_VER_BUILD__=0 -D__CUDA_API_VER_MAJOR__=12 -D__CUDA_API_VER_MINOR__=8 --no-pch %s -o %t/b.cpp
// RUN: %cu2c --lang=c++ -arch compute_80 -D__NVCC__ -D__CUDACC_VER_MAJOR__=12 -D__CUDACC_VER_MINOR__=8 \
// RUN:   -D__CUDACC_VER_BUILD__=0 -D__CUDA_API_VER_MAJOR__=12 -D__CUDA_API_VER_MINOR__=8 %s -o %t/c.cpp
// RUN: cmp %t/b.cpp %t/c.cpp
#include <assert.h>
#include <math.h>

__device__ float twice(float x) {
#ifdef __CUDA_ARCH__
    return 2.0f * x;
#else
    return x + x;
#endif
}

__global__ void scale(float *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] = sqrtf(twice(a[i]));
}

int main() {
    float *a;
    cudaMalloc(&a, 64 * sizeof(float));
    scale<<<1, 64>>>(a, 64);
    assert(cudaDeviceSynchronize() == cudaSuccess);
    return 0;
}
