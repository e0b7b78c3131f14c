// "Pyramid" 2-D stencil: each block loads its tile plus a halo as wide as the number of time
// steps into shared memory, then iterates the time steps in shared memory with two barriers
// per step (the valid region shrinks by one each step), and writes its tile. Checked
// against the same number of global steps on the host. Two block shapes.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define STEPS 3
#define MAXB 16
#define SH (MAXB + 2 * STEPS)

__global__ void pyramid(const float *in, float *out, int w, int h) {
    __shared__ float a[SH][SH];
    __shared__ float b[SH][SH];
    int tw = blockDim.x + 2 * STEPS, th = blockDim.y + 2 * STEPS;
    int x0 = blockIdx.x * blockDim.x - STEPS, y0 = blockIdx.y * blockDim.y - STEPS;
    for (int yy = threadIdx.y; yy < th; yy += blockDim.y)
        for (int xx = threadIdx.x; xx < tw; xx += blockDim.x) {
            int gx = x0 + xx, gy = y0 + yy;
            a[yy][xx] = gx >= 0 && gx < w && gy >= 0 && gy < h ? in[gy * w + gx] : 0.0f;
        }
    __syncthreads();
    for (int s = 1; s <= STEPS; s++) {
        for (int yy = threadIdx.y; yy < th; yy += blockDim.y)
            for (int xx = threadIdx.x; xx < tw; xx += blockDim.x) {
                int gx = x0 + xx, gy = y0 + yy;
                float v = a[yy][xx];
                if (xx >= s && xx < tw - s && yy >= s && yy < th - s && gx >= 0 && gx < w && gy >= 0 && gy < h)
                    v = 0.5f * a[yy][xx] + 0.125f * (a[yy - 1][xx] + a[yy + 1][xx] + a[yy][xx - 1] + a[yy][xx + 1]);
                b[yy][xx] = v;
            }
        __syncthreads();
        for (int yy = threadIdx.y; yy < th; yy += blockDim.y)
            for (int xx = threadIdx.x; xx < tw; xx += blockDim.x)
                a[yy][xx] = b[yy][xx];
        __syncthreads();
    }
    int gx = blockIdx.x * blockDim.x + threadIdx.x, gy = blockIdx.y * blockDim.y + threadIdx.y;
    if (gx < w && gy < h)
        out[gy * w + gx] = a[threadIdx.y + STEPS][threadIdx.x + STEPS];
}

int main() {
    const int w = 53, h = 37;
    static float cur[h][w], nxt[h][w], got[h][w];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            cur[y][x] = (float)((x * 7 + y * 13) % 17);
    float *din, *dout;
    cudaMalloc(&din, sizeof cur);
    cudaMalloc(&dout, sizeof cur);
    cudaMemcpy(din, cur, sizeof cur, cudaMemcpyHostToDevice);
    for (int s = 0; s < STEPS; s++) {
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                float up = y > 0 ? cur[y - 1][x] : 0.0f, down = y < h - 1 ? cur[y + 1][x] : 0.0f;
                float left = x > 0 ? cur[y][x - 1] : 0.0f, right = x < w - 1 ? cur[y][x + 1] : 0.0f;
                nxt[y][x] = 0.5f * cur[y][x] + 0.125f * (up + down + left + right);
            }
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                cur[y][x] = nxt[y][x];
    }
    int shapes[2][2] = {{16, 16}, {8, 4}};
    for (int k = 0; k < 2; k++) {
        dim3 block(shapes[k][0], shapes[k][1]);
        dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
        cudaMemset(dout, 0, sizeof cur);
        pyramid<<<grid, block>>>(din, dout, w, h);
        cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                if (got[y][x] != cur[y][x]) {
                    printf("block %dx%d: (%d,%d) = %f, want %f\n", block.x, block.y, x, y, got[y][x], cur[y][x]);
                    return 1;
                }
    }
    printf("pyramid stencil ok\n");
    return 0;
}
