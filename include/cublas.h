/* cublas.h - cuBLAS's legacy API (no handle: cublasInit, cublasAlloc, cublasSgemm with 'N'
 * characters...) is not provided by cu2c: include <cublas_v2.h>, the API with a handle. */
#ifndef CU2C_CUBLAS_H
#define CU2C_CUBLAS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#error "cu2c provides cuBLAS's v2 API only: include <cublas_v2.h>; the legacy API of <cublas.h> (cublasInit, cublasAlloc, character arguments) is not provided"
#endif
