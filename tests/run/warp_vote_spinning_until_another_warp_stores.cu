// A warp whose lanes spin in a warp vote, counting rounds, until another warp of the block
// stores a flag: on a GPU the warps run side by side and the vote ends. The fiber engine
// settles a warp's calls as soon as its last lane reaches them and lets the warp go on; this
// must not keep the storing warp from ever running (it ran 4,096 settlements, then the rest
// of the block's round). Warp 2 waits for warp 0's answer in turn, at a barrier-free spin.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t | FileCheck %s
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: spun ok, answered ok, final ok
#include <cstdio>
#include <cuda_runtime.h>

__global__ void relay(volatile int *flag, volatile int *answer, int *spins, int *final_value) {
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (warp == 0) {
        int rounds = 0;
        while (!__any_sync(0xffffffffu, *flag != 0))
            rounds++;
        spins[lane] = rounds;
        if (lane == 0)
            *answer = *flag + 1;
    } else if (warp == 1) {
        if (lane == 5)
            *flag = 41;
    } else {
        int seen;
        while ((seen = *answer) == 0) {
        }
        final_value[lane] = seen;
    }
}

int main() {
    int *flag, *answer, *spins, *final_value;
    cudaMallocManaged(&flag, sizeof(int));
    cudaMallocManaged(&answer, sizeof(int));
    cudaMallocManaged(&spins, 32 * sizeof(int));
    cudaMallocManaged(&final_value, 32 * sizeof(int));
    *flag = 0;
    *answer = 0;
    relay<<<1, 96>>>(flag, answer, spins, final_value);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(e));
        return 1;
    }
    bool spun = true, finals = true;
    for (int l = 0; l < 32; l++) {
        spun &= spins[l] == spins[0] && spins[l] >= 0;   /* the warp's lanes voted together */
        finals &= final_value[l] == 42;
    }
    printf("spun %s, answered %s, final %s\n", spun ? "ok" : "WRONG", *answer == 42 ? "ok" : "WRONG",
           finals ? "ok" : "WRONG");
    return !(spun && *answer == 42 && finals);
}
