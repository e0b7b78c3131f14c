/* cusolverDn.h - cuSOLVER's dense API, the part cu2c provides, on LAPACK (OpenBLAS's): the
 * handle (create, destroy, stream, deterministic mode), cusolverDnParams_t (its algorithm
 * choices are recorded), and in S, D, C and Z:
 *   getrf (LU; devIpiv NULL: no pivoting) and getrs (devIpiv NULL: the factors of an LU
 *   without pivoting), potrf (Cholesky) and potrs, geqrf (QR) and ormqr (S, D) / unmqr (C, Z),
 *   gesvd (m >= n, as cuSOLVER), syevd (S, D) / heevd (C, Z), with their _bufferSize.
 * Column-major, as LAPACK. Names, signatures, enum values and status codes are CUDA's. Link
 * with -lcusolver (lib64/libcusolver.a, on libcublas.a's stream jobs and OpenBLAS).
 *
 * Each routine checks its arguments at the call: a null handle is NOT_INITIALIZED; a bad size,
 * leading dimension, enum, job character or a null matrix or info pointer is INVALID_VALUE, and
 * nothing is queued. It then queues a job on the handle's stream (ordered with kernels, copies
 * and events like any stream work) that runs LAPACK and writes *devInfo: 0, or LAPACK's +i (a
 * zero pivot, a minor not positive definite, an iteration that did not converge).
 * _bufferSize counts elements of the routine's type, as cuSOLVER; a smaller Lwork still works
 * (the job takes scratch memory of its own) and nothing past Lwork elements is written.
 *
 * Not provided (undeclared, so a program calling them does not compile): the 64-bit generic
 * API (cusolverDnXgetrf...), the batched and Jacobi routines (potrfBatched, syevj, gesvdj,
 * gesvda...), the iterative-refinement solvers (gesv, IRS), sytrf, getri-like inverses,
 * gebrd/sytrd and the other LAPACK-style routines (orgqr, ormtr, syevdx, sygvd...). */
#ifndef CU2C_CUSOLVERDN_H
#define CU2C_CUSOLVERDN_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define CUSOLVERDN_H_ /* the toolkit's guard */

#include <stdio.h>            /* as NVIDIA's header: programs use printf through it */
#include "cuComplex.h"
#include "library_types.h"
#include "cublas_v2.h"        /* cublasFillMode_t, cublasOperation_t, cublasSideMode_t */
#include "cusolver_common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;

/* The 64-bit API's options (its routines are not provided; the object is) */
struct cusolverDnParams;
typedef struct cusolverDnParams *cusolverDnParams_t;

typedef enum {
    CUSOLVERDN_GETRF = 0,
    CUSOLVERDN_POTRF = 1,
    CUSOLVERDN_SYEVBATCHED = 2
} cusolverDnFunction_t;

/* ---- the handle ---------------------------------------------------------------------- */

cusolverStatus_t CUSOLVERAPI cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t CUSOLVERAPI cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t CUSOLVERAPI cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t streamId);
cusolverStatus_t CUSOLVERAPI cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *streamId);
cusolverStatus_t CUSOLVERAPI cusolverDnSetDeterministicMode(cusolverDnHandle_t handle,
                                                            cusolverDeterministicMode_t mode);
cusolverStatus_t CUSOLVERAPI cusolverDnGetDeterministicMode(cusolverDnHandle_t handle,
                                                            cusolverDeterministicMode_t *mode);

cusolverStatus_t CUSOLVERAPI cusolverDnCreateParams(cusolverDnParams_t *params);
cusolverStatus_t CUSOLVERAPI cusolverDnDestroyParams(cusolverDnParams_t params);
cusolverStatus_t CUSOLVERAPI cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
                                                     cusolverAlgMode_t algo);

/* ---- LU: getrf, getrs ---------------------------------------------------------------- */

cusolverStatus_t CUSOLVERAPI cusolverDnSgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A,
                                                         int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnDgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double *A,
                                                         int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnCgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuComplex *A,
                                                         int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnZgetrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                                         cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnSgetrf(cusolverDnHandle_t handle, int m, int n, float *A, int lda,
                                              float *Workspace, int *devIpiv, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnDgetrf(cusolverDnHandle_t handle, int m, int n, double *A, int lda,
                                              double *Workspace, int *devIpiv, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnCgetrf(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda,
                                              cuComplex *Workspace, int *devIpiv, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnZgetrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A,
                                              int lda, cuDoubleComplex *Workspace, int *devIpiv, int *devInfo);

cusolverStatus_t CUSOLVERAPI cusolverDnSgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                              int nrhs, const float *A, int lda, const int *devIpiv, float *B,
                                              int ldb, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnDgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                              int nrhs, const double *A, int lda, const int *devIpiv, double *B,
                                              int ldb, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnCgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                              int nrhs, const cuComplex *A, int lda, const int *devIpiv,
                                              cuComplex *B, int ldb, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnZgetrs(cusolverDnHandle_t handle, cublasOperation_t trans, int n,
                                              int nrhs, const cuDoubleComplex *A, int lda, const int *devIpiv,
                                              cuDoubleComplex *B, int ldb, int *devInfo);

/* ---- Cholesky: potrf, potrs ---------------------------------------------------------- */

cusolverStatus_t CUSOLVERAPI cusolverDnSpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                                         float *A, int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnDpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                                         double *A, int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnCpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                                         cuComplex *A, int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnZpotrf_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                                         cuDoubleComplex *A, int lda, int *Lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnSpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, float *A,
                                              int lda, float *Workspace, int Lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnDpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, double *A,
                                              int lda, double *Workspace, int Lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnCpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                              cuComplex *A, int lda, cuComplex *Workspace, int Lwork,
                                              int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnZpotrf(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,
                                              cuDoubleComplex *A, int lda, cuDoubleComplex *Workspace, int Lwork,
                                              int *devInfo);

cusolverStatus_t CUSOLVERAPI cusolverDnSpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs,
                                              const float *A, int lda, float *B, int ldb, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnDpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs,
                                              const double *A, int lda, double *B, int ldb, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnCpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs,
                                              const cuComplex *A, int lda, cuComplex *B, int ldb, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnZpotrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n, int nrhs,
                                              const cuDoubleComplex *A, int lda, cuDoubleComplex *B, int ldb,
                                              int *devInfo);

/* ---- QR: geqrf, ormqr/unmqr ---------------------------------------------------------- */

cusolverStatus_t CUSOLVERAPI cusolverDnSgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, float *A,
                                                         int lda, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnDgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, double *A,
                                                         int lda, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnCgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, cuComplex *A,
                                                         int lda, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnZgeqrf_bufferSize(cusolverDnHandle_t handle, int m, int n,
                                                         cuDoubleComplex *A, int lda, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnSgeqrf(cusolverDnHandle_t handle, int m, int n, float *A, int lda,
                                              float *TAU, float *Workspace, int Lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnDgeqrf(cusolverDnHandle_t handle, int m, int n, double *A, int lda,
                                              double *TAU, double *Workspace, int Lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnCgeqrf(cusolverDnHandle_t handle, int m, int n, cuComplex *A, int lda,
                                              cuComplex *TAU, cuComplex *Workspace, int Lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnZgeqrf(cusolverDnHandle_t handle, int m, int n, cuDoubleComplex *A,
                                              int lda, cuDoubleComplex *TAU, cuDoubleComplex *Workspace,
                                              int Lwork, int *devInfo);

cusolverStatus_t CUSOLVERAPI cusolverDnSormqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                                         cublasOperation_t trans, int m, int n, int k,
                                                         const float *A, int lda, const float *tau,
                                                         const float *C, int ldc, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnDormqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                                         cublasOperation_t trans, int m, int n, int k,
                                                         const double *A, int lda, const double *tau,
                                                         const double *C, int ldc, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnCunmqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                                         cublasOperation_t trans, int m, int n, int k,
                                                         const cuComplex *A, int lda, const cuComplex *tau,
                                                         const cuComplex *C, int ldc, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnZunmqr_bufferSize(cusolverDnHandle_t handle, cublasSideMode_t side,
                                                         cublasOperation_t trans, int m, int n, int k,
                                                         const cuDoubleComplex *A, int lda,
                                                         const cuDoubleComplex *tau, const cuDoubleComplex *C,
                                                         int ldc, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnSormqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                              cublasOperation_t trans, int m, int n, int k, const float *A,
                                              int lda, const float *tau, float *C, int ldc, float *work,
                                              int lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnDormqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                              cublasOperation_t trans, int m, int n, int k, const double *A,
                                              int lda, const double *tau, double *C, int ldc, double *work,
                                              int lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnCunmqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                              cublasOperation_t trans, int m, int n, int k, const cuComplex *A,
                                              int lda, const cuComplex *tau, cuComplex *C, int ldc,
                                              cuComplex *work, int lwork, int *devInfo);
cusolverStatus_t CUSOLVERAPI cusolverDnZunmqr(cusolverDnHandle_t handle, cublasSideMode_t side,
                                              cublasOperation_t trans, int m, int n, int k,
                                              const cuDoubleComplex *A, int lda, const cuDoubleComplex *tau,
                                              cuDoubleComplex *C, int ldc, cuDoubleComplex *work, int lwork,
                                              int *devInfo);

/* ---- SVD: gesvd ---------------------------------------------------------------------- */

/* jobu, jobvt: 'A' (all columns of U, rows of V^H), 'S' (the first min(m,n)), 'O' (those
 * overwrite A; not both), 'N' (none). m >= n, as cuSOLVER. rwork (may be NULL): on devInfo > 0,
 * the min(m,n)-1 superdiagonal elements that did not converge. */
cusolverStatus_t CUSOLVERAPI cusolverDnSgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnDgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnCgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnZgesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnSgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                              int m, int n, float *A, int lda, float *S, float *U, int ldu,
                                              float *VT, int ldvt, float *work, int lwork, float *rwork,
                                              int *info);
cusolverStatus_t CUSOLVERAPI cusolverDnDgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                              int m, int n, double *A, int lda, double *S, double *U, int ldu,
                                              double *VT, int ldvt, double *work, int lwork, double *rwork,
                                              int *info);
cusolverStatus_t CUSOLVERAPI cusolverDnCgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                              int m, int n, cuComplex *A, int lda, float *S, cuComplex *U,
                                              int ldu, cuComplex *VT, int ldvt, cuComplex *work, int lwork,
                                              float *rwork, int *info);
cusolverStatus_t CUSOLVERAPI cusolverDnZgesvd(cusolverDnHandle_t handle, signed char jobu, signed char jobvt,
                                              int m, int n, cuDoubleComplex *A, int lda, double *S,
                                              cuDoubleComplex *U, int ldu, cuDoubleComplex *VT, int ldvt,
                                              cuDoubleComplex *work, int lwork, double *rwork, int *info);

/* ---- symmetric and Hermitian eigenproblems: syevd, heevd ----------------------------- */

cusolverStatus_t CUSOLVERAPI cusolverDnSsyevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                                         cublasFillMode_t uplo, int n, const float *A, int lda,
                                                         const float *W, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnDsyevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                                         cublasFillMode_t uplo, int n, const double *A, int lda,
                                                         const double *W, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnCheevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                                         cublasFillMode_t uplo, int n, const cuComplex *A,
                                                         int lda, const float *W, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnZheevd_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                                         cublasFillMode_t uplo, int n, const cuDoubleComplex *A,
                                                         int lda, const double *W, int *lwork);
cusolverStatus_t CUSOLVERAPI cusolverDnSsyevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n, float *A, int lda, float *W,
                                              float *work, int lwork, int *info);
cusolverStatus_t CUSOLVERAPI cusolverDnDsyevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n, double *A, int lda, double *W,
                                              double *work, int lwork, int *info);
cusolverStatus_t CUSOLVERAPI cusolverDnCheevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n, cuComplex *A, int lda, float *W,
                                              cuComplex *work, int lwork, int *info);
cusolverStatus_t CUSOLVERAPI cusolverDnZheevd(cusolverDnHandle_t handle, cusolverEigMode_t jobz,
                                              cublasFillMode_t uplo, int n, cuDoubleComplex *A, int lda,
                                              double *W, cuDoubleComplex *work, int lwork, int *info);

#ifdef __cplusplus
}
#endif

#endif
