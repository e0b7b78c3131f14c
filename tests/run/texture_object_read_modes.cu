// Read modes of texture objects: tex1Dfetch<T> over linear memory as the element type
// (uchar4, short2, int, unsigned) and as normalised floats (uchar4 -> float4 in [0, 1],
// signed char -> float in [-1, 1] with -128 reading -1, ushort -> float), zero outside the
// range; a 2-D uchar4 array read as normalised float4 with bilinear filtering, and a 2-D int
// array read as int (integers are never filtered or promoted); half floats read as floats.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define EXPECT(c) do { if (!(c)) { printf("%s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

const int N = 300;   // elements in each linear buffer; fetches go to N + 20

struct Out {
    uchar4 u4;
    float4 f4;
    short2 s2;
    int i;
    unsigned u;
    float sc, us;
};

__global__ void fetch_linear(cudaTextureObject_t tu4, cudaTextureObject_t tf4, cudaTextureObject_t ts2,
                             cudaTextureObject_t ti, cudaTextureObject_t tu, cudaTextureObject_t tsc,
                             cudaTextureObject_t tus, Out *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n) {
        int x = k - 10;   // from -10 to N + 9
        out[k].u4 = tex1Dfetch<uchar4>(tu4, x);
        out[k].f4 = tex1Dfetch<float4>(tf4, x);
        out[k].s2 = tex1Dfetch<short2>(ts2, x);
        out[k].i = tex1Dfetch<int>(ti, x);
        tex1Dfetch(&out[k].u, tu, x);   // the form that stores through a pointer
        out[k].sc = tex1Dfetch<float>(tsc, x);
        out[k].us = tex1Dfetch<float>(tus, x);
    }
}

__global__ void fetch_2d(cudaTextureObject_t tf4, cudaTextureObject_t ti, const float2 *xy, float4 *f, int *iv, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n) {
        f[k] = tex2D<float4>(tf4, xy[k].x, xy[k].y);
        iv[k] = tex2D<int>(ti, xy[k].x, xy[k].y);
    }
}

__global__ void fetch_half(cudaTextureObject_t t, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = tex1Dfetch<float>(t, k);
}

template <class T> static cudaTextureObject_t linear_object(T *dev, size_t n, cudaTextureReadMode mode) {
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = dev;
    rd.res.linear.desc = cudaCreateChannelDesc<T>();
    rd.res.linear.sizeInBytes = n * sizeof(T);
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.readMode = mode;
    cudaTextureObject_t t = 0;
    if (cudaCreateTextureObject(&t, &rd, &td, NULL) != cudaSuccess)
        printf("cudaCreateTextureObject failed\n");
    return t;
}

template <class T> static T *upload(const T *h, size_t n) {
    T *d = NULL;
    cudaMalloc(&d, n * sizeof(T));
    cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}

static float wq(float c) { return floorf((c - floorf(c)) * 256.0f + 0.5f) / 256.0f; }

int main() {
    static uchar4 hu4[N];
    static short2 hs2[N];
    static int hi[N];
    static unsigned hu[N];
    static signed char hsc[N];
    static unsigned short hus[N];
    for (int i = 0; i < N; i++) {
        hu4[i] = make_uchar4(i % 256, (i * 7) % 256, 255 - i % 256, (i * 13) % 256);
        hs2[i] = make_short2(i * 100 - 15000, -i);
        hi[i] = i * 1000003 - 7;
        hu[i] = 0xfffffff0u + i;
        hsc[i] = (signed char)(i % 256 - 128);
        hus[i] = (unsigned short)(i * 219);
    }
    uchar4 *du4 = upload(hu4, N);
    short2 *ds2 = upload(hs2, N);
    int *di = upload(hi, N);
    unsigned *du = upload(hu, N);
    signed char *dsc = upload(hsc, N);
    unsigned short *dus = upload(hus, N);
    cudaTextureObject_t tu4 = linear_object(du4, N, cudaReadModeElementType);
    cudaTextureObject_t tf4 = linear_object(du4, N, cudaReadModeNormalizedFloat);
    cudaTextureObject_t ts2 = linear_object(ds2, N, cudaReadModeElementType);
    cudaTextureObject_t ti = linear_object(di, N, cudaReadModeElementType);
    cudaTextureObject_t tu = linear_object(du, N, cudaReadModeNormalizedFloat);   // 32 bits: not promoted
    cudaTextureObject_t tsc = linear_object(dsc, N, cudaReadModeNormalizedFloat);
    cudaTextureObject_t tus = linear_object(dus, N, cudaReadModeNormalizedFloat);
    EXPECT(tu4 && tf4 && ts2 && ti && tu && tsc && tus);

    const int n = N + 20;
    Out *dout;
    CHECK(cudaMalloc(&dout, n * sizeof(Out)));
    fetch_linear<<<(n + 63) / 64, 64>>>(tu4, tf4, ts2, ti, tu, tsc, tus, dout, n);
    CHECK(cudaGetLastError());
    static Out out[n];
    CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    for (int k = 0; k < n; k++) {
        int x = k - 10;
        const Out &o = out[k];
        if (x < 0 || x >= N) {   // outside linear memory: zero
            EXPECT(o.u4.x == 0 && o.u4.w == 0 && o.f4.x == 0 && o.f4.w == 0 && o.s2.x == 0 && o.i == 0 && o.u == 0);
            EXPECT(o.sc == 0 && o.us == 0);
            continue;
        }
        EXPECT(o.u4.x == hu4[x].x && o.u4.y == hu4[x].y && o.u4.z == hu4[x].z && o.u4.w == hu4[x].w);
        EXPECT(o.f4.x == hu4[x].x / 255.0f && o.f4.y == hu4[x].y / 255.0f && o.f4.z == hu4[x].z / 255.0f &&
               o.f4.w == hu4[x].w / 255.0f);
        EXPECT(o.s2.x == hs2[x].x && o.s2.y == hs2[x].y);
        EXPECT(o.i == hi[x]);
        EXPECT(o.u == hu[x]);
        float want_sc = hsc[x] == -128 ? -1.0f : hsc[x] / 127.0f;
        if (o.sc != want_sc) { printf("signed char %d read %g want %g\n", hsc[x], o.sc, want_sc); return 1; }
        EXPECT(o.us == hus[x] / 65535.0f);
    }
    EXPECT(out[10].sc == -1.0f && out[10 + 255].sc == 1.0f);   // -128 and 127

    // Half floats (given as their bits) read as floats.
    const unsigned short halves[] = {0x3c00, 0xc000, 0x3555, 0x7bff, 0x0001, 0x8000, 0x0400};
    const float half_values[] = {1.0f, -2.0f, 0.333251953125f, 65504.0f, 5.9604644775390625e-8f, -0.0f, 6.103515625e-5f};
    const int nh = sizeof halves / sizeof *halves;
    unsigned short *dh = upload(halves, nh);
    cudaResourceDesc hrd;
    memset(&hrd, 0, sizeof hrd);
    hrd.resType = cudaResourceTypeLinear;
    hrd.res.linear.devPtr = dh;
    hrd.res.linear.desc = cudaCreateChannelDescHalf();
    hrd.res.linear.sizeInBytes = sizeof halves;
    cudaTextureDesc htd;
    memset(&htd, 0, sizeof htd);
    cudaTextureObject_t th;
    CHECK(cudaCreateTextureObject(&th, &hrd, &htd, NULL));
    float *dhf;
    CHECK(cudaMalloc(&dhf, nh * sizeof(float)));
    fetch_half<<<1, nh>>>(th, dhf, nh);
    float hf[nh];
    CHECK(cudaMemcpy(hf, dhf, sizeof hf, cudaMemcpyDeviceToHost));
    for (int k = 0; k < nh; k++)
        if (hf[k] != half_values[k] || signbit(hf[k]) != signbit(half_values[k])) {
            printf("half 0x%04x read %.9g want %.9g\n", halves[k], hf[k], half_values[k]);
            return 1;
        }
    CHECK(cudaDestroyTextureObject(th));

    // 2-D arrays: uchar4 as normalised float4 with bilinear filtering, int as int.
    const int W = 6, H = 4;
    uchar4 img[H][W];
    int iimg[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            img[y][x] = make_uchar4(x * 40, y * 60, 255 - x * 17 - y * 9, (x * y * 31) % 256);
            iimg[y][x] = -1000 * y + x * 3;
        }
    cudaChannelFormatDesc c4 = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
    cudaChannelFormatDesc ci = cudaCreateChannelDesc<int>();
    EXPECT(ci.x == 32 && ci.f == cudaChannelFormatKindSigned);
    cudaArray_t a4, ai;
    CHECK(cudaMallocArray(&a4, &c4, W, H));
    CHECK(cudaMallocArray(&ai, &ci, W, H));
    CHECK(cudaMemcpy2DToArray(a4, 0, 0, img, W * sizeof(uchar4), W * sizeof(uchar4), H, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy2DToArray(ai, 0, 0, iimg, W * sizeof(int), W * sizeof(int), H, cudaMemcpyHostToDevice));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a4;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t t4, tint;
    CHECK(cudaCreateTextureObject(&t4, &rd, &td, NULL));
    rd.res.array.array = ai;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    CHECK(cudaCreateTextureObject(&tint, &rd, &td, NULL));
    cudaResourceDesc back;
    CHECK(cudaGetTextureObjectResourceDesc(&back, tint));
    EXPECT(back.resType == cudaResourceTypeArray && back.res.array.array == ai);

    const int nxy = 9 * 7;
    float2 xy[nxy];
    for (int j = 0; j < 7; j++)
        for (int i = 0; i < 9; i++)
            xy[j * 9 + i] = make_float2(-0.4f + i * 0.83f, -0.3f + j * 0.77f);
    float2 *dxy = upload(xy, nxy);
    float4 *df;
    int *div;
    CHECK(cudaMalloc(&df, nxy * sizeof(float4)));
    CHECK(cudaMalloc(&div, nxy * sizeof(int)));
    fetch_2d<<<2, 32>>>(t4, tint, dxy, df, div, nxy);
    float4 f[nxy];
    int iv[nxy];
    CHECK(cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(iv, div, sizeof iv, cudaMemcpyDeviceToHost));
    for (int k = 0; k < nxy; k++) {
        float xb = xy[k].x - 0.5f, yb = xy[k].y - 0.5f, a = wq(xb), b = wq(yb);
        int i0 = (int)floorf(xb), j0 = (int)floorf(yb);
        float want[4] = {0, 0, 0, 0};
        for (int dj = 0; dj <= 1; dj++)
            for (int di = 0; di <= 1; di++) {
                int i = i0 + di < 0 ? 0 : i0 + di >= W ? W - 1 : i0 + di;
                int j = j0 + dj < 0 ? 0 : j0 + dj >= H ? H - 1 : j0 + dj;
                float w = (di ? a : 1 - a) * (dj ? b : 1 - b);
                want[0] += w * (img[j][i].x / 255.0f);
                want[1] += w * (img[j][i].y / 255.0f);
                want[2] += w * (img[j][i].z / 255.0f);
                want[3] += w * (img[j][i].w / 255.0f);
            }
        float got[4] = {f[k].x, f[k].y, f[k].z, f[k].w};
        for (int c = 0; c < 4; c++)
            if (fabsf(got[c] - want[c]) > 1e-5f) {
                printf("float4 at (%g, %g) channel %d: got %g want %g\n", xy[k].x, xy[k].y, c, got[c], want[c]);
                return 1;
            }
        int pi = (int)floorf(xy[k].x), pj = (int)floorf(xy[k].y);
        pi = pi < 0 ? 0 : pi >= W ? W - 1 : pi;
        pj = pj < 0 ? 0 : pj >= H ? H - 1 : pj;
        EXPECT(iv[k] == iimg[pj][pi]);
    }
    CHECK(cudaDestroyTextureObject(t4));
    CHECK(cudaDestroyTextureObject(tint));
    CHECK(cudaFreeArray(a4));
    CHECK(cudaFreeArray(ai));
    printf("ok\n");
    return 0;
}
