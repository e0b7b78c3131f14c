// CUDA Graphs: stream capture (one stream; a fork and join across two streams through events;
// the errors CUDA gives for unjoined streams, synchronising or adding a callback while
// capturing, waiting on an event from outside the capture, the legacy stream), explicit graphs
// (memset nodes of 1, 2 and 4-byte elements, kernel, 1-D and 3-D memcpy, host, child-graph,
// empty, event record and wait nodes; dependencies, edges, roots, clone, node removal),
// instantiation and launches (repeated, in stream order), kernel parameters changed in an
// executable graph, cudaGraphExecUpdate from a second capture (and its refusal when the shape
// changed), disabled nodes, and conditional nodes refused. Results checked on the host. The
// forms with edge data (CUDA 12.3's _v2 functions, the plain names in CUDA 13) are used where
// CUDA 13 changed a signature, so that nvcc 13 accepts the test too.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); return 1; } } while (0)
#define EXPECT(c) do { if (!(c)) { printf("%s:%d: expected %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)
#define EXPECT_ERR(x, want) do { cudaError_t e_ = (x); if (e_ != (want)) { \
    printf("%s:%d: %s gave %s, expected %s\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_), \
           cudaGetErrorName(want)); return 1; } cudaGetLastError(); } while (0)

#define N 1000

__global__ void scale(float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= a;
}
__global__ void add(float *x, float b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] += b;
}
__global__ void sum_into(const float *a, const float *b, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = a[i] + b[i];
}

static void CUDART_CB count_calls(void *p) { ++*(int *)p; }
static void CUDART_CB callback(cudaStream_t, cudaError_t, void *) {}

static int grid() { return (N + 127) / 128; }

int main() {
    std::vector<float> h(N), out(N);
    float *d, *d2, *d3;
    CHECK(cudaMalloc(&d, N * sizeof(float)));
    CHECK(cudaMalloc(&d2, N * sizeof(float)));
    CHECK(cudaMalloc(&d3, N * sizeof(float)));
    cudaStream_t s1, s2;
    CHECK(cudaStreamCreate(&s1));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    int calls = 0;

    // ---- capture on one stream: copy in, two kernels, copy out, a host function
    cudaGraph_t g;
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    cudaStreamCaptureStatus st;
    CHECK(cudaStreamIsCapturing(s1, &st));
    EXPECT(st == cudaStreamCaptureStatusActive);
    CHECK(cudaMemcpyAsync(d, h.data(), N * sizeof(float), cudaMemcpyHostToDevice, s1));
    scale<<<grid(), 128, 0, s1>>>(d, 2.0f, N);
    unsigned long long id = 0;
    cudaGraph_t capturing = NULL;
    const cudaGraphNode_t *deps = NULL;
    size_t ndeps = 0;
    CHECK(cudaStreamGetCaptureInfo(s1, &st, &id, &capturing, &deps, NULL, &ndeps));
    EXPECT(st == cudaStreamCaptureStatusActive && id != 0 && capturing && ndeps == 1);
    cudaGraphNodeType type;
    CHECK(cudaGraphNodeGetType(deps[0], &type));
    EXPECT(type == cudaGraphNodeTypeKernel);
    add<<<grid(), 128, 0, s1>>>(d, 1.0f, N);
    CHECK(cudaMemcpyAsync(out.data(), d, N * sizeof(float), cudaMemcpyDeviceToHost, s1));
    CHECK(cudaLaunchHostFunc(s1, count_calls, &calls));
    CHECK(cudaStreamEndCapture(s1, &g));
    EXPECT(g == capturing);
    CHECK(cudaStreamIsCapturing(s1, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    EXPECT(calls == 0);   // nothing ran while capturing
    size_t nn = 0;
    CHECK(cudaGraphGetNodes(g, NULL, &nn));
    EXPECT(nn == 5);
    cudaGraphExec_t x;
    CHECK(cudaGraphInstantiate(&x, g, 0));
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++)
            h[i] = (float)(i + round);
        CHECK(cudaGraphLaunch(x, s1));
        CHECK(cudaStreamSynchronize(s1));
        for (int i = 0; i < N; i++)
            EXPECT(out[i] == 2.0f * (i + round) + 1.0f);
    }
    EXPECT(calls == 3);

    // launched 100 times in stream order without waiting in between: each adds 1 after the copy
    // in, so the result is the last launch's
    for (int i = 0; i < N; i++)
        h[i] = 1.0f;
    for (int k = 0; k < 100; k++)
        CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    EXPECT(calls == 103 && out[7] == 3.0f);

    // ---- an update from a second capture of the same code with another constant
    cudaGraph_t g2;
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeThreadLocal));
    CHECK(cudaMemcpyAsync(d, h.data(), N * sizeof(float), cudaMemcpyHostToDevice, s1));
    scale<<<grid(), 128, 0, s1>>>(d, 3.0f, N);
    add<<<grid(), 128, 0, s1>>>(d, 1.0f, N);
    CHECK(cudaMemcpyAsync(out.data(), d, N * sizeof(float), cudaMemcpyDeviceToHost, s1));
    CHECK(cudaLaunchHostFunc(s1, count_calls, &calls));
    CHECK(cudaStreamEndCapture(s1, &g2));
    cudaGraphExecUpdateResultInfo info;
    CHECK(cudaGraphExecUpdate(x, g2, &info));
    EXPECT(info.result == cudaGraphExecUpdateSuccess);
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    EXPECT(out[5] == 4.0f);
    // a graph of another shape is refused, the executable graph unchanged (CUDA 11's form)
    cudaGraph_t g3;
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeRelaxed));
    scale<<<grid(), 128, 0, s1>>>(d, 5.0f, N);
    CHECK(cudaStreamEndCapture(s1, &g3));
    cudaGraphNode_t err_node = NULL;
    cudaGraphExecUpdateResult result;
    EXPECT_ERR(cudaGraphExecUpdate(x, g3, &err_node, &result), cudaErrorGraphExecUpdateFailure);
    EXPECT(result == cudaGraphExecUpdateErrorTopologyChanged);
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    EXPECT(out[5] == 4.0f);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(g2));
    CHECK(cudaGraphDestroy(g3));

    // ---- fork and join across two streams
    cudaEvent_t fork, join, outside;
    CHECK(cudaEventCreate(&fork));
    CHECK(cudaEventCreate(&join));
    CHECK(cudaEventCreate(&outside));
    for (int i = 0; i < N; i++)
        h[i] = (float)i;
    CHECK(cudaMemcpy(d, h.data(), N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d2, h.data(), N * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CHECK(cudaEventRecord(fork, s1));
    CHECK(cudaStreamWaitEvent(s2, fork, 0));
    CHECK(cudaStreamIsCapturing(s2, &st));
    EXPECT(st == cudaStreamCaptureStatusActive);   // s2 joined the capture
    scale<<<grid(), 128, 0, s1>>>(d, 2.0f, N);
    scale<<<grid(), 128, 0, s2>>>(d2, 10.0f, N);
    CHECK(cudaEventRecord(join, s2));
    CHECK(cudaStreamWaitEvent(s1, join, 0));
    sum_into<<<grid(), 128, 0, s1>>>(d, d2, d3, N);
    CHECK(cudaStreamEndCapture(s1, &g));
    CHECK(cudaStreamIsCapturing(s2, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);
    EXPECT_ERR(cudaEventQuery(join), cudaErrorCapturedEvent);   // last recorded in a capture
    EXPECT_ERR(cudaEventSynchronize(join), cudaErrorCapturedEvent);
    size_t nedges = 0;
    CHECK(cudaGraphGetEdges(g, NULL, NULL, NULL, &nedges));
    EXPECT(nedges == 2);   // both scales before the sum, nothing between them
    size_t nroots = 0;
    CHECK(cudaGraphGetRootNodes(g, NULL, &nroots));
    EXPECT(nroots == 2);
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s2));   // any stream
    CHECK(cudaMemcpyAsync(out.data(), d3, N * sizeof(float), cudaMemcpyDeviceToHost, s2));
    CHECK(cudaStreamSynchronize(s2));
    for (int i = 0; i < N; i++)
        EXPECT(out[i] == 12.0f * i);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));

    // ---- 40 forks and joins in a row: 2^40 paths through the graph
    CHECK(cudaMemset(d, 0, N * sizeof(float)));
    CHECK(cudaMemset(d2, 0, N * sizeof(float)));
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    for (int round = 0; round < 40; round++) {
        CHECK(cudaEventRecord(fork, s1));
        CHECK(cudaStreamWaitEvent(s2, fork, 0));
        add<<<grid(), 128, 0, s1>>>(d, 1.0f, N);
        add<<<grid(), 128, 0, s2>>>(d2, 2.0f, N);
        CHECK(cudaEventRecord(join, s2));
        CHECK(cudaStreamWaitEvent(s1, join, 0));
    }
    CHECK(cudaStreamEndCapture(s1, &g));
    CHECK(cudaGraphInstantiate(&x, g, 0));
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaMemcpy(out.data(), d, N * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 40.0f && out[N - 1] == 40.0f);
    CHECK(cudaMemcpy(out.data(), d2, N * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 80.0f && out[N - 1] == 80.0f);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(g));
    // the same with a third stream forked first and never joined: the join check must find
    // that no path leads to it without trying each of the 2^40
    cudaStream_t s3;
    CHECK(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking));
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CHECK(cudaEventRecord(fork, s1));
    CHECK(cudaStreamWaitEvent(s3, fork, 0));
    add<<<grid(), 128, 0, s3>>>(d3, 1.0f, N);
    for (int round = 0; round < 40; round++) {
        CHECK(cudaEventRecord(fork, s1));
        CHECK(cudaStreamWaitEvent(s2, fork, 0));
        add<<<grid(), 128, 0, s1>>>(d, 1.0f, N);
        add<<<grid(), 128, 0, s2>>>(d2, 2.0f, N);
        CHECK(cudaEventRecord(join, s2));
        CHECK(cudaStreamWaitEvent(s1, join, 0));
    }
    EXPECT_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureUnjoined);
    CHECK(cudaStreamDestroy(s3));

    // ---- what capture refuses
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CHECK(cudaEventRecord(fork, s1));
    CHECK(cudaStreamWaitEvent(s2, fork, 0));
    scale<<<grid(), 128, 0, s2>>>(d2, 1.0f, N);
    g = (cudaGraph_t)&calls;
    EXPECT_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureUnjoined);   // s2 never joined back
    EXPECT(g == NULL);
    CHECK(cudaStreamIsCapturing(s2, &st));
    EXPECT(st == cudaStreamCaptureStatusNone);

    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    scale<<<grid(), 128, 0, s1>>>(d, 1.0f, N);
    EXPECT_ERR(cudaStreamSynchronize(s1), cudaErrorStreamCaptureUnsupported);
    CHECK(cudaStreamIsCapturing(s1, &st));
    EXPECT(st == cudaStreamCaptureStatusInvalidated);
    EXPECT_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureInvalidated);
    EXPECT(g == NULL);

    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    EXPECT_ERR(cudaStreamAddCallback(s1, callback, NULL, 0), cudaErrorStreamCaptureUnsupported);
    EXPECT_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureInvalidated);

    CHECK(cudaEventRecord(outside, s2));
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    EXPECT_ERR(cudaStreamWaitEvent(s1, outside, 0), cudaErrorStreamCaptureIsolation);
    EXPECT_ERR(cudaStreamEndCapture(s1, &g), cudaErrorStreamCaptureInvalidated);

    EXPECT_ERR(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
    EXPECT_ERR(cudaStreamEndCapture(s1, &g), cudaErrorIllegalState);   // not capturing

    // ---- an explicit graph
    //   memset32 (d = 1.0f) -> kernel scale(d, 3) -> child { add(d, 0.5) } -> memcpy3D d -> d3 -+
    //   memset16 (d2 as shorts = 0xABCD) --------------------------------------------------------+-> empty -> host
    //                                                                                              `-> record ev
    cudaGraph_t eg, child;
    CHECK(cudaGraphCreate(&eg, 0));
    cudaGraphNode_t set32, set16, kern, childnode, copy, empty, host, record;
    cudaMemsetParams ms = {};
    ms.dst = d;
    ms.value = 0x3f800000u;   // 1.0f
    ms.elementSize = 4;
    ms.width = N;
    ms.height = 1;
    CHECK(cudaGraphAddMemsetNode(&set32, eg, NULL, 0, &ms));
    ms.dst = d2;
    ms.value = 0xABCDu;
    ms.elementSize = 2;
    ms.width = 2 * N;
    CHECK(cudaGraphAddMemsetNode(&set16, eg, NULL, 0, &ms));
    ms.elementSize = 3;
    cudaGraphNode_t bad;
    EXPECT_ERR(cudaGraphAddMemsetNode(&bad, eg, NULL, 0, &ms), cudaErrorInvalidValue);
    float three = 3.0f;
    int n = N;
    void *kargs[] = {&d, &three, &n};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)scale;
    kp.gridDim = dim3(grid());
    kp.blockDim = dim3(128);
    kp.kernelParams = kargs;
    CHECK(cudaGraphAddKernelNode(&kern, eg, &set32, 1, &kp));
    three = 100.0f;   // the node took a copy of the arguments
    cudaKernelNodeParams got = {};
    CHECK(cudaGraphKernelNodeGetParams(kern, &got));
    EXPECT(got.func == (void *)scale && got.gridDim.x == (unsigned)grid() && *(float *)got.kernelParams[1] == 3.0f);
    CHECK(cudaGraphCreate(&child, 0));
    float half = 0.5f;
    void *cargs[] = {&d, &half, &n};
    kp.func = (void *)add;
    kp.kernelParams = cargs;
    cudaGraphNode_t inner;
    CHECK(cudaGraphAddKernelNode(&inner, child, NULL, 0, &kp));
    CHECK(cudaGraphAddChildGraphNode(&childnode, eg, &kern, 1, child));
    CHECK(cudaGraphDestroy(child));   // the node holds its own copy
    cudaMemcpy3DParms cp = {};
    cp.srcPtr = make_cudaPitchedPtr(d, N * sizeof(float), N, 1);
    cp.dstPtr = make_cudaPitchedPtr(d3, N * sizeof(float), N, 1);
    cp.extent = make_cudaExtent(N * sizeof(float), 1, 1);
    cp.kind = cudaMemcpyDeviceToDevice;
    CHECK(cudaGraphAddMemcpyNode(&copy, eg, &childnode, 1, &cp));
    cudaGraphNode_t both[] = {copy, set16};
    CHECK(cudaGraphAddEmptyNode(&empty, eg, both, 2));
    cudaHostNodeParams hp = {count_calls, &calls};
    CHECK(cudaGraphAddHostNode(&host, eg, &empty, 1, &hp));
    cudaEvent_t ev;
    CHECK(cudaEventCreate(&ev));
    CHECK(cudaGraphAddEventRecordNode(&record, eg, &empty, 1, ev));
    EXPECT_ERR(cudaGraphAddEmptyNode(&bad, eg, both, 0), cudaSuccess);   // no dependencies: fine
    CHECK(cudaGraphDestroyNode(bad));
    cudaGraphNode_t twice[] = {copy, copy};
    EXPECT_ERR(cudaGraphAddEmptyNode(&bad, eg, twice, 2), cudaErrorInvalidValue);
    size_t ndependents = 0;
    CHECK(cudaGraphNodeGetDependentNodes(empty, NULL, NULL, &ndependents));
    EXPECT(ndependents == 2);
    CHECK(cudaGraphGetNodes(eg, NULL, &nn));
    EXPECT(nn == 8);
    cudaGraph_t copyg;
    CHECK(cudaGraphClone(&copyg, eg));
    CHECK(cudaGraphInstantiate(&x, copyg, 0));
    CHECK(cudaGraphDestroy(copyg));   // the executable graph stands alone
    int before = calls;
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaEventSynchronize(ev));
    CHECK(cudaStreamSynchronize(s1));
    EXPECT(calls == before + 1);
    CHECK(cudaMemcpy(out.data(), d3, N * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        EXPECT(out[i] == 3.5f);
    std::vector<unsigned short> shorts(2 * N);
    CHECK(cudaMemcpy(shorts.data(), d2, 2 * N * sizeof(short), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 2 * N; i++)
        EXPECT(shorts[i] == 0xABCD);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphInstantiate(&x, eg, 0));

    // new kernel parameters in the executable graph only; a disabled copy node
    float seven = 7.0f;
    void *kargs2[] = {&d, &seven, &n};
    kp.func = (void *)scale;
    kp.kernelParams = kargs2;
    CHECK(cudaGraphExecKernelNodeSetParams(x, kern, &kp));   // a node of the graph it came from
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaMemcpy(out.data(), d3, N * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 7.5f);
    CHECK(cudaGraphNodeSetEnabled(x, copy, 0));
    CHECK(cudaMemset(d3, 0, N * sizeof(float)));
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    CHECK(cudaMemcpy(out.data(), d3, N * sizeof(float), cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 0.0f);
    unsigned enabled = 1;
    CHECK(cudaGraphNodeGetEnabled(x, copy, &enabled));
    EXPECT(enabled == 0);
    EXPECT_ERR(cudaGraphNodeSetEnabled(x, host, 0), cudaErrorInvalidValue);   // host nodes cannot be
    CHECK(cudaGraphExecDestroy(x));
    // the 1-D copy node and the generic cudaGraphAddNode
    cudaGraphNode_t copy1d, generic;
    CHECK(cudaGraphAddMemcpyNode1D(&copy1d, eg, &host, 1, out.data(), d3, N * sizeof(float),
                                   cudaMemcpyDeviceToHost));
    cudaGraphNodeParams np = {};
    np.type = cudaGraphNodeTypeHost;
    np.host.fn = count_calls;
    np.host.userData = &calls;
    CHECK(cudaGraphAddNode(&generic, eg, &copy1d, NULL, 1, &np));
    CHECK(cudaGraphInstantiate(&x, eg, 0));
    before = calls;
    memset(out.data(), 0, N * sizeof(float));
    CHECK(cudaGraphLaunch(x, s1));
    CHECK(cudaStreamSynchronize(s1));
    EXPECT(calls == before + 2 && out[3] == 3.5f);
    CHECK(cudaGraphExecDestroy(x));
    CHECK(cudaGraphDestroy(eg));

    cudaGraphConditionalHandle handle;
    CHECK(cudaGraphCreate(&eg, 0));
    EXPECT_ERR(cudaGraphConditionalHandleCreate(&handle, eg, 0, 0), cudaErrorNotSupported);
    CHECK(cudaGraphDestroy(eg));

    CHECK(cudaGetLastError());
    printf("graphs: ok\n");
    return 0;
}
