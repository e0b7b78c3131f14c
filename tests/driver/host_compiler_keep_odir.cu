// -ccbin picks the host compiler: a directory holding one, or a compiler by name (its C or
// C++ partner found by name: gcc and g++). -Xcompiler -fsanitize=address reaches the
// compile and the link, so AddressSanitizer works end to end. --keep and --keep-dir keep
// the translated source; -odir puts -c's objects in a directory.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/bin && cd %t.dir
// RUN: printf '#!/bin/sh\necho "$0" >> %t.dir/used.txt\nexec g++ "$@"\n' > bin/g++ && chmod +x bin/g++
// RUN: printf '#!/bin/sh\necho "$0" >> %t.dir/used.txt\nexec gcc "$@"\n' > bin/gcc && chmod +x bin/gcc
// RUN: %cu2cc -ccbin %t.dir/bin %s -o app && ./app | FileCheck %s
// RUN: grep -c g++ used.txt
// RUN: rm used.txt && %cu2cc --compiler-bindir=%t.dir/bin/gcc -dlink %s -o dl.o && grep -c gcc used.txt
// RUN: %cu2cc -ccbin g++ %s -o app2 && ./app2 | FileCheck %s
// RUN: %cu2cc -Xcompiler -fsanitize=address -g %s -o asan && env ASAN_OPTIONS=detect_leaks=1 ./asan | FileCheck %s
// RUN: %cu2cc --keep --keep-dir kept %s -o app3 && test -f kept/host_compiler_keep_odir.cu.cpp
// RUN: %cu2cc -c -odir objs %s && test -f objs/host_compiler_keep_odir.o
// CHECK: sum 10
#include <cstdio>

__global__ void add(int *v) { atomicAdd(v, threadIdx.x + 1); }

int main() {
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    add<<<1, 4>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("sum %d\n", h);
    return 0;
}
