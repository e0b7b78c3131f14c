// Kernel templates: type and value parameters, explicit and deduced template arguments, a
// shared array sized by a template parameter and a barrier loop; each specialisation
// launched is registered before main.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
template <typename T, int TILE>
__global__ void tiled_sum(const T *in, T *out, int n) {
    __shared__ T tile[TILE];
    int i = blockIdx.x * TILE + threadIdx.x;
    tile[threadIdx.x] = i < n ? in[i] : T(0);
    __syncthreads();
    for (int s = TILE / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            tile[threadIdx.x] += tile[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = tile[0];
}
template <typename T>
__global__ void scale(T *a, T f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= f;
}
int main() {
    const int n = 1000;
    float hf[n]; double hd[n];
    for (int i = 0; i < n; i++) { hf[i] = (float)(i % 10); hd[i] = i * 0.5; }
    float *df, *of; double *dd, *od;
    cudaMalloc(&df, sizeof hf); cudaMalloc(&dd, sizeof hd); cudaMalloc(&of, 64 * sizeof(float)); cudaMalloc(&od, 64 * sizeof(double));
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice); cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    scale<<<(n + 127) / 128, 128>>>(df, 2.0f, n);
    scale<double><<<(n + 127) / 128, 128>>>(dd, 3.0, n);
    tiled_sum<float, 64><<<(n + 63) / 64, 64>>>(df, of, n);
    tiled_sum<double, 128><<<(n + 127) / 128, 128>>>(dd, od, n);
    float rf[64]; double rd[64];
    cudaMemcpy(rf, of, sizeof rf, cudaMemcpyDeviceToHost); cudaMemcpy(rd, od, sizeof rd, cudaMemcpyDeviceToHost);
    for (int b = 0; b < (n + 63) / 64; b++) { float w = 0; for (int i = b * 64; i < b * 64 + 64 && i < n; i++) w += hf[i] * 2.0f; if (rf[b] != w) { printf("float block %d: %f want %f\n", b, rf[b], w); return 1; } }
    for (int b = 0; b < (n + 127) / 128; b++) { double w = 0; for (int i = b * 128; i < b * 128 + 128 && i < n; i++) w += hd[i] * 3.0; if (rd[b] != w) { printf("double block %d: %f want %f\n", b, rd[b], w); return 1; } }
    printf("kernel templates ok\n");
    return 0;
}
