// -l naming one of CUDA's math libraries cu2c provides links its archive by file name from lib64
// (found by -L lib64, as a toolkit's) followed by what it runs on: -lcublas adds -lopenblas; -lcusparse
// needs nothing more. Listed with -l a,b as nvcc splits them too.
// RUN: %cu2cc --dryrun %s -o app -lcublas,cusparse 2>&1 | FileCheck %s
// CHECK: #$ c++ {{.*}}"-L{{[^"]*}}/lib64" -Wl,--start-group "{{.*}}/libcu2c.a" -l:libcublas.a -lopenblas -l:libcusparse.a -Wl,--end-group
// RUN: %cu2cc %s -o %t -lcublas && %t | FileCheck %s --check-prefix=OUT
// OUT: version 12
#include <cstdio>
#include <cublas_v2.h>
int main() {
    cublasHandle_t h;
    int v = 0;
    if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cublasGetVersion(h, &v) != CUBLAS_STATUS_SUCCESS)
        return 1;
    printf("version %d\n", v / 10000);
    return cublasDestroy(h);
}
