// Programs that include CUDA's EGL interoperability headers (runtime cuda_egl_interop.h,
// driver cudaEGL.h) and the driver's cudaProfiler.h build and run: the kernels work, and the
// calls answer as CUDA does with no EGL-capable device: registering an EGL image, connecting
// to an EGL stream as consumer or producer, and making an event from an EGL sync are
// cudaErrorNotSupported (the last error too, handles cleared) / CUDA_ERROR_NOT_SUPPORTED;
// missing arguments are cudaErrorInvalidValue first; no resource is mapped. The profiler's
// start and stop succeed (nothing to start: as cudaProfilerStart). Their types (frames,
// plane descriptions, color formats with CUDA's values) are there for the programs' code.
// RUN: %cu2cc -O2 %s -o %t -lcuda && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: register image: cudaErrorNotSupported cleared last cudaErrorNotSupported
// CHECK-NEXT: consumer: cudaErrorNotSupported cudaErrorNotSupported producer: cudaErrorNotSupported
// CHECK-NEXT: missing: cudaErrorInvalidValue cudaErrorInvalidValue
// CHECK-NEXT: mapped frame: cudaErrorInvalidResourceHandle planes 0
// CHECK-NEXT: event: cudaErrorNotSupported cleared
// CHECK-NEXT: driver: 801 801 801 1 400
// CHECK-NEXT: profiler: 0 0
// CHECK-NEXT: formats: 7 45 116 0x74 3 3
// CHECK-NEXT: kernel: 3 no error
#include <cuda_egl_interop.h>
#include <cudaEGL.h>
#include <cudaProfiler.h>
#include <cuda.h>
#include <cstdio>

__global__ void iota(int *x) { x[threadIdx.x] = threadIdx.x; }

int main() {
    cudaGraphicsResource *res = (cudaGraphicsResource *)1;
    cudaError_t e = cudaGraphicsEGLRegisterImage(&res, (EGLImageKHR)0, cudaGraphicsRegisterFlagsNone);
    printf("register image: %s %s last %s\n", cudaGetErrorName(e), res == nullptr ? "cleared" : "kept",
           cudaGetErrorName(cudaGetLastError()));
    cudaEglStreamConnection conn;
    cudaError_t c1 = cudaEGLStreamConsumerConnect(&conn, (EGLStreamKHR)0);
    cudaError_t c2 = cudaEGLStreamConsumerConnectWithFlags(&conn, (EGLStreamKHR)0, cudaEglResourceLocationSysmem);
    cudaError_t p1 = cudaEGLStreamProducerConnect(&conn, (EGLStreamKHR)0, 640, 480);
    printf("consumer: %s %s producer: %s\n", cudaGetErrorName(c1), cudaGetErrorName(c2), cudaGetErrorName(p1));
    cudaError_t m1 = cudaEGLStreamConsumerConnect(nullptr, (EGLStreamKHR)0);
    cudaError_t m2 = cudaEGLStreamProducerReturnFrame(&conn, nullptr, nullptr);
    printf("missing: %s %s\n", cudaGetErrorName(m1), cudaGetErrorName(m2));
    cudaEglFrame frame;
    frame.planeCount = 9;
    cudaError_t f1 = cudaGraphicsResourceGetMappedEglFrame(&frame, (cudaGraphicsResource_t)&conn, 0, 0);
    printf("mapped frame: %s planes %u\n", cudaGetErrorName(f1), frame.planeCount);
    cudaEvent_t ev = (cudaEvent_t)&conn;
    cudaError_t ev1 = cudaEventCreateFromEGLSync(&ev, (EGLSyncKHR)0, cudaEventDefault);
    printf("event: %s %s\n", cudaGetErrorName(ev1), ev == nullptr ? "cleared" : "kept");
    cudaGetLastError();

    CUgraphicsResource dres;
    CUeglStreamConnection dconn;
    CUeglFrame dframe;
    CUevent dev;
    printf("driver: %d %d %d %d %d\n", (int)cuGraphicsEGLRegisterImage(&dres, (EGLImageKHR)0, 0),
           (int)cuEGLStreamConsumerConnect(&dconn, (EGLStreamKHR)0), (int)cuEventCreateFromEGLSync(&dev, (EGLSyncKHR)0, 0),
           (int)cuEGLStreamProducerConnect(nullptr, (EGLStreamKHR)0, 1, 1),
           (int)cuGraphicsResourceGetMappedEglFrame(&dframe, dres, 0, 0));
    printf("profiler: %d %d\n", (int)cuProfilerStart(), (int)cuProfilerStop());
    printf("formats: %d %d %d %#x %d %d\n", (int)cudaEglColorFormatRGBA, (int)cudaEglColorFormatBayerRGGB,
           (int)cudaEglColorFormatUYVY2020, (unsigned)CU_EGL_COLOR_FORMAT_UYVY_2020, CUDA_EGL_MAX_PLANES, MAX_PLANES);

    int *x;
    cudaMallocManaged(&x, 4 * sizeof(int));
    iota<<<1, 4>>>(x);
    e = cudaDeviceSynchronize();
    printf("kernel: %d %s\n", x[3], cudaGetErrorString(e));
    return 0;
}
