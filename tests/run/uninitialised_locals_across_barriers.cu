// Locals declared without an initialiser before a barrier and assigned after it: where every
// value a thread loop can read was assigned in that loop (an if assigning in both branches),
// nothing crosses the barrier and the local is declared anew there; where a value comes
// round a loop holding the barrier (assigned on one trip, read on the next), or round a
// barrier-free loop whose body the thread loops run in (interchanged with them), or leaves
// for a later thread loop, each thread keeps its own. Results compared with the host's.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__global__ void locals(const float *in, float *out) {
    float a, b, acc;
    __shared__ float t[N];
    t[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0)
        a = t[0];
    else
        a = t[threadIdx.x - 1];
    b = a * 2.0f;
    out[threadIdx.x] = a + b;           // a: assigned in this loop only
    for (int it = 0; it < 3; it++) {
        if (it == 0)
            acc = t[threadIdx.x];
        else
            acc = acc * 0.5f + 1.0f;    // acc: from the previous trip
        __syncthreads();
    }
    out[N + threadIdx.x] = acc;
    if (threadIdx.x % 2)
        b = 7.0f;                        // b: still a's double in even threads
    __syncthreads();
    out[2 * N + threadIdx.x] = b;
}

// a: assigned on the first trip, updated on the others; the loop's body holds the thread loop
__global__ void round_a_loop(const float *in, float *out, int trips) {
    float a;
    __shared__ float t[N];
    t[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    for (int i = 0; i < trips; i++) {
        if (i == 0)
            a = t[threadIdx.x];
        else
            a = a + 1.0f;
        out[i * N + threadIdx.x] = a;
    }
}

int main() {
    float hin[N], hout[3 * N], *din, *dout;
    for (int i = 0; i < N; i++)
        hin[i] = (float)(i * 3 % 17);
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    locals<<<1, N>>>(din, dout);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int fails = 0;
    for (int i = 0; i < N; i++) {
        float a = hin[i == 0 ? 0 : i - 1], acc = (hin[i] * 0.5f + 1.0f) * 0.5f + 1.0f;
        float want[3] = {a + 2.0f * a, acc, i % 2 ? 7.0f : 2.0f * a};
        for (int k = 0; k < 3; k++)
            if (hout[k * N + i] != want[k] && fails++ < 10)
                printf("out[%d][%d] = %g, want %g\n", k, i, hout[k * N + i], want[k]);
    }
    round_a_loop<<<1, N>>>(din, dout, 3);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < N; i++)
            if (hout[k * N + i] != hin[i] + k && fails++ < 10)
                printf("round_a_loop: out[%d][%d] = %g, want %g\n", k, i, hout[k * N + i], hin[i] + k);
    if (cudaDeviceSynchronize() != cudaSuccess || fails) {
        printf("FAILED\n");
        return 1;
    }
    printf("ok\n");
    return 0;
}
