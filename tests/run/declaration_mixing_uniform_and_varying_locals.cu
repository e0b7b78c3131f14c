// One declaration statement declaring locals of different kinds: one whose value varies
// between threads (so the declaration runs in a thread loop) beside one holding a uniform
// value used after a barrier. The uniform one's value must reach its later uses: given by
// the declaration (computed per thread then, like its neighbours': it was the loop's own
// copy, and the block's read an unset scalar), or assigned later, or bound by reference to
// a function holding barriers (the block's local then: it was declared in the loop only,
// and the host compiler rejected the output).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: given by the declaration: PASS
// CHECK: assigned later: PASS
// CHECK: bound by reference: PASS
// CHECK: class type: PASS
#include <cstdio>

#define N 64

__device__ void twice(int x, int &out) {
    __syncthreads();
    out = 2 * x;
    __syncthreads();
}

__device__ void twice_and_seven(int x, int &out, int &agg) {
    __syncthreads();
    out = 2 * x;
    agg = 7;
    __syncthreads();
}

struct Pair {
    int lo, hi;
    __device__ Pair() : lo(0), hi(0) {}
    __device__ Pair(int l, int h) : lo(l), hi(h) {}
};

__device__ void twice_pair(int x, Pair &out) {
    __syncthreads();
    out.lo = 2 * x;
    __syncthreads();
}

/* b varies (bound to twice's out), u is the block's: o[N] * n */
__global__ void given(int *o, int n) {
    int b, u = o[N] * n;
    twice(threadIdx.x, b);
    o[threadIdx.x] = b + u;
}

/* a varies, u assigned a uniform value after the declaration */
__global__ void assigned(int *o, int n) {
    int a = threadIdx.x, u;
    u = o[N] * n;
    __syncthreads();
    o[threadIdx.x] = a + u;
}

/* ag: uniform, given its value by the function, declared with varying ones */
__global__ void bound(int *o) {
    int a, b, ag;
    a = threadIdx.x;
    twice_and_seven(threadIdx.x, b, ag);
    o[threadIdx.x] = a + b + ag;
}

/* class-type locals: b varies (bound to twice_pair's out), p is constructed from the
 * block's values */
__global__ void class_type(int *o, int n) {
    Pair b, p(o[N], n);
    twice_pair(threadIdx.x, b);
    o[threadIdx.x] = b.lo + p.lo * p.hi + 2;
}

static int check(const char *what, int *o, int (*expect)(int)) {
    int bad = 0;
    for (int i = 0; i < N; i++)
        if (o[i] != expect(i) && bad++ < 3)
            printf("%s: thread %d got %d, expected %d\n", what, i, o[i], expect(i));
    printf("%s: %s\n", what, bad ? "FAIL" : "PASS");
    return bad;
}

static int given_expect(int i) { return 2 * i + 10; }
static int assigned_expect(int i) { return i + 10; }
static int bound_expect(int i) { return 3 * i + 7; }
static int class_expect(int i) { return 2 * i + 12; }

int main() {
    int *o;
    cudaMallocManaged(&o, (N + 1) * sizeof(int));
    int bad = 0;
    o[N] = 2;
    given<<<1, N>>>(o, 5);
    cudaDeviceSynchronize();
    bad += check("given by the declaration", o, given_expect);
    assigned<<<1, N>>>(o, 5);
    cudaDeviceSynchronize();
    bad += check("assigned later", o, assigned_expect);
    bound<<<1, N>>>(o);
    cudaDeviceSynchronize();
    bad += check("bound by reference", o, bound_expect);
    class_type<<<1, N>>>(o, 5);
    cudaDeviceSynchronize();
    bad += check("class type", o, class_expect);
    return bad != 0;
}
