// A counted loop of at most 32 trips (constant bounds, `<` or `<=`, `++` or `+= 1`) whose
// body fetches from a hoisted texture object is unrolled in full (CU2C_UNROLL_FETCHES), so
// that the thread loop around it vectorises; a longer loop, one with a bound the text does
// not fix, one stepping by 2, one holding a loop of 16 trips (16 x 16: the inner one alone
// is unrolled) and one fetching from a texture that is not hoisted (passed on) are left as
// written.
// RUN: %cu2c %s -o - | FileCheck %s
__device__ float edge(cudaTextureObject_t t, float x) { return tex1D<float>(t, x); }
__global__ void rows(cudaTextureObject_t t, float *out, int n) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int k = -8; k <= 8; k++)
        s += tex2D<float>(t, x + k + 0.5f, 0.5f);
    if (x < n)
        for (int k = 0; k < 4; k += 1)
            s += tex2D<float>(t, x + 0.5f, k + 0.5f);
    for (int k = 0; k < 33; k++)
        s += tex2D<float>(t, x + 0.5f, k + 0.5f);
    for (int k = 0; k < n; k++)
        s += tex2D<float>(t, x + 0.5f, k + 0.5f);
    for (int k = 0; k < 8; k += 2)
        s += tex2D<float>(t, x + 0.5f, k + 0.5f);
    for (int i = 0; i < 16; i++)
        for (int j = 0; j < 16; j++)
            s += tex2D<float>(t, x + j + 0.5f, i + 0.5f);
    out[x] = s;
}
__global__ void passed_on(cudaTextureObject_t t, float *out) {
    float s = 0.0f;
    for (int k = 0; k < 4; k++)
        s += edge(t, threadIdx.x + k + 0.5f);
    out[threadIdx.x] = s;
}
void run(cudaTextureObject_t t, float *out) {
    rows<<<4, 64>>>(t, out, 200);
    passed_on<<<1, 64>>>(t, out);
}
// (the block-size-specialised copy of each nest, then the general one)
// CHECK: void __cu2c_body_rows(
// CHECK: CU2C_UNROLL_FETCHES for (int k = -8; k <= 8; k++)
// CHECK-NEXT: s += tex2D<float>(t, x + k + 0.5f, 0.5f);
// CHECK: CU2C_UNROLL_FETCHES for (int k = -8; k <= 8; k++)
// CHECK: CU2C_UNROLL_FETCHES for (int k = 0; k < 4; k += 1)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int k = 0; k < 33; k++)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int k = 0; k < n; k++)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int k = 0; k < 8; k += 2)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int i = 0; i < 16; i++)
// CHECK-NEXT: CU2C_UNROLL_FETCHES for (int j = 0; j < 16; j++)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: } else
// CHECK: CU2C_UNROLL_FETCHES for (int k = 0; k < 4; k += 1)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int k = 0; k < 33; k++)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int k = 0; k < n; k++)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int k = 0; k < 8; k += 2)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: for (int i = 0; i < 16; i++)
// CHECK-NEXT: CU2C_UNROLL_FETCHES for (int j = 0; j < 16; j++)
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: void __cu2c_body_passed_on(
// CHECK-NOT: CU2C_UNROLL_FETCHES
// CHECK: __cu2c_reg_passed_on
