/* libraries/nvml/nvml.c - NVML (nvml.h) over libcu2c's devices: what cudaDeviceProp and
 * cudaMemGetInfo tell of a device, in NVML's units (MHz, bytes); the CPU package's
 * temperature from /sys/class/thermal where Linux shows one; NVML_ERROR_NOT_SUPPORTED for what
 * a CPU process cannot read as NVML means it (power, fans, utilisation samples, throttle
 * reasons, thresholds). Calls before nvmlInit are NVML_ERROR_UNINITIALIZED, as in NVML. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "nvml.h"

#define NVML_MAX_DEVICES 64

struct nvmlDevice_st {
    unsigned index;
};

static struct nvmlDevice_st devices[NVML_MAX_DEVICES];
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int init_count;

nvmlReturn_t nvmlInit_v2(void)
{
    pthread_mutex_lock(&init_lock);
    init_count++;
    for (unsigned i = 0; i < NVML_MAX_DEVICES; i++)
        devices[i].index = i;
    pthread_mutex_unlock(&init_lock);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlInitWithFlags(unsigned int flags)
{
    (void)flags;
    return nvmlInit_v2();
}

nvmlReturn_t nvmlShutdown(void)
{
    pthread_mutex_lock(&init_lock);
    nvmlReturn_t r = init_count > 0 ? NVML_SUCCESS : NVML_ERROR_UNINITIALIZED;
    if (init_count > 0)
        init_count--;
    pthread_mutex_unlock(&init_lock);
    return r;
}

static int initialised(void)
{
    pthread_mutex_lock(&init_lock);
    int n = init_count;
    pthread_mutex_unlock(&init_lock);
    return n > 0;
}

const char *nvmlErrorString(nvmlReturn_t result)
{
    switch (result) {
    case NVML_SUCCESS: return "Success";
    case NVML_ERROR_UNINITIALIZED: return "Uninitialized";
    case NVML_ERROR_INVALID_ARGUMENT: return "Invalid Argument";
    case NVML_ERROR_NOT_SUPPORTED: return "Not Supported";
    case NVML_ERROR_NO_PERMISSION: return "Insufficient Permissions";
    case NVML_ERROR_ALREADY_INITIALIZED: return "Already Initialized";
    case NVML_ERROR_NOT_FOUND: return "Not Found";
    case NVML_ERROR_INSUFFICIENT_SIZE: return "Insufficient Size";
    case NVML_ERROR_INSUFFICIENT_POWER: return "Insufficient External Power";
    case NVML_ERROR_DRIVER_NOT_LOADED: return "Driver Not Loaded";
    case NVML_ERROR_TIMEOUT: return "Timeout";
    case NVML_ERROR_IRQ_ISSUE: return "Interrupt Request Issue";
    case NVML_ERROR_LIBRARY_NOT_FOUND: return "NVML Shared Library Not Found";
    case NVML_ERROR_FUNCTION_NOT_FOUND: return "Function Not Found";
    case NVML_ERROR_CORRUPTED_INFOROM: return "Corrupted infoROM";
    case NVML_ERROR_GPU_IS_LOST: return "GPU is lost";
    case NVML_ERROR_RESET_REQUIRED: return "GPU requires restart";
    case NVML_ERROR_OPERATING_SYSTEM: return "The operating system has blocked the request.";
    case NVML_ERROR_LIB_RM_VERSION_MISMATCH: return "RM has detected an NVML/RM version mismatch.";
    case NVML_ERROR_IN_USE: return "In use by another client";
    case NVML_ERROR_MEMORY: return "Insufficient Memory";
    case NVML_ERROR_NO_DATA: return "No data";
    case NVML_ERROR_VGPU_ECC_NOT_ENABLED: return "ECC is not enabled";
    case NVML_ERROR_INSUFFICIENT_RESOURCES: return "Insufficient resources";
    default: return "Unknown Error";
    }
}

/* s into buf of length bytes: NVML_ERROR_INSUFFICIENT_SIZE where it does not fit. */
static nvmlReturn_t copy_string(char *buf, unsigned int length, const char *s)
{
    if (!buf)
        return NVML_ERROR_INVALID_ARGUMENT;
    if (strlen(s) + 1 > length)
        return NVML_ERROR_INSUFFICIENT_SIZE;
    memcpy(buf, s, strlen(s) + 1);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlSystemGetDriverVersion(char *version, unsigned int length)
{
    if (!initialised())
        return NVML_ERROR_UNINITIALIZED;
    int v = 0;
    cudaDriverGetVersion(&v);
    char s[32];
    snprintf(s, sizeof s, "%d.%d", v / 1000, v % 1000 / 10);
    return copy_string(version, length, s);
}

nvmlReturn_t nvmlSystemGetNVMLVersion(char *version, unsigned int length)
{
    int v = 0;
    cudaDriverGetVersion(&v);
    char s[32];
    snprintf(s, sizeof s, "%d.%d", v / 1000, v % 1000 / 10);
    return copy_string(version, length, s);
}

nvmlReturn_t nvmlSystemGetCudaDriverVersion(int *cudaDriverVersion)
{
    if (!cudaDriverVersion)
        return NVML_ERROR_INVALID_ARGUMENT;
    return cudaDriverGetVersion(cudaDriverVersion) == cudaSuccess ? NVML_SUCCESS : NVML_ERROR_UNKNOWN;
}

nvmlReturn_t nvmlSystemGetCudaDriverVersion_v2(int *cudaDriverVersion)
{
    return nvmlSystemGetCudaDriverVersion(cudaDriverVersion);
}

nvmlReturn_t nvmlDeviceGetCount_v2(unsigned int *deviceCount)
{
    if (!initialised())
        return NVML_ERROR_UNINITIALIZED;
    if (!deviceCount)
        return NVML_ERROR_INVALID_ARGUMENT;
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        return NVML_ERROR_UNKNOWN;
    *deviceCount = (unsigned)(n < NVML_MAX_DEVICES ? n : NVML_MAX_DEVICES);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetHandleByIndex_v2(unsigned int index, nvmlDevice_t *device)
{
    unsigned count;
    nvmlReturn_t r = nvmlDeviceGetCount_v2(&count);
    if (r != NVML_SUCCESS)
        return r;
    if (!device || index >= count)
        return NVML_ERROR_INVALID_ARGUMENT;
    *device = &devices[index];
    return NVML_SUCCESS;
}

/* The device's properties; NVML_SUCCESS or why not. */
static nvmlReturn_t properties(nvmlDevice_t device, struct cudaDeviceProp *prop)
{
    if (!initialised())
        return NVML_ERROR_UNINITIALIZED;
    if (!device || device < devices || device >= devices + NVML_MAX_DEVICES)
        return NVML_ERROR_INVALID_ARGUMENT;
    return cudaGetDeviceProperties(prop, (int)device->index) == cudaSuccess ? NVML_SUCCESS
                                                                             : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlDeviceGetIndex(nvmlDevice_t device, unsigned int *index)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r == NVML_SUCCESS && !index)
        r = NVML_ERROR_INVALID_ARGUMENT;
    if (r == NVML_SUCCESS)
        *index = device->index;
    return r;
}

nvmlReturn_t nvmlDeviceGetName(nvmlDevice_t device, char *name, unsigned int length)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    return r == NVML_SUCCESS ? copy_string(name, length, prop.name) : r;
}

nvmlReturn_t nvmlDeviceGetUUID(nvmlDevice_t device, char *uuid, unsigned int length)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r != NVML_SUCCESS)
        return r;
    const unsigned char *b = (const unsigned char *)prop.uuid.bytes;
    char s[64];
    snprintf(s, sizeof s, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2],
             b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
    return copy_string(uuid, length, s);
}

nvmlReturn_t nvmlDeviceGetMemoryInfo(nvmlDevice_t device, nvmlMemory_t *memory)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r != NVML_SUCCESS)
        return r;
    if (!memory)
        return NVML_ERROR_INVALID_ARGUMENT;
    int current = 0;
    size_t free = 0, total = 0;
    cudaGetDevice(&current);
    cudaSetDevice((int)device->index);
    cudaError_t e = cudaMemGetInfo(&free, &total);
    cudaSetDevice(current);
    if (e != cudaSuccess)
        return NVML_ERROR_UNKNOWN;
    *memory = (nvmlMemory_t){total, free, total - free};
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetCudaComputeCapability(nvmlDevice_t device, int *major, int *minor)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r == NVML_SUCCESS && (!major || !minor))
        r = NVML_ERROR_INVALID_ARGUMENT;
    if (r == NVML_SUCCESS) {
        *major = prop.major;
        *minor = prop.minor;
    }
    return r;
}

/* The clock of that kind in MHz: the device's (graphics, SM, video) or its memory's. */
static nvmlReturn_t clock_mhz(nvmlDevice_t device, nvmlClockType_t type, unsigned int *clock)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r != NVML_SUCCESS)
        return r;
    if (!clock || (unsigned)type >= NVML_CLOCK_COUNT)
        return NVML_ERROR_INVALID_ARGUMENT;
    *clock = (unsigned)((type == NVML_CLOCK_MEM ? prop.memoryClockRate : prop.clockRate) / 1000);
    return NVML_SUCCESS;
}

nvmlReturn_t nvmlDeviceGetClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *clock)
{
    return clock_mhz(device, type, clock);
}

nvmlReturn_t nvmlDeviceGetMaxClockInfo(nvmlDevice_t device, nvmlClockType_t type, unsigned int *clock)
{
    return clock_mhz(device, type, clock);
}

/* The CPU package's temperature in degrees C (a thermal zone of type x86_pkg_temp, else the
 * first zone); 0 where there is none. */
static unsigned cpu_temperature(void)
{
    unsigned first = 0;
    for (int z = 0; z < 64; z++) {
        char path[64], type[64] = "";
        snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/type", z);
        FILE *f = fopen(path, "r");
        if (!f)
            break;
        if (!fgets(type, sizeof type, f))
            type[0] = 0;
        fclose(f);
        snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/temp", z);
        f = fopen(path, "r");
        long milli = 0;
        if (!f)
            continue;
        int got = fscanf(f, "%ld", &milli);
        fclose(f);
        if (got != 1 || milli <= 0)
            continue;
        if (strncmp(type, "x86_pkg_temp", 12) == 0)
            return (unsigned)(milli / 1000);
        if (!first)
            first = (unsigned)(milli / 1000);
    }
    return first;
}

nvmlReturn_t nvmlDeviceGetTemperature(nvmlDevice_t device, nvmlTemperatureSensors_t sensorType, unsigned int *temp)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r != NVML_SUCCESS)
        return r;
    if (!temp || sensorType != NVML_TEMPERATURE_GPU)
        return NVML_ERROR_INVALID_ARGUMENT;
    unsigned t = cpu_temperature();
    if (!t)
        return NVML_ERROR_NOT_SUPPORTED;
    *temp = t;
    return NVML_SUCCESS;
}

/* A reading the CPU device does not have: NOT_SUPPORTED once the arguments are valid. */
static nvmlReturn_t not_supported(nvmlDevice_t device, const void *out)
{
    struct cudaDeviceProp prop;
    nvmlReturn_t r = properties(device, &prop);
    if (r != NVML_SUCCESS)
        return r;
    return out ? NVML_ERROR_NOT_SUPPORTED : NVML_ERROR_INVALID_ARGUMENT;
}

nvmlReturn_t nvmlDeviceGetTemperatureThreshold(nvmlDevice_t device, nvmlTemperatureThresholds_t thresholdType,
                                               unsigned int *temp)
{
    (void)thresholdType;
    return not_supported(device, temp);
}

nvmlReturn_t nvmlDeviceGetPowerUsage(nvmlDevice_t device, unsigned int *power)
{
    return not_supported(device, power);
}

nvmlReturn_t nvmlDeviceGetPowerManagementLimit(nvmlDevice_t device, unsigned int *limit)
{
    return not_supported(device, limit);
}

nvmlReturn_t nvmlDeviceGetEnforcedPowerLimit(nvmlDevice_t device, unsigned int *limit)
{
    return not_supported(device, limit);
}

nvmlReturn_t nvmlDeviceGetFanSpeed(nvmlDevice_t device, unsigned int *speed)
{
    return not_supported(device, speed);
}

nvmlReturn_t nvmlDeviceGetUtilizationRates(nvmlDevice_t device, nvmlUtilization_t *utilization)
{
    return not_supported(device, utilization);
}

nvmlReturn_t nvmlDeviceGetSamples(nvmlDevice_t device, nvmlSamplingType_t type, unsigned long long lastSeenTimeStamp,
                                  nvmlValueType_t *sampleValType, unsigned int *sampleCount, nvmlSample_t *samples)
{
    (void)type;
    (void)lastSeenTimeStamp;
    (void)samples;
    return not_supported(device, sampleValType && sampleCount ? sampleCount : NULL);
}

nvmlReturn_t nvmlDeviceGetCurrentClocksThrottleReasons(nvmlDevice_t device, unsigned long long *clocksThrottleReasons)
{
    return not_supported(device, clocksThrottleReasons);
}

nvmlReturn_t nvmlDeviceGetCurrentClocksEventReasons(nvmlDevice_t device, unsigned long long *clocksEventReasons)
{
    return not_supported(device, clocksEventReasons);
}
