// Kernels are host code here: cu2cc builds translated .cu files, and the link, for the CPU it
// runs on (-march=native; -mcpu=native where that is the compiler's spelling), so thread loops
// vectorise as wide as this CPU's vectors. For binaries that run on other machines of the
// architecture: --host-march=portable (or CU2CC_MARCH=portable) leaves the compiler's default
// target, --host-march=CPU (or CU2CC_MARCH=CPU) gives -march=CPU, and an -march=/-mcpu= the
// user gives the host compiler with -Xcompiler wins over all of them. The command
// line wins over the environment. .c and .cpp inputs are built as the user asks, untouched.
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc --dryrun %s -o app 2>&1 | FileCheck %s --check-prefix=NATIVE
// NATIVE:      #$ c++ -std=gnu++17 {{.*}} -m{{arch|cpu}}=native {{.*}} -c "{{.*}}.cu.cpp"
// NATIVE-NEXT: #$ c++ -m{{arch|cpu}}=native -o
// RUN: %cu2cc --dryrun --host-march=portable %s -o app 2>&1 | FileCheck %s --check-prefix=PORTABLE
// RUN: env CU2CC_MARCH=portable %cu2cc --dryrun %s -o app 2>&1 | FileCheck %s --check-prefix=PORTABLE
// PORTABLE:     #$ c++ -std=gnu++17
// PORTABLE-NOT: {{-m(arch|cpu)=native}}
// RUN: env CU2CC_MARCH=portable %cu2cc --dryrun -host-march native %s -o app 2>&1 | FileCheck %s --check-prefix=NATIVE
// RUN: env CU2CC_MARCH=x86-64-v2 %cu2cc --dryrun %s -o app 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: %cu2cc --dryrun --host-march=x86-64-v2 %s -o app 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED:      #$ c++ -std=gnu++17 {{.*}} -march=x86-64-v2 {{.*}} -c "{{.*}}.cu.cpp"
// NAMED-NEXT: #$ c++ -march=x86-64-v2 -o
// RUN: %cu2cc --dryrun -Xcompiler -march=x86-64 %s -o app 2>&1 | FileCheck %s --check-prefix=USER
// RUN: %cu2cc --dryrun --host-march=native --compiler-options=-O2,-march=x86-64 %s -o app 2>&1 | FileCheck %s --check-prefix=USER
// USER:     #$ c++ -std=gnu++17 {{.*}} -march=x86-64 {{.*}} -c "{{.*}}.cu.cpp"
// USER-NOT: {{-m(arch|cpu)=native}}
// RUN: %cu2cc --dryrun -Xcompiler -mcpu=generic %s -o app 2>&1 | FileCheck %s --check-prefix=CPU
// CPU:     #$ c++ -std=gnu++17 {{.*}} -mcpu=generic {{.*}} -c "{{.*}}.cu.cpp"
// CPU-NOT: {{-m(arch|cpu)=native}}
// RUN: echo 'int twice(int v) { return 2 * v; }' > other.c
// RUN: %cu2cc --dryrun -c other.c 2>&1 | FileCheck %s --check-prefix=C_FILE
// C_FILE:     #$ cc
// C_FILE-NOT: {{-m(arch|cpu)=native}}
// RUN: not %cu2cc --host-march= %s -o app 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: --host-march takes native, portable or a CPU name for -march=
// Built both ways, the program computes the same.
// RUN: %cu2cc %s -o native && ./native | FileCheck %s
// RUN: %cu2cc --host-march=portable %s -o portable && ./portable | FileCheck %s
// CHECK: sum 8256 dot 2.1640625
#include <cstdio>

__global__ void scale(const float *x, float *y, int *sum, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = x[i] * 0.5f + 0.25f;
        atomicAdd(sum, i + 1);
    }
}

int main() {
    const int n = 128;
    float hx[n], hy[n], *x, *y;
    int *sum, hs = 0;
    for (int i = 0; i < n; i++)
        hx[i] = (float)(i % 7) / 64.0f;
    cudaMalloc(&x, sizeof hx);
    cudaMalloc(&y, sizeof hy);
    cudaMalloc(&sum, sizeof hs);
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    cudaMemcpy(sum, &hs, sizeof hs, cudaMemcpyHostToDevice);
    scale<<<2, 64>>>(x, y, sum, n);
    cudaMemcpy(hy, y, sizeof hy, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hs, sum, sizeof hs, cudaMemcpyDeviceToHost);
    double dot = 0;
    for (int i = 0; i < 8; i++)
        dot += hy[i];
    printf("sum %d dot %.10g\n", hs, dot);
    return 0;
}
