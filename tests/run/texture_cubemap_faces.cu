// Cubemap textures: a cudaArrayCubemap array (six square faces), filled by a kernel through
// surfCubemapwrite, sampled with texCubemap<float> at directions pointing into every face
// (and near its edges and corners), point and linear filtering, against a host reference
// written from the programming guide's cubemap table (face, m, s, t per major axis); a
// layered cubemap (cudaArrayLayered | cudaArrayCubemap, 2 layers) with
// texCubemapLayered<float2>, filled with cudaMemcpy3D; texCubemapLod reads level 0 (no
// mipmaps). Shapes CUDA refuses are refused.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

static const int W = 8, N = 2000;

__host__ __device__ float texel(int face, int i, int j) { return face * 1000.0f + j * W + i; }

__global__ void fill(cudaSurfaceObject_t s) {
    int i = threadIdx.x, j = threadIdx.y, face = blockIdx.x;
    surfCubemapwrite(texel(face, i, j), s, i * 4, j, face);
}

__global__ void fetch(cudaTextureObject_t t, const float4 *dir, float *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        out[k] = texCubemap<float>(t, dir[k].x, dir[k].y, dir[k].z);
    // a cubemap without mipmaps has level 0 only: texCubemapLod reads the same
    if (k < n && texCubemapLod<float>(t, dir[k].x, dir[k].y, dir[k].z, 2.0f) != out[k])
        out[k] = -1.0f;
}

__global__ void fetch_layered(cudaTextureObject_t t, const float4 *dir, float2 *out, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n)
        texCubemapLayered(&out[k], t, dir[k].x, dir[k].y, dir[k].z, (int)dir[k].w);
}

// The guide's table: the major axis picks the face, s and t its coordinates.
static int ref_face(float x, float y, float z, float *u, float *v) {
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), m, s, t;
    int face;
    if (ax > ay && ax > az) { face = x >= 0 ? 0 : 1; m = ax; s = x >= 0 ? -z : z; t = -y; }
    else if (ay > ax && ay > az) { face = y >= 0 ? 2 : 3; m = ay; s = x; t = y >= 0 ? z : -z; }
    else { face = z >= 0 ? 4 : 5; m = az; s = z >= 0 ? x : -x; t = -y; }
    *u = (s / m + 1) / 2 * W;
    *v = (t / m + 1) / 2 * W;
    return face;
}
static int clampi(int i) { return i < 0 ? 0 : i >= W ? W - 1 : i; }
static float weight(float c) { return floorf((c - floorf(c)) * 256.0f + 0.5f) / 256.0f; }
static float ref_fetch(float x, float y, float z, bool linear, int layer, int *face_out) {
    float u, v;
    int face = ref_face(x, y, z, &u, &v);
    *face_out = face;
    face += 6 * layer;
    if (!linear)
        return texel(face, clampi((int)floorf(u)), clampi((int)floorf(v)));
    u -= 0.5f; v -= 0.5f;
    float a = weight(u), b = weight(v);
    int i = (int)floorf(u), j = (int)floorf(v);
    return (1 - a) * (1 - b) * texel(face, clampi(i), clampi(j)) + a * (1 - b) * texel(face, clampi(i + 1), clampi(j)) +
           (1 - a) * b * texel(face, clampi(i), clampi(j + 1)) + a * b * texel(face, clampi(i + 1), clampi(j + 1));
}

static float rnd() { return (float)rand() / RAND_MAX * 2.0f - 1.0f; }

int main() {
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaArray_t cube, bad_shape;
    // CHECK-free checks of the shapes CUDA refuses
    if (cudaMalloc3DArray(&bad_shape, &f, make_cudaExtent(W, W + 1, 6), cudaArrayCubemap) != cudaErrorInvalidValue ||
        cudaMalloc3DArray(&bad_shape, &f, make_cudaExtent(W, W, 5), cudaArrayCubemap) != cudaErrorInvalidValue) {
        printf("bad cubemap shapes accepted\n");
        return 1;
    }
    cudaGetLastError();
    CHECK(cudaMalloc3DArray(&cube, &f, make_cudaExtent(W, W, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = cube;
    cudaSurfaceObject_t s;
    CHECK(cudaCreateSurfaceObject(&s, &rd));
    fill<<<6, dim3(W, W)>>>(s);
    CHECK(cudaDeviceSynchronize());

    // directions: random ones, then each face's centre, edges and corners
    float4 *dir;
    float *out;
    CHECK(cudaMallocManaged(&dir, N * sizeof(float4)));
    CHECK(cudaMallocManaged(&out, N * sizeof(float)));
    srand(7);
    for (int k = 0; k < N; k++) {
        float x = rnd(), y = rnd(), z = rnd();
        float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
        if (ax == ay || ay == az || ax == az) { x = 0.9f; y = 0.1f; z = -0.3f; }   // no ties
        dir[k] = make_float4(x * 3.0f, y * 3.0f, z * 3.0f, 0);   // the length does not matter
    }
    const float majors[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    int k = N - 6 * 9;
    for (int face = 0; face < 6; face++)
        for (int a = -1; a <= 1; a++)
            for (int b = -1; b <= 1; b++) {
                float d[3] = {majors[face][0], majors[face][1], majors[face][2]};
                int other[2], o = 0;
                for (int c = 0; c < 3; c++)
                    if (d[c] == 0) other[o++] = c;
                d[other[0]] = 0.97f * a;   // near the edges, still inside the face
                d[other[1]] = 0.93f * b;
                dir[k++] = make_float4(d[0], d[1], d[2], 0);
            }
    int bad = 0, faces_seen[6] = {0};
    for (int linear = 0; linear < 2; linear++) {
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
        td.normalizedCoords = 1;
        cudaTextureObject_t t;
        CHECK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
        fetch<<<(N + 127) / 128, 128>>>(t, dir, out, N);
        CHECK(cudaDeviceSynchronize());
        for (int i = 0; i < N; i++) {
            int face;
            float want = ref_fetch(dir[i].x, dir[i].y, dir[i].z, linear, 0, &face);
            faces_seen[face]++;
            if (fabsf(out[i] - want) > 1e-3f * fabsf(want) + 1e-3f && bad++ < 8)
                printf("%s (%g,%g,%g): %g, want %g (face %d)\n", linear ? "linear" : "point", dir[i].x,
                       dir[i].y, dir[i].z, out[i], want, face);
        }
        CHECK(cudaDestroyTextureObject(t));
    }
    for (int face = 0; face < 6; face++)
        if (faces_seen[face] < 20) { printf("face %d hardly tested\n", face); bad++; }

    // a layered cubemap of float2, two layers, filled from the host
    cudaChannelFormatDesc f2 = cudaCreateChannelDesc<float2>();
    cudaArray_t layered;
    CHECK(cudaMalloc3DArray(&layered, &f2, make_cudaExtent(W, W, 12), cudaArrayLayered | cudaArrayCubemap));
    static float2 h[12][W][W];
    for (int l = 0; l < 12; l++)
        for (int j = 0; j < W; j++)
            for (int i = 0; i < W; i++)
                h[l][j][i] = make_float2(texel(l, i, j), -texel(l, i, j));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, W * sizeof(float2), W, W);
    p.dstArray = layered;
    p.extent = make_cudaExtent(W, W, 12);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    rd.res.array.array = layered;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.normalizedCoords = 1;
    cudaTextureObject_t tl;
    CHECK(cudaCreateTextureObject(&tl, &rd, &td, nullptr));
    for (int i = 0; i < N; i++)
        dir[i].w = (float)(i % 4 - 1);   // layers -1 (clamped to 0), 0, 1, 2 (clamped to 1)
    float2 *out2;
    CHECK(cudaMallocManaged(&out2, N * sizeof(float2)));
    fetch_layered<<<(N + 127) / 128, 128>>>(tl, dir, out2, N);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < N; i++) {
        int face, layer = i % 4 - 1;
        layer = layer < 0 ? 0 : layer > 1 ? 1 : layer;
        float want = ref_fetch(dir[i].x, dir[i].y, dir[i].z, false, layer, &face);
        if ((out2[i].x != want || out2[i].y != -want) && bad++ < 8)
            printf("layered (%g,%g,%g) layer %d: %g %g, want %g\n", dir[i].x, dir[i].y, dir[i].z, layer,
                   out2[i].x, out2[i].y, want);
    }
    if (bad) { printf("%d wrong\n", bad); return 1; }
    printf("ok\n");
    return 0;
}
