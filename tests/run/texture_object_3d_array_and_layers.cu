// A 3-D CUDA array (cudaMalloc3DArray) filled and read back with cudaMemcpy3D from and to
// pitched memory, sampled with tex3D<float> (point and trilinear, unnormalised and
// normalised, clamp, wrap and border), a 2-D layered array sampled with
// tex2DLayered<float2> and a 1-D layered one with tex1DLayered<float>: every fetch against a
// host reference with weights rounded to 1/256.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void fetch3d(cudaTextureObject_t t, const float4 *p, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex3D<float>(t, p[i].x, p[i].y, p[i].z);
}

__global__ void fetch_1d_layers(cudaTextureObject_t t, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1DLayered<float>(t, 0.25f * (i % 16) - 0.6f, i / 16);
}

__global__ void fetch_layers(cudaTextureObject_t t, const float4 *p, float2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2DLayered<float2>(t, p[i].x, p[i].y, (int)p[i].w);
}

static const int W = 5, H = 4, D = 3, L = 3;
static float vol[D][H][W];
static float2 layers[L][H][W];

static int ref_index(int i, int n, cudaTextureAddressMode m, bool norm) {
    if (i >= 0 && i < n) return i;
    if (m == cudaAddressModeBorder) return -1;
    if (norm && m == cudaAddressModeWrap) return ((i % n) + n) % n;
    return i < 0 ? 0 : n - 1;   // clamp; wrap clamps too without normalised coordinates
}
static float weight(float c) { return floorf((c - floorf(c)) * 256.0f + 0.5f) / 256.0f; }

static float ref_tex3d(float x, float y, float z, const cudaTextureDesc &d) {
    bool norm = d.normalizedCoords;
    if (norm) { x *= W; y *= H; z *= D; }
    int i0, j0, k0;
    float a = 0, b = 0, c = 0;
    bool lin = d.filterMode == cudaFilterModeLinear;
    if (lin) {
        x -= 0.5f; y -= 0.5f; z -= 0.5f;
        a = weight(x); b = weight(y); c = weight(z);
    }
    i0 = (int)floorf(x); j0 = (int)floorf(y); k0 = (int)floorf(z);
    float sum = 0;
    for (int dk = 0; dk <= (lin ? 1 : 0); dk++)
        for (int dj = 0; dj <= (lin ? 1 : 0); dj++)
            for (int di = 0; di <= (lin ? 1 : 0); di++) {
                int i = ref_index(i0 + di, W, d.addressMode[0], norm);
                int j = ref_index(j0 + dj, H, d.addressMode[1], norm);
                int k = ref_index(k0 + dk, D, d.addressMode[2], norm);
                float v = i < 0 || j < 0 || k < 0 ? d.borderColor[0] : vol[k][j][i];
                float w = lin ? (di ? a : 1 - a) * (dj ? b : 1 - b) * (dk ? c : 1 - c) : 1.0f;
                sum += w * v;
            }
    return sum;
}

static float2 ref_layered(float x, float y, int layer) {   // bilinear, clamp, unnormalised
    x -= 0.5f; y -= 0.5f;
    float a = weight(x), b = weight(y);
    int i0 = (int)floorf(x), j0 = (int)floorf(y);
    layer = layer < 0 ? 0 : layer >= L ? L - 1 : layer;
    float2 s = make_float2(0, 0);
    for (int dj = 0; dj <= 1; dj++)
        for (int di = 0; di <= 1; di++) {
            int i = ref_index(i0 + di, W, cudaAddressModeClamp, false), j = ref_index(j0 + dj, H, cudaAddressModeClamp, false);
            float w = (di ? a : 1 - a) * (dj ? b : 1 - b);
            s.x += w * layers[layer][j][i].x;
            s.y += w * layers[layer][j][i].y;
        }
    return s;
}

static bool close_to(float got, float want) {
    return fabsf(got - want) <= 1e-4f * fmaxf(1.0f, fabsf(want));
}

int main() {
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                vol[z][y][x] = x + 10.0f * y + 100.0f * z + (float)((x * y + z) % 3) * 0.25f;
    for (int l = 0; l < L; l++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                layers[l][y][x] = make_float2(x * 3.0f + l * 50.0f, y * 7.0f - l * 20.0f);

    // Host volume -> pitched device memory -> 3-D array -> a second pitched copy -> host.
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaExtent ext = make_cudaExtent(W, H, D);
    cudaArray_t arr;
    CHECK(cudaMalloc3DArray(&arr, &cd, ext));
    cudaPitchedPtr dev;
    CHECK(cudaMalloc3D(&dev, make_cudaExtent(W * sizeof(float), H, D)));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(vol, W * sizeof(float), W, H);
    p.dstPtr = dev;
    p.extent = make_cudaExtent(W * sizeof(float), H, D);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    memset(&p, 0, sizeof p);
    p.srcPtr = dev;
    p.dstArray = arr;
    p.extent = ext;                               // in elements: an array takes part
    p.kind = cudaMemcpyDeviceToDevice;
    CHECK(cudaMemcpy3D(&p));
    static float back[D][H][W];
    memset(&p, 0, sizeof p);
    p.srcArray = arr;
    p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
    p.extent = ext;
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    if (memcmp(back, vol, sizeof vol) != 0) { printf("cudaMemcpy3D through the array\n"); return 1; }
    // One element at a position inside the array: positions count its elements.
    float one = -1;
    memset(&p, 0, sizeof p);
    p.srcArray = arr;
    p.srcPos = make_cudaPos(3, 2, 1);
    p.dstPtr = make_cudaPitchedPtr(&one, sizeof one, 1, 1);
    p.extent = make_cudaExtent(1, 1, 1);
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    if (one != vol[1][2][3]) { printf("cudaMemcpy3D from (3, 2, 1): %g\n", one); return 1; }
    p.srcPos = make_cudaPos(W, 0, 0);   // outside
    if (cudaMemcpy3D(&p) != cudaErrorInvalidValue) { printf("copy from outside the array\n"); return 1; }
    cudaGetLastError();

    cudaChannelFormatDesc got_desc;
    cudaExtent got_ext;
    unsigned got_flags = 99;
    CHECK(cudaArrayGetInfo(&got_desc, &got_ext, &got_flags, arr));
    if (got_desc.x != 32 || got_ext.width != W || got_ext.height != H || got_ext.depth != D || got_flags != 0) {
        printf("cudaArrayGetInfo\n");
        return 1;
    }

    const float cx[] = {-0.7f, 0.2f, 0.5f, 1.37f, 2.5f, 4.0f, 4.49f, 5.8f};
    const float cy[] = {-0.2f, 0.5f, 1.6f, 2.25f, 3.9f, 4.6f};
    const float cz[] = {-0.3f, 0.5f, 0.9f, 1.5f, 2.13f, 3.4f};
    const int nx = 8, ny = 6, nz = 6, n = nx * ny * nz;
    static float4 pts[n], ptsn[n];
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                int q = (k * ny + j) * nx + i;
                pts[q] = make_float4(cx[i], cy[j], cz[k], 0);
                ptsn[q] = make_float4(cx[i] / W, cy[j] / H, cz[k] / D, 0);
            }
    float4 *dpts, *dptsn;
    float *dout;
    CHECK(cudaMalloc(&dpts, sizeof pts));
    CHECK(cudaMalloc(&dptsn, sizeof ptsn));
    CHECK(cudaMalloc(&dout, n * sizeof(float)));
    CHECK(cudaMemcpy(dpts, pts, sizeof pts, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dptsn, ptsn, sizeof ptsn, cudaMemcpyHostToDevice));

    const cudaTextureAddressMode modes[] = {cudaAddressModeClamp, cudaAddressModeWrap, cudaAddressModeBorder};
    for (int norm = 0; norm < 2; norm++)
        for (int m = 0; m < 3; m++)
            for (int f = 0; f < 2; f++) {
                cudaResourceDesc rd;
                memset(&rd, 0, sizeof rd);
                rd.resType = cudaResourceTypeArray;
                rd.res.array.array = arr;
                cudaTextureDesc td;
                memset(&td, 0, sizeof td);
                td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = modes[m];
                td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
                td.normalizedCoords = norm;
                td.borderColor[0] = -5.0f;
                cudaTextureObject_t tex;
                CHECK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
                fetch3d<<<(n + 63) / 64, 64>>>(tex, norm ? dptsn : dpts, dout, n);
                static float out[n];
                CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
                for (int q = 0; q < n; q++) {
                    float4 c = norm ? ptsn[q] : pts[q];
                    float want = ref_tex3d(c.x, c.y, c.z, td);
                    if (!close_to(out[q], want)) {
                        printf("tex3D norm=%d mode=%d filter=%d at (%g, %g, %g): got %.7g want %.7g\n",
                               norm, (int)modes[m], f, c.x, c.y, c.z, out[q], want);
                        return 1;
                    }
                }
                CHECK(cudaDestroyTextureObject(tex));
            }

    // A 2-D layered array of float2, filled layer by layer with cudaMemcpy3D.
    cudaArray_t larr;
    cudaChannelFormatDesc cd2 = cudaCreateChannelDesc<float2>();
    CHECK(cudaMalloc3DArray(&larr, &cd2, make_cudaExtent(W, H, L), cudaArrayLayered));
    for (int l = 0; l < L; l++) {
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(layers[l], W * sizeof(float2), W, H);
        p.dstArray = larr;
        p.dstPos = make_cudaPos(0, 0, l);
        p.extent = make_cudaExtent(W, H, 1);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
    }
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = larr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    cudaTextureObject_t ltex;
    CHECK(cudaCreateTextureObject(&ltex, &rd, &td, NULL));
    const int nl = nx * ny * (L + 1);
    static float4 lp[nl];
    for (int l = 0; l <= L; l++)          // layer L is out of range: clamped to the last
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++)
                lp[(l * ny + j) * nx + i] = make_float4(cx[i], cy[j], 0, (float)l);
    float4 *dlp;
    float2 *dl;
    CHECK(cudaMalloc(&dlp, sizeof lp));
    CHECK(cudaMalloc(&dl, nl * sizeof(float2)));
    CHECK(cudaMemcpy(dlp, lp, sizeof lp, cudaMemcpyHostToDevice));
    fetch_layers<<<(nl + 31) / 32, 32>>>(ltex, dlp, dl, nl);
    static float2 lout[nl];
    CHECK(cudaMemcpy(lout, dl, sizeof lout, cudaMemcpyDeviceToHost));
    for (int q = 0; q < nl; q++) {
        float2 want = ref_layered(lp[q].x, lp[q].y, (int)lp[q].w);
        if (!close_to(lout[q].x, want.x) || !close_to(lout[q].y, want.y)) {
            printf("tex2DLayered at (%g, %g) layer %d: got (%g, %g) want (%g, %g)\n", lp[q].x, lp[q].y,
                   (int)lp[q].w, lout[q].x, lout[q].y, want.x, want.y);
            return 1;
        }
    }
    CHECK(cudaDestroyTextureObject(ltex));
    CHECK(cudaFreeArray(larr));

    // A 1-D layered array (height 0): row 0 of each 2-D layer above, linear filtering.
    cudaArray_t l1;
    CHECK(cudaMalloc3DArray(&l1, &cd, make_cudaExtent(W, 0, L), cudaArrayLayered));
    static float rows1[L][W];
    for (int l = 0; l < L; l++)
        for (int x = 0; x < W; x++)
            rows1[l][x] = layers[l][0][x].x;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(rows1, W * sizeof(float), W, 1);
    p.dstArray = l1;
    p.extent = make_cudaExtent(W, 1, L);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    rd.res.array.array = l1;
    CHECK(cudaCreateTextureObject(&ltex, &rd, &td, NULL));
    const int n1 = 16 * L;
    float *d1;
    CHECK(cudaMalloc(&d1, n1 * sizeof(float)));
    fetch_1d_layers<<<1, n1>>>(ltex, d1, n1);
    static float o1[n1];
    CHECK(cudaMemcpy(o1, d1, sizeof o1, cudaMemcpyDeviceToHost));
    for (int q = 0; q < n1; q++) {
        float x = 0.25f * (q % 16) - 0.6f - 0.5f, a = weight(x);
        int i0 = (int)floorf(x), l = q / 16;
        int i = i0 < 0 ? 0 : i0 >= W ? W - 1 : i0, i1 = i0 + 1 < 0 ? 0 : i0 + 1 >= W ? W - 1 : i0 + 1;
        float want = (1 - a) * rows1[l][i] + a * rows1[l][i1];
        if (!close_to(o1[q], want)) {
            printf("tex1DLayered at %g layer %d: got %g want %g\n", x + 0.5f, l, o1[q], want);
            return 1;
        }
    }
    CHECK(cudaDestroyTextureObject(ltex));
    CHECK(cudaFreeArray(l1));
    CHECK(cudaFreeArray(arr));
    printf("ok\n");
    return 0;
}
