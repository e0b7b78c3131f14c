// -l names a library without a word on stderr; CUDA's runtime libraries (-lcudart,
// -lcudart_static, -lcudadevrt, -lcuda) are libcu2c and pull in nothing else; other -l
// libraries are linked after libcu2c, in one group with it, so a static library of CUDA
// code (built by cu2cc -lib) links wherever -l names it. An unknown option is an error
// naming it (exit 1), unless -forward-unknown-to-host-compiler (or -forward-unknown-opts)
// passes it to the host compiler and the link: -fopenmp then builds and links OpenMP.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc -DLIB_PART -lib %s -o libpart.a
// RUN: %cu2cc %s -o app -L. -lpart -lcudart -lcudart_static -lcudadevrt -lcuda -lm 2> err.txt
// RUN: count 0 < err.txt
// RUN: ./app | FileCheck %s
// CHECK: twice 42
// RUN: %cu2cc --dryrun %s -o app -L. -lpart,m -lcudart 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ c++ {{.*}} -L. {{.*}}-Wl,--start-group "{{.*}}/libcu2c.a" -lpart -lm -Wl,--end-group -lpthread -lm
// LINK-NOT: cudart
// RUN: not %cu2cc -fopenmp %s -o app 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: cu2cc: error: unknown option '-fopenmp'
// RUN: not %cu2cc --no-such-option %s -o app 2>&1 | FileCheck %s --check-prefix=UNKNOWN2
// UNKNOWN2: cu2cc: error: unknown option '--no-such-option'
// RUN: not %cu2cc -cubin %s 2>&1 | FileCheck %s --check-prefix=CUBIN
// CUBIN: cu2cc: error: -cubin: cu2c makes no GPU code
// RUN: %cu2cc -forward-unknown-to-host-compiler -fopenmp -Wno-unused %s -o omp -L. -lpart
// RUN: env OMP_NUM_THREADS=3 ./omp | FileCheck %s --check-prefix=OMP
// RUN: %cu2cc -forward-unknown-opts -fopenmp %s -o omp2 -L. -lpart
// RUN: env OMP_NUM_THREADS=3 ./omp2 | FileCheck %s --check-prefix=OMP
// OMP: openmp 3
// OMP: twice 42
#include <cstdio>
#ifdef _OPENMP
#include <omp.h>
#endif

int run_twice(int x);

#ifdef LIB_PART
__global__ void twice(int *v) { v[threadIdx.x] *= 2; }

int run_twice(int x) {
    int *d;
    cudaMalloc(&d, sizeof x);
    cudaMemcpy(d, &x, sizeof x, cudaMemcpyHostToDevice);
    twice<<<1, 1>>>(d);
    cudaMemcpy(&x, d, sizeof x, cudaMemcpyDeviceToHost);
    cudaFree(d);
    return x;
}
#else
int main() {
#ifdef _OPENMP
    printf("openmp %d\n", omp_get_max_threads());
#endif
    printf("twice %d\n", run_twice(21));
    return 0;
}
#endif
