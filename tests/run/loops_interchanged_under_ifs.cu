// Loops whose body reads consecutive elements in consecutive threads (coalesced code:
// a[i * n + tid]) run once per block around the thread loops, also inside an if whose
// condition varies: the if runs per thread by a flag, and where its condition is guards
// only (tid < n && ...) the thread loops under it run over the range they allow. The
// results must be CUDA's: a column reduction guarded by tid < n with n not a multiple of
// the block; a condition reading memory (flags, not ranges); an if/else with loops in both
// branches; a guard whose bound a loop inside the if changes (the flags must decide); a 2-D
// guard; a loop among other statements at the top level; a loop whose header reads memory
// under a varying if; a counter declared before the if, read after it by every thread
// (those not running the loop keep its old value); and such loops in device functions, expanded where the kernel calls
// them: a distance as in k-median codes (its parameter bound to the thread's index), a
// parameter whose name the caller's other argument reads, a parameter the callee changes, a
// void function, a call in a ?: (left a call). Several block sizes, 1 and 2 workers.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void column_sums(const float *a, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        float s = 0;
        for (int i = 0; i < rows; i++)
            s += a[i * n + tid] * (i + 1);
        out[tid] = s;
    }
}

__global__ void by_flag(const float *a, const int *on, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && on[tid]) {
        float s = 1;
        for (int i = 0; i < rows; i++)
            s += a[i * n + tid];
        out[tid] = s;
    }
}

__global__ void both_branches(const float *a, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid % 3 == 0) {
        float s = 0;
        for (int i = 0; i < rows; i++)
            s += a[i * n + tid];
        out[tid] = s;
    } else {
        float m = -1e30f;
        for (int i = 0; i < rows; i++)
            m = fmaxf(m, a[i * n + tid]);
        out[tid] = m;
    }
}

__global__ void bound_changes(const float *a, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int k = n;
    if (tid < k) {
        float s = 0;
        for (k = 0; k < rows; k++)
            s += a[k * n + tid];
        out[tid] = s + k;
    }
}

__global__ void grid_2d(const float *a, int w, int h, int planes, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        float s = 0;
        for (int p = 0; p < planes; p++)
            s += a[(p * h + y) * w + x];
        out[y * w + x] = s;
    }
}

__global__ void top_level(const float *a, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = tid * 0.5f;
    int c = 0;
    for (int i = 0; i < rows; i++) {
        s += a[i * n + tid];
        c += a[i * n + tid] > 2.0f;
    }
    out[tid] = s + c;
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

__global__ void outer_counter(const float *a, int n, int rows, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int i = -2;
    if (tid < n && tid % 2) {
        float s = 0;
        for (i = 0; i < rows; i++)
            s += a[i * n + tid];
        out[n + tid] = s;
    }
    if (tid < n)
        out[tid] = i;
}

__device__ float dist(int p1, int p2, int num, int dim, const float *coord) {
    float r = 0;
    for (int i = 0; i < dim; i++) {
        float t = coord[i * num + p1] - coord[i * num + p2];
        r += t * t;
    }
    return r;
}

__device__ float walk(int at, int n, int rows, const float *a) {
    float s = 0;
    for (int i = 0; i < rows; i++) {
        s += a[i * n + at];
        at += 0;
    }
    at++;
    return s + at;
}

__device__ void store_sum(int t, int n, int rows, const float *a, float *out) {
    float s = 0;
    for (int i = 0; i < rows; i++)
        s += a[i * n + t];
    out[t] = s;
}

__device__ float long_body(int t, int n, int rows, const float *a) {
    float s = 0;
    int r = rows;
    r += 0;
    r -= 0;
    r *= 1;
    r /= 1;
    s += 0;
    s -= 0;
    for (int i = 0; i < r; i++)
        s += a[i * n + t];
    return s;
}

__global__ void with_functions(const float *a, int n, int rows, int x, float *out) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) {
        int p1 = x;
        float d = dist(tid, p1, n, rows, a);
        float w = walk(tid, n, rows, a);
        out[tid] = d + w + (tid % 2 ? dist(tid, x, n, rows, a) : 0.0f);
        store_sum(tid, n, rows, a, out + n);
        out[2 * n + tid] = long_body(tid, n, rows, a);
    }
}

static int failures = 0;

static void compare(const char *what, const float *got, const float *want, int n) {
    for (int i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("%s: [%d] = %g, want %g\n", what, i, got[i], want[i]);
            failures++;
            return;
        }
}

int main() {
    const int n = 1000, rows = 37, w = 45, h = 23, planes = 5;
    float *a, *out;
    int *on, *nrows;
    cudaMallocManaged(&a, sizeof(float) * n * rows);
    cudaMallocManaged(&out, sizeof(float) * n * 3);
    cudaMallocManaged(&on, sizeof(int) * n);
    cudaMallocManaged(&nrows, sizeof(int));
    static float want[3000];
    for (int i = 0; i < n * rows; i++)
        a[i] = (float)((i * 37) % 11) * 0.25f;
    for (int i = 0; i < n; i++)
        on[i] = i % 7 != 2;
    *nrows = rows;
    const int blocks[] = {32, 100, 256, 500};
    for (int bi = 0; bi < 4; bi++) {
        int b = blocks[bi], g = (n + b - 1) / b;
        for (int t = 0; t < n; t++) {
            float s = 0;
            for (int i = 0; i < rows; i++)
                s += a[i * n + t] * (i + 1);
            want[t] = s;
        }
        for (int i = 0; i < 2 * n; i++)
            out[i] = -7;
        column_sums<<<g, b>>>(a, n, rows, out);
        cudaDeviceSynchronize();
        want[n] = -7;
        compare("column_sums", out, want, n + 1);

        for (int t = 0; t < n; t++) {
            float s = 1;
            for (int i = 0; i < rows; i++)
                s += a[i * n + t];
            want[t] = on[t] ? s : -7;
            out[t] = -7;
        }
        by_flag<<<g, b>>>(a, on, n, rows, out);
        cudaDeviceSynchronize();
        compare("by_flag", out, want, n);

        for (int t = 0; t < n; t++) {
            float s = 0, m = -1e30f;
            for (int i = 0; i < rows; i++) {
                s += a[i * n + t];
                m = fmaxf(m, a[i * n + t]);
            }
            want[t] = t % 3 == 0 ? s : m;
        }
        both_branches<<<n / 8, 8>>>(a, n, rows, out);
        both_branches<<<n / b, b>>>(a, n, rows, out);
        cudaDeviceSynchronize();
        compare("both_branches", out, want, n / b * b);

        for (int t = 0; t < n; t++) {
            float s = 0;
            for (int i = 0; i < rows; i++)
                s += a[i * n + t];
            want[t] = s + rows;
            out[t] = -7;
        }
        bound_changes<<<g, b>>>(a, n, rows, out);
        cudaDeviceSynchronize();
        compare("bound_changes", out, want, n);

        dim3 b2(b >= 256 ? 16 : 8, b >= 256 ? 8 : 4), g2((w + b2.x - 1) / b2.x, (h + b2.y - 1) / b2.y);
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                float s = 0;
                for (int p = 0; p < planes; p++)
                    s += a[(p * h + y) * w + x];
                want[y * w + x] = s;
            }
        grid_2d<<<g2, b2>>>(a, w, h, planes, out);
        cudaDeviceSynchronize();
        compare("grid_2d", out, want, w * h);

        for (int t = 0; t < n / b * b; t++) {
            float s = t * 0.5f;
            int c = 0;
            for (int i = 0; i < rows; i++) {
                s += a[i * n + t];
                c += a[i * n + t] > 2.0f;
            }
            want[t] = s + c;
        }
        top_level<<<n / b, b>>>(a, n, rows, out);
        cudaDeviceSynchronize();
        compare("top_level", out, want, n / b * b);

        for (int t = 0; t < n; t++) {
            float s = 0;
            for (int i = 0; i < rows; i++)
                s += a[i * n + t];
            want[t] = s;
            out[t] = -7;
        }
        header_reads_memory<<<g, b>>>(a, nrows, n, out);
        cudaDeviceSynchronize();
        compare("header_reads_memory", out, want, n);

        for (int t = 0; t < n; t++) {
            float s = 0;
            for (int i = 0; i < rows; i++)
                s += a[i * n + t];
            want[t] = t % 2 ? rows : -2;
            want[n + t] = t % 2 ? s : -7;
            out[n + t] = -7;
        }
        outer_counter<<<g, b>>>(a, n, rows, out);
        cudaDeviceSynchronize();
        compare("outer_counter", out, want, 2 * n);

        for (int t = 0; t < n; t++) {
            float d = 0, s = 0;
            for (int i = 0; i < rows; i++) {
                float e = a[i * n + t] - a[i * n + 7];
                d += e * e;
                s += a[i * n + t];
            }
            want[t] = d + (s + (t + 1)) + (t % 2 ? d : 0.0f);
            want[n + t] = s;
            want[2 * n + t] = s;
        }
        with_functions<<<g, b>>>(a, n, rows, 7, out);
        cudaDeviceSynchronize();
        compare("with_functions", out, want, 3 * n);
    }
    if (cudaGetLastError() != cudaSuccess)
        failures++;
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures != 0;
}
