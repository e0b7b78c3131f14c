/* vector_types.h - CUDA's built-in vector types (char1 .. double4) and dim3.
 *
 * Member names, sizes and alignments are CUDA's: programs compute byte counts with sizeof,
 * reinterpret float* as float4*, and pass these structs to kernels, so a float4 must be 16
 * bytes aligned to 16 here as on the GPU. They are plain aggregates in C and C++ alike
 * (`float4 v = {1, 2, 3, 4};` works in both); only dim3 has C++ constructors, as in CUDA.
 * In C, dim3 and uint3 are distinct structs so that _Generic can tell them apart. */
#ifndef CU2C_VECTOR_TYPES_H
#define CU2C_VECTOR_TYPES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __VECTOR_TYPES_H__ /* the CUDA toolkit's guard: programs test it (e.g. helper_cuda.h) */

/* The GNU spelling fits between `struct` and the tag in C and C++ alike. */
#define CU2C_VEC_ALIGN(n) __attribute__((aligned(n)))

/* At parse time every member function below must be callable from kernels too. */
#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device begin
#endif

typedef struct char1 { signed char x; } char1;
typedef struct CU2C_VEC_ALIGN(2) char2 { signed char x, y; } char2;
typedef struct char3 { signed char x, y, z; } char3;
typedef struct CU2C_VEC_ALIGN(4) char4 { signed char x, y, z, w; } char4;

typedef struct uchar1 { unsigned char x; } uchar1;
typedef struct CU2C_VEC_ALIGN(2) uchar2 { unsigned char x, y; } uchar2;
typedef struct uchar3 { unsigned char x, y, z; } uchar3;
typedef struct CU2C_VEC_ALIGN(4) uchar4 { unsigned char x, y, z, w; } uchar4;

typedef struct short1 { short x; } short1;
typedef struct CU2C_VEC_ALIGN(4) short2 { short x, y; } short2;
typedef struct short3 { short x, y, z; } short3;
typedef struct CU2C_VEC_ALIGN(8) short4 { short x, y, z, w; } short4;

typedef struct ushort1 { unsigned short x; } ushort1;
typedef struct CU2C_VEC_ALIGN(4) ushort2 { unsigned short x, y; } ushort2;
typedef struct ushort3 { unsigned short x, y, z; } ushort3;
typedef struct CU2C_VEC_ALIGN(8) ushort4 { unsigned short x, y, z, w; } ushort4;

typedef struct int1 { int x; } int1;
typedef struct CU2C_VEC_ALIGN(8) int2 { int x, y; } int2;
typedef struct int3 { int x, y, z; } int3;
typedef struct CU2C_VEC_ALIGN(16) int4 { int x, y, z, w; } int4;

typedef struct uint1 { unsigned int x; } uint1;
typedef struct CU2C_VEC_ALIGN(8) uint2 { unsigned int x, y; } uint2;
typedef struct uint3 { unsigned int x, y, z; } uint3;
typedef struct CU2C_VEC_ALIGN(16) uint4 { unsigned int x, y, z, w; } uint4;

typedef struct long1 { long int x; } long1;
typedef struct CU2C_VEC_ALIGN(16) long2 { long int x, y; } long2;
typedef struct long3 { long int x, y, z; } long3;
typedef struct CU2C_VEC_ALIGN(16) long4 { long int x, y, z, w; } long4;
typedef struct CU2C_VEC_ALIGN(16) long4_16a { long int x, y, z, w; } long4_16a;
typedef struct CU2C_VEC_ALIGN(32) long4_32a { long int x, y, z, w; } long4_32a;

typedef struct ulong1 { unsigned long int x; } ulong1;
typedef struct CU2C_VEC_ALIGN(16) ulong2 { unsigned long int x, y; } ulong2;
typedef struct ulong3 { unsigned long int x, y, z; } ulong3;
typedef struct CU2C_VEC_ALIGN(16) ulong4 { unsigned long int x, y, z, w; } ulong4;
typedef struct CU2C_VEC_ALIGN(16) ulong4_16a { unsigned long int x, y, z, w; } ulong4_16a;
typedef struct CU2C_VEC_ALIGN(32) ulong4_32a { unsigned long int x, y, z, w; } ulong4_32a;

typedef struct longlong1 { long long int x; } longlong1;
typedef struct CU2C_VEC_ALIGN(16) longlong2 { long long int x, y; } longlong2;
typedef struct longlong3 { long long int x, y, z; } longlong3;
typedef struct CU2C_VEC_ALIGN(16) longlong4 { long long int x, y, z, w; } longlong4;
typedef struct CU2C_VEC_ALIGN(16) longlong4_16a { long long int x, y, z, w; } longlong4_16a;
typedef struct CU2C_VEC_ALIGN(32) longlong4_32a { long long int x, y, z, w; } longlong4_32a;

typedef struct ulonglong1 { unsigned long long int x; } ulonglong1;
typedef struct CU2C_VEC_ALIGN(16) ulonglong2 { unsigned long long int x, y; } ulonglong2;
typedef struct ulonglong3 { unsigned long long int x, y, z; } ulonglong3;
typedef struct CU2C_VEC_ALIGN(16) ulonglong4 { unsigned long long int x, y, z, w; } ulonglong4;
typedef struct CU2C_VEC_ALIGN(16) ulonglong4_16a { unsigned long long int x, y, z, w; } ulonglong4_16a;
typedef struct CU2C_VEC_ALIGN(32) ulonglong4_32a { unsigned long long int x, y, z, w; } ulonglong4_32a;

typedef struct float1 { float x; } float1;
typedef struct CU2C_VEC_ALIGN(8) float2 { float x, y; } float2;
typedef struct float3 { float x, y, z; } float3;
typedef struct CU2C_VEC_ALIGN(16) float4 { float x, y, z, w; } float4;

typedef struct double1 { double x; } double1;
typedef struct CU2C_VEC_ALIGN(16) double2 { double x, y; } double2;
typedef struct double3 { double x, y, z; } double3;
typedef struct CU2C_VEC_ALIGN(16) double4 { double x, y, z, w; } double4;
typedef struct CU2C_VEC_ALIGN(16) double4_16a { double x, y, z, w; } double4_16a;
typedef struct CU2C_VEC_ALIGN(32) double4_32a { double x, y, z, w; } double4_32a;

/* Launch shapes: x, y, z counts whose unspecified dimensions are 1. */
#ifdef __cplusplus
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};
typedef struct dim3 dim3;
#else
/* C has no default arguments: translated code spells all three (or uses CU2C_DIM3). */
typedef struct dim3 { unsigned int x, y, z; } dim3;
#endif

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device end
#endif

#endif
