// String literals glued to a macro without a space ("n=("FMT")", "%"PRId64): C++11 would read
// FMT as a literal suffix; nvcc (its host compiler) only warns and expands the macro, and so
// do cu2c's parse (silently: the C++ compiler's warning is the one the user sees) and its
// compile. In a kernel's printf and in host code.
// RUN: %cu2cc %s -o %t 2> %t.err && env CU2C_NUM_THREADS=2 timeout 60 %t | env LC_ALL=C sort | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-NOT: {{error|reserved-user-defined-literal}}
// WARN:     warning: invalid suffix on literal
// WARN-NOT: {{error|reserved-user-defined-literal}}
#include <cinttypes>
#include <cstdio>
#include <cuda_runtime.h>

#define FMT "%d"
#define TAG "glued"

__global__ void show(int base, int64_t big) {
    printf(TAG": thread %u n=("FMT") big=%"PRId64"\n", threadIdx.x, base + (int)threadIdx.x, big);
}

int main() {
    show<<<1, 3>>>(10, (int64_t)1 << 40);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    char line[64];
    snprintf(line, sizeof line, "host n=("FMT")", 7);
    printf("%s big=%"PRId64"\n", line, (int64_t)-5);
    return 0;
}
// CHECK:      {{^}}glued: thread 0 n=(10) big=1099511627776{{$}}
// CHECK-NEXT: {{^}}glued: thread 1 n=(11) big=1099511627776{{$}}
// CHECK-NEXT: {{^}}glued: thread 2 n=(12) big=1099511627776{{$}}
// CHECK-NEXT: {{^}}host n=(7) big=-5{{$}}
