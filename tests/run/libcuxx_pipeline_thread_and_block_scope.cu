// cuda::pipeline (<cuda/pipeline>) and the primitives of <cuda_pipeline.h>, 64-thread blocks
// staging a global array through shared memory in 2-stage rings, each checked against the
// host: a per-thread pipeline (make_pipeline(): producer_acquire/commit, consumer_wait and
// pipeline_consumer_wait_prior, release), a block pipeline with every thread producer and
// consumer (make_pipeline(block, &shared_state): its acquire and wait are block barriers,
// each thread reads what another copied), and __pipeline_memcpy_async with zero fill. Then a
// pipeline with producer and consumer roles: the kernel ends at make_pipeline with the
// call's place and cudaErrorLaunchFailure.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: env CU2C_THREAD_ORDER=reverse %cu2cc %s -o %t.rev && env CU2C_NUM_THREADS=2 timeout 60 %t.rev
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t roles 2> %t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;

#define T 64
#define CHUNKS 8
#define STAGES 2

// out[c*T + t] = 3 * in[c*T + t], each thread its own elements through its own pipeline
__global__ void per_thread(const int *in, int *out) {
    __shared__ int ring[STAGES][T];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const int *src = in + blockIdx.x * CHUNKS * T;
    int t = threadIdx.x;
    int fetched = 0;
    for (int c = 0; c < CHUNKS; c++) {
        for (; fetched < CHUNKS && fetched < c + STAGES; fetched++) {
            pipe.producer_acquire();
            cuda::memcpy_async(&ring[fetched % STAGES][t], &src[fetched * T + t], sizeof(int), pipe);
            pipe.producer_commit();
        }
        if (c + 1 < fetched)
            cuda::pipeline_consumer_wait_prior<1>(pipe);
        else
            pipe.consumer_wait();
        out[blockIdx.x * CHUNKS * T + c * T + t] = 3 * ring[c % STAGES][t];
        pipe.consumer_release();
    }
}

// out[c*T + t] = in[c*T + (T-1-t)] + c: every thread reads what another copied
__global__ void block_scope(const int *in, int *out) {
    __shared__ int ring[STAGES][T];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    auto block = cg::this_thread_block();
    auto pipe = cuda::make_pipeline(block, &state);
    const int *src = in + blockIdx.x * CHUNKS * T;
    for (int c = 0; c < CHUNKS; c++) {
        pipe.producer_acquire();
        cuda::memcpy_async(&ring[c % STAGES][threadIdx.x], &src[c * T + threadIdx.x], sizeof(int), pipe);
        pipe.producer_commit();
        pipe.consumer_wait();
        out[blockIdx.x * CHUNKS * T + c * T + threadIdx.x] = ring[c % STAGES][T - 1 - threadIdx.x] + c;
        pipe.consumer_release();
    }
}

// primitives: 16-byte copies of int4, the last 4 bytes zero-filled
__global__ void primitives(const int4 *in, int4 *out) {
    __shared__ int4 buf[T];
    __pipeline_memcpy_async(&buf[threadIdx.x], &in[blockIdx.x * T + threadIdx.x], sizeof(int4), 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[blockIdx.x * T + threadIdx.x] = buf[T - 1 - threadIdx.x];
}

__global__ void roles(int *out) {
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    auto block = cg::this_thread_block();
    auto role = threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    auto pipe = cuda::make_pipeline(block, &state, role);
    if (role == cuda::pipeline_role::producer) {
        pipe.producer_acquire();
        pipe.producer_commit();
    } else {
        pipe.consumer_wait();
        out[threadIdx.x] = 1;
        pipe.consumer_release();
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "roles") == 0) {
        int *o;
        cudaMallocManaged(&o, T * sizeof(int));
        roles<<<1, T>>>(o);
        cudaError_t e = cudaDeviceSynchronize();
        printf("%s\n", cudaGetErrorName(e));
        return e == cudaErrorLaunchFailure ? 0 : 1;
    }
    const int blocks = 3, n = blocks * CHUNKS * T;
    int *in, *out1, *out2;
    int4 *vin, *vout;
    cudaMallocManaged(&in, sizeof(int) * n);
    cudaMallocManaged(&out1, sizeof(int) * n);
    cudaMallocManaged(&out2, sizeof(int) * n);
    cudaMallocManaged(&vin, sizeof(int4) * blocks * T);
    cudaMallocManaged(&vout, sizeof(int4) * blocks * T);
    for (int i = 0; i < n; i++)
        in[i] = 5 * i - 17;
    for (int i = 0; i < blocks * T; i++)
        vin[i] = make_int4(i, i + 1, i + 2, i + 3);
    per_thread<<<blocks, T>>>(in, out1);
    block_scope<<<blocks, T>>>(in, out2);
    primitives<<<blocks, T>>>(vin, vout);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: launch\n");
        return 1;
    }
    int bad = 0;
    for (int b = 0; b < blocks; b++)
        for (int c = 0; c < CHUNKS; c++)
            for (int t = 0; t < T; t++) {
                int base = b * CHUNKS * T + c * T;
                bad += out1[base + t] != 3 * in[base + t];
                bad += out2[base + t] != in[base + T - 1 - t] + c;
            }
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < T; t++) {
            int4 v = vout[b * T + t], w = vin[b * T + T - 1 - t];
            bad += v.x != w.x || v.y != w.y || v.z != w.z || v.w != 0;
        }
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
// OUT: cudaErrorLaunchFailure
// ERR: libcuxx_pipeline_thread_and_block_scope.cu:77: error: cuda::make_pipeline with producer and consumer roles is not supported: threads in different roles wait for each other inside divergent branches, which cu2c cannot run (it runs a block's threads one after another between barriers)
