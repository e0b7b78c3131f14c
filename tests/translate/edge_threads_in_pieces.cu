// A nest whose statements compare the thread's coordinate with a constant runs its thread
// loops in pieces, edge threads apart: the loops over the pieces (CU2C_PIECES, unrolled)
// around the thread loops, each over its piece's range; only the dimensions compared are
// split. A nest comparing nothing, one whose x loop runs over the range its guard allows
// and one comparing with a value that is not a constant stay whole.
// RUN: %cu2c %s -o - | FileCheck %s
#define B 16
__global__ void edges(const float *in, float *out, int n) {
    __shared__ float t[B][B];
    int tx = threadIdx.x, ty = threadIdx.y;
    t[ty][tx] = in[ty * B + tx];
    __syncthreads();
    float v;
    if (tx == 0 || ty == B - 1)
        v = 0.0f;
    else
        v = t[ty][tx - 1] + t[ty][tx];
    out[ty * B + tx] = v;
    __syncthreads();
    if (threadIdx.y != 0)
        out[ty * B + tx] += 1.0f;
    __syncthreads();
    if (tx < n && tx == 3)
        out[tx] = 2.0f;
    __syncthreads();
    if (tx == n)
        out[tx] = 3.0f;
}
void run(const float *in, float *out) { edges<<<1, dim3(B, B)>>>(in, out, 10); }
// CHECK: void __cu2c_body_edges(
// CHECK: for (int __cu2c_ty = 0; __cu2c_ty < __cu2c_by; __cu2c_ty++) CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) {
// CHECK-NEXT: t[ty][tx] = in[ty * B + tx]; } }
// CHECK: CU2C_PIECES for (int __cu2c_py = 0; __cu2c_py < 3; __cu2c_py++) CU2C_PIECES for (int __cu2c_px = 0; __cu2c_px < 3; __cu2c_px++) { const int __cu2c_ylo = CU2C_PIECE_LO(__cu2c_py, __cu2c_by), __cu2c_yhi = CU2C_PIECE_HI(__cu2c_py, __cu2c_by); const int __cu2c_xlo = CU2C_PIECE_LO(__cu2c_px, __cu2c_bx), __cu2c_xhi = CU2C_PIECE_HI(__cu2c_px, __cu2c_bx); for (int __cu2c_ty = __cu2c_ylo; __cu2c_ty < __cu2c_yhi; __cu2c_ty++) CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = __cu2c_xlo; __cu2c_tx < __cu2c_xhi; __cu2c_tx++) {
// CHECK: out[ty * B + tx] = v; } } }
// CHECK: CU2C_PIECES for (int __cu2c_py = 0; __cu2c_py < 3; __cu2c_py++) { const int __cu2c_ylo = CU2C_PIECE_LO(__cu2c_py, __cu2c_by), __cu2c_yhi = CU2C_PIECE_HI(__cu2c_py, __cu2c_by); for (int __cu2c_ty = __cu2c_ylo; __cu2c_ty < __cu2c_yhi; __cu2c_ty++) CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; __cu2c_tx < __cu2c_bx; __cu2c_tx++) {
// CHECK-NOT: CU2C_PIECES
// CHECK: __cu2c_tx = __cu2c_lox; __cu2c_tx < __cu2c_hix;
// CHECK-NOT: CU2C_PIECES
// CHECK: out[tx] = 3.0f;
// CHECK-NOT: CU2C_PIECES
// CHECK: __cu2c_blk_edges
