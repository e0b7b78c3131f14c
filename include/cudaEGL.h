/* cudaEGL.h - CUDA's EGL interoperability (driver API), for programs that include it and
 * never call it with an EGL display. cu2c has no graphics device: each call is
 * CUDA_ERROR_NOT_SUPPORTED (runtime/graphics.c). */
#ifndef CU2C_CUDAEGL_H
#define CU2C_CUDAEGL_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cuda.h"

/* EGL's types from the system's EGL headers when it has them (as NVIDIA's header includes
 * them), else declared here as EGL declares them */
#if defined(__has_include)
#if __has_include(<EGL/egl.h>) && __has_include(<EGL/eglext.h>)
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define CU2C_HAVE_EGL_TYPES 1
#endif
#endif
#if !defined(CU2C_HAVE_EGL_TYPES) && !defined(CU2C_EGL_TYPES_DECLARED)
#define CU2C_EGL_TYPES_DECLARED 1
#include <stdint.h>
typedef int32_t EGLint;
typedef void *EGLImageKHR;
typedef void *EGLStreamKHR;
typedef void *EGLSyncKHR;
#endif

#define MAX_PLANES 3

typedef enum CUeglFrameType_enum {
    CU_EGL_FRAME_TYPE_ARRAY = 0,
    CU_EGL_FRAME_TYPE_PITCH = 1
} CUeglFrameType;

typedef enum CUeglResourceLocationFlags_enum {
    CU_EGL_RESOURCE_LOCATION_SYSMEM = 0x00,
    CU_EGL_RESOURCE_LOCATION_VIDMEM = 0x01
} CUeglResourceLocationFlags;

typedef enum CUeglColorFormat_enum {
    CU_EGL_COLOR_FORMAT_YUV420_PLANAR = 0x00, CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR = 0x01,
    CU_EGL_COLOR_FORMAT_YUV422_PLANAR = 0x02, CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR = 0x03,
    CU_EGL_COLOR_FORMAT_RGB = 0x04, CU_EGL_COLOR_FORMAT_BGR = 0x05,
    CU_EGL_COLOR_FORMAT_ARGB = 0x06, CU_EGL_COLOR_FORMAT_RGBA = 0x07,
    CU_EGL_COLOR_FORMAT_L = 0x08, CU_EGL_COLOR_FORMAT_R = 0x09,
    CU_EGL_COLOR_FORMAT_YUV444_PLANAR = 0x0A, CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR = 0x0B,
    CU_EGL_COLOR_FORMAT_YUYV_422 = 0x0C, CU_EGL_COLOR_FORMAT_UYVY_422 = 0x0D,
    CU_EGL_COLOR_FORMAT_ABGR = 0x0E, CU_EGL_COLOR_FORMAT_BGRA = 0x0F,
    CU_EGL_COLOR_FORMAT_A = 0x10, CU_EGL_COLOR_FORMAT_RG = 0x11,
    CU_EGL_COLOR_FORMAT_AYUV = 0x12, CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR = 0x13,
    CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR = 0x14, CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR = 0x15,
    CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR = 0x16,
    CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR = 0x17,
    CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR = 0x18,
    CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR = 0x19, CU_EGL_COLOR_FORMAT_VYUY_ER = 0x1A,
    CU_EGL_COLOR_FORMAT_UYVY_ER = 0x1B, CU_EGL_COLOR_FORMAT_YUYV_ER = 0x1C,
    CU_EGL_COLOR_FORMAT_YVYU_ER = 0x1D, CU_EGL_COLOR_FORMAT_YUV_ER = 0x1E,
    CU_EGL_COLOR_FORMAT_YUVA_ER = 0x1F, CU_EGL_COLOR_FORMAT_AYUV_ER = 0x20,
    CU_EGL_COLOR_FORMAT_YUV444_PLANAR_ER = 0x21, CU_EGL_COLOR_FORMAT_YUV422_PLANAR_ER = 0x22,
    CU_EGL_COLOR_FORMAT_YUV420_PLANAR_ER = 0x23,
    CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR_ER = 0x24,
    CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR_ER = 0x25,
    CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_ER = 0x26,
    CU_EGL_COLOR_FORMAT_YVU444_PLANAR_ER = 0x27, CU_EGL_COLOR_FORMAT_YVU422_PLANAR_ER = 0x28,
    CU_EGL_COLOR_FORMAT_YVU420_PLANAR_ER = 0x29,
    CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR_ER = 0x2A,
    CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR_ER = 0x2B,
    CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_ER = 0x2C, CU_EGL_COLOR_FORMAT_BAYER_RGGB = 0x2D,
    CU_EGL_COLOR_FORMAT_BAYER_BGGR = 0x2E, CU_EGL_COLOR_FORMAT_BAYER_GRBG = 0x2F,
    CU_EGL_COLOR_FORMAT_BAYER_GBRG = 0x30, CU_EGL_COLOR_FORMAT_BAYER10_RGGB = 0x31,
    CU_EGL_COLOR_FORMAT_BAYER10_BGGR = 0x32, CU_EGL_COLOR_FORMAT_BAYER10_GRBG = 0x33,
    CU_EGL_COLOR_FORMAT_BAYER10_GBRG = 0x34, CU_EGL_COLOR_FORMAT_BAYER12_RGGB = 0x35,
    CU_EGL_COLOR_FORMAT_BAYER12_BGGR = 0x36, CU_EGL_COLOR_FORMAT_BAYER12_GRBG = 0x37,
    CU_EGL_COLOR_FORMAT_BAYER12_GBRG = 0x38, CU_EGL_COLOR_FORMAT_BAYER14_RGGB = 0x39,
    CU_EGL_COLOR_FORMAT_BAYER14_BGGR = 0x3A, CU_EGL_COLOR_FORMAT_BAYER14_GRBG = 0x3B,
    CU_EGL_COLOR_FORMAT_BAYER14_GBRG = 0x3C, CU_EGL_COLOR_FORMAT_BAYER20_RGGB = 0x3D,
    CU_EGL_COLOR_FORMAT_BAYER20_BGGR = 0x3E, CU_EGL_COLOR_FORMAT_BAYER20_GRBG = 0x3F,
    CU_EGL_COLOR_FORMAT_BAYER20_GBRG = 0x40, CU_EGL_COLOR_FORMAT_YVU444_PLANAR = 0x41,
    CU_EGL_COLOR_FORMAT_YVU422_PLANAR = 0x42, CU_EGL_COLOR_FORMAT_YVU420_PLANAR = 0x43,
    CU_EGL_COLOR_FORMAT_BAYER_ISP_RGGB = 0x44, CU_EGL_COLOR_FORMAT_BAYER_ISP_BGGR = 0x45,
    CU_EGL_COLOR_FORMAT_BAYER_ISP_GRBG = 0x46, CU_EGL_COLOR_FORMAT_BAYER_ISP_GBRG = 0x47,
    CU_EGL_COLOR_FORMAT_BAYER_BCCR = 0x48, CU_EGL_COLOR_FORMAT_BAYER_RCCB = 0x49,
    CU_EGL_COLOR_FORMAT_BAYER_CRBC = 0x4A, CU_EGL_COLOR_FORMAT_BAYER_CBRC = 0x4B,
    CU_EGL_COLOR_FORMAT_BAYER10_CCCC = 0x4C, CU_EGL_COLOR_FORMAT_BAYER12_BCCR = 0x4D,
    CU_EGL_COLOR_FORMAT_BAYER12_RCCB = 0x4E, CU_EGL_COLOR_FORMAT_BAYER12_CRBC = 0x4F,
    CU_EGL_COLOR_FORMAT_BAYER12_CBRC = 0x50, CU_EGL_COLOR_FORMAT_BAYER12_CCCC = 0x51,
    CU_EGL_COLOR_FORMAT_Y = 0x52, CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_2020 = 0x53,
    CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_2020 = 0x54,
    CU_EGL_COLOR_FORMAT_YUV420_PLANAR_2020 = 0x55,
    CU_EGL_COLOR_FORMAT_YVU420_PLANAR_2020 = 0x56,
    CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_709 = 0x57,
    CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_709 = 0x58,
    CU_EGL_COLOR_FORMAT_YUV420_PLANAR_709 = 0x59, CU_EGL_COLOR_FORMAT_YVU420_PLANAR_709 = 0x5A,
    CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_709 = 0x5B,
    CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_2020 = 0x5C,
    CU_EGL_COLOR_FORMAT_Y10V10U10_422_SEMIPLANAR_2020 = 0x5D,
    CU_EGL_COLOR_FORMAT_Y10V10U10_422_SEMIPLANAR = 0x5E,
    CU_EGL_COLOR_FORMAT_Y10V10U10_422_SEMIPLANAR_709 = 0x5F, CU_EGL_COLOR_FORMAT_Y_ER = 0x60,
    CU_EGL_COLOR_FORMAT_Y_709_ER = 0x61, CU_EGL_COLOR_FORMAT_Y10_ER = 0x62,
    CU_EGL_COLOR_FORMAT_Y10_709_ER = 0x63, CU_EGL_COLOR_FORMAT_Y12_ER = 0x64,
    CU_EGL_COLOR_FORMAT_Y12_709_ER = 0x65, CU_EGL_COLOR_FORMAT_YUVA = 0x66,
    CU_EGL_COLOR_FORMAT_YUV = 0x67, CU_EGL_COLOR_FORMAT_YVYU = 0x68,
    CU_EGL_COLOR_FORMAT_VYUY = 0x69, CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_ER = 0x6A,
    CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR_709_ER = 0x6B,
    CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR_ER = 0x6C,
    CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR_709_ER = 0x6D,
    CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR_ER = 0x6E,
    CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR_709_ER = 0x6F,
    CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR_ER = 0x70,
    CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR_709_ER = 0x71,
    CU_EGL_COLOR_FORMAT_UYVY_709 = 0x72, CU_EGL_COLOR_FORMAT_UYVY_709_ER = 0x73,
    CU_EGL_COLOR_FORMAT_UYVY_2020 = 0x74,
    CU_EGL_COLOR_FORMAT_MAX
} CUeglColorFormat;

typedef struct CUeglFrame_st {
    union {
        CUarray pArray[MAX_PLANES];
        void *pPitch[MAX_PLANES];
    } frame;
    unsigned int width;
    unsigned int height;
    unsigned int depth;
    unsigned int pitch;
    unsigned int planeCount;
    unsigned int numChannels;
    CUeglFrameType frameType;
    CUeglColorFormat eglColorFormat;
    CUarray_format cuFormat;
} CUeglFrame_v1;
typedef CUeglFrame_v1 CUeglFrame;

typedef struct CUeglStreamConnection_st *CUeglStreamConnection;

#ifdef __cplusplus
extern "C" {
#endif

CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *pCudaResource, EGLImageKHR image, unsigned int flags);
CUresult cuEGLStreamConsumerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream);
CUresult cuEGLStreamConsumerConnectWithFlags(CUeglStreamConnection *conn, EGLStreamKHR stream, unsigned int flags);
CUresult cuEGLStreamConsumerDisconnect(CUeglStreamConnection *conn);
CUresult cuEGLStreamConsumerAcquireFrame(CUeglStreamConnection *conn, CUgraphicsResource *pCudaResource,
                                         CUstream *pStream, unsigned int timeout);
CUresult cuEGLStreamConsumerReleaseFrame(CUeglStreamConnection *conn, CUgraphicsResource pCudaResource,
                                         CUstream *pStream);
CUresult cuEGLStreamProducerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream, EGLint width, EGLint height);
CUresult cuEGLStreamProducerDisconnect(CUeglStreamConnection *conn);
CUresult cuEGLStreamProducerPresentFrame(CUeglStreamConnection *conn, CUeglFrame eglframe, CUstream *pStream);
CUresult cuEGLStreamProducerReturnFrame(CUeglStreamConnection *conn, CUeglFrame *eglframe, CUstream *pStream);
CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *eglFrame, CUgraphicsResource resource, unsigned int index,
                                             unsigned int mipLevel);
CUresult cuEventCreateFromEGLSync(CUevent *phEvent, EGLSyncKHR eglSync, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif
