// Full-mask warp functions under an if whose other lanes then leave the kernel without
// meeting the warp again (the if is the kernel's last construct with warp functions):
// CUDA asks only the non-exited lanes a mask names to make the call, so this is defined,
// and segmented sorts rely on it (`if (bin_it < bin_size) { ...__shfl_xor_sync(0xffffffff,
// ...) }` where a warp straddles the end). The lanes read only lanes that took the branch.
// In two_ifs the lanes named skip a second if holding shuffles too, then exit: whether they
// meet the warp again is known only when the kernel runs (a segmented sort's two bounds).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

__global__ void pairs(const int *in, int *out, int *tail, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    if (i < n) {
        int partner = __shfl_xor_sync(0xffffffff, v, 1);
        int first = __shfl_sync(0xffffffff, v, 0);
        unsigned votes = __ballot_sync(0xffffffff, v % 3 == 0);
        out[i] = v + partner * 10 + first * 100 + __popc(votes) * 100000;
    } else {
        tail[i - n] = -v - 1;       // no warp function here nor after the if
    }
    if (i == n) tail[100] = 7;
}

__global__ void two_ifs(const int *in, int *out, int n, int m) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    if (i < n)
        v += __shfl_xor_sync(0xffffffff, v, 1) * 10;
    if (i < m) {
        int d = __shfl_down_sync(0xffffffff, v, 1);
        if (i + 1 < m && i % 32 != 31) v += d * 100;
    }
    if (i < n) out[i] = v;
}

int main() {
    const int n = 70, threads = 128;
    int h[threads], o[n], t[101];
    for (int i = 0; i < threads; i++) h[i] = i < n ? (i * 37) % 101 : 0;
    int *d, *dout, *dtail;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o); cudaMalloc(&dtail, sizeof t);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    pairs<<<2, 64>>>(d, dout, dtail, n);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(t, dtail, sizeof t, cudaMemcpyDeviceToHost);
    int bad = err != cudaSuccess;
    if (bad) printf("kernel: %s\n", cudaGetErrorString(err));
    for (int i = 0; i < n; i++) {
        int w = i / 32 * 32, votes = 0;
        for (int j = w; j < w + 32 && j < n; j++) votes += h[j] % 3 == 0;
        int want = h[i] + h[i ^ 1] * 10 + h[w] * 100 + votes * 100000;
        if (o[i] != want && bad++ < 8) printf("out[%d] = %d, want %d\n", i, o[i], want);
    }
    for (int i = n; i < threads; i++)
        if (t[i - n] != -1 && bad++ < 8) printf("tail[%d] = %d\n", i - n, t[i - n]);
    if (t[100] != 7) bad++;
    const int m = 53;
    two_ifs<<<2, 64>>>(d, dout, n, m);
    err = cudaDeviceSynchronize();
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    if (err != cudaSuccess && bad++ < 8) printf("two_ifs: %s\n", cudaGetErrorString(err));
    int first[n];
    for (int i = 0; i < n; i++) first[i] = h[i] + h[i ^ 1] * 10;
    for (int i = 0; i < n; i++) {
        int want = first[i] + (i < m && i + 1 < m && i % 32 != 31 ? first[i + 1] * 100 : 0);
        if (o[i] != want && bad++ < 8) printf("two_ifs out[%d] = %d, want %d\n", i, o[i], want);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
