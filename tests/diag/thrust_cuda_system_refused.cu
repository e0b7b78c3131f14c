// thrust's CUDA system (GPU code) is not run by cu2c: a program including its headers (but
// execution_policy.h, whose policies run on the OpenMP system) is
// refused where it includes them, and one choosing it for the device system is refused by
// cu2c's wrapper of thrust's configuration; thrust::device runs on the CPU's cores instead.
// RUN: not %cu2cc -c %s -o %t.o 2>&1 | FileCheck %s -DFILE=%s
// RUN: not %cu2cc -DCHOOSE_CUDA -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CHOSEN
#ifdef CHOOSE_CUDA
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#include <thrust/device_vector.h>
#else
#include <thrust/device_vector.h>
#include <thrust/system/cuda/vector.h>
#endif
__global__ void k(int *a) { a[threadIdx.x] = 1; }
// CHECK: [[FILE]]:12:10: error: 'thrust/system/cuda/vector.h' is thrust's CUDA system, which cu2c does not run (no GPU code): thrust::device, thrust::omp::par and thrust::cuda::par run on the CPU's cores
// CHOSEN: error: "cu2c: thrust's CUDA device system is not supported (no GPU code here): leave THRUST_DEVICE_SYSTEM to cu2c (OpenMP) or choose THRUST_DEVICE_SYSTEM_OMP, _CPP or _TBB"
