// A guard read through a local: `bool valid = IN_RANGE(tx, lo, hi);` (Rodinia pathfinder's
// form, lo and hi uniform locals computed between varying ones) and then `if (... && valid)`
// after a barrier. The thread loop runs over just the range and the test goes; the locals the
// bounds read are computed once per block, before the loops. Where the local or what its
// bounds read changes after its initialiser, another local hides a name its bounds read, or
// its initialiser is not all guards, the test stays. Results as on a GPU in each case.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK-LABEL: void __cu2c_body_band(
// CHECK: int lo = (base < 0) ? -base : 0;
// CHECK: const int __cu2c_lox = {{.*}}(long long)(int)((i + ((int)1ll))), (long long)(int)(lo)){{.*}}(long long)(int)(hi) + 1
// CHECK: __typeof__(bool) valid = (IN_RANGE(tx, lo, hi)); { if (1)
// CHECK: const int __cu2c_lox = {{.*}}(long long)(int)(steps), (long long)(int)(lo)){{.*}}(long long)(int)(hi) + 1
// CHECK-LABEL: void __cu2c_body_corner(
// CHECK: const int __cu2c_lox = {{.*}}(long long)(int)(1){{.*}}(long long)(int)(w){{.*}}__cu2c_hiy = {{.*}}(long long)(int)(h)
// CHECK: { if (1)
// CHECK-LABEL: void __cu2c_body_rewritten(
// CHECK: { if (ok)
// CHECK-LABEL: void __cu2c_body_bound_changes(
// CHECK: { if (ok)
// CHECK-LABEL: void __cu2c_body_hidden(
// CHECK: { if (ok)
// CHECK-LABEL: void __cu2c_body_partial(
// CHECK: const int __cu2c_lox = {{.*}}(long long)(int)(2) + 1
// CHECK: { if (ok && 1)
#include <cstdio>

#define IN_RANGE(x, min, max) ((x) >= (min) && (x) <= (max))
#define BS 128

// pathfinder's band: each block's valid window [lo, hi], shrinking with i
__global__ void band(const int *in, int *out, int n, int border, int steps) {
    __shared__ int s[BS];
    __shared__ int r[BS];
    int tx = threadIdx.x;
    int small = BS - steps * 2;
    int base = small * (int)blockIdx.x - border;
    int last = base + BS - 1;
    int x = base + tx;
    int lo = (base < 0) ? -base : 0;
    int hi = (last > n - 1) ? BS - 1 - (last - n + 1) : BS - 1;
    bool valid = IN_RANGE(tx, lo, hi);
    if (IN_RANGE(x, 0, n - 1))
        s[tx] = in[x];
    __syncthreads();
    for (int i = 0; i < steps; i++) {
        if (IN_RANGE(tx, i + 1, BS - i - 2) && valid)
            r[tx] = min(s[tx > lo ? tx - 1 : lo], s[tx]) + 1;
        __syncthreads();
        if (IN_RANGE(tx, i + 1, BS - i - 2) && valid)
            s[tx] = r[tx];
        __syncthreads();
    }
    if (IN_RANGE(tx, steps, BS - steps - 1) && valid)
        out[x] = s[tx];
}

// an int local, a 2-D block, and a guard of the if's own beside the local
__global__ void corner(int *out, int w, int h) {
    int tx = threadIdx.x, ty = threadIdx.y;
    int inside = tx < w && ty < h;
    __syncthreads();
    if (inside && tx >= 1)
        out[ty * blockDim.x + tx] += 10 + ty;
}

// the local changes after its initialiser: the test stays
__global__ void rewritten(int *out, int n) {
    int tx = threadIdx.x;
    bool ok = tx < n;
    __syncthreads();
    ok = ok && tx != 5;
    __syncthreads();
    if (ok)
        out[tx] += 1;
}

// a bound the local read changes after: the test stays
__global__ void bound_changes(int *out, int n) {
    int tx = threadIdx.x;
    int lim = n;
    bool ok = tx < lim;
    lim = lim - 2;
    __syncthreads();
    if (ok)
        out[tx] += lim;
}

// another local named like the bound's, where the if is: the test stays
__global__ void hidden(int *out, int n) {
    int tx = threadIdx.x;
    int lim = n;
    bool ok = tx < lim;
    for (int lim = 2; lim < 4; lim++) {
        __syncthreads();
        if (ok)
            out[tx] += lim;
    }
}

// an initialiser not all guards: only the if's own term narrows
__global__ void partial(int *out, int n) {
    int tx = threadIdx.x;
    bool ok = tx < n && (tx & 1);
    __syncthreads();
    if (ok && tx > 2)
        out[tx] += 1;
}

static int check(const char *what, const int *got, const int *want, int n) {
    int bad = 0;
    for (int i = 0; i < n; i++)
        if (got[i] != want[i] && bad++ < 4)
            printf("%s[%d]: %d, want %d\n", what, i, got[i], want[i]);
    return bad;
}

int main() {
    int bad = 0;
    // band, against the host's sweep of each block's window
    const int cases[3][2] = {{1000, 3}, {517, 5}, {128, 1}};
    for (int c = 0; c < 3; c++) {
        int n = cases[c][0], steps = cases[c][1], small = BS - 2 * steps;
        int blocks = (n + small - 1) / small;
        int *in = new int[n], *out = new int[n], *want = new int[n];
        for (int i = 0; i < n; i++) { in[i] = (i * 37) % 11; out[i] = -7; want[i] = -7; }
        for (int b = 0; b < blocks; b++) {
            int base = small * b - steps, last = base + BS - 1;
            int lo = base < 0 ? -base : 0, hi = last > n - 1 ? BS - 1 - (last - n + 1) : BS - 1;
            int s[BS], r[BS];
            for (int t = 0; t < BS; t++) s[t] = base + t >= 0 && base + t < n ? in[base + t] : 0;
            for (int i = 0; i < steps; i++) {
                for (int t = 0; t < BS; t++)
                    if (t >= i + 1 && t <= BS - i - 2 && t >= lo && t <= hi)
                        r[t] = (s[t > lo ? t - 1 : lo] < s[t] ? s[t > lo ? t - 1 : lo] : s[t]) + 1;
                for (int t = 0; t < BS; t++)
                    if (t >= i + 1 && t <= BS - i - 2 && t >= lo && t <= hi)
                        s[t] = r[t];
            }
            for (int t = 0; t < BS; t++)
                if (t >= steps && t <= BS - steps - 1 && t >= lo && t <= hi)
                    want[base + t] = s[t];
        }
        int *din, *dout;
        cudaMalloc(&din, n * sizeof(int)); cudaMalloc(&dout, n * sizeof(int));
        cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
        cudaMemcpy(dout, out, n * sizeof(int), cudaMemcpyHostToDevice);
        band<<<blocks, BS>>>(din, dout, n, steps, steps);
        cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        bad += check("band", out, want, n);
        cudaFree(din); cudaFree(dout);
        delete[] in; delete[] out; delete[] want;
    }

    int h[64], want[64], *d;
    cudaMalloc(&d, sizeof h);
    // corner: an 8 x 8 block, the 5 x 3 corner past column 0 gets 10 + y
    for (int i = 0; i < 64; i++) { h[i] = i; want[i] = i + ((i % 8) < 5 && (i % 8) >= 1 && i / 8 < 3 ? 10 + i / 8 : 0); }
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    corner<<<1, dim3(8, 8)>>>(d, 5, 3);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    bad += check("corner", h, want, 64);

    for (int i = 0; i < 64; i++) { h[i] = 0; want[i] = i < 20 && i != 5; }
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    rewritten<<<1, 64>>>(d, 20);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    bad += check("rewritten", h, want, 64);

    for (int i = 0; i < 64; i++) { h[i] = 0; want[i] = i < 20 ? 18 : 0; }
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    bound_changes<<<1, 64>>>(d, 20);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    bad += check("bound_changes", h, want, 64);

    for (int i = 0; i < 64; i++) { h[i] = 0; want[i] = i < 20 ? 5 : 0; }
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    hidden<<<1, 64>>>(d, 20);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    bad += check("hidden", h, want, 64);

    for (int i = 0; i < 64; i++) { h[i] = 0; want[i] = i < 20 && (i & 1) && i > 2; }
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    partial<<<1, 64>>>(d, 20);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    bad += check("partial", h, want, 64);
    cudaFree(d);

    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
