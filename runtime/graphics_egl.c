/* runtime/graphics_egl.c - EGL interoperability, runtime API (cuda_egl_interop.h) and driver
 * API (cudaEGL.h). cu2c has no graphics device: no EGL image can be registered, no EGL stream
 * connected, no event made from an EGL sync. Each call is cudaErrorNotSupported (recorded as
 * the last error, as CUDA's errors are) or CUDA_ERROR_NOT_SUPPORTED, after CUDA's checks of
 * missing arguments (cudaErrorInvalidValue / CUDA_ERROR_INVALID_VALUE); what it would hand
 * back is cleared. */
#include <stddef.h>
#include <string.h>
#include "internal.h"
#include "cuda_egl_interop.h"
#include "cudaEGL.h"

/* ---- runtime API ------------------------------------------------------------------------- */

/* The answer to a call given `out` to fill (NULL: a missing argument). */
static cudaError_t rt_egl_refused(const void *out)
{
    return rt_error(out ? cudaErrorNotSupported : cudaErrorInvalidValue);
}

cudaError_t cudaGraphicsEGLRegisterImage(struct cudaGraphicsResource **pCudaResource, EGLImageKHR image,
                                         unsigned int flags)
{
    (void)image;
    (void)flags;
    if (pCudaResource)
        *pCudaResource = NULL;
    return rt_egl_refused(pCudaResource);
}

cudaError_t cudaEGLStreamConsumerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream)
{
    return cudaEGLStreamConsumerConnectWithFlags(conn, eglStream, cudaEglResourceLocationVidmem);
}

cudaError_t cudaEGLStreamConsumerConnectWithFlags(cudaEglStreamConnection *conn, EGLStreamKHR eglStream,
                                                  unsigned int flags)
{
    (void)eglStream;
    (void)flags;
    if (conn)
        *conn = NULL;
    return rt_egl_refused(conn);
}

cudaError_t cudaEGLStreamConsumerDisconnect(cudaEglStreamConnection *conn)
{
    return rt_egl_refused(conn);
}

cudaError_t cudaEGLStreamConsumerAcquireFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t *pCudaResource,
                                              cudaStream_t *pStream, unsigned int timeout)
{
    (void)pStream;
    (void)timeout;
    if (pCudaResource)
        *pCudaResource = NULL;
    return rt_egl_refused(conn && pCudaResource ? conn : NULL);
}

cudaError_t cudaEGLStreamConsumerReleaseFrame(cudaEglStreamConnection *conn, cudaGraphicsResource_t pCudaResource,
                                              cudaStream_t *pStream)
{
    (void)pCudaResource;
    (void)pStream;
    return rt_egl_refused(conn);
}

cudaError_t cudaEGLStreamProducerConnect(cudaEglStreamConnection *conn, EGLStreamKHR eglStream, EGLint width,
                                         EGLint height)
{
    (void)eglStream;
    (void)width;
    (void)height;
    if (conn)
        *conn = NULL;
    return rt_egl_refused(conn);
}

cudaError_t cudaEGLStreamProducerDisconnect(cudaEglStreamConnection *conn)
{
    return rt_egl_refused(conn);
}

cudaError_t cudaEGLStreamProducerPresentFrame(cudaEglStreamConnection *conn, cudaEglFrame eglframe,
                                              cudaStream_t *pStream)
{
    (void)eglframe;
    (void)pStream;
    return rt_egl_refused(conn);
}

cudaError_t cudaEGLStreamProducerReturnFrame(cudaEglStreamConnection *conn, cudaEglFrame *eglframe,
                                             cudaStream_t *pStream)
{
    (void)pStream;
    return rt_egl_refused(conn && eglframe ? conn : NULL);
}

cudaError_t cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *eglFrame, cudaGraphicsResource_t resource,
                                                  unsigned int index, unsigned int mipLevel)
{
    (void)index;
    (void)mipLevel;
    if (!eglFrame)
        return rt_error(cudaErrorInvalidValue);
    memset(eglFrame, 0, sizeof *eglFrame);
    (void)resource;     /* no resource was ever registered: none is mapped */
    return rt_error(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventCreateFromEGLSync(cudaEvent_t *phEvent, EGLSyncKHR eglSync, unsigned int flags)
{
    (void)eglSync;
    (void)flags;
    if (phEvent)
        *phEvent = NULL;
    return rt_egl_refused(phEvent);
}

/* ---- driver API -------------------------------------------------------------------------- */

static CUresult rt_egl_drv_refused(const void *out)
{
    return out ? CUDA_ERROR_NOT_SUPPORTED : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *pCudaResource, EGLImageKHR image, unsigned int flags)
{
    (void)image;
    (void)flags;
    if (pCudaResource)
        *pCudaResource = NULL;
    return rt_egl_drv_refused(pCudaResource);
}

CUresult cuEGLStreamConsumerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream)
{
    return cuEGLStreamConsumerConnectWithFlags(conn, stream, CU_EGL_RESOURCE_LOCATION_VIDMEM);
}

CUresult cuEGLStreamConsumerConnectWithFlags(CUeglStreamConnection *conn, EGLStreamKHR stream, unsigned int flags)
{
    (void)stream;
    (void)flags;
    if (conn)
        *conn = NULL;
    return rt_egl_drv_refused(conn);
}

CUresult cuEGLStreamConsumerDisconnect(CUeglStreamConnection *conn)
{
    return rt_egl_drv_refused(conn);
}

CUresult cuEGLStreamConsumerAcquireFrame(CUeglStreamConnection *conn, CUgraphicsResource *pCudaResource,
                                         CUstream *pStream, unsigned int timeout)
{
    (void)pStream;
    (void)timeout;
    if (pCudaResource)
        *pCudaResource = NULL;
    return rt_egl_drv_refused(conn && pCudaResource ? conn : NULL);
}

CUresult cuEGLStreamConsumerReleaseFrame(CUeglStreamConnection *conn, CUgraphicsResource pCudaResource,
                                         CUstream *pStream)
{
    (void)pCudaResource;
    (void)pStream;
    return rt_egl_drv_refused(conn);
}

CUresult cuEGLStreamProducerConnect(CUeglStreamConnection *conn, EGLStreamKHR stream, EGLint width, EGLint height)
{
    (void)stream;
    (void)width;
    (void)height;
    if (conn)
        *conn = NULL;
    return rt_egl_drv_refused(conn);
}

CUresult cuEGLStreamProducerDisconnect(CUeglStreamConnection *conn)
{
    return rt_egl_drv_refused(conn);
}

CUresult cuEGLStreamProducerPresentFrame(CUeglStreamConnection *conn, CUeglFrame eglframe, CUstream *pStream)
{
    (void)eglframe;
    (void)pStream;
    return rt_egl_drv_refused(conn);
}

CUresult cuEGLStreamProducerReturnFrame(CUeglStreamConnection *conn, CUeglFrame *eglframe, CUstream *pStream)
{
    (void)pStream;
    return rt_egl_drv_refused(conn && eglframe ? conn : NULL);
}

CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *eglFrame, CUgraphicsResource resource, unsigned int index,
                                             unsigned int mipLevel)
{
    (void)resource;
    (void)index;
    (void)mipLevel;
    if (!eglFrame)
        return CUDA_ERROR_INVALID_VALUE;
    memset(eglFrame, 0, sizeof *eglFrame);
    return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuEventCreateFromEGLSync(CUevent *phEvent, EGLSyncKHR eglSync, unsigned int flags)
{
    (void)eglSync;
    (void)flags;
    if (phEvent)
        *phEvent = NULL;
    return rt_egl_drv_refused(phEvent);
}
