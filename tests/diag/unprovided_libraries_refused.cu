// The headers of CUDA libraries cu2c does not provide are refused where they are included,
// naming the library: found in a CUDA toolkit (a stand-in toolkit directory keeps the test
// independent of what is installed), installed among the system's headers (-isystem), or
// not found at all. No output is written.
// RUN: rm -rf %t.tk %t.sys %t.c && mkdir -p %t.tk/cuda-99.0/include %t.sys
// RUN: echo "int cudnn_fake;" > %t.tk/cuda-99.0/include/cudnn.h && echo "int sp_fake;" > %t.sys/cusolverSp.h
// RUN: echo "int vdpau_fake;" > %t.tk/cuda-99.0/include/cuda_vdpau_interop.h
// RUN: not %cu2c -I %t.tk/cuda-99.0/include -isystem %t.sys %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.c
// RUN: not %cu2cc -c -I %t.tk/cuda-99.0/include -isystem %t.sys %s -o %t.o 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.o
#include <cstdio>
#include <cudnn.h>
#include <cusolverSp.h>
#include "cuda_vdpau_interop.h"
#include "no_such_folder/nvshmem.h"
#include <cufft.h>
__global__ void k(int *a) { a[threadIdx.x] = 1; }
// CHECK: [[FILE]]:13:10: error: cuDNN (cudnn.h) is not provided by cu2c
// CHECK: [[FILE]]:14:10: error: cuSOLVER's sparse API (cusolverSp.h) is not provided by cu2c
// CHECK: [[FILE]]:15:10: error: CUDA's VDPAU interoperability (cuda_vdpau_interop.h) is not provided by cu2c
// CHECK: [[FILE]]:16:10: error: NVSHMEM (nvshmem.h) is not provided by cu2c
// CHECK-NOT: error
