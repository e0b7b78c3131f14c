/* cu2c/kernel.h - the interface between code cu2c generates and libcu2c.
 *
 * A translated kernel is three things: a block function that runs every thread of one
 * thread block in loops, a host stub under the kernel's own name that launches it (so
 * `(void *)kernel` works with cudaLaunchKernel as in CUDA), and a registration that tells
 * the runtime which block function belongs to which stub. */
#ifndef CU2C_KERNEL_H
#define CU2C_KERNEL_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <stddef.h>
#include <driver_types.h>
#include <vector_types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The builtins' types as generated code names them: a kernel's parameter may be named like
 * a CUDA type (`int dim3`, `float uint3`), which hides that type in the kernel's body. */
typedef uint3 __cu2c_uint3;
typedef dim3 __cu2c_dim3;

/* What one call of a block function sees: which block, the launch shape, and the storage
 * the runtime keeps per worker (it outlives the block, so it is reused by the next one). */
typedef struct cu2c_block {
    uint3 blockIdx;      /* this block's index in the grid */
    dim3 blockDim;       /* threads per block */
    dim3 gridDim;        /* blocks per grid */
    void *dyn_shared;    /* extern __shared__ storage: the launch's shared-memory bytes, 16-aligned */
    size_t dyn_shared_size; /* bytes at dyn_shared */
    void *worker;        /* the runtime's per-worker state (scratch storage); opaque here */
} cu2c_block;

/* The builtins of the thread a worker is running, for device functions that read them
 * (kernels read their own locals): kernels calling such functions keep this up to date. */
typedef struct cu2c_tls_t {
    uint3 threadIdx;
    uint3 blockIdx;
    dim3 blockDim;
    dim3 gridDim;
    void *dyn_shared;    /* the block's extern __shared__ storage, for device functions
                          * declaring it (the samples' SharedMemory<T>) */
    int thread_known;    /* threadIdx is the thread running now (CU2C_TRACK_THREAD): a fault
                          * line names it */
    /* The device clock of a kernel reading it (CU2C_CLOCK_THREAD, runtime/device.c): */
    long long clk_scale; /* the block's threads, while one of its threads runs; 0: none */
    long long clk_v0;    /* the clock (ns) where the running thread loop began reading it */
    long long clk_ns;    /* the clock (ns) the running thread read last */
    long long clk_t0;    /* the real time (ns) of that read */
    long long clk_max;   /* the latest clock read on this worker */
    long long clk_last;  /* the linear index of the thread that ran before (-1: none) */
    int clk_fresh;       /* the running thread has not read the clock yet */
    int clk_new_loop;    /* nor has any thread of the running thread loop */
} cu2c_tls_t;
/* In an executable (not -fPIC, or -fPIE) the local-exec model: with the initial-exec one gcc
 * 12 may vectorise a store to it into `lea cu2c_tls@gottpoff(%rip)`, which ld cannot relax
 * ("TLS transition from R_X86_64_GOTTPOFF to R_X86_64_TPOFF32 ... failed"). */
#if defined(__GNUC__) && (!defined(__PIC__) || defined(__PIE__))
extern __thread cu2c_tls_t cu2c_tls __attribute__((tls_model("local-exec")));
#else
extern __thread cu2c_tls_t cu2c_tls;
#endif

/* Runs one thread block: args[i] points at the kernel's i-th argument. */
typedef void (*cu2c_block_fn)(void **args, cu2c_block *blk);

/* Ties a kernel's host stub to its block function; called once per kernel before main
 * (from a constructor the translator emits). arg_sizes[i] is sizeof the i-th parameter. */
void cu2c_register_kernel(const void *stub, cu2c_block_fn fn, const char *name,
                          int nargs, const size_t *arg_sizes);

/* Records the bytes of a kernel's static __shared__ variables, for the launch check (static
 * plus dynamic shared memory within the limit) and cudaFuncGetAttributes. */
void cu2c_set_static_shared(const void *stub, size_t bytes);

/* Records a file-scope __device__, __constant__ or __managed__ variable: its address is what
 * the symbol calls receive, size its sizeof (called before main, from a constructor the
 * translator emits after the unit's last line). */
void cu2c_register_symbol(const void *addr, size_t size);

/* `k<<<grid, block, shmem, stream>>>(args)` becomes
 * `(cu2c_push_call_configuration(grid, block, shmem, stream) ? (void)0 : k(args))`: the
 * configuration is pushed (per host thread), then the host stub pops it and launches.
 * Returns 0. */
int cu2c_push_call_configuration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream);

/* Body of every host stub: pops the pushed configuration and launches the kernel registered
 * for stub as cudaLaunchKernel would; errors are recorded as the last error. Called without
 * a pushed configuration (a kernel called like a host function) it records
 * cudaErrorMissingConfiguration. */
void cu2c_launch_stub(const void *stub, void **args);

/* A fault in the running kernel (a failed device-side assert: cudaErrorAssert; a trap:
 * cudaErrorLaunchFailure): the error becomes sticky, the kernel's remaining blocks are
 * dropped and, on a worker, the calling block ends here (it does not return). */
void cu2c_device_fault(cudaError_t e);

/* A round of a spin-wait loop in device code (declared for device code in cu2c/device.h). */
void cu2c_spin_wait(const char *where);

/* The device clock while a block's threads run one after another (runtime/device.c): on the
 * GPU they run at once, so each sees time pass while the others run; here the thread that
 * runs sees it pass blockDim times as fast, from where its thread loop began. A kernel
 * reading the clock calls this at the start of each thread's turn in a thread loop (lin:
 * its linear index, n: the block's threads). */
static inline void cu2c_clock_thread(long long lin, long long n)
{
    /* a thread not after the one that ran before begins another thread loop */
    if (lin <= cu2c_tls.clk_last || cu2c_tls.clk_scale == 0)
        cu2c_tls.clk_new_loop = 1;
    cu2c_tls.clk_last = lin;
    cu2c_tls.clk_scale = n > 0 ? n : 1;
    cu2c_tls.clk_fresh = 1;
}
#define CU2C_CLOCK_THREAD(lin, n) cu2c_clock_thread(lin, n);

/* The device's cycle counter, for clock64() and clock() in device code (cu2c/device.h):
 * cycles at cudaDeviceProp::clockRate kHz since the program first read it. */
long long cu2c_clock64(void);

/* Special registers read by inline PTX (cu2c/device.h): %globaltimer, nanoseconds on
 * cu2c_clock64's clock from its start; %smid, the worker running the block (0 off the
 * pool); %nsmid, multiProcessorCount. */
long long cu2c_globaltimer(void);
int cu2c_smid(void);
int cu2c_nsmid(void);

/* cu2c --track-threads (cu2cc -G, and under CU2C_CHECK=race): each thread loop's body
 * keeps cu2c_tls.threadIdx current, so that a fault names the thread; leaving the body (also
 * by continue) makes it unknown again. Volatile stores: the fault handler reads them, which
 * the compiler cannot see (it would drop a store the body's end overwrites). */
static inline void cu2c_untrack_thread(int *unused)
{
    (void)unused;
    *(volatile int *)&cu2c_tls.thread_known = 0;
}
static inline int cu2c_track_thread(uint3 t)
{
    *(volatile unsigned *)&cu2c_tls.threadIdx.x = t.x;
    *(volatile unsigned *)&cu2c_tls.threadIdx.y = t.y;
    *(volatile unsigned *)&cu2c_tls.threadIdx.z = t.z;
    *(volatile int *)&cu2c_tls.thread_known = 1;
    return 0;
}
#define CU2C_TRACK_THREAD(t) \
    __attribute__((cleanup(cu2c_untrack_thread), unused)) int __cu2c_track = cu2c_track_thread(t);

/* CU2C_CHECK=race (runtime/race_check.c): the translator, run with CU2C_CHECK=race, marks
 * where a block begins, which thread a thread loop runs, its shared arrays, barriers and
 * __syncwarp()s; cu2cc compiles such code with -fsanitize=thread and CU2C_RACE_CHECK defined,
 * linking lib/libcu2c-race.a, whose checker the markers feed. Without CU2C_RACE_CHECK they
 * are nothing. */
#ifdef CU2C_RACE_CHECK
int cu2c_race_block(const cu2c_block *blk);
void cu2c_race_block_end(int *unused);
void cu2c_race_shared(const volatile void *p, size_t size);
int cu2c_race_enter(unsigned x, unsigned y, unsigned z);
void cu2c_race_enter_linear(size_t i);
void cu2c_race_leave(int *unused);
void cu2c_race_barrier(void);
void cu2c_race_syncwarp(void);
#define CU2C_RACE_BLOCK(b) \
    __attribute__((cleanup(cu2c_race_block_end), unused)) int __cu2c_race_blk = cu2c_race_block(b);
#define CU2C_RACE_THREAD(t) \
    __attribute__((cleanup(cu2c_race_leave), unused)) int __cu2c_race_thr = cu2c_race_enter((t).x, (t).y, (t).z);
#define CU2C_RACE_LANE(i) cu2c_race_enter_linear(i);
#define CU2C_RACE_LANES_DONE() cu2c_race_leave(0);
#define CU2C_RACE_SHARED(v) cu2c_race_shared(&(v), sizeof(v));
#define CU2C_RACE_BARRIER() cu2c_race_barrier();
#define CU2C_RACE_SYNCWARP() cu2c_race_syncwarp()
/* a thread_group's sync: a block group's (or one larger than a warp) orders the block */
#define CU2C_RACE_GROUP_SYNC(g) \
    (((g).__cu2c_kind == 0 || (g).__cu2c_size > 32) ? cu2c_race_barrier() : cu2c_race_syncwarp())
#else
#define CU2C_RACE_BLOCK(b)
#define CU2C_RACE_THREAD(t)
#define CU2C_RACE_LANE(i)
#define CU2C_RACE_LANES_DONE()
#define CU2C_RACE_SHARED(v)
#define CU2C_RACE_BARRIER()
#define CU2C_RACE_SYNCWARP() ((void)0)
#define CU2C_RACE_GROUP_SYNC(g) ((void)0)
#endif

/* cu2c --thread-order (cu2cc: CU2C_THREAD_ORDER=reverse|random): thread loops count o
 * from lo to hi and run the thread these give. Random: an affine permutation of [lo, hi)
 * (a prime multiplier larger than any block dimension, so coprime with the count), drawn
 * per block from cu2c_thread_order_seed() (CU2C_THREAD_ORDER_SEED, else the time). */
#define CU2C_ORDERED_REVERSE(o, lo, hi) ((lo) + (hi) - 1 - (o))
#define CU2C_ORDERED_RANDOM(o, lo, hi)                                                            \
    ((lo) + (int)(((unsigned long long)((o) - (lo)) * CU2C_ORDER_PRIME(__cu2c_oseed) +            \
                   (__cu2c_oseed >> 2)) % (unsigned long long)((hi) - (lo))))
#define CU2C_ORDER_PRIME(s) \
    ((s) & 2 ? ((s) & 1 ? 1048583ull : 2097169ull) : ((s) & 1 ? 4194319ull : 8388617ull))
unsigned cu2c_thread_order_seed(const cu2c_block *blk);

/* A block barrier under ifs or loops whose conditions the threads evaluate apart (the
 * translator could not prove them uniform): once per block where it is, after counting the
 * threads still running (live) and those of them taking every branch around it (arrived).
 * When some running thread does not reach it and may reach another barrier instead, CUDA's
 * behaviour is undefined: this reports the barrier (where: "FILE:LINE", name: the call),
 * the block and the counts, as compute-sanitizer's synccheck does, and ends the kernel with
 * the sticky cudaErrorLaunchFailure. why: which conditions those threads took apart. */
void cu2c_barrier_diverged(const cu2c_block *blk, const char *where, const char *name, size_t arrived,
                           size_t live, const char *why);

/* grid_group::sync() (cooperative_groups.h), once per block where all its threads reach
 * it: returns when every block of the grid has reached it (or finished). Outside a kernel
 * launched with cudaLaunchCooperativeKernel it is a fault (cudaErrorLaunchFailure). */
void cu2c_grid_sync(cu2c_block *blk);
/* multi_grid_group::sync(): every block of every grid of a cudaLaunchCooperativeKernelMultiDevice;
 * the grid's rank among them and their count (0 and 1 outside one) */
void cu2c_multi_grid_sync(cu2c_block *blk);
unsigned int cu2c_multi_grid_rank(void);
unsigned int cu2c_multi_grid_count(void);

/* grid_group::is_valid(): whether the running kernel was launched cooperatively. */
int cu2c_grid_is_valid(void);

/* nvcc --default-stream per-thread: called before main (cuda_runtime.h), it makes stream 0
 * the calling host thread's default stream. */
void cu2c_default_stream_per_thread(void);

/* Per-worker storage for the block being run (per-thread copies of promoted locals): at
 * least `bytes` bytes, 64-aligned, valid until the block function returns, reused (not
 * reallocated) by the worker's next block when large enough. NULL if memory runs out. */
void *cu2c_block_scratch(cu2c_block *blk, size_t bytes);

#ifdef __cplusplus
}

/* A kernel template's specialisations register before main, as nvcc registers every kernel
 * it instantiates, so that cudaFuncSetCacheConfig(k<float>, ...), cudaFuncGetAttributes and
 * cudaLaunchKernel work before (or without) a `<<<...>>>`. The stub template names
 * cu2c_at_load<R, F, K>::done, R being the specialisation's registration and K its stub: any
 * use that instantiates the stub (a launch, its address taken) instantiates this member with
 * it, and the member's initialiser runs in the translation unit's dynamic initialisation. */
template <void (*R)(const void *), typename F, F K> struct cu2c_at_load { static const char done; };
template <void (*R)(const void *), typename F, F K>
const char cu2c_at_load<R, F, K>::done = (R((const void *)K), 0);

/* A variadic kernel's parameter pack (`template <class... A> __global__ void k(int n, A...
 * a)`): the launch's arguments from the pack's first given to l, whose parameters are the
 * pack; the kernel's body is l's (passes/block_function.c). */
template <unsigned... I> struct cu2c_indices {};
template <unsigned N, unsigned... I> struct cu2c_make_indices : cu2c_make_indices<N - 1, N - 1, I...> {};
template <unsigned... I> struct cu2c_make_indices<0, I...> { typedef cu2c_indices<I...> type; };
template <class... T, class L, unsigned... I>
static inline __attribute__((always_inline)) void cu2c_unpack_at(void **args, L &l, cu2c_indices<I...>) {
    l(*(T *)args[I]...);
}
template <class... T, class L>
static inline __attribute__((always_inline)) void cu2c_unpack(void **args, L &&l) {
    cu2c_unpack_at<T...>(args, l, typename cu2c_make_indices<sizeof...(T)>::type());
}
#endif

/* Bounds of thread loops narrowed by guards (long long: no overflow at int's edges). */
#define CU2C_MAXLL(a, b) ((long long)(a) > (long long)(b) ? (long long)(a) : (long long)(b))
#define CU2C_MINLL(a, b) ((long long)(a) < (long long)(b) ? (long long)(a) : (long long)(b))
/* v, known not negative: an unsigned x_affine local's value in a nest's fast copy, whose
 * check keeps (int)B + x within [0, INT_MAX] (passes/block_function.c put_x_check), so the C
 * compiler sees an index that never wraps and reads consecutive elements with vector loads. */
static inline __attribute__((always_inline)) int cu2c_nonneg(int v)
{
    if (v < 0)
        __builtin_unreachable();
    return v;
}
/* The first x from lo on with x = r (mod m): where a thread loop stepping by m over the
 * threads a lane guard lets through starts. */
#define CU2C_STEP_FROM(lo, r, m) ((lo) + ((((r) - (lo)) % (m)) + (m)) % (m))

/* Before a thread loop over x: its iterations are threads between two barriers, which CUDA
 * lets run in any order or in lockstep (a thread reading what another writes there without a
 * barrier is a race), so the C compiler may vectorise it without proving the threads' memory
 * accesses apart (gathers and scatters in shared memory, stencils, wavefronts). Nor may it
 * unroll the loop in full (a block's 16 or 32 threads are a constant trip count in the
 * bodies specialised for a block size): g++ did, then vectorised the loop around it, over
 * y, every access a gather of one element per row (Rodinia's lud 2.2x slower). */
#if defined(__clang__)
#define CU2C_THREADS_INDEPENDENT _Pragma("clang loop vectorize(assume_safety)") _Pragma("clang loop unroll(disable)")
#elif defined(__GNUC__)
#define CU2C_THREADS_INDEPENDENT _Pragma("GCC ivdep") _Pragma("GCC unroll 1")
#else
#define CU2C_THREADS_INDEPENDENT
#endif

/* The same before the x loop of a piece of a one-dimensional nest split where its clamped
 * locals stop clamping (lower_kernel's clamp_splits), unrolling left to the compiler: no loop
 * around it to vectorise instead, and g++ keeps more of the middle piece's loads in flight
 * (Rodinia pathfinder's kernel: 245 -> 170 ms). */
#if defined(__clang__)
#define CU2C_PIECE_INDEPENDENT _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define CU2C_PIECE_INDEPENDENT _Pragma("GCC ivdep")
#else
#define CU2C_PIECE_INDEPENDENT
#endif

/* A nest's thread loop over a block dimension of n threads run in three pieces (lower_kernel's
 * nest_text): [0, 1), [1, n - 1), [n - 1, n), empty pieces for n < 3, the loop over the
 * pieces unrolled. */
#define CU2C_PIECES _Pragma("GCC unroll 3")
#define CU2C_PIECE_B1(n) ((n) < 1 ? (n) : 1)
#define CU2C_PIECE_B2(n) ((n) - 1 > CU2C_PIECE_B1(n) ? (n) - 1 : CU2C_PIECE_B1(n))
#define CU2C_PIECE_LO(p, n) ((p) == 0 ? 0 : (p) == 1 ? CU2C_PIECE_B1(n) : CU2C_PIECE_B2(n))
#define CU2C_PIECE_HI(p, n) ((p) == 0 ? CU2C_PIECE_B1(n) : (p) == 1 ? CU2C_PIECE_B2(n) : (n))

/* Before a counted loop of at most 32 trips fetching from a texture (passes/hoist_textures.c):
 * unrolled in full, so that the thread loop around it vectorises. */
#if defined(__clang__)
#define CU2C_UNROLL_FETCHES _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define CU2C_UNROLL_FETCHES _Pragma("GCC unroll 32")
#else
#define CU2C_UNROLL_FETCHES
#endif

/* Per-thread arrays in a block's scratch storage start on 64-byte boundaries. */
#define CU2C_ROUND64(n) (((size_t)(n) + 63) & ~(size_t)63)

/* Launch configuration arguments may be int or dim3 (or uint3): CU2C_DIM3 converts. */
#ifdef __cplusplus
#define CU2C_DIM3(v) (dim3(v))
#else
static inline dim3 cu2c_dim3_from_dim3(dim3 d) { return d; }
static inline dim3 cu2c_dim3_from_uint3(uint3 u) { dim3 d = {u.x, u.y, u.z}; return d; }
static inline dim3 cu2c_dim3_from_uint(unsigned long long n) { dim3 d = {(unsigned)n, 1, 1}; return d; }
#define CU2C_DIM3(v) _Generic((v), dim3: cu2c_dim3_from_dim3, uint3: cu2c_dim3_from_uint3, \
                              default: cu2c_dim3_from_uint)(v)
#endif

#include "warp.h"

#endif
