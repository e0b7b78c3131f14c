// Barriers in every block-uniform construct: do-while whose condition reads shared memory,
// both branches of an if on blockIdx, a switch on a parameter with barriers in its cases,
// nested loops, a nested block, and uniform break/continue in a loop holding barriers.
// Each kernel shifts values between neighbouring threads through shared memory, so a
// missing or misplaced barrier changes the result. Several block sizes.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

// rotate the block's values left by one, `times` times, in a do-while on a shared counter
__global__ void rotate_do(int *v, int times) {
    __shared__ int s[1024];
    __shared__ int left;
    int t = threadIdx.x, n = blockDim.x;
    int mine = v[blockIdx.x * n + t];
    if (t == 0)
        left = times;
    __syncthreads();
    do {
        s[t] = mine;
        __syncthreads();
        mine = s[(t + 1) % n];
        __syncthreads();
        if (t == 0)
            left--;
        __syncthreads();
    } while (left > 0);
    v[blockIdx.x * n + t] = mine;
}

// even blocks rotate left, odd blocks right: a barrier in both branches
__global__ void rotate_if(int *v) {
    __shared__ int s[1024];
    int t = threadIdx.x, n = blockDim.x;
    s[t] = v[blockIdx.x * n + t];
    __syncthreads();
    int got;
    if (blockIdx.x % 2 == 0) {
        got = s[(t + 1) % n];
        __syncthreads();
        s[t] = got;
    } else {
        got = s[(t + n - 1) % n];
        __syncthreads();
        s[t] = got;
    }
    __syncthreads();
    v[blockIdx.x * n + t] = s[t];
}

// mode 0: rotate twice; mode 1: rotate once; other: leave
__global__ void rotate_switch(int *v, int mode) {
    __shared__ int s[1024];
    int t = threadIdx.x, n = blockDim.x;
    int mine = v[blockIdx.x * n + t];
    switch (mode) {
    case 0:
        s[t] = mine;
        __syncthreads();
        mine = s[(t + 1) % n];
        __syncthreads();
        // fall through
    case 1:
        s[t] = mine;
        __syncthreads();
        mine = s[(t + 1) % n];
        break;
    default:
        break;
    }
    v[blockIdx.x * n + t] = mine;
}

// rotate rounds*inner times, skipping odd inner steps (continue) and stopping when the
// shared step count reaches limit (break)
__global__ void rotate_nested(int *v, int rounds, int inner, int limit) {
    __shared__ int s[1024];
    __shared__ int steps;
    int t = threadIdx.x, n = blockDim.x;
    int mine = v[blockIdx.x * n + t];
    if (t == 0)
        steps = 0;
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < inner; i++) {
            if (i % 2 == 1)
                continue;
            {
                s[t] = mine;
                __syncthreads();
                mine = s[(t + 1) % n];
                __syncthreads();
            }
            if (t == 0)
                steps++;
            __syncthreads();
            if (steps == limit)
                break;
        }
        if (steps == limit)
            break;
    }
    v[blockIdx.x * n + t] = mine;
}

static int check(const char *what, const int *got, int blocks, int n, int (*shift)(int block)) {
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < n; t++) {
            int k = ((t + shift(b)) % n + n) % n;
            int want = b * 1000 + k;
            if (got[b * n + t] != want) {
                printf("%s, block size %d, block %d, thread %d: %d, want %d\n", what, n, b, t,
                       got[b * n + t], want);
                return 1;
            }
        }
    return 0;
}

static int by3(int) { return 3; }
static int alternating(int b) { return b % 2 == 0 ? 1 : -1; }
static int by2(int) { return 2; }
static int by1(int) { return 1; }
static int by0(int) { return 0; }
static int by5(int) { return 5; }

int main() {
    const int blocks = 6;
    int sizes[] = {1, 7, 64, 256};
    int *d, *h = new int[blocks * 256];
    cudaMalloc(&d, blocks * 256 * sizeof(int));
    for (int n : sizes) {
        auto reset = [&]() {
            for (int b = 0; b < blocks; b++)
                for (int t = 0; t < n; t++)
                    h[b * n + t] = b * 1000 + t;
            cudaMemcpy(d, h, blocks * n * sizeof(int), cudaMemcpyHostToDevice);
        };
        auto fetch = [&]() { cudaMemcpy(h, d, blocks * n * sizeof(int), cudaMemcpyDeviceToHost); };
        reset();
        rotate_do<<<blocks, n>>>(d, 3);
        fetch();
        if (check("do-while", h, blocks, n, by3))
            return 1;
        reset();
        rotate_if<<<blocks, n>>>(d);
        fetch();
        if (check("if/else", h, blocks, n, alternating))
            return 1;
        int (*want[3])(int) = {by2, by1, by0};
        for (int mode = 0; mode < 3; mode++) {
            reset();
            rotate_switch<<<blocks, n>>>(d, mode);
            fetch();
            if (check("switch", h, blocks, n, want[mode]))
                return 1;
        }
        reset();
        rotate_nested<<<blocks, n>>>(d, 4, 4, 5);
        fetch();
        if (check("nested loops", h, blocks, n, by5))
            return 1;
    }
    printf("constructs ok\n");
    return 0;
}
