// Texture references, as programs written before CUDA 12 use them (nvcc 12 and later reject
// this file: texture<> and cudaBindTexture* were removed; cu2c still runs it):
// texture<float, 1> bound to linear memory with cudaBindTexture and read with tex1Dfetch;
// texture<float, 2> bound to pitched memory with cudaBindTexture2D, its filter mode changed
// after binding (applies to the next launch, as in CUDA); texture<uchar4, 2,
// cudaReadModeNormalizedFloat> bound to a CUDA array with cudaBindTextureToArray, read with
// normalised coordinates, wrap and bilinear filtering (weights rounded to 1/256); rebinding
// and unbinding. The toolkit headers older programs include for textures are there.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <cuda_texture_types.h>       // older programs include these explicitly
#include <texture_fetch_functions.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

texture<float, 1, cudaReadModeElementType> lin;
texture<float, 2> plane;
texture<uchar4, 2, cudaReadModeNormalizedFloat> image;

__global__ void fetch_lin(float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch(lin, i - 3) * 2.0f;
}

__global__ void fetch_plane(const float2 *xy, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2D(plane, xy[i].x, xy[i].y);
}

__global__ void fetch_image(const float2 *xy, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2D(image, xy[i].x, xy[i].y);
}

static float wq(float c) { return floorf((c - floorf(c)) * 256.0f + 0.5f) / 256.0f; }

int main() {
    // tex1Dfetch over cudaBindTexture: indices outside the bound range read zero.
    const int N = 100;
    float h[N];
    for (int i = 0; i < N; i++)
        h[i] = i * 1.5f - 20.0f;
    float *d, *dout;
    CHECK(cudaMalloc(&d, sizeof h));
    CHECK(cudaMalloc(&dout, 128 * sizeof(float)));
    CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    size_t offset = 123;
    CHECK(cudaBindTexture(&offset, lin, d, N * sizeof(float)));
    if (offset != 0) { printf("offset %zu\n", offset); return 1; }
    fetch_lin<<<4, 32>>>(dout, 128);
    float out[128];
    CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 128; i++) {
        int x = i - 3;
        float want = x >= 0 && x < N ? h[x] * 2.0f : 0.0f;
        if (out[i] != want) { printf("tex1Dfetch(%d): %g want %g\n", x, out[i], want); return 1; }
    }
    // Rebound to the second half only (size defaults to the whole allocation: bind a slice).
    CHECK(cudaBindTexture(&offset, lin, d + 50, cudaCreateChannelDesc<float>(), 10 * sizeof(float)));
    fetch_lin<<<4, 32>>>(dout, 128);
    CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 128; i++) {
        int x = i - 3;
        float want = x >= 0 && x < 10 ? h[50 + x] * 2.0f : 0.0f;
        if (out[i] != want) { printf("rebound tex1Dfetch(%d): %g want %g\n", x, out[i], want); return 1; }
    }
    CHECK(cudaUnbindTexture(lin));

    // tex2D over cudaBindTexture2D: point filtering, then linear set after binding.
    const int W = 6, H = 5;
    float img[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            img[y][x] = x * 4.0f + y * 30.0f + (x == y ? 9.0f : 0.0f);
    float *pitched;
    size_t pitch;
    CHECK(cudaMallocPitch(&pitched, &pitch, W * sizeof(float), H));
    CHECK(cudaMemcpy2D(pitched, pitch, img, sizeof img[0], W * sizeof(float), H, cudaMemcpyHostToDevice));
    plane.addressMode[0] = plane.addressMode[1] = cudaAddressModeClamp;
    plane.filterMode = cudaFilterModePoint;
    plane.normalized = false;
    CHECK(cudaBindTexture2D(&offset, plane, pitched, plane.channelDesc, W, H, pitch));
    const int n = 10 * 8;
    float2 xy[n];
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 10; i++)
            xy[j * 10 + i] = make_float2(-0.6f + i * 0.71f, -0.4f + j * 0.77f);
    float2 *dxy;
    CHECK(cudaMalloc(&dxy, sizeof xy));
    CHECK(cudaMemcpy(dxy, xy, sizeof xy, cudaMemcpyHostToDevice));
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            plane.filterMode = cudaFilterModeLinear;
        fetch_plane<<<(n + 31) / 32, 32>>>(dxy, dout, n);
        CHECK(cudaMemcpy(out, dout, n * sizeof(float), cudaMemcpyDeviceToHost));
        for (int k = 0; k < n; k++) {
            float x = xy[k].x, y = xy[k].y, want = 0;
            if (pass == 0) {
                int i = (int)floorf(x), j = (int)floorf(y);
                want = img[j < 0 ? 0 : j >= H ? H - 1 : j][i < 0 ? 0 : i >= W ? W - 1 : i];
            } else {
                float xb = x - 0.5f, yb = y - 0.5f, a = wq(xb), b = wq(yb);
                int i0 = (int)floorf(xb), j0 = (int)floorf(yb);
                for (int dj = 0; dj <= 1; dj++)
                    for (int di = 0; di <= 1; di++) {
                        int i = i0 + di < 0 ? 0 : i0 + di >= W ? W - 1 : i0 + di;
                        int j = j0 + dj < 0 ? 0 : j0 + dj >= H ? H - 1 : j0 + dj;
                        want += (di ? a : 1 - a) * (dj ? b : 1 - b) * img[j][i];
                    }
            }
            if (fabsf(out[k] - want) > 1e-4f) {
                printf("tex2D pass %d at (%g, %g): %g want %g\n", pass, x, y, out[k], want);
                return 1;
            }
        }
    }
    CHECK(cudaUnbindTexture(plane));

    // A uchar4 array read as normalised float4, with normalised coordinates and wrap.
    uchar4 pix[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            pix[y][x] = make_uchar4(x * 50, y * 60, (x + y) * 20, 255 - x * y * 10);
    cudaChannelFormatDesc c4 = cudaCreateChannelDesc<uchar4>();
    cudaArray_t arr;
    CHECK(cudaMallocArray(&arr, &c4, W, H));
    CHECK(cudaMemcpyToArray(arr, 0, 0, pix, sizeof pix, cudaMemcpyHostToDevice));
    image.normalized = true;
    image.filterMode = cudaFilterModeLinear;
    image.addressMode[0] = image.addressMode[1] = cudaAddressModeWrap;
    CHECK(cudaBindTextureToArray(image, arr));
    float2 nxy[n];
    for (int k = 0; k < n; k++)
        nxy[k] = make_float2(xy[k].x / W * 1.7f, xy[k].y / H * 1.3f);
    CHECK(cudaMemcpy(dxy, nxy, sizeof nxy, cudaMemcpyHostToDevice));
    float4 *d4;
    CHECK(cudaMalloc(&d4, n * sizeof(float4)));
    fetch_image<<<(n + 31) / 32, 32>>>(dxy, d4, n);
    float4 o4[n];
    CHECK(cudaMemcpy(o4, d4, sizeof o4, cudaMemcpyDeviceToHost));
    for (int k = 0; k < n; k++) {
        float xb = nxy[k].x * W - 0.5f, yb = nxy[k].y * H - 0.5f, a = wq(xb), b = wq(yb);
        int i0 = (int)floorf(xb), j0 = (int)floorf(yb);
        float want[4] = {0, 0, 0, 0};
        for (int dj = 0; dj <= 1; dj++)
            for (int di = 0; di <= 1; di++) {
                int i = ((i0 + di) % W + W) % W, j = ((j0 + dj) % H + H) % H;
                float w = (di ? a : 1 - a) * (dj ? b : 1 - b);
                want[0] += w * pix[j][i].x / 255.0f;
                want[1] += w * pix[j][i].y / 255.0f;
                want[2] += w * pix[j][i].z / 255.0f;
                want[3] += w * pix[j][i].w / 255.0f;
            }
        float got[4] = {o4[k].x, o4[k].y, o4[k].z, o4[k].w};
        for (int c = 0; c < 4; c++)
            if (fabsf(got[c] - want[c]) > 1e-5f) {
                printf("image at (%g, %g) channel %d: %g want %g\n", nxy[k].x, nxy[k].y, c, got[c], want[c]);
                return 1;
            }
    }
    CHECK(cudaUnbindTexture(image));
    CHECK(cudaFreeArray(arr));
    printf("ok\n");
    return 0;
}
