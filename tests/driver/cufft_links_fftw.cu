// -lcufft (and -lcufft_static) links cu2c's cuFFT, lib64/libcufft.a by its file name, and after it, in the
// link's group, the FFTW libraries it runs on; a host file built by plain g++ links with
// -lcufft or -lcufft_static alone (lib64/libcufft.so and libcufft_static.a are linker scripts
// naming the archive and FFTW), or with -l:libcufft.a and FFTW named (README: cuFFT).
// RUN: %cu2cc --dryrun %s -o app -lcufft 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ c++ {{.*}}-Wl,--start-group "{{.*}}/libcu2c.a" -l:libcufft.a -lfftw3f_threads -lfftw3_threads -lfftw3f -lfftw3 -Wl,--end-group
// RUN: %cu2cc %s -o %t -lcufft && %t | FileCheck %s
// RUN: %cu2cc %s -o %t.static -lcufft_static -lculibos && %t.static | FileCheck %s
// RUN: g++ -x c++ -I%root/include -c %s -o %t.o
// RUN: g++ %t.o -L%root/lib64 -l:libcufft.a -lcudart -lfftw3f_threads -lfftw3_threads -lfftw3f -lfftw3 -lpthread -o %t.gxx
// RUN: %t.gxx | FileCheck %s
// RUN: g++ %t.o -L%root/lib64 -lcufft -lcudart -lpthread -o %t.gxx2 && %t.gxx2 | FileCheck %s
// RUN: g++ %t.o -L%root/lib64 -lcufft_static -lcudart_static -lculibos -lpthread -o %t.gxx3 && %t.gxx3 | FileCheck %s
// CHECK: sum 36 ok
#include <cstdio>
#include <cuda_runtime.h>
#include <cufft.h>

int main() {
    float h[8] = {1, 2, 3, 4, 5, 6, 7, 8}, *d;
    cufftComplex out[5], *dout;
    cudaMalloc((void **)&d, sizeof h);
    cudaMalloc((void **)&dout, sizeof out);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cufftHandle plan;
    if (cufftPlan1d(&plan, 8, CUFFT_R2C, 1) != CUFFT_SUCCESS || cufftExecR2C(plan, d, dout) != CUFFT_SUCCESS)
        return 1;
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    // the DC term is the sum; the Nyquist term the alternating sum (-4), both real
    bool ok = out[0].x == 36 && out[0].y == 0 && out[4].x == -4 && out[4].y == 0;
    printf("sum %g %s\n", out[0].x, ok ? "ok" : "wrong");
    cufftDestroy(plan);
    cudaFree(d);
    cudaFree(dout);
    return ok ? 0 : 1;
}
