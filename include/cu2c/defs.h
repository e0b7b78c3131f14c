/* cu2c/defs.h - CUDA's declaration qualifiers (__global__, __device__, __shared__, ...).
 *
 * Two meanings, chosen by CU2C_PARSING:
 * - parsing (the translator runs clang with -x cuda -DCU2C_PARSING=1): they are clang's CUDA
 *   attributes, so the AST says which functions are kernels, which variables are __shared__,
 *   and clang checks host/device calls as nvcc would;
 * - compiling translated code (gcc/g++, no CUDA): the translator has already acted on them,
 *   so they vanish, leaving ordinary functions and globals (__align__ keeps its meaning).
 * User #ifdefs must take the same branches in both runs, because the translator's edits are
 * offsets into text preprocessed the parse-time way: __CUDACC__ is defined in both (by
 * cuda_runtime.h) and __CUDA_ARCH__ in neither; where device code should see the device's
 * __CUDA_ARCH__ (inside kernels and __device__ functions) the translator renames it
 * __CU2C_ARCH__ (translator/frontend/cuda_arch.c): compute capability 8.0. */
#ifndef CU2C_DEFS_H
#define CU2C_DEFS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#if defined(CU2C_PARSING) && !defined(__CUDA__)
#error "cu2c: CU2C_PARSING is meant for clang -x cuda"
#endif

#ifdef CU2C_PARSING
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
/* annotated: the translator finds the functions so marked (host_cxx.c) */
#define __forceinline__ __attribute__((always_inline, annotate("cu2c_forceinline")))
/* __noinline__ is a keyword of clang's CUDA mode: a macro would break libstdc++'s
 * __attribute__((__noinline__)). */
/* Host-side clang does not know grid_constant; the qualifier only matters on the GPU. */
#define __grid_constant__
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
/* Not `inline`: C++ rejects `inline inline`, and C99 inline semantics would leave external
 * functions undefined. gcc -O2 inlines small static functions anyway. In C++ the translator
 * writes __cu2c_forceinline_linkage before each definition of a __forceinline__ function
 * that is neither inline nor static: such a function is inline in CUDA (its __forceinline__
 * is `__inline__ __attribute__((always_inline))`), so a header's may be defined in every
 * file including it. */
#define __forceinline__
#ifdef __cplusplus
#define __cu2c_forceinline_linkage inline
#else
#define __cu2c_forceinline_linkage
#endif
/* Empty rather than __attribute__((noinline)): libstdc++ writes __attribute__((__noinline__)),
 * which still reads as an (empty) attribute list. */
#define __noinline__
#define __grid_constant__
#endif

/* __CUDA_ARCH__ as device code sees it: sm_80 (what cu2c's warp functions, atomics and
 * cooperative groups implement); -D__CU2C_ARCH__=N chooses another. */
#ifndef __CU2C_ARCH__
#define __CU2C_ARCH__ 800
#endif

#define __align__(n) __attribute__((aligned(n)))
/* CUDA's marker for built-in types and functions; means nothing outside NVIDIA's headers. */
#define __device_builtin__
#define __cudart_builtin__


#endif
