// A CUDA program using streams the way the samples do: the data split in chunks, each chunk
// copied in from pinned memory, scaled by a kernel and copied back on its own stream; one
// stream waits for another's event before a kernel that reads both halves; events time the
// whole; the block size comes from cudaOccupancyMaxPotentialBlockSize. The results are
// checked against the host, on 1 and 2 workers.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                 \
    do {                                                                            \
        cudaError_t e_ = (call);                                                    \
        if (e_ != cudaSuccess) {                                                    \
            printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                               \
        }                                                                           \
    } while (0)

__global__ void scale(float *x, int n, float a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * a + 1.0f;
}

// out[i] = x[i] + x[n - 1 - i]: reads the other stream's half.
__global__ void mirror_sum(const float *x, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = x[i] + x[n - 1 - i];
}

int main() {
    const int n = 1 << 16, chunks = 4, per = n / chunks;
    float *h, *hout, *d, *dout;
    CHECK(cudaMallocHost(&h, n * sizeof(float)));
    CHECK(cudaMallocHost(&hout, n * sizeof(float)));
    CHECK(cudaMalloc(&d, n * sizeof(float)));
    CHECK(cudaMalloc(&dout, n * sizeof(float)));
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 100);

    int min_grid = 0, block = 0;
    CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, scale, 0, 0));
    if (block <= 0 || block > 1024 || min_grid <= 0) {
        printf("bad occupancy answer: block %d, min grid %d\n", block, min_grid);
        return 1;
    }

    cudaStream_t s[chunks];
    cudaEvent_t done[chunks], start, stop;
    for (int c = 0; c < chunks; c++) {
        CHECK(cudaStreamCreate(&s[c]));
        CHECK(cudaEventCreateWithFlags(&done[c], cudaEventDisableTiming));
    }
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    CHECK(cudaEventRecord(start, s[0]));
    for (int c = 0; c < chunks; c++) {
        float *hc = h + c * per, *dc = d + c * per;
        CHECK(cudaMemcpyAsync(dc, hc, per * sizeof(float), cudaMemcpyHostToDevice, s[c]));
        scale<<<(per + block - 1) / block, block, 0, s[c]>>>(dc, per, 2.0f);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(done[c], s[c]));
    }
    // stream 0 waits for every chunk before the kernel that reads all of them
    for (int c = 1; c < chunks; c++)
        CHECK(cudaStreamWaitEvent(s[0], done[c], 0));
    mirror_sum<<<(n + 255) / 256, 256, 0, s[0]>>>(d, dout, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(hout, dout, n * sizeof(float), cudaMemcpyDeviceToHost, s[0]));
    CHECK(cudaEventRecord(stop, s[0]));
    CHECK(cudaEventSynchronize(stop));
    float ms = -1.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (!(ms >= 0.0f)) {
        printf("elapsed time %f\n", ms);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float want = (h[i] * 2.0f + 1.0f) + (h[n - 1 - i] * 2.0f + 1.0f);
        if (hout[i] != want && bad++ < 5)
            printf("out[%d] = %f, want %f\n", i, hout[i], want);
    }
    for (int c = 0; c < chunks; c++) {
        CHECK(cudaStreamDestroy(s[c]));
        CHECK(cudaEventDestroy(done[c]));
    }
    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFreeHost(h));
    CHECK(cudaFreeHost(hout));
    CHECK(cudaFree(d));
    CHECK(cudaFree(dout));
    if (bad) {
        printf("%d wrong\n", bad);
        return 1;
    }
    printf("ok: %d elements in %d streams\n", n, chunks);
    return 0;
}
