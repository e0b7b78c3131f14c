/* cu2c/fiber.h - __syncthreads(), its _count/_and/_or forms and the warp functions as the
 * fiber engine's kernels call them (translated code only: the translator lowers them itself
 * in thread-loop kernels, whose text keeps no call of them). Each is a switch of fibers in
 * runtime/fibers.c: the thread waits there until every thread of its block (a barrier) or
 * every lane its mask names (a warp function) has come, as on Volta and later GPUs.
 * A call names its place ("FILE:LINE") for the messages of a divergent barrier. */
#ifndef CU2C_FIBER_H
#define CU2C_FIBER_H

#include "kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs one block: each thread a fiber calling body(args, blk) (see passes/fiber_kernel.c). */
void cu2c_fiber_run(void **args, cu2c_block *blk, void (*body)(void **, cu2c_block *));
/* A spin-wait's round or __nanosleep: the others of the block run (nothing outside fibers). */
void cu2c_fiber_yield(void);
/* A barrier of the block: op CU2C_FB_SYNC (result 0), _COUNT, _AND, _OR of the predicates. */
int cu2c_fiber_sync(int op, int pred, const char *where);
/* A warp function: op (CU2C_FW_*), the lanes it names, the thread's value (size bytes at v,
 * at most 16) replaced by the result for the shuffles, arg the source lane, delta or lane
 * mask, width the segment; the result of the others (a ballot, a vote, a match, a reduction).
 * pred: __match_all_sync's out-parameter, else NULL. */
unsigned long long cu2c_fiber_warp(int op, unsigned mask, void *v, unsigned size, int arg, int width, int *pred,
                                   const char *where);

/* the operations (CU2C_FB_*, CU2C_FW_*) and cooperative groups' entries */
#include "fiber_ops.h"
/* the switch and the inline barrier */
#include "fiber_switch.h"

#ifdef __cplusplus
}
#endif

/* The per-block storage of a __shared__ variable of a fiber kernel: the worker's own (a
 * worker runs one block's fibers at a time). The global-dynamic model, which the linker
 * relaxes in executables: gcc 12 folds a local-exec address with a large constant offset
 * into an instruction it cannot emit (an internal compiler error). Aligned to 64 bytes:
 * gcc 12 -O3 raises a thread-local array's alignment for its vector loads (movaps) without
 * writing it into the object, and the array lands wherever the link's other thread-locals
 * put it. */
#ifdef __cplusplus
#define CU2C_FIBER_SHARED thread_local __attribute__((tls_model("global-dynamic"), aligned(64)))
#else
#define CU2C_FIBER_SHARED _Thread_local __attribute__((tls_model("global-dynamic"), aligned(64)))
#endif

#define CU2C_FIBER_STR_(x) #x
#define CU2C_FIBER_STR(x) CU2C_FIBER_STR_(x)
#define CU2C_FIBER_WHERE __FILE__ ":" CU2C_FIBER_STR(__LINE__)

/* The type of a value argument, without qualifiers (the thread's copy is written). */
#ifdef __cplusplus
#define CU2C_FIBER_TYPE(v) __typeof__(cu2c_fiber_value_of(v))
template <class T> static inline T cu2c_fiber_value_of(const T &v) { return v; }
#else
#define CU2C_FIBER_TYPE(v) __typeof__(((void)0, (v)))
#endif

#ifdef CU2C_FIBER_INLINE
#define __syncthreads() cu2c_fiber_barrier(CU2C_FIBER_WHERE)
#else
#define __syncthreads() ((void)cu2c_fiber_sync(CU2C_FB_SYNC, 1, CU2C_FIBER_WHERE))
#endif
#define __syncthreads_count(p) cu2c_fiber_sync(CU2C_FB_COUNT, (p) != 0, CU2C_FIBER_WHERE)
#define __syncthreads_and(p) cu2c_fiber_sync(CU2C_FB_AND, (p) != 0, CU2C_FIBER_WHERE)
#define __syncthreads_or(p) cu2c_fiber_sync(CU2C_FB_OR, (p) != 0, CU2C_FIBER_WHERE)

/* __syncwarp() or __syncwarp(mask): an empty argument list reads as the full mask */
/* a warp call at a place: inlined (cu2c/fiber_switch.h) or the runtime's */
#ifdef CU2C_FIBER_INLINE
#define CU2C_FIBER_WARP_AT(op, m, v, size, a, w, p, where) cu2c_fiber_warp_at(op, m, v, size, a, w, p, where, 0)
#else
#define CU2C_FIBER_WARP_AT(op, m, v, size, a, w, p, where) cu2c_fiber_warp(op, m, v, size, a, w, p, where)
#endif
#define CU2C_FIBER_WARP(op, m, v, size, a, w, p) CU2C_FIBER_WARP_AT(op, m, v, size, a, w, p, CU2C_FIBER_WHERE)
#define __syncwarp(...) ((void)CU2C_FIBER_WARP(CU2C_FW_SYNCWARP, \
    #__VA_ARGS__[0] ? (unsigned)(__VA_ARGS__ + 0) : 0xffffffffu, 0, 0, 0, 32, 0))
#define CU2C_FIBER_SHFL(op, m, v, a, w, ...) ({ CU2C_FIBER_TYPE(v) __cu2c_fv = (v); \
    CU2C_FIBER_WARP(op, (unsigned)(m), &__cu2c_fv, sizeof __cu2c_fv, (int)(a), (int)(w), 0); \
    __cu2c_fv; })
#define __shfl_sync(m, v, ...) CU2C_FIBER_SHFL(CU2C_FW_SHFL, m, v, __VA_ARGS__, 32)
#define __shfl_up_sync(m, v, ...) CU2C_FIBER_SHFL(CU2C_FW_SHFL_UP, m, v, __VA_ARGS__, 32)
#define __shfl_down_sync(m, v, ...) CU2C_FIBER_SHFL(CU2C_FW_SHFL_DOWN, m, v, __VA_ARGS__, 32)
#define __shfl_xor_sync(m, v, ...) CU2C_FIBER_SHFL(CU2C_FW_SHFL_XOR, m, v, __VA_ARGS__, 32)
#define CU2C_FIBER_VOTE(op, m, p) \
    CU2C_FIBER_WARP(op, (unsigned)(m), 0, 0, (p) != 0, 32, 0)
#define __ballot_sync(m, p) ((unsigned)CU2C_FIBER_VOTE(CU2C_FW_BALLOT, m, p))
#define __any_sync(m, p) ((int)CU2C_FIBER_VOTE(CU2C_FW_ANY, m, p))
#define __all_sync(m, p) ((int)CU2C_FIBER_VOTE(CU2C_FW_ALL, m, p))
#define __activemask() ((unsigned)CU2C_FIBER_WARP(CU2C_FW_ACTIVEMASK, 0, 0, 0, 0, 32, 0))
#define __match_any_sync(m, v) ({ CU2C_FIBER_TYPE(v) __cu2c_fv = (v); (unsigned)CU2C_FIBER_WARP( \
    CU2C_FW_MATCH_ANY, (unsigned)(m), &__cu2c_fv, sizeof __cu2c_fv, 0, 32, 0); })
#define __match_all_sync(m, v, p) ({ CU2C_FIBER_TYPE(v) __cu2c_fv = (v); (unsigned)CU2C_FIBER_WARP( \
    CU2C_FW_MATCH_ALL, (unsigned)(m), &__cu2c_fv, sizeof __cu2c_fv, 0, 32, (p)); })
/* int or unsigned int, as the value is (min and max compare that way) */
#define CU2C_FIBER_REDUCE(op, m, v) ({ __typeof__(+(v)) __cu2c_fv = (v); (__typeof__(+(v)))CU2C_FIBER_WARP( \
    op, (unsigned)(m), &__cu2c_fv, sizeof __cu2c_fv, (__typeof__(+(v)))-1 < 0, 32, 0); })
#define __reduce_add_sync(m, v) CU2C_FIBER_REDUCE(CU2C_FW_REDUCE_ADD, m, v)
#define __reduce_min_sync(m, v) CU2C_FIBER_REDUCE(CU2C_FW_REDUCE_MIN, m, v)
#define __reduce_max_sync(m, v) CU2C_FIBER_REDUCE(CU2C_FW_REDUCE_MAX, m, v)
#define __reduce_and_sync(m, v) CU2C_FIBER_REDUCE(CU2C_FW_REDUCE_AND, m, v)
#define __reduce_or_sync(m, v) CU2C_FIBER_REDUCE(CU2C_FW_REDUCE_OR, m, v)
#define __reduce_xor_sync(m, v) CU2C_FIBER_REDUCE(CU2C_FW_REDUCE_XOR, m, v)

/* A meeting of a warp step of legacy warp-synchronous code (passes/fiber_kernel.c): the lanes
 * of the warp there meet, as __activemask() gathers them; `order` is the meeting's place in
 * the kernel, so that lanes that went apart step again together (runtime/fibers.c). */
#define CU2C_FIBER_STEP(order) \
    ((void)CU2C_FIBER_WARP_AT(CU2C_FW_STEP, 0, 0, 0, (order), 32, 0, CU2C_FIBER_WHERE " (warp step " #order ")"))

#endif
