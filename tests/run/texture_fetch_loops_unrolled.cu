// Short counted loops of texture fetches, which the translator unrolls so that the thread
// loops around them vectorise (CU2C_UNROLL_FETCHES): a separable convolution over a
// radius-8 window (k from -R to R, clamping at the image's edges), a column sum stepping
// `+= 1` under a guard, a loop of linear fetches, a loop nested in another, one under
// `#pragma unroll` and one written by a macro (both left as written), over an image whose size
// is no multiple of the 16x16 blocks. Checked against the host: point sampling
// reads whole texels (small integers: the sums are exact), linear filtering at a quarter
// texel (weights exact in 1/256).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

#define R 8
#define SUM3(t, x, y, s) for (int k_ = 0; k_ < 3; k_++) s += tex2D<float>(t, x + 0.5f, y + k_ + 0.5f)
#define W 203
#define H 77

__constant__ float weights[2 * R + 1];

__global__ void convolve_rows(cudaTextureObject_t t, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    float s = 0.0f, m = 0.0f;
    for (int k = -R; k <= R; k++)
        s += weights[k + R] * tex2D<float>(t, x + k + 0.5f, y + 0.5f);
#pragma unroll
    for (int k = 0; k < 2; k++)
        s += tex2D<float>(t, x + 0.5f, y - k + 0.5f);
    SUM3(t, x, y, m);
    if (x < W && y < H)
        out[y * W + x] = s + 1000 * m;
}

__global__ void columns_and_linear(cudaTextureObject_t point, cudaTextureObject_t linear, float *col,
                                   float *lin, float *nested) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H) {
        float s = 0.0f;
        for (int k = 0; k < 5; k += 1)
            s += tex2D<float>(point, x + 0.5f, y + k + 0.5f);
        col[y * W + x] = s;
    }
    float l = 0.0f;
    for (unsigned k = 0; k < 3u; ++k)
        l += tex2D<float>(linear, x + k + 0.75f, y + 0.25f);
    float n = 0.0f;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            n += (i + 1) * tex2D<float>(point, x + j - 1 + 0.5f, y + i - 1 + 0.5f);
    if (x < W && y < H) {
        lin[y * W + x] = l;
        nested[y * W + x] = n;
    }
}

static std::vector<float> img(W * H);
static float texel(int i, int j) {
    i = i < 0 ? 0 : i >= W ? W - 1 : i;
    j = j < 0 ? 0 : j >= H ? H - 1 : j;
    return img[j * W + i];
}

static int compare(const char *what, const std::vector<float> &got, const std::vector<double> &want, double tol) {
    for (int i = 0; i < W * H; i++)
        if (fabs(got[i] - want[i]) > tol * (1 + fabs(want[i]))) {
            printf("%s: (%d, %d) = %.6f, want %.6f\n", what, i % W, i / W, got[i], want[i]);
            return 1;
        }
    return 0;
}

int main() {
    for (int j = 0; j < H; j++)
        for (int i = 0; i < W; i++)
            img[j * W + i] = (float)((i * 7 + j * 13) % 32);
    float hw[2 * R + 1];
    for (int k = 0; k <= 2 * R; k++)
        hw[k] = (float)(k % 5 + 1);
    CHECK(cudaMemcpyToSymbol(weights, hw, sizeof hw));

    cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    CHECK(cudaMallocArray(&arr, &cd, W, H));
    CHECK(cudaMemcpy2DToArray(arr, 0, 0, img.data(), W * sizeof(float), W * sizeof(float), H,
                              cudaMemcpyHostToDevice));
    cudaTextureObject_t tex[2];
    for (int f = 0; f < 2; f++) {
        cudaResourceDesc rd = {};
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = arr;
        cudaTextureDesc td = {};
        td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
        td.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
        td.readMode = cudaReadModeElementType;
        CHECK(cudaCreateTextureObject(&tex[f], &rd, &td, NULL));
    }
    float *d[4];
    for (int i = 0; i < 4; i++)
        CHECK(cudaMalloc(&d[i], W * H * sizeof(float)));
    dim3 block(16, 16), grid((W + 15) / 16, (H + 15) / 16);
    convolve_rows<<<grid, block>>>(tex[0], d[0]);
    columns_and_linear<<<grid, block>>>(tex[0], tex[1], d[1], d[2], d[3]);
    CHECK(cudaDeviceSynchronize());

    std::vector<float> got[4];
    for (int i = 0; i < 4; i++) {
        got[i].resize(W * H);
        CHECK(cudaMemcpy(got[i].data(), d[i], W * H * sizeof(float), cudaMemcpyDeviceToHost));
    }
    std::vector<double> rows(W * H), cols(W * H), lin(W * H), nested(W * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double s = 0, c = 0, l = 0, n = 0;
            for (int k = -R; k <= R; k++)
                s += hw[k + R] * texel(x + k, y);
            s += texel(x, y) + texel(x, y - 1) + 1000.0 * (texel(x, y) + texel(x, y + 1) + texel(x, y + 2));
            for (int k = 0; k < 5; k++)
                c += texel(x, y + k);
            // x + k + 0.75 - 0.5: weight 0.25 on i + 1; y + 0.25 - 0.5: weight 0.75 on j
            for (int k = 0; k < 3; k++) {
                int i = x + k, j = y - 1;
                l += 0.75 * 0.25 * texel(i, j) + 0.25 * 0.25 * texel(i + 1, j) +
                     0.75 * 0.75 * texel(i, j + 1) + 0.25 * 0.75 * texel(i + 1, j + 1);
            }
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    n += (i + 1) * texel(x + j - 1, y + i - 1);
            rows[y * W + x] = s, cols[y * W + x] = c, lin[y * W + x] = l, nested[y * W + x] = n;
        }
    if (compare("convolve_rows", got[0], rows, 0) || compare("column sums", got[1], cols, 0) ||
        compare("linear", got[2], lin, 1e-5) || compare("nested", got[3], nested, 0))
        return 1;
    printf("ok\n");
    return 0;
}
