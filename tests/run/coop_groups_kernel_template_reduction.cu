// A kernel template in the style of NVIDIA's reduction samples: the value type and the block
// size are template parameters, so the warp functions' arguments have dependent types
// (tile32.shfl_down(mySum, offset), __shfl_down_sync on T, cg::reduce with cg::plus<T>)
// while the tile's size is a constant; instantiated for int, float and double.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

template <class T, unsigned int blockSize>
__global__ void reduce_t(const T *in, T *out, unsigned n) {
    cg::thread_block cta = cg::this_thread_block();
    __shared__ T sdata[blockSize];
    unsigned tid = threadIdx.x, i = blockIdx.x * blockSize * 2 + threadIdx.x;
    T mySum = i < n ? in[i] : (T)0;
    if (i + blockSize < n)
        mySum += in[i + blockSize];
    sdata[tid] = mySum;
    cg::sync(cta);
    if (blockSize >= 256 && tid < 128)
        sdata[tid] = mySum = mySum + sdata[tid + 128];
    cg::sync(cta);
    if (blockSize >= 128 && tid < 64)
        sdata[tid] = mySum = mySum + sdata[tid + 64];
    cg::sync(cta);
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    T viaReduce = 0, viaShfl = 0;
    if (cta.thread_rank() < 32) {
        if (blockSize >= 64)
            mySum += sdata[tid + 32];
        viaReduce = cg::reduce(tile32, mySum, cg::plus<T>());
        viaShfl = mySum;
        for (int offset = 16; offset > 0; offset /= 2)
            viaShfl += __shfl_down_sync(0xffffffffu, viaShfl, offset);
        for (int offset = tile32.size() / 2; offset > 0; offset /= 2)
            mySum += tile32.shfl_down(mySum, offset);
    }
    if (cta.thread_rank() == 0) {
        out[3 * blockIdx.x] = mySum;
        out[3 * blockIdx.x + 1] = viaReduce;
        out[3 * blockIdx.x + 2] = viaShfl;
    }
}

template <class T, unsigned int B>
static int check(const char *name, unsigned n) {
    const unsigned G = (n + 2 * B - 1) / (2 * B);
    T *in, *out;
    cudaMallocManaged(&in, n * sizeof(T));
    cudaMallocManaged(&out, 3 * G * sizeof(T));
    for (unsigned i = 0; i < n; i++)
        in[i] = (T)(i % 9);
    reduce_t<T, B><<<G, B>>>(in, out, n);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("%s: kernel failed\n", name);
        return 1;
    }
    int bad = 0;
    for (unsigned g = 0; g < G; g++) {
        long long want = 0;
        for (unsigned i = g * 2 * B; i < (g + 1) * 2 * B && i < n; i++)
            want += i % 9;
        for (int k = 0; k < 3; k++)
            if (out[3 * g + k] != (T)want && bad++ < 5)
                printf("%s block %u result %d: %g, want %lld\n", name, g, k, (double)out[3 * g + k], want);
    }
    cudaFree(in);
    cudaFree(out);
    return bad;
}

int main() {
    int bad = check<int, 256>("int", 5000) + check<float, 128>("float", 3001) + check<double, 64>("double", 999);
    printf("%s\n", bad ? "FAILED" : "ok");
    return bad != 0;
}
