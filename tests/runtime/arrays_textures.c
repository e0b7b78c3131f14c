// RUN: %rtcc %s -o %t %rtlibs && timeout 60 %t
// CUDA arrays and textures from C: allocation shapes and channel formats, the copies to, from
// and between arrays (bounds, pitches, directions), cudaMemcpy3D with array ends, texture
// object creation errors and descriptor queries, texture reference binding; every error as
// CUDA returns it. cudaDeviceReset at the end frees what is left (LeakSanitizer checks).
#include <string.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

int main(void)
{
    struct cudaChannelFormatDesc f32 = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    struct cudaChannelFormatDesc u8x4 = cudaCreateChannelDesc(8, 8, 8, 8, cudaChannelFormatKindUnsigned);
    struct cudaChannelFormatDesc f32x3 = cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
    struct cudaChannelFormatDesc mixed = cudaCreateChannelDesc(8, 16, 0, 0, cudaChannelFormatKindSigned);
    struct cudaChannelFormatDesc none = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindNone);
    CHECK(f32.x == 32 && f32.y == 0 && f32.f == cudaChannelFormatKindFloat);

    /* Allocation: shapes and formats. */
    cudaArray_t a = NULL, b = NULL, c = NULL;
    CHECK_ERR(cudaMallocArray(NULL, &f32, 4, 4, 0), cudaErrorInvalidValue);
    CHECK_ERR(cudaMallocArray(&a, NULL, 4, 4, 0), cudaErrorInvalidValue);
    CHECK_ERR(cudaMallocArray(&a, &f32, 0, 4, 0), cudaErrorInvalidValue);
    CHECK_ERR(cudaMallocArray(&a, &f32x3, 4, 4, 0), cudaErrorInvalidChannelDescriptor);
    CHECK_ERR(cudaMallocArray(&a, &mixed, 4, 4, 0), cudaErrorInvalidChannelDescriptor);
    CHECK_ERR(cudaMallocArray(&a, &none, 4, 4, 0), cudaErrorInvalidChannelDescriptor);
    CHECK_ERR(cudaMallocArray(&a, &f32, 4, 4, cudaArrayLayered), cudaErrorInvalidValue);
    struct cudaExtent e = {4, 0, 3};
    CHECK_ERR(cudaMalloc3DArray(&a, &f32, e, 0), cudaErrorInvalidValue);       /* depth, no height */
    CHECK_OK(cudaMalloc3DArray(&a, &f32, e, cudaArrayLayered));                /* 1-D layered */
    e.depth = 0;
    e.height = 2;
    CHECK_ERR(cudaMalloc3DArray(&b, &f32, e, cudaArrayLayered), cudaErrorInvalidValue);
    CHECK_OK(cudaFreeArray(a));
    CHECK_ERR(cudaFreeArray(a), cudaErrorInvalidValue);                        /* twice */
    CHECK_OK(cudaFreeArray(NULL));
    cudaGetLastError();

    enum { W = 8, H = 6 };
    CHECK_OK(cudaMallocArray(&a, &f32, W, H, 0));
    CHECK_OK(cudaMallocArray(&b, &f32, W, H, 0));
    CHECK_OK(cudaMallocArray(&c, &u8x4, 3, 0, 0));                             /* 1-D */
    struct cudaChannelFormatDesc d;
    struct cudaExtent x;
    unsigned flags = 7;
    CHECK_OK(cudaArrayGetInfo(&d, &x, &flags, c));
    CHECK(d.x == 8 && d.w == 8 && d.f == cudaChannelFormatKindUnsigned);
    CHECK(x.width == 3 && x.height == 0 && x.depth == 0 && flags == 0);
    CHECK_OK(cudaGetChannelDesc(&d, a));
    CHECK(d.x == 32 && d.f == cudaChannelFormatKindFloat);
    float *dev = NULL;
    CHECK_OK(cudaMalloc((void **)&dev, 64));
    CHECK_ERR(cudaArrayGetInfo(&d, &x, &flags, (cudaArray_t)dev), cudaErrorInvalidValue);
    CHECK_ERR(cudaFreeArray((cudaArray_t)dev), cudaErrorInvalidValue);        /* not an array */
    CHECK_ERR(cudaFree(a), cudaErrorInvalidValue);                             /* not cudaMalloc's */

    /* 2-D copies: bounds in bytes and rows, pitches, directions. */
    float img[H][W], back[H][W];
    for (int i = 0; i < H; i++)
        for (int j = 0; j < W; j++)
            img[i][j] = (float)(i * 100 + j);
    size_t row = W * sizeof(float);
    CHECK_OK(cudaMemcpy2DToArray(a, 0, 0, img, row, row, H, cudaMemcpyHostToDevice));
    CHECK_ERR(cudaMemcpy2DToArray(a, 4, 0, img, row, row, H, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_ERR(cudaMemcpy2DToArray(a, 0, 1, img, row, row, H, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, img, row - 4, row, H, cudaMemcpyHostToDevice), cudaErrorInvalidPitchValue);
    CHECK_ERR(cudaMemcpy2DToArray(a, 0, 0, img, row, row, H, (enum cudaMemcpyKind)9), cudaErrorInvalidMemcpyDirection);
    CHECK_ERR(cudaMemcpy2DToArray(NULL, 0, 0, img, row, row, H, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    CHECK_OK(cudaMemcpy2DToArray(a, 0, 0, img, row, 0, H, cudaMemcpyHostToDevice));   /* nothing */
    /* Array to array, then a sub-rectangle back: columns 2..4 of rows 1..3. */
    CHECK_OK(cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, row, H, cudaMemcpyDeviceToDevice));
    float sub[3][3];
    CHECK_OK(cudaMemcpy2DFromArray(sub, sizeof sub[0], b, 2 * sizeof(float), 1, sizeof sub[0], 3, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            CHECK(sub[i][j] == img[1 + i][2 + j]);
    CHECK_ERR(cudaMemcpy2DFromArray(sub, sizeof sub[0], b, 0, 4, sizeof sub[0], 3, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_OK(cudaMemcpy2DFromArrayAsync(back, row, b, 0, 0, row, H, cudaMemcpyDeviceToHost, 0));
    CHECK_OK(cudaDeviceSynchronize());
    CHECK(memcmp(back, img, sizeof img) == 0);

    /* The deprecated linear copies run on across rows. */
    float line[W + 2];
    CHECK_OK(cudaMemcpyFromArray(line, a, 3 * sizeof(float), 2, sizeof line, cudaMemcpyDeviceToHost));
    for (int j = 0; j < W + 2; j++)
        CHECK(line[j] == img[2 + (3 + j) / W][(3 + j) % W]);
    CHECK_ERR(cudaMemcpyFromArray(line, a, 0, H - 1, sizeof line, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    CHECK_OK(cudaMemcpyToArray(b, 0, 0, line, sizeof line, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpyArrayToArray(a, 0, 0, b, 0, 0, sizeof line, cudaMemcpyDeviceToDevice));
    CHECK_OK(cudaMemcpy2DFromArray(back, row, a, 0, 0, row, H, cudaMemcpyDeviceToHost));
    CHECK(back[0][0] == line[0] && back[1][1] == line[W + 1] && back[1][2] == img[1][2]);

    /* cudaMemcpy3D: exactly one of array and pointer at each end; array extents in elements. */
    struct cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = a;
    p.srcPtr.ptr = img;
    p.dstPtr.ptr = back;
    p.dstPtr.pitch = row;
    p.dstPtr.ysize = H;
    p.extent.width = W;
    p.extent.height = H;
    p.extent.depth = 1;
    p.kind = cudaMemcpyDeviceToHost;
    CHECK_ERR(cudaMemcpy3D(&p), cudaErrorInvalidValue);
    p.srcPtr.ptr = NULL;
    CHECK_OK(cudaMemcpy3D(&p));
    p.extent.width = W + 1;
    p.extent.height = H / 2;
    p.dstPtr.pitch = 2 * row;
    CHECK_ERR(cudaMemcpy3D(&p), cudaErrorInvalidValue);                        /* wider than a */
    p.extent.width = W;
    p.extent.height = H;
    p.dstPtr.pitch = row;
    p.extent.depth = 2;
    CHECK_ERR(cudaMemcpy3D(&p), cudaErrorInvalidValue);                        /* deeper than a */
    p.extent.depth = 1;
    p.dstPtr.ptr = NULL;
    p.dstArray = c;                                                             /* element sizes differ */
    CHECK_ERR(cudaMemcpy3D(&p), cudaErrorInvalidValue);
    p.dstArray = b;
    CHECK_OK(cudaMemcpy3D(&p));                                                 /* array to array */
    CHECK_OK(cudaMemcpy2DFromArray(img, row, b, 0, 0, row, H, cudaMemcpyDeviceToHost));
    CHECK(memcmp(img, back, sizeof img) == 0);
    cudaGetLastError();

    /* Texture objects: what creation refuses. */
    struct cudaResourceDesc rd;
    struct cudaTextureDesc td;
    cudaTextureObject_t t = 0;
    memset(&rd, 0, sizeof rd);
    memset(&td, 0, sizeof td);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    CHECK_ERR(cudaCreateTextureObject(NULL, &rd, &td, NULL), cudaErrorInvalidValue);
    CHECK_ERR(cudaCreateTextureObject(&t, NULL, &td, NULL), cudaErrorInvalidValue);
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, NULL, NULL), cudaErrorInvalidValue);
    rd.flags = 1;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);
    rd.flags = 0;
    rd.res.array.array = (cudaArray_t)dev;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);
    rd.resType = cudaResourceTypeMipmappedArray;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.desc = f32;
    rd.res.linear.sizeInBytes = 64;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);   /* no devPtr */
    rd.res.linear.devPtr = dev;
    rd.res.linear.desc = f32x3;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidChannelDescriptor);
    rd.res.linear.desc = f32;
    td.addressMode[1] = (enum cudaTextureAddressMode)4;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);
    td.addressMode[1] = cudaAddressModeBorder;
    td.filterMode = (enum cudaTextureFilterMode)2;
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);
    td.filterMode = cudaFilterModePoint;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypePitch2D;
    rd.res.pitch2D.devPtr = dev;
    rd.res.pitch2D.desc = f32;
    rd.res.pitch2D.width = 4;
    rd.res.pitch2D.height = 4;
    rd.res.pitch2D.pitchInBytes = 12;                                            /* < 4 floats */
    CHECK_ERR(cudaCreateTextureObject(&t, &rd, &td, NULL), cudaErrorInvalidValue);
    rd.res.pitch2D.pitchInBytes = 16;
    struct cudaResourceViewDesc vd;
    memset(&vd, 0, sizeof vd);
    vd.format = cudaResViewFormatFloat1;
    vd.width = 4;
    CHECK_OK(cudaCreateTextureObject(&t, &rd, &td, &vd));
    cudaGetLastError();

    /* What a texture object was made from comes back. */
    struct cudaResourceDesc rd2;
    struct cudaTextureDesc td2;
    struct cudaResourceViewDesc vd2;
    CHECK_OK(cudaGetTextureObjectResourceDesc(&rd2, t));
    CHECK(rd2.resType == cudaResourceTypePitch2D && rd2.res.pitch2D.devPtr == dev && rd2.res.pitch2D.pitchInBytes == 16);
    CHECK_OK(cudaGetTextureObjectTextureDesc(&td2, t));
    CHECK(td2.addressMode[1] == cudaAddressModeBorder);
    CHECK_OK(cudaGetTextureObjectResourceViewDesc(&vd2, t));
    CHECK(vd2.format == cudaResViewFormatFloat1 && vd2.width == 4);
    CHECK_ERR(cudaGetTextureObjectResourceDesc(NULL, t), cudaErrorInvalidValue);
    CHECK_OK(cudaDestroyTextureObject(t));
    CHECK_ERR(cudaDestroyTextureObject(t), cudaErrorInvalidValue);              /* twice */
    CHECK_ERR(cudaGetTextureObjectResourceDesc(&rd2, t), cudaErrorInvalidValue);
    CHECK_OK(cudaDestroyTextureObject(0));
    cudaGetLastError();

    /* Texture references. */
    struct textureReference ref;
    memset(&ref, 0, sizeof ref);
    size_t off = 99;
    CHECK_ERR(cudaBindTexture(&off, NULL, dev, &f32, 64), cudaErrorInvalidTexture);
    CHECK_ERR(cudaBindTexture(&off, &ref, NULL, &f32, 64), cudaErrorInvalidValue);
    CHECK_ERR(cudaBindTexture(&off, &ref, dev, &f32x3, 64), cudaErrorInvalidChannelDescriptor);
    CHECK_ERR(cudaGetTextureAlignmentOffset(&off, &ref), cudaErrorInvalidTextureBinding);
    CHECK_OK(cudaBindTexture(&off, &ref, dev, &f32, 64));
    CHECK(off == 0);
    off = 99;
    CHECK_OK(cudaGetTextureAlignmentOffset(&off, &ref));
    CHECK(off == 0);
    CHECK_ERR(cudaBindTexture2D(&off, &ref, dev, &f32, 4, 4, 8), cudaErrorInvalidValue);   /* pitch < row */
    CHECK_OK(cudaBindTexture2D(&off, &ref, dev, &f32, 4, 4, 16));
    CHECK_ERR(cudaBindTextureToArray(&ref, c, &f32), cudaErrorInvalidChannelDescriptor); /* uchar4 array */
    CHECK_ERR(cudaBindTextureToArray(&ref, (cudaArray_const_t)dev, &f32), cudaErrorInvalidValue);
    CHECK_OK(cudaBindTextureToArray(&ref, a, &f32));
    CHECK_OK(cudaUnbindTexture(&ref));
    CHECK_OK(cudaUnbindTexture(&ref));
    CHECK_ERR(cudaGetTextureAlignmentOffset(&off, &ref), cudaErrorInvalidTextureBinding);
    cudaGetLastError();

    /* Left for cudaDeviceReset: arrays, a texture object and a binding. */
    CHECK_OK(cudaCreateTextureObject(&t, &rd, &td, NULL));
    CHECK_OK(cudaBindTexture(&off, &ref, dev, &f32, 64));
    CHECK_OK(cudaDeviceReset());
    return check_report();
}
