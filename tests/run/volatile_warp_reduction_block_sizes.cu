// Legacy warp-synchronous reduction: after the barrier-synchronised halving down to 64
// values, the first warp finishes with the unrolled steps `vs[tid] += vs[tid + 32]; ...` through
// volatile shared memory and no barrier, relying on the warp's lockstep (each step's reads for
// all lanes before any lane's writes). Kernel template on the element type and the block size
// (64..1024, float and int, `if (blockSize >= N)` steps as in NVIDIA's old samples), the same
// steps in a function template called with the kernel template's parameters, and a plain
// __device__ warpReduce(volatile int *, tid), each expanded where it is called under
// `if (tid < 32)`. Results compared with the host's sums (exact: small integers).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

template <class T, unsigned blockSize>
__global__ void reduce_unrolled(const T *in, T *out) {
    __shared__ T sdata[blockSize];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockSize + tid];
    __syncthreads();
    if (blockSize >= 1024) { if (tid < 512) sdata[tid] += sdata[tid + 512]; __syncthreads(); }
    if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
    if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
    if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
    if (tid < 32) {
        volatile T *vs = sdata;
        if (blockSize >= 64) vs[tid] += vs[tid + 32];
        if (blockSize >= 32) vs[tid] += vs[tid + 16];
        if (blockSize >= 16) vs[tid] += vs[tid + 8];
        if (blockSize >= 8) vs[tid] += vs[tid + 4];
        if (blockSize >= 4) vs[tid] += vs[tid + 2];
        if (blockSize >= 2) vs[tid] += vs[tid + 1];
    }
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

// the same steps in a function template, called with the kernel template's parameters
template <class T, unsigned blockSize>
__device__ void warpReduceT(volatile T *vs, unsigned tid) {
    if (blockSize >= 64) vs[tid] += vs[tid + 32];
    if (blockSize >= 32) vs[tid] += vs[tid + 16];
    if (blockSize >= 16) vs[tid] += vs[tid + 8];
    if (blockSize >= 8) vs[tid] += vs[tid + 4];
    if (blockSize >= 4) vs[tid] += vs[tid + 2];
    if (blockSize >= 2) vs[tid] += vs[tid + 1];
}

template <class T, unsigned blockSize>
__global__ void reduce_function_template(const T *in, T *out) {
    __shared__ T sdata[blockSize];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockSize + tid];
    __syncthreads();
    for (unsigned s = blockSize / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) warpReduceT<T, blockSize>(sdata, tid);
    if (tid == 0) out[blockIdx.x] = sdata[0];
}

__device__ void warpReduce(volatile int *sdata, unsigned tid) {
    sdata[tid] += sdata[tid + 32];
    sdata[tid] += sdata[tid + 16];
    sdata[tid] += sdata[tid + 8];
    sdata[tid] += sdata[tid + 4];
    sdata[tid] += sdata[tid + 2];
    sdata[tid] += sdata[tid + 1];
}

// two elements per thread on the way in, then the halving, as the samples' reduce5
__global__ void reduce_device_function(const int *in, int *out) {
    extern __shared__ int sm[];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
    sm[tid] = in[i] + in[i + blockDim.x];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sm[tid] += sm[tid + s];
        __syncthreads();
    }
    if (tid < 32) warpReduce(sm, tid);
    if (tid == 0) out[blockIdx.x] = sm[0];
}

static int bad = 0;

template <class T, unsigned B>
static void run(int grid) {
    T *in, *out;
    cudaMallocManaged(&in, sizeof(T) * B * grid);
    cudaMallocManaged(&out, sizeof(T) * grid);
    for (unsigned i = 0; i < B * grid; i++) in[i] = (T)((i * 37 + B) % 101);
    for (int variant = 0; variant < 2; variant++) {
        if (variant == 0)
            reduce_unrolled<T, B><<<grid, B>>>(in, out);
        else
            reduce_function_template<T, B><<<grid, B>>>(in, out);
        if (cudaDeviceSynchronize() != cudaSuccess) { printf("B=%u: launch failed\n", B); bad++; }
        for (int g = 0; g < grid; g++) {
            T want = 0;
            for (unsigned i = 0; i < B; i++) want += in[g * B + i];
            if (out[g] != want && bad++ < 20)
                printf("%s B=%u variant %d block %d: %g, want %g\n", (T)0.5 != 0 ? "float" : "int", B, variant,
                       g, (double)out[g], (double)want);
        }
    }
    cudaFree(in);
    cudaFree(out);
}

int main() {
    run<float, 64>(3);
    run<float, 128>(3);
    run<float, 256>(2);
    run<float, 512>(2);
    run<float, 1024>(2);
    run<int, 64>(3);
    run<int, 128>(3);
    run<int, 256>(2);
    run<int, 512>(2);
    run<int, 1024>(2);
    for (unsigned b = 64; b <= 1024; b *= 2) {
        const int grid = 5;
        int *in, *out;
        cudaMallocManaged(&in, sizeof(int) * 2 * b * grid);
        cudaMallocManaged(&out, sizeof(int) * grid);
        for (unsigned i = 0; i < 2 * b * grid; i++) in[i] = (int)((i * 13) % 29) - 7;
        reduce_device_function<<<grid, b, b * sizeof(int)>>>(in, out);
        if (cudaDeviceSynchronize() != cudaSuccess) { printf("b=%u: launch failed\n", b); bad++; }
        for (int g = 0; g < grid; g++) {
            int want = 0;
            for (unsigned i = 0; i < 2 * b; i++) want += in[g * 2 * b + i];
            if (out[g] != want && bad++ < 20) printf("warpReduce b=%u block %d: %d, want %d\n", b, g, out[g], want);
        }
        cudaFree(in);
        cudaFree(out);
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
