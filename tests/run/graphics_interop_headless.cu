// Programs that include cuda_gl_interop.h (Rodinia's hybridsort, NVIDIA's samples run
// headless) build and run: the program's kernels work, and the interoperability calls
// answer as CUDA does on a machine whose CUDA device drives no display: registering a GL
// buffer or image is cudaErrorNotSupported (the last error too, the handle cleared), no CUDA
// device drives the GL context, and the generic cudaGraphics* calls find no resource.
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: register buffer: cudaErrorNotSupported cleared last cudaErrorNotSupported
// CHECK-NEXT: register image: cudaErrorNotSupported
// CHECK-NEXT: GL devices: cudaErrorNoDevice 0
// CHECK-NEXT: map: cudaErrorInvalidResourceHandle cudaErrorInvalidValue
// CHECK-NEXT: pointer: cudaErrorInvalidResourceHandle unregister: cudaErrorInvalidResourceHandle
// CHECK-NEXT: deprecated: cudaErrorNotSupported cudaErrorNotSupported
// CHECK-NEXT: kernel: 3 no error
#include <cuda_gl_interop.h>
#include <cstdio>

__global__ void iota(int *x) { x[threadIdx.x] = threadIdx.x; }

int main() {
    cudaGraphicsResource *res = (cudaGraphicsResource *)1;
    cudaError_t e = cudaGraphicsGLRegisterBuffer(&res, 3, cudaGraphicsRegisterFlagsWriteDiscard);
    printf("register buffer: %s %s last %s\n", cudaGetErrorName(e), res == nullptr ? "cleared" : "kept",
           cudaGetErrorName(cudaGetLastError()));
    e = cudaGraphicsGLRegisterImage(&res, 4, 0x0DE1 /* GL_TEXTURE_2D */, cudaGraphicsRegisterFlagsNone);
    printf("register image: %s\n", cudaGetErrorName(e));
    unsigned n = 7;
    int devs[1];
    e = cudaGLGetDevices(&n, devs, 1, cudaGLDeviceListAll);
    printf("GL devices: %s %u\n", cudaGetErrorName(e), n);
    cudaGraphicsResource_t fake = (cudaGraphicsResource_t)&n;
    cudaError_t m1 = cudaGraphicsMapResources(1, &fake, 0), m2 = cudaGraphicsMapResources(0, &fake, 0);
    printf("map: %s %s\n", cudaGetErrorName(m1), cudaGetErrorName(m2));
    void *p;
    size_t size;
    cudaError_t p1 = cudaGraphicsResourceGetMappedPointer(&p, &size, fake);
    printf("pointer: %s unregister: %s\n", cudaGetErrorName(p1), cudaGetErrorName(cudaGraphicsUnregisterResource(fake)));
    cudaError_t d1 = cudaGLSetGLDevice(0), d2 = cudaGLRegisterBufferObject(5);
    printf("deprecated: %s %s\n", cudaGetErrorName(d1), cudaGetErrorName(d2));
    cudaGetLastError();
    int *x;
    cudaMallocManaged(&x, 4 * sizeof(int));
    iota<<<1, 4>>>(x);
    e = cudaDeviceSynchronize();
    printf("kernel: %d %s\n", x[3], cudaGetErrorString(e));
    return 0;
}
