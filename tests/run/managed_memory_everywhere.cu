// Managed memory (cudaMallocManaged) wherever CUDA takes a pointer to device memory: kernels
// and the host touching it directly, cudaMemcpy of every kind and cudaMemcpyAsync, 2-D copies
// and sets, cudaMemset, copies to and from symbols, a texture object over it (linear), pointer
// attributes, prefetches and advice, stream attachment, graph memset and memcpy nodes, and
// stream capture. Results compared with the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); return 1; } } while (0)
#define EXPECT(c) do { if (!(c)) { printf("%s:%d: expected %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#define N 1024

__device__ float table[N];

__global__ void twice(float *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= 2.0f;
}
__global__ void fetch(cudaTextureObject_t t, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = tex1Dfetch<float>(t, i);
}

int main() {
    float *m, *m2;
    CHECK(cudaMallocManaged(&m, N * sizeof(float)));
    CHECK(cudaMallocManaged(&m2, N * sizeof(float), cudaMemAttachGlobal));
    for (int i = 0; i < N; i++)
        m[i] = (float)i;   // the host writes it directly
    twice<<<N / 128, 128>>>(m, N);
    CHECK(cudaDeviceSynchronize());
    EXPECT(m[100] == 200.0f);

    // copies of every kind and sets
    float h[N];
    CHECK(cudaMemcpy(m2, m, N * sizeof(float), cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(h, m2, N * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(h[7] == 14.0f);
    CHECK(cudaMemcpy(m2, h, N * sizeof(float), cudaMemcpyDefault));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamAttachMemAsync(s, m2, 0, cudaMemAttachSingle));
    CHECK(cudaMemcpyAsync(m2, m, N * sizeof(float), cudaMemcpyHostToDevice, s));
    CHECK(cudaMemsetAsync(m2, 0, 16 * sizeof(float), s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(m2[15] == 0.0f && m2[16] == 32.0f);
    CHECK(cudaMemcpy2D(m2, 64 * sizeof(float), m, 32 * sizeof(float), 32 * sizeof(float), 4,
                       cudaMemcpyDefault));
    EXPECT(m2[64] == 64.0f && m2[65] == 66.0f);   // row 1 of the destination: source row 1
    CHECK(cudaMemset2D(m2, 64 * sizeof(float), 0, 8 * sizeof(float), 2));
    EXPECT(m2[0] == 0.0f && m2[64 + 7] == 0.0f && m2[64 + 8] != 0.0f);
    CHECK(cudaMemset(m2, 0, N * sizeof(float)));
    EXPECT(m2[N - 1] == 0.0f);

    // symbols
    CHECK(cudaMemcpyToSymbol(table, m, N * sizeof(float)));
    CHECK(cudaMemcpyFromSymbol(m2, table, N * sizeof(float)));
    EXPECT(m2[10] == 20.0f);

    // a texture over it
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = m;
    rd.res.linear.desc = cudaCreateChannelDesc<float>();
    rd.res.linear.sizeInBytes = N * sizeof(float);
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t t;
    CHECK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    fetch<<<N / 128, 128>>>(t, m2, N);
    CHECK(cudaDeviceSynchronize());
    EXPECT(m2[300] == 600.0f);
    CHECK(cudaDestroyTextureObject(t));

    // what it is, and hints
    cudaPointerAttributes a;
    CHECK(cudaPointerGetAttributes(&a, m + 5));
    EXPECT(a.type == cudaMemoryTypeManaged && a.devicePointer == (void *)(m + 5));
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0};   // CUDA 13's forms (cu2c has both)
    CHECK(cudaMemPrefetchAsync(m, N * sizeof(float), dev, 0, s));
    CHECK(cudaMemAdvise(m, N * sizeof(float), cudaMemAdviseSetReadMostly, dev));
    CHECK(cudaStreamSynchronize(s));

    // graph nodes and capture
    cudaGraph_t g;
    cudaGraphNode_t set, copy;
    CHECK(cudaGraphCreate(&g, 0));
    cudaMemsetParams mp = {};
    mp.dst = m2;
    mp.value = 0x40400000u;   // 3.0f
    mp.elementSize = 4;
    mp.width = N;
    mp.height = 1;
    CHECK(cudaGraphAddMemsetNode(&set, g, NULL, 0, &mp));
    CHECK(cudaGraphAddMemcpyNode1D(&copy, g, &set, 1, m, m2, N * sizeof(float), cudaMemcpyDefault));
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(m[N - 1] == 3.0f);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    twice<<<N / 128, 128, 0, s>>>(m, N);
    CHECK(cudaMemcpyAsync(m2, m, N * sizeof(float), cudaMemcpyDefault, s));
    CHECK(cudaStreamEndCapture(s, &g));
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(m2[9] == 6.0f);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));

    CHECK(cudaFree(m));
    CHECK(cudaFree(m2));
    CHECK(cudaGetLastError());
    printf("managed: ok\n");
    return 0;
}
