// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=2 timeout 120 %t && env CU2C_NUM_THREADS=3 timeout 120 %t && env CU2C_NUM_THREADS=1 timeout 120 %t
// Large copies and sets, which the runtime splits into parts that several threads run (the
// calling thread of a synchronous one among them): every byte lands where memmove/memset
// would put it, with odd sizes and offsets, in 1-D, 2-D (wide and narrow rows) and 3-D, and
// no byte outside; overlapping ends still behave as memmove; large allocations of every
// kind; asynchronous ones keep their stream's order; a synchronous copy completes while
// every worker is held by a kernel of a non-blocking stream.
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cuda_runtime_api.h"
#include "driver_functions.h"
#include "cu2c/kernel.h"
#include "Inputs/check.h"

#define MIB ((size_t)1 << 20)

/* A pattern without a short period, so a part copied to the wrong place shows. */
static void fill(unsigned char *p, size_t n, unsigned seed)
{
    uint32_t x = seed * 2654435761u + 1;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        p[i] = (unsigned char)x;
    }
}

static int all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

/* ---- A kernel that holds its workers until released -------------------------------------- */

static atomic_int release_blocks, blocks_waiting;

static void hold_block(void **args, cu2c_block *blk)
{
    (void)args;
    (void)blk;
    atomic_fetch_add(&blocks_waiting, 1);
    struct timespec nap = { 0, 200 * 1000 };
    while (!atomic_load(&release_blocks))
        nanosleep(&nap, NULL);
}

static void hold_kernel(void)
{
    cu2c_launch_stub((const void *)hold_kernel, NULL);
}

__attribute__((constructor)) static void register_hold(void)
{
    cu2c_register_kernel((const void *)hold_kernel, hold_block, "hold_kernel", 0, NULL);
}

static atomic_int gate_open;

static void gate(void *arg)
{
    (void)arg;
    struct timespec nap = { 0, 100 * 1000 };
    while (!atomic_load(&gate_open))
        nanosleep(&nap, NULL);
}

/* ---- Host threads copying at once --------------------------------------------------------- */

typedef struct {
    unsigned char *dev, *in, *out;
    size_t n;
    int ok;
} copier;

static void *copy_round_trip(void *arg)
{
    copier *c = arg;
    c->ok = cudaMemcpy(c->dev, c->in, c->n, cudaMemcpyHostToDevice) == cudaSuccess &&
            cudaMemcpy(c->out, c->dev, c->n, cudaMemcpyDeviceToHost) == cudaSuccess &&
            memcmp(c->in, c->out, c->n) == 0;
    return NULL;
}

int main(void)
{
    int workers = 0;
    CHECK_OK(cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0));

    /* 1. 1-D: host to device, device to device, device to host, at odd offsets and sizes,
     *    into memory nobody touched before (the parts fault their own pages). */
    const size_t N = 24 * MIB + 37, n = 20 * MIB + 4099;
    unsigned char *d, *d2, *host = malloc(N), *back = malloc(N), *want = malloc(N);
    CHECK(host && back && want);
    CHECK_OK(cudaMalloc((void **)&d, N));
    CHECK_OK(cudaMalloc((void **)&d2, N));
    CHECK((uintptr_t)d % 256 == 0 && (uintptr_t)d2 % 256 == 0);
    fill(host, N, 1);
    CHECK_OK(cudaMemset(d, 0x5c, N));                      /* a large set */
    CHECK_OK(cudaMemcpy(d + 3, host + 5, n, cudaMemcpyHostToDevice));
    memset(want, 0x5c, N);
    memcpy(want + 3, host + 5, n);
    CHECK(memcmp(d, want, N) == 0);
    CHECK_OK(cudaMemset(d2, 0xa1, N));
    CHECK_OK(cudaMemcpy(d2 + MIB + 1, d + 2, n - 7, cudaMemcpyDeviceToDevice));
    memset(back, 0xa1, N);
    memcpy(back + MIB + 1, want + 2, n - 7);
    CHECK(memcmp(d2, back, N) == 0);
    unsigned char *fresh = malloc(N);                      /* pageable, never touched */
    CHECK(fresh != NULL);
    CHECK_OK(cudaMemcpy(fresh + 1, d2 + 1, N - 2, cudaMemcpyDefault));
    CHECK(memcmp(fresh + 1, back + 1, N - 2) == 0);
    free(fresh);

    /* 2. Overlapping ends behave as memmove, either way round. */
    memcpy(want, d, N);
    CHECK_OK(cudaMemcpy(d + MIB + 1, d, 16 * MIB, cudaMemcpyDeviceToDevice));
    memmove(want + MIB + 1, want, 16 * MIB);
    CHECK(memcmp(d, want, N) == 0);
    CHECK_OK(cudaMemcpy(d, d + 3 * MIB + 5, 16 * MIB, cudaMemcpyDeviceToDevice));
    memmove(want, want + 3 * MIB + 5, 16 * MIB);
    CHECK(memcmp(d, want, N) == 0);

    /* 3. Sets: odd start and length, the bytes around untouched. */
    CHECK_OK(cudaMemset(d + 1, 0xab, 9 * MIB + 3));
    memset(want + 1, 0xab, 9 * MIB + 3);
    CHECK(memcmp(d, want, N) == 0);

    /* 4. 2-D, wide rows (each split in parts) and narrow rows (parts of many rows), pitches
     *    odd on the host side; 2-D sets. */
    {
        const size_t w = 3 * MIB + 5, h = 5, spitch = w + 11;
        size_t dpitch = 0;
        unsigned char *pd, *src = malloc(spitch * h), *dst = malloc(spitch * h);
        CHECK(src && dst);
        CHECK_OK(cudaMallocPitch((void **)&pd, &dpitch, w, h));
        fill(src, spitch * h, 2);
        memset(dst, 0, spitch * h);
        CHECK_OK(cudaMemset2D(pd, dpitch, 0x33, w, h));
        CHECK_OK(cudaMemcpy2D(pd, dpitch, src, spitch, w - 2, h, cudaMemcpyHostToDevice));
        CHECK_OK(cudaMemcpy2D(dst, spitch, pd, dpitch, w, h, cudaMemcpyDeviceToHost));
        int wrong = 0;
        for (size_t y = 0; y < h; y++) {
            wrong += memcmp(dst + y * spitch, src + y * spitch, w - 2) != 0;
            wrong += !all_bytes(dst + y * spitch + w - 2, 2, 0x33);
            wrong += !all_bytes(dst + y * spitch + w, spitch - w, 0);
        }
        CHECK(wrong == 0);
        CHECK_OK(cudaFree(pd));
        free(src);
        free(dst);
    }
    {
        const size_t w = 1000, h = 20000, spitch = 1031;
        size_t dpitch = 0;
        unsigned char *pd, *src = malloc(spitch * h), *dst = malloc(spitch * h);
        CHECK(src && dst);
        CHECK_OK(cudaMallocPitch((void **)&pd, &dpitch, w, h));
        fill(src, spitch * h, 3);
        memset(dst, 0, spitch * h);
        CHECK_OK(cudaMemset2D(pd, dpitch, 0x44, w, h));
        CHECK_OK(cudaMemcpy2D(pd + 1, dpitch, src, spitch, w - 1, h, cudaMemcpyHostToDevice));
        CHECK_OK(cudaMemcpy2D(dst, spitch, pd, dpitch, w, h, cudaMemcpyDeviceToHost));
        int wrong = 0;
        for (size_t y = 0; y < h; y++) {
            wrong += dst[y * spitch] != 0x44;
            wrong += memcmp(dst + y * spitch + 1, src + y * spitch, w - 1) != 0;
            wrong += !all_bytes(dst + y * spitch + w, spitch - w, 0);
        }
        CHECK(wrong == 0);
        CHECK_OK(cudaFree(pd));
        free(src);
        free(dst);
    }

    /* 5. 3-D: a 5000 x 300 x 6 box to position (3, 2, 1) of a pitched allocation and back. */
    {
        struct cudaExtent all = { 5003, 303, 8 }, box = { 5000, 300, 6 };
        struct cudaPitchedPtr p3;
        CHECK_OK(cudaMalloc3D(&p3, all));
        CHECK_OK(cudaMemset3D(p3, 0x66, all));
        size_t hp = 5011, hrows = 301, bytes = hp * hrows * 7;
        unsigned char *src = malloc(bytes), *dst = malloc(bytes);
        CHECK(src && dst);
        fill(src, bytes, 4);
        memset(dst, 0, bytes);
        struct cudaMemcpy3DParms in;
        memset(&in, 0, sizeof in);
        in.srcPtr = make_cudaPitchedPtr(src, hp, 5000, hrows);
        in.dstPtr = p3;
        in.dstPos = make_cudaPos(3, 2, 1);
        in.extent = box;
        in.kind = cudaMemcpyHostToDevice;
        CHECK_OK(cudaMemcpy3D(&in));
        struct cudaMemcpy3DParms out;
        memset(&out, 0, sizeof out);
        out.srcPtr = p3;
        out.srcPos = make_cudaPos(3, 2, 1);
        out.dstPtr = make_cudaPitchedPtr(dst, hp, 5000, hrows);
        out.extent = box;
        out.kind = cudaMemcpyDeviceToHost;
        CHECK_OK(cudaMemcpy3D(&out));
        int wrong = 0;
        for (size_t z = 0; z < 6; z++)
            for (size_t y = 0; y < 300; y++) {
                size_t at = (z * hrows + y) * hp;
                wrong += memcmp(dst + at, src + at, 5000) != 0;
                wrong += !all_bytes(dst + at + 5000, hp - 5000, 0);
            }
        /* and the box's frame in device memory kept its set */
        const unsigned char *dev = p3.ptr;
        for (size_t z = 0; z < 8; z++)
            for (size_t y = 0; y < 303; y++) {
                const unsigned char *row = dev + (z * 303 + y) * p3.pitch;
                int inside = z >= 1 && z < 7 && y >= 2 && y < 302;
                wrong += !all_bytes(row, inside ? 3 : 5003, 0x66);
            }
        CHECK(wrong == 0);
        CHECK_OK(cudaFree(p3.ptr));
        free(src);
        free(dst);
    }

    /* 6. Asynchronous copies and sets keep their stream's order: nothing runs before the
     *    gate opens, and each reads what the one before it wrote. */
    {
        const size_t m = 12 * MIB + 9;
        cudaStream_t s;
        unsigned char *p1, *p2;
        CHECK_OK(cudaStreamCreate(&s));
        CHECK_OK(cudaMallocHost((void **)&p1, m));
        CHECK_OK(cudaHostAlloc((void **)&p2, m, cudaHostAllocDefault));
        memset(p1, 0, m);
        memset(p2, 0, m);
        atomic_store(&gate_open, 0);
        CHECK_OK(cudaLaunchHostFunc(s, gate, NULL));
        CHECK_OK(cudaMemsetAsync(d, 1, m, s));
        CHECK_OK(cudaMemcpyAsync(p1, d, m, cudaMemcpyDeviceToHost, s));
        CHECK_OK(cudaMemsetAsync(d, 2, m, s));
        CHECK_OK(cudaMemcpyAsync(d2, d, m, cudaMemcpyDeviceToDevice, s));
        CHECK_OK(cudaMemsetAsync(d, 3, m, s));
        CHECK_OK(cudaMemcpyAsync(p2, d2, m, cudaMemcpyDeviceToHost, s));
        CHECK_ERR(cudaStreamQuery(s), cudaErrorNotReady);
        CHECK(all_bytes(p1, m, 0) && all_bytes(p2, m, 0));
        atomic_store(&gate_open, 1);
        CHECK_OK(cudaStreamSynchronize(s));
        CHECK(all_bytes(p1, m, 1) && all_bytes(p2, m, 2) && all_bytes(d, m, 3));
        /* cudaMemcpy on the legacy stream waits for it */
        atomic_store(&gate_open, 0);
        CHECK_OK(cudaLaunchHostFunc(s, gate, NULL));
        CHECK_OK(cudaMemsetAsync(d, 4, m, s));
        atomic_store(&gate_open, 1);
        CHECK_OK(cudaMemcpy(p1, d, m, cudaMemcpyDeviceToHost));
        CHECK(all_bytes(p1, m, 4));
        CHECK_OK(cudaFreeHost(p1));
        CHECK_OK(cudaFreeHost(p2));
        CHECK_OK(cudaStreamDestroy(s));
    }

    /* 7. Every worker busy with a kernel on a non-blocking stream: a synchronous copy (legacy
     *    stream, which does not wait for that one) still completes, done by its caller. */
    {
        cudaStream_t busy;
        CHECK_OK(cudaStreamCreateWithFlags(&busy, cudaStreamNonBlocking));
        atomic_store(&release_blocks, 0);
        atomic_store(&blocks_waiting, 0);
        dim3 grid = { (unsigned)workers, 1, 1 }, block = { 1, 1, 1 };
        cu2c_push_call_configuration(grid, block, 0, busy);
        hold_kernel();
        CHECK_OK(cudaGetLastError());
        struct timespec nap = { 0, 100 * 1000 };
        while (atomic_load(&blocks_waiting) < workers)
            nanosleep(&nap, NULL);
        fill(host, N, 5);
        CHECK_OK(cudaMemcpy(d, host, N, cudaMemcpyHostToDevice));
        CHECK_OK(cudaMemset(d2, 0x77, N));
        CHECK(memcmp(d, host, N) == 0 && all_bytes(d2, N, 0x77));
        CHECK_ERR(cudaStreamQuery(busy), cudaErrorNotReady);
        atomic_store(&release_blocks, 1);
        CHECK_OK(cudaStreamSynchronize(busy));
        CHECK_OK(cudaStreamDestroy(busy));
    }

    /* 8. Host threads copying at once, each joined by whichever workers are idle. */
    {
        enum { T = 3 };
        copier c[T];
        pthread_t th[T];
        const size_t m = 6 * MIB + 1;
        for (int t = 0; t < T; t++) {
            c[t].n = m;
            c[t].in = malloc(m);
            c[t].out = malloc(m);
            CHECK(c[t].in && c[t].out);
            fill(c[t].in, m, 10 + (unsigned)t);
            CHECK_OK(cudaMalloc((void **)&c[t].dev, m));
            CHECK(pthread_create(&th[t], NULL, copy_round_trip, &c[t]) == 0);
        }
        for (int t = 0; t < T; t++) {
            pthread_join(th[t], NULL);
            CHECK(c[t].ok);
            CHECK_OK(cudaFree(c[t].dev));
            free(c[t].in);
            free(c[t].out);
        }
    }

    /* 9. Large allocations of every kind: aligned, typed, freed by their own calls. */
    {
        void *m, *h, *a;
        CHECK_OK(cudaMallocManaged(&m, 8 * MIB + 1, cudaMemAttachGlobal));
        CHECK_OK(cudaMallocHost(&h, 8 * MIB + 1));
        CHECK_OK(cudaMallocAsync(&a, 8 * MIB + 1, 0));
        CHECK((uintptr_t)m % 256 == 0 && (uintptr_t)h % 256 == 0 && (uintptr_t)a % 256 == 0);
        struct cudaPointerAttributes at;
        CHECK_OK(cudaPointerGetAttributes(&at, (char *)m + 5 * MIB));
        CHECK(at.type == cudaMemoryTypeManaged);
        CHECK_OK(cudaPointerGetAttributes(&at, h));
        CHECK(at.type == cudaMemoryTypeHost);
        memset(m, 9, 8 * MIB + 1);
        CHECK_OK(cudaMemcpy(h, m, 8 * MIB + 1, cudaMemcpyDefault));
        CHECK(all_bytes(h, 8 * MIB + 1, 9));
        CHECK_ERR(cudaFreeHost(m), cudaErrorInvalidValue);
        CHECK_ERR(cudaFree(h), cudaErrorInvalidValue);
        CHECK_OK(cudaFree(m));
        CHECK_OK(cudaFreeHost(h));
        CHECK_OK(cudaFreeAsync(a, 0));
        CHECK_OK(cudaDeviceSynchronize());
    }

    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaFree(d2));
    free(host);
    free(back);
    free(want);
    return check_report();
}
