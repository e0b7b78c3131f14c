// CUDA libraries cu2c provides (lib64/lib<name>.a): -lcurand and -lcurand_static link cu2c's
// libcurand.a by its file name, in the group with libcu2c, even where an earlier -L holds
// another libcurand (a real toolkit's libcurand.so: here a file that is no library at all).
// RUN: rm -rf %t.dir && mkdir -p %t.dir/other && cd %t.dir && echo junk > other/libcurand.so
// RUN: %cu2cc --dryrun %s -o app -Lother -lcurand 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ c++ {{.*}}-Wl,--start-group "{{.*}}/libcu2c.a" -l:libcurand.a -Wl,--end-group
// RUN: %cu2cc %s -o app -Lother -lcurand && ./app | FileCheck %s
// RUN: %cu2cc %s -o app2 -Lother -lcurand_static && ./app2 | FileCheck %s
// CHECK: uniforms in (0, 1]: 1000
#include <cstdio>
#include <curand.h>

int main() {
    curandGenerator_t g;
    float *u;
    cudaMallocManaged(&u, 1000 * sizeof(float));
    if (curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS ||
        curandGenerateUniform(g, u, 1000) != CURAND_STATUS_SUCCESS)
        return 1;
    cudaDeviceSynchronize();
    int in = 0;
    for (int i = 0; i < 1000; i++) in += u[i] > 0.0f && u[i] <= 1.0f;
    printf("uniforms in (0, 1]: %d\n", in);
    curandDestroyGenerator(g);
    return 0;
}
