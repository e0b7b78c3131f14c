/* library_types.h - the element types and version queries CUDA's math libraries share (cuFFT's
 * cufftXt calls, cuBLAS's *Ex calls): cudaDataType names a real or complex element by its
 * precision, libraryPropertyType a part of a library's version. Values are CUDA's. */
#ifndef CU2C_LIBRARY_TYPES_H
#define CU2C_LIBRARY_TYPES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __LIBRARY_TYPES_H__ /* the CUDA toolkit's guard */

typedef enum cudaDataType_t {
    CUDA_R_16F = 2,         /* half */
    CUDA_C_16F = 6,         /* pair of halves */
    CUDA_R_16BF = 14,       /* bfloat16 */
    CUDA_C_16BF = 15,       /* pair of bfloat16 */
    CUDA_R_32F = 0,         /* float */
    CUDA_C_32F = 4,         /* pair of floats (cuComplex) */
    CUDA_R_64F = 1,         /* double */
    CUDA_C_64F = 5,         /* pair of doubles (cuDoubleComplex) */
    CUDA_R_4I = 16,         /* signed 4-bit integer */
    CUDA_C_4I = 17,
    CUDA_R_4U = 18,         /* unsigned 4-bit integer */
    CUDA_C_4U = 19,
    CUDA_R_8I = 3,          /* signed char */
    CUDA_C_8I = 7,
    CUDA_R_8U = 8,          /* unsigned char */
    CUDA_C_8U = 9,
    CUDA_R_16I = 20,        /* short */
    CUDA_C_16I = 21,
    CUDA_R_16U = 22,        /* unsigned short */
    CUDA_C_16U = 23,
    CUDA_R_32I = 10,        /* int */
    CUDA_C_32I = 11,
    CUDA_R_32U = 12,        /* unsigned int */
    CUDA_C_32U = 13,
    CUDA_R_64I = 24,        /* long long */
    CUDA_C_64I = 25,
    CUDA_R_64U = 26,        /* unsigned long long */
    CUDA_C_64U = 27,
    CUDA_R_8F_E4M3 = 28,    /* 8-bit float, 4 exponent bits */
    CUDA_R_8F_UE4M3 = CUDA_R_8F_E4M3,
    CUDA_R_8F_E5M2 = 29,    /* 8-bit float, 5 exponent bits */
    CUDA_R_8F_UE8M0 = 30,   /* 8-bit exponent only */
    CUDA_R_6F_E2M3 = 31,    /* 6-bit floats */
    CUDA_R_6F_E3M2 = 32,
    CUDA_R_4F_E2M1 = 33,    /* 4-bit float */
} cudaDataType;

typedef enum libraryPropertyType_t {
    MAJOR_VERSION,          /* a library's major version */
    MINOR_VERSION,
    PATCH_LEVEL
} libraryPropertyType;

#ifndef __cplusplus
typedef enum cudaDataType_t cudaDataType_t;
typedef enum libraryPropertyType_t libraryPropertyType_t;
#endif

#endif
