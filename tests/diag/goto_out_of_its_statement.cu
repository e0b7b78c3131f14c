// A goto leaving its statement for a label after it: in a thread loop it would end the loop
// for every later thread, so it is refused at the goto (once, although the function holding
// it is expanded at two calls); no output is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not=error:
// RUN: not test -e %t.c
__device__ void step(int *s, int n) {
    int v = s[threadIdx.x];
    for (int i = 0; i < 10; i++)
        if (i * n > v)
            goto done;
    v += n;
done:;
    __syncthreads();
    s[threadIdx.x] = v;
}
__global__ void k(int *d) {
    __shared__ int s[64];
    s[threadIdx.x] = d[threadIdx.x];
    step(s, 5);
    step(s, 7);
}
// CHECK: [[FILE]]:11:13: error: goto done jumps out of its statement: cu2c supports gotos to a label in the same statement (e.g. inside one loop) only
