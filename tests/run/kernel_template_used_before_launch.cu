// Kernel template specialisations used through their address before any `<<<...>>>` (or with
// none at all) are registered, as nvcc registers every kernel it instantiates:
// cudaFuncSetCacheConfig, cudaFuncSetAttribute, cudaFuncGetAttributes (the specialisation's
// own static shared bytes), cudaOccupancyMaxActiveBlocksPerMultiprocessor and cudaLaunchKernel
// succeed on them; a default template argument and a parameter pack too (NVIDIA's `interval`
// sample sets the cache configuration of test_interval_newton<T> first).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

template <typename T, int N = 32>
__global__ void block_sum(const T *in, T *out) {
    __shared__ T s[N];
    s[threadIdx.x] = in[blockIdx.x * N + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        T t = 0;
        for (int i = 0; i < N; i++)
            t += s[i];
        out[blockIdx.x] = t;
    }
}

template <int... Ns>
__global__ void add_all(int *out, int base) {
    int v[] = {0, Ns...};
    int t = base;
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++)
        t += v[i];
    out[threadIdx.x] = t + threadIdx.x;
}

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); return 1; } } while (0)

int main() {
    CHECK(cudaFuncSetCacheConfig(block_sum<float>, cudaFuncCachePreferL1));
    CHECK(cudaFuncSetAttribute(block_sum<double, 64>, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
    cudaFuncAttributes fa, da;
    CHECK(cudaFuncGetAttributes(&fa, block_sum<float>));
    CHECK(cudaFuncGetAttributes(&da, block_sum<double, 64>));
    if (fa.sharedSizeBytes != 32 * sizeof(float) || da.sharedSizeBytes != 64 * sizeof(double)) {
        printf("static shared bytes %zu and %zu\n", fa.sharedSizeBytes, da.sharedSizeBytes);
        return 1;
    }
    int per_sm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, block_sum<double, 64>, 64, 0));
    if (per_sm < 1) {
        printf("occupancy %d\n", per_sm);
        return 1;
    }

    const int blocks = 4;
    float hf[blocks * 32], rf[blocks];
    double hd[blocks * 64], rd[blocks];
    for (int i = 0; i < blocks * 32; i++) hf[i] = (float)(i % 7);
    for (int i = 0; i < blocks * 64; i++) hd[i] = i * 0.25;
    float *df, *of; double *dd, *od; int *oi;
    CHECK(cudaMalloc(&df, sizeof hf)); CHECK(cudaMalloc(&of, sizeof rf));
    CHECK(cudaMalloc(&dd, sizeof hd)); CHECK(cudaMalloc(&od, sizeof rd));
    CHECK(cudaMalloc(&oi, 8 * sizeof(int)));
    CHECK(cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice));

    // never launched with <<<>>>: only through cudaLaunchKernel
    const float *cdf = df;
    void *fargs[] = {&cdf, &of};
    CHECK(cudaLaunchKernel((void *)block_sum<float>, dim3(blocks), dim3(32), fargs, 0, 0));
    int base = 3;
    void *iargs[] = {&oi, &base};
    CHECK(cudaLaunchKernel((const void *)add_all<4, 5>, dim3(1), dim3(8), iargs, 0, 0));
    // launched with <<<>>> after its attributes were set
    block_sum<double, 64><<<blocks, 64>>>(dd, od);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    int ri[8];
    CHECK(cudaMemcpy(rf, of, sizeof rf, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(rd, od, sizeof rd, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ri, oi, sizeof ri, cudaMemcpyDeviceToHost));
    for (int k = 0; k < blocks; k++) {
        float wf = 0; double wd = 0;
        for (int i = 0; i < 32; i++) wf += hf[k * 32 + i];
        for (int i = 0; i < 64; i++) wd += hd[k * 64 + i];
        if (rf[k] != wf || rd[k] != wd) {
            printf("block %d: %f %f want %f %f\n", k, rf[k], rd[k], wf, wd);
            return 1;
        }
    }
    for (int i = 0; i < 8; i++)
        if (ri[i] != 12 + i) {
            printf("add_all[%d] = %d\n", i, ri[i]);
            return 1;
        }
    printf("kernel templates used before launch ok\n");
    return 0;
}
