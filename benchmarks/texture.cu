// Cost of a texture fetch against a plain load: three kernels over the same W x H float image
// (W = H = 1024, 4 MiB, read from the cache), each thread (x, y) summing K = 16 texels of its
// row, (x + k, y) for k < K:
//   ptr     reads them through a pointer, img[y * pitch + x + k] (the image is padded so that
//           x + k stays inside a row);
//   point   tex2D<float> on a texture object over the same pitched memory, point filtering,
//           clamp addressing, unnormalised coordinates (x + k + 0.5, y + 0.5): the same texels;
//   linear  the same with linear filtering at (x + k + 0.75, y + 0.25): four texels blended with
//           the GPU's 1/256 weights.
// Runs REPS rounds, each launching ptr, point and linear in turn (timed separately, each
// launch followed by cudaDeviceSynchronize), checks the sums against a host computation and
// prints each kernel's median ms per launch. Usage: texture [reps]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define W 1024
#define H 1024
#define K 16

__global__ void sum_ptr(const float *img, size_t pitch, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float s = 0.0f;
    for (int k = 0; k < K; k++)
        s += img[y * pitch + x + k];
    out[y * W + x] = s;
}

__global__ void sum_tex(cudaTextureObject_t t, float dx, float dy, float *out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    float s = 0.0f;
    for (int k = 0; k < K; k++)
        s += tex2D<float>(t, x + k + dx, y + dy);
    out[y * W + x] = s;
}

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

// Texel (i, j) of the padded image under clamp addressing (only i can leave the image).
static float texel(const std::vector<float> &h, size_t pitch, int i, int j) {
    i = i < 0 ? 0 : i >= W ? W - 1 : i;
    j = j < 0 ? 0 : j >= H ? H - 1 : j;
    return h[(size_t)j * pitch + i];
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    if (reps < 1) {
        fprintf(stderr, "usage: texture [reps]\n");
        return 2;
    }
    // rows of W + K floats: the pointer kernel's x + k stays in its row; columns past W
    // repeat the last texel, as clamp addressing reads it
    const size_t pitch = W + K;
    std::vector<float> h(pitch * H);
    for (int j = 0; j < H; j++)
        for (size_t i = 0; i < pitch; i++)
            h[j * pitch + i] = (float)(((i < W ? i : W - 1) * 7 + j * 13) % 64) * 0.125f;
    float *img, *out;
    check(cudaMalloc(&img, h.size() * sizeof(float)), "cudaMalloc img");
    check(cudaMalloc(&out, (size_t)W * H * sizeof(float)), "cudaMalloc out");
    check(cudaMemcpy(img, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice), "copy");

    cudaTextureObject_t tex[2];
    for (int f = 0; f < 2; f++) {
        cudaResourceDesc r = {};
        r.resType = cudaResourceTypePitch2D;
        r.res.pitch2D.devPtr = img;
        r.res.pitch2D.desc = cudaCreateChannelDesc<float>();
        r.res.pitch2D.width = W;
        r.res.pitch2D.height = H;
        r.res.pitch2D.pitchInBytes = pitch * sizeof(float);
        cudaTextureDesc d = {};
        d.addressMode[0] = d.addressMode[1] = cudaAddressModeClamp;
        d.filterMode = f ? cudaFilterModeLinear : cudaFilterModePoint;
        d.readMode = cudaReadModeElementType;
        check(cudaCreateTextureObject(&tex[f], &r, &d, NULL), "cudaCreateTextureObject");
    }

    dim3 block(32, 8), grid(W / 32, H / 8);
    std::vector<double> ms[3];
    std::vector<float> got((size_t)W * H);
    for (int r = 0; r <= reps; r++) {   // round 0 warms up (first touch of out's pages)
        for (int kind = 0; kind < 3; kind++) {
            auto t0 = std::chrono::steady_clock::now();
            if (kind == 0)
                sum_ptr<<<grid, block>>>(img, pitch, out);
            else if (kind == 1)
                sum_tex<<<grid, block>>>(tex[0], 0.5f, 0.5f, out);
            else
                sum_tex<<<grid, block>>>(tex[1], 0.75f, 0.25f, out);
            check(cudaDeviceSynchronize(), "launch");
            auto t1 = std::chrono::steady_clock::now();
            if (r > 0)
                ms[kind].push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
            if (r != reps)
                continue;
            // the last round: check a spread of sums against the host
            check(cudaMemcpy(got.data(), out, got.size() * sizeof(float), cudaMemcpyDeviceToHost), "copy out");
            for (int s = 0; s < 256; s++) {
                int x = s < 4 ? (s & 1) * (W - 1) : (int)((s * 2654435761u) % W);
                int y = s < 4 ? (s >> 1) * (H - 1) : (int)((s * 40503u + 17) % H);
                double want = 0;
                for (int k = 0; k < K; k++) {
                    if (kind < 2) {
                        want += texel(h, pitch, x + k, y);
                    } else {   // x + k + 0.75 - 0.5: weight 0.25 on i + 1; y + 0.25 - 0.5: 0.75 on j
                        int i = x + k, j = y - 1;
                        want += 0.75 * 0.25 * texel(h, pitch, i, j) + 0.25 * 0.25 * texel(h, pitch, i + 1, j) +
                                0.75 * 0.75 * texel(h, pitch, i, j + 1) + 0.25 * 0.75 * texel(h, pitch, i + 1, j + 1);
                    }
                }
                float g = got[(size_t)y * W + x];
                if (fabs(g - want) > 1e-4 * fabs(want) + 1e-4) {
                    fprintf(stderr, "kernel %d: out[%d][%d] = %.6f, want %.6f\n", kind, y, x, g, want);
                    return 1;
                }
            }
        }
    }
    const char *names[3] = {"ptr", "point", "linear"};
    printf("texture cu2c %dx%d K=%d reps=%d", W, H, K, reps);
    for (int kind = 0; kind < 3; kind++) {
        std::sort(ms[kind].begin(), ms[kind].end());
        printf(" %s_ms=%.4f", names[kind], ms[kind][reps / 2]);
    }
    printf("\n");
    cudaDestroyTextureObject(tex[0]);
    cudaDestroyTextureObject(tex[1]);
    cudaFree(img);
    cudaFree(out);
    return 0;
}
