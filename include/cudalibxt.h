/* cudalibxt.h - the descriptors CUDA's multi-GPU library calls (cufftXtMalloc & co.) pass
 * around: one piece of the data per GPU, each in that device's memory. */
#ifndef CU2C_CUDALIBXT_H
#define CU2C_CUDALIBXT_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define _CUDA_LIB_XT_H_ /* the CUDA toolkit's guard */

#include "cuda_runtime_api.h"

#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000 /* added to CUDART_VERSION */

enum cudaXtCopyType_t {
    LIB_XT_COPY_HOST_TO_DEVICE,
    LIB_XT_COPY_DEVICE_TO_HOST,
    LIB_XT_COPY_DEVICE_TO_DEVICE
};
typedef enum cudaXtCopyType_t cudaLibXtCopyType;

enum libFormat_t {
    LIB_FORMAT_CUFFT = 0x0,
    LIB_FORMAT_UNDEFINED = 0x1
};
typedef enum libFormat_t libFormat;

#define MAX_CUDA_DESCRIPTOR_GPUS 64

/* Data spread over several GPUs: one pointer and size per GPU. */
typedef struct cudaXtDesc_t {
    int version;
    int nGPUs;
    int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];     /* device numbers */
    void *data[MAX_CUDA_DESCRIPTOR_GPUS];   /* one buffer per GPU */
    size_t size[MAX_CUDA_DESCRIPTOR_GPUS];  /* its size in bytes */
    void *cudaXtState;                      /* the library's own */
} cudaXtDesc;

/* A library's view of such data (cuFFT: the layout it is in). */
typedef struct cudaLibXtDesc_t {
    int version;
    cudaXtDesc *descriptor;
    libFormat library;
    int subFormat;
    void *libDescriptor;
} cudaLibXtDesc;

#endif
