// A .cu including thrust runs thrust's device algorithms with OpenMP: cu2c's parse defines
// _OPENMP, the translation's first line asks for -fopenmp, and cu2cc compiles it with
// -fopenmp; the link takes -fopenmp too, also when it only gets the object (its calls into
// libgomp tell). A .cu without thrust keeps nvcc's meaning: no OpenMP unless asked for
// (-Xcompiler -fopenmp), so its `#pragma omp` stays serial and _OPENMP undefined.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc -v -DUSE_THRUST -c %s -o thr.o 2>&1 | FileCheck %s --check-prefix=THRUST
// THRUST: #$ c++ {{.*}}-fopenmp -c
// RUN: %cu2cc -v thr.o -o thr 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ c++ {{.*}}-fopenmp -o
// RUN: env OMP_NUM_THREADS=2 ./thr | FileCheck %s --check-prefix=RUN-THRUST
// RUN-THRUST: openmp yes, sum 499500
// RUN: %cu2cc -v %s -o plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: -fopenmp
// RUN: ./plain | FileCheck %s --check-prefix=RUN-PLAIN
// RUN-PLAIN: openmp no, sum 499500
#include <cstdio>
#ifdef USE_THRUST
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#endif

__global__ void iota(int *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = i;
}

int main() {
    const int n = 1000;
    long long sum = 0;
#ifdef USE_THRUST
    thrust::device_vector<int> v(n);
    iota<<<4, 256>>>(thrust::raw_pointer_cast(v.data()), n);
    sum = thrust::reduce(v.begin(), v.end(), 0LL);
#else
    int *d, h[n];
    cudaMalloc(&d, n * sizeof(int));
    iota<<<4, 256>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    for (int i = 0; i < n; i++)
        sum += h[i];
#endif
#ifdef _OPENMP
    printf("openmp yes, sum %lld\n", sum);
#else
    printf("openmp no, sum %lld\n", sum);
#endif
    return sum == (long long)n * (n - 1) / 2 ? 0 : 1;
}
