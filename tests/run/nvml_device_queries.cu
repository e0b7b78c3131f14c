// NVML (nvml.h, -lnvidia-ml) over cu2c's device: initialisation (calls before it are
// NVML_ERROR_UNINITIALIZED), the count and handles (a bad index is INVALID_ARGUMENT), the name,
// UUID and memory that the CUDA runtime reports for the same device, clocks in MHz, the
// compute capability, a too-small buffer (INSUFFICIENT_SIZE), and NOT_SUPPORTED for the
// sensors a CPU process cannot read as NVML means them (llm.c's monitoring calls).
// RUN: %cu2cc %s -o %t -lnvidia-ml && %t | FileCheck %s
// CHECK: before init: Uninitialized
// CHECK-NEXT: devices 1
// CHECK-NEXT: bad index: Invalid Argument
// CHECK-NEXT: name matches, uuid matches
// CHECK-NEXT: memory matches
// CHECK-NEXT: clocks match
// CHECK-NEXT: compute capability 8.0
// CHECK-NEXT: small buffer: Insufficient Size
// CHECK-NEXT: power: Not Supported, fan: Not Supported, samples: Not Supported, throttle: Not Supported
// CHECK-NEXT: shutdown: Success, again: Uninitialized
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <nvml.h>

int main() {
    nvmlDevice_t dev;
    unsigned count = 0;
    printf("before init: %s\n", nvmlErrorString(nvmlDeviceGetCount(&count)));
    if (nvmlInit() != NVML_SUCCESS || nvmlDeviceGetCount(&count) != NVML_SUCCESS)
        return 1;
    printf("devices %u\n", count);
    printf("bad index: %s\n", nvmlErrorString(nvmlDeviceGetHandleByIndex(count, &dev)));
    if (nvmlDeviceGetHandleByIndex_v2(0, &dev) != NVML_SUCCESS)
        return 1;
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    char name[NVML_DEVICE_NAME_V2_BUFFER_SIZE], uuid[NVML_DEVICE_UUID_V2_BUFFER_SIZE];
    nvmlDeviceGetName(dev, name, sizeof name);
    nvmlDeviceGetUUID(dev, uuid, sizeof uuid);
    char want_uuid[64];
    const unsigned char *b = (const unsigned char *)prop.uuid.bytes;
    snprintf(want_uuid, sizeof want_uuid, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    printf("name %s, uuid %s\n", strcmp(name, prop.name) ? "differs" : "matches", strcmp(uuid, want_uuid) ? "differs" : "matches");
    nvmlMemory_t mem;
    size_t free_b, total_b;
    nvmlDeviceGetMemoryInfo(dev, &mem);
    cudaMemGetInfo(&free_b, &total_b);
    printf("memory %s\n", mem.total == total_b && mem.used == mem.total - mem.free ? "matches" : "differs");
    unsigned sm = 0, max_sm = 0, memclk = 0;
    nvmlDeviceGetClockInfo(dev, NVML_CLOCK_SM, &sm);
    nvmlDeviceGetMaxClockInfo(dev, NVML_CLOCK_SM, &max_sm);
    nvmlDeviceGetClockInfo(dev, NVML_CLOCK_MEM, &memclk);
    int rate = 0, mem_rate = 0;     // kHz
    cudaDeviceGetAttribute(&rate, cudaDevAttrClockRate, 0);
    cudaDeviceGetAttribute(&mem_rate, cudaDevAttrMemoryClockRate, 0);
    printf("clocks %s\n", rate > 0 && sm == (unsigned)rate / 1000 && max_sm == sm &&
                          memclk == (unsigned)mem_rate / 1000 ? "match" : "differ");
    int major = 0, minor = 0;
    nvmlDeviceGetCudaComputeCapability(dev, &major, &minor);
    printf("compute capability %d.%d\n", major, minor);
    char tiny[4];
    printf("small buffer: %s\n", nvmlErrorString(nvmlDeviceGetName(dev, tiny, sizeof tiny)));
    unsigned power, fan, n = 4;
    unsigned long long reasons;
    nvmlValueType_t vt;
    nvmlSample_t samples[4];
    printf("power: %s, fan: %s, samples: %s, throttle: %s\n", nvmlErrorString(nvmlDeviceGetPowerUsage(dev, &power)),
           nvmlErrorString(nvmlDeviceGetFanSpeed(dev, &fan)),
           nvmlErrorString(nvmlDeviceGetSamples(dev, NVML_GPU_UTILIZATION_SAMPLES, 0, &vt, &n, samples)),
           nvmlErrorString(nvmlDeviceGetCurrentClocksThrottleReasons(dev, &reasons)));
    nvmlReturn_t r = nvmlShutdown();
    printf("shutdown: %s, again: %s\n", nvmlErrorString(r), nvmlErrorString(nvmlDeviceGetCount(&count)));
    return 0;
}
