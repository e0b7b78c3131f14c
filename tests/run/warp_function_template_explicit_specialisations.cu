// Function templates holding warp functions or barriers, explicitly specialised, called from
// kernel templates with arguments depending on the kernel's (NVIDIA's reduction sample,
// reduce7, is written so): each instantiation must run the body C++ picks, the
// specialisation's or the pattern's. Here the bodies give different answers on purpose where
// that shows which one ran: warp_sum's int specialisation reduces over the lanes of the mask
// with __reduce_add_sync (every lane gets the sum), the pattern shuffles down (lane 0 only);
// scale<N> has a specialisation for N == 2 adding 1000; a void specialisation with a block
// barrier; two specialisations of one template (int and double). Compared with host
// references computed here.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

template <class T> __device__ T warp_sum(unsigned mask, T v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(mask, v, offset);
    return v;
}

template <> __device__ int warp_sum<int>(unsigned int mask, int value) {
    value = __reduce_add_sync(mask, value);
    return value;
}

template <> __device__ double warp_sum<double>(unsigned mask, double v) {
    for (int offset = 1; offset < 32; offset *= 2)
        v += __shfl_xor_sync(mask, v, offset);
    return v + 0.25;    /* tells this body from the others */
}

template <int N> __device__ int scale(int v) {
    int first = __shfl_sync(0xffffffffu, v, 0);
    return first * N;
}

template <> __device__ int scale<2>(int v) {
    int second = __shfl_sync(0xffffffffu, v, 1);
    return second * 2 + 1000;
}

/* void, with a block barrier: the block's tile reversed through shared memory */
template <class T> __device__ void reverse(T *tile, T v) {
    tile[threadIdx.x] = v;
    __syncthreads();
}

template <> __device__ void reverse<int>(int *tile, int v) {
    tile[blockDim.x - 1 - threadIdx.x] = v;
    __syncthreads();
}

template <class T, int N> __global__ void kernel(const T *in, T *sums, T *masked, int *scaled, T *reversed) {
    __shared__ T tile[128];
    unsigned tid = threadIdx.x;
    T v = in[blockIdx.x * blockDim.x + tid];
    T s = warp_sum<T>(0xffffffffu, v);
    sums[blockIdx.x * blockDim.x + tid] = s;
    /* under an if, the mask naming the lanes that take it (reduce7's second step) */
    unsigned lanes = __ballot_sync(0xffffffffu, tid < 64);
    T m = 0;
    if (tid < 64)
        m = warp_sum<T>(lanes, v);
    masked[blockIdx.x * blockDim.x + tid] = m;
    scaled[blockIdx.x * blockDim.x + tid] = scale<N>((int)tid + 7);
    reverse<T>(tile, v);
    reversed[blockIdx.x * blockDim.x + tid] = tile[tid];
}

/* What lane `lane` of a warp holding x[0..31] gets from shuffling down: a lane reads its own
 * value where the source is past the warp. */
template <class T> static T shuffled_down(const T *x, int lane) {
    T v[32];
    for (int i = 0; i < 32; i++)
        v[i] = x[i];
    for (int offset = 16; offset > 0; offset /= 2) {
        T next[32];
        for (int i = 0; i < 32; i++)
            next[i] = v[i] + (i + offset < 32 ? v[i + offset] : v[i]);
        for (int i = 0; i < 32; i++)
            v[i] = next[i];
    }
    return v[lane];
}

/* What each lane gets from warp_sum over a warp holding x[0..31], for the body type T picks. */
template <class T> static T expected_sum(const T *x, int lane) {
    const int lanes = 32;
    T total = 0;
    for (int i = 0; i < lanes; i++)
        total += x[i];
    if (sizeof(T) == sizeof(int) && (T)0.5 == 0)    /* int: every lane */
        return total;
    if (sizeof(T) == sizeof(double))                /* double: butterfly, every lane, + 0.25 */
        return total + (T)0.25;
    return shuffled_down(x, lane);
}

template <class T, int N> static int run(const char *name) {
    const int blocks = 3, threads = 128, n = blocks * threads;
    T *in, *sums, *masked, *reversed;
    int *scaled;
    cudaMallocManaged(&in, n * sizeof(T));
    cudaMallocManaged(&sums, n * sizeof(T));
    cudaMallocManaged(&masked, n * sizeof(T));
    cudaMallocManaged(&reversed, n * sizeof(T));
    cudaMallocManaged(&scaled, n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (T)((i * 37) % 101) / (T)(sizeof(T) == 4 && (T)0.5 == 0 ? 1 : 4);
    kernel<T, N><<<blocks, threads>>>(in, sums, masked, scaled, reversed);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("%s: launch failed\n", name);
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < threads; t++) {
            int i = b * threads + t, lane = t % 32;
            const T *warp = in + b * threads + t - lane;
            T want_sum = expected_sum(warp, lane);
            T want_masked = t < 64 ? want_sum : (T)0;
            int want_scaled = N == 2 ? (t - lane + 1 + 7) * 2 + 1000 : (t - lane + 7) * N;
            bool int_body = sizeof(T) == sizeof(int) && (T)0.5 == 0;
            T want_reversed = int_body ? in[b * threads + threads - 1 - t] : in[i];
            if (sums[i] != want_sum || masked[i] != want_masked || scaled[i] != want_scaled ||
                reversed[i] != want_reversed) {
                if (bad++ < 5)
                    printf("%s: thread %d of block %d: %g %g %d %g, expected %g %g %d %g\n", name, t, b,
                           (double)sums[i], (double)masked[i], scaled[i], (double)reversed[i], (double)want_sum,
                           (double)want_masked, want_scaled, (double)want_reversed);
            }
        }
    printf("%s: %s\n", name, bad ? "FAILED" : "ok");
    cudaFree(in);
    cudaFree(sums);
    cudaFree(masked);
    cudaFree(reversed);
    cudaFree(scaled);
    return bad != 0;
}

int main() {
    int failed = run<int, 2>("int, N=2") + run<float, 3>("float, N=3") + run<double, 2>("double, N=2") +
                 run<int, 5>("int, N=5");
    return failed ? 1 : 0;
}
