// Launch configurations written as braced lists: the block, the grid, both, with a stream,
// in a macro's argument and in a macro's body.
// RUN: %cu2cc %s -o %t && %t | FileCheck %s
#include <cstdio>

__global__ void where(int *out, int width) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * width + x] = 1000 * (int)blockDim.x + 100 * (int)blockDim.y + 10 * (int)gridDim.x + (int)gridDim.y;
}

#define CHECK(call) (void)(call)
#define LAUNCH_WHERE(G) where<<<G, {8, 4, 1}>>>(out, 16)

static int check(const int *out, int bx, int by, int gx, int gy) {
    int bad = 0;
    for (int i = 0; i < 16 * 8; i++)
        bad += out[i] != 1000 * bx + 100 * by + 10 * gx + gy;
    return bad;
}

int main() {
    int *out;
    cudaMallocManaged(&out, 16 * 8 * sizeof(int));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    unsigned bx = 8, by = 4;
    where<<<dim3(2, 2), {bx, by, 1}>>>(out, 16);
    cudaDeviceSynchronize();
    printf("block: %d wrong\n", check(out, 8, 4, 2, 2));
    // CHECK: block: 0 wrong
    where<<<{1, 2, 1}, dim3(16, 4), 0, stream>>>(out, 16);
    cudaStreamSynchronize(stream);
    printf("grid: %d wrong\n", check(out, 16, 4, 1, 2));
    // CHECK: grid: 0 wrong
    CHECK((where<<<{2, 1, 1}, {8, 8, 1}, 0, stream>>>(out, 16)));
    cudaStreamSynchronize(stream);
    printf("both: %d wrong\n", check(out, 8, 8, 2, 1));
    // CHECK: both: 0 wrong
    LAUNCH_WHERE(dim3(2, 2));
    cudaDeviceSynchronize();
    printf("macro: %d wrong, %s\n", check(out, 8, 4, 2, 2), cudaGetErrorString(cudaGetLastError()));
    // CHECK: macro: 0 wrong, no error
    return 0;
}
