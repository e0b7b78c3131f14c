// A break taken by some threads only, out of a loop holding a barrier: the others would wait
// at a barrier the leavers never reach. Refused at the break.
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
__global__ void k(int *a) {
    __shared__ int s[64];
    for (int r = 0; r < 8; r++) {
        s[threadIdx.x] = r;
        __syncthreads();
        if (a[threadIdx.x] == r)
            break;
        a[threadIdx.x] += s[(threadIdx.x + 1) % 64];
        __syncthreads();
    }
}
// CHECK: [[FILE]]:10:13: error: break/continue under thread-dependent control leaves a loop holding a barrier (the statement varies with threadIdx.x)
