/* cooperative_groups/memcpy_async.h - cooperative_groups::memcpy_async, wait and wait_prior:
 * a group's threads copy memory together (global to shared, typically), and wait until the
 * copies are done and visible to the whole group.
 *
 * On a CPU nothing is gained by copying in the background: the group's first thread (rank 0)
 * copies at once, while the group's other threads, which call it with the same arguments, do
 * nothing. wait(group) and wait_prior<N>(group) (every earlier copy is complete, so N changes
 * nothing) are the group's barrier: the translator makes them the group's sync
 * (translator/frontend/groups.c), so what rank 0 copied is seen by every thread after them,
 * as CUDA promises, and not before, as CUDA does not. The macro at the end passes the thread's
 * indices in, as cooperative_groups.h's thread_rank() does. Not provided: the shapes of
 * <cuda/barrier> (cuda::aligned_size_t) and copies into a cuda::pipeline or cuda::barrier. */
#ifndef CU2C_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define CU2C_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include <cooperative_groups.h>
#include <string.h>

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

namespace cooperative_groups {

/* memcpy_async(group, dst, src, bytes) */
template <class GroupT>
void __cu2c_memcpy_async(const GroupT &g, uint3 t, dim3 d, void *dst, const void *src, size_t bytes) {
    if (g.__cu2c_thread_rank(t, d) == 0)
        memcpy(dst, src, bytes);
}
/* memcpy_async(group, dst, dst_count, src, src_count): elements, as many as both hold */
template <class GroupT, class T>
void __cu2c_memcpy_async(const GroupT &g, uint3 t, dim3 d, T *dst, size_t dst_count, const T *src,
                         size_t src_count) {
    if (g.__cu2c_thread_rank(t, d) == 0)
        memcpy(dst, src, sizeof(T) * (dst_count < src_count ? dst_count : src_count));
}

/* Replaced by the group's barrier where they are called (see above); on the fiber engine
 * they are that barrier as written. */
template <class GroupT> CU2C_CG_INLINE void wait(const GroupT &g) { g.sync(); }
template <unsigned int NumStages, class GroupT> CU2C_CG_INLINE void wait_prior(const GroupT &g) { g.sync(); }

} // namespace cooperative_groups

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#define memcpy_async(g, ...) __cu2c_memcpy_async(g, threadIdx, blockDim, __VA_ARGS__)

#endif
