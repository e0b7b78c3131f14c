// What cu2c's CUB does not provide fails to compile with a message naming it: a CUB header
// it lacks (an #error, not the system's CUB), a block class made without a TempStorage, a
// logical warp that is not a power of two (static_asserts); no output file is written.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s
// RUN: not test -e %t.c
#include <cub/cub.cuh>
#include <cub/block/block_histogram.cuh>
__global__ void k(int *a) {
    int s = cub::BlockReduce<int, 128>().Sum(a[threadIdx.x]);
    cub::WarpReduce<int, 12>::TempStorage t;
    a[threadIdx.x] = s;
}
// CHECK-DAG: error: "cu2c's CUB does not provide <cub/block/block_histogram.cuh>: not supported yet (README.md, CUB)"
// CHECK-DAG: error: static assertion failed {{.*}}: cu2c's cub::BlockReduce() without a TempStorage is not supported: construct it from a __shared__ TempStorage
// CHECK-DAG: error: static assertion failed {{.*}}: cu2c's cub::WarpReduce supports LOGICAL_WARP_THREADS = 1, 2, 4, 8, 16 or 32 only
