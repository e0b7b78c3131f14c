// Several virtual devices in one process (CU2C_DEVICES): each has its own workers, memory
// accounting, legacy stream, pools and properties, and the current device is per host thread.
// - properties: the count, distinct PCI buses and UUIDs, multiProcessorCount each device's
//   share of CU2C_NUM_THREADS (or CU2C_DEVICE_WORKERS), totalGlobalMem a share of the memory;
// - cudaSetDevice/cudaGetDevice per host thread (a new thread starts on device 0);
// - two devices run at once: a kernel on the last device spins until a kernel on device 0 sets
//   a flag in its (peer) memory, with one worker per device;
// - cudaDeviceSynchronize and device 0's legacy stream do not wait for another device's work;
// - cudaStreamWaitEvent across devices orders a reader after a writer;
// - peer access with CUDA's errors; cudaMemcpyPeer, cudaMemcpyPeerAsync, cudaMemcpy3DPeer;
// - cudaMemGetInfo and cudaPointerGetAttributes per device; cudaDeviceReset frees only the
//   current device's memory, cudaFree waits for the owning device only; managed memory
//   advised and prefetched to each device;
// - each device's default memory pool names it.
// RUN: %cu2cc %s -o %t && env CU2C_DEVICES=2 CU2C_NUM_THREADS=2 timeout 60 %t 2 1
// RUN: env CU2C_DEVICES=4 CU2C_NUM_THREADS=8 timeout 60 %t 4 2
// RUN: env CU2C_DEVICES=4 CU2C_NUM_THREADS=2 CU2C_DEVICE_WORKERS=1 timeout 60 %t 4 1
// RUN: env CU2C_DEVICES=2 CU2C_DEVICE_WORKERS=3 timeout 60 %t 2 3
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <pthread.h>
#include <vector>

static int failures = 0;
#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            std::printf("FAILED line %d: %s\n", __LINE__, #cond);            \
            failures++;                                                      \
        }                                                                    \
    } while (0)
#define OK(call) CHECK((call) == cudaSuccess)

__global__ void wait_for_flag(volatile int *flag, int *seen)
{
    long long spins = 0;
    while (*flag == 0 && spins < 2000000000LL)
        spins++;
    *seen = *flag;
}

__global__ void set_flag(volatile int *flag, int value)
{
    *flag = value;
}

__global__ void fill(int *p, int n, int base)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = base + i;
}

// A peer's memory read directly by a kernel.
__global__ void add_from_peer(int *dst, const int *peer, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dst[i] += peer[i];
}

static void *thread_device(void *arg)
{
    int *out = (int *)arg;
    int d = -1;
    cudaGetDevice(&d);
    out[0] = d;   // a new thread starts on device 0
    cudaSetDevice(1);
    cudaGetDevice(&d);
    out[1] = d;
    return nullptr;
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    int want_devices = std::atoi(argv[1]), want_workers = std::atoi(argv[2]);

    // ---- properties
    int n = 0;
    OK(cudaGetDeviceCount(&n));
    CHECK(n == want_devices);
    size_t total0 = 0;
    for (int d = 0; d < n; d++) {
        cudaDeviceProp p, q;
        OK(cudaGetDeviceProperties(&p, d));
        CHECK(p.multiProcessorCount == want_workers);
        CHECK(p.pciBusID == d);
        int sms = 0;
        OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, d));
        CHECK(sms == want_workers);
        if (d == 0)
            total0 = p.totalGlobalMem;
        CHECK(p.totalGlobalMem == total0);
        for (int e = 0; e < d; e++) {
            OK(cudaGetDeviceProperties(&q, e));
            CHECK(std::memcmp(p.uuid.bytes, q.uuid.bytes, 16) != 0);
        }
        char bus[32];
        int back = -1;
        OK(cudaDeviceGetPCIBusId(bus, sizeof bus, d));
        OK(cudaDeviceGetByPCIBusId(&back, bus));
        CHECK(back == d);
    }
    cudaDeviceProp bad;
    CHECK(cudaGetDeviceProperties(&bad, n) == cudaErrorInvalidDevice);
    CHECK(cudaSetDevice(n) == cudaErrorInvalidDevice);
    CHECK(cudaSetDevice(-1) == cudaErrorInvalidDevice);
    cudaGetLastError();

    // ---- the current device is the host thread's
    OK(cudaSetDevice(n - 1));
    int out[2] = {-1, -1}, cur = -1;
    pthread_t t;
    pthread_create(&t, nullptr, thread_device, out);
    pthread_join(t, nullptr);
    CHECK(out[0] == 0 && out[1] == 1);
    OK(cudaGetDevice(&cur));
    CHECK(cur == n - 1);

    // ---- devices run at once: the last one's kernel waits for device 0's
    int last = n - 1;
    OK(cudaSetDevice(0));
    int *flag = nullptr, *seen = nullptr;
    OK(cudaMalloc(&flag, sizeof(int)));
    OK(cudaMemset(flag, 0, sizeof(int)));
    OK(cudaSetDevice(last));
    OK(cudaMalloc(&seen, sizeof(int)));
    wait_for_flag<<<1, 1>>>(flag, seen);
    OK(cudaGetLastError());
    OK(cudaSetDevice(0));
    set_flag<<<1, 1>>>(flag, 7);
    OK(cudaDeviceSynchronize());
    OK(cudaSetDevice(last));
    OK(cudaDeviceSynchronize());
    int host_seen = 0;
    OK(cudaMemcpy(&host_seen, seen, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(host_seen == 7);

    // ---- device 0's synchronisation does not wait for the last device's work
    int *host_flag = nullptr;
    OK(cudaMallocHost(&host_flag, sizeof(int)));
    *host_flag = 0;
    OK(cudaSetDevice(last));
    wait_for_flag<<<1, 1>>>(host_flag, seen);    // on the last device's legacy stream
    OK(cudaSetDevice(0));
    set_flag<<<1, 1>>>(flag, 3);                // device 0's legacy stream
    OK(cudaStreamSynchronize(0));
    OK(cudaDeviceSynchronize());
    cudaSetDevice(last);
    CHECK(cudaStreamQuery(0) == cudaErrorNotReady);   // still spinning: nobody waited for it
    *(volatile int *)host_flag = 9;
    OK(cudaDeviceSynchronize());
    OK(cudaMemcpy(&host_seen, seen, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(host_seen == 9);

    // ---- a stream of device 0 waits for an event of the last device
    const int N = 1 << 16;
    int *a = nullptr, *b = nullptr;
    cudaStream_t s0, s1;
    cudaEvent_t written;
    OK(cudaSetDevice(last));
    OK(cudaStreamCreate(&s1));
    OK(cudaEventCreateWithFlags(&written, cudaEventDisableTiming));
    OK(cudaMalloc(&b, N * sizeof(int)));
    OK(cudaSetDevice(0));
    OK(cudaStreamCreate(&s0));
    OK(cudaMalloc(&a, N * sizeof(int)));
    fill<<<N / 256, 256, 0, s0>>>(a, N, 0);
    OK(cudaSetDevice(last));
    *(volatile int *)host_flag = 0;
    wait_for_flag<<<1, 1, 0, s1>>>(host_flag, seen);   // holds s1 until the host lets go
    fill<<<N / 256, 256, 0, s1>>>(b, N, 1000);
    OK(cudaEventRecord(written, s1));
    OK(cudaSetDevice(0));
    OK(cudaStreamWaitEvent(s0, written, 0));
    add_from_peer<<<N / 256, 256, 0, s0>>>(a, b, N);
    CHECK(cudaStreamQuery(s0) == cudaErrorNotReady);
    *(volatile int *)host_flag = 1;
    OK(cudaStreamSynchronize(s0));
    std::vector<int> h(N);
    OK(cudaMemcpy(h.data(), a, N * sizeof(int), cudaMemcpyDeviceToHost));
    int bad_sum = 0;
    for (int i = 0; i < N; i++)
        bad_sum += h[i] != 1000 + 2 * i;
    CHECK(bad_sum == 0);

    // ---- peer access and its errors
    int can = -1;
    OK(cudaDeviceCanAccessPeer(&can, 0, last));
    CHECK(can == 1);
    OK(cudaDeviceCanAccessPeer(&can, 0, 0));
    CHECK(can == 0);
    CHECK(cudaDeviceCanAccessPeer(&can, 0, n) == cudaErrorInvalidDevice);
    OK(cudaSetDevice(0));
    CHECK(cudaDeviceDisablePeerAccess(last) == cudaErrorPeerAccessNotEnabled);
    OK(cudaDeviceEnablePeerAccess(last, 0));
    CHECK(cudaDeviceEnablePeerAccess(last, 0) == cudaErrorPeerAccessAlreadyEnabled);
    CHECK(cudaGetLastError() == cudaErrorPeerAccessAlreadyEnabled);
    CHECK(cudaDeviceEnablePeerAccess(0, 0) == cudaErrorInvalidDevice);
    CHECK(cudaDeviceEnablePeerAccess(n, 0) == cudaErrorInvalidDevice);
    CHECK(cudaDeviceEnablePeerAccess(last, 1) == cudaErrorInvalidValue);
    OK(cudaSetDevice(last));
    OK(cudaDeviceEnablePeerAccess(0, 0));   // the other direction is its own mapping
    OK(cudaDeviceDisablePeerAccess(0));
    OK(cudaSetDevice(0));
    OK(cudaDeviceDisablePeerAccess(last));
    CHECK(cudaDeviceDisablePeerAccess(last) == cudaErrorPeerAccessNotEnabled);
    cudaGetLastError();

    // ---- peer copies
    OK(cudaMemcpyPeer(b, last, a, 0, N * sizeof(int)));
    OK(cudaMemcpy(h.data(), b, N * sizeof(int), cudaMemcpyDeviceToHost));
    bad_sum = 0;
    for (int i = 0; i < N; i++)
        bad_sum += h[i] != 1000 + 2 * i;
    CHECK(bad_sum == 0);
    fill<<<N / 256, 256, 0, s0>>>(a, N, 5);
    OK(cudaMemcpyPeerAsync(b, last, a, 0, N * sizeof(int), s0));
    OK(cudaStreamSynchronize(s0));
    OK(cudaMemcpy(h.data(), b, N * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(h[0] == 5 && h[N - 1] == 5 + N - 1);
    CHECK(cudaMemcpyPeer(b, n, a, 0, 4) == cudaErrorInvalidDevice);
    cudaGetLastError();
    // a 3-D peer copy of a 16 x 8 x 4 box of ints out of 64 x 16 x 8, at (2, 3, 1)
    cudaMemcpy3DPeerParms p3 = {};
    p3.srcPtr = make_cudaPitchedPtr(a, 64 * sizeof(int), 64, 16);
    p3.srcDevice = 0;
    p3.srcPos = make_cudaPos(2 * sizeof(int), 3, 1);
    p3.dstPtr = make_cudaPitchedPtr(b, 16 * sizeof(int), 16, 8);
    p3.dstDevice = last;
    p3.extent = make_cudaExtent(16 * sizeof(int), 8, 4);
    OK(cudaMemcpy3DPeer(&p3));
    OK(cudaMemcpy(h.data(), b, 16 * 8 * 4 * sizeof(int), cudaMemcpyDeviceToHost));
    bad_sum = 0;
    for (int z = 0; z < 4; z++)
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 16; x++)
                bad_sum += h[(z * 8 + y) * 16 + x] != 5 + ((z + 1) * 16 + y + 3) * 64 + x + 2;
    CHECK(bad_sum == 0);
    p3.dstDevice = n;
    CHECK(cudaMemcpy3DPeerAsync(&p3, s0) == cudaErrorInvalidDevice);
    cudaGetLastError();

    // ---- memory belongs to its device
    size_t free0, tot0, free_last, tot_last, free0b, tot0b, free_lastb, tot_lastb;
    OK(cudaSetDevice(0));
    OK(cudaMemGetInfo(&free0, &tot0));
    OK(cudaSetDevice(last));
    OK(cudaMemGetInfo(&free_last, &tot_last));
    CHECK(tot0 == total0 && tot_last == total0);
    void *big = nullptr;
    const size_t big_bytes = 64 << 20;
    OK(cudaMalloc(&big, big_bytes));
    OK(cudaMemGetInfo(&free_lastb, &tot_lastb));
    OK(cudaSetDevice(0));
    OK(cudaMemGetInfo(&free0b, &tot0b));
    CHECK(free_lastb + big_bytes / 2 < free_last);   // counted on its device (the host's free memory moves too)
    CHECK(free0b + big_bytes / 2 > free0);           // ... not on device 0
    cudaPointerAttributes attr;
    OK(cudaPointerGetAttributes(&attr, big));
    CHECK(attr.type == cudaMemoryTypeDevice && attr.device == last);
    OK(cudaPointerGetAttributes(&attr, a));
    CHECK(attr.type == cudaMemoryTypeDevice && attr.device == 0);
    OK(cudaPointerGetAttributes(&attr, b + 10));
    CHECK(attr.device == last);

    // ---- managed memory advised and prefetched to each device
    int *m = nullptr;
    OK(cudaMallocManaged(&m, N * sizeof(int)));
    cudaMemLocation loc = {};
    loc.type = cudaMemLocationTypeDevice;
    for (int d = 0; d < n; d++) {
        loc.id = d;
        OK(cudaMemAdvise(m, N * sizeof(int), cudaMemAdviseSetPreferredLocation, loc));
        OK(cudaMemPrefetchAsync(m, N * sizeof(int), loc, 0, 0));
    }
    loc.id = n;
    CHECK(cudaMemPrefetchAsync(m, N * sizeof(int), loc, 0, 0) == cudaErrorInvalidDevice);
    CHECK(cudaMemAdvise(m, N * sizeof(int), cudaMemAdviseSetAccessedBy, loc) == cudaErrorInvalidDevice);
    cudaGetLastError();
    OK(cudaSetDevice(last));
    fill<<<N / 256, 256>>>(m, N, 11);
    OK(cudaDeviceSynchronize());
    CHECK(m[N - 1] == 11 + N - 1);

    // ---- default pools
    for (int d = 0; d < n; d++) {
        cudaMemPool_t pool;
        OK(cudaDeviceGetDefaultMemPool(&pool, d));
        cudaMemLocation own = {};
        own.type = cudaMemLocationTypeDevice;
        own.id = d;
        cudaMemAccessFlags fl;
        OK(cudaMemPoolGetAccess(&fl, pool, &own));
        CHECK(fl == cudaMemAccessFlagsProtReadWrite);
    }
    void *pa = nullptr;
    OK(cudaMallocAsync(&pa, 4096, s1));
    OK(cudaPointerGetAttributes(&attr, pa));
    CHECK(attr.device == last);
    OK(cudaFreeAsync(pa, s1));
    OK(cudaStreamSynchronize(s1));

    // ---- cudaDeviceReset frees the current device's memory only
    OK(cudaSetDevice(last));
    OK(cudaDeviceReset());
    OK(cudaPointerGetAttributes(&attr, big));
    CHECK(attr.type == cudaMemoryTypeUnregistered);
    OK(cudaSetDevice(0));
    OK(cudaPointerGetAttributes(&attr, a));
    CHECK(attr.type == cudaMemoryTypeDevice);
    OK(cudaMemcpy(h.data(), a, sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(h[0] == 5);

    // ---- cudaFree waits for the owning device only: the last one still spins meanwhile
    OK(cudaSetDevice(last));
    int *seen2 = nullptr;
    OK(cudaMalloc(&seen2, sizeof(int)));
    *(volatile int *)host_flag = 0;
    wait_for_flag<<<1, 1>>>(host_flag, seen2);
    OK(cudaSetDevice(0));
    OK(cudaFree(a));
    OK(cudaSetDevice(last));
    CHECK(cudaStreamQuery(0) == cudaErrorNotReady);
    *(volatile int *)host_flag = 1;
    OK(cudaFree(seen2));   // waits for the kernel using it
    OK(cudaStreamQuery(0));

    if (failures)
        return 1;
    std::printf("PASSED %d devices, %d workers each\n", n, want_workers);
    return 0;
}
