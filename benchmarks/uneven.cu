// Uneven blocks: block b of 512 (128 threads each) does work(b) iterations of a dependent
// multiply-add per thread. pattern 0, "ramp": work grows linearly with b (the last blocks
// are the heaviest, a static blocked split leaves the first worker idle half the time);
// pattern 1, "spikes": every 4th block is 32x heavier than the rest (a cyclic split over an
// even number of workers gives every heavy block to the same workers). Times REPS launches
// and prints the median ms per launch. Usage: uneven pattern [reps]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__global__ void uneven(float *out, int pattern, int base) {
    int b = blockIdx.x;
    int work = pattern == 0 ? base * (b + 1) / 64 : (b % 4 == 0 ? base * 4 : base / 8);
    float x = threadIdx.x * 0.001f;
    for (int i = 0; i < work; i++)
        x = x * 0.9999f + 0.5f;
    out[b * blockDim.x + threadIdx.x] = x;
}

int main(int argc, char **argv) {
    const int blocks = 512, threads = 128, base = 512;
    int pattern = argc > 1 ? atoi(argv[1]) : 0, reps = argc > 2 ? atoi(argv[2]) : 9;
    float *out;
    if (cudaMalloc(&out, blocks * threads * sizeof(float)) != cudaSuccess)
        return 1;
    uneven<<<blocks, threads>>>(out, pattern, base);
    cudaDeviceSynchronize();
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        auto t0 = std::chrono::steady_clock::now();
        uneven<<<blocks, threads>>>(out, pattern, base);
        cudaDeviceSynchronize();
        ms[r] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                    .count();
    }
    std::vector<float> h(blocks * threads);
    cudaMemcpy(h.data(), out, h.size() * sizeof(float), cudaMemcpyDeviceToHost);
    if (cudaGetLastError() != cudaSuccess || !(h[0] > 0.0f))
        return 1;
    std::sort(ms.begin(), ms.end());
    printf("uneven pattern=%d median_ms=%.3f\n", pattern, ms[reps / 2]);
    cudaFree(out);
    return 0;
}
