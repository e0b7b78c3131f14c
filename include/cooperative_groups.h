/* cooperative_groups.h - CUDA's cooperative groups for kernels that run on CPU threads (C++).
 *
 * The groups are small uniform values: what varies per thread (the thread's index) is
 * passed in where a method is called. The macros below make `g.thread_rank()` read
 * `g.__cu2c_thread_rank(threadIdx, blockDim)` at the call, so that the translator sees a
 * use of threadIdx (the statement runs per thread) and the compiled code reads the thread
 * loop's own index: no thread-local state, nothing but arithmetic in the thread loops.
 *
 * What synchronises or exchanges values between threads is not done here: the translator
 * recognises these methods and functions by their names in this namespace and turns them
 * into the barriers and warp functions they are (translator/frontend/groups.c, group_call):
 * - thread_block::sync(), cg::sync(block): __syncthreads();
 * - thread_block_tile<N>: sync, shfl, shfl_up/down/xor, ballot, any, all, match_any/all,
 *   cg::reduce, cg::inclusive_scan/exclusive_scan: warp functions over the tile's N lanes
 *   (width N, tile-relative ballots); a tile of 64-1024 threads (several warps) has CUDA's
 *   sync, shfl, any, all, cg::reduce and the scans only, combined over its warps
 *   (__cu2c_tile_shfl, __cu2c_tile_vote, __cu2c_reduce, __cu2c_scan);
 * - coalesced_threads(): __activemask(); coalesced_group's methods over its lanes;
 * - labeled_partition(g, label), binary_partition(g, pred): __match_any_sync over g's lanes;
 * - thread_group::sync(), cg::sync(thread_group): __syncwarp over the group's lanes (see
 *   thread_group);
 * - grid_group::sync(): a barrier of the whole grid (cudaLaunchCooperativeKernel);
 * - cg::wait(g), cg::wait_prior<N>(g) (cooperative_groups/memcpy_async.h): g's sync.
 * The bodies below are what a call would mean if it were not recognised: never reached in
 * translated code. */
#ifndef CU2C_COOPERATIVE_GROUPS_H
#define CU2C_COOPERATIVE_GROUPS_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#ifndef __cplusplus
#error "cooperative_groups.h is C++: compile this file as C++"
#endif

#include "cuda_runtime.h"
#include <cstdio>
#include <cstring>
#include <type_traits>

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

#include "cu2c/fiber_ops.h"   /* the fiber engine's barrier and warp functions (see __cu2c_fb) */
#ifndef CU2C_PARSING
#include "cu2c/fiber_switch.h"
#endif
/* A group's barrier and warp call where it is written: inlined where cu2c/fiber_switch.h can,
 * each a place of its own by its address in the kernel's code; else the runtime's entries,
 * which take their return address for it. */
#ifdef CU2C_FIBER_INLINE
#define __cu2c_group_sync() cu2c_fiber_barrier_at(CU2C_FIBER_HERE(), 1)
#define __cu2c_group_warp(op, m, v, size, a, w, p) cu2c_fiber_warp_at(op, m, v, size, a, w, p, CU2C_FIBER_HERE(), 1)
#else
#define __cu2c_group_sync() cu2c_fiber_group_sync()
#define __cu2c_group_warp(op, m, v, size, a, w, p) cu2c_fiber_group_warp(op, m, v, size, a, w, p)
#endif
#ifdef CU2C_PARSING
/* what the fiber bodies read of the running thread (cu2c/kernel.h's, which the parse lacks) */
struct __cu2c_parse_tls {
    uint3 threadIdx;
    dim3 blockDim;
};
extern __cu2c_parse_tls cu2c_tls;
#endif

extern "C" int cu2c_grid_is_valid(void);
extern "C" unsigned int cu2c_multi_grid_rank(void);
extern "C" unsigned int cu2c_multi_grid_count(void);
extern "C" void cu2c_device_fault(cudaError_t e);

namespace cooperative_groups {

/* The bodies of the methods the translator replaces: a call left in translated code (one it
 * did not recognise) fails to compile instead of computing something else. */
#if !defined(CU2C_PARSING) && defined(__GNUC__)
void __cu2c_untranslated(void) __attribute__((error("a cooperative groups barrier or warp function that cu2c "
                                                    "did not translate (please report it)")));
#else
void __cu2c_untranslated(void);
#endif

/* The fiber engine's groups (below the classes): a kernel on fibers (passes/fiber_kernel.c)
 * runs its group calls as written, each method being the barrier or warp function it
 * stands for over the group's lanes in the calling thread's warp (cu2c/fiber.h), where the
 * thread waits for the others. The methods are inlined where they are called, so that the
 * runtime tells one call from another by its address (__cu2c_group_warp), as it tells
 * written barriers apart by their lines. A tile of several warps meets through cu2c_fiber_group_tile, which
 * gathers its values; grid_group::sync() is the block's barrier, then the grid's. */
#define CU2C_CG_INLINE __attribute__((always_inline)) inline
namespace __cu2c_fb {
template <class G> CU2C_CG_INLINE void sync(const G &g);
template <class G, class T> CU2C_CG_INLINE T shfl(const G &g, T v, long long arg, int kind);
template <class G> CU2C_CG_INLINE unsigned vote(const G &g, int op, int p);
template <class G, class T> CU2C_CG_INLINE unsigned match(const G &g, int op, T v, int *pred);
}

namespace __cu2c {
static inline unsigned long long lin(uint3 t, dim3 d) {
    return ((unsigned long long)t.z * d.y + t.y) * d.x + t.x;
}
static inline unsigned popc(unsigned m) { return (unsigned)__builtin_popcount(m); }
/* The lanes of the tile of `size` threads holding lane `lane` (or the thread at t), in its
 * warp: all of them for a tile of a warp or more. */
static inline unsigned lane_tile_mask(unsigned size, unsigned lane) {
    return size >= 32 ? 0xffffffffu : ((1u << size) - 1) << (lane & ~(size - 1));
}
static inline unsigned tile_mask(unsigned size, uint3 t, dim3 d) {
    return lane_tile_mask(size, (unsigned)(lin(t, d) & 31));
}
} // namespace __cu2c

/* The thread block: sizes and indices (uniform) held by value. */
class thread_block {
public:
    dim3 __cu2c_dim;
    uint3 __cu2c_idx;
    thread_block(dim3 d, uint3 i) : __cu2c_dim(d), __cu2c_idx(i) {}
    CU2C_CG_INLINE void sync() const { __cu2c_group_sync(); }
    CU2C_CG_INLINE void barrier_wait() const { __cu2c_group_sync(); }
    unsigned int size() const { return __cu2c_dim.x * __cu2c_dim.y * __cu2c_dim.z; }
    unsigned int num_threads() const { return size(); }
    dim3 group_index() const { return dim3(__cu2c_idx.x, __cu2c_idx.y, __cu2c_idx.z); }
    dim3 group_dim() const { return __cu2c_dim; }
    dim3 dim_threads() const { return __cu2c_dim; }
    bool is_valid() const { return true; }
    unsigned int __cu2c_thread_rank(uint3 t, dim3 d) const { return (unsigned)__cu2c::lin(t, d); }
    dim3 __cu2c_thread_index(uint3 t, dim3) const { return dim3(t.x, t.y, t.z); }
    unsigned int __cu2c_meta_group_rank(uint3, dim3) const { return 0; }
    unsigned int meta_group_size() const { return 1; }
};

static inline thread_block __cu2c_this_thread_block(dim3 d, uint3 i) { return thread_block(d, i); }

/* Shared storage CUDA's tiles of more than 32 threads need on GPUs before compute capability
 * 8.0 (`__shared__ block_tile_memory<N> m; this_thread_block(m)`): cu2c's tiles need none
 * (their warp functions gather every thread's operands anyway), so it is a few unused
 * bytes, accepted where programs pass it. */
template <unsigned int MaxBlockSize = 1024>
struct block_tile_memory {
    static_assert(MaxBlockSize >= 1 && MaxBlockSize <= 1024, "cu2c: block_tile_memory's block size is 1..1024");
    alignas(16) unsigned char __cu2c_unused[16];
};

/* The warp functions of tiles and coalesced groups, G (the translator recognises them by
 * name on those groups; the type of the object says which group and so the lanes). */
template <class G>
class __cu2c_warp_group {
    const G &__cu2c_g() const { return static_cast<const G &>(*this); }
public:
    CU2C_CG_INLINE void sync() const { __cu2c_fb::sync(__cu2c_g()); }
    template <class T> CU2C_CG_INLINE T shfl(T v, int src) const { return __cu2c_fb::shfl(__cu2c_g(), v, src, 0); }
    template <class T> CU2C_CG_INLINE T shfl_up(T v, unsigned int d) const { return __cu2c_fb::shfl(__cu2c_g(), v, d, 1); }
    template <class T> CU2C_CG_INLINE T shfl_down(T v, unsigned int d) const { return __cu2c_fb::shfl(__cu2c_g(), v, d, 2); }
    template <class T> CU2C_CG_INLINE T shfl_xor(T v, unsigned int m) const { return __cu2c_fb::shfl(__cu2c_g(), v, m, 3); }
    CU2C_CG_INLINE int any(int p) const { return (int)__cu2c_fb::vote(__cu2c_g(), CU2C_FW_ANY, p); }
    CU2C_CG_INLINE int all(int p) const { return (int)__cu2c_fb::vote(__cu2c_g(), CU2C_FW_ALL, p); }
    CU2C_CG_INLINE unsigned int ballot(int p) const { return __cu2c_fb::vote(__cu2c_g(), CU2C_FW_BALLOT, p); }
    template <class T> CU2C_CG_INLINE unsigned int match_any(T v) const {
        return __cu2c_fb::match(__cu2c_g(), CU2C_FW_MATCH_ANY, v, (int *)0);
    }
    template <class T> CU2C_CG_INLINE unsigned int match_all(T v, int &pred) const {
        return __cu2c_fb::match(__cu2c_g(), CU2C_FW_MATCH_ALL, v, &pred);
    }
};

namespace __cu2c_fb {
template <class T> CU2C_CG_INLINE unsigned tile_gather(unsigned size, T v, T *vals, unsigned char *act);
template <unsigned Size> CU2C_CG_INLINE void tile_sync();
}

/* The methods of a tile of several warps (64-1024 threads), CUDA's: no shfl_up/down/xor,
 * ballot or match (their results would not fit a warp's lanes). On the fiber engine they
 * gather the tile's values (__cu2c_fb::tile_gather) and compute as the thread loops do. */
template <unsigned Size>
class __cu2c_multi_warp_group {
public:
    CU2C_CG_INLINE void sync() const { __cu2c_fb::tile_sync<Size>(); }
    template <class T> CU2C_CG_INLINE T shfl(T v, unsigned int src) const {
        T vals[Size];
        unsigned char act[Size];
        unsigned k = __cu2c_fb::tile_gather(Size, v, vals, act);
        src &= Size - 1;
        return src < k && act[src] ? vals[src] : v;
    }
    CU2C_CG_INLINE int any(int p) const { return __cu2c_vote(0, p); }
    CU2C_CG_INLINE int all(int p) const { return __cu2c_vote(1, p); }
    CU2C_CG_INLINE int __cu2c_vote(int every, int p) const {
        int vals[Size];
        unsigned char act[Size];
        unsigned k = __cu2c_fb::tile_gather(Size, (int)(p != 0), vals, act);
        int res = every;
        for (unsigned j = 0; j < k; j++)
            if (act[j])
                res = every ? res && vals[j] : res || vals[j];
        return res;
    }
};

template <bool MultiWarp, unsigned Size, class G> struct __cu2c_tile_methods { typedef __cu2c_warp_group<G> type; };
template <unsigned Size, class G> struct __cu2c_tile_methods<true, Size, G> {
    typedef __cu2c_multi_warp_group<Size> type;
};

/* A tile of Size (1, 2, 4, ..., 1024) consecutive threads of the block, by linear index,
 * Size-aligned: up to 32, lanes of one warp; above, whole warps. ParentT says what it was
 * partitioned from. */
template <unsigned int Size, typename ParentT = void>
class thread_block_tile : public __cu2c_tile_methods<(Size > 32), Size, thread_block_tile<Size, ParentT> >::type {
    static_assert(Size >= 1 && Size <= 1024 && (Size & (Size - 1)) == 0,
                  "cu2c: thread_block_tile sizes are powers of two up to 1024");
public:
    unsigned int __cu2c_parent;     /* the parent's size when a tile, 0 when the block */
    unsigned int __cu2c_meta_size;  /* meta_group_size() */
    thread_block_tile(unsigned parent, unsigned meta) : __cu2c_parent(parent), __cu2c_meta_size(meta) {}
    template <typename P>
    thread_block_tile(const thread_block_tile<Size, P> &g)
        : __cu2c_parent(g.__cu2c_parent), __cu2c_meta_size(g.__cu2c_meta_size) {}
    static constexpr unsigned int num_threads() { return Size; }
    static constexpr unsigned int size() { return Size; }
    bool is_valid() const { return true; }
    unsigned int meta_group_size() const { return __cu2c_meta_size; }
    unsigned int __cu2c_thread_rank(uint3 t, dim3 d) const { return (unsigned)(__cu2c::lin(t, d) & (Size - 1)); }
    unsigned int __cu2c_meta_group_rank(uint3 t, dim3 d) const {
        unsigned long long r = __cu2c::lin(t, d);
        return (unsigned)((__cu2c_parent ? r % __cu2c_parent : r) / Size);
    }
    /* the fiber engine's: its lanes in the calling thread's warp, its width */
    unsigned int __cu2c_fb_mask() const { return __cu2c::tile_mask(Size, cu2c_tls.threadIdx, cu2c_tls.blockDim); }
    static constexpr int __cu2c_fb_width() { return (int)Size; }
};

/* The running threads of a warp where it is called, as a bit mask over the warp's lanes. */
class coalesced_group : public __cu2c_warp_group<coalesced_group> {
public:
    unsigned int __cu2c_mask;
    explicit coalesced_group(unsigned m) : __cu2c_mask(m) {}
    unsigned int size() const { return __cu2c::popc(__cu2c_mask); }
    unsigned int num_threads() const { return size(); }
    bool is_valid() const { return true; }
    unsigned int get_mask() const { return __cu2c_mask; }
    unsigned int meta_group_size() const { return 1; }
    unsigned int __cu2c_thread_rank(uint3 t, dim3 d) const {
        return __cu2c::popc(__cu2c_mask & ((1u << (__cu2c::lin(t, d) & 31)) - 1));
    }
    unsigned int __cu2c_meta_group_rank(uint3, dim3) const { return 0; }
    unsigned int __cu2c_fb_mask() const { return __cu2c_mask; }
    static constexpr int __cu2c_fb_width() { return 0; }
};

CU2C_CG_INLINE coalesced_group coalesced_threads() {
    return coalesced_group((unsigned)__cu2c_group_warp(CU2C_FW_ACTIVEMASK, 0, 0, 0, 0, 32, 0));
}

/* The lane of the src-th (mod size) thread of a coalesced group, 32 for an empty group. */
static inline int __cu2c_rank_lane(unsigned mask, unsigned src) {
    unsigned n = __cu2c::popc(mask);
    if (n == 0)
        return 32;
    src %= n;
    for (int l = 0; l < 32; l++)
        if (mask >> l & 1u) {
            if (src == 0)
                return l;
            src--;
        }
    return 32;
}

/* The bits of a warp-wide mask of the group's lanes, packed into the group's ranks. */
static inline unsigned __cu2c_pack_lanes(unsigned mask, unsigned bits) {
    unsigned r = 0, k = 0;
    for (int l = 0; l < 32; l++)
        if (mask >> l & 1u)
            r |= (bits >> l & 1u) << k++;
    return r;
}

/* Any of the groups above, by value (what it is known at run time). Its sync() is a warp
 * function over the group's lanes in the thread's warp (translator: __syncwarp with
 * __cu2c_sync_mask): a tile of tiled_partition(block, 16) may sync under `if (idx < 16)`. Like
 * every warp function it splits the block's thread loops, so it orders the whole block as a
 * block group's barrier does. */
class thread_group {
public:
    unsigned int __cu2c_kind;       /* 0 block, 1 tile, 2 coalesced */
    unsigned int __cu2c_size;       /* threads in the group (block, tile) */
    unsigned int __cu2c_mask;       /* a coalesced group's lanes */
    thread_group(const thread_block &b) : __cu2c_kind(0), __cu2c_size(b.size()), __cu2c_mask(0) {}
    template <unsigned int Size, typename P>
    thread_group(const thread_block_tile<Size, P> &) : __cu2c_kind(1), __cu2c_size(Size), __cu2c_mask(0) {}
    thread_group(const coalesced_group &g) : __cu2c_kind(2), __cu2c_size(g.size()), __cu2c_mask(g.__cu2c_mask) {}
    thread_group(unsigned kind, unsigned size, unsigned mask) : __cu2c_kind(kind), __cu2c_size(size), __cu2c_mask(mask) {}
    unsigned long long size() const { return __cu2c_size; }
    unsigned long long num_threads() const { return __cu2c_size; }
    unsigned int get_type() const { return __cu2c_kind == 0 ? 4 : __cu2c_kind == 1 ? 2 : 1; }
    bool is_valid() const { return __cu2c_size != 0; }
    /* on fibers: the block's barrier for the block, a tile of several warps' meeting, else
     * the group's lanes' __syncwarp */
    CU2C_CG_INLINE void sync() const {
        const unsigned char *here;
        if (__cu2c_kind == 0)
            __cu2c_group_sync();
        else if (__cu2c_kind == 1 && __cu2c_size > 32)
            cu2c_fiber_group_tile(__cu2c_size, 0, 0, &here);
        else
            __cu2c_group_warp(CU2C_FW_SYNCWARP, __cu2c_sync_mask(cu2c_tls.threadIdx, cu2c_tls.blockDim), 0, 0, 0,
                                  32, 0);
    }
    unsigned long long __cu2c_thread_rank(uint3 t, dim3 d) const {
        unsigned long long r = __cu2c::lin(t, d);
        return __cu2c_kind == 0 ? r : __cu2c_kind == 1 ? r & (__cu2c_size - 1)
                                                       : __cu2c::popc(__cu2c_mask & ((1u << (r & 31)) - 1));
    }
    /* The group's lanes in the warp of the thread at t: its sync's mask. */
    unsigned int __cu2c_sync_mask(uint3 t, dim3 d) const {
        return __cu2c_kind == 2 ? __cu2c_mask : __cu2c_kind == 0 ? 0xffffffffu : __cu2c::tile_mask(__cu2c_size, t, d);
    }
};

/* tiled_partition(block, n): tiles of n (a power of two up to 1024) as a thread_group. */
static inline thread_group tiled_partition(const thread_block &, unsigned int tilesz) {
    return thread_group(1, tilesz, 0);
}

/* tiled_partition(group, n) of a thread_group holding the block or a tile: tiles are aligned
 * to the block's first thread, so a tile's tiles of n are the block's. One holding a
 * coalesced group (tiles by rank among its lanes) is not provided: the kernel ends with
 * cudaErrorLaunchFailure, saying so. */
static inline thread_group tiled_partition(const thread_group &parent, unsigned int tilesz) {
    if (parent.__cu2c_kind == 2) {
        fprintf(stderr, "cu2c: tiled_partition of a thread_group holding a coalesced group is not supported\n");
        ::cu2c_device_fault(cudaErrorLaunchFailure);
    }
    return thread_group(1, tilesz < parent.__cu2c_size ? tilesz : parent.__cu2c_size, 0);
}

/* The whole grid, under cudaLaunchCooperativeKernel. */
class grid_group {
public:
    dim3 __cu2c_bdim, __cu2c_gdim;
    uint3 __cu2c_bidx;
    grid_group(dim3 bd, uint3 bi, dim3 gd) : __cu2c_bdim(bd), __cu2c_gdim(gd), __cu2c_bidx(bi) {}
    bool is_valid() const { return cu2c_grid_is_valid() != 0; }
    CU2C_CG_INLINE void sync() const { cu2c_fiber_group_grid_sync(); }
    unsigned long long num_blocks() const {
        return (unsigned long long)__cu2c_gdim.x * __cu2c_gdim.y * __cu2c_gdim.z;
    }
    unsigned long long block_rank() const {
        return ((unsigned long long)__cu2c_bidx.z * __cu2c_gdim.y + __cu2c_bidx.y) * __cu2c_gdim.x + __cu2c_bidx.x;
    }
    dim3 block_index() const { return dim3(__cu2c_bidx.x, __cu2c_bidx.y, __cu2c_bidx.z); }
    dim3 dim_blocks() const { return __cu2c_gdim; }
    dim3 group_dim() const { return __cu2c_gdim; }
    unsigned long long num_threads() const {
        return num_blocks() * ((unsigned long long)__cu2c_bdim.x * __cu2c_bdim.y * __cu2c_bdim.z);
    }
    unsigned long long size() const { return num_threads(); }
    unsigned long long __cu2c_thread_rank(uint3 t, dim3 d) const {
        return block_rank() * ((unsigned long long)d.x * d.y * d.z) + __cu2c::lin(t, d);
    }
    dim3 __cu2c_thread_index(uint3 t, dim3) const { return dim3(t.x, t.y, t.z); }
};

static inline grid_group __cu2c_this_grid(dim3 bd, uint3 bi, dim3 gd) { return grid_group(bd, bi, gd); }

/* Every grid of a cudaLaunchCooperativeKernelMultiDevice (CUDA 12, deprecated; gone from
 * CUDA 13): each device's grid is alike, so a thread's rank is its grid's times a grid's
 * threads plus its rank in the grid. */
class multi_grid_group {
public:
    grid_group __cu2c_grid;
    multi_grid_group(dim3 bd, uint3 bi, dim3 gd) : __cu2c_grid(bd, bi, gd) {}
    bool is_valid() const { return cu2c_multi_grid_count() > 1 || cu2c_grid_is_valid() != 0; }
    CU2C_CG_INLINE void sync() const { cu2c_fiber_group_multi_grid_sync(); }
    unsigned int num_grids() const { return cu2c_multi_grid_count(); }
    unsigned int grid_rank() const { return cu2c_multi_grid_rank(); }
    unsigned long long num_threads() const { return __cu2c_grid.num_threads() * num_grids(); }
    unsigned long long size() const { return num_threads(); }
    unsigned long long __cu2c_thread_rank(uint3 t, dim3 d) const {
        return (unsigned long long)grid_rank() * __cu2c_grid.num_threads() + __cu2c_grid.__cu2c_thread_rank(t, d);
    }
};

static inline multi_grid_group __cu2c_this_multi_grid(dim3 bd, uint3 bi, dim3 gd) { return multi_grid_group(bd, bi, gd); }

template <unsigned int Size, typename ParentT>
thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);

template <unsigned int Size>
thread_block_tile<Size, thread_block> tiled_partition(const thread_block &g) {
    return thread_block_tile<Size, thread_block>(0, (g.size() + Size - 1) / Size);
}

template <unsigned int Size, unsigned int P, typename PP>
thread_block_tile<Size, thread_block_tile<P, PP>> tiled_partition(const thread_block_tile<P, PP> &g) {
    static_assert(Size <= P, "cu2c: a tile is partitioned into smaller tiles");
    return thread_block_tile<Size, thread_block_tile<P, PP>>(P, P / Size);
}

template <class GroupT> CU2C_CG_INLINE void sync(const GroupT &g) { g.sync(); }

/* labeled_partition(g, label), binary_partition(g, pred): the lanes of g with the same
 * label (predicate) as a coalesced group, __match_any_sync over g's lanes (the translator
 * makes them that warp function). */
template <class Label>
CU2C_CG_INLINE coalesced_group labeled_partition(const coalesced_group &g, Label label) {
    return coalesced_group((unsigned)__cu2c_group_warp(CU2C_FW_MATCH_ANY, g.__cu2c_fb_mask(), &label, sizeof label, 0,
                                                           32, 0));
}
template <unsigned int Size, typename P, class Label>
CU2C_CG_INLINE coalesced_group labeled_partition(const thread_block_tile<Size, P> &g, Label label) {
    return coalesced_group((unsigned)__cu2c_group_warp(CU2C_FW_MATCH_ANY, g.__cu2c_fb_mask(), &label, sizeof label, 0,
                                                           32, 0));
}
CU2C_CG_INLINE coalesced_group binary_partition(const coalesced_group &g, bool pred) {
    return labeled_partition(g, (int)pred);
}
template <unsigned int Size, typename P>
CU2C_CG_INLINE coalesced_group binary_partition(const thread_block_tile<Size, P> &g, bool pred) {
    return labeled_partition(g, (int)pred);
}

/* cg::reduce's operations. */
template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

namespace __cu2c_fb {
template <class G, class T, class Op>
CU2C_CG_INLINE auto combine(const G &g, T v, Op op, int what) -> decltype(op(v, v));
}

template <class GroupT, class T, class Op>
CU2C_CG_INLINE auto reduce(const GroupT &g, T v, Op op) -> decltype(op(v, v)) { return __cu2c_fb::combine(g, v, op, 0); }

/* cg::inclusive_scan and cg::exclusive_scan (cooperative_groups/scan.h), op defaulting to
 * plus: over a tile or a coalesced group, by the translator (__cu2c_scan) */
template <class GroupT, class T, class Op>
CU2C_CG_INLINE auto inclusive_scan(const GroupT &g, T v, Op op) -> decltype(op(v, v)) {
    return __cu2c_fb::combine(g, v, op, 1);
}
template <class GroupT, class T>
CU2C_CG_INLINE T inclusive_scan(const GroupT &g, T v) { return __cu2c_fb::combine(g, v, plus<T>(), 1); }
template <class GroupT, class T, class Op>
CU2C_CG_INLINE auto exclusive_scan(const GroupT &g, T v, Op op) -> decltype(op(v, v)) {
    return __cu2c_fb::combine(g, v, op, 2);
}
template <class GroupT, class T>
CU2C_CG_INLINE T exclusive_scan(const GroupT &g, T v) { return __cu2c_fb::combine(g, v, plus<T>(), 2); }

/* ---- what the translator's code calls (see translator/passes/lower_kernel.c) ---------- */

/* The source lane of a coalesced group's shfl (kind 0), shfl_up (1) or shfl_down (2) by
 * rank; out of the group: the thread's own lane (it reads its own value). */
static inline int __cu2c_coalesced_src(unsigned mask, uint3 t, dim3 d, long long b, int kind) {
    int lane = (int)(__cu2c::lin(t, d) & 31);
    long long n = __cu2c::popc(mask), me = __cu2c::popc(mask & ((1u << lane) - 1));
    long long r = kind == 0 ? (n ? (long long)((unsigned long long)b % (unsigned long long)n) : 0)
                : kind == 1 ? me - b : me + b;
    if (r < 0 || r >= n)
        return lane;
    return __cu2c_rank_lane(mask, (unsigned)r);
}

/* CUDA's scan of the values c[rank] (k of them) in place, by rank (cooperative_groups/details/
 * coalesced_scan.h): each step i = 1, 2, 4, ... combines op(own, the value i ranks below). */
template <class R, class Op>
static void __cu2c_scan_ranks(R *c, int k, Op op) {
    R nb[32];
    for (int i = 1; i < k; i <<= 1) {
        for (int j = i; j < k; j++)
            nb[j] = op(c[j], c[j - i]);
        for (int j = i; j < k; j++)
            c[j] = nb[j];
    }
}

template <class V, class R, class Op>
static void __cu2c_reduce_warps(int width, size_t n, const unsigned char *act, const unsigned *mk, const V *v,
                                R *r, Op op);

/* cooperative_groups::reduce over the threads gathered for it (act: running, mk: the
 * group's lanes, v: values), as CUDA computes it (cooperative_groups/details): a tile of
 * `width` threads (or a whole warp) by the butterfly op(own, shfl_xor(own, s)) for s =
 * width/2 .. 1; a coalesced group (width 0) of fewer than 32 threads by an inclusive scan
 * over its ranks (op(own, value i ranks below) for i = 1, 2, 4, ...), the last rank's
 * result. A lane missing from a tile (returned, or past the block's end) reads its own
 * value, as a shuffle from it does. */
template <class V, class R, class Op>
static void __cu2c_reduce(int width, size_t n, const unsigned char *act, const unsigned *mk, const V *v,
                          R *r, Op op) {
    if (width > 32) {
        __cu2c_reduce_warps(width, n, act, mk, v, r, op);
        return;
    }
    for (size_t w = 0; w < n; w += 32) {
        R b[32], c[32], nb[32];
        bool in[32], done[32], any = false, all = true;
        for (int l = 0; l < 32; l++) {
            bool running = w + l < n && act[w + l];
            any |= running;
            all &= running;
        }
        if (!any)
            continue;
        if (all && width) {
            /* every lane runs: the same butterflies, tile by tile, without checks */
            for (int base = 0; base < 32; base += width) {
                for (int j = 0; j < width; j++)
                    c[j] = (R)v[w + base + j];
                for (int s = width >> 1; s > 0; s >>= 1) {
                    for (int j = 0; j < width; j++)
                        nb[j] = op(c[j], c[j ^ s]);
                    for (int j = 0; j < width; j++)
                        c[j] = nb[j];
                }
                for (int j = 0; j < width; j++)
                    r[w + base + j] = c[j];
            }
            continue;
        }
        for (int l = 0; l < 32; l++) {
            in[l] = w + l < n && act[w + l];
            done[l] = !in[l];
            if (in[l])
                b[l] = (R)v[w + l];
        }
        for (int l = 0; l < 32; l++) {
            if (done[l])
                continue;
            /* the group of lane l, computed once for all its lanes */
            unsigned m = width ? 0 : mk[w + l];
            int tile = width ? width : __cu2c::popc(m) == 32 ? 32 : 0;
            if (tile) {
                int base = l & ~(tile - 1);
                for (int j = 0; j < tile; j++)
                    if (in[base + j])
                        c[j] = b[base + j];
                for (int s = tile >> 1; s > 0; s >>= 1) {
                    for (int j = 0; j < tile; j++)
                        if (in[base + j])
                            nb[j] = op(c[j], in[base + (j ^ s)] ? c[j ^ s] : c[j]);
                    for (int j = 0; j < tile; j++)
                        if (in[base + j])
                            c[j] = nb[j];
                }
                for (int j = 0; j < tile; j++)
                    if (in[base + j]) {
                        r[w + base + j] = c[j];
                        done[base + j] = true;
                    }
            } else {
                int ln[32], k = 0;
                for (int j = 0; j < 32; j++)
                    if (m >> j & 1u && in[j])
                        ln[k++] = j;
                for (int j = 0; j < k; j++)
                    c[j] = b[ln[j]];
                __cu2c_scan_ranks(c, k, op);
                for (int j = 0; j < 32; j++)
                    if (!done[j] && mk[w + j] == m) {
                        r[w + j] = k ? c[k - 1] : b[j];
                        done[j] = true;
                    }
            }
        }
    }
}

/* An inclusive scan's results made exclusive as CUDA does: subtracting each value for an
 * integral type under cg::plus, else the result one rank below (rank 0: a value-initialised
 * one). */
template <class V, class R>
static void __cu2c_exclusive_by(std::true_type, R *c, const V *v, int k) {
    for (int j = 0; j < k; j++)
        c[j] = (R)(c[j] - v[j]);
}
template <class V, class R>
static void __cu2c_exclusive_by(std::false_type, R *c, const V *, int k) {
    for (int j = k - 1; j > 0; j--)
        c[j] = c[j - 1];
    if (k > 0)
        c[0] = R{};
}
template <class V, class R, class Op>
static void __cu2c_exclusive(R *c, const V *v, int k) {
    __cu2c_exclusive_by(std::integral_constant<bool, std::is_same<Op, plus<V>>::value && std::is_integral<V>::value>(),
                        c, v, k);
}

template <class V, class R, class Op>
static void __cu2c_scan_warps(int exclusive, int width, size_t n, const unsigned char *act, const unsigned *mk,
                              const V *v, R *r, Op op);

/* cg::inclusive_scan (exclusive 0) and cg::exclusive_scan (1) over the threads gathered
 * for them (as __cu2c_reduce's): a tile of `width` threads by its ranks (a lane missing from
 * it, returned or past the block's end, stands aside: it has no result and the others scan
 * without it), a coalesced group (width 0) by its lanes' ranks. */
template <class V, class R, class Op>
static void __cu2c_scan(int exclusive, int width, size_t n, const unsigned char *act, const unsigned *mk,
                        const V *v, R *r, Op op) {
    if (width > 32) {
        __cu2c_scan_warps(exclusive, width, n, act, mk, v, r, op);
        return;
    }
    for (size_t w = 0; w < n; w += 32) {
        bool done[32];
        for (int l = 0; l < 32; l++)
            done[l] = !(w + l < n && act[w + l]);
        for (int l = 0; l < 32; l++) {
            if (done[l])
                continue;
            /* the running lanes of lane l's group, by rank */
            unsigned m = width ? __cu2c::lane_tile_mask((unsigned)width, (unsigned)l) : mk[w + l];
            int ln[32], k = 0;
            R c[32];
            V x[32];
            for (int j = 0; j < 32; j++)
                if (m >> j & 1u && !done[j]) {
                    ln[k] = j;
                    x[k] = v[w + j];
                    c[k++] = (R)v[w + j];
                }
            __cu2c_scan_ranks(c, k, op);
            if (exclusive)
                __cu2c_exclusive<V, R, Op>(c, x, k);
            for (int j = 0; j < k; j++) {
                r[w + ln[j]] = c[j];
                done[ln[j]] = true;
            }
        }
    }
}

/* A group's width as cg::reduce takes it (0: a coalesced group) and its lanes in the warp
 * of the thread at t: for cg::reduce over a group whose type is a template's parameter. */
template <unsigned int Size, typename P>
static inline int __cu2c_group_width(const thread_block_tile<Size, P> &) { return (int)Size; }
static inline int __cu2c_group_width(const coalesced_group &) { return 0; }
template <unsigned int Size, typename P>
static inline unsigned __cu2c_group_mask(const thread_block_tile<Size, P> &, uint3 t, dim3 d) {
    return __cu2c::tile_mask(Size, t, d);
}
static inline unsigned __cu2c_group_mask(const coalesced_group &g, uint3, dim3) { return g.__cu2c_mask; }

/* ---- tiles of several warps (64-1024 threads): their warp functions, over each tile's
 * threads [t0, t0 + width) of the n gathered (act: running) ---- */

/* cg::reduce as CUDA computes it over such a tile (cooperative_groups/details/reduce.h):
 * each warp's value by the 32-lane butterfly (a warp's lanes missing read their own value,
 * as above), then the butterfly over the tile's warps' values (a warp with no running lane
 * reads its own), warp w of the tile taking the value of rank w of that last step. */
template <class V, class R, class Op>
static void __cu2c_reduce_warps(int width, size_t n, const unsigned char *act, const unsigned *mk, const V *v,
                                R *r, Op op) {
    int nw = width / 32;
    for (size_t t0 = 0; t0 < n; t0 += (size_t)width) {
        R c[32], nb[32];
        bool in[32];
        for (int w = 0; w < nw; w++) {
            size_t b = t0 + 32 * (size_t)w;
            size_t m = b < n ? (n - b < 32 ? n - b : 32) : 0;
            in[w] = false;
            if (m)
                __cu2c_reduce(32, m, act + b, mk + b, v + b, r + b, op);
            for (size_t l = 0; l < m && !in[w]; l++)
                if (act[b + l]) {
                    c[w] = r[b + l];
                    in[w] = true;
                }
        }
        for (int s = nw >> 1; s > 0; s >>= 1) {
            for (int w = 0; w < nw; w++)
                if (in[w])
                    nb[w] = op(c[w], in[w ^ s] ? c[w ^ s] : c[w]);
            for (int w = 0; w < nw; w++)
                if (in[w])
                    c[w] = nb[w];
        }
        for (size_t i = t0; i < t0 + (size_t)width && i < n; i++)
            if (act[i])
                r[i] = c[(i - t0) / 32];
    }
}

/* cg::inclusive_scan and exclusive_scan as CUDA computes them over such a tile
 * (cooperative_groups/details/scan.h): each warp's inclusive scan (made exclusive by taking
 * the lane below's, lane 0 keeping its own), the warps' totals (their last lanes') scanned
 * over the tile and made exclusive (above), then each thread's warp result combined with its
 * warp's exclusive total: op(warp's, total's) past the first warp; lane 0 of each warp
 * takes the total alone in an exclusive scan. The tile's threads all run (CUDA's rule). */
template <class V, class R, class Op>
static void __cu2c_scan_warps(int exclusive, int width, size_t n, const unsigned char *act, const unsigned *mk,
                              const V *v, R *r, Op op) {
    int nw = width / 32;
    for (size_t t0 = 0; t0 < n; t0 += (size_t)width) {
        R tot[32];
        V totv[32];
        for (int w = 0; w < nw; w++) {
            size_t b = t0 + 32 * (size_t)w;
            size_t m = b < n ? (n - b < 32 ? n - b : 32) : 0;
            if (m)
                __cu2c_scan(0, 32, m, act + b, mk + b, v + b, r + b, op);
            tot[w] = m ? r[b + m - 1] : R{};
            totv[w] = (V)tot[w];
            if (exclusive)
                for (size_t l = m; l-- > 1;)
                    r[b + l] = r[b + l - 1];
        }
        __cu2c_scan_ranks(tot, nw, op);
        __cu2c_exclusive<V, R, Op>(tot, totv, nw);
        for (size_t i = t0; i < t0 + (size_t)width && i < n; i++) {
            int w = (int)((i - t0) / 32);
            if (exclusive && (i - t0) % 32 == 0)
                r[i] = tot[w];
            else if (w > 0)
                r[i] = op(r[i], tot[w]);
        }
    }
}

/* shfl(v, src) over such a tile: the value of the tile's thread of rank src % width (a
 * thread not running there: the caller's own value, as a warp's shuffle reads it). */
template <class V, class R>
static void __cu2c_tile_shfl(int width, size_t n, const unsigned char *act, const int *src, const V *v, R *r) {
    for (size_t i = 0; i < n; i++) {
        if (!act[i])
            continue;
        size_t s = (i & ~(size_t)(width - 1)) + ((unsigned)src[i] & (unsigned)(width - 1));
        r[i] = s < n && act[s] ? v[s] : v[i];
    }
}

/* any(p) (all == 0) or all(p) (all == 1) over such a tile's running threads. */
template <class V>
static void __cu2c_tile_vote(int all, int width, size_t n, const unsigned char *act, const V *v, int *r) {
    for (size_t t0 = 0; t0 < n; t0 += (size_t)width) {
        size_t end = t0 + (size_t)width < n ? t0 + (size_t)width : n;
        int res = all;
        for (size_t i = t0; i < end; i++)
            if (act[i])
                res = all ? res && v[i] != 0 : res || v[i] != 0;
        for (size_t i = t0; i < end; i++)
            if (act[i])
                r[i] = res;
    }
}

/* ---- the fiber engine's groups (see __cu2c_fb at the top) ---- */
namespace __cu2c_fb {
static inline unsigned lane() { return (unsigned)(__cu2c::lin(cu2c_tls.threadIdx, cu2c_tls.blockDim) & 31); }

/* The group masks a tile of several warps' reduce and scans take: never read for a tile */
static const unsigned no_masks[1] = {0};

/* The values v of the threads of the calling thread's tile of `size` threads (a warp or
 * more), by rank in vals[0, k), act[r] whether rank r came (exited threads did not), where k
 * counts the tile's ranks inside the block; returns k. Any trivially copyable type, 16
 * bytes a meeting. */
template <class T> CU2C_CG_INLINE unsigned tile_gather(unsigned size, T v, T *vals, unsigned char *act) {
    unsigned long long r = __cu2c::lin(cu2c_tls.threadIdx, cu2c_tls.blockDim);
    unsigned long long t0 = r & ~(unsigned long long)(size - 1);
    unsigned long long nt = (unsigned long long)cu2c_tls.blockDim.x * cu2c_tls.blockDim.y * cu2c_tls.blockDim.z;
    unsigned k = (unsigned)(nt - t0 < size ? nt - t0 : size);
    unsigned char b[sizeof(T)];
    memcpy(b, &v, sizeof(T));
    const unsigned char *here = 0;
    for (size_t o = 0; o < sizeof(T); o += 16) {
        unsigned c = (unsigned)(sizeof(T) - o < 16 ? sizeof(T) - o : 16);
        const unsigned char *all = cu2c_fiber_group_tile(size, b + o, c, &here);
        for (unsigned j = 0; j < k; j++)
            if (here[j])
                memcpy((unsigned char *)&vals[j] + o, all + 16 * j, c);
    }
    for (unsigned j = 0; j < k; j++)
        act[j] = here[j];
    return k;
}

template <unsigned Size> CU2C_CG_INLINE void tile_sync() {
    const unsigned char *here;
    cu2c_fiber_group_tile(Size, 0, 0, &here);
}

/* A warp-wide lane mask as the group's ranks: its ballots and matches. */
template <unsigned int Size, class P>
CU2C_CG_INLINE unsigned ranks(const thread_block_tile<Size, P> &, unsigned bits) {
    return bits >> (lane() & ~(Size - 1));
}
CU2C_CG_INLINE unsigned ranks(const coalesced_group &g, unsigned bits) { return __cu2c_pack_lanes(g.__cu2c_mask, bits); }

/* The value v of lane src (a shuffle over the lanes m, of any trivially copyable type, 16
 * bytes at a time). */
template <class T> CU2C_CG_INLINE T lane_value(int op, unsigned m, T v, int src, int width) {
    unsigned char b[sizeof(T)];
    memcpy(b, &v, sizeof(T));
    for (size_t o = 0; o < sizeof(T); o += 16)
        __cu2c_group_warp(op, m, b + o, (unsigned)(sizeof(T) - o < 16 ? sizeof(T) - o : 16), src, width, 0);
    memcpy(&v, b, sizeof(T));
    return v;
}

template <class G> CU2C_CG_INLINE void sync(const G &g) {
    __cu2c_group_warp(CU2C_FW_SYNCWARP, g.__cu2c_fb_mask(), 0, 0, 0, 32, 0);
}

/* kind 0 shfl, 1 shfl_up, 2 shfl_down, 3 shfl_xor; a coalesced group's by rank */
template <class G, class T> CU2C_CG_INLINE T shfl(const G &g, T v, long long arg, int kind) {
    unsigned m = g.__cu2c_fb_mask();
    if (G::__cu2c_fb_width() == 0)
        return lane_value(CU2C_FW_SHFL, m, v, __cu2c_coalesced_src(m, cu2c_tls.threadIdx, cu2c_tls.blockDim, arg, kind), 32);
    return lane_value(CU2C_FW_SHFL + kind, m, v, (int)arg, G::__cu2c_fb_width());
}

template <class G> CU2C_CG_INLINE unsigned vote(const G &g, int op, int p) {
    unsigned r = (unsigned)__cu2c_group_warp(op, g.__cu2c_fb_mask(), 0, 0, p != 0, 32, 0);
    return op == CU2C_FW_BALLOT ? ranks(g, r) : r;
}

template <class G, class T> CU2C_CG_INLINE unsigned match(const G &g, int op, T v, int *pred) {
    return ranks(g, (unsigned)__cu2c_group_warp(op, g.__cu2c_fb_mask(), &v, sizeof v, 0, 32, pred));
}

/* cg::reduce (what 0), inclusive_scan (1), exclusive_scan (2): the values of the group's
 * lanes that are here (a ballot), gathered by shuffles, combined by the thread loops' own
 * __cu2c_reduce or __cu2c_scan, so that both engines give the same bits. */
template <class G, class T, class Op>
CU2C_CG_INLINE auto combine(const G &g, T v, Op op, int what) -> decltype(op(v, v)) {
    typedef decltype(op(v, v)) R;
    enum { W = G::__cu2c_fb_width() > 32 ? G::__cu2c_fb_width() : 1 };
    if (W > 1) {   /* a tile of several warps: its values by rank, combined as a block's are */
        T tv[W];
        R tr[W];
        unsigned char tact[W];
        unsigned k = tile_gather(W, v, tv, tact);
        if (what == 0)
            __cu2c_reduce((int)W, k, tact, no_masks, tv, tr, op);
        else
            __cu2c_scan(what == 2, (int)W, k, tact, no_masks, tv, tr, op);
        return tr[__cu2c::lin(cu2c_tls.threadIdx, cu2c_tls.blockDim) & (W - 1)];
    }
    unsigned m = g.__cu2c_fb_mask();
    unsigned here = (unsigned)__cu2c_group_warp(CU2C_FW_BALLOT, m, 0, 0, 1, 32, 0);
    T vals[32];
    R res[32];
    unsigned char act[32];
    unsigned mk[32];
    for (int j = 0; j < 32; j++) {
        act[j] = here >> j & 1u;
        mk[j] = m;
        if (act[j])
            vals[j] = lane_value(CU2C_FW_SHFL, m, v, j, 32);
    }
    if (what == 0)
        __cu2c_reduce(G::__cu2c_fb_width(), 32, act, mk, vals, res, op);
    else
        __cu2c_scan(what == 2, G::__cu2c_fb_width(), 32, act, mk, vals, res, op);
    return res[lane()];
}
} // namespace __cu2c_fb

} // namespace cooperative_groups

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

/* A tile's lanes in its warp, for the thread at (t) in a block of (d): the warp functions'
 * mask; and a warp-wide bit mask of them shifted to the tile's own ranks (its ballots). */
#define CU2C_CG_TILE_MASK(size, t, d) cooperative_groups::__cu2c::tile_mask(size, t, d)
#define CU2C_CG_TILE_BITS(size, t, d, bits)                                                 \
    ((unsigned)(bits) >> (cooperative_groups::__cu2c::lin(t, d) & 31 & ~((size) - 1)))

/* Where each is called, the thread's own indices go in (see the top of this file). */
#define thread_rank() __cu2c_thread_rank(threadIdx, blockDim)
#define thread_index() __cu2c_thread_index(threadIdx, blockDim)
#define meta_group_rank() __cu2c_meta_group_rank(threadIdx, blockDim)
/* this_thread_block(block_tile_memory) too: its storage is not needed */
#define this_thread_block(...) __cu2c_this_thread_block(blockDim, blockIdx)
#define this_grid() __cu2c_this_grid(blockDim, blockIdx, gridDim)
#define this_multi_grid() __cu2c_this_multi_grid(blockDim, blockIdx, gridDim)

#endif
