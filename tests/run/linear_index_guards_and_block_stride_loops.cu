// Guards on the block's linear thread index (`t = ty * C + tx`, `threadIdx.y * blockDim.x +
// threadIdx.x`, three-dimensional forms) bound each row's x loop instead of testing every
// thread; loops starting at that index (`for (j = t; j < N; j += S)`, block-stride loops)
// run trip by trip; `tile[j / C][j % C]` on rows of C elements is one flat subscript.
// Every kernel's result is compared with the host's, in block shapes where C equals the
// rows' length and where it does not (rows overlapping or leaving gaps in the index), with
// unsigned indices, and where the index local is changed after its declaration; guards on
// the thread's index modulo a uniform M (the x loop steps by M) and on a uniform multiple of
// it (the x loop ends below B / K), with M and K zero, negative and wider than the block.
// RUN: %cu2cc -O2 %s -o %t && %t
// RUN: env CU2C_NUM_THREADS=1 %t
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define T 16

static int failures;

static void expect(const char *what, const int *got, const int *want, int n) {
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("%s: [%d] = %d, want %d\n", what, i, got[i], want[i]);
            failures++;
            return;
        }
}

// tree reduction of a 16x16 tile over t = ty * T + tx, with `t < s`
__global__ void tree_sum(const int *in, int *out) {
    __shared__ int s_sum[T * T];
    int tx = threadIdx.x, ty = threadIdx.y, t = ty * T + tx;
    s_sum[t] = in[blockIdx.x * T * T + t];
    __syncthreads();
    for (int s = T * T / 2; s > 0; s >>= 1) {
        if (t < s)
            s_sum[t] += s_sum[t + s];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s_sum[0];
}

// unsigned index from blockDim, both bounds, any block shape: marks which threads pass
__global__ void window(int *out, int lo, int hi) {
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
    out[t] = 0;
    __syncthreads();
    if (t >= lo && t < hi)
        out[t] = 1 + (int)t;
    __syncthreads();
    if (t <= 3)
        out[t] += 1000;
}

// a constant other than the rows' length: rows overlap (C < bx) or leave gaps (C > bx)
#define NARROW 4
#define WIDE 9
__global__ void rows_of_4(int *out, int lim) {
    int t = threadIdx.y * NARROW + threadIdx.x;
    int me = threadIdx.y * blockDim.x + threadIdx.x;
    out[me] = 0;
    __syncthreads();
    if (t < lim)
        out[me] = t + 1;
}

__global__ void rows_of_9(int *out, int lim) {
    int t = threadIdx.x + WIDE * threadIdx.y;
    int me = threadIdx.y * blockDim.x + threadIdx.x;
    out[me] = 0;
    __syncthreads();
    if (lim > t)
        out[me] = t + 1;
}

// three dimensions: (tz * by + ty) * bx + tx
__global__ void cube(int *out, int lim) {
    int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    out[t] = -1;
    __syncthreads();
    if (t > 5 && t <= lim)
        out[t] = 2 * t;
}

// the local changed after its declaration: no longer the linear index
__global__ void changed(int *out, int lim) {
    int t = threadIdx.y * T + threadIdx.x;
    int me = t;
    if (threadIdx.x == 3)
        t = 0;
    out[me] = 0;
    __syncthreads();
    if (t < lim)
        out[me] = 1;
}

// block-stride loops: a halo tile of (T + 2)^2 loaded with a flat index, a step other than
// the block's size, a bound written with <=
__global__ void halo(const int *in, int *out, int w) {
    __shared__ int tile[T + 2][T + 2];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    for (int j = t; j < (T + 2) * (T + 2); j += blockDim.x * blockDim.y) {
        int y = (int)blockIdx.y * T + j / (T + 2) - 1, x = (int)blockIdx.x * T + j % (T + 2) - 1;
        y = y < 0 ? 0 : y >= w ? w - 1 : y;
        x = x < 0 ? 0 : x >= w ? w - 1 : x;
        tile[j / (T + 2)][j % (T + 2)] = in[y * w + x];
    }
    __syncthreads();
    int s = 0;
    for (int dy = 0; dy < 3; dy++)
        for (int dx = 0; dx < 3; dx++)
            s += tile[threadIdx.y + dy][threadIdx.x + dx];
    out[(blockIdx.y * T + threadIdx.y) * w + blockIdx.x * T + threadIdx.x] = s;
}

__global__ void odd_steps(int *out, int n) {
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
    for (unsigned j = t; j <= (unsigned)n; j += 7)
        atomicAdd(&out[j], 1 + (int)t);
}

// the interleaved and strided reductions: `tid % (2 * s) == 0` (a uniform modulus: the loop
// steps by it) and `index = 2 * s * tid; if (index < n)` (a multiple of the thread's index)
__global__ void interleaved(const int *in, int *out, int m, int r) {
    __shared__ int s_data[256];
    unsigned tid = threadIdx.x;
    s_data[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0 && tid + s < blockDim.x)
            s_data[tid] += s_data[tid + s];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + tid] = tid == 0 ? s_data[0] : 0;
    __syncthreads();
    if (threadIdx.x % m == r && tid != 0)   // m may be 0, negative or wider than the block
        out[blockIdx.x * blockDim.x + tid] = 1;
}

__global__ void strided(const int *in, int *out, int k) {
    __shared__ int s_data[256];
    unsigned tid = threadIdx.x;
    s_data[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = 1; s < blockDim.x; s *= 2) {
        unsigned index = 2 * s * tid;
        if (index < blockDim.x && index + s < blockDim.x)
            s_data[index] += s_data[index + s];
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + tid] = tid == 0 ? s_data[0] : 0;
    __syncthreads();
    int index = k * (int)threadIdx.x;   // k may be 0, negative or large
    if (index <= 40 && tid != 0)
        out[blockIdx.x * blockDim.x + tid] = 1;
}

int main() {
    int *d_in, *d_out;
    cudaMalloc(&d_in, 1 << 20);
    cudaMalloc(&d_out, 1 << 20);
    static int in[1 << 16], out[1 << 16], want[1 << 16];
    for (int i = 0; i < 1 << 16; i++)
        in[i] = (i * 37 + 11) % 101 - 50;
    cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);

    tree_sum<<<8, dim3(T, T)>>>(d_in, d_out);
    cudaMemcpy(out, d_out, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < 8; b++) {
        want[b] = 0;
        for (int i = 0; i < T * T; i++)
            want[b] += in[b * T * T + i];
    }
    expect("tree_sum", out, want, 8);

    const dim3 shapes[] = {dim3(16, 4), dim3(7, 5), dim3(32, 1), dim3(1, 9), dim3(12, 3)};
    const int windows[][2] = {{0, 64}, {5, 23}, {-3, 8}, {20, 10}, {30, 1000}};
    for (const dim3 &b : shapes)
        for (const auto &lh : windows) {
            int n = b.x * b.y;
            window<<<1, b>>>(d_out, lh[0], lh[1]);
            cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
            for (int t = 0; t < n; t++)
                want[t] = ((unsigned)t >= (unsigned)lh[0] && (unsigned)t < (unsigned)lh[1] ? 1 + t : 0) + (t <= 3 ? 1000 : 0);
            char what[64];
            snprintf(what, sizeof what, "window %ux%u [%d, %d)", b.x, b.y, lh[0], lh[1]);
            expect(what, out, want, n);
        }

    for (int lim : {0, 3, 9, 20, 40})
        for (int c : {4, 9}) {
            if (c == 4)
                rows_of_4<<<1, dim3(6, 5)>>>(d_out, lim);
            else
                rows_of_9<<<1, dim3(6, 5)>>>(d_out, lim);
            cudaMemcpy(out, d_out, 30 * sizeof(int), cudaMemcpyDeviceToHost);
            for (int y = 0; y < 5; y++)
                for (int x = 0; x < 6; x++)
                    want[y * 6 + x] = y * c + x < lim ? y * c + x + 1 : 0;
            expect(c == 4 ? "rows_of_4" : "rows_of_9", out, want, 30);
        }

    for (int lim : {4, 17, 59, 200}) {
        cube<<<1, dim3(5, 3, 4)>>>(d_out, lim);
        cudaMemcpy(out, d_out, 60 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int t = 0; t < 60; t++)
            want[t] = t > 5 && t <= lim ? 2 * t : -1;
        expect("cube", out, want, 60);
    }

    changed<<<1, dim3(T, 2)>>>(d_out, 2);
    cudaMemcpy(out, d_out, 2 * T * sizeof(int), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 2 * T; t++)
        want[t] = (t % T == 3 ? 0 : t) < 2;
    expect("changed", out, want, 2 * T);

    const int w = 64;
    for (const dim3 &b : {dim3(T, T), dim3(T, 4), dim3(T, 1)}) {
        cudaMemset(d_out, 0, w * w * sizeof(int));
        // a block of fewer rows fills only its first rows' outputs; the tile is whole
        halo<<<dim3(w / T, w / T), b>>>(d_in, d_out, w);
        cudaMemcpy(out, d_out, w * w * sizeof(int), cudaMemcpyDeviceToHost);
        for (int y = 0; y < w; y++)
            for (int x = 0; x < w; x++) {
                int s = 0;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        int yy = y + dy < 0 ? 0 : y + dy >= w ? w - 1 : y + dy;
                        int xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
                        s += in[yy * w + xx];
                    }
                want[y * w + x] = y % T < (int)b.y ? s : 0;
            }
        char what[64];
        snprintf(what, sizeof what, "halo %ux%u", b.x, b.y);
        expect(what, out, want, w * w);
    }

    for (int n : {0, 6, 50, 300}) {
        cudaMemset(d_out, 0, 400 * sizeof(int));
        odd_steps<<<1, dim3(5, 4)>>>(d_out, n);
        cudaMemcpy(out, d_out, 400 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int j = 0; j < 400; j++)
            want[j] = 0;
        for (int t = 0; t < 20; t++)
            for (int j = t; j <= n; j += 7)
                want[j] += 1 + t;
        expect("odd_steps", out, want, 400);
    }

    // m and k as the kernels' second guards read them (0, negative, wider than the block)
    const int mods[] = {3, 4, 0, -2, 500}, scales[] = {5, 0, -3, 100000000};
    for (int bx : {256, 100, 7, 1})
        for (int c = 0; c < 9; c++) {
            bool is_mod = c < 5;
            int p = is_mod ? mods[c] : scales[c - 5];
            if (is_mod)
                interleaved<<<4, bx>>>(d_in, d_out, p, 1);
            else
                strided<<<4, bx>>>(d_in, d_out, p);
            cudaMemcpy(out, d_out, 4 * bx * sizeof(int), cudaMemcpyDeviceToHost);
            for (int b = 0; b < 4; b++)
                for (int t = 0; t < bx; t++) {
                    int sum = 0;
                    for (int i = 0; i < bx; i++)
                        sum += in[b * bx + i];
                    // CUDA's remainder: by 0 all bits set; a negative divisor converted to unsigned
                    unsigned um = (unsigned)p, rem = um ? (unsigned)t % um : 0xffffffffu;
                    bool mark = is_mod ? rem == 1 : (int)((unsigned)p * (unsigned)t) <= 40;
                    want[b * bx + t] = t == 0 ? sum : mark;
                }
            char what[64];
            snprintf(what, sizeof what, "%s bx %d %s %d", is_mod ? "interleaved" : "strided", bx, is_mod ? "m" : "k", p);
            expect(what, out, want, 4 * bx);
        }

    if (cudaGetLastError() != cudaSuccess) {
        printf("error: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    if (failures)
        return 1;
    printf("all linear-index kernels agree\n");
    return 0;
}
