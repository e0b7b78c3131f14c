// Mipmapped arrays: cudaMallocMipmappedArray (the level count clamped to 1 + log2 of the
// largest side), cudaGetMipmappedArrayLevel (each level a CUDA array of half the size,
// filled with cudaMemcpy2DToArray), textures over them (cudaResourceTypeMipmappedArray)
// fetched with tex2DLod, tex1DLod, tex3DLod, tex2DGrad and plain tex2D: the nearest level
// under point mipmap filtering, a blend of the two levels around it under linear, within
// [minMipmapLevelClamp, maxMipmapLevelClamp]; every fetch against a host reference. What
// cu2c does not do is refused (unnormalised coordinates: cudaErrorNotSupported), a level
// is not freed on its own, cudaFreeMipmappedArray frees all.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

static const int W = 16, H = 8, LEVELS = 5;   // 1 + log2(16)
static float val(int level, int i, int j, int k = 0) { return level * 1000.0f + k * 100 + j * 16 + i; }
static int side(int n, int l) { return n >> l ? n >> l : 1; }

struct Q { float x, y, z, level; };

__global__ void lod2d(cudaTextureObject_t t, const Q *q, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = tex2DLod<float>(t, q[k].x, q[k].y, q[k].level);
}
__global__ void plain2d(cudaTextureObject_t t, const Q *q, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = tex2D<float>(t, q[k].x, q[k].y);
}
__global__ void grad2d(cudaTextureObject_t t, const Q *q, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    // a gradient of 2^level texels of level 0 along x: level of detail `level`
    if (k < n)
        out[k] = tex2DGrad<float>(t, q[k].x, q[k].y, make_float2(exp2f(q[k].level) / W, 0), make_float2(0, 0.5f / H));
}
__global__ void lod1d(cudaTextureObject_t t, const Q *q, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        tex1DLod(&out[k], t, q[k].x, q[k].level);
}
__global__ void lod3d(cudaTextureObject_t t, const Q *q, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = tex3DLod<float>(t, q[k].x, q[k].y, q[k].z, q[k].level);
}

// point sampling of level l at normalised (x, y, z), clamped
static float point(int l, float x, float y, float z, int dims, int w, int h, int d) {
    int sw = side(w, l), sh = dims > 1 ? side(h, l) : 1, sd = dims > 2 ? side(d, l) : 1;
    int i = (int)floorf(x * sw), j = (int)floorf(y * sh), k = (int)floorf(z * sd);
    i = i < 0 ? 0 : i >= sw ? sw - 1 : i;
    j = j < 0 ? 0 : j >= sh ? sh - 1 : j;
    k = k < 0 ? 0 : k >= sd ? sd - 1 : k;
    return val(l, i, dims > 1 ? j : 0, dims > 2 ? k : 0);
}
static float ref(const Q &q, bool linear, float lo, float hi, int levels, int dims, int w, int h, int d) {
    float l = fminf(fmaxf(q.level, lo), hi);
    l = fminf(fmaxf(l, 0.0f), (float)(levels - 1));
    if (!linear)
        return point((int)floorf(l + 0.5f), q.x, q.y, q.z, dims, w, h, d);
    int l0 = (int)floorf(l);
    float a = l - l0;   // the queries' fractions are multiples of 1/256
    float v0 = point(l0, q.x, q.y, q.z, dims, w, h, d);
    return a > 0 ? (1 - a) * v0 + a * point(l0 + 1, q.x, q.y, q.z, dims, w, h, d) : v0;
}

int main() {
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaMipmappedArray_t mm;
    CHECK(cudaMallocMipmappedArray(&mm, &f, make_cudaExtent(W, H, 0), 10));
    int bad = 0;
    cudaArray_t level;
    if (cudaGetMipmappedArrayLevel(&level, mm, LEVELS) != cudaErrorInvalidValue) { printf("level %d exists\n", LEVELS); bad++; }
    cudaGetLastError();
    for (int l = 0; l < LEVELS; l++) {
        CHECK(cudaGetMipmappedArrayLevel(&level, mm, l));
        cudaExtent e;
        CHECK(cudaArrayGetInfo(nullptr, &e, nullptr, level));
        int w = side(W, l), h = side(H, l);
        if ((int)e.width != w || (int)e.height != h) { printf("level %d: %zux%zu\n", l, e.width, e.height); bad++; }
        float buf[H][W];
        for (int j = 0; j < h; j++)
            for (int i = 0; i < w; i++)
                buf[j][i] = val(l, i, j);
        CHECK(cudaMemcpy2DToArray(level, 0, 0, buf, W * sizeof(float), w * sizeof(float), h, cudaMemcpyHostToDevice));
    }
    if (cudaFreeArray(level) != cudaErrorInvalidValue) { printf("a level was freed alone\n"); bad++; }
    cudaGetLastError();

    // queries: texel centres and odd places on every level, levels below, between, above
    const int N = 4 * 5 * 11;
    Q *q;
    float *out;
    CHECK(cudaMallocManaged(&q, N * sizeof(Q)));
    CHECK(cudaMallocManaged(&out, N * sizeof(float)));
    const float levels[11] = {-1.0f, 0.0f, 0.25f, 0.75f, 1.0f, 1.375f, 2.625f, 3.0f, 3.25f, 4.0f, 9.0f};
    int n = 0;
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 5; b++)
            for (int l = 0; l < 11; l++)
                q[n++] = Q{0.03f + a * 0.31f, 0.11f + b * 0.2f, 0.6f, levels[l]};

    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeMipmappedArray;
    rd.res.mipmap.mipmap = mm;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.filterMode = cudaFilterModePoint;
    cudaTextureObject_t t;
    // CUDA programs always normalise with mipmaps; cu2c refuses the other
    if (cudaCreateTextureObject(&t, &rd, &td, nullptr) != cudaErrorNotSupported) { printf("unnormalised accepted\n"); bad++; }
    cudaGetLastError();
    td.normalizedCoords = 1;
    struct { int filter; float lo, hi; } cases[] = {
        {cudaFilterModePoint, 0, LEVELS - 1}, {cudaFilterModeLinear, 0, LEVELS - 1},
        {cudaFilterModePoint, 1, 2.5f}, {cudaFilterModeLinear, 0.25f, 3}, {cudaFilterModePoint, 0, 0}};
    for (auto &c : cases) {
        td.mipmapFilterMode = (cudaTextureFilterMode)c.filter;
        td.minMipmapLevelClamp = c.lo;
        td.maxMipmapLevelClamp = c.hi;
        CHECK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
        lod2d<<<(N + 63) / 64, 64>>>(t, q, out, N);
        CHECK(cudaDeviceSynchronize());
        for (int k = 0; k < N; k++) {
            float want = ref(q[k], c.filter == cudaFilterModeLinear, c.lo, c.hi, LEVELS, 2, W, H, 1);
            if (fabsf(out[k] - want) > 1e-3f && bad++ < 8)
                printf("tex2DLod filter %d clamp [%g,%g] (%g,%g) level %g: %g, want %g\n", c.filter, c.lo, c.hi,
                       q[k].x, q[k].y, q[k].level, out[k], want);
        }
        // tex2D: level 0, clamped like any level
        plain2d<<<(N + 63) / 64, 64>>>(t, q, out, N);
        CHECK(cudaDeviceSynchronize());
        for (int k = 0; k < N; k++) {
            Q z = q[k];
            z.level = 0;
            float want = ref(z, c.filter == cudaFilterModeLinear, c.lo, c.hi, LEVELS, 2, W, H, 1);
            if (out[k] != want && bad++ < 8)
                printf("tex2D clamp [%g,%g] (%g,%g): %g, want %g\n", c.lo, c.hi, q[k].x, q[k].y, out[k], want);
        }
        // tex2DGrad: a gradient of 2^level texels
        grad2d<<<(N + 63) / 64, 64>>>(t, q, out, N);
        CHECK(cudaDeviceSynchronize());
        for (int k = 0; k < N; k++) {
            if (q[k].level < 0 || q[k].level != floorf(q[k].level))
                continue;   // whole levels: log2 of a power of two is exact
            float want = ref(q[k], c.filter == cudaFilterModeLinear, c.lo, c.hi, LEVELS, 2, W, H, 1);
            if (fabsf(out[k] - want) > 1e-3f && bad++ < 8)
                printf("tex2DGrad clamp [%g,%g] (%g,%g) level %g: %g, want %g\n", c.lo, c.hi, q[k].x, q[k].y,
                       q[k].level, out[k], want);
        }
        CHECK(cudaDestroyTextureObject(t));
    }
    CHECK(cudaFreeMipmappedArray(mm));

    // 1-D (32 wide: 6 levels) and 3-D (8x4x4: 4 levels), linear between levels
    cudaMipmappedArray_t m1, m3;
    CHECK(cudaMallocMipmappedArray(&m1, &f, make_cudaExtent(32, 0, 0), 6));
    CHECK(cudaMallocMipmappedArray(&m3, &f, make_cudaExtent(8, 4, 4), 4));
    for (int l = 0; l < 6; l++) {
        float buf[32];
        for (int i = 0; i < side(32, l); i++)
            buf[i] = val(l, i, 0);
        CHECK(cudaGetMipmappedArrayLevel(&level, m1, l));
        CHECK(cudaMemcpy2DToArray(level, 0, 0, buf, sizeof buf, side(32, l) * sizeof(float), 1, cudaMemcpyHostToDevice));
    }
    for (int l = 0; l < 4; l++) {
        static float buf[4][4][8];
        int w = side(8, l), h = side(4, l), d = side(4, l);
        for (int k = 0; k < d; k++)
            for (int j = 0; j < h; j++)
                for (int i = 0; i < w; i++)
                    buf[k][j][i] = val(l, i, j, k);
        CHECK(cudaGetMipmappedArrayLevel(&level, m3, l));
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(buf, 8 * sizeof(float), w, 4);
        p.dstArray = level;
        p.extent = make_cudaExtent(w, h, d);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
    }
    td.mipmapFilterMode = cudaFilterModeLinear;
    td.minMipmapLevelClamp = 0;
    td.maxMipmapLevelClamp = 10;
    cudaTextureObject_t t1, t3;
    rd.res.mipmap.mipmap = m1;
    CHECK(cudaCreateTextureObject(&t1, &rd, &td, nullptr));
    rd.res.mipmap.mipmap = m3;
    CHECK(cudaCreateTextureObject(&t3, &rd, &td, nullptr));
    lod1d<<<(N + 63) / 64, 64>>>(t1, q, out, N);
    CHECK(cudaDeviceSynchronize());
    for (int k = 0; k < N; k++) {
        float want = ref(q[k], true, 0, 10, 6, 1, 32, 1, 1);
        if (fabsf(out[k] - want) > 1e-3f && bad++ < 8)
            printf("tex1DLod (%g) level %g: %g, want %g\n", q[k].x, q[k].level, out[k], want);
    }
    lod3d<<<(N + 63) / 64, 64>>>(t3, q, out, N);
    CHECK(cudaDeviceSynchronize());
    for (int k = 0; k < N; k++) {
        float want = ref(q[k], true, 0, 10, 4, 3, 8, 4, 4);
        if (fabsf(out[k] - want) > 1e-3f && bad++ < 8)
            printf("tex3DLod (%g,%g,%g) level %g: %g, want %g\n", q[k].x, q[k].y, q[k].z, q[k].level, out[k], want);
    }
    CHECK(cudaDestroyTextureObject(t1));
    CHECK(cudaDestroyTextureObject(t3));
    CHECK(cudaFreeMipmappedArray(m1));
    CHECK(cudaFreeMipmappedArray(m3));
    if (bad) { printf("%d wrong\n", bad); return 1; }
    printf("ok\n");
    return 0;
}
