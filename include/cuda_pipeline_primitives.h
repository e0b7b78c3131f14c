/* cuda_pipeline_primitives.h - CUDA's per-thread pipeline primitives for cu2c.
 *
 * __pipeline_memcpy_async copies at once (size_and_align - zfill bytes, then zfill zero
 * bytes): a thread's pipeline holds only its own copies, so by the time it commits and waits
 * (__pipeline_commit, __pipeline_wait_prior: nothing left to do) they are done, as CUDA
 * promises. Other threads see them after a barrier, as in CUDA. */
#ifndef CU2C_CUDA_PIPELINE_PRIMITIVES_H
#define CU2C_CUDA_PIPELINE_PRIMITIVES_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <stddef.h>
#include <string.h>

#ifdef __cplusplus
#define CU2C_PIPELINE_ZFILL_DEFAULT = 0
#else
#define CU2C_PIPELINE_ZFILL_DEFAULT
#endif

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

static inline void __pipeline_memcpy_async(void *__restrict__ dst_shared, const void *__restrict__ src_global,
                                           size_t size_and_align, size_t zfill CU2C_PIPELINE_ZFILL_DEFAULT) {
    size_t copied = zfill < size_and_align ? size_and_align - zfill : 0;
    memcpy(dst_shared, src_global, copied);
    memset((char *)dst_shared + copied, 0, size_and_align - copied);
}
static inline void __pipeline_commit(void) {}
static inline void __pipeline_wait_prior(size_t prior) { (void)prior; }

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif
#undef CU2C_PIPELINE_ZFILL_DEFAULT

#endif
