// A local holding B + threadIdx.x that every thread steps by the same amount (`c += plane`,
// straight-line or in a uniform for-loop's body) keeps one copy per row of the block (its B)
// instead of one per thread, so the loop interchanged with the thread loops reads c as an
// induction variable (hotspot3D's march up z). Locals stepped under a per-thread if, by a
// per-thread amount, or assigned keep a copy per thread; all give the GPU's results, with
// 1-, 2- and 3-D blocks, partial blocks and a guard inside the loop.
// RUN: %cu2c --engine=loops --dump-after=promote_locals %s -o %t.cpp 2>&1 | FileCheck %s
// RUN: FileCheck --check-prefix=OUT %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: kernel march
// CHECK: var c: int dims xy promoted x-stepped (one copy per row)
// CHECK: var w: int dims xy promoted{{$}}
// CHECK: var n: int dims xy promoted x-stepped (one copy per row)
// CHECK: kernel mixed
// CHECK: var a: int dims x promoted x-stepped (one copy per row)
// CHECK: var b: int dims x promoted{{$}}
// CHECK: var d: int dims x promoted{{$}}
// CHECK: var u: unsigned int dims x promoted x-stepped (one copy per row)
// CHECK: kernel cube
// CHECK: var p: int dims xyz promoted x-stepped (one copy per row)
// OUT: for (int z = 1; z < nz - 1; z++) if (__cu2c_{{xf}})
// OUT: const __typeof__(int) __cu2c_r{{[0-9]+}} = __cu2c_p{{[0-9]+}}[__cu2c_ty];
// OUT-SAME: = __cu2c_r{{[0-9]+}} + __cu2c_tx;
#include <cstdio>
#include <vector>

#define NX 100
#define NY 12
#define NZ 6

// hotspot3D's shape: each thread marches up z carrying its neighbours' indices
__global__ void march(const float *in, float *out, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int c = x + y * nx;
    int plane = nx * ny;
    int w = x == 0 ? c : c - 1;
    int n = y == 0 ? c : c - nx;
    float below = in[c], mid = below;
    if (x < nx)
        out[c] = mid + in[w] + in[n];
    c += plane; w += plane; n += plane;
    for (int z = 1; z < nz - 1; z++) {
        float above = in[c + plane];
        if (x < nx)
            out[c] = mid * 2 + below + above + in[w] + in[n];
        below = mid;
        mid = in[c + plane];
        c += plane; w += plane; n += plane;
    }
    if (x < nx)
        out[c] = mid + below + in[w] + in[n];
}

// a: stepped straight-line and in a loop; b: stepped under a per-thread if; d: by a
// per-thread amount; u: an unsigned index stepped by a uniform stride
__global__ void mixed(int *out, int n, int trips) {
    int a = blockIdx.x * blockDim.x + threadIdx.x;
    int b = a, d = a;
    unsigned u = blockIdx.x * blockDim.x + threadIdx.x;
    a += 3;
    if (threadIdx.x & 1)
        b += 5;
    d += threadIdx.x;
    for (int t = 0; t < trips; t++) {
        if (a < n)
            out[a] += 1;
        a += n;
        b += 2;
        u += 7u;
    }
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g < n)
        out[trips * n + 3 + g] = a * 1000 + b * 10 + d + (int)u;
}

// a 3-D block: one copy per (y, z) row
__global__ void cube(int *out, int trips) {
    int p = threadIdx.x + 4 * (threadIdx.y + 3 * threadIdx.z) + 60 * blockIdx.x;
    for (int t = 0; t < trips; t++) {
        out[p] = out[p] * 2 + t;
        p += 120;
    }
}

static int check(const char *what, const std::vector<float> &got, const std::vector<float> &want) {
    for (size_t i = 0; i < want.size(); i++)
        if (got[i] != want[i]) {
            printf("%s: element %zu is %g, want %g\n", what, i, got[i], want[i]);
            return 1;
        }
    return 0;
}

int main() {
    int bad = 0;
    // march: a 32x4 block shape over a 100x12x6 grid (partial blocks in x)
    {
        const int cells = NX * NY * NZ;
        std::vector<float> in(cells + NX * NY), want(cells, 0.0f), got(cells);
        for (int i = 0; i < cells + NX * NY; i++) in[i] = (float)(i % 17) - 5.0f;
        for (int y = 0; y < NY; y++)
            for (int x = 0; x < NX; x++) {
                int c = x + y * NX, plane = NX * NY;
                int w = x == 0 ? c : c - 1, n = y == 0 ? c : c - NX;
                float below = in[c], mid = below;
                want[c] = mid + in[w] + in[n];
                c += plane; w += plane; n += plane;
                for (int z = 1; z < NZ - 1; z++) {
                    float above = in[c + plane];
                    want[c] = mid * 2 + below + above + in[w] + in[n];
                    below = mid;
                    mid = in[c + plane];
                    c += plane; w += plane; n += plane;
                }
                want[c] = mid + below + in[w] + in[n];
            }
        float *din, *dout;
        cudaMalloc(&din, (cells + NX * NY + 32) * sizeof(float));
        cudaMalloc(&dout, (cells + 32) * sizeof(float));
        cudaMemcpy(din, in.data(), (cells + NX * NY) * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemset(dout, 0, cells * sizeof(float));
        march<<<dim3((NX + 31) / 32, NY / 4), dim3(32, 4)>>>(din, dout, NX, NY, NZ);
        cudaMemcpy(got.data(), dout, cells * sizeof(float), cudaMemcpyDeviceToHost);
        bad += check("march", got, want);
        cudaFree(din);
        cudaFree(dout);
    }
    // mixed: 3 blocks of 64 threads, n = 150
    {
        const int n = 150, trips = 4, size = trips * n + 3 + n;
        std::vector<int> want(size, 0), got(size);
        for (int g = 0; g < 192; g++) {
            int tx = g % 64, a = g + 3, b = g + ((tx & 1) ? 5 : 0), d = g + tx;
            unsigned u = g;
            for (int t = 0; t < trips; t++) {
                if (a < n) want[a] += 1;
                a += n; b += 2; u += 7u;
            }
            if (g < n) want[trips * n + 3 + g] = a * 1000 + b * 10 + d + (int)u;
        }
        int *dout;
        cudaMalloc(&dout, size * sizeof(int));
        cudaMemset(dout, 0, size * sizeof(int));
        mixed<<<3, 64>>>(dout, n, trips);
        cudaMemcpy(got.data(), dout, size * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < size; i++)
            if (got[i] != want[i] && bad++ < 8) printf("mixed: element %d is %d, want %d\n", i, got[i], want[i]);
        cudaFree(dout);
    }
    // cube: 2 blocks of 4x3x5 threads, 3 trips over 360 ints
    {
        const int size = 360, trips = 3;
        std::vector<int> want(size), got(size);
        for (int i = 0; i < size; i++) want[i] = i % 11;
        int *dout;
        cudaMalloc(&dout, size * sizeof(int));
        cudaMemcpy(dout, want.data(), size * sizeof(int), cudaMemcpyHostToDevice);
        for (int b = 0; b < 2; b++)
            for (int z = 0; z < 5; z++)
                for (int y = 0; y < 3; y++)
                    for (int x = 0; x < 4; x++) {
                        int p = x + 4 * (y + 3 * z) + 60 * b;
                        for (int t = 0; t < trips; t++, p += 120) want[p] = want[p] * 2 + t;
                    }
        cube<<<2, dim3(4, 3, 5)>>>(dout, trips);
        cudaMemcpy(got.data(), dout, size * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < size; i++)
            if (got[i] != want[i] && bad++ < 8) printf("cube: element %d is %d, want %d\n", i, got[i], want[i]);
        cudaFree(dout);
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
