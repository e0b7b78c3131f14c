// Surface objects over CUDA arrays made with cudaArraySurfaceLoadStore: kernels write them
// with surf1Dwrite/surf2Dwrite/surf3Dwrite/surf1DLayeredwrite/surf2DLayeredwrite (x in
// bytes, as in CUDA) and read them back with both forms of the reads (the template
// returning T and the one storing through a pointer); the host checks every element
// against its own reference, through cudaMemcpy2DFromArray/cudaMemcpy3D and through a
// texture object over the same array. Formats: uchar4, float2, float4, float, short2.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

static const int W = 13, H = 7, D = 3, L = 4;

__host__ __device__ uchar4 val_u4(int x, int y) { return make_uchar4(x, y, x * y, 200 + x); }
__host__ __device__ float2 val_f2(int x, int y, int z) { return make_float2(x + 0.5f, 100.0f * y - z); }
__host__ __device__ float4 val_f4(int x, int y, int l) { return make_float4(x, y, l, x * 0.25f + y - l); }
__host__ __device__ float val_f(int x, int l) { return x * 3.0f - l * 0.125f; }

__global__ void write2d(cudaSurfaceObject_t s) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H)
        surf2Dwrite(val_u4(x, y), s, x * (int)sizeof(uchar4), y);
}

// reads the uchar4 surface (returning form) and writes its sum into a float surface
__global__ void read2d(cudaSurfaceObject_t in, cudaSurfaceObject_t out, uchar4 *copy) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < W && y < H) {
        uchar4 v = surf2Dread<uchar4>(in, x * 4, y);
        copy[y * W + x] = v;
        surf2Dwrite<float>(v.x + v.y + v.z + v.w, out, x * 4, y);
    }
}

__global__ void write3d(cudaSurfaceObject_t s) {
    int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
    surf3Dwrite(val_f2(x, y, z), s, x * 8, y, z);
}

__global__ void read3d(cudaSurfaceObject_t s, float2 *out) {
    int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
    float2 v;
    surf3Dread(&v, s, x * 8, y, z);   // the pointer form
    out[(z * H + y) * W + x] = v;
}

__global__ void write_layers2d(cudaSurfaceObject_t s) {
    int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
    surf2DLayeredwrite(val_f4(x, y, l), s, x * 16, y, l);
}

__global__ void read_layers2d(cudaSurfaceObject_t s, float4 *out) {
    int x = threadIdx.x, y = threadIdx.y, l = blockIdx.x;
    out[(l * H + y) * W + x] = surf2DLayeredread<float4>(s, x * 16, y, l);
}

__global__ void layers1d(cudaSurfaceObject_t s, float *out) {
    int x = threadIdx.x, l = blockIdx.x;
    surf1DLayeredwrite(val_f(x, l), s, x * 4, l);
    __syncthreads();
    // each thread reads its right neighbour's element, written by another thread
    float v;
    surf1DLayeredread(&v, s, ((x + 1) % W) * 4, l);
    out[l * W + x] = v;
}

__global__ void line1d(cudaSurfaceObject_t s, short2 *out) {
    int x = threadIdx.x;
    surf1Dwrite(make_short2(-x, x * 100), s, x * 4);
    __syncthreads();
    out[x] = surf1Dread<short2>(s, (W - 1 - x) * 4);
}

__global__ void fetch2d(cudaTextureObject_t t, float *o) {
    int x = threadIdx.x, y = blockIdx.x;
    o[y * W + x] = tex2D<float>(t, x + 0.5f, y + 0.5f);
}

int main() {
    dim3 b(4, 4), g((W + 3) / 4, (H + 3) / 4);
    int bad = 0;

    // 2-D uchar4, then a float surface from it; read back three ways
    cudaChannelFormatDesc u4 = cudaCreateChannelDesc<uchar4>(), f1 = cudaCreateChannelDesc<float>();
    cudaArray_t a2, af;
    CHECK(cudaMallocArray(&a2, &u4, W, H, cudaArraySurfaceLoadStore));
    CHECK(cudaMallocArray(&af, &f1, W, H, cudaArraySurfaceLoadStore));
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a2;
    cudaSurfaceObject_t s2, sf;
    CHECK(cudaCreateSurfaceObject(&s2, &rd));
    cudaResourceDesc back;
    CHECK(cudaGetSurfaceObjectResourceDesc(&back, s2));
    if (back.resType != cudaResourceTypeArray || back.res.array.array != a2) { printf("resource desc\n"); bad++; }
    rd.res.array.array = af;
    CHECK(cudaCreateSurfaceObject(&sf, &rd));
    uchar4 *copy;
    CHECK(cudaMallocManaged(&copy, W * H * sizeof(uchar4)));
    write2d<<<g, b>>>(s2);
    read2d<<<g, b>>>(s2, sf, copy);
    CHECK(cudaDeviceSynchronize());
    uchar4 h2[H][W];
    float hf[H][W];
    CHECK(cudaMemcpy2DFromArray(h2, W * sizeof(uchar4), a2, 0, 0, W * sizeof(uchar4), H, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy2DFromArray(hf, W * sizeof(float), af, 0, 0, W * sizeof(float), H, cudaMemcpyDeviceToHost));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uchar4 r = val_u4(x, y);
            if (memcmp(&h2[y][x], &r, 4) || memcmp(&copy[y * W + x], &r, 4)) {
                if (bad++ < 5) printf("2d uchar4 (%d,%d): %d %d %d %d\n", x, y, h2[y][x].x, h2[y][x].y, h2[y][x].z, h2[y][x].w);
            }
            float sum = (float)(r.x + r.y + r.z + r.w);
            if (hf[y][x] != sum && bad++ < 5) printf("2d float (%d,%d): %g, want %g\n", x, y, hf[y][x], sum);
        }

    // a texture over the float array sees what the surface wrote
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    cudaTextureObject_t t;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, nullptr));
    float *tv;
    CHECK(cudaMallocManaged(&tv, W * H * sizeof(float)));
    fetch2d<<<H, W>>>(t, tv);
    CHECK(cudaDeviceSynchronize());
    for (int i = 0; i < W * H; i++)
        if (tv[i] != hf[i / W][i % W] && bad++ < 5) printf("texture %d: %g\n", i, tv[i]);

    // 3-D float2
    cudaChannelFormatDesc f2 = cudaCreateChannelDesc<float2>();
    cudaArray_t a3;
    CHECK(cudaMalloc3DArray(&a3, &f2, make_cudaExtent(W, H, D), cudaArraySurfaceLoadStore));
    rd.res.array.array = a3;
    cudaSurfaceObject_t s3;
    CHECK(cudaCreateSurfaceObject(&s3, &rd));
    float2 *o3;
    CHECK(cudaMallocManaged(&o3, W * H * D * sizeof(float2)));
    write3d<<<D, dim3(W, H)>>>(s3);
    read3d<<<D, dim3(W, H)>>>(s3, o3);
    CHECK(cudaDeviceSynchronize());
    static float2 h3[D][H][W];
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = a3;
    p.dstPtr = make_cudaPitchedPtr(h3, W * sizeof(float2), W, H);
    p.extent = make_cudaExtent(W, H, D);
    p.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&p));
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                float2 r = val_f2(x, y, z), o = o3[(z * H + y) * W + x], m = h3[z][y][x];
                if ((o.x != r.x || o.y != r.y || m.x != r.x || m.y != r.y) && bad++ < 5)
                    printf("3d (%d,%d,%d): %g %g / %g %g\n", x, y, z, o.x, o.y, m.x, m.y);
            }

    // 2-D layered float4
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    cudaArray_t al;
    CHECK(cudaMalloc3DArray(&al, &f4, make_cudaExtent(W, H, L), cudaArrayLayered | cudaArraySurfaceLoadStore));
    rd.res.array.array = al;
    cudaSurfaceObject_t sl;
    CHECK(cudaCreateSurfaceObject(&sl, &rd));
    float4 *ol;
    CHECK(cudaMallocManaged(&ol, W * H * L * sizeof(float4)));
    write_layers2d<<<L, dim3(W, H)>>>(sl);
    read_layers2d<<<L, dim3(W, H)>>>(sl, ol);
    CHECK(cudaDeviceSynchronize());
    static float4 hl[L][H][W];
    p.srcArray = al;
    p.dstPtr = make_cudaPitchedPtr(hl, W * sizeof(float4), W, H);
    p.extent = make_cudaExtent(W, H, L);
    CHECK(cudaMemcpy3D(&p));
    for (int l = 0; l < L; l++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                float4 r = val_f4(x, y, l), o = ol[(l * H + y) * W + x], m = hl[l][y][x];
                if ((memcmp(&o, &r, sizeof r) || memcmp(&m, &r, sizeof r)) && bad++ < 5)
                    printf("2d layered (%d,%d,%d): %g %g %g %g\n", x, y, l, o.x, o.y, o.z, o.w);
            }

    // 1-D layered float, 1-D short2
    cudaArray_t a1l, a1;
    CHECK(cudaMalloc3DArray(&a1l, &f1, make_cudaExtent(W, 0, L), cudaArrayLayered | cudaArraySurfaceLoadStore));
    cudaChannelFormatDesc s2d = cudaCreateChannelDesc<short2>();
    CHECK(cudaMallocArray(&a1, &s2d, W, 0, cudaArraySurfaceLoadStore));
    cudaSurfaceObject_t s1l, s1;
    rd.res.array.array = a1l;
    CHECK(cudaCreateSurfaceObject(&s1l, &rd));
    rd.res.array.array = a1;
    CHECK(cudaCreateSurfaceObject(&s1, &rd));
    float *o1l;
    short2 *o1;
    CHECK(cudaMallocManaged(&o1l, W * L * sizeof(float)));
    CHECK(cudaMallocManaged(&o1, W * sizeof(short2)));
    layers1d<<<L, W>>>(s1l, o1l);
    line1d<<<1, W>>>(s1, o1);
    CHECK(cudaDeviceSynchronize());
    for (int l = 0; l < L; l++)
        for (int x = 0; x < W; x++)
            if (o1l[l * W + x] != val_f((x + 1) % W, l) && bad++ < 5)
                printf("1d layered (%d,%d): %g\n", x, l, o1l[l * W + x]);
    for (int x = 0; x < W; x++) {
        int from = W - 1 - x;
        if ((o1[x].x != -from || o1[x].y != from * 100) && bad++ < 5)
            printf("1d (%d): %d %d\n", x, o1[x].x, o1[x].y);
    }

    CHECK(cudaDestroyTextureObject(t));
    CHECK(cudaDestroySurfaceObject(s2));
    CHECK(cudaDestroySurfaceObject(sf));
    CHECK(cudaDestroySurfaceObject(s3));
    CHECK(cudaDestroySurfaceObject(sl));
    CHECK(cudaDestroySurfaceObject(s1l));
    CHECK(cudaDestroySurfaceObject(s1));
    CHECK(cudaFreeArray(a2));
    if (bad) { printf("%d wrong\n", bad); return 1; }
    printf("ok\n");
    return 0;
}
