#include <cstdio>
#include <cuda_runtime.h>
#include "lib/kernels.cuh"
#include "scale.cu"

int main() {
    const int blocks = 5, n = blocks * TILE;
    float h[n], sums_h[blocks];
    int lanes_h[n];
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 7);
    float *in, *out;
    int *lanes;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof sums_h);
    cudaMalloc(&lanes, sizeof lanes_h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    launch_sums(in, out, lanes, blocks);
    scale<float><<<blocks, TILE>>>(in, 2.0f);
    cudaMemcpy(sums_h, out, sizeof sums_h, cudaMemcpyDeviceToHost);
    cudaMemcpy(lanes_h, lanes, sizeof lanes_h, cudaMemcpyDeviceToHost);
    float scaled[n];
    cudaMemcpy(scaled, in, sizeof scaled, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        float want = 0;
        for (int t = 0; t < TILE; t++)
            want += (float)((b * TILE + t) % 7);
        if (sums_h[b] != want) {
            printf("block %d: sum %g, want %g\n", b, sums_h[b], want);
            bad++;
        }
    }
    for (int i = 0; i < n; i++) {
        if (lanes_h[i] != i % TILE % 32 || scaled[i] != (float)(i % 7) * 2.0f + (float)(i % TILE % 32)) {
            printf("element %d: lane %d, scaled %g\n", i, lanes_h[i], scaled[i]);
            bad++;
            break;
        }
    }
    printf(bad ? "FAILED\n" : "device code at any depth ok\n");
    return bad != 0;
}
