// The installed pkg-config files: cu2c.pc (libcu2c, cu2c's name) and cudart-M.m.pc (CUDA's
// name and shape, lib64/libcudart.a) give the include directory and the runtime with the
// threads and maths libraries it needs; a program built from their flags alone runs.
// RUN: rm -rf %t.p && make -s -C %root install PREFIX=%t.p > /dev/null
// RUN: env PKG_CONFIG_PATH=%t.p/lib/pkgconfig pkg-config --cflags --libs cu2c | FileCheck %s --check-prefix=CU2C -DP=%t.p
// CU2C: -I[[P]]/include -L[[P]]/lib -lcu2c -pthread -lm
// RUN: env PKG_CONFIG_PATH=%t.p/lib/pkgconfig pkg-config --list-all | FileCheck %s --check-prefix=LIST
// LIST-DAG: cu2c
// LIST-DAG: cudart-12.{{[0-9]+}}
// RUN: %t.p/bin/nvcc -c %S/Inputs/count_kernel.cu -o %t.kernel.o
// RUN: env PKG_CONFIG_PATH=%t.p/lib/pkgconfig bash -c 'g++ $(pkg-config --cflags cu2c) -c %s -o %t.main.o && g++ %t.main.o %t.kernel.o $(pkg-config --libs cu2c) -o %t'
// RUN: %t | FileCheck %s
// RUN: env PKG_CONFIG_PATH=%t.p/lib/pkgconfig bash -c 'cudart=$(pkg-config --list-all | grep -o "^cudart-[0-9.]*") && g++ $(pkg-config --cflags $cudart) -c %s -o %t.main2.o && g++ %t.main2.o %t.kernel.o $(pkg-config --libs $cudart) -o %t.2'
// RUN: %t.2 | FileCheck %s
#include <cstdio>
#include <cuda_runtime.h>

void launch_count(int *c, int blocks, int threads);

int main() {
    int *c;
    cudaMallocManaged(&c, sizeof *c);
    *c = 0;
    launch_count(c, 2, 96);
    cudaDeviceSynchronize();
    int n = *c;
    cudaFree(c);
    printf("count %d\n", n);
    return n != 192;
}
// CHECK: count 192
