// Rodinia srad's kernels: `int tx = threadIdx.x; int ei = bx * N + tx;`, then `int row;` (a
// declaration that ends the thread loop: its local is used in the next one), then statements
// reading ei. tx is used in the first thread loop only, and ei is recomputed in the others as
// bx * N + tx, so tx is recomputed there too: ei needs no per-thread copy, and the last loop,
// guarded by `ei < n`, runs over just the threads passing it.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK-LABEL: __cu2c_body_rows(
// CHECK: row = __cu2c_rem_i32((ei+1) , nr) - 1;
// CHECK: __cu2c_tx < __cu2c_fhix; __cu2c_tx++) { const __cu2c_uint3 threadIdx {{.*}} = {(unsigned)__cu2c_tx, 0, 0}; __typeof__(int) tx = (threadIdx.x); __typeof__(int) ei = (((int)(bx*N+0) + __cu2c_tx));
// CHECK: if(1){
#include <cstdio>

#define N 128

__global__ void rows(int nr, long ne, const int *in, int *out) {
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int ei = bx*N+tx;
    int row;
    int col;
    row = (ei+1) % nr - 1;
    col = (ei+1) / nr;
    if ((ei+1) % nr == 0) {
        row = nr - 1;
        col = col - 1;
    }
    if(ei<ne){
        out[ei] = in[ei] * 1000 + row * 10 + col;
    }
}

int main() {
    const int nr = 37, blocks = 5;
    int *in, *out;
    cudaMallocManaged(&in, blocks * N * sizeof(int));
    cudaMallocManaged(&out, blocks * N * sizeof(int));
    int bad = 0;
    for (long ne = 0; ne <= blocks * N; ne += 61) {
        for (int i = 0; i < blocks * N; i++) {
            in[i] = i % 13;
            out[i] = -7;
        }
        rows<<<blocks, N>>>(nr, ne, in, out);
        cudaDeviceSynchronize();
        for (int i = 0; i < blocks * N; i++) {
            int row = (i + 1) % nr - 1, col = (i + 1) / nr;
            if ((i + 1) % nr == 0) {
                row = nr - 1;
                col--;
            }
            int want = i < ne ? in[i] * 1000 + row * 10 + col : -7;
            if (out[i] != want && bad++ < 8)
                printf("ne %ld, element %d: %d, want %d\n", ne, i, out[i], want);
        }
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
