// A kernel writing through a null pointer in one block among many: the kernel ends with the
// sticky cudaErrorIllegalAddress, as on a GPU, and the process lives on. The launch itself
// succeeds (a check right after it may already see the fault); the next synchronising call
// returns the error and so does every later call
// (cudaGetLastError too, without clearing it), from this thread and from another host
// thread; one line on stderr names the kernel, the block and the address (and the .cu
// line when built with -g, the thread as well with -G). A fault in host
// code is not cu2c's: the program's own SIGSEGV handler, installed before the runtime
// started, still gets it (checked last, in a child process).
// Not under make check-race: its fault lines have no .cu line without -g, which race checking adds.
// Nor under CU2C_THREAD_ORDER: which thread faults first is part of what it checks.
// UNSUPPORTED: race-check || thread-order
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t 2> %t.err && FileCheck %s < %t.err
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t 2> %t.err1 && FileCheck %s < %t.err1
// CHECK: cu2c: an illegal memory access was encountered in kernel {{.*}}poke{{.*}}, block [37,0,0]{{(, thread \[0,0,0\])?}} (invalid access at address 0x8)
// CHECK-NOT: illegal memory access
// Built with -g, the line names the .cu line of the access too:
// RUN: %cu2cc -g %s -o %t.g && env CU2C_NUM_THREADS=2 timeout 60 %t.g 2> %t.errg && FileCheck --check-prefix=DEBUG %s < %t.errg
// DEBUG: cu2c: an illegal memory access was encountered in kernel {{.*}}poke{{.*}}, block [37,0,0]{{(, thread \[0,0,0\])?}} at {{.*}}illegal_address_is_sticky.cu:[[@LINE+17]] (invalid access at address 0x8)
// Built with -G (device debug), the thread too:
// RUN: %cu2cc -G %s -o %t.G && env CU2C_NUM_THREADS=2 timeout 60 %t.G 2> %t.errG && FileCheck --check-prefix=DEVDEBUG %s < %t.errG
// DEVDEBUG: cu2c: an illegal memory access was encountered in kernel {{.*}}poke{{.*}}, block [37,0,0], thread [0,0,0] at {{.*}}illegal_address_is_sticky.cu:[[@LINE+14]] (invalid access at address 0x8)
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <sys/wait.h>
#include <unistd.h>
#include <cuda_runtime.h>

__global__ void poke(int *out, int bad_block) {
    int *p = out;
    if (blockIdx.x == bad_block)
        p = (int *)0;
    p[blockIdx.x * blockDim.x + threadIdx.x + (blockIdx.x == bad_block ? 2 - (int)(blockIdx.x * blockDim.x) : 0)] = 1;
}

__global__ void fill(int *out) { out[threadIdx.x] = 7; }

static volatile sig_atomic_t host_faults;
static void on_segv(int) {
    host_faults = 1;
    _exit(42);
}

static int expect(cudaError_t got, cudaError_t want, const char *what) {
    if (got != want) {
        printf("%s: %s, want %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
        return 1;
    }
    return 0;
}

int main() {
    // the program's own handler first: faults outside kernels stay the program's
    signal(SIGSEGV, on_segv);
    int *d;
    if (expect(cudaMalloc(&d, 64 * 256 * sizeof(int)), cudaSuccess, "cudaMalloc"))
        return 1;
    poke<<<64, 256>>>(d, 37);
    // the launch itself succeeds; the kernel may have faulted already (then it says so)
    cudaError_t launched = cudaPeekAtLastError();
    if (launched != cudaSuccess && expect(launched, cudaErrorIllegalAddress, "launch"))
        return 1;
    if (expect(cudaDeviceSynchronize(), cudaErrorIllegalAddress, "cudaDeviceSynchronize"))
        return 1;
    if (expect(cudaGetLastError(), cudaErrorIllegalAddress, "cudaGetLastError") ||
        expect(cudaGetLastError(), cudaErrorIllegalAddress, "cudaGetLastError again") ||
        expect(cudaPeekAtLastError(), cudaErrorIllegalAddress, "cudaPeekAtLastError"))
        return 1;
    int *e = nullptr;
    if (expect(cudaMalloc(&e, 16), cudaErrorIllegalAddress, "cudaMalloc after the fault"))
        return 1;
    fill<<<1, 32>>>(d);
    if (expect(cudaGetLastError(), cudaErrorIllegalAddress, "launch after the fault"))
        return 1;
    cudaError_t other = cudaSuccess;
    std::thread t([&] { other = cudaStreamSynchronize(0); });
    t.join();
    if (expect(other, cudaErrorIllegalAddress, "another thread's cudaStreamSynchronize"))
        return 1;
    // a fault in host code: the program's handler, in a child
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        volatile int *null = nullptr;
        *null = 1;
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 42) {
        printf("host fault: status %#x, want the program's handler (exit 42)\n", status);
        return 1;
    }
    printf("ok\n");
    return 0;
}
