// Stream-ordered memory pools: the default pool's attributes and counts through
// cudaMallocAsync/cudaFreeAsync, a created pool's maxSize, the C++ forms of
// cudaMallocFromPoolAsync and cudaMallocAsync(ptr, size, pool, stream), a pool made current
// and destroyed while memory from it is still in use, access descriptors, the errors for what
// is refused; managed memory advised and prefetched by location (CUDA 13's forms);
// cudaLaunchKernelEx with attributes (access policy window, one-block clusters, a completion
// event, cooperative) and with a cluster it cannot run; stream attributes kept; graph memory
// (a capture's cudaMallocAsync/cudaFreeAsync, allocation and free nodes, memory freed outside
// its graph, the graph memory counts); freeing ordinary memory in a capture refused. Results
// compared with the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); return 1; } } while (0)
#define EXPECT(c) do { if (!(c)) { printf("%s:%d: expected %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)
#define EXPECT_ERR(x, want) do { cudaError_t e_ = (x); if (e_ != (want)) { \
    printf("%s:%d: %s gave %s, expected %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_), \
           cudaGetErrorName(want)); return 1; } cudaGetLastError(); } while (0)

__global__ void fill(int *p, int v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

static unsigned long long attr(cudaMemPool_t pool, cudaMemPoolAttr a) {
    unsigned long long v = ~0ull;
    if (cudaMemPoolGetAttribute(pool, a, &v) != cudaSuccess)
        return ~0ull;
    return v;
}

int main() {
    const int n = 1 << 18;   // 1 MiB of ints
    const size_t bytes = n * sizeof(int);
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    std::vector<int> h(n);

    // ---- the default pool
    cudaMemPool_t def, cur;
    CHECK(cudaDeviceGetDefaultMemPool(&def, 0));
    CHECK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(def == cur);
    unsigned long long threshold = UINT64_MAX;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &threshold));
    EXPECT(attr(def, cudaMemPoolAttrReleaseThreshold) == UINT64_MAX);
    int reuse = 0;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &reuse));
    CHECK(cudaMemPoolGetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &reuse));
    EXPECT(reuse == 0);
    unsigned long long used0 = attr(def, cudaMemPoolAttrUsedMemCurrent);
    int *d;
    CHECK(cudaMallocAsync((void **)&d, bytes, s));
    EXPECT(attr(def, cudaMemPoolAttrUsedMemCurrent) == used0 + bytes);
    EXPECT(attr(def, cudaMemPoolAttrReservedMemCurrent) >= used0 + bytes);
    fill<<<n / 256, 256, 0, s>>>(d, 7, n);
    CHECK(cudaMemcpyAsync(h.data(), d, bytes, cudaMemcpyDeviceToHost, s));
    CHECK(cudaFreeAsync(d, s));
    CHECK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i += 997)
        EXPECT(h[i] == 7 + i);
    EXPECT(attr(def, cudaMemPoolAttrUsedMemCurrent) == used0);
    EXPECT(attr(def, cudaMemPoolAttrUsedMemHigh) >= used0 + bytes);
    unsigned long long zero = 0;
    CHECK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero));
    EXPECT(attr(def, cudaMemPoolAttrUsedMemHigh) == used0);
    unsigned long long one = 1;
    EXPECT_ERR(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &one), cudaErrorInvalidValue);
    CHECK(cudaMemPoolTrimTo(def, 0));

    // ---- a pool of its own, at most 4 MiB
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    props.maxSize = 4 << 20;
    cudaMemPool_t pool;
    CHECK(cudaMemPoolCreate(&pool, &props));
    float *a, *b;
    CHECK(cudaMallocFromPoolAsync(&a, 3 << 20, pool, s));
    EXPECT_ERR(cudaMallocFromPoolAsync(&b, 2 << 20, pool, s), cudaErrorMemoryAllocation);
    CHECK(cudaFreeAsync(a, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMallocAsync(&b, 2 << 20, pool, s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == (2u << 20));
    CHECK(cudaFreeAsync(b, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 0);

    // access: the device always; the host as given
    cudaMemAccessDesc acc = {};
    acc.location.type = cudaMemLocationTypeHost;
    acc.flags = cudaMemAccessFlagsProtRead;
    CHECK(cudaMemPoolSetAccess(pool, &acc, 1));
    cudaMemAccessFlags flags;
    cudaMemLocation where = {cudaMemLocationTypeHost, 0};
    CHECK(cudaMemPoolGetAccess(&flags, pool, &where));
    EXPECT(flags == cudaMemAccessFlagsProtRead);
    where.type = cudaMemLocationTypeDevice;
    CHECK(cudaMemPoolGetAccess(&flags, pool, &where));
    EXPECT(flags == cudaMemAccessFlagsProtReadWrite);

    // current pool, destroyed while memory from it is still in use
    CHECK(cudaDeviceSetMemPool(0, pool));
    CHECK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == pool);
    CHECK(cudaMallocAsync((void **)&d, bytes, s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == bytes);
    CHECK(cudaMemPoolDestroy(pool));
    CHECK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == def);
    fill<<<n / 256, 256, 0, s>>>(d, 1, n);
    CHECK(cudaMemcpyAsync(h.data(), d, bytes, cudaMemcpyDeviceToHost, s));
    CHECK(cudaFreeAsync(d, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[n - 1] == n);

    // what pools refuse
    props.location.id = 1;
    EXPECT_ERR(cudaMemPoolCreate(&pool, &props), cudaErrorInvalidDevice);
    props.location.id = 0;
    props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
    EXPECT_ERR(cudaMemPoolCreate(&pool, &props), cudaErrorNotSupported);
    EXPECT_ERR(cudaDeviceGetDefaultMemPool(&cur, 1), cudaErrorInvalidDevice);

    // ---- managed memory by location
    int *m;
    CHECK(cudaMallocManaged(&m, bytes));
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0}, host = {cudaMemLocationTypeHost, 0};
    CHECK(cudaMemAdvise(m, bytes, cudaMemAdviseSetPreferredLocation, dev));
    CHECK(cudaMemAdvise(m, bytes, cudaMemAdviseSetAccessedBy, host));
    CHECK(cudaMemPrefetchAsync(m, bytes, dev, 0, s));
    fill<<<n / 256, 256, 0, s>>>(m, 3, n);
    CHECK(cudaMemPrefetchAsync(m, bytes, host, 0, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(m[100] == 103);
    cudaMemLocation bad = {cudaMemLocationTypeDevice, 1};
    EXPECT_ERR(cudaMemPrefetchAsync(m, bytes, bad, 0, s), cudaErrorInvalidDevice);

    // ---- cudaLaunchKernelEx with attributes
    cudaEvent_t done;
    CHECK(cudaEventCreate(&done));
    cudaLaunchAttribute attrs[4] = {};
    attrs[0].id = cudaLaunchAttributeAccessPolicyWindow;
    attrs[0].val.accessPolicyWindow.base_ptr = m;
    attrs[0].val.accessPolicyWindow.num_bytes = bytes;
    attrs[0].val.accessPolicyWindow.hitRatio = 0.6f;
    attrs[0].val.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    attrs[0].val.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    attrs[1].id = cudaLaunchAttributeClusterDimension;
    attrs[1].val.clusterDim.x = attrs[1].val.clusterDim.y = attrs[1].val.clusterDim.z = 1;
    attrs[2].id = cudaLaunchAttributeLaunchCompletionEvent;
    attrs[2].val.launchCompletionEvent.event = done;
    attrs[3].id = cudaLaunchAttributeCooperative;
    attrs[3].val.cooperative = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(4);
    cfg.blockDim = dim3(64);
    cfg.stream = s;
    cfg.attrs = attrs;
    cfg.numAttrs = 4;
    CHECK(cudaLaunchKernelEx(&cfg, fill, m, 40, 256));   // int arguments converted as declared
    CHECK(cudaEventSynchronize(done));
    for (int i = 0; i < 256; i++)
        EXPECT(m[i] == 40 + i);
    attrs[1].val.clusterDim.x = 2;
    cfg.numAttrs = 2;
    EXPECT_ERR(cudaLaunchKernelEx(&cfg, fill, m, 0, 256), cudaErrorNotSupported);

    // stream attributes are kept
    cudaStreamAttrValue v = {};
    v.accessPolicyWindow = attrs[0].val.accessPolicyWindow;
    CHECK(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v));
    cudaStreamAttrValue back = {};
    CHECK(cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &back));
    EXPECT(back.accessPolicyWindow.base_ptr == m && back.accessPolicyWindow.hitRatio == 0.6f &&
           back.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting);
    v.accessPolicyWindow.hitRatio = 2.0f;
    EXPECT_ERR(cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
    CHECK(cudaFree(m));

    // ---- graph memory: a capture's cudaMallocAsync/cudaFreeAsync and explicit memory nodes
    unsigned long long graph_used0 = 0;
    CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &graph_used0));
    cudaGraph_t g;
    int *gm = NULL;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    CHECK(cudaMallocAsync((void **)&gm, bytes, s));
    EXPECT(gm != NULL);   // its address is known at once
    fill<<<n / 256, 256, 0, s>>>(gm, 5, n);
    CHECK(cudaMemcpyAsync(h.data(), gm, bytes, cudaMemcpyDeviceToHost, s));
    CHECK(cudaFreeAsync(gm, s));
    CHECK(cudaStreamEndCapture(s, &g));
    size_t nn = 0;
    CHECK(cudaGraphGetNodes(g, NULL, &nn));
    EXPECT(nn == 4);
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    for (int round = 0; round < 2; round++) {
        h.assign(n, 0);
        CHECK(cudaGraphLaunch(x, s));
        CHECK(cudaStreamSynchronize(s));
        EXPECT(h[12345] == 5 + 12345);
    }
    unsigned long long graph_used = 0;
    CHECK(cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &graph_used));
    EXPECT(graph_used >= graph_used0 + bytes);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    // explicit allocation and free nodes around a kernel node
    CHECK(cudaGraphCreate(&g, 0));
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.bytesize = bytes;
    cudaGraphNode_t an, kn, fn;
    CHECK(cudaGraphAddMemAllocNode(&an, g, NULL, 0, &ap));
    int *gp = (int *)ap.dptr;
    EXPECT(gp != NULL);
    int fillv = 9, count = 256;
    void *kargs[] = {&gp, &fillv, &count};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)fill;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(256);
    kp.kernelParams = kargs;
    CHECK(cudaGraphAddKernelNode(&kn, g, &an, 1, &kp));
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaMemcpyAsync(h.data(), gp, 256 * sizeof(int), cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    EXPECT(h[255] == 9 + 255);
    CHECK(cudaFreeAsync(gp, s));   // freed outside the graph, as CUDA allows
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphAddMemFreeNode(&fn, g, &kn, 1, gp));
    void *freed = NULL;
    CHECK(cudaGraphMemFreeNodeGetParams(fn, &freed));
    EXPECT(freed == gp);
    int local;
    EXPECT_ERR(cudaGraphAddMemFreeNode(&fn, g, &kn, 1, &local), cudaErrorInvalidValue);   // not graph memory
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaDeviceGraphMemTrim(0));
    // freeing ordinary memory inside a capture is refused, the memory left alone
    int *plain;
    CHECK(cudaMalloc(&plain, 64));
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    EXPECT_ERR(cudaFreeAsync(plain, s), cudaErrorStreamCaptureUnsupported);
    EXPECT_ERR(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
    CHECK(cudaFree(plain));

    CHECK(cudaGetLastError());
    printf("pools: ok\n");
    return 0;
}
