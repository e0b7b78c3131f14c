// On the fiber engine each call of a cooperative group's method is a meeting place of its
// own, as each written barrier is: lanes at two different shuffles of a tile never meet
// (CUDA leaves that undefined: here the lanes split by data, which cu2c cannot see at
// translation), and the kernel ends with cudaErrorLaunchFailure and a message
// naming the call by the user's line (built with -g: the method is inlined there, the
// runtime names the place by its return address), the block and how many threads reached it.
// Built for fibers (CU2C_ENGINE=fibers, not for the race checker, which keeps thread loops):
// thread loops check such masks their own way
// (run/warp_partial_if_mask_names_inactive_lane.cu).
// RUN: env -u CU2C_CHECK CU2C_ENGINE=fibers %cu2cc -g -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t 2> %t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// CHECK: divergent: unspecified launch failure
// ERR: fibers_cooperative_groups_divergent_located.cu:[[@LINE+10]]: error: divergent __shfl_down_sync() in block (0,0,0): 16 of its 32 running threads reach it, the others (thread (1,0,0) is waiting at a warp function at {{.*}}fibers_cooperative_groups_divergent_located.cu:[[@LINE+12]]) may wait at another barrier
// ERR-NOT: error
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void split(int *out) {
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    int v = out[threadIdx.x], r;
    if (v % 2 == 0)
        r = w.shfl_down(v, 1);
    else
        r = w.shfl(v, 0);
    out[threadIdx.x] = r;
}

int main() {
    int *out;
    int h[32];
    for (int i = 0; i < 32; i++)
        h[i] = i;
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(out, h, sizeof h, cudaMemcpyHostToDevice);
    split<<<1, 32>>>(out);
    printf("divergent: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
