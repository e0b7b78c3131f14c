// RUN: %rtcc %s -o %t %rtlibs && env CU2C_NUM_THREADS=2 timeout 60 %t && env CU2C_NUM_THREADS=1 timeout 60 %t
// Copies and sets as stream work: asynchronous between memory the runtime allocated, in
// order with the stream's other work (a gate holds the stream: a host function that waits
// until the test opens it); synchronous with pageable host memory, as CUDA stages those;
// cudaMemcpy waits for blocking streams (legacy default stream). Stream-ordered allocation,
// 3-D copies and sets, pitched allocation, prefetch validation.
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

static atomic_int gate_open;

static void gate(void *arg)
{
    (void)arg;
    struct timespec nap = { 0, 100 * 1000 };
    while (!atomic_load(&gate_open))
        nanosleep(&nap, NULL);
}

static void open_gate(void)
{
    atomic_store(&gate_open, 1);
}

/* Opens the gate 20 ms from now, from another thread, while this one waits in a call. */
static void *open_gate_later(void *arg)
{
    (void)arg;
    struct timespec nap = { 0, 20 * 1000 * 1000 };
    nanosleep(&nap, NULL);
    open_gate();
    return NULL;
}

static void close_gate(void)
{
    atomic_store(&gate_open, 0);
}

static int all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

static unsigned char symbol_like[64];   /* a "__device__ variable": memory the runtime never saw */

int main(void)
{
    enum { N = 4096 };
    cudaStream_t s;
    CHECK_OK(cudaStreamCreate(&s));
    unsigned char *d, *pinned, *pinned2;
    CHECK_OK(cudaMalloc((void **)&d, N));
    CHECK_OK(cudaMallocHost((void **)&pinned, N));
    CHECK_OK(cudaHostAlloc((void **)&pinned2, N, cudaHostAllocDefault));
    memset(pinned, 1, N);
    memset(pinned2, 0, N);

    /* 1. Between pinned and device memory a copy returns at once and runs in its turn. */
    close_gate();
    CHECK_OK(cudaLaunchHostFunc(s, gate, NULL));
    CHECK_OK(cudaMemcpyAsync(d, pinned, N, cudaMemcpyHostToDevice, s));
    CHECK_OK(cudaMemsetAsync(d + 100, 7, 50, s));
    CHECK_OK(cudaMemcpyAsync(pinned2, d, N, cudaMemcpyDeviceToHost, s));
    CHECK_ERR(cudaStreamQuery(s), cudaErrorNotReady);
    CHECK(all_bytes(pinned2, N, 0));                   /* nothing has run yet */
    open_gate();
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK(all_bytes(pinned2, 100, 1) && all_bytes(pinned2 + 100, 50, 7) &&
          all_bytes(pinned2 + 150, N - 150, 1));

    /* 2. With pageable host memory the copy is done when the call returns. */
    unsigned char pageable[N];
    memset(pageable, 3, N);
    CHECK_OK(cudaMemcpyAsync(d, pageable, N, cudaMemcpyHostToDevice, s));
    memset(pageable, 4, N);                            /* the copy took the 3s */
    CHECK_OK(cudaMemcpyAsync(pageable, d, N, cudaMemcpyDeviceToHost, s));
    CHECK(all_bytes(pageable, N, 3));
    CHECK_OK(cudaMemcpyAsync(symbol_like, d, 64, cudaMemcpyDefault, s));
    CHECK(all_bytes(symbol_like, 64, 3));

    /* 3. cudaMemcpy (legacy default stream) waits for earlier work on a blocking stream. */
    close_gate();
    CHECK_OK(cudaLaunchHostFunc(s, gate, NULL));
    CHECK_OK(cudaMemsetAsync(d, 9, N, s));
    pthread_t opener;
    CHECK(pthread_create(&opener, NULL, open_gate_later, NULL) == 0);
    CHECK_OK(cudaMemcpy(pageable, d, N, cudaMemcpyDeviceToHost));   /* waits for the gate */
    CHECK(all_bytes(pageable, N, 9));
    pthread_join(opener, NULL);

    /* 4. Stream-ordered allocation: freed when the stream gets there. */
    unsigned char *sa = NULL;
    CHECK_OK(cudaMallocAsync((void **)&sa, 256, s));
    CHECK(sa != NULL);
    CHECK_OK(cudaMemsetAsync(sa, 5, 256, s));
    CHECK_OK(cudaMemcpyAsync(pinned2, sa, 256, cudaMemcpyDeviceToHost, s));
    CHECK_OK(cudaFreeAsync(sa, s));
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK(all_bytes(pinned2, 256, 5));
    CHECK_ERR(cudaFreeAsync(sa, s), cudaErrorInvalidValue);        /* already freed */
    CHECK_ERR(cudaFreeAsync(pageable, s), cudaErrorInvalidValue);  /* not ours */
    CHECK_ERR(cudaMallocAsync((void **)&sa, 16, (cudaStream_t)pageable),
              cudaErrorInvalidResourceHandle);
    cudaGetLastError();

    /* 5. 3-D: a 10 x 4 x 3 box of bytes in pitched memory, set, copied in and out. */
    struct cudaExtent ext = { 10, 4, 3 };
    struct cudaPitchedPtr p3;
    CHECK_OK(cudaMalloc3D(&p3, ext));
    CHECK(p3.pitch >= 10 && p3.xsize == 10 && p3.ysize == 4);
    CHECK_OK(cudaMemset3D(p3, 0x11, ext));
    unsigned char box[3][4][10], back[3][4][10];
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 10; x++)
                box[z][y][x] = (unsigned char)(z * 40 + y * 10 + x);
    struct cudaMemcpy3DParms in;
    memset(&in, 0, sizeof in);
    in.srcPtr.ptr = box;
    in.srcPtr.pitch = 10;
    in.srcPtr.xsize = 10;
    in.srcPtr.ysize = 4;
    in.dstPtr = p3;
    /* only the inner 8 x 2 x 2 box, to position (1, 1, 1) on both sides */
    in.srcPos.x = in.srcPos.y = in.srcPos.z = 1;
    in.dstPos = in.srcPos;
    in.extent.width = 8;
    in.extent.height = 2;
    in.extent.depth = 2;
    in.kind = cudaMemcpyHostToDevice;
    CHECK_OK(cudaMemcpy3D(&in));
    struct cudaMemcpy3DParms out;
    memset(&out, 0, sizeof out);
    out.srcPtr = p3;
    out.dstPtr.ptr = back;
    out.dstPtr.pitch = 10;
    out.dstPtr.xsize = 10;
    out.dstPtr.ysize = 4;
    out.extent = ext;
    out.kind = cudaMemcpyDeviceToHost;
    CHECK_OK(cudaMemcpy3DAsync(&out, s));
    CHECK_OK(cudaStreamSynchronize(s));
    int wrong = 0;
    for (int z = 0; z < 3; z++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 10; x++) {
                int inner = z >= 1 && z < 3 && y >= 1 && y < 3 && x >= 1 && x < 9;
                wrong += back[z][y][x] != (inner ? box[z][y][x] : 0x11);
            }
    CHECK(wrong == 0);
    out.kind = (enum cudaMemcpyKind)9;
    CHECK_ERR(cudaMemcpy3D(&out), cudaErrorInvalidMemcpyDirection);
    out.kind = cudaMemcpyDeviceToHost;
    out.extent.width = 11;                                  /* wider than the host pitch */
    CHECK_ERR(cudaMemcpy3D(&out), cudaErrorInvalidPitchValue);
    CHECK_ERR(cudaMemcpy3D(NULL), cudaErrorInvalidValue);
    CHECK_ERR(cudaMalloc3D(NULL, ext), cudaErrorInvalidValue);
    CHECK_OK(cudaFree(p3.ptr));
    cudaGetLastError();

    /* 6. 2-D asynchronous copies and sets keep pitches. */
    size_t pitch = 0;
    unsigned char *pd;
    CHECK_OK(cudaMallocPitch((void **)&pd, &pitch, 30, 5));
    CHECK_OK(cudaMemset2DAsync(pd, pitch, 0x22, 30, 5, s));
    CHECK_OK(cudaMemcpy2DAsync(pinned2, 30, pd, pitch, 30, 5, cudaMemcpyDeviceToHost, s));
    CHECK_OK(cudaStreamSynchronize(s));
    CHECK(all_bytes(pinned2, 150, 0x22));
    CHECK_ERR(cudaMemset2D(pd, pitch, 0, pitch + 1, 5), cudaErrorInvalidPitchValue);
    CHECK_ERR(cudaMemcpy2DAsync(pinned2, 30, pd, pitch, 30, 5, cudaMemcpyDeviceToHost,
                                (cudaStream_t)pageable), cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaFree(pd));
    cudaGetLastError();

    /* 7. Prefetch and advice validate and do nothing else. */
    unsigned char *m;
    CHECK_OK(cudaMallocManaged((void **)&m, 128, cudaMemAttachGlobal));
    CHECK_OK(cudaMemPrefetchAsync(m, 128, 0, s));
    CHECK_OK(cudaMemPrefetchAsync(m, 128, cudaCpuDeviceId, s));
    CHECK_ERR(cudaMemPrefetchAsync(m, 128, 3, s), cudaErrorInvalidDevice);
    CHECK_ERR(cudaMemPrefetchAsync(NULL, 128, 0, s), cudaErrorInvalidValue);
    CHECK_ERR(cudaMemPrefetchAsync(m, 128, 0, (cudaStream_t)pageable),
              cudaErrorInvalidResourceHandle);
    CHECK_OK(cudaFree(m));
    cudaGetLastError();

    /* 8. Bad directions and null pointers fail the same way asynchronously. */
    CHECK_ERR(cudaMemcpyAsync(d, pinned, 4, (enum cudaMemcpyKind)7, s),
              cudaErrorInvalidMemcpyDirection);
    CHECK_ERR(cudaMemcpyAsync(NULL, pinned, 4, cudaMemcpyHostToDevice, s), cudaErrorInvalidValue);
    CHECK_ERR(cudaMemsetAsync(NULL, 0, 4, s), cudaErrorInvalidValue);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);

    CHECK_OK(cudaFree(d));
    CHECK_OK(cudaFreeHost(pinned));
    CHECK_OK(cudaFreeHost(pinned2));
    CHECK_OK(cudaStreamDestroy(s));
    return check_report();
}
