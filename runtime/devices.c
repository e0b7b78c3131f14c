/* runtime/devices.c - how many devices there are, which one a host thread uses, and the
 * cores each gets.
 *
 * CU2C_DEVICES=N (default 1) presents N devices, all the machine's CPU: they share its cores,
 * each with workers of its own (cores / N, or CU2C_DEVICE_WORKERS), so that work queued on
 * two devices runs at once, as on two GPUs. CUDA_VISIBLE_DEVICES selects and renumbers them
 * as CUDA does: a comma-separated list of indices (or "GPU-" UUID prefixes) read up to its
 * first entry naming no device or one already listed; set and empty, no device is visible.
 *
 * The current device is per host thread (0 until cudaSetDevice), as CUDA's is. A process
 * that is one of several ranks of an MPI job on a node takes its share of the cores it may
 * run on, so that the node is never oversubscribed (rt_base_workers). */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"

static pthread_once_t rt_devices_once = PTHREAD_ONCE_INIT;
static int rt_ndevices;                  /* visible */
static int rt_physical[RT_MAX_DEVICES];  /* visible index -> index among CU2C_DEVICES */
static int rt_workers_per_device;
static _Thread_local int rt_cur_device;

/* A positive integer environment variable up to max, else fallback (a bad value is warned
 * about: the program must survive it). */
static int rt_env_count(const char *name, int max, int fallback)
{
    const char *env = getenv(name);
    if (!env || !*env)
        return fallback;
    char *end;
    long n = strtol(env, &end, 10);
    if (*end == '\0' && n > 0 && n <= max)
        return (int)n;
    fprintf(stderr, "cu2c: ignoring %s=%s (want 1..%d)\n", name, env, max);
    return fallback;
}

/* How many ranks of an MPI (or Slurm, PMI) job run on this node, 1 outside one. */
static int rt_local_ranks(void)
{
    static const char *const vars[] = {
        "OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "MV2_COMM_WORLD_LOCAL_SIZE",
        "PMIX_LOCAL_SIZE", "PMI_LOCAL_SIZE", "SLURM_NTASKS_PER_NODE",
    };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        int n = v ? atoi(v) : 0;
        if (n > 0)
            return n;
    }
    return 1;
}

/* The threads the process's devices share: CU2C_NUM_THREADS, else its fair share of the
 * cores it may run on. A rank of a job with L ranks on the node whose affinity spans a
 * fraction f of the node's cores shares them with about L * f others (all of them when it
 * is not bound, one when it is bound to cores of its own). */
static int rt_base_workers(void)
{
    int set = rt_env_count("CU2C_NUM_THREADS", 4096, 0);
    if (set)
        return set;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    int cores = online > 0 ? (int)online : 1;
    cpu_set_t mask;
    if (sched_getaffinity(0, sizeof mask, &mask) == 0 && CPU_COUNT(&mask) > 0)
        cores = CPU_COUNT(&mask);
    int local = rt_local_ranks();
    if (local > 1 && online > 0) {
        long sharing = ((long)local * cores + online / 2) / online;
        if (sharing > 1)
            cores = (int)(cores / sharing > 0 ? cores / sharing : 1);
    }
    return cores;
}

void rt_device_uuid(int i, unsigned char out[16])
{
    memcpy(out, "cu2c-cpu-device", 15);
    out[15] = (unsigned char)('0' + i);
}

/* The UUID CUDA_VISIBLE_DEVICES may name physical device i by, as nvidia-smi prints it. */
static void rt_uuid_text(int i, char *out, size_t cap)
{
    unsigned char b[16];
    rt_device_uuid(i, b);
    snprintf(out, cap, "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
             b[14], b[15]);
}

/* The physical device an entry of CUDA_VISIBLE_DEVICES names, -1 for none. */
static int rt_visible_entry(const char *e, size_t len, int physical)
{
    while (len && (*e == ' ' || *e == '\t'))
        e++, len--;
    while (len && (e[len - 1] == ' ' || e[len - 1] == '\t'))
        len--;
    if (len == 0)
        return -1;
    if (len > 4 && !strncmp(e, "GPU-", 4)) {
        int match = -1;
        for (int i = 0; i < physical; i++) {
            char uuid[64];
            rt_uuid_text(i, uuid, sizeof uuid);
            if (!strncmp(uuid, e, len)) {
                if (match >= 0)
                    return -1;   /* an ambiguous prefix names none */
                match = i;
            }
        }
        return match;
    }
    int v = 0;
    for (size_t k = 0; k < len; k++) {
        if (e[k] < '0' || e[k] > '9' || v > RT_MAX_DEVICES)
            return -1;
        v = v * 10 + (e[k] - '0');
    }
    return v < physical ? v : -1;
}

static void rt_init_devices(void)
{
    int physical = rt_env_count("CU2C_DEVICES", RT_MAX_DEVICES, 1);
    const char *vis = getenv("CUDA_VISIBLE_DEVICES");
    if (!vis) {
        for (int i = 0; i < physical; i++)
            rt_physical[i] = i;
        rt_ndevices = physical;
    } else {
        int n = 0;
        for (const char *e = vis; *e && n < physical;) {
            size_t len = strcspn(e, ",");
            int d = rt_visible_entry(e, len, physical);
            for (int k = 0; d >= 0 && k < n; k++)
                if (rt_physical[k] == d)
                    d = -1;   /* listed twice */
            if (d < 0)
                break;
            rt_physical[n++] = d;
            e += len;
            if (*e == ',')
                e++;
        }
        rt_ndevices = n;
    }
    int per = rt_base_workers() / (rt_ndevices > 0 ? rt_ndevices : 1);
    rt_workers_per_device = rt_env_count("CU2C_DEVICE_WORKERS", 4096, per > 0 ? per : 1);
}

int rt_device_count(void)
{
    pthread_once(&rt_devices_once, rt_init_devices);
    return rt_ndevices;
}

int rt_valid_device(int d)
{
    return d >= 0 && d < rt_device_count();
}

int rt_device_physical(int d)
{
    pthread_once(&rt_devices_once, rt_init_devices);
    return rt_physical[d];
}

int rt_num_workers(void)
{
    pthread_once(&rt_devices_once, rt_init_devices);
    return rt_workers_per_device;
}

int rt_current_device(void)
{
    return rt_cur_device;
}

void rt_use_device(int d)
{
    rt_cur_device = d;
}

/* ---- The API ---------------------------------------------------------------------------------- */

/* d becomes the calling thread's device, and its primary context the driver's current one. */
static void rt_select_device(int d)
{
    rt_cur_device = d;
    rt_driver_device_set(d);
}

cudaError_t cudaGetDeviceCount(int *count)
{
    rt_driver_initialised();
    if (!count)
        return rt_error(cudaErrorInvalidValue);
    *count = rt_device_count();
    return *count ? cudaSuccess : rt_error(cudaErrorNoDevice);
}

cudaError_t cudaSetDevice(int device)
{
    rt_driver_initialised();
    if (!rt_device_count())
        return rt_error(cudaErrorNoDevice);
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    rt_select_device(device);
    return cudaSuccess;
}

cudaError_t cudaGetDevice(int *device)
{
    if (!device)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_device_count())
        return rt_error(cudaErrorNoDevice);
    *device = rt_cur_device;
    return cudaSuccess;
}

/* The first valid device of the list becomes current (CUDA tries them in order). */
cudaError_t cudaSetValidDevices(int *device_arr, int len)
{
    if (len < 0 || (len > 0 && !device_arr))
        return rt_error(cudaErrorInvalidValue);
    for (int i = 0; i < len; i++)
        if (!rt_valid_device(device_arr[i]))
            return rt_error(cudaErrorInvalidDevice);
    if (len > 0)
        rt_select_device(device_arr[0]);
    return cudaSuccess;
}

/* All devices are alike: the current one matches as well as any. */
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop)
{
    if (!device || !prop)
        return rt_error(cudaErrorInvalidValue);
    *device = rt_cur_device;
    return cudaSuccess;
}

cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags)
{
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    if (flags & ~1u)
        return rt_error(cudaErrorInvalidValue);
    if (flags & 1u)  /* cudaInitDeviceFlagsAreValid */
        return cudaSetDeviceFlags(deviceFlags);
    return cudaSuccess;
}

cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device)
{
    if (!pciBusId || len <= 0)
        return rt_error(cudaErrorInvalidValue);
    if (!rt_valid_device(device))
        return rt_error(cudaErrorInvalidDevice);
    snprintf(pciBusId, (size_t)len, "0000:%02x:00.0", rt_device_physical(device));
    return cudaSuccess;
}

/* "[domain:]bus:device[.function]" in hex, as cudaDeviceGetPCIBusId writes it. */
cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId)
{
    if (!device || !pciBusId)
        return rt_error(cudaErrorInvalidValue);
    unsigned dom = 0, bus = 0, dev = 0;
    if (sscanf(pciBusId, "%x:%x:%x", &dom, &bus, &dev) != 3 &&
        (dom = 0, sscanf(pciBusId, "%x:%x", &bus, &dev) != 2))
        return rt_error(cudaErrorInvalidValue);
    for (int d = 0; d < rt_device_count(); d++)
        if (dom == 0 && dev == 0 && bus == (unsigned)rt_device_physical(d)) {
            *device = d;
            return cudaSuccess;
        }
    return rt_error(cudaErrorInvalidDevice);
}
