/* cuda_gl_interop.h - CUDA's OpenGL interoperability, for programs that include it and never
 * call it with a GL context (Rodinia's hybridsort, NVIDIA's samples in their headless QA
 * mode). cu2c has no graphics device: registering a GL buffer or image is
 * cudaErrorNotSupported, and so are the deprecated cudaGL* calls; cudaGLGetDevices finds no
 * CUDA device driving a GL context (runtime/graphics.c). GL's types come from <GL/gl.h> when
 * the system has it, else are declared here as GL declares them. */
#ifndef CU2C_CUDA_GL_INTEROP_H
#define CU2C_CUDA_GL_INTEROP_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include "cuda_runtime_api.h"

#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#define CU2C_HAVE_GL_TYPES 1
#endif
#endif
#ifndef CU2C_HAVE_GL_TYPES
typedef unsigned int GLuint;
typedef unsigned int GLenum;
#endif

enum cudaGLDeviceList {
    cudaGLDeviceListAll = 1,
    cudaGLDeviceListCurrentFrame = 2,
    cudaGLDeviceListNextFrame = 3
};
enum cudaGLMapFlags {
    cudaGLMapFlagsNone = 0,
    cudaGLMapFlagsReadOnly = 1,
    cudaGLMapFlagsWriteDiscard = 2
};

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices, unsigned int cudaDeviceCount,
                             enum cudaGLDeviceList deviceList);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource, GLuint image, GLenum target,
                                        unsigned int flags);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource, GLuint buffer, unsigned int flags);

/* deprecated since CUDA 3.0, still declared by CUDA */
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
cudaError_t cudaGLUnmapBufferObject(GLuint bufObj);
cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj, cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif
