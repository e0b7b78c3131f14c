// libcufft's sources built into the program with AddressSanitizer (and LeakSanitizer): many
// quick transforms queued on two streams, some captured into a graph launched ten times, the
// plan destroyed with transforms queued; any report fails the test. (It once found cufftExec
// reading its queued transform's record after a worker had run and freed it; that race is
// too narrow for this test to hit it each time.)
// Not under make check-race: AddressSanitizer and the race checker's -fsanitize=thread do not mix.
// UNSUPPORTED: race-check
// RUN: %cu2cc -g -fsanitize=address %s %root/libraries/cufft/layout.c %root/libraries/cufft/plans.c %root/libraries/cufft/execute.c %root/libraries/cufft/xt.c %root/libraries/cufft/distribute.c -o %t -lfftw3f_threads -lfftw3_threads -lfftw3f -lfftw3
// RUN: env ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdio>
#include <cufft.h>

int main() {
    const int n = 16, batch = 4;
    cufftComplex *d;
    cudaMalloc(&d, sizeof(cufftComplex) * n * batch);
    cudaMemset(d, 0, sizeof(cufftComplex) * n * batch);
    cudaStream_t s;
    cudaStreamCreate(&s);
    cufftHandle plan;
    if (cufftPlan1d(&plan, n, CUFFT_C2C, batch) != CUFFT_SUCCESS) return 1;
    for (int rep = 0; rep < 2000; rep++) {
        cufftSetStream(plan, rep % 2 ? s : 0);
        if (cufftExecC2C(plan, d, d, rep % 2 ? CUFFT_FORWARD : CUFFT_INVERSE) != CUFFT_SUCCESS) return 1;
    }
    cudaGraph_t g;
    cudaGraphExec_t ge;
    cufftSetStream(plan, s);
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    cufftExecC2C(plan, d, d, CUFFT_FORWARD);
    cufftExecC2C(plan, d, d, CUFFT_INVERSE);
    cudaStreamEndCapture(s, &g);
    cudaGraphInstantiate(&ge, g, 0);
    for (int rep = 0; rep < 10; rep++) cudaGraphLaunch(ge, s);
    cudaStreamSynchronize(s);
    cudaGraphExecDestroy(ge);
    cudaGraphDestroy(g);
    for (int rep = 0; rep < 100; rep++) cufftExecC2C(plan, d, d, CUFFT_FORWARD);
    cufftDestroy(plan);     // with transforms still queued
    cudaStreamDestroy(s);
    cudaFree(d);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    printf("PASS\n");
    return 0;
}
