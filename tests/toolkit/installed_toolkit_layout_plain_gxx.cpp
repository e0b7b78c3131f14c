// make install PREFIX=P lays out a CUDA toolkit's shape: bin/nvcc (cu2cc, finding its files
// through that name), headers in P/include, the runtime as lib64/libcudart.a and
// libcudart_static.a, empty libcudadevrt.a and libnvToolsExt.a, version.json and version.txt. This host file,
// compiled by plain g++ with -I P/include, links with the kernel object from `nvcc -c`
// through -L P/lib64 -lcudart, as a Makefile setting CUDA_PATH=P does; the kernel object is
// built with and without -I P/include (it must get its thread loops either way). A C program
// using only the driver API links with plain gcc through -lcuda (libcu2c too).
// RUN: rm -rf %t.p && make -s -C %root install PREFIX=%t.p > /dev/null
// RUN: test -x %t.p/bin/nvcc && test -x %t.p/bin/cu2cc && test -x %t.p/bin/cu2c
// RUN: test -f %t.p/include/cuda_runtime.h && test -f %t.p/include/cu2c/kernel.h
// RUN: test -f %t.p/lib/libcu2c.a && test -f %t.p/lib64/libcudart.a && test -f %t.p/lib64/libcudart_static.a
// RUN: ar t %t.p/lib64/libcudadevrt.a | count 0
// RUN: ar t %t.p/lib64/libnvToolsExt.a | count 0 && test -f %t.p/include/nvtx3/nvToolsExt.h
// RUN: FileCheck %s --check-prefix=TXT < %t.p/version.txt
// RUN: FileCheck %s --check-prefix=JSON < %t.p/version.json
// TXT: CUDA Version 12.{{[0-9]+}}.0
// JSON: "cuda" : {
// JSON: "version" : "12.{{[0-9]+}}.0"
// RUN: cd %T && %t.p/bin/nvcc -c %S/Inputs/count_kernel.cu -o %t.kernel.o
// RUN: %t.p/bin/nvcc -c -I %t.p/include %S/Inputs/count_kernel.cu -o %t.kernel-I.o
// RUN: g++ -I%t.p/include -c %s -o %t.main.o
// RUN: g++ %t.main.o %t.kernel.o -L%t.p/lib64 -lcudart -lpthread -o %t && %t | FileCheck %s
// RUN: g++ %t.main.o %t.kernel-I.o -L%t.p/lib64 -lcudart_static -lpthread -o %t.I && %t.I | FileCheck %s
// RUN: gcc -I%t.p/include %S/Inputs/driver_api_only.c -L%t.p/lib64 -lcuda -lpthread -lm -o %t.drv && %t.drv | FileCheck %s --check-prefix=DRV
// DRV: driver API: {{[1-9]}} device(s), v[1023]=7
// RUN: make -s -C %root uninstall PREFIX=%t.p > /dev/null && not test -e %t.p
#include <cstdio>
#include <cuda_runtime.h>

void launch_count(int *c, int blocks, int threads);

int main() {
    int *d, h = 0;
    if (cudaMalloc(&d, sizeof h) != cudaSuccess)
        return 1;
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    launch_count(d, 4, 64);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("%s: count %d\n", cudaGetErrorString(e), h);
    return h != 256;
}
// CHECK: no error: count 256
