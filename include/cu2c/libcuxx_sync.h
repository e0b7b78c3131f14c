/* cu2c/libcuxx_sync.h - libcu++'s cuda::barrier, cuda::pipeline and cuda::memcpy_async for
 * cu2c (<cuda/barrier>, <cuda/pipeline>).
 *
 * A block's threads run one after another between barriers, so these are the barriers they
 * stand for, and the copies are made at once:
 * - cuda::barrier<thread_scope_block> initialised with the block's thread count: wait(token)
 *   and arrive_and_wait() are the block's barrier, __syncthreads(); arrive() and
 *   arrive_and_drop() do nothing else (what a thread does between arrive and wait may come
 *   before or after other threads' work in CUDA too). The translator makes the waits
 *   barriers (the functions marked CU2C_BLOCK_BARRIER, translator/frontend/libcuxx.c) and,
 *   at each, checks that the barrier expects the block's thread count: another count ends
 *   the kernel with cudaErrorLaunchFailure and a message (__cu2c_barrier_check), never a
 *   different result. A kernel whose init names another count than the block's, or calling
 *   arrive(n) with n != 1, runs on fibers (libcuxx_partial_barrier). A completion function:
 *   not supported. On the
 *   fiber engine (runtime/fibers.c), where the calls run as written, it is the GPU's barrier:
 *   any count, arrive(n), phases, arrive_and_drop; a wait lets the block's other threads run
 *   (cu2c_spin_wait) until its phase completes.
 * - cuda::pipeline<thread_scope_thread> (make_pipeline()): each thread's own copies, done
 *   when issued: every method is a no-op.
 * - cuda::pipeline<thread_scope_block> (make_pipeline(block, &shared_state)): every thread is
 *   producer and consumer; producer_acquire, consumer_wait and pipeline_consumer_wait_prior
 *   order the block's threads and are its barrier. A pipeline with producer and consumer
 *   roles ends the kernel where it is made (cudaErrorLaunchFailure): threads waiting for
 *   each other in divergent branches cannot run one after another.
 * - cuda::memcpy_async(dst, src, size, barrier or pipeline) copies at once; with a group
 *   first, the group's first thread copies (as cooperative_groups::memcpy_async).
 * The waits' bodies run only on the fiber engine: elsewhere (a call thread loops did not
 * translate) they end the kernel, saying so (cu2c_fiber_wait_here). */
#ifndef CU2C_LIBCUXX_SYNC_H
#define CU2C_LIBCUXX_SYNC_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cu2c/libcuxx_atomic.h>
#include <cooperative_groups.h>

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#define CU2C_BLOCK_BARRIER __attribute__((annotate("cu2c_block_barrier")))
#define CU2C_REFUSED(why) __attribute__((annotate("cu2c_refused:" why)))
#else
#define CU2C_BLOCK_BARRIER
#define CU2C_REFUSED(why)
#endif

namespace cuda {

/* A whole block's pipeline's wait on the fiber engine: the block's barrier, met at the
 * place it is called from (inlined there). */
__attribute__((always_inline)) inline void __cu2c_block_wait() {
    if (cu2c_fiber_wait_here("a cuda::pipeline wait"))
        cu2c_fiber_group_sync();
}

/* cuda::aligned_size_t<N>: a size whose copies are N-aligned (a promise: nothing to do) */
template <size_t Alignment> struct aligned_size_t {
    static constexpr size_t align = Alignment;
    size_t value;
    constexpr explicit aligned_size_t(size_t s) : value(s) {}
    constexpr operator size_t() const { return value; }
};

struct __cu2c_no_completion {
    void operator()() const {}
};

struct __cu2c_arrival_token {
    unsigned long long __cu2c_phase;
};

/* Only the barrier without a completion function is defined: one with a completion function
 * is an incomplete type where it is declared. */
template <thread_scope Scope, class CompletionFunction = __cu2c_no_completion> class barrier;

template <thread_scope Scope> class barrier<Scope, __cu2c_no_completion> {
public:
    using arrival_token = __cu2c_arrival_token;
    long long __cu2c_expected;      /* the count init gave (less those dropped, on fibers) */
    long long __cu2c_pending;       /* on fibers: arrivals the phase still needs */
    unsigned long long __cu2c_phase; /* on fibers: phases completed */
    barrier() = default;
    barrier(ptrdiff_t expected, __cu2c_no_completion = __cu2c_no_completion())
        : __cu2c_expected(expected), __cu2c_pending(expected), __cu2c_phase(0) {}
    barrier(const barrier &) = delete;
    barrier &operator=(const barrier &) = delete;
    /* On the fiber engine a real barrier: the phase completes when its arrivals are in, and
     * a wait lets the block's other threads run until then. In thread-loop kernels the waits
     * are the block's barrier and this bookkeeping is not read. */
    arrival_token arrive(ptrdiff_t update = 1) {
        if (update != 1 && !cu2c_fiber_running()) {
            fprintf(stderr, "cu2c: error: cuda::barrier::arrive(%lld): an update other than 1 is not supported "
                    "(cu2c runs the barrier as the block's barrier)\n", (long long)update);
            cu2c_device_fault(cudaErrorLaunchFailure);
        }
        /* atomics, as the GPU's barrier updates its count (thread loops' threads each arrive) */
        arrival_token t{__atomic_load_n(&__cu2c_phase, __ATOMIC_ACQUIRE)};
        if (__atomic_sub_fetch(&__cu2c_pending, (long long)update, __ATOMIC_ACQ_REL) <= 0) {
            __atomic_store_n(&__cu2c_pending, __cu2c_expected, __ATOMIC_RELAXED);
            __atomic_fetch_add(&__cu2c_phase, 1ull, __ATOMIC_RELEASE);
        }
        return t;
    }
    CU2C_BLOCK_BARRIER void wait(arrival_token &&t) const {
        if (cu2c_fiber_wait_here("cuda::barrier::wait"))
            while (__atomic_load_n(&__cu2c_phase, __ATOMIC_ACQUIRE) == t.__cu2c_phase)
                cu2c_spin_wait("cuda::barrier::wait");
    }
    CU2C_BLOCK_BARRIER void arrive_and_wait() { wait(arrive()); }
    /* this thread takes no part in later phases: it arrives, and (in any correct program)
     * waits on this barrier no more */
    void arrive_and_drop() {
        if (cu2c_fiber_running())   /* thread loops' barrier is the block's: nothing to drop */
            __cu2c_expected--;
        arrive();
    }
    static constexpr ptrdiff_t max() { return 0x7fffffff; }
};

template <thread_scope Scope> void init(barrier<Scope> *b, ptrdiff_t expected) {
    b->__cu2c_expected = b->__cu2c_pending = expected;
    b->__cu2c_phase = 0;
}

/* At each wait (the translator emits the call, once per block): the barrier is the block's
 * only when it expects every thread of the block. */
template <class Barrier, class Block> void __cu2c_barrier_check(const Barrier *bar, const Block *b, const char *where) {
    unsigned long long n = (unsigned long long)b->blockDim.x * b->blockDim.y * b->blockDim.z;
    if ((unsigned long long)bar->__cu2c_expected == n)
        return;
    fprintf(stderr, "%s: error: cuda::barrier in block (%u,%u,%u) expects %lld arrivals, the block has %llu threads: "
            "cu2c runs a cuda::barrier only as a barrier of the whole block (init it with the block's thread count)\n",
            where, b->blockIdx.x, b->blockIdx.y, b->blockIdx.z, (long long)bar->__cu2c_expected, n);
    cu2c_device_fault(cudaErrorLaunchFailure);
}

/* ---- pipelines ---------------------------------------------------------------------------- */

enum class pipeline_role { producer, consumer };

template <thread_scope Scope, uint8_t StagesCount> class pipeline_shared_state {
public:
    pipeline_shared_state() = default;
    pipeline_shared_state(const pipeline_shared_state &) = delete;
    pipeline_shared_state &operator=(const pipeline_shared_state &) = delete;
    unsigned char __cu2c_unused;
};

/* A pipeline of a whole thread block (every thread producer and consumer). */
template <thread_scope Scope> class __cu2c_role_pipeline;
template <thread_scope Scope> class pipeline {
public:
    pipeline() = default;
    CU2C_REFUSED("cuda::make_pipeline with producer and consumer roles is not supported: threads in different "
                 "roles wait for each other inside divergent branches, which cu2c cannot run (it runs a block's "
                 "threads one after another between barriers); make every thread both producer and consumer "
                 "(make_pipeline(block, &state))")
    pipeline(const __cu2c_role_pipeline<Scope> &) {}
    CU2C_BLOCK_BARRIER void producer_acquire() { __cu2c_block_wait(); }
    void producer_commit() {}
    CU2C_BLOCK_BARRIER void consumer_wait() { __cu2c_block_wait(); }
    void consumer_release() {}
};

/* A thread's own pipeline: its copies are made when issued, so there is nothing to wait for. */
template <> class pipeline<thread_scope_thread> {
public:
    void producer_acquire() {}
    void producer_commit() {}
    void consumer_wait() {}
    void consumer_release() {}
    bool quit() { return true; }
};

static inline pipeline<thread_scope_thread> make_pipeline() { return pipeline<thread_scope_thread>(); }

template <thread_scope Scope, uint8_t StagesCount>
pipeline<Scope> make_pipeline(const cooperative_groups::thread_block &, pipeline_shared_state<Scope, StagesCount> *) {
    return pipeline<Scope>();
}

/* A pipeline with producer and consumer roles: threads in different roles wait for each
 * other inside divergent branches, which cannot run with a block's threads one after another
 * between barriers. Making one ends the kernel (cudaErrorLaunchFailure, the call's place in
 * the message), so that the program's other kernels still run; naming its type as
 * cuda::pipeline is refused by the translator where it is written. */
template <thread_scope Scope> class __cu2c_role_pipeline {
public:
    void producer_acquire() {}
    void producer_commit() {}
    void consumer_wait() {}
    void consumer_release() {}
};

static inline void __cu2c_roles_fault(const char *file, unsigned line) {
    fprintf(stderr, "%s:%u: error: cuda::make_pipeline with producer and consumer roles is not supported: threads "
            "in different roles wait for each other inside divergent branches, which cu2c cannot run (it runs a "
            "block's threads one after another between barriers)\n", file, line);
    cu2c_device_fault(cudaErrorLaunchFailure);
}

template <class Group, thread_scope Scope, uint8_t StagesCount>
__cu2c_role_pipeline<Scope> make_pipeline(const Group &, pipeline_shared_state<Scope, StagesCount> *, pipeline_role,
                                          const char *file = __builtin_FILE(), unsigned line = __builtin_LINE()) {
    __cu2c_roles_fault(file, line);
    return __cu2c_role_pipeline<Scope>();
}
template <class Group, thread_scope Scope, uint8_t StagesCount>
__cu2c_role_pipeline<Scope> make_pipeline(const Group &, pipeline_shared_state<Scope, StagesCount> *, size_t,
                                          const char *file = __builtin_FILE(), unsigned line = __builtin_LINE()) {
    __cu2c_roles_fault(file, line);
    return __cu2c_role_pipeline<Scope>();
}

template <uint8_t Prior> void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &) {}
template <uint8_t Prior, thread_scope Scope>
CU2C_BLOCK_BARRIER void pipeline_consumer_wait_prior(pipeline<Scope> &) { __cu2c_block_wait(); }
template <uint8_t Prior, thread_scope Scope> void pipeline_consumer_wait_prior(__cu2c_role_pipeline<Scope> &) {}

/* ---- cuda::memcpy_async: `memcpy_async(first, rest...)` reads
 * `__cu2c_memcpy_async(first, threadIdx, blockDim, rest...)` (the macro below, the same as
 * cooperative_groups/memcpy_async.h's): a group's rank comes from the thread's indices. ---- */

template <class Size, thread_scope Scope>
void __cu2c_memcpy_async(void *dst, uint3, dim3, const void *src, Size size, barrier<Scope> &) {
    memcpy(dst, src, (size_t)size);
}
template <class Size, thread_scope Scope>
void __cu2c_memcpy_async(void *dst, uint3, dim3, const void *src, Size size, pipeline<Scope> &) {
    memcpy(dst, src, (size_t)size);
}
template <class Size, thread_scope Scope>
void __cu2c_memcpy_async(void *dst, uint3, dim3, const void *src, Size size, __cu2c_role_pipeline<Scope> &) {
    memcpy(dst, src, (size_t)size);
}
template <class Group, class Size, thread_scope Scope>
void __cu2c_memcpy_async(const Group &g, uint3 t, dim3 d, void *dst, const void *src, Size size, barrier<Scope> &) {
    if (g.__cu2c_thread_rank(t, d) == 0)
        memcpy(dst, src, (size_t)size);
}
template <class Group, class Size, thread_scope Scope>
void __cu2c_memcpy_async(const Group &g, uint3 t, dim3 d, void *dst, const void *src, Size size, pipeline<Scope> &) {
    if (g.__cu2c_thread_rank(t, d) == 0)
        memcpy(dst, src, (size_t)size);
}

} // namespace cuda

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif
#undef CU2C_BLOCK_BARRIER
#undef CU2C_REFUSED

#ifndef memcpy_async
#define memcpy_async(g, ...) __cu2c_memcpy_async(g, threadIdx, blockDim, __VA_ARGS__)
#endif

#endif
