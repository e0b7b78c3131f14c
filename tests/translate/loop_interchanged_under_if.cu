// A loop reading consecutive elements in consecutive threads (a[i * n + tid]) inside an if
// whose condition varies: the if runs per thread by a flag, the loop once per block around
// the thread loops, and the guard tid < n bounds the thread loops under it (in the copy
// where tid is exactly its base + x) instead of the flags. A loop striding per thread
// (a[tid * n + i]) and a header reading memory stay inside the thread loop. A device function
// holding such a loop over a parameter bound to the thread's index is expanded in place, the
// parameter recomputed from the argument in each thread loop (not stored per thread).
// RUN: %cu2c %s -o - | FileCheck %s
__global__ void column_sums(const float *a, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        float s = 0;
        for (int i = 0; i < rows; i++)
            s += a[i * n + tid];
        out[tid] = s;
    }
}
__global__ void row_sums(const float *a, int n, int cols, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        float s = 0;
        for (int i = 0; i < cols; i++)
            s += a[tid * cols + i];
        out[tid] = s;
    }
}
__global__ void header_reads_memory(const float *a, const int *rows, int n, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        float s = 0;
        for (int i = 0; i < rows[0]; i++)
            s += a[i * n + tid];
        out[tid] = s;
    }
}
__device__ float dist(int p1, int p2, int num, int dim, const float *coord) {
    float r = 0;
    for (int i = 0; i < dim; i++) {
        float t = coord[i * num + p1] - coord[i * num + p2];
        r += t * t;
    }
    return r;
}
__global__ void cost(int num, int dim, int x, const float *coord, const float *w, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < num)
        out[tid] = dist(tid, x, num, dim, coord) * w[tid];
}

// CHECK-LABEL: void __cu2c_body_column_sums(
// CHECK: __cu2c_pf[[P:[0-9]+]][{{.*}}] = (tid < n) ? 2 : 1;
// CHECK: const int __cu2c_flox = {{.*}}, __cu2c_fhix = {{.*}}(long long)(int)(n) - (long long)(int)(blockIdx.x * blockDim.x + 0u)
// CHECK: for (int __cu2c_tx = __cu2c_flox; __cu2c_tx < __cu2c_fhix; __cu2c_tx++) { {{.*}} { float s = 0;
// CHECK: for (int i = 0; i < rows; i++)
// CHECK-NEXT: if (__cu2c_xf) { const int __cu2c_flox
// CHECK: for (int __cu2c_tx = __cu2c_flox; __cu2c_tx < __cu2c_fhix; __cu2c_tx++) {
// CHECK-NOT: __cu2c_pf[[P]]
// CHECK: s += a[i * n + tid];
// CHECK: } else
// CHECK: if (__cu2c_pf[[P]][{{.*}}] != 2) continue;
// CHECK: s += a[i * n + tid];
// CHECK-LABEL: void __cu2c_body_row_sums(
// CHECK-NOT: __cu2c_pf
// CHECK: if (1) {
// CHECK: for (int i = 0; i < cols; i++)
// CHECK-LABEL: void __cu2c_body_header_reads_memory(
// CHECK-NOT: __cu2c_pf
// CHECK: if (1) {
// CHECK: for (int i = 0; i < rows[0]; i++)
// CHECK-LABEL: void __cu2c_body_cost(
// CHECK: __cu2c_pf[[Q:[0-9]+]][{{.*}}] = (tid < num) ? 2 : 1;
// CHECK: __typeof__(float) __cu2c_h{{[0-9]+}};
// CHECK: for (int i = 0; i < dim; i++) if (__cu2c_xf) { const int __cu2c_flox
// CHECK: for (int __cu2c_tx = __cu2c_flox; __cu2c_tx < __cu2c_fhix; __cu2c_tx++) {
// CHECK-NOT: __cu2c_pf[[Q]]
// CHECK-SAME: __typeof__(int) p1 = (tid);
// CHECK: float t = coord[i * num + p1] - coord[i * num + p2];
// CHECK: __cu2c_blk_cost
