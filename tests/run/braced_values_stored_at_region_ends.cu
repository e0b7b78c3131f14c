// Stores of braced values (`d[i] = {x, y, z};`, `e[i] = edge{a, b};`) as the last statement of
// a thread loop, and as an else branch without braces just before a barrier (HeCBench
// rodrigues, rsmt, boxfilter): the loop closes after the statement's ';', not inside it.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

struct edge {
    int a, b;
};

__global__ void last(float3 *d, edge *e, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float ox = i, oy = 2 * i, oz = 3 * i;
    d[i] = {ox, oy, oz};
    e[i] = edge{i, i + 1};
}

__global__ void before_barrier(const uchar4 *src, uchar4 *out, int width) {
    __shared__ uchar4 local[64];
    int lid = threadIdx.x, x = blockIdx.x * 64 + lid - 8;
    if (x >= 0 && x < width)
        local[lid] = src[x];
    else
        local[lid] = {0, 0, 0, 0};
    __syncthreads();
    out[blockIdx.x * 64 + lid] = local[63 - lid];
}

int main() {
    const int n = 64, width = 100;
    float3 *d;
    edge *e;
    uchar4 *src, *out;
    cudaMallocManaged(&d, n * sizeof(float3));
    cudaMallocManaged(&e, n * sizeof(edge));
    cudaMallocManaged(&src, width * sizeof(uchar4));
    cudaMallocManaged(&out, 128 * sizeof(uchar4));
    for (int i = 0; i < width; i++)
        src[i] = make_uchar4(i, i + 1, i + 2, 255);
    last<<<2, 32>>>(d, e, n);
    before_barrier<<<2, 64>>>(src, out, width);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += d[i].x != i || d[i].y != 2 * i || d[i].z != 3 * i || e[i].a != i || e[i].b != i + 1;
    for (int b = 0; b < 2; b++)
        for (int lid = 0; lid < 64; lid++) {
            int x = b * 64 + (63 - lid) - 8;
            uchar4 want = x >= 0 && x < width ? src[x] : make_uchar4(0, 0, 0, 0);
            uchar4 got = out[b * 64 + lid];
            bad += got.x != want.x || got.y != want.y || got.z != want.z || got.w != want.w;
        }
    printf(bad ? "FAIL: %d\n" : "PASS\n", bad);
    return bad != 0;
}
