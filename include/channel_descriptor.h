/* channel_descriptor.h - cudaCreateChannelDesc<T>(): the channel format of an element type,
 * as CUDA's header of that name has it (C++ only; cuda_runtime.h includes it). Types without
 * a format (and three-channel vectors, which textures cannot hold) give
 * cudaChannelFormatKindNone with no bits. */
#ifndef CU2C_CHANNEL_DESCRIPTOR_H
#define CU2C_CHANNEL_DESCRIPTOR_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __CHANNEL_DESCRIPTOR_H__ /* the CUDA toolkit's guard */

#include "driver_types.h"
#include "vector_types.h"
#include "cuda_runtime_api.h"

#ifdef __cplusplus

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device begin
#endif

template <class T> struct cu2c_channel_of {
    static const int bits = 0, n = 0;
    static const enum cudaChannelFormatKind kind = cudaChannelFormatKindNone;
};
#define CU2C_CHANNEL_OF(T, S, N, K)                                                        \
    template <> struct cu2c_channel_of<T> {                                               \
        static const int bits = (int)sizeof(S) * 8, n = N;                                \
        static const enum cudaChannelFormatKind kind = K;                                 \
    };
/* char is signed or not as the compiler has it, as in CUDA. */
#define CU2C_KIND_OF(S) ((S)-1 < (S)0 ? cudaChannelFormatKindSigned : cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(char, char, 1, CU2C_KIND_OF(char))
CU2C_CHANNEL_OF(signed char, char, 1, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(unsigned char, char, 1, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(char1, char, 1, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(char2, char, 2, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(char4, char, 4, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(uchar1, char, 1, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(uchar2, char, 2, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(uchar4, char, 4, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(short, short, 1, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(unsigned short, short, 1, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(short1, short, 1, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(short2, short, 2, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(short4, short, 4, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(ushort1, short, 1, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(ushort2, short, 2, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(ushort4, short, 4, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(int, int, 1, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(unsigned int, int, 1, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(int1, int, 1, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(int2, int, 2, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(int4, int, 4, cudaChannelFormatKindSigned)
CU2C_CHANNEL_OF(uint1, int, 1, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(uint2, int, 2, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(uint4, int, 4, cudaChannelFormatKindUnsigned)
CU2C_CHANNEL_OF(float, float, 1, cudaChannelFormatKindFloat)
CU2C_CHANNEL_OF(float1, float, 1, cudaChannelFormatKindFloat)
CU2C_CHANNEL_OF(float2, float, 2, cudaChannelFormatKindFloat)
CU2C_CHANNEL_OF(float4, float, 4, cudaChannelFormatKindFloat)
#undef CU2C_CHANNEL_OF
#undef CU2C_KIND_OF

template <class T> static inline struct cudaChannelFormatDesc cudaCreateChannelDesc(void)
{
    typedef cu2c_channel_of<T> C;
    struct cudaChannelFormatDesc d = {C::bits, C::n > 1 ? C::bits : 0, C::n > 2 ? C::bits : 0,
                                      C::n > 3 ? C::bits : 0, C::kind};
    return d;
}

/* Half-precision floats (cuda_fp16.h's types are not provided, these formats are). */
static inline struct cudaChannelFormatDesc cudaCreateChannelDescHalf(void)
{
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline struct cudaChannelFormatDesc cudaCreateChannelDescHalf1(void)
{
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static inline struct cudaChannelFormatDesc cudaCreateChannelDescHalf2(void)
{
    return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static inline struct cudaChannelFormatDesc cudaCreateChannelDescHalf4(void)
{
    return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

#if defined(CU2C_PARSING) && defined(__CUDA__)
#pragma clang force_cuda_host_device end
#endif

#endif /* __cplusplus */

#endif
