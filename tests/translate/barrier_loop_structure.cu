// A loop holding a barrier runs once per block: its header stays as written, outside any
// thread loop, and its counter stays a plain scalar; the region inside the loop gets its own
// thread loop; tid crosses from region to region but is only threadIdx.x: it is computed
// again in each thread loop, so nothing needs per-thread storage; stride stays one scalar.
// `if (tid < stride)` bounds the thread loop instead: it runs over [0, stride) with no test.
// RUN: %cu2c %s -o - | FileCheck %s
// RUN: %cu2c %s -o /dev/null --dump-after=promote_locals 2>&1 | FileCheck %s --check-prefix=MODEL
__global__ void reduce(const float *in, float *out, int n) {
    __shared__ float s[256];
    int tid = threadIdx.x;
    s[tid] = blockIdx.x * blockDim.x + tid < n ? in[blockIdx.x * blockDim.x + tid] : 0.0f;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}
// CHECK-LABEL: void __cu2c_body_reduce(
// CHECK-NOT: cu2c_block{{_}}scratch
// CHECK: {{^}}    /* __syncthreads() */;
// CHECK-NEXT: {{^}}    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
// CHECK-NEXT: {{^}}        { const int __cu2c_lox = (int)CU2C_MINLL(__cu2c_bx, CU2C_MAXLL(0, 0)), __cu2c_hix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, (long long)(int)(stride))); CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = __cu2c_lox; __cu2c_tx < __cu2c_hix; __cu2c_tx++) {{.*}} __typeof__(int) tid = (threadIdx.x); { if (1)
// CHECK-NEXT: {{^}}            s[tid] += s[tid + stride]; } } }
// CHECK-NEXT: {{^}}        /* __syncthreads() */;
// CHECK-NEXT: {{^}}    }

// MODEL: stmt 4 line {{[0-9]+}} sync    region 1 dims -   nest -1  for (int stride
// MODEL-NEXT: stmt 5 line {{[0-9]+}} control region 2 dims x   nest  1    if (tid < stride)
// MODEL-NEXT: stmt 6 line {{[0-9]+}} barrier region 2 dims -   nest -1    __syncthreads();
// MODEL: var tid: int dims x recomputed
// MODEL: var stride: int dims -{{$}}
