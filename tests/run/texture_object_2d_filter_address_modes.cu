// Texture objects over a 2-D CUDA array (cudaMemcpy2DToArray) and over pitched linear memory
// (cudaResourceTypePitch2D): tex2D<float> with point and linear filtering, unnormalised and
// normalised coordinates, each address mode (wrap and mirror normalised only; unnormalised
// they clamp), against a host reference that follows the programming guide's "Texture
// Fetching" appendix, linear weights rounded to 1/256 as the GPU does. Hand-computed values
// on a 1-D array pin the semantics down independently of the reference.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void fetch2d(cudaTextureObject_t t, const float2 *xy, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex2D<float>(t, xy[i].x, xy[i].y);
}

__global__ void fetch1d(cudaTextureObject_t t, const float *x, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1D<float>(t, x[i]);
}

// ---- host reference ----
static int ref_index(int i, int n, cudaTextureAddressMode m) {
    if (i >= 0 && i < n) return i;
    if (m == cudaAddressModeWrap) return ((i % n) + n) % n;
    if (m == cudaAddressModeMirror) { int p = ((i % (2 * n)) + 2 * n) % (2 * n); return p < n ? p : 2 * n - 1 - p; }
    if (m == cudaAddressModeBorder) return -1;
    return i < 0 ? 0 : n - 1;
}
static float ref_texel(const float *img, int w, int h, int i, int j, const cudaTextureDesc &d) {
    cudaTextureAddressMode mx = d.addressMode[0], my = d.addressMode[1];
    if (!d.normalizedCoords) {   // wrap and mirror need normalised coordinates
        if (mx == cudaAddressModeWrap || mx == cudaAddressModeMirror) mx = cudaAddressModeClamp;
        if (my == cudaAddressModeWrap || my == cudaAddressModeMirror) my = cudaAddressModeClamp;
    }
    i = ref_index(i, w, mx);
    j = ref_index(j, h, my);
    return i < 0 || j < 0 ? d.borderColor[0] : img[j * w + i];
}
static float ref_tex2d(const float *img, int w, int h, float x, float y, const cudaTextureDesc &d) {
    if (d.normalizedCoords) { x *= w; y *= h; }
    if (d.filterMode == cudaFilterModePoint)
        return ref_texel(img, w, h, (int)floorf(x), (int)floorf(y), d);
    float xb = x - 0.5f, yb = y - 0.5f;
    int i = (int)floorf(xb), j = (int)floorf(yb);
    float a = floorf((xb - floorf(xb)) * 256.0f + 0.5f) / 256.0f;   // 8 fractional bits
    float b = floorf((yb - floorf(yb)) * 256.0f + 0.5f) / 256.0f;
    return (1 - a) * (1 - b) * ref_texel(img, w, h, i, j, d) + a * (1 - b) * ref_texel(img, w, h, i + 1, j, d) +
           (1 - a) * b * ref_texel(img, w, h, i, j + 1, d) + a * b * ref_texel(img, w, h, i + 1, j + 1, d);
}

static bool close_to(float got, float want) {
    return fabsf(got - want) <= 1e-4f * fmaxf(1.0f, fabsf(want));
}

int main() {
    const int W = 7, H = 5;
    float img[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            img[y][x] = x * 10.0f + y * 100.0f + (float)((x * 7 + y * 3) % 5);

    // Coordinates: texel centres, edges, fractions that round differently in 1/256 steps,
    // and points outside the texture on every side.
    const float fx[] = {-2.3f, -0.6f, -0.5f, 0.0f, 0.3f, 0.5f, 1.01f, 1.3f, 2.75f, 3.999f, 5.5f, 6.2f, 6.5f, 7.0f, 8.4f, 15.3f};
    const float fy[] = {-1.2f, 0.0f, 0.45f, 1.7f, 2.5f, 4.2f, 4.9f, 6.1f};
    const int nx = sizeof fx / sizeof *fx, ny = sizeof fy / sizeof *fy, n = nx * ny;
    float2 xy[n], xyn[n];
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            xy[j * nx + i] = make_float2(fx[i], fy[j]);
            xyn[j * nx + i] = make_float2(fx[i] / W, fy[j] / H);
        }
    float2 *dxy, *dxyn;
    float *dout;
    CHECK(cudaMalloc(&dxy, sizeof xy));
    CHECK(cudaMalloc(&dxyn, sizeof xyn));
    CHECK(cudaMalloc(&dout, n * sizeof(float)));
    CHECK(cudaMemcpy(dxy, xy, sizeof xy, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dxyn, xyn, sizeof xyn, cudaMemcpyHostToDevice));

    // The CUDA array, filled row by row from a padded host image.
    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    if (cd.x != 32 || cd.y != 0 || cd.f != cudaChannelFormatKindFloat) { printf("channel desc\n"); return 1; }
    cudaArray_t arr;
    CHECK(cudaMallocArray(&arr, &cd, W, H));
    float padded[H][W + 3];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W + 3; x++)
            padded[y][x] = x < W ? img[y][x] : -1.0f;
    CHECK(cudaMemcpy2DToArray(arr, 0, 0, padded, sizeof padded[0], W * sizeof(float), H, cudaMemcpyHostToDevice));
    float back[H][W];
    CHECK(cudaMemcpy2DFromArray(back, sizeof back[0], arr, 0, 0, W * sizeof(float), H, cudaMemcpyDeviceToHost));
    if (memcmp(back, img, sizeof img) != 0) { printf("cudaMemcpy2DFromArray\n"); return 1; }

    // The same image in pitched memory.
    float *pitched;
    size_t pitch;
    CHECK(cudaMallocPitch(&pitched, &pitch, W * sizeof(float), H));
    CHECK(cudaMemcpy2D(pitched, pitch, img, sizeof img[0], W * sizeof(float), H, cudaMemcpyHostToDevice));

    const cudaTextureAddressMode modes[] = {cudaAddressModeWrap, cudaAddressModeClamp, cudaAddressModeMirror, cudaAddressModeBorder};
    int checked = 0;
    for (int res = 0; res < 2; res++)
        for (int norm = 0; norm < 2; norm++)
            for (int m = 0; m < 4; m++)
                for (int f = 0; f < 2; f++) {
                    cudaResourceDesc rd;
                    memset(&rd, 0, sizeof rd);
                    if (res == 0) {
                        rd.resType = cudaResourceTypeArray;
                        rd.res.array.array = arr;
                    } else {
                        rd.resType = cudaResourceTypePitch2D;
                        rd.res.pitch2D.devPtr = pitched;
                        rd.res.pitch2D.desc = cd;
                        rd.res.pitch2D.width = W;
                        rd.res.pitch2D.height = H;
                        rd.res.pitch2D.pitchInBytes = pitch;
                    }
                    cudaTextureDesc td;
                    memset(&td, 0, sizeof td);
                    td.addressMode[0] = td.addressMode[1] = modes[m];
                    td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
                    td.readMode = cudaReadModeElementType;
                    td.normalizedCoords = norm;
                    td.borderColor[0] = 7.5f;
                    cudaTextureObject_t tex;
                    CHECK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
                    fetch2d<<<(n + 31) / 32, 32>>>(tex, norm ? dxyn : dxy, dout, n);
                    CHECK(cudaGetLastError());
                    float out[n];
                    CHECK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
                    for (int k = 0; k < n; k++) {
                        float2 c = norm ? xyn[k] : xy[k];
                        float want = ref_tex2d(&img[0][0], W, H, c.x, c.y, td);
                        if (!close_to(out[k], want)) {
                            printf("%s norm=%d mode=%d filter=%d at (%g, %g): got %.7g want %.7g\n",
                                   res ? "pitch2D" : "array", norm, (int)modes[m], f, c.x, c.y, out[k], want);
                            return 1;
                        }
                        checked++;
                    }
                    CHECK(cudaDestroyTextureObject(tex));
                }

    // A 1-D array 0, 10, 20, 30 (cudaMemcpyToArray), values worked out by hand.
    const float line[4] = {0, 10, 20, 30};
    cudaArray_t arr1;
    CHECK(cudaMallocArray(&arr1, &cd, 4));
    CHECK(cudaMemcpyToArray(arr1, 0, 0, line, sizeof line, cudaMemcpyHostToDevice));
    struct Case { int norm, filter; cudaTextureAddressMode mode; float x, want; };
    const Case cases[] = {
        {0, 1, cudaAddressModeClamp, 1.3f, 8.0078125f},    // xB 0.8: alpha 205/256, not 0.8
        {0, 1, cudaAddressModeClamp, 1.7f, 11.9921875f},   // alpha 51/256
        {0, 1, cudaAddressModeClamp, 2.0f, 15.0f},
        {0, 1, cudaAddressModeClamp, -3.0f, 0.0f},
        {0, 1, cudaAddressModeBorder, 0.25f, 0.0f},        // 0.75 * border 0 + 0.25 * 0
        {0, 1, cudaAddressModeBorder, 4.0f, 15.0f},        // half of texel 3, half border
        {0, 0, cudaAddressModeWrap, 5.5f, 30.0f},          // unnormalised wrap clamps
        {1, 1, cudaAddressModeWrap, 0.0f, 15.0f},          // blends texel 3 with texel 0
        {1, 0, cudaAddressModeWrap, 1.3f, 10.0f},
        {1, 0, cudaAddressModeMirror, -0.1f, 0.0f},
        {1, 0, cudaAddressModeMirror, 1.1f, 30.0f},
        {1, 0, cudaAddressModeMirror, 1.3f, 20.0f},
        {1, 1, cudaAddressModeMirror, 1.0f, 30.0f},
        {1, 0, cudaAddressModeClamp, 0.99f, 30.0f},
    };
    const int nc = sizeof cases / sizeof *cases;
    float *dx, *d1;
    CHECK(cudaMalloc(&dx, sizeof(float)));
    CHECK(cudaMalloc(&d1, sizeof(float)));
    for (int k = 0; k < nc; k++) {
        cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = arr1;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.addressMode[0] = cases[k].mode;
        td.filterMode = cases[k].filter ? cudaFilterModeLinear : cudaFilterModePoint;
        td.normalizedCoords = cases[k].norm;
        cudaTextureObject_t tex;
        CHECK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
        CHECK(cudaMemcpy(dx, &cases[k].x, sizeof(float), cudaMemcpyHostToDevice));
        fetch1d<<<1, 1>>>(tex, dx, d1, 1);
        float got;
        CHECK(cudaMemcpy(&got, d1, sizeof got, cudaMemcpyDeviceToHost));
        if (got != cases[k].want) {
            printf("1-D case %d (x %g): got %.9g want %.9g\n", k, cases[k].x, got, cases[k].want);
            return 1;
        }
        CHECK(cudaDestroyTextureObject(tex));
    }

    CHECK(cudaFreeArray(arr));
    CHECK(cudaFreeArray(arr1));
    CHECK(cudaFree(pitched));
    printf("ok: %d 2-D fetches, %d 1-D cases\n", checked, nc);
    return 0;
}
