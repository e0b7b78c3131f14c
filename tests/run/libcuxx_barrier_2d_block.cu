// cuda::barrier<thread_scope_block> (<cuda/barrier>) as the block's barrier in a 32x4 block:
// init with blockDim.x * blockDim.y, arrive() then wait(std::move(token)) around work, in a
// device function taking the barrier by reference; arrive_and_wait() in a uniform loop;
// cuda::memcpy_async(dst, src, size, bar) per thread and cuda::memcpy_async(block, ...) by
// the block (with cuda::aligned_size_t), made visible by the wait. Threads in reverse order
// too: only the barriers order the threads. Then barriers that are not the block's (legal
// CUDA): a count of half the block (each half completes a phase) and arrive(2) by every
// thread run on the fiber engine, chosen at translation, and end as on a GPU; a count of
// blockDim.x in a 2-D block, which thread loops take for the block's, ends the kernel with
// cudaErrorLaunchFailure and a message naming the wait's line (the fiber engine runs it).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_THREAD_ORDER=reverse %cu2cc %s -o %t.rev && env CU2C_NUM_THREADS=2 timeout 60 %t.rev
// RUN: env -u CU2C_ENGINE %cu2c %s -o %t.cpp && grep -c "[{] cu2c_fiber_run(" %t.cpp | FileCheck %s --check-prefix=FIBERS
// RUN: env -u CU2C_ENGINE %cu2cc %s -o %t.loops
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t.loops bad 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR -DFILE=%s < %t.err
// RUN: env -u CU2C_CHECK CU2C_ENGINE=fibers %cu2cc %s -o %t.fib
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t.fib bad | FileCheck %s --check-prefix=FIB
// FIBERS: 2
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cstdio>
#include <cstring>
#include <utility>
namespace cg = cooperative_groups;

#define TX 32
#define TY 4
#define N (TX * TY)
#define ROUNDS 3

__device__ void rotate(cuda::barrier<cuda::thread_scope_block> &bar, int *buf, int t, int *out) {
    int mine = buf[(t + 1) % N];
    auto token = bar.arrive();
    out[t] = mine;   // work between arrive and wait: may come before or after other threads'
    bar.wait(std::move(token));
    buf[t] = mine;
    bar.arrive_and_wait();
}

__global__ void staged(const float *in, const int *ints, float *out, int *iout, int *rot) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float buf[N];
    __shared__ int ibuf[N];
    cg::thread_block block = cg::this_thread_block();
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x * blockDim.y);
    __syncthreads();
    const float *src = in + blockIdx.x * N;
    // each thread copies its own element, read by another thread after the wait
    cuda::memcpy_async(&buf[t], &src[t], sizeof(float), bar);
    // the block copies the ints together
    cuda::memcpy_async(block, ibuf, ints + blockIdx.x * N, cuda::aligned_size_t<4>(sizeof(int) * N), bar);
    bar.arrive_and_wait();
    out[blockIdx.x * N + t] = buf[N - 1 - t] * 2.0f;
    iout[blockIdx.x * N + t] = ibuf[N - 1 - t];
    for (int r = 0; r < ROUNDS; r++)
        rotate(bar, ibuf, t, rot + (blockIdx.x * ROUNDS + r) * N);
}

__global__ void half_count(int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x / 2);
    __syncthreads();
    out[threadIdx.x] = 1;
    bar.arrive_and_wait();
    out[threadIdx.x] = 2;
}

__global__ void arrive_twice(int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    out[threadIdx.x] = 1;
    bar.wait(bar.arrive(2));
    out[threadIdx.x] = 2;
}

__global__ void row_count(int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    if (t == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    out[t] = 1;
    bar.arrive_and_wait();
    out[t] = 2;
}

/* Launches one of the barriers that are not the block's; prints how it ended. */
static void not_the_blocks(const char *what, int *o) {
    memset(o, 0, 64 * sizeof(int));
    if (strcmp(what, "half") == 0)
        half_count<<<2, 64>>>(o);
    else if (strcmp(what, "twice") == 0)
        arrive_twice<<<2, 64>>>(o);
    else
        row_count<<<2, dim3(32, 2)>>>(o);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %s\n", what, cudaGetErrorName(e));
    int twos = 0;
    for (int i = 0; e == cudaSuccess && i < 64; i++)
        twos += o[i] == 2;
    if (e == cudaSuccess)
        printf("%s: %d of 64 threads went past the wait\n", what, twos);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "bad") == 0) {
        int *o;
        cudaMallocManaged(&o, 64 * sizeof(int));
        not_the_blocks("half", o);
        not_the_blocks("twice", o);
        not_the_blocks("row", o);
        return 0;
    }
    const int blocks = 3;
    float *in, *out;
    int *ints, *iout, *rot;
    cudaMallocManaged(&in, sizeof(float) * N * blocks);
    cudaMallocManaged(&out, sizeof(float) * N * blocks);
    cudaMallocManaged(&ints, sizeof(int) * N * blocks);
    cudaMallocManaged(&iout, sizeof(int) * N * blocks);
    cudaMallocManaged(&rot, sizeof(int) * N * blocks * ROUNDS);
    for (int i = 0; i < N * blocks; i++) {
        in[i] = (float)i;
        ints[i] = 7 * i + 1;
    }
    staged<<<blocks, dim3(TX, TY)>>>(in, ints, out, iout, rot);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: launch\n");
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        int ref[N];
        for (int t = 0; t < N; t++) {
            if (out[b * N + t] != 2.0f * in[b * N + N - 1 - t] || iout[b * N + t] != ints[b * N + N - 1 - t])
                bad++;
            ref[t] = ints[b * N + t];
        }
        for (int r = 0; r < ROUNDS; r++) {
            int next[N];
            for (int t = 0; t < N; t++) {
                next[t] = ref[(t + 1) % N];
                if (rot[(b * ROUNDS + r) * N + t] != next[t])
                    bad++;
            }
            memcpy(ref, next, sizeof ref);
        }
    }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
// OUT: half: cudaSuccess
// OUT-NEXT: half: 64 of 64 threads went past the wait
// OUT-NEXT: twice: cudaSuccess
// OUT-NEXT: twice: 64 of 64 threads went past the wait
// OUT-NEXT: row: cudaErrorLaunchFailure
// FIB: half: cudaSuccess
// FIB-NEXT: half: 64 of 64 threads went past the wait
// FIB-NEXT: twice: cudaSuccess
// FIB-NEXT: twice: 64 of 64 threads went past the wait
// FIB-NEXT: row: cudaSuccess
// FIB-NEXT: row: 64 of 64 threads went past the wait
// ERR: {{.*}}libcuxx_barrier_2d_block.cu:{{[0-9]+}}: error: cuda::barrier in block ({{[01]}},0,0) expects 32 arrivals, the block has 64 threads: cu2c runs a cuda::barrier only as a barrier of the whole block (init it with the block's thread count)
