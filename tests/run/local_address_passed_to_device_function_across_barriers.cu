// A local whose address a statement passes to a device function that writes through it,
// read after a barrier: the statement writes the thread's copy, which is kept (it was lost:
// the counter read 0, and a loop whose condition read a struct advanced through its address
// never ended). A counter, a struct advanced by a function returning its new field, and a
// loop over a struct's cursor with a barrier per trip (HeCBench's pad writes its loop so).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: counter 3, struct 11 per thread, cursor trips 5: all 64 threads right
#include <cstdio>
#include <cuda_runtime.h>

struct Cursor {
    int cur, end;
};
__device__ void bump(int *c, int by) { *c += by; }
__device__ int advance(Cursor *p) { return p->cur += 1; }
__device__ bool more(const Cursor *p) { return p->cur < p->end; }

__global__ void through_addresses(int *out, int trips) {
    __shared__ int s[64];
    int c = 0;
    __syncthreads();
    bump(&c, 1 + (threadIdx.x & 1));
    __syncthreads();
    out[threadIdx.x * 3] = c + (threadIdx.x & 1 ? 0 : 1);

    Cursor p = {0, 0};
    __syncthreads();
    int i = advance(&p);
    __syncthreads();
    out[threadIdx.x * 3 + 1] = p.cur * 10 + i;

    Cursor q = {0, trips};
    int n = 0;
    for (int k = q.cur; more(&q); k = advance(&q)) {
        s[threadIdx.x] = k;
        __syncthreads();
        n += s[(threadIdx.x + 1) % 64] == k;
        __syncthreads();
    }
    out[threadIdx.x * 3 + 2] = n;
}

int main() {
    int *out;
    cudaMallocManaged(&out, 64 * 3 * sizeof(int));
    through_addresses<<<1, 64>>>(out, 5);
    cudaDeviceSynchronize();
    int right = 0;
    for (int t = 0; t < 64; t++)
        right += out[t * 3] == 2 && out[t * 3 + 1] == 11 && out[t * 3 + 2] == 5;
    printf("counter %d, struct %d per thread, cursor trips %d: all %d threads right\n", out[3] + 1,
           out[1], out[2], right);
    return 0;
}
