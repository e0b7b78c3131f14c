// RUN: %rtcc %s -o %t %rtlibs && timeout 60 %t
// Allocation (every kind, alignment, size 0, out of memory), freeing (NULL, foreign and
// mismatched pointers), copies in every direction, sets, 2-D variants, pointer attributes,
// host registration and cudaMemGetInfo.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

static int all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != v)
            return 0;
    return 1;
}

int main(void)
{
    enum { N = 1000 };
    int host[N], back[N];
    for (int i = 0; i < N; i++)
        host[i] = i * 7 - 3;

    /* Every allocator: usable, aligned at least to 64 (CUDA gives 256). */
    int *d = NULL, *m = NULL, *h = NULL, *ha = NULL;
    CHECK_OK(cudaMalloc((void **)&d, sizeof host));
    CHECK_OK(cudaMallocManaged((void **)&m, sizeof host, cudaMemAttachGlobal));
    CHECK_OK(cudaMallocHost((void **)&h, sizeof host));
    CHECK_OK(cudaHostAlloc((void **)&ha, sizeof host, cudaHostAllocMapped | cudaHostAllocPortable));
    CHECK(d && m && h && ha);
    CHECK((uintptr_t)d % 256 == 0 && (uintptr_t)m % 256 == 0);
    CHECK((uintptr_t)h % 64 == 0 && (uintptr_t)ha % 64 == 0);
    CHECK_ERR(cudaMallocManaged((void **)&m, 16, 0), cudaErrorInvalidValue);
    CHECK_ERR(cudaHostAlloc((void **)&ha, 16, 0x100), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Copies in every direction, including cudaMemcpyDefault. */
    CHECK_OK(cudaMemcpy(d, host, sizeof host, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpy(m, d, sizeof host, cudaMemcpyDeviceToDevice));
    CHECK_OK(cudaMemcpy(h, m, sizeof host, cudaMemcpyDefault));
    CHECK_OK(cudaMemcpy(ha, h, sizeof host, cudaMemcpyHostToHost));
    memset(back, 0, sizeof back);
    CHECK_OK(cudaMemcpy(back, ha, sizeof host, cudaMemcpyDeviceToHost));
    CHECK(memcmp(back, host, sizeof host) == 0);
    memset(back, 0, sizeof back);
    CHECK_OK(cudaMemcpyAsync(back, d, sizeof host, cudaMemcpyDeviceToHost, 0));
    CHECK(memcmp(back, host, sizeof host) == 0);

    /* An invalid direction copies nothing. */
    memset(back, 0, sizeof back);
    CHECK_ERR(cudaMemcpy(back, d, sizeof host, (enum cudaMemcpyKind)5),
              cudaErrorInvalidMemcpyDirection);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
    CHECK(all_bytes((unsigned char *)back, sizeof back, 0));
    CHECK_ERR(cudaMemcpy(NULL, d, 4, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_OK(cudaMemcpy(NULL, NULL, 0, cudaMemcpyDeviceToHost));
    cudaGetLastError();

    /* Sets use the low byte of the value. */
    CHECK_OK(cudaMemset(d, 0x1ab, sizeof host));
    CHECK(all_bytes((unsigned char *)d, sizeof host, 0xab));
    CHECK_OK(cudaMemsetAsync(m, 0, sizeof host, 0));
    CHECK_OK(cudaStreamSynchronize(0));
    CHECK(all_bytes((unsigned char *)m, sizeof host, 0));

    /* Pitched memory and 2-D copies. */
    unsigned char *pd;
    size_t pitch = 0;
    CHECK_OK(cudaMallocPitch((void **)&pd, &pitch, 100, 8));
    CHECK(pitch >= 100 && pitch % 256 == 0);
    unsigned char src2[8][100], dst2[8][100];
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 100; c++)
            src2[r][c] = (unsigned char)(r * 100 + c);
    CHECK_OK(cudaMemset2D(pd, pitch, 0xee, pitch, 8));
    CHECK_OK(cudaMemcpy2D(pd, pitch, src2, 100, 100, 8, cudaMemcpyHostToDevice));
    CHECK(pd[pitch + 100] == 0xee);           /* padding untouched */
    CHECK_OK(cudaMemcpy2D(dst2, 100, pd, pitch, 100, 8, cudaMemcpyDeviceToHost));
    CHECK(memcmp(src2, dst2, sizeof src2) == 0);
    CHECK_ERR(cudaMemcpy2D(dst2, 50, pd, pitch, 100, 8, cudaMemcpyDeviceToHost),
              cudaErrorInvalidPitchValue);
    CHECK_OK(cudaFree(pd));

    /* Pointer attributes follow the allocator. */
    struct cudaPointerAttributes a;
    CHECK_OK(cudaPointerGetAttributes(&a, d));
    CHECK(a.type == cudaMemoryTypeDevice && a.device == 0 && a.devicePointer == d);
    CHECK_OK(cudaPointerGetAttributes(&a, d + 10));  /* interior pointer */
    CHECK(a.type == cudaMemoryTypeDevice);
    CHECK_OK(cudaPointerGetAttributes(&a, m));
    CHECK(a.type == cudaMemoryTypeManaged);
    CHECK_OK(cudaPointerGetAttributes(&a, h));
    CHECK(a.type == cudaMemoryTypeHost && a.hostPointer == h);
    CHECK_OK(cudaPointerGetAttributes(&a, host));
    CHECK(a.type == cudaMemoryTypeUnregistered);
    unsigned flags = 0;
    CHECK_OK(cudaHostGetFlags(&flags, ha));
    CHECK(flags == (cudaHostAllocMapped | cudaHostAllocPortable));
    void *dp = NULL;
    CHECK_OK(cudaHostGetDevicePointer(&dp, ha, 0));
    CHECK(dp == ha);

    /* Freeing: NULL is fine, foreign and mismatched pointers are refused (and stay valid). */
    CHECK_OK(cudaFree(NULL));
    CHECK_OK(cudaFreeHost(NULL));
    int *foreign = malloc(64);
    CHECK_ERR(cudaFree(foreign), cudaErrorInvalidValue);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_ERR(cudaFree(d + 1), cudaErrorInvalidValue);     /* not the allocation's start */
    CHECK_ERR(cudaFreeHost(d), cudaErrorInvalidValue);     /* device memory */
    CHECK_ERR(cudaFree(h), cudaErrorInvalidValue);         /* pinned host memory */
    cudaGetLastError();
    free(foreign);
    CHECK_OK(cudaFree(d));
    CHECK_ERR(cudaFree(d), cudaErrorInvalidValue);         /* double free */
    CHECK_OK(cudaFree(m));
    CHECK_OK(cudaFreeHost(h));
    CHECK_OK(cudaFreeHost(ha));
    cudaGetLastError();

    /* Many allocations: the map grows and shrinks, each one is found again. */
    enum { MANY = 5000 };
    static void *many[MANY];
    for (int i = 0; i < MANY; i++)
        CHECK_OK(cudaMalloc(&many[i], (size_t)(i % 7 + 1) * 16));
    for (int i = 0; i < MANY; i += 2)
        CHECK_OK(cudaFree(many[i]));
    for (int i = 1; i < MANY; i += 2) {
        CHECK_OK(cudaPointerGetAttributes(&a, many[i]));
        CHECK(a.type == cudaMemoryTypeDevice);
        CHECK_OK(cudaFree(many[i]));
    }

    /* Size 0 succeeds with NULL; huge sizes fail cleanly with cudaErrorMemoryAllocation. */
    void *z = &z;
    CHECK_OK(cudaMalloc(&z, 0));
    CHECK(z == NULL);
    void *big = NULL;
    CHECK_ERR(cudaMalloc(&big, (size_t)1 << 62), cudaErrorMemoryAllocation);
    CHECK_ERR(cudaMalloc(&big, SIZE_MAX), cudaErrorMemoryAllocation);
    CHECK_ERR(cudaMallocHost(&big, SIZE_MAX / 2), cudaErrorMemoryAllocation);
    CHECK_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);
    CHECK_ERR(cudaMalloc(NULL, 16), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Host registration. */
    static char page[4096];
    CHECK_OK(cudaHostRegister(page, sizeof page, cudaHostRegisterDefault));
    CHECK_ERR(cudaHostRegister(page, sizeof page, 0), cudaErrorHostMemoryAlreadyRegistered);
    CHECK_OK(cudaPointerGetAttributes(&a, page + 100));
    CHECK(a.type == cudaMemoryTypeHost);
    CHECK_OK(cudaHostUnregister(page));
    CHECK_ERR(cudaHostUnregister(page), cudaErrorHostMemoryNotRegistered);
    cudaGetLastError();

    /* Memory info agrees with the device's total. */
    size_t free_b = 0, total_b = 0;
    CHECK_OK(cudaMemGetInfo(&free_b, &total_b));
    struct cudaDeviceProp prop;
    CHECK_OK(cudaGetDeviceProperties(&prop, 0));
    CHECK(total_b == prop.totalGlobalMem && total_b > 0);
    CHECK(free_b > 0 && free_b <= total_b);
    CHECK_ERR(cudaMemGetInfo(NULL, &total_b), cudaErrorInvalidValue);

    /* cudaDeviceReset frees what is left; the runtime works afterwards. */
    void *left = NULL;
    CHECK_OK(cudaMalloc(&left, 128));
    CHECK_OK(cudaDeviceReset());
    CHECK_ERR(cudaFree(left), cudaErrorInvalidValue);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidValue);
    CHECK_OK(cudaMalloc(&left, 128));
    CHECK_OK(cudaFree(left));
    return check_report();
}
