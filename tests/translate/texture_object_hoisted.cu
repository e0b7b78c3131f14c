// A cudaTextureObject_t parameter the kernel names only as the texture of fetches is bound
// once per block to a copy of its descriptor (cu2c_tex_hoisted), which the thread loops'
// stores cannot alias, with its kind (2 bits per texture); the block function specialises
// the body for float textures with clamping and point filtering (kind 1 in every texture's
// bits) or linear filtering (kind 2), and passes any other kinds as they are. A texture
// object named otherwise (here passed on to a function) keeps its plain binding.
// RUN: %cu2c %s -o - | FileCheck %s
__device__ float twice(cudaTextureObject_t t, float x) { return 2.0f * tex1D<float>(t, x); }
__global__ void sum2(cudaTextureObject_t a, cudaTextureObject_t b, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    out[x] = tex2D<float>(a, x + 0.5f, 0.5f) + tex2D<float>(b, x + 0.5f, 0.5f);
}
__global__ void passed_on(cudaTextureObject_t t, float *out) {
    out[threadIdx.x] = twice(t, threadIdx.x + 0.5f);
}
void run(cudaTextureObject_t a, cudaTextureObject_t b, float *out) {
    sum2<<<4, 64>>>(a, b, out);
    passed_on<<<1, 64>>>(a, out);
}
// CHECK: void __cu2c_body_sum2({{.*}}, const int __cu2c_xf, const int __cu2c_tk) { {{.*}}const cu2c_tex_hoisted a(*(cudaTextureObject_t *)__cu2c_args[0], (__cu2c_tk >> 0) & 3); (void)a; const cu2c_tex_hoisted b(*(cudaTextureObject_t *)__cu2c_args[1], (__cu2c_tk >> 2) & 3); (void)b;
// CHECK: static void __cu2c_blk_sum2({{.*}} const int __cu2c_xf = __cu2c_xok_sum2(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, __cu2c_bz); const int __cu2c_tk = cu2c_tex_kind(*(cudaTextureObject_t *)__cu2c_args[0]) << 0 | cu2c_tex_kind(*(cudaTextureObject_t *)__cu2c_args[1]) << 2; if (__cu2c_bx == 64 && __cu2c_by == 1 && __cu2c_bz == 1 && __cu2c_xf) { if (__cu2c_tk == 5) __cu2c_body_sum2(__cu2c_args, __cu2c_b, 64, 1, 1, 1, 5); else if (__cu2c_tk == 10) __cu2c_body_sum2(__cu2c_args, __cu2c_b, 64, 1, 1, 1, 10); else if (__cu2c_tk == 15) __cu2c_body_sum2(__cu2c_args, __cu2c_b, 64, 1, 1, 1, 15); else __cu2c_body_sum2(__cu2c_args, __cu2c_b, 64, 1, 1, 1, __cu2c_tk); } else {
// CHECK: void __cu2c_body_passed_on({{.*}}, const int __cu2c_xf) { {{.*}}cudaTextureObject_t t = *(__typeof__(t) *)__cu2c_args[0]; (void)t;
