// NVTX (nvtx3/nvToolsExt.h and its CUDA naming headers, and the older top-level paths where
// present): the calls programs make to annotate a profile compile, link with -lnvToolsExt and
// do nothing, answering as NVTX does with no profiler attached (push/pop:
// NVTX_NO_PUSH_POP_TRACKING, ids and handles 0); the kernels between them run as usual.
// Built by cu2cc, and as C output by cc (NVTX is a C API), and a host .c file calling NVTX
// links with cu2c's lib64 as with a toolkit's.
// RUN: %cu2cc %s -o %t -lnvToolsExt && %t | FileCheck %s
// RUN: %cu2c --lang=c %s -o %t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -O2 -I%root/include %t.c -L%root/lib64 -lnvToolsExt %root/lib/libcu2c.a -pthread -lm -o %t.cbin
// RUN: %t.cbin | FileCheck %s
// RUN: %cu2cc -DHOST_PART -x c -c %s -o %t.host.o && cc %t.host.o -L%root/lib64 -lcudart -lnvToolsExt -pthread -lm -o %t.host && %t.host | FileCheck %s --check-prefix=HOST
// CHECK: sum 523776
// CHECK: nvtx ok
// HOST: host nvtx ok
// RUN: %cu2cc --dryrun %s -o %t -lnvToolsExt 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ c++ {{.*}}libcu2c{{(-race)?}}.a
// LINK-NOT: nvToolsExt
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCuda.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#if __has_include(<nvToolsExt.h>)    /* CUDA 12 and earlier ship these too; CUDA 13 does not */
#include <nvToolsExt.h>
#include <nvToolsExtCuda.h>
#include <nvToolsExtCudaRt.h>
#endif
#include <stdio.h>
#include <wchar.h>
#include <cuda_runtime.h>

static int failures;
#define CHECK(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); failures++; } } while (0)

static void annotate(void) {
    nvtxInitialize(NULL);
    nvtxMarkA("start");
    nvtxMarkW(L"start (wide)");
    nvtxNameOsThreadA(1, "main thread");
    nvtxNameOsThreadW(1, L"main thread");
    nvtxNameCategoryA(7, "setup");
    nvtxNameCategoryW(7, L"setup");

    int level = nvtxRangePushA("outer");
    CHECK(level == NVTX_NO_PUSH_POP_TRACKING);
    CHECK(nvtxRangePushW(L"inner") == NVTX_NO_PUSH_POP_TRACKING);
    CHECK(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);
    CHECK(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);

    nvtxRangeId_t id = nvtxRangeStartA("overlapping");
    nvtxRangeId_t wid = nvtxRangeStartW(L"overlapping (wide)");
    nvtxRangeEnd(id);
    nvtxRangeEnd(wid);
    CHECK(id == 0 && wid == 0);

    /* the attributes form, as NVTX's documentation fills it in */
    nvtxEventAttributes_t attr = {0};
    attr.version = NVTX_VERSION;
    attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    attr.category = 7;
    attr.colorType = NVTX_COLOR_ARGB;
    attr.color = 0xFF00FF00u;
    attr.payloadType = NVTX_PAYLOAD_TYPE_DOUBLE;
    attr.payload.dValue = 2.5;
    attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
    attr.message.ascii = "colored";
    CHECK(attr.size == sizeof(nvtxEventAttributes_t));
    nvtxMarkEx(&attr);
    CHECK(nvtxRangePushEx(&attr) == NVTX_NO_PUSH_POP_TRACKING);
    CHECK(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);
    nvtxRangeEnd(nvtxRangeStartEx(&attr));

    nvtxDomainHandle_t dom = nvtxDomainCreateA("cu2c test");
    nvtxDomainHandle_t wdom = nvtxDomainCreateW(L"cu2c test (wide)");
    nvtxStringHandle_t s = nvtxDomainRegisterStringA(dom, "registered");
    nvtxStringHandle_t ws = nvtxDomainRegisterStringW(dom, L"registered (wide)");
    nvtxDomainNameCategoryA(dom, 1, "category");
    nvtxDomainNameCategoryW(dom, 1, L"category");
    attr.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
    attr.message.registered = s;
    nvtxDomainMarkEx(dom, &attr);
    nvtxDomainRangeEnd(dom, nvtxDomainRangeStartEx(dom, &attr));
    CHECK(nvtxDomainRangePushEx(dom, &attr) == NVTX_NO_PUSH_POP_TRACKING);
    CHECK(nvtxDomainRangePop(dom) == NVTX_NO_PUSH_POP_TRACKING);
    nvtxResourceAttributes_t res = {0};
    res.version = NVTX_VERSION;
    res.size = NVTX_RESOURCE_ATTRIB_STRUCT_SIZE;
    res.identifierType = NVTX_RESOURCE_TYPE_GENERIC_POINTER;
    res.identifier.pValue = &res;
    res.messageType = NVTX_MESSAGE_TYPE_ASCII;
    res.message.ascii = "a resource";
    nvtxDomainResourceDestroy(nvtxDomainResourceCreate(dom, &res));
    nvtxDomainDestroy(dom);
    nvtxDomainDestroy(wdom);
    (void)ws;

    /* the unsuffixed names are the A forms without UNICODE */
    nvtxMark("plain");
    CHECK(nvtxRangePush("plain") == NVTX_NO_PUSH_POP_TRACKING);
    nvtxRangePop();
}

#ifdef HOST_PART
/* a host program of plain C calling NVTX and the runtime: cu2c's lib64 links it */
int main(void) {
    annotate();
    cudaStream_t st;
    CHECK(cudaStreamCreate(&st) == cudaSuccess);
    nvtxNameCudaStreamA(st, "a stream");
    CHECK(cudaStreamDestroy(st) == cudaSuccess);
    if (failures)
        return 1;
    printf("host nvtx ok\n");
    return 0;
}
#else
__global__ void sum(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(out, in[i]);
}

int main(void) {
    enum { N = 1024 };
    annotate();
    cudaStream_t st;
    cudaEvent_t ev;
    CHECK(cudaStreamCreate(&st) == cudaSuccess);
    CHECK(cudaEventCreate(&ev) == cudaSuccess);
    nvtxNameCudaDeviceA(0, "the CPU");
    nvtxNameCudaDeviceW(0, L"the CPU");
    nvtxNameCudaStreamA(st, "work");
    nvtxNameCudaStreamW(st, L"work");
    nvtxNameCudaEventA(ev, "done");
    nvtxNameCudaEventW(ev, L"done");
    nvtxNameCuDeviceA(0, "the CPU");
    nvtxNameCuStreamA((CUstream)st, "work");
    nvtxNameCuEventA((CUevent)ev, "done");
    nvtxNameCuContextA((CUcontext)0, "no context");

    int *in, *out;
    CHECK(cudaMallocManaged((void **)&in, N * sizeof(int), cudaMemAttachGlobal) == cudaSuccess);
    CHECK(cudaMallocManaged((void **)&out, sizeof(int), cudaMemAttachGlobal) == cudaSuccess);
    for (int i = 0; i < N; i++)
        in[i] = i;
    *out = 0;
    nvtxRangePushA("kernel");
    sum<<<N / 256, 256, 0, st>>>(in, out, N);
    CHECK(cudaEventRecord(ev, st) == cudaSuccess);
    CHECK(cudaEventSynchronize(ev) == cudaSuccess);
    nvtxRangePop();
    printf("sum %d\n", *out);
    CHECK(*out == N * (N - 1) / 2);
    CHECK(cudaFree(in) == cudaSuccess && cudaFree(out) == cudaSuccess);
    CHECK(cudaEventDestroy(ev) == cudaSuccess && cudaStreamDestroy(st) == cudaSuccess);
    if (failures)
        return 1;
    printf("nvtx ok\n");
    return 0;
}
#endif
