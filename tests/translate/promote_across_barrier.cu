// Which locals get per-thread storage: only those whose values differ between threads and
// cross from one thread loop to another (here: over the barrier), and cannot simply be
// computed again. col varies in x, row in y: pure arithmetic on threadIdx, they are
// recomputed in each loop that reads them. v (loaded from memory) varies in x and y and
// crosses the barrier: it gets a per-thread array. base and scale are uniform: plain scalars
// computed once per block. only_here varies but stays inside one loop nest.
// RUN: %cu2c %s -o - | FileCheck %s
// RUN: %cu2c %s -o /dev/null --dump-after=promote_locals 2>&1 | FileCheck %s --check-prefix=MODEL
__global__ void k(const float *in, float *out, int n) {
    __shared__ float tile[64][4];
    int base = blockIdx.x * blockDim.x;
    int col = threadIdx.x;
    int row = threadIdx.y;
    float scale = 2.0f * n;
    float v = in[base + row * 64 + col];
    tile[col][row] = v * scale;
    __syncthreads();
    int only_here = col + 1;
    out[base + col * 4 + row] = tile[only_here % 64][row] + scale + v;
}
// CHECK-LABEL: static inline __attribute__((always_inline)) void __cu2c_body_k(void **__cu2c_args, cu2c_block *__cu2c_b, const int __cu2c_bx, const int __cu2c_by, const int __cu2c_bz, const int __cu2c_xf) {
// CHECK-SAME: __typeof__(float) *__restrict __cu2c_p[[V:[0-9]+]] = {{.*}} * ((size_t)__cu2c_bx * __cu2c_by));
// CHECK-NOT: __cu2c_p{{[0-9]+}} =
// CHECK: {{^}}    __shared__ float tile[64][4];
// CHECK-NEXT: {{^}}    int base = blockIdx.x * blockDim.x;
// CHECK-NEXT: {{^}}    for (int __cu2c_ty = 0; {{.*}} for (int __cu2c_tx = 0; {{.*}} { int col = threadIdx.x;
// CHECK-NEXT: {{^}}    int row = threadIdx.y; } }
// CHECK-NEXT: {{^}}    float scale = 2.0f * n;
// CHECK-NEXT: __typeof__(int) col = (threadIdx.x); __typeof__(int) row = (threadIdx.y); { float v =
// CHECK-NEXT: {{^}}    tile[col][row] = v * scale; __cu2c_p[[V]][(__cu2c_ty * __cu2c_bx + __cu2c_tx)] = v; } }
// CHECK-NEXT: {{^}}    /* __syncthreads() */;
// only_here = col + 1 is an offset of threadIdx.x: the last nest comes twice, a fast copy
// where it is a signed induction variable (blocks where it cannot overflow), and the general one
// CHECK-NEXT: {{^}}    if (__cu2c_xf) {
// CHECK-NEXT: #line 18
// CHECK-NEXT: __typeof__(int) col = (threadIdx.x); __typeof__(int) row = (threadIdx.y); __typeof__(float) v = __cu2c_p[[V]][(__cu2c_ty * __cu2c_bx + __cu2c_tx)]; { int only_here = ((int)(0 + 1) + __cu2c_tx);
// CHECK-NEXT: {{^}}    out[base + col * 4 + row] = tile[only_here % 64][row] + scale + v; } } } else
// CHECK-NEXT: #line 18
// CHECK-NEXT: __typeof__(int) col = (threadIdx.x); __typeof__(int) row = (threadIdx.y); __typeof__(float) v = __cu2c_p[[V]][(__cu2c_ty * __cu2c_bx + __cu2c_tx)]; { int only_here = col + 1;
// CHECK-NEXT: {{^}}    out[base + col * 4 + row] = tile[only_here % 64][row] + scale + v; } }
// CHECK-NEXT: {{^}}}
// the check, once per block, and the block function: the body with the block's shape (no
// launch here to guess it from)
// CHECK-NEXT: static __attribute__((noinline)) int __cu2c_xok_k({{.*}} return (long long)(int)(0 + 1) + __cu2c_bx <= 0x80000000ll; }
// CHECK-NEXT: static void __cu2c_blk_k(void **__cu2c_args, cu2c_block *__cu2c_b) { {{.*}} const int __cu2c_xf = __cu2c_xok_k(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz); __cu2c_body_k(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz, __cu2c_xf); }
// CHECK-NEXT: __global__ void k(const float *in, float *out, int n) { void *__cu2c_a[] = {(void *)&in, (void *)&out, (void *)&n}; cu2c_launch_stub((const void *)k, __cu2c_a); }
// CHECK-SAME: cu2c_register_kernel((const void *)k, __cu2c_blk_k, "k", 3, __cu2c_sz_k);

// MODEL: kernel k ({{.*}}:9) regions=2
// MODEL: var base: int dims -{{$}}
// MODEL: var col: int dims x recomputed
// MODEL: var row: int dims y recomputed
// MODEL: var scale: float dims -{{$}}
// MODEL: var v: float dims xy promoted
// MODEL: var only_here: int dims x x-offset (0 + 1) + x{{$}}
