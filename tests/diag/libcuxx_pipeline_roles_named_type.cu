// A cuda::pipeline with producer and consumer roles declared with its type spelled out:
// refused where it is made (threads in different roles wait for each other in divergent
// branches); no output file is written. (Declared with auto, it ends the kernel at run
// time instead: run/libcuxx_pipeline_thread_and_block_scope.cu.)
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s --strict-whitespace
// RUN: not test -e %t.c
#include <cooperative_groups.h>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void k(int *out) {
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    auto role = threadIdx.x < 32 ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(cg::this_thread_block(), &state, role);
    if (role == cuda::pipeline_role::consumer) {
        pipe.consumer_wait();
        out[threadIdx.x] = 1;
        pipe.consumer_release();
    }
}
// CHECK: [[FILE]]:15:53: error: cuda::make_pipeline with producer and consumer roles is not supported: threads in different roles wait for each other inside divergent branches, which cu2c cannot run (it runs a block's threads one after another between barriers); make every thread both producer and consumer (make_pipeline(block, &state))
