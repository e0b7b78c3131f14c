// Launches written in a macro's body: expanded several times, with template arguments and
// token pasting, over continued lines, through a macro calling another, and one per case
// of a switch on a template argument (HeCBench attention-paged's LAUNCH_PAGED_ATTENTION_V1).
// RUN: %cu2cc %s -o %t && %t | FileCheck %s
#include <cstdio>

template <typename T, int F>
__global__ void scale(T *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = p[i] * (T)F;
}

__global__ void iota(int *out, int n, int base) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = base + i;
}

#define LAUNCH_SCALE(T, F) scale<T, F><<<(n + 127) / 128, 128>>>(d_##T, n)
#define LAUNCH_IOTA(KERNEL, GRID, BASE) \
    KERNEL<<<GRID,                      \
             dim3(64, 1, 1), 0, 0>>>(ip, n, BASE)
#define CHECKED(launch)                                        \
    do {                                                       \
        launch;                                                \
        cudaError_t e = cudaGetLastError();                    \
        if (e != cudaSuccess)                                  \
            printf("launch failed: %s\n", cudaGetErrorString(e)); \
    } while (0)
#define TWICE(F) CHECKED(LAUNCH_SCALE(float, F)); CHECKED(LAUNCH_SCALE(int, F))

template <int HEAD, int STEP>
__global__ void head(int *out) {
    out[threadIdx.x] = HEAD * 1000 + threadIdx.x * STEP;
}

#define LAUNCH_HEAD(HEAD_SIZE)     \
    head<HEAD_SIZE,                \
         1>                        \
        <<<dim3(1), dim3(32), 0, stream>>>(out)

void run_head(int size, int *out, cudaStream_t stream) {
    switch (size) {
    case 64:
        LAUNCH_HEAD(64);
        break;
    case 128:
        LAUNCH_HEAD(128);
        break;
    default:
        printf("unsupported head size %d\n", size);
    }
}

int main() {
    const int n = 300;
    float *d_float;
    int *d_int, *ip, *out;
    cudaMallocManaged(&d_float, n * sizeof(float));
    cudaMallocManaged(&d_int, n * sizeof(int));
    cudaMallocManaged(&ip, n * sizeof(int));
    cudaMallocManaged(&out, 32 * sizeof(int));
    for (int i = 0; i < n; i++) {
        d_float[i] = (float)i;
        d_int[i] = i;
    }
    LAUNCH_SCALE(float, 2);
    LAUNCH_SCALE(int, 3);
    TWICE(5);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += d_float[i] != 10.0f * i || d_int[i] != 15 * i;
    printf("scale: %d wrong\n", bad);
    // CHECK: scale: 0 wrong

    LAUNCH_IOTA(iota, (n + 63) / 64, 7);
    cudaDeviceSynchronize();
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += ip[i] != 7 + i;
    CHECKED(LAUNCH_IOTA(iota, 1, 100));
    cudaDeviceSynchronize();
    for (int i = 0; i < 64; i++)
        bad += ip[i] != 100 + i;
    printf("iota: %d wrong\n", bad);
    // CHECK: iota: 0 wrong

    cudaStream_t stream;
    cudaStreamCreate(&stream);
    bad = 0;
    for (int size = 64; size <= 128; size += 64) {
        run_head(size, out, stream);
        cudaStreamSynchronize(stream);
        for (int t = 0; t < 32; t++)
            bad += out[t] != size * 1000 + t;
    }
    run_head(96, out, stream);
    printf("head: %d wrong, %s\n", bad, cudaGetErrorString(cudaGetLastError()));
    // CHECK: unsupported head size 96
    // CHECK: head: 0 wrong, no error
    return 0;
}
