// A warp function under an if splitting a warp whose mask names lanes that did not take its
// branch (undefined in CUDA: those lanes are not active there) ends the kernel with
// cudaErrorLaunchFailure (sticky, as on the GPU: one case per run) and a message naming the
// call, the warp, the lanes and the ifs, never a result made of values those lanes never
// gave: a mask 0xffff under `lane < 8`, the lanes not taking it reaching a __syncthreads()
// after (in a kernel with block barriers the check is made at the call), and a mask computed
// at run time under two nested ifs, the lanes not taking them meeting the warp at a
// __syncwarp() after (without block barriers the lanes named are marked, and the kernel ends
// where one of them meets the warp again); lanes that leave the kernel instead have exited,
// which a mask may name (run/warp_mask_naming_lanes_that_exit.cu).
// The masks naming the active lanes only run as usual.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t 1 2>%t.err && FileCheck %s --check-prefix=WIDE < %t.err
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t 2 2>%t.err && FileCheck %s --check-prefix=NESTED < %t.err
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t 3
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void too_wide(unsigned *out) {
    int lane = threadIdx.x % 32;
    if (lane < 8)
        out[threadIdx.x] = __ballot_sync(0xffffu, lane & 1);
    __syncthreads();   // lanes 8-15 reach this barrier: they have not exited
}
// WIDE: warp_partial_if_mask_names_inactive_lane.cu:[[# @LINE - 3]]:28: error: __ballot_sync() under an if that splits warp 0 of block (0,0,0): lane 0's mask 0x0000ffff names inactive lanes 0x0000ff00 (they did not take this branch of the if at line [[# @LINE - 4]])

__global__ void nested(int *out, unsigned mask) {
    int t = threadIdx.x;
    int lane = t % 32;
    if (t >= 32) {
        if (lane >= 16)
            out[t] = 0;
        else
            out[t] = __shfl_sync(mask, t, 0);
    }
    __syncwarp();
}
// NESTED: warp_partial_if_mask_names_inactive_lane.cu:[[# @LINE - 2]]:5: error: __syncwarp(): lane 16 of warp 1 of block (0,0,0) takes part here, after the mask of {{.*}}warp_partial_if_mask_names_inactive_lane.cu:[[# @LINE - 4]]:22: __shfl_sync() named it while it had taken another branch or left a loop (a lane a mask names must make that call, or exit)

__global__ void fine(int *out, unsigned mask) {
    int t = threadIdx.x;
    int lane = t % 32;
    out[t] = -1;
    if (t >= 32) {
        if (lane >= 16)
            out[t] = 0;
        else
            out[t] = __shfl_sync(mask, t, 15);
    }
}

int main(int argc, char **argv) {
    int which = argc > 1 ? atoi(argv[1]) : 3, bad = 0;
    unsigned *u;
    int *d;
    cudaMalloc(&u, 64 * sizeof(unsigned));
    cudaMalloc(&d, 64 * sizeof(int));
    if (which == 1)
        too_wide<<<1, 64>>>(u);
    else if (which == 2)
        nested<<<1, 64>>>(d, 0x1ffffu);
    else
        fine<<<1, 64>>>(d, 0xffffu);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != (which == 3 ? cudaSuccess : cudaErrorLaunchFailure)) {
        printf("case %d: %s\n", which, cudaGetErrorName(e));
        bad++;
    }
    if (which == 3) {
        int h[64];
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        for (int t = 0; t < 64; t++) {
            int want = t < 32 ? -1 : t % 32 >= 16 ? 0 : 47;
            if (h[t] != want && bad++ < 10)
                printf("thread %d: %d, want %d\n", t, h[t], want);
        }
    }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
