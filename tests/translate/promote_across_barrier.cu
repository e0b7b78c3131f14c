// Which locals get per-thread storage: only those whose values differ between threads and
// cross from one thread loop to another (here: over the barrier). col varies in x, row in
// y: each gets an array over just its own dimension. base and scale are uniform: plain
// scalars computed once per block. v and only_here vary but stay inside one loop nest.
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
    out[base + col * 4 + row] = tile[only_here % 64][row] + scale;
}
// CHECK-LABEL: static void __cu2c_blk_k(void **__cu2c_args, cu2c_block *__cu2c_b) {
// CHECK-SAME: __typeof__(int) *__restrict __cu2c_p[[COL:[0-9]+]] = {{.*}} * (size_t)__cu2c_bx);
// CHECK-SAME: __typeof__(int) *__restrict __cu2c_p[[ROW:[0-9]+]] = {{.*}} * (size_t)__cu2c_by);
// CHECK-NOT: __cu2c_p
// CHECK: {{^}}    __shared__ float tile[64][4];
// CHECK-NEXT: {{^}}    int base = blockIdx.x * blockDim.x;
// Each nest comes twice (a fast x loop over the global index, then the general one): the
// general copies are checked here.
// CHECK: } else
// CHECK-NEXT: #line 10
// CHECK-NEXT: {{^}}for (int __cu2c_ty = 0; {{.*}} for (int __cu2c_tx = 0; {{.*}} { int col = threadIdx.x;
// CHECK-NEXT: {{^}}    int row = threadIdx.y; __cu2c_p[[COL]][__cu2c_tx] = col; __cu2c_p[[ROW]][__cu2c_ty] = row; } }
// CHECK-NEXT: {{^}}    float scale = 2.0f * n;
// CHECK: } else
// CHECK-NEXT: #line 13
// CHECK-NEXT: __typeof__(int) col = __cu2c_p[[COL]][__cu2c_tx]; __typeof__(int) row = __cu2c_p[[ROW]][__cu2c_ty]; { float v =
// CHECK-NEXT: {{^}}    tile[col][row] = v * scale; } }
// CHECK-NEXT: {{^}}    /* __syncthreads() */;
// CHECK: } else
// CHECK-NEXT: #line 16
// CHECK-NEXT: col = __cu2c_p[[COL]][__cu2c_tx]; {{.*}} { int only_here = col + 1;
// CHECK-NEXT: {{^}}    out[base + col * 4 + row] = tile[only_here % 64][row] + scale; } }
// CHECK-NEXT: {{^}}}
// CHECK-NEXT: __global__ void k(const float *in, float *out, int n) { void *__cu2c_a[] = {(void *)&in, (void *)&out, (void *)&n}; cu2c_launch_stub((const void *)k, __cu2c_a); }
// CHECK-SAME: cu2c_register_kernel((const void *)k, __cu2c_blk_k, "k", 3, __cu2c_sz_k);

// MODEL: kernel k ({{.*}}:7) regions=2
// MODEL: var base: int dims -{{$}}
// MODEL: var col: int dims x promoted
// MODEL: var row: int dims y promoted
// MODEL: var scale: float dims -{{$}}
// MODEL: var v: float dims xy{{$}}
// MODEL: var only_here: int dims x{{$}}
