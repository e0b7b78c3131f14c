// Linear filtering of one-channel float textures that clamp reads each row's two texels along x
// in one 64-bit read when the kernel's texture parameter is hoisted (cu2c/texture_hoisted.h,
// CU2C_TEX_LINEAR_F32_ONE): the pair stays inside the row, and below or past the row both
// texels are taken from its first or second half. It must give the same bits as the texel by
// texel path, which a two-channel texture holding the same image in both channels takes.
// Widths 1 (not paired), 2, 3 and 33; 1-D, 2-D, 3-D and layered; normalised and not;
// coordinates on and around both edges, far outside, at 2^23, infinities and NaN; fetches in
// branches and in straight-line, vectorised thread loops.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

// hoisted: t is named only as the fetches' texture
__global__ void hoisted(cudaTextureObject_t t, int dims, int layered, const float4 *c, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 v = c[i];
    float r;
    if (layered)
        r = dims == 1 ? tex1DLayered<float>(t, v.x, (int)v.w) : tex2DLayered<float>(t, v.x, v.y, (int)v.w);
    else
        r = dims == 1 ? tex1D<float>(t, v.x) : dims == 2 ? tex2D<float>(t, v.x, v.y) : tex3D<float>(t, v.x, v.y, v.z);
    out[i] = r;
}
// straight-line fetches every thread makes (n a multiple of the block): a vectorised loop
__global__ void hoisted_2d(cudaTextureObject_t t, const float4 *c, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex2D<float>(t, c[i].x, c[i].y) + tex2D<float>(t, c[i].x + 0.75f, c[i].y);
}
__global__ void hoisted_1d(cudaTextureObject_t t, const float4 *c, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex1D<float>(t, c[i].x);
}
// the same fetches of channel x from a two-channel texture: texel by texel
__global__ void pairless(cudaTextureObject_t t, int dims, int layered, const float4 *c, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 v = c[i];
    float2 r;
    if (layered)
        r = dims == 1 ? tex1DLayered<float2>(t, v.x, (int)v.w) : tex2DLayered<float2>(t, v.x, v.y, (int)v.w);
    else
        r = dims == 1 ? tex1D<float2>(t, v.x) : dims == 2 ? tex2D<float2>(t, v.x, v.y) : tex3D<float2>(t, v.x, v.y, v.z);
    out[i] = r.x;
}
__global__ void pairless_2d(cudaTextureObject_t t, const float4 *c, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex2D<float2>(t, c[i].x, c[i].y).x + tex2D<float2>(t, c[i].x + 0.75f, c[i].y).x;
}
__global__ void pairless_1d(cudaTextureObject_t t, const float4 *c, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = tex1D<float2>(t, c[i].x).x;
}

static bool same(float a, float b) {
    return (std::isnan(a) && std::isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

int main() {
    const float special[] = {-INFINITY, -1e30f, -8388609.0f, -1.5f, -1.0f, -0.5f, -0.25f, -0.0f, 0.0f, 0.25f,
                             0.5f, 0.75f, 1.0f, 1.25f, 1.5f, 1.75f, 2.0f, 2.5f, 2.75f, 3.0f, 3.5f, 32.5f,
                             33.0f, 33.5f, 34.0f, 8388607.5f, 8388608.0f, 16777216.0f, 1e30f, INFINITY, NAN};
    const int ns = sizeof special / sizeof *special, n = 1024;
    std::vector<float4> coords(n);
    unsigned seed = 777;
    for (int i = 0; i < n; i++) {
        float v[4];
        for (int d = 0; d < 3; d++) {
            seed = seed * 1103515245u + 12345u;
            unsigned r = seed >> 8;
            v[d] = r % 2 ? special[r / 2 % ns] : (float)((int)(r % 12000) - 2000) / 256.0f;
        }
        seed = seed * 1103515245u + 12345u;
        v[3] = (float)((int)(seed >> 16) % 6 - 1);   // a layer, some outside
        coords[i] = make_float4(v[0], v[1], v[2], v[3]);
    }
    float4 *dc;
    float *dh, *dg;
    CHECK(cudaMalloc(&dc, n * sizeof(float4)));
    CHECK(cudaMalloc(&dh, n * sizeof(float)));
    CHECK(cudaMalloc(&dg, n * sizeof(float)));
    std::vector<float> h(n), g(n);
    int checked = 0;

    struct Shape { int dims, layered, w, h, d; };
    const Shape shapes[] = {{1, 0, 2, 1, 1}, {1, 0, 33, 1, 1}, {2, 0, 1, 4, 1}, {2, 0, 2, 3, 1}, {2, 0, 3, 5, 1},
                            {2, 0, 33, 7, 1}, {3, 0, 2, 3, 4}, {3, 0, 5, 2, 3}, {1, 1, 3, 1, 4}, {2, 1, 2, 3, 3}};
    for (const Shape &s : shapes) {
        // the image in one channel, and in both channels of the second array
        std::vector<float> im((size_t)s.w * s.h * s.d), im2(2 * im.size());
        for (size_t i = 0; i < im.size(); i++)
            im[i] = im2[2 * i] = im2[2 * i + 1] = (float)((i * 37) % 101) * 0.37f - 17.0f;
        cudaArray_t arr[2];
        cudaTextureObject_t tex[2][2];   // [channels - 1][normalised]
        for (int ch = 0; ch < 2; ch++) {
            cudaChannelFormatDesc cd = ch ? cudaCreateChannelDesc<float2>() : cudaCreateChannelDesc<float>();
            cudaExtent ext = make_cudaExtent(s.w, s.dims > 1 ? s.h : 0, s.dims > 2 || s.layered ? s.d : 0);
            CHECK(cudaMalloc3DArray(&arr[ch], &cd, ext, s.layered ? cudaArrayLayered : 0));
            cudaMemcpy3DParms p = {};
            p.srcPtr = make_cudaPitchedPtr(ch ? im2.data() : im.data(), s.w * (ch + 1) * sizeof(float), s.w, s.h);
            p.dstArray = arr[ch];
            p.extent = make_cudaExtent(s.w, s.h, s.d);
            p.kind = cudaMemcpyHostToDevice;
            CHECK(cudaMemcpy3D(&p));
            for (int norm = 0; norm < 2; norm++) {
                cudaResourceDesc rd;
                memset(&rd, 0, sizeof rd);
                rd.resType = cudaResourceTypeArray;
                rd.res.array.array = arr[ch];
                cudaTextureDesc td;
                memset(&td, 0, sizeof td);
                td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
                td.filterMode = cudaFilterModeLinear;
                td.readMode = cudaReadModeElementType;
                td.normalizedCoords = norm;
                CHECK(cudaCreateTextureObject(&tex[ch][norm], &rd, &td, NULL));
            }
        }
        for (int norm = 0; norm < 2; norm++) {
            std::vector<float4> c = coords;
            if (norm)
                for (float4 &v : c) {
                    v.x /= s.w;
                    v.y /= s.h;
                    v.z /= s.d;
                }
            CHECK(cudaMemcpy(dc, c.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
            cudaTextureObject_t one = tex[0][norm], two = tex[1][norm];
            for (int form = 0; form < 2; form++) {
                if (form == 0) {
                    hoisted<<<n / 64, 64>>>(one, s.dims, s.layered, dc, dh, n);
                    pairless<<<n / 64, 64>>>(two, s.dims, s.layered, dc, dg, n);
                } else if (s.dims == 2 && !s.layered) {
                    hoisted_2d<<<n / 64, 64>>>(one, dc, dh);
                    pairless_2d<<<n / 64, 64>>>(two, dc, dg);
                } else if (s.dims == 1 && !s.layered) {
                    hoisted_1d<<<n / 64, 64>>>(one, dc, dh);
                    pairless_1d<<<n / 64, 64>>>(two, dc, dg);
                } else {
                    continue;
                }
                CHECK(cudaGetLastError());
                CHECK(cudaMemcpy(h.data(), dh, n * sizeof(float), cudaMemcpyDeviceToHost));
                CHECK(cudaMemcpy(g.data(), dg, n * sizeof(float), cudaMemcpyDeviceToHost));
                for (int i = 0; i < n; i++) {
                    if (!same(h[i], g[i])) {
                        const float4 &v = c[i];
                        printf("%dx%dx%d dims %d layered %d norm %d form %d at (%a, %a, %a, layer %d): "
                               "one channel %a, two channels %a\n", s.w, s.h, s.d, s.dims, s.layered, norm, form,
                               v.x, v.y, v.z, (int)v.w, h[i], g[i]);
                        return 1;
                    }
                    checked++;
                }
            }
        }
        for (int ch = 0; ch < 2; ch++) {
            for (int norm = 0; norm < 2; norm++)
                CHECK(cudaDestroyTextureObject(tex[ch][norm]));
            CHECK(cudaFreeArray(arr[ch]));
        }
    }
    printf("%d fetches identical\n", checked);
    return 0;
}
