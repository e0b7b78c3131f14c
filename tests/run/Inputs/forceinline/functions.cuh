// __forceinline__ functions of all kinds, for run/forceinline_functions_in_headers_of_two_files.cu
#pragma once
namespace du {
__host__ __device__ __forceinline__ int twice(int x) { return 2 * x; }
}
__device__ __forceinline__ int plus1(int x) { return x + 1; }
static __device__ __forceinline__ int plus2(int x) { return x + 2; }
template <int N> __device__ __forceinline__ int plusn(int x) { return x + N; }
struct S { __device__ __forceinline__ int get() const; int v; };
__device__ __forceinline__ int S::get() const { return v; }
