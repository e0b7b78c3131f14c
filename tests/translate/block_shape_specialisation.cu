// Block shapes written as constants at launches (an int, dim3(...), a dim3 variable) give
// the block function specialised calls of the kernel's body with the shape as constants (the
// C compiler then knows the thread loops' trip counts); the real shape is checked at run
// time, any other shape takes the general call.
// RUN: %cu2c %s -o - | FileCheck %s
#define TILE 16
__global__ void scale(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }
__global__ void tile(float *a) { a[threadIdx.y * TILE + threadIdx.x] += 1.0f; }
__global__ void other(float *a, int n) { a[threadIdx.x] = n; }
void run(float *a, int n) {
    scale<<<n / 256, 256>>>(a);
    dim3 threads(TILE, TILE);
    tile<<<1, threads>>>(a);
    tile<<<1, dim3(8, 4, 2)>>>(a);
    other<<<1, n>>>(a, n);
}
// CHECK: static void __cu2c_blk_scale({{.*}} if (__cu2c_bx == 256 && __cu2c_by == 1 && __cu2c_bz == 1 && __cu2c_xf) __cu2c_body_scale(__cu2c_args, __cu2c_b, 256, 1, 1, 1); else __cu2c_body_scale(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz, __cu2c_xf); }
// CHECK: static void __cu2c_blk_tile({{.*}} if (__cu2c_bx == 16 && __cu2c_by == 16 && __cu2c_bz == 1 && __cu2c_xf) __cu2c_body_tile(__cu2c_args, __cu2c_b, 16, 16, 1, 1); else if (__cu2c_bx == 8 && __cu2c_by == 4 && __cu2c_bz == 2 && __cu2c_xf) __cu2c_body_tile(__cu2c_args, __cu2c_b, 8, 4, 2, 1); else __cu2c_body_tile(
// CHECK: static void __cu2c_blk_other({{.*}} __cu2c_bz = (int)__cu2c_b->blockDim.z; const int __cu2c_xf = 1; __cu2c_body_other(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz, __cu2c_xf); }
