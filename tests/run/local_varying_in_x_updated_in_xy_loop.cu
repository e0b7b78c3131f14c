// A local varying in threadIdx.x only (a running column total, stepSum += s[threadIdx.x][..])
// updated in a region whose thread loop runs over x and y, across barriers: every thread
// updates its own copy. With one copy per x, the 8 threads of a column each added to the
// same copy in turn, 8 times the total (the vertical scan of NVIDIA's shfl_scan sample).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define W 64
#define H 40
__global__ void column_scan(unsigned *img) {
    __shared__ unsigned s[32][9];
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned total = 0;
    for (int step = 0; step < H / 8; step++) {
        unsigned *p = img + (threadIdx.y + step * 8) * W + x;
        unsigned v = *p;
        s[threadIdx.x][threadIdx.y] = v;
        __syncthreads();
        for (int r = 0; r < (int)threadIdx.y; r++)
            v += s[threadIdx.x][r];
        v += total;
        total += s[threadIdx.x][0] + s[threadIdx.x][1] + s[threadIdx.x][2] + s[threadIdx.x][3] +
                 s[threadIdx.x][4] + s[threadIdx.x][5] + s[threadIdx.x][6] + s[threadIdx.x][7];
        __syncthreads();
        *p = v;
    }
}

int main() {
    static unsigned h[W * H], r[W * H];
    for (int i = 0; i < W * H; i++)
        h[i] = (i * 7) % 5;
    unsigned *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    column_scan<<<W / 32, dim3(32, 8)>>>(d);
    cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int c = 0; c < W; c++) {
        unsigned acc = 0;
        for (int y = 0; y < H; y++) {
            acc += h[y * W + c];
            if (r[y * W + c] != acc && bad++ < 10)
                printf("row %d column %d: %u, want %u\n", y, c, r[y * W + c], acc);
        }
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
