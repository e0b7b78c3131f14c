// Unsigned shared-memory indices with a subtraction that cu2c proves never pass below 0 stay
// as written (no (int) cast, and no second parse of the file for it): blockDim.x - 1 - t with t
// a local that keeps threadIdx.x, threadIdx.y - 1 under threadIdx.y > 0 (then-branch) or
// threadIdx.y == 0 (else-branch), gridDim.x - 1 - blockIdx.x. Those it cannot prove keep the
// cast: a local written after its initialiser, an index outside its guard's branch, a guard
// that says nothing of the index (||), an opaque unsigned subtracted, a product of indices.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: int a = s[blockDim.x - 1 - t];
// CHECK: int b = threadIdx.y > 0 ? tile[threadIdx.y - 1][threadIdx.x] : -1;
// CHECK: int c = threadIdx.y < 1 ? -1 : tile[threadIdx.y - 1][threadIdx.x];
// CHECK: int d = s[gridDim.x - 1 - blockIdx.x + blockDim.x - 1 - threadIdx.x];
// CHECK: int e = s[(int)(blockDim.x - 1 - w)];
// CHECK: int f = up ? tile[(int)(threadIdx.y - 1)][threadIdx.x] : -1;
// CHECK: int h = threadIdx.y > 0 || n > 100 ? tile[(int)(threadIdx.y - 1)][threadIdx.x] : -1;
// CHECK: int m = s[(int)(blockDim.x - n)];
// CHECK: int p = s[(int)(blockDim.x * blockDim.y - 1 - l)];
#include <cstdio>

__global__ void k(int *out, unsigned n) {
    __shared__ int s[64];
    __shared__ int tile[4][16];
    int t = threadIdx.x;
    int l = threadIdx.y * blockDim.x + threadIdx.x;
    int w = threadIdx.x;
    if (n > 100) w = 0;                     // written: no proof
    bool up = false;
    if (threadIdx.y > 0) up = true;
    s[l] = l * 10;
    tile[threadIdx.y][threadIdx.x] = threadIdx.y * 100 + threadIdx.x;
    __syncthreads();
    int a = s[blockDim.x - 1 - t];
    int b = threadIdx.y > 0 ? tile[threadIdx.y - 1][threadIdx.x] : -1;
    int c = threadIdx.y < 1 ? -1 : tile[threadIdx.y - 1][threadIdx.x];
    int d = s[gridDim.x - 1 - blockIdx.x + blockDim.x - 1 - threadIdx.x];
    int e = s[blockDim.x - 1 - w];
    int f = up ? tile[threadIdx.y - 1][threadIdx.x] : -1;
    int h = threadIdx.y > 0 || n > 100 ? tile[threadIdx.y - 1][threadIdx.x] : -1;
    int m = s[blockDim.x - n];
    int p = s[blockDim.x * blockDim.y - 1 - l];
    int *o = out + l * 9;
    o[0] = a; o[1] = b; o[2] = c; o[3] = d; o[4] = e; o[5] = f; o[6] = h; o[7] = m; o[8] = p;
}

int main() {
    const int bx = 16, by = 4, n = 4, nt = bx * by;
    int *dout, o[nt * 9];
    cudaMalloc(&dout, sizeof o);
    k<<<1, dim3(bx, by)>>>(dout, n);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int y = 0; y < by; y++)
        for (int x = 0; x < bx; x++) {
            int l = y * bx + x, *got = o + l * 9;
            int up = y > 0 ? (y - 1) * 100 + x : -1, mirror = (bx - 1 - x) * 10;
            int want[9] = {mirror, up, up, mirror, mirror, up, up, (bx - n) * 10, (nt - 1 - l) * 10};
            for (int f = 0; f < 9; f++)
                if (got[f] != want[f] && bad++ < 8)
                    printf("thread (%d, %d) value %d: %d, want %d\n", x, y, f, got[f], want[f]);
        }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
