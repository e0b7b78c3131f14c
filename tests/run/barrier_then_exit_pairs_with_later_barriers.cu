// Threads that pass a barrier and then only end (`__syncthreads(); return;`) while the others
// go on to other barriers: on a GPU (Volta and later) their barrier pairs with the others'
// first one and, exited, they hold up no later one. Both engines run it: fill threads in a
// device function template (vLLM's moe_align form), threads past the end of the data, and
// two barriers before the return against three. With work between such a barrier and the
// return, the kernel runs on the fiber engine (thread loops would run the threads' work
// after their barrier before the others' work before theirs).
// RUN: %cu2cc %s -o %t && %t | FileCheck %s
#include <cstdio>

template <int fill_threads>
__device__ void align(const int *ids, int *sorted, int *counts, int n, int padded) {
    if (threadIdx.x < fill_threads) {
        for (int i = threadIdx.x; i < padded; i += fill_threads)
            sorted[i] = n;
        __syncthreads();
        return;
    }
    const int tid = threadIdx.x - fill_threads, stride = blockDim.x - fill_threads;
    __shared__ int cnt[8];
    if (tid < 8)
        cnt[tid] = 0;
    __syncthreads();
    for (int i = tid; i < n; i += stride)
        atomicAdd(&cnt[ids[i]], 1);
    __syncthreads();
    if (tid < 8) {
        counts[tid] = cnt[tid];
        int start = 0;
        for (int e = 0; e < tid; e++)
            start += cnt[e];
        /* after the fill threads' writes: their barrier was the first one */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (ids[i] == tid)
                sorted[start + k++] = i;
    }
}

__global__ void moe_align(const int *ids, int *sorted, int *counts, int n, int padded) {
    align<64>(ids, sorted, counts, n, padded);
}

/* threads past n leave at once, after the barrier the others wait at */
__global__ void neighbours(const float *in, float *out, int n) {
    __shared__ float s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) {
        __syncthreads();
        return;
    }
    s[threadIdx.x] = in[i];
    __syncthreads();
    int j = threadIdx.x + 1 < blockDim.x && i + 1 < n ? threadIdx.x + 1 : threadIdx.x;
    out[i] = s[threadIdx.x] + s[j];
}

/* the last warp passes two barriers and ends; the others pass three */
__global__ void stages(int *out) {
    __shared__ int a[128], b[128];
    int t = threadIdx.x;
    if (t >= 96) {
        a[t] = t;
        b[t] = 2 * t;
        __syncthreads();
        __syncthreads();
        return;
    }
    a[t] = t;
    __syncthreads();
    b[t] = a[t + 32] + 1;
    __syncthreads();
    int v = b[(t + 32) % 128];
    __syncthreads();
    out[t] = v;
}

/* the last warp works between its barriers and after them; the others pass three */
__global__ void stages_working(int *out) {
    __shared__ int a[128], b[128];
    int t = threadIdx.x;
    if (t >= 96) {
        a[t] = t;
        __syncthreads();
        b[t] = 2 * a[t - 96];
        __syncthreads();
        out[t] = b[t - 64];
        return;
    }
    a[t] = t;
    __syncthreads();
    b[t] = a[t + 32] + 1;
    __syncthreads();
    int v = b[(t + 32) % 128];
    __syncthreads();
    out[t] = v;
}

int main() {
    const int n = 300, padded = 512;
    int *ids, *sorted, *counts;
    cudaMallocManaged(&ids, n * sizeof(int));
    cudaMallocManaged(&sorted, padded * sizeof(int));
    cudaMallocManaged(&counts, 8 * sizeof(int));
    for (int i = 0; i < n; i++)
        ids[i] = (i * 7 + i / 5) % 8;
    moe_align<<<1, 192>>>(ids, sorted, counts, n, padded);
    cudaError_t e = cudaDeviceSynchronize();
    int bad = 0, start = 0;
    for (int x = 0; x < 8; x++) {
        int c = 0;
        for (int i = 0; i < n; i++)
            if (ids[i] == x) {
                bad += sorted[start + c] != i;
                c++;
            }
        bad += counts[x] != c;
        start += c;
    }
    for (int i = n; i < padded; i++)
        bad += sorted[i] != n;
    printf("moe_align: %s, %d wrong\n", cudaGetErrorString(e), bad);
    // CHECK: moe_align: no error, 0 wrong

    const int m = 1000;   /* not a multiple of the block */
    float *in, *out;
    cudaMallocManaged(&in, m * sizeof(float));
    cudaMallocManaged(&out, m * sizeof(float));
    for (int i = 0; i < m; i++)
        in[i] = (float)(i % 17);
    neighbours<<<(m + 127) / 128, 128>>>(in, out, m);
    e = cudaDeviceSynchronize();
    bad = 0;
    for (int i = 0; i < m; i++) {
        int j = i % 128 + 1 < 128 && i + 1 < m ? i + 1 : i;
        bad += out[i] != in[i] + in[j];
    }
    printf("neighbours: %s, %d wrong\n", cudaGetErrorString(e), bad);
    // CHECK: neighbours: no error, 0 wrong

    int *o;
    cudaMallocManaged(&o, 96 * sizeof(int));
    stages<<<1, 128>>>(o);
    e = cudaDeviceSynchronize();
    bad = 0;
    for (int t = 0; t < 96; t++) {
        int u = (t + 32) % 128;
        int want = u >= 96 ? 2 * u : u + 32 + 1;
        bad += o[t] != want;
    }
    printf("stages: %s, %d wrong\n", cudaGetErrorString(e), bad);
    // CHECK: stages: no error, 0 wrong

    int *w;
    cudaMallocManaged(&w, 128 * sizeof(int));
    stages_working<<<1, 128>>>(w);
    e = cudaDeviceSynchronize();
    bad = 0;
    for (int t = 0; t < 128; t++) {
        int b[128];
        for (int x = 0; x < 128; x++)
            b[x] = x >= 96 ? 2 * (x - 96) : x + 32 + 1;
        int want = t >= 96 ? b[t - 64] : b[(t + 32) % 128];
        bad += w[t] != want;
    }
    printf("stages_working: %s, %d wrong\n", cudaGetErrorString(e), bad);
    // CHECK: stages_working: no error, 0 wrong
    return 0;
}
