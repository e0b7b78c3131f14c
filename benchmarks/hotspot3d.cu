// A 3-D heat stencil as Rodinia's hotspot3D writes it: a 512x512x8 grid of floats, a
// 7-point update with the neighbours clamped at the faces (`w = x == 0 ? c : c - 1`), 64x4
// thread blocks each covering a column of the grid: every thread marches up z itself,
// carrying the cells below, at and above it in locals (temp1..3) and its neighbour indices
// (c, w, e, n, s), which it steps by one plane per trip. ITERS steps, the buffers swapped in
// between. Checked against a plain host loop. Prints the median ms per ITERS steps.
// Usage: hotspot3d [reps]. The OpenMP twin is hotspot3d_omp.c.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define NX 512
#define NY 512
#define NZ 8
#define ITERS 20

struct Coef {
    float cc, cw, ce, cn, cs, cb, ct, sdc, amb;
};

__global__ void step(const float *power, const float *in, float *out, Coef k, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int c = x + y * nx, plane = nx * ny;
    int w = x == 0 ? c : c - 1;
    int e = x == nx - 1 ? c : c + 1;
    int n = y == 0 ? c : c - nx;
    int s = y == ny - 1 ? c : c + nx;
    float below, mid, above;
    below = mid = in[c];
    above = in[c + plane];
    out[c] = k.cc * mid + k.cw * in[w] + k.ce * in[e] + k.cs * in[s] + k.cn * in[n] + k.cb * below +
             k.ct * above + k.sdc * power[c] + k.ct * k.amb;
    c += plane; w += plane; e += plane; n += plane; s += plane;
    for (int z = 1; z < nz - 1; z++) {
        below = mid;
        mid = above;
        above = in[c + plane];
        out[c] = k.cc * mid + k.cw * in[w] + k.ce * in[e] + k.cs * in[s] + k.cn * in[n] + k.cb * below +
                 k.ct * above + k.sdc * power[c] + k.ct * k.amb;
        c += plane; w += plane; e += plane; n += plane; s += plane;
    }
    below = mid;
    mid = above;
    out[c] = k.cc * mid + k.cw * in[w] + k.ce * in[e] + k.cs * in[s] + k.cn * in[n] + k.cb * below +
             k.ct * above + k.sdc * power[c] + k.ct * k.amb;
}

static void check(cudaError_t err, const char *what) {
    if (err != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
        exit(1);
    }
}

static void host_step(const float *power, const float *in, float *out, Coef k) {
    for (int z = 0; z < NZ; z++)
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                int c = x + y * NX + z * NX * NY;
                int w = x == 0 ? c : c - 1, e = x == NX - 1 ? c : c + 1;
                int n = y == 0 ? c : c - NX, s = y == NY - 1 ? c : c + NX;
                int b = z == 0 ? c : c - NX * NY, t = z == NZ - 1 ? c : c + NX * NY;
                out[c] = k.cc * in[c] + k.cw * in[w] + k.ce * in[e] + k.cs * in[s] + k.cn * in[n] +
                         k.cb * in[b] + k.ct * in[t] + k.sdc * power[c] + k.ct * k.amb;
            }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const size_t cells = (size_t)NX * NY * NZ;
    std::vector<float> power(cells), temp(cells), a(cells), b(cells), got(cells);
    srand(3);
    for (size_t i = 0; i < cells; i++) {
        power[i] = (float)(rand() % 1000) / 1000.0f;
        temp[i] = 320.0f + (float)(rand() % 1000) / 100.0f;
    }
    // stable coefficients of Rodinia's form (cc = 1 - the others, as its 2*ce + 2*cn + 3*ct)
    Coef k;
    k.cw = k.ce = 0.1f;
    k.cn = k.cs = 0.1f;
    k.ct = k.cb = 0.05f;
    k.cc = 1.0f - (2.0f * k.ce + 2.0f * k.cn + 3.0f * k.ct);
    k.sdc = 0.001f;
    k.amb = 80.0f;
    a = temp;
    for (int i = 0; i < ITERS; i++) {
        host_step(power.data(), a.data(), b.data(), k);
        std::swap(a, b);
    }
    float *d_power, *d_a, *d_b;
    check(cudaMalloc(&d_power, cells * sizeof(float)), "cudaMalloc power");
    check(cudaMalloc(&d_a, cells * sizeof(float)), "cudaMalloc a");
    check(cudaMalloc(&d_b, cells * sizeof(float)), "cudaMalloc b");
    check(cudaMemcpy(d_power, power.data(), cells * sizeof(float), cudaMemcpyHostToDevice), "copy power");
    dim3 block(64, 4), grid(NX / 64, NY / 4);
    std::vector<double> ms(reps);
    float *result = d_a;
    for (int r = 0; r < reps; r++) {
        check(cudaMemcpy(d_a, temp.data(), cells * sizeof(float), cudaMemcpyHostToDevice), "copy temp");
        float *src = d_a, *dst = d_b;
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < ITERS; i++) {
            step<<<grid, block>>>(d_power, src, dst, k, NX, NY, NZ);
            std::swap(src, dst);
        }
        check(cudaDeviceSynchronize(), "hotspot3d");
        auto t1 = std::chrono::steady_clock::now();
        ms[r] = std::chrono::duration<double, std::milli>(t1 - t0).count();
        result = src;
    }
    check(cudaMemcpy(got.data(), result, cells * sizeof(float), cudaMemcpyDeviceToHost), "copy back");
    for (size_t i = 0; i < cells; i++)
        if (!(std::fabs(got[i] - a[i]) <= 1e-3f * std::fabs(a[i]))) {
            fprintf(stderr, "hotspot3d: cell %zu is %g, want %g\n", i, got[i], a[i]);
            return 1;
        }
    std::sort(ms.begin(), ms.end());
    printf("hotspot3d cu2c n=%dx%dx%d iters=%d reps=%d median_ms=%.4f\n", NX, NY, NZ, ITERS, reps, ms[reps / 2]);
    return 0;
}
