// CUB block reductions whose results are not a declaration's written type, in templates:
// assigned to an existing local (`acc = BlockReduce(t).Sum(acc)`), in an `auto` local
// (`const auto z = BlockReduce(t).Reduce(v, op)`), in a plain kernel and kernel templates;
// and a device function template with its own alias of the class and its __shared__
// TempStorage (HeCBench bgmv, moe, channelSum, adamw); a kernel-local alias naming the
// item type (`using kvp = cub::KeyValuePair<int, float>`) of a per-thread local kept across
// barriers and of the class (moe's top-k); a plain kernel's grid-stride sum reduced that way
// (attention: the stride loop's thread loop, over x only, indexed the sum's per-thread
// storage by y and z, which it did not declare). The result type is CUB's T, named
// in each specialisation; the registration names the shared storage's type through the
// alias's meaning (cudaFuncGetAttributes' sharedSizeBytes counts it).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_ENGINE=fibers %cu2cc -O2 %s -o %t.fib && env CU2C_NUM_THREADS=2 timeout 60 %t.fib
#include <cstdio>
#include <cub/cub.cuh>

struct MaxOp {
    __device__ float operator()(float a, float b) const { return a > b ? a : b; }
};

template <int B = 128>
__global__ void block_sum(float *out, const float *in, int n) {
    float acc = 0.0f;
    for (int i = threadIdx.x; i < n; i += B)
        acc += in[i];
    using BlockReduce = cub::BlockReduce<float, B>;
    __shared__ typename BlockReduce::TempStorage temp;
    acc = BlockReduce(temp).Sum(acc);
    if (threadIdx.x == 0)
        out[blockIdx.x] = acc;
}

template <int B>
__global__ void block_max_inverse(float *out, const float *in, int n) {
    using BlockReduce = cub::BlockReduce<float, B>;
    __shared__ typename BlockReduce::TempStorage temp;
    __shared__ float inverse;
    float m = -1e30f;
    for (int i = threadIdx.x; i < n; i += B)
        m = in[i] > m ? in[i] : m;
    const auto z = BlockReduce(temp).Reduce(m, MaxOp());
    if (threadIdx.x == 0)
        inverse = 1.0f / z;
    __syncthreads();
    out[blockIdx.x * B + threadIdx.x] = inverse;
}

__global__ void plain_auto_sum(int *out, const int *in) {
    using BlockReduce = cub::BlockReduce<int, 64>;
    __shared__ BlockReduce::TempStorage temp;
    auto s = BlockReduce(temp).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0)
        out[0] = s;
}

template <typename T, int B>
__device__ void reduce_two(T &a, T &b) {
    using BlockReduce = cub::BlockReduce<T, B>;
    __shared__ typename BlockReduce::TempStorage t1;
    __shared__ typename BlockReduce::TempStorage t2;
    a = BlockReduce(t1).Sum(a);
    b = BlockReduce(t2).Reduce(b, MaxOp());
}

template <typename T>
__global__ void sum_and_max(T *out, const T *in) {
    T a = in[threadIdx.x], b = in[threadIdx.x] * 2;
    reduce_two<T, 256>(a, b);
    if (threadIdx.x == 0) {
        out[0] = a;
        out[1] = b;
    }
}

__global__ void dot_rows(const float *key, const float *q, float *dot, int d) {
    int i = blockIdx.x;
    float sum = 0;
    for (int j = threadIdx.x; j < d; j += blockDim.x)
        sum += key[i * d + j] * q[j];
    using BlockReduce = cub::BlockReduce<float, 256>;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    sum = BlockReduce(temp_storage).Sum(sum);
    if (threadIdx.x == 0)
        dot[i] = sum;
}

template <int TPB>
__global__ void top2(int *keys, const float *in, int n) {
    using kvp = cub::KeyValuePair<int, float>;
    using BlockReduce = cub::BlockReduce<kvp, TPB>;
    __shared__ typename BlockReduce::TempStorage temp;
    kvp best;
    cub::ArgMax arg_max;
    for (int round = 0; round < 2; round++) {
        best.key = 0;
        best.value = -1.f;
        for (int i = threadIdx.x; i < n; i += TPB) {
            kvp item;
            item.key = i;
            item.value = round == 1 && i == keys[0] ? -1.f : in[i];
            best = arg_max(item, best);
        }
        const kvp winner = BlockReduce(temp).Reduce(best, arg_max);
        if (threadIdx.x == 0)
            keys[round] = winner.key;
        __syncthreads();
    }
}

int main() {
    const int n = 1000;
    float *in, *out;
    int *iin, *iout;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, 4 * 64 * sizeof(float));
    cudaMallocManaged(&iin, 64 * sizeof(int));
    cudaMallocManaged(&iout, sizeof(int));
    double sum = 0, max = 0, sum256 = 0, max256 = 0;
    int isum = 0;
    for (int i = 0; i < n; i++) {
        in[i] = (float)((i * 37) % 101);
        sum += in[i];
        max = in[i] > max ? in[i] : max;
        if (i < 256) {
            sum256 += in[i];
            max256 = 2 * in[i] > max256 ? 2 * in[i] : max256;
        }
    }
    for (int i = 0; i < 64; i++)
        isum += iin[i] = i * i - 7;
    int bad = 0;
    block_sum<<<4, 128>>>(out, in, n);
    cudaDeviceSynchronize();
    for (int b = 0; b < 4; b++)
        if (out[b] != (float)sum && bad++ < 5)
            printf("block_sum[%d] = %g, expected %g\n", b, out[b], sum);
    block_max_inverse<64><<<4, 64>>>(out, in, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < 4 * 64; i++)
        if (out[i] != 1.0f / (float)max && bad++ < 5)
            printf("block_max_inverse[%d] = %g, expected %g\n", i, out[i], 1.0f / (float)max);
    plain_auto_sum<<<1, 64>>>(iout, iin);
    cudaDeviceSynchronize();
    if (iout[0] != isum && bad++ < 5)
        printf("plain_auto_sum = %d, expected %d\n", iout[0], isum);
    sum_and_max<float><<<1, 256>>>(out, in);
    cudaDeviceSynchronize();
    if ((out[0] != (float)sum256 || out[1] != (float)max256) && bad++ < 5)
        printf("sum_and_max = %g %g, expected %g %g\n", out[0], out[1], sum256, max256);
    for (int i = 0; i < n; i++)
        in[i] = (float)((i * 7919) % 997);
    int *keys;
    cudaMallocManaged(&keys, 2 * sizeof(int));
    top2<128><<<1, 128>>>(keys, in, n);
    cudaDeviceSynchronize();
    int k0 = 0, k1 = -1;
    for (int i = 1; i < n; i++)
        k0 = in[i] > in[k0] ? i : k0;
    for (int i = 0; i < n; i++)
        if (i != k0 && (k1 < 0 || in[i] > in[k1]))
            k1 = i;
    if ((keys[0] != k0 || keys[1] != k1) && bad++ < 5)
        printf("top2 = %d %d, expected %d %d\n", keys[0], keys[1], k0, k1);
    dot_rows<<<4, 256>>>(in, in, out, 250);
    cudaDeviceSynchronize();
    for (int r = 0; r < 4; r++) {
        float e = 0;
        for (int j = 0; j < 250; j++)
            e += in[r * 250 + j] * in[j];
        if (fabsf(out[r] - e) > 1e-3f * e && bad++ < 5)
            printf("dot_rows[%d] = %g, expected %g\n", r, out[r], e);
    }
    cudaFuncAttributes attr;
    if (cudaFuncGetAttributes(&attr, sum_and_max<float>) != cudaSuccess ||
        attr.sharedSizeBytes < 2 * sizeof(cub::BlockReduce<float, 256>::TempStorage)) {
        printf("sum_and_max's sharedSizeBytes = %zu, expected at least %zu\n", attr.sharedSizeBytes,
               2 * sizeof(cub::BlockReduce<float, 256>::TempStorage));
        bad++;
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
