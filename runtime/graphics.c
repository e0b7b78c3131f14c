/* runtime/graphics.c - graphics interoperability (cuda_runtime_api.h's cudaGraphics*, and
 * cuda_gl_interop.h). cu2c has no graphics device: no graphics API can register a resource,
 * so the generic calls are given none (cudaErrorInvalidResourceHandle, or
 * cudaErrorInvalidValue for a missing argument), OpenGL's registrations and its deprecated
 * buffer-object calls are cudaErrorNotSupported, and no CUDA device drives a GL context.
 * Each error is recorded as the last error, as CUDA's are. */
#include <stddef.h>
#include "internal.h"
#include "cuda_gl_interop.h"

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource)
{
    (void)resource;
    return rt_error(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags)
{
    (void)resource;
    (void)flags;
    return rt_error(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream)
{
    (void)stream;
    return rt_error(count <= 0 || !resources ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources, cudaStream_t stream)
{
    (void)stream;
    return rt_error(count <= 0 || !resources ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, cudaGraphicsResource_t resource)
{
    (void)resource;
    return rt_error(!devPtr || !size ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
                                                  unsigned int arrayIndex, unsigned int mipLevel)
{
    (void)resource;
    (void)arrayIndex;
    (void)mipLevel;
    return rt_error(!array ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                        cudaGraphicsResource_t resource)
{
    (void)resource;
    return rt_error(!mipmappedArray ? cudaErrorInvalidValue : cudaErrorInvalidResourceHandle);
}

cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices, unsigned int cudaDeviceCount,
                             enum cudaGLDeviceList deviceList)
{
    (void)pCudaDevices;
    (void)cudaDeviceCount;
    (void)deviceList;
    if (!pCudaDeviceCount)
        return rt_error(cudaErrorInvalidValue);
    *pCudaDeviceCount = 0;
    return rt_error(cudaErrorNoDevice);   /* no CUDA device drives the GL context */
}

cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image, GLenum target,
                                        unsigned int flags)
{
    (void)image;
    (void)target;
    (void)flags;
    if (resource)
        *resource = NULL;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer, unsigned int flags)
{
    (void)buffer;
    (void)flags;
    if (resource)
        *resource = NULL;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLSetGLDevice(int device)
{
    (void)device;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLRegisterBufferObject(GLuint bufObj)
{
    (void)bufObj;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj)
{
    (void)bufObj;
    if (devPtr)
        *devPtr = NULL;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLUnmapBufferObject(GLuint bufObj)
{
    (void)bufObj;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj)
{
    (void)bufObj;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags)
{
    (void)bufObj;
    (void)flags;
    return rt_error(cudaErrorNotSupported);
}

cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream)
{
    (void)stream;
    return cudaGLMapBufferObject(devPtr, bufObj);
}

cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream)
{
    (void)stream;
    return cudaGLUnmapBufferObject(bufObj);
}
