// Calls of device functions without effects vary as their arguments do: `half(n)` with a
// uniform argument is uniform (one scalar, computed once per block), `half(v)` varies with
// v; a function that writes memory (bump) or reads threadIdx (lane) runs per thread.
// RUN: %cu2c %s -o /dev/null --dump-after=promote_locals 2>&1 | FileCheck %s
__device__ int half(int x) { return x / 2; }
__device__ int twice_half(int x) { int h = half(x); h *= 2; return h; }
__device__ void bump(int *c) { *c += 1; }
__device__ int lane() { return threadIdx.x % 32; }
__global__ void k(int *a, int *c, int n) {
    int m = twice_half(n);
    int v = a[threadIdx.x];
    int w = half(v);
    __syncthreads();
    bump(c);
    int l = lane();
    a[threadIdx.x] = m + w + l;
}
// CHECK: stmt 0 line {{[0-9]+}} decl    region 0 dims -   nest -1  int m = twice_half(n);
// CHECK: stmt 2 line {{[0-9]+}} decl    region 0 dims x   nest  0  int w = half(v);
// CHECK: stmt 4 line {{[0-9]+}} expr    region 1 dims xyz nest  1  bump(c);
// CHECK: stmt 5 line {{[0-9]+}} decl    region 1 dims xyz nest  1  int l = lane();
// CHECK: var m: int dims -{{$}}
// CHECK: var w: int dims x promoted
