/* cu2c/thrust_closure.h - what CUDA's thrust brings along with its headers and Debian's
 * thrust 1.17 (OpenMP's system) does not. CUDA's device system makes each algorithm header
 * include many others: <thrust/sort.h> alone declares thrust::device (execution_policy.h),
 * thrust::sequence, thrust::copy, min/max_element...; <thrust/device_vector.h> brings
 * thrust::copy; every one, thrust::system_error and thrust::cuda_category() (programs catch
 * them having included only <thrust/device_malloc.h>). Programs built with nvcc rely on that (HeCBench logic-rewrite names
 * thrust::device having included <thrust/scan.h> and <thrust/sort.h>). cu2c's wrappers of
 * those headers (include/thrust/X.h: thrust's own through #include_next, then this) give the
 * same names. The wrappers include this only from the outermost of them, after thrust's own
 * header is complete, never in the middle of thrust's headers (CU2C_THRUST_WRAPPING). */
#ifndef CU2C_THRUST_CLOSURE_H
#define CU2C_THRUST_CLOSURE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found */
#endif

#include <thrust/execution_policy.h>
#include <thrust/system_error.h>
#include <cu2c/thrust_cuda_category.h>
#include <cu2c/thrust_cuda_policy.h>
#include <thrust/advance.h>
#include <thrust/distance.h>
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/generate.h>
#include <thrust/for_each.h>
#include <thrust/transform.h>
#include <thrust/uninitialized_fill.h>
#include <thrust/swap.h>
#include <thrust/memory.h>
#include <thrust/merge.h>
#include <thrust/reduce.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/extrema.h>
#include <thrust/tabulate.h>
#include <thrust/transform_reduce.h>

#endif
