/* A C program using only the driver API (cuda.h, -lcuda): devices, a context, memory. */
#include <cuda.h>
#include <stdio.h>
int main(void) {
    CUdevice d; CUcontext c; CUdeviceptr p; int n = 0; char name[64];
    if (cuInit(0) || cuDeviceGetCount(&n) || cuDeviceGet(&d, 0) || cuDeviceGetName(name, 64, d) || cuCtxCreate(&c, 0, d)) return 1;
    if (cuMemAlloc(&p, 4096) || cuMemsetD32(p, 7u, 1024)) return 2;
    unsigned v[1024]; if (cuMemcpyDtoH(v, p, sizeof v)) return 3;
    printf("driver API: %d device(s), v[1023]=%u\n", n, v[1023]);
    cuMemFree(p); cuCtxDestroy(c); return 0;
}
