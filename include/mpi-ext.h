/* mpi-ext.h - an MPI library's extensions as CUDA code compiled by cu2c sees them: the
 * library's own header, then CUDA-aware. Device memory is the process's memory under cu2c,
 * so any MPI library takes device pointers, and code asking at compile time
 * (MPIX_CUDA_AWARE_SUPPORT) or at run time (MPIX_Query_cuda_support(), which libcu2c
 * defines over the library's) takes its CUDA-aware branch. */
#if defined(__has_include_next)
#if __has_include_next(<mpi-ext.h>)
#include_next <mpi-ext.h>
#endif
#endif
#undef MPIX_CUDA_AWARE_SUPPORT
#define MPIX_CUDA_AWARE_SUPPORT 1
#ifdef __cplusplus
extern "C"
#endif
int MPIX_Query_cuda_support(void);
