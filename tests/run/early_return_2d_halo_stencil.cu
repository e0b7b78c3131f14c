// A 2-D stencil over an image whose size is not a multiple of the 2-D block: threads
// outside the image return before the barrier; the shared tile (with a halo loaded by
// edge threads) is read after it.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define BX 16
#define BY 8
__global__ void blur(const float *in, float *out, int w, int h) {
    __shared__ float tile[BY + 2][BX + 2];
    int x = blockIdx.x * BX + threadIdx.x;
    int y = blockIdx.y * BY + threadIdx.y;
    if (x >= w || y >= h) return;
    int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    tile[ly][lx] = in[y * w + x];
    if (threadIdx.x == 0) tile[ly][0] = x > 0 ? in[y * w + x - 1] : 0.0f;
    if (threadIdx.x == BX - 1 || x == w - 1) tile[ly][lx + 1] = x + 1 < w ? in[y * w + x + 1] : 0.0f;
    if (threadIdx.y == 0) tile[0][lx] = y > 0 ? in[(y - 1) * w + x] : 0.0f;
    if (threadIdx.y == BY - 1 || y == h - 1) tile[ly + 1][lx] = y + 1 < h ? in[(y + 1) * w + x] : 0.0f;
    __syncthreads();
    out[y * w + x] = tile[ly][lx] * 4.0f - tile[ly - 1][lx] - tile[ly + 1][lx] - tile[ly][lx - 1] - tile[ly][lx + 1];
}

int main() {
    const int w = 37, h = 21;
    float img[w * h], res[w * h];
    for (int i = 0; i < w * h; i++) img[i] = (float)((i * 31) % 17);
    float *din, *dout;
    cudaMalloc(&din, sizeof img);
    cudaMalloc(&dout, sizeof res);
    cudaMemcpy(din, img, sizeof img, cudaMemcpyHostToDevice);
    dim3 block(BX, BY), grid((w + BX - 1) / BX, (h + BY - 1) / BY);
    blur<<<grid, block>>>(din, dout, w, h);
    cudaMemcpy(res, dout, sizeof res, cudaMemcpyDeviceToHost);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float c = img[y * w + x];
            float up = y > 0 ? img[(y - 1) * w + x] : 0.0f, dn = y + 1 < h ? img[(y + 1) * w + x] : 0.0f;
            float lf = x > 0 ? img[y * w + x - 1] : 0.0f, rt = x + 1 < w ? img[y * w + x + 1] : 0.0f;
            float want = c * 4.0f - up - dn - lf - rt;
            if (res[y * w + x] != want) { printf("(%d,%d): %f want %f\n", x, y, res[y * w + x], want); return 1; }
        }
    printf("2-d early return ok\n");
    return 0;
}
