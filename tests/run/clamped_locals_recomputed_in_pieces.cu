// Locals clamped by one assignment after their declaration, `int W = tx - 1; W = (W < lo) ?
// lo : W;` (Rodinia pathfinder's and hotspot's neighbour indices), read after a barrier: each
// thread loop reading them recomputes the clamped value instead of loading a copy per thread,
// and where the clamp is a floor or a ceiling of B + threadIdx.x on ints the x loop runs in
// three pieces, the middle one, where no clamp bites, reading `s[tx - 1]` (contiguous).
// Other clamps (on y, or compared as unsigned) are recomputed as written; a second
// assignment, a clamp under an if or a bound hidden by a later local keep the copies.
// Results as on a GPU at several block sizes and windows.
// RUN: %cu2c --engine=loops %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK-LABEL: void __cu2c_body_smooth(
// CHECK: const int __cu2c_m0 = {{.*}}((long long)(int)(lo) - (long long)(int)(0 - 1)){{.*}}((long long)(int)(hi) - (long long)(int)(0 + 1)) + 1
// CHECK-SAME: CU2C_PIECE_INDEPENDENT for (int __cu2c_tx = __cu2c_plo; __cu2c_tx < __cu2c_phi; __cu2c_tx++)
// CHECK-SAME: __typeof__(int) W = (__cu2c_pc == 1 ? (int)(tx - 1) : (int)((((int)(tx - 1)) < lo) ? lo : ((int)(tx - 1))));
// CHECK-LABEL: void __cu2c_body_tile(
// CHECK: CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = __cu2c_plo; __cu2c_tx < __cu2c_phi; __cu2c_tx++)
// CHECK-SAME: __typeof__(int) N = ((int)((((int)(ty - 1)) < 0) ? 0 : ((int)(ty - 1))));
// CHECK-SAME: __typeof__(int) Ex = (__cu2c_pc == 1 ? (int)(tx + 1) : (int)((((int)(tx + 1)) < xmax) ? ((int)(tx + 1)) : xmax));
// CHECK-LABEL: void __cu2c_body_others(
// CHECK: __typeof__(int) a = ((int)((((int)(tx - 3)) < ulim) ? (int)ulim : ((int)(tx - 3))));
// CHECK-SAME: __typeof__(int) b = __cu2c_p{{[0-9]+}}[__cu2c_tx]; __typeof__(int) c = __cu2c_p{{[0-9]+}}[__cu2c_tx]; __typeof__(int) d = __cu2c_p{{[0-9]+}}[__cu2c_tx];
// CHECK-LABEL: void __cu2c_body_coord_clamp(
// CHECK: __typeof__(int) tx = __cu2c_p{{[0-9]+}}[__cu2c_tx]; { if (tx < n)
#include <cstdio>

#define MAXB 256

// pathfinder's: a window [lo, hi] of the block, neighbours clamped into it
__global__ void smooth(const int *in, int *out, int n, int shift) {
    __shared__ int s[MAXB];
    int tx = threadIdx.x;
    int base = (int)blockIdx.x * (int)blockDim.x - shift;
    int lo = base < 0 ? -base : 0;
    int hi = base + (int)blockDim.x > n ? n - base - 1 : (int)blockDim.x - 1;
    int W = tx - 1;
    int E = tx + 1;
    W = (W < lo) ? lo : W;
    E = (E > hi) ? hi : E;
    int x = base + tx;
    s[tx] = x >= 0 && x < n ? in[x] : 0;
    __syncthreads();
    int v = s[W] + 2 * s[tx] + s[E];
    __syncthreads();
    if (tx >= lo && tx <= hi)
        out[x] = v;
}

// hotspot's 2-D tile: x clamps in pieces, y clamps recomputed
#define T 16
__global__ void tile(const float *in, float *out, int w, int h) {
    __shared__ float t[T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int xmax = min(w - 1 - (int)blockIdx.x * T, T - 1), ymax = min(h - 1 - (int)blockIdx.y * T, T - 1);
    int N = ty - 1, S = ty + 1, Wx = tx - 1, Ex = tx + 1;
    N = (N < 0) ? 0 : N;
    S = (S > ymax) ? ymax : S;
    Wx = (0 > Wx) ? 0 : Wx;
    Ex = (Ex < xmax) ? Ex : xmax;
    int gx = (int)blockIdx.x * T + tx, gy = (int)blockIdx.y * T + ty;
    t[ty][tx] = gx < w && gy < h ? in[gy * w + gx] : 0.0f;
    __syncthreads();
    if (gx < w && gy < h)
        out[gy * w + gx] = t[N][tx] + t[S][tx] + t[ty][Wx] + t[ty][Ex] - 4.0f * t[ty][tx];
}

// compared as unsigned (a negative W clamps to nothing), a second assignment, a clamp under
// an if, a bound hidden by a later local: values as written
__global__ void others(int *out, int lim, unsigned ulim) {
    __shared__ int s[64];
    int tx = threadIdx.x;
    int a = tx - 3;
    a = (a < ulim) ? (int)ulim : a;
    int b = tx - 2;
    b = (b < lim) ? lim : b;
    b = b > 40 ? 40 : b;
    int c = tx + 1;
    if (tx & 1)
        c = (c > lim) ? lim : c;
    int d = tx - 1;
    d = (d < lim) ? lim : d;
    s[tx] = tx * 3;
    for (int lim = 0; lim < 1; lim++) {
        __syncthreads();
        out[tx] = a * 1000000 + b * 10000 + c * 100 + d + lim;
    }
}

// a thread index clamped (`tx` would otherwise be taken for threadIdx.x): copies, and the
// guard on it tests each thread
__global__ void coord_clamp(int *out, int n) {
    int tx = threadIdx.x;
    tx = (tx < 5) ? 5 : tx;
    __syncthreads();
    if (tx < n)
        out[threadIdx.x] = tx;
}

// the order of what is recomputed: a clamp reading a local recomputed too, declared after
// the clamped one (the parameter `m` is in scope before it); a clamped local's initialiser
// reading another clamped local before that one's clamp. Copies, values as written.
__global__ void order_cases(int *out, int m) {
    int tx = threadIdx.x;
    {
        int W = tx + 1;
        int m = tx / 4;
        W = (W > m) ? m : W;
        int V = tx - 1;
        int U = V * 2;
        V = (V < 3) ? 3 : V;
        U = (U > 50) ? 50 : U;
        __syncthreads();
        out[tx] = W * 10000 + (m - m) + U * 100 + V;
    }
}

int main() {
    int bad = 0;
    // smooth: n, block size, shift
    const int cases[4][3] = {{1000, 256, 3}, {1000, 100, 0}, {77, 64, 40}, {5, 32, 1}};
    for (int c = 0; c < 4; c++) {
        int n = cases[c][0], bs = cases[c][1], shift = cases[c][2];
        int blocks = (n + shift + bs - 1) / bs;
        int *in = new int[n], *out = new int[n], *want = new int[n];
        for (int i = 0; i < n; i++) { in[i] = (i * 7919) % 101; out[i] = want[i] = -1; }
        for (int b = 0; b < blocks; b++) {
            int base = b * bs - shift, lo = base < 0 ? -base : 0, hi = base + bs > n ? n - base - 1 : bs - 1;
            for (int t = lo; t <= hi; t++) {
                int W = t - 1 < lo ? lo : t - 1, E = t + 1 > hi ? hi : t + 1;
                want[base + t] = in[base + W] + 2 * in[base + t] + in[base + E];
            }
        }
        int *din, *dout;
        cudaMalloc(&din, n * sizeof(int)); cudaMalloc(&dout, n * sizeof(int));
        cudaMemcpy(din, in, n * sizeof(int), cudaMemcpyHostToDevice);
        cudaMemcpy(dout, out, n * sizeof(int), cudaMemcpyHostToDevice);
        smooth<<<blocks, bs>>>(din, dout, n, shift);
        cudaMemcpy(out, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++)
            if (out[i] != want[i] && bad++ < 5)
                printf("smooth case %d [%d]: %d, want %d\n", c, i, out[i], want[i]);
        cudaFree(din); cudaFree(dout);
        delete[] in; delete[] out; delete[] want;
    }

    // tile on a 40 x 21 grid (partial tiles both ways)
    {
        const int w = 40, h = 21;
        float in[w * h], out[w * h];
        for (int i = 0; i < w * h; i++) in[i] = (float)((i * 37) % 17);
        float *din, *dout;
        cudaMalloc(&din, sizeof in); cudaMalloc(&dout, sizeof out);
        cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
        tile<<<dim3((w + T - 1) / T, (h + T - 1) / T), dim3(T, T)>>>(din, dout, w, h);
        cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int bx0 = x / T * T, by0 = y / T * T, tx = x - bx0, ty = y - by0;
                int xmax = w - 1 - bx0 < T - 1 ? w - 1 - bx0 : T - 1, ymax = h - 1 - by0 < T - 1 ? h - 1 - by0 : T - 1;
                int N = ty - 1 < 0 ? 0 : ty - 1, S = ty + 1 > ymax ? ymax : ty + 1;
                int Wx = tx - 1 < 0 ? 0 : tx - 1, Ex = tx + 1 < xmax ? tx + 1 : xmax;
                float want = in[(by0 + N) * w + x] + in[(by0 + S) * w + x] + in[y * w + bx0 + Wx] +
                             in[y * w + bx0 + Ex] - 4.0f * in[y * w + x];
                if (out[y * w + x] != want && bad++ < 5)
                    printf("tile (%d, %d): %g, want %g\n", x, y, out[y * w + x], want);
            }
        cudaFree(din); cudaFree(dout);
    }

    // others
    {
        int out[64], *dout;
        cudaMalloc(&dout, sizeof out);
        others<<<1, 64>>>(dout, 7, 5u);
        cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
        for (int t = 0; t < 64; t++) {
            int a = t - 3;
            a = ((unsigned)a < 5u) ? 5 : a;
            int b = t - 2;
            b = b < 7 ? 7 : b;
            b = b > 40 ? 40 : b;
            int c = t + 1;
            if (t & 1)
                c = c > 7 ? 7 : c;
            int d = t - 1 < 7 ? 7 : t - 1;
            int want = a * 1000000 + b * 10000 + c * 100 + d;
            if (out[t] != want && bad++ < 5)
                printf("others[%d]: %d, want %d\n", t, out[t], want);
        }
        cudaFree(dout);
    }
    // coord_clamp: n = 8 and n = 4 over 32 threads
    for (int n = 8; n >= 4; n -= 4) {
        int out[32], *dout;
        for (int t = 0; t < 32; t++) out[t] = -1;
        cudaMalloc(&dout, sizeof out);
        cudaMemcpy(dout, out, sizeof out, cudaMemcpyHostToDevice);
        coord_clamp<<<1, 32>>>(dout, n);
        cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
        for (int t = 0; t < 32; t++) {
            int c = t < 5 ? 5 : t, want = c < n ? c : -1;
            if (out[t] != want && bad++ < 5)
                printf("coord_clamp n=%d [%d]: %d, want %d\n", n, t, out[t], want);
        }
        cudaFree(dout);
    }
    {
        int out[64], *dout;
        cudaMalloc(&dout, sizeof out);
        order_cases<<<1, 64>>>(dout, 1000);
        cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
        for (int t = 0; t < 64; t++) {
            int W = t + 1 > t / 4 ? t / 4 : t + 1, V = t - 1 < 3 ? 3 : t - 1, U = 2 * (t - 1) > 50 ? 50 : 2 * (t - 1);
            int want = W * 10000 + U * 100 + V;
            if (out[t] != want && bad++ < 5)
                printf("order_cases[%d]: %d, want %d\n", t, out[t], want);
        }
        cudaFree(dout);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
