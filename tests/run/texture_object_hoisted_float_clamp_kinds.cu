// Float textures that clamp, fetched through texture-object parameters that the kernels only
// fetch through (the translator hoists them; cu2c/texture_hoisted.h samples them without
// floorf or branches, from a block's precomputed strides): 1, 2 and 4 channels, 1-D, 2-D,
// 3-D and layered arrays, point and linear filtering, unnormalised and normalised
// coordinates, coordinates far outside, on texel edges, at 2^23 and beyond, and -0; a loop of
// fetches summed per thread as well as single fetches. Checked against a host reference that
// follows the programming guide's "Texture Fetching" appendix (weights rounded to 1/256).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

#define STEPS 8   // fetches summed per thread by sum2d

__global__ void fetch1d4(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1D<float4>(t, c[i].x);
}
__global__ void fetch2d1(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = make_float4(tex2D<float>(t, c[i].x, c[i].y), 0, 0, 0);
}
__global__ void sum2d(cudaTextureObject_t t, const float4 *c, float4 *out, int n, float dx) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float s = 0.0f;
    for (int k = 0; k < STEPS; k++)
        s += tex2D<float>(t, c[i].x + k * dx, c[i].y);
    out[i] = make_float4(s, 0, 0, 0);
}
__global__ void fetch3d2(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 v = tex3D<float2>(t, c[i].x, c[i].y, c[i].z);
        out[i] = make_float4(v.x, v.y, 0, 0);
    }
}
__global__ void fetch2dlayered1(cudaTextureObject_t t, const float4 *c, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = make_float4(tex2DLayered<float>(t, c[i].x, c[i].y, (int)c[i].w), 0, 0, 0);
}

// ---- host reference (clamp addressing) ----
struct Image { std::vector<float> v; int w, h, d, ch; };   // d: depth or layers
static float texel(const Image &im, int i, int j, int k, int c) {
    i = i < 0 ? 0 : i >= im.w ? im.w - 1 : i;
    j = j < 0 ? 0 : j >= im.h ? im.h - 1 : j;
    k = k < 0 ? 0 : k >= im.d ? im.d - 1 : k;
    return im.v[(((size_t)k * im.h + j) * im.w + i) * im.ch + c];
}
static int floor_index(float u) {   // floor, clamped far outside any texture
    float f = floorf(u);
    return f < -4.0f ? -4 : f > 1e6f ? 1000000 : (int)f;
}
static float weight(float u) { return floorf((u - floorf(u)) * 256.0f + 0.5f) / 256.0f; }
// Channel c at (x, y, z) over dims dimensions; layer (if layered) selects the slice.
static float ref(const Image &im, int dims, int layered, int layer, bool linear, bool norm, float x, float y,
                 float z, int c) {
    int size[3] = {im.w, im.h, im.d};
    float u[3] = {x, y, z};
    for (int d = 0; d < dims; d++)
        if (norm) u[d] *= size[d];
    int k0 = layered ? layer : 0;
    if (!linear) {
        int i = floor_index(u[0]), j = dims > 1 ? floor_index(u[1]) : 0;
        return texel(im, i, j, dims > 2 ? floor_index(u[2]) : k0, c);
    }
    int lo[3] = {0, 0, k0};
    float a[3] = {0, 0, 0};
    for (int d = 0; d < dims; d++) {
        lo[d] = floor_index(u[d] - 0.5f);
        a[d] = weight(u[d] - 0.5f);
    }
    double s = 0;
    for (int corner = 0; corner < 1 << dims; corner++) {
        double w = 1;
        int idx[3] = {lo[0], lo[1], lo[2]};
        for (int d = 0; d < dims; d++) {
            int hi = corner >> d & 1;
            w *= hi ? a[d] : 1 - a[d];
            idx[d] += hi;
        }
        s += w * texel(im, idx[0], idx[1], idx[2], c);
    }
    return (float)s;
}
static bool close_to(float got, float want) {
    return fabsf(got - want) <= 1e-4f * fmaxf(1.0f, fabsf(want));
}

int main() {
    const float special[] = {-1e30f, -8388609.0f, -3.2f, -1.0f, -0.5f, -0.0f, 0.0f, 0.25f, 0.5f, 0.999f, 1.0f,
                             1.5f, 2.75f, 3.0039062f, 4.2f, 5.5f, 6.0f, 7.49f, 8388607.5f, 8388608.0f, 16777216.0f, 1e30f};
    const int ns = sizeof special / sizeof *special, n = 600;
    std::vector<float4> coords(n);
    unsigned seed = 12345;
    for (int i = 0; i < n; i++) {
        float v[4];
        for (int d = 0; d < 4; d++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 8;
            v[d] = r % 3 == 0 ? special[r / 3 % ns] : (float)((int)(r % 4096) - 1024) / 256.0f;
        }
        seed = seed * 1103515245u + 12345u;
        v[3] = (float)((int)(seed >> 16) % 7 - 2);   // a layer, some outside
        coords[i] = make_float4(v[0], v[1], v[2], v[3]);
    }
    float4 *dc, *dout;
    CHECK(cudaMalloc(&dc, n * sizeof(float4)));
    CHECK(cudaMalloc(&dout, n * sizeof(float4)));
    std::vector<float4> out(n);
    int checked = 0;

    // shape: kernel, dims, layered, channels, w, h, d
    struct Shape { int kernel, dims, layered, ch, w, h, d; };
    const Shape shapes[] = {{0, 1, 0, 4, 9, 1, 1}, {1, 2, 0, 1, 7, 5, 1}, {2, 2, 0, 1, 7, 5, 1},
                            {3, 3, 0, 2, 5, 4, 3}, {4, 2, 1, 1, 6, 3, 4}};
    for (const Shape &s : shapes) {
        Image im{std::vector<float>((size_t)s.w * s.h * s.d * s.ch), s.w, s.h, s.d, s.ch};
        for (size_t i = 0; i < im.v.size(); i++)
            im.v[i] = (float)((i * 37) % 101) - 50.0f + (float)(i % 3) * 0.25f;
        cudaChannelFormatDesc cd = s.ch == 1 ? cudaCreateChannelDesc<float>()
                                 : s.ch == 2 ? cudaCreateChannelDesc<float2>() : cudaCreateChannelDesc<float4>();
        cudaArray_t arr;
        cudaExtent ext = make_cudaExtent(s.w, s.dims > 1 ? s.h : 0, s.dims > 2 || s.layered ? s.d : 0);
        CHECK(cudaMalloc3DArray(&arr, &cd, ext, s.layered ? cudaArrayLayered : 0));
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr(im.v.data(), s.w * s.ch * sizeof(float), s.w, s.h);
        p.dstArray = arr;
        p.extent = make_cudaExtent(s.w, s.h, s.d);
        p.kind = cudaMemcpyHostToDevice;
        CHECK(cudaMemcpy3D(&p));
        for (int norm = 0; norm < 2; norm++)
            for (int linear = 0; linear < 2; linear++) {
                std::vector<float4> c = coords;
                if (norm)
                    for (float4 &v : c) {
                        v.x /= s.w;
                        v.y /= s.h;
                        v.z /= s.d;
                    }
                CHECK(cudaMemcpy(dc, c.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
                cudaResourceDesc rd;
                memset(&rd, 0, sizeof rd);
                rd.resType = cudaResourceTypeArray;
                rd.res.array.array = arr;
                cudaTextureDesc td;
                memset(&td, 0, sizeof td);
                td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
                td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
                td.readMode = cudaReadModeElementType;
                td.normalizedCoords = norm;
                cudaTextureObject_t tex;
                CHECK(cudaCreateTextureObject(&tex, &rd, &td, NULL));
                float dx = norm ? 0.046875f : 0.375f;   // k * dx exact, with or without FMA
                switch (s.kernel) {
                case 0: fetch1d4<<<(n + 63) / 64, 64>>>(tex, dc, dout, n); break;
                case 1: fetch2d1<<<(n + 63) / 64, 64>>>(tex, dc, dout, n); break;
                case 2: sum2d<<<(n + 63) / 64, 64>>>(tex, dc, dout, n, dx); break;
                case 3: fetch3d2<<<(n + 63) / 64, 64>>>(tex, dc, dout, n); break;
                default: fetch2dlayered1<<<(n + 63) / 64, 64>>>(tex, dc, dout, n); break;
                }
                CHECK(cudaGetLastError());
                CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float4), cudaMemcpyDeviceToHost));
                for (int i = 0; i < n; i++) {
                    const float4 &v = c[i];
                    float got[4] = {out[i].x, out[i].y, out[i].z, out[i].w};
                    int nres = s.kernel == 0 ? 4 : s.kernel == 3 ? 2 : 1;
                    for (int ch = 0; ch < nres; ch++) {
                        float want;
                        if (s.kernel == 2) {
                            float sum = 0.0f;
                            for (int k = 0; k < STEPS; k++)
                                sum += ref(im, 2, 0, 0, linear, norm, v.x + k * dx, v.y, 0, 0);
                            want = sum;
                        } else {
                            want = ref(im, s.dims, s.layered, (int)v.w, linear, norm, v.x, v.y, v.z, ch);
                        }
                        if (!close_to(got[ch], want)) {
                            printf("kernel %d norm=%d linear=%d at (%g, %g, %g, layer %d) channel %d: got %.7g want %.7g\n",
                                   s.kernel, norm, linear, v.x, v.y, v.z, (int)v.w, ch, got[ch], want);
                            return 1;
                        }
                        checked++;
                    }
                }
                CHECK(cudaDestroyTextureObject(tex));
            }
        CHECK(cudaFreeArray(arr));
    }
    printf("%d fetches checked\n", checked);
    return 0;
}
