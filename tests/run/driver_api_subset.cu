// The driver API's everyday subset (cuda.h, -lcuda), as a GPU answers it: calls before
// cuInit, devices and their attributes (the runtime's properties), contexts (create, current,
// push and pop, the primary one), memory (alloc, the three copies, async
// copies on a stream, memsets of 8, 16 and 32 bits, info), a runtime launch on memory from
// cuMemAlloc, events timing a stream, and error names and strings; failing driver calls leave
// the runtime's last error alone. A program that used the runtime API first calls the driver
// without cuInit (CUDA's runtime initialises the driver; Rodinia's mummergpu relies on it).
// RUN: %cu2cc %s -o %t -lcuda && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t runtime-first | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>

static int bad = 0;
#define EXPECT(cond, ...) do { if (!(cond) && bad++ < 20) { printf("line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); } } while (0)
#define EQ(call, want) do { CUresult r_ = (call); EXPECT(r_ == (want), "%s gave %d, not %d", #call, (int)r_, (int)(want)); } while (0)

__global__ void twice(int *a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= 2;
}

int main(int argc, char **argv) {
    int count = -1;
    CUdevice dev;
    if (argc > 1 && strcmp(argv[1], "runtime-first") == 0) {
        int *p;
        size_t free_b = 0, total_b = 0;
        EXPECT(cudaMalloc(&p, 64) == cudaSuccess, "cudaMalloc");
        EQ(cuMemGetInfo(&free_b, &total_b), CUDA_SUCCESS);
        EQ(cuDeviceGetCount(&count), CUDA_SUCCESS);
        EXPECT(total_b > 0 && count >= 1, "info %zu, %d devices", total_b, count);
        printf(bad ? "FAIL\n" : "PASS\n");
        return bad != 0;
    }
    EQ(cuDeviceGetCount(&count), CUDA_ERROR_NOT_INITIALIZED);
    EQ(cuInit(1), CUDA_ERROR_INVALID_VALUE);
    EQ(cuInit(0), CUDA_SUCCESS);
    int version = 0;
    EQ(cuDriverGetVersion(&version), CUDA_SUCCESS);
    EXPECT(version == CUDA_VERSION, "driver version %d", version);
    EQ(cuDeviceGetCount(&count), CUDA_SUCCESS);
    EXPECT(count >= 1, "%d devices", count);
    EQ(cuDeviceGet(&dev, count), CUDA_ERROR_INVALID_DEVICE);
    EQ(cuDeviceGet(&dev, 0), CUDA_SUCCESS);

    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    char name[256];
    int major = 0, minor = 0, v = 0;
    size_t total = 0;
    EQ(cuDeviceGetName(name, sizeof name, dev), CUDA_SUCCESS);
    EXPECT(strcmp(name, p.name) == 0, "name %s", name);
    EQ(cuDeviceComputeCapability(&major, &minor, dev), CUDA_SUCCESS);
    EXPECT(major == p.major && minor == p.minor, "capability %d.%d", major, minor);
    EQ(cuDeviceTotalMem(&total, dev), CUDA_SUCCESS);
    EXPECT(total == p.totalGlobalMem, "total memory %zu", total);
    EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev), CUDA_SUCCESS);
    EXPECT(v == 32, "warp size %d", v);
    EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev), CUDA_SUCCESS);
    EXPECT(v == p.multiProcessorCount, "multiprocessors %d", v);
    EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev), CUDA_SUCCESS);
    EXPECT(v == p.maxThreadsPerBlock, "threads per block %d", v);
    EQ(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev), CUDA_SUCCESS);
    EXPECT(v == p.major, "major %d", v);

    /* contexts */
    CUcontext ctx = NULL, other = NULL, cur = NULL, primary = NULL, popped = NULL;
    EQ(cuCtxCreate(&ctx, 0, dev), CUDA_SUCCESS);
    EQ(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
    EXPECT(cur == ctx, "current after create");
    CUdevice cdev = -1;
    EQ(cuCtxGetDevice(&cdev), CUDA_SUCCESS);
    EXPECT(cdev == dev, "context's device %d", cdev);
    unsigned api = 0;
    EQ(cuCtxGetApiVersion(ctx, &api), CUDA_SUCCESS);
    EXPECT(api == 3020, "api version %u", api);
    EQ(cuCtxCreate(&other, 0, dev), CUDA_SUCCESS);
    EQ(cuCtxPopCurrent(&popped), CUDA_SUCCESS);
    EXPECT(popped == other, "popped the newest");
    EQ(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
    EXPECT(cur == ctx, "current after pop");
    EQ(cuCtxPushCurrent(other), CUDA_SUCCESS);
    EQ(cuCtxSetCurrent(ctx), CUDA_SUCCESS);
    EQ(cuCtxGetCurrent(&cur), CUDA_SUCCESS);
    EXPECT(cur == ctx, "current after set");
    EQ(cuCtxDestroy(other), CUDA_SUCCESS);
    EQ(cuDevicePrimaryCtxRetain(&primary, dev), CUDA_SUCCESS);
    unsigned flags = 7;
    int active = 0;
    EQ(cuDevicePrimaryCtxGetState(dev, &flags, &active), CUDA_SUCCESS);
    EXPECT(active == 1, "primary active %d", active);

    /* memory */
    const int n = 1000;
    int host[n], back[n];
    for (int i = 0; i < n; i++)
        host[i] = i * 3 - 7;
    CUdeviceptr d = 0, d2 = 0;
    EQ(cuMemAlloc(&d, 0), CUDA_ERROR_INVALID_VALUE);
    EXPECT(cudaGetLastError() == cudaSuccess, "a driver failure set the runtime's last error");
    EQ(cuMemAlloc(&d, n * sizeof(int)), CUDA_SUCCESS);
    EQ(cuMemAlloc(&d2, n * sizeof(int)), CUDA_SUCCESS);
    size_t free_b = 0, total_b = 0;
    EQ(cuMemGetInfo(&free_b, &total_b), CUDA_SUCCESS);
    EXPECT(free_b <= total_b && total_b > 0, "info %zu of %zu", free_b, total_b);
    EQ(cuMemcpyHtoD(d, host, n * sizeof(int)), CUDA_SUCCESS);
    twice<<<(n + 127) / 128, 128>>>((int *)d, n);
    EQ(cuCtxSynchronize(), CUDA_SUCCESS);
    EQ(cuMemcpyDtoD(d2, d, n * sizeof(int)), CUDA_SUCCESS);
    EQ(cuMemcpyDtoH(back, d2, n * sizeof(int)), CUDA_SUCCESS);
    for (int i = 0; i < n; i++)
        EXPECT(back[i] == 2 * host[i], "element %d: %d", i, back[i]);
    EQ(cuMemsetD8(d, 0xab, 5), CUDA_SUCCESS);
    EQ(cuMemsetD16(d + 8, 0x1234, 3), CUDA_SUCCESS);
    EQ(cuMemsetD32(d + 16, 0xdeadbeefu, 2), CUDA_SUCCESS);
    unsigned char bytes[24];
    EQ(cuMemcpyDtoH(bytes, d, sizeof bytes), CUDA_SUCCESS);
    for (int i = 0; i < 5; i++)
        EXPECT(bytes[i] == 0xab, "memset8 byte %d: %x", i, bytes[i]);
    unsigned short s16;
    memcpy(&s16, bytes + 12, 2);
    EXPECT(s16 == 0x1234, "memset16 %x", s16);
    unsigned u32;
    memcpy(&u32, bytes + 20, 4);
    EXPECT(u32 == 0xdeadbeefu, "memset32 %x", u32);

    /* a stream and events */
    CUstream s;
    CUevent e0, e1;
    EQ(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING), CUDA_SUCCESS);
    EQ(cuEventCreate(&e0, CU_EVENT_DEFAULT), CUDA_SUCCESS);
    EQ(cuEventCreate(&e1, CU_EVENT_DEFAULT), CUDA_SUCCESS);
    EQ(cuEventRecord(e0, s), CUDA_SUCCESS);
    EQ(cuMemcpyHtoDAsync(d, host, n * sizeof(int), s), CUDA_SUCCESS);
    EQ(cuMemcpyDtoHAsync(back, d, n * sizeof(int), s), CUDA_SUCCESS);
    EQ(cuEventRecord(e1, s), CUDA_SUCCESS);
    EQ(cuEventSynchronize(e1), CUDA_SUCCESS);
    float ms = -1.0f;
    EQ(cuEventElapsedTime(&ms, e0, e1), CUDA_SUCCESS);
    EXPECT(ms >= 0.0f, "elapsed %g", ms);
    EQ(cuStreamSynchronize(s), CUDA_SUCCESS);
    EQ(cuStreamQuery(s), CUDA_SUCCESS);
    EQ(cuEventQuery(e1), CUDA_SUCCESS);
    for (int i = 0; i < n; i++)
        EXPECT(back[i] == host[i], "async element %d: %d", i, back[i]);
    EQ(cuEventDestroy(e0), CUDA_SUCCESS);
    EQ(cuEventDestroy(e1), CUDA_SUCCESS);
    EQ(cuStreamDestroy(s), CUDA_SUCCESS);
    EQ(cuMemFree(d), CUDA_SUCCESS);
    EQ(cuMemFree(d2), CUDA_SUCCESS);

    /* errors */
    const char *str = NULL;
    EQ(cuGetErrorName(CUDA_ERROR_INVALID_VALUE, &str), CUDA_SUCCESS);
    EXPECT(str && strcmp(str, "CUDA_ERROR_INVALID_VALUE") == 0, "name %s", str ? str : "(null)");
    EQ(cuGetErrorString(CUDA_ERROR_OUT_OF_MEMORY, &str), CUDA_SUCCESS);
    EXPECT(str && strcmp(str, "out of memory") == 0, "string %s", str ? str : "(null)");
    EQ(cuGetErrorString(CUDA_ERROR_INVALID_CONTEXT, &str), CUDA_SUCCESS);
    EXPECT(str && strcmp(str, "invalid device context") == 0, "string %s", str ? str : "(null)");
    EQ(cuGetErrorString(CUDA_SUCCESS, &str), CUDA_SUCCESS);
    EXPECT(str && strcmp(str, "no error") == 0, "string %s", str ? str : "(null)");
    EQ(cuGetErrorString((CUresult)12345, &str), CUDA_ERROR_INVALID_VALUE);
    EXPECT(str == NULL, "unknown code's string");

    EQ(cuDevicePrimaryCtxRelease(dev), CUDA_SUCCESS);
    EQ(cuCtxDestroy(ctx), CUDA_SUCCESS);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
