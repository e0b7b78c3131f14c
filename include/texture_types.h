/* texture_types.h - CUDA's texture types: address, filter and read modes, the texture
 * descriptor, texture object handles and (for programs written before CUDA 12) the texture
 * reference that texture<T, dim, mode> derives from.
 *
 * Names and values are CUDA's; the layouts are cu2c's own, as in driver_types.h. Plain C,
 * usable from C and C++ (the texture<> template is in cu2c/texture.h). */
#ifndef CU2C_TEXTURE_TYPES_H
#define CU2C_TEXTURE_TYPES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define __TEXTURE_TYPES_H__ /* the CUDA toolkit's guard */

#include "driver_types.h"

/* texture<T, dim, mode>'s dim */
#define cudaTextureType1D              0x01
#define cudaTextureType2D              0x02
#define cudaTextureType3D              0x03
#define cudaTextureTypeCubemap         0x0C
#define cudaTextureType1DLayered       0xF1
#define cudaTextureType2DLayered       0xF2
#define cudaTextureTypeCubemapLayered  0xFC

/* What a coordinate outside the texture reads. Wrap and mirror need normalised
 * coordinates; with unnormalised ones they act as clamp, as on the GPU. */
enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0,
    cudaAddressModeClamp = 1,
    cudaAddressModeMirror = 2,
    cudaAddressModeBorder = 3,      /* the border colour (a texture reference's: zero) */
};

enum cudaTextureFilterMode {
    cudaFilterModePoint = 0,        /* the texel the coordinate falls in */
    cudaFilterModeLinear = 1,       /* weights in 1/256 steps, float results only */
};

enum cudaTextureReadMode {
    cudaReadModeElementType = 0,
    cudaReadModeNormalizedFloat = 1, /* 8- and 16-bit integers read as floats in [0,1]/[-1,1] */
};

struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;                       /* not supported: must be 0 */
    float borderColor[4];           /* integer textures: the float's bits, as in CUDA */
    int normalizedCoords;
    unsigned int maxAnisotropy;     /* > 1 refused on mipmaps; else ignored (no anisotropy) */
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;          /* mipmaps: must be 0 (cudaErrorNotSupported) */
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};

/* A texture object: under cu2c the address of an immutable struct cu2c_texture. */
typedef unsigned long long cudaTextureObject_t;

/* A texture reference (texture<T, dim, mode> derives from it). cu2c_bound is cu2c's own:
 * what cudaBindTexture* bound it to, NULL while unbound; the fields above it are read at
 * every fetch, so they may change after binding as in CUDA. */
struct cu2c_texture;
struct textureReference {
    int normalized;
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureAddressMode addressMode[3];
    struct cudaChannelFormatDesc channelDesc;
    int sRGB;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    struct cu2c_texture *cu2c_bound;
};

typedef enum cudaTextureAddressMode cudaTextureAddressMode;
typedef enum cudaTextureFilterMode cudaTextureFilterMode;
typedef enum cudaTextureReadMode cudaTextureReadMode;
typedef struct cudaTextureDesc cudaTextureDesc;
typedef struct textureReference textureReference;

#endif
