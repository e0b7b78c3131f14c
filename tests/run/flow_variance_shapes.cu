// Flow-sensitive thread variance: each kernel reaches its barriers under block-uniform
// control although a local of that control is thread-dependent elsewhere in the kernel:
// `int i, j;` with only j varying; a counter reused after a thread-dependent use; a local
// re-assigned a uniform value before a barrier loop and an if; a loop under #pragma unroll
// whose counter is also used per thread before. Each result is checked against the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

#define N 64

// int i, j; declared together: j per thread, i the barrier loop's counter
__global__ void decl_pair(int *out, int n) {
    __shared__ int sh[N];
    int i, j;
    j = threadIdx.x * 3;
    sh[threadIdx.x] = 0;
    __syncthreads();
    for (i = 0; i < n; i++) {
        if (threadIdx.x == i % blockDim.x)
            sh[threadIdx.x] += i;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sh[threadIdx.x] + j;
}

// a counter reused after a thread-dependent use
__global__ void counter_reused(int *out, int n) {
    __shared__ int sh[N];
    int i = threadIdx.x;
    sh[i] = i;
    __syncthreads();
    for (i = 0; i < n; i++) {
        int v = sh[(threadIdx.x + 1) % blockDim.x];
        __syncthreads();
        sh[threadIdx.x] = v + i;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sh[threadIdx.x];
}

// a local re-assigned a uniform value before a barrier loop (a tree reduction) and an if
__global__ void reassigned(const int *in, int *out) {
    __shared__ int sh[N];
    int s = threadIdx.x;
    sh[s] = in[blockIdx.x * blockDim.x + s];
    s = blockDim.x / 2;
    __syncthreads();
    while (s > 0) {
        if (threadIdx.x < s)
            sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
        s /= 2;
    }
    int total = sh[0];
    __syncthreads();
    s = total & 1;
    if (s) {
        sh[threadIdx.x] = total;
        __syncthreads();
    } else {
        sh[threadIdx.x] = -total;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sh[(threadIdx.x + 1) % blockDim.x] + (int)threadIdx.x;
}

// #pragma unroll before a barrier loop whose counter was used per thread first
__global__ void unrolled(int *out) {
    __shared__ int sh[N];
    int k = threadIdx.x;
    sh[k] = k;
#pragma unroll
    for (k = 0; k < 4; k++) {
        __syncthreads();
        int v = sh[(threadIdx.x + k) % blockDim.x];
        __syncthreads();
        sh[threadIdx.x] = v * 2 + k;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = sh[threadIdx.x];
}

static int check(const char *what, const int *got, const int *want, int n) {
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("%s: [%d] = %d, want %d\n", what, i, got[i], want[i]);
            return 1;
        }
    return 0;
}

int main() {
    const int blocks = 3, bs = N, total = blocks * bs, n = 70;
    int h_in[blocks * N], got[blocks * N], want[blocks * N], sh[N], nx[N];
    int *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof got);
    for (int i = 0; i < total; i++)
        h_in[i] = (i * 7) % 13 - 4;
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    int bad = 0;

    decl_pair<<<blocks, bs>>>(d_out, n);
    cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < bs; t++) {
            int s = 0;
            for (int i = 0; i < n; i++)
                if (t == i % bs)
                    s += i;
            want[b * bs + t] = s + t * 3;
        }
    bad |= check("decl_pair", got, want, total);

    counter_reused<<<blocks, bs>>>(d_out, n);
    cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
    for (int t = 0; t < bs; t++)
        sh[t] = t;
    for (int i = 0; i < n; i++) {
        for (int t = 0; t < bs; t++)
            nx[t] = sh[(t + 1) % bs] + i;
        for (int t = 0; t < bs; t++)
            sh[t] = nx[t];
    }
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < bs; t++)
            want[b * bs + t] = sh[t];
    bad |= check("counter_reused", got, want, total);

    reassigned<<<blocks, bs>>>(d_in, d_out);
    cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
        int sum = 0;
        for (int t = 0; t < bs; t++)
            sum += h_in[b * bs + t];
        for (int t = 0; t < bs; t++)
            want[b * bs + t] = ((sum & 1) ? sum : -sum) + t;
    }
    bad |= check("reassigned", got, want, total);

    unrolled<<<blocks, bs>>>(d_out);
    cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost);
    for (int t = 0; t < bs; t++)
        sh[t] = t;
    for (int k = 0; k < 4; k++) {
        for (int t = 0; t < bs; t++)
            nx[t] = sh[(t + k) % bs] * 2 + k;
        for (int t = 0; t < bs; t++)
            sh[t] = nx[t];
    }
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < bs; t++)
            want[b * bs + t] = sh[t];
    bad |= check("unrolled", got, want, total);

    cudaFree(d_in);
    cudaFree(d_out);
    if (!bad)
        printf("flow variance shapes: ok\n");
    return bad;
}
