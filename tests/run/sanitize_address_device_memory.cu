// cu2cc -fsanitize=address: the host compiler's AddressSanitizer over the translated kernels
// reports an out-of-bounds write past a cudaMalloc'd buffer and a kernel reading a buffer
// after cudaFree, each at the .cu line (-g) and in the kernel, with the stacks of the
// program's cudaMalloc and cudaFree (cu2cc links the runtime built with ASan too).
// Not under make check-race: AddressSanitizer and the race checker's -fsanitize=thread do not mix.
// UNSUPPORTED: race-check
// RUN: %cu2cc -g -fsanitize=address %s -o %t
// RUN: env ASAN_OPTIONS=detect_leaks=0 not %t overflow 2> %t.err1 && FileCheck --check-prefix=OVERFLOW %s < %t.err1
// RUN: env ASAN_OPTIONS=detect_leaks=0 not %t use-after-free 2> %t.err2 && FileCheck --check-prefix=FREED %s < %t.err2
// RUN: env ASAN_OPTIONS=detect_leaks=0 %t clean | FileCheck --check-prefix=CLEAN %s
// OVERFLOW: ERROR: AddressSanitizer: heap-buffer-overflow
// OVERFLOW: WRITE of size 4
// OVERFLOW: in {{.*}}fill_upto{{.*}}sanitize_address_device_memory.cu:[[@LINE+16]]
// OVERFLOW: 0 bytes to the right of 400-byte region
// OVERFLOW: in cudaMalloc
// OVERFLOW: in main {{.*}}sanitize_address_device_memory.cu:[[@LINE+27]]
// FREED: ERROR: AddressSanitizer: heap-use-after-free
// FREED: READ of size 4
// FREED: in {{.*}}sum_into{{.*}}sanitize_address_device_memory.cu:[[@LINE+16]]
// FREED: in cudaFree
// FREED: in main {{.*}}sanitize_address_device_memory.cu:[[@LINE+27]]
// CLEAN: sum 4950
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fill_upto(int *a, int last) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= last) a[i] = i;
}

__global__ void sum_into(const int *a, int n, int *out) {
    if (threadIdx.x == 0) {
        int s = 0;
        for (int i = 0; i < n; i++) s += a[i];
        *out = s;
    }
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] : "clean";
    int *a, *out, s = 0;
    cudaMalloc(&a, 100 * sizeof(int));
    cudaMalloc(&out, sizeof(int));
    fill_upto<<<1, 128>>>(a, strcmp(mode, "overflow") == 0 ? 100 : 99);   // a[100]: past the end
    cudaDeviceSynchronize();
    if (strcmp(mode, "use-after-free") == 0)
        cudaFree(a);
    sum_into<<<1, 32>>>(a, 100, out);
    cudaMemcpy(&s, out, sizeof s, cudaMemcpyDeviceToHost);
    printf("sum %d\n", s);
    return 0;
}
