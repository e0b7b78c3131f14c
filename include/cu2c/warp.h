/* cu2c/warp.h - how translated kernels combine the arguments of a warp function.
 *
 * A warp function is a warp-scoped barrier: the translator gathers the arguments of every
 * running thread of the block into per-thread arrays (indexed by the linear thread index,
 * so lanes are numbered as on the GPU: lane = index % 32, also in 2-D and 3-D blocks), then
 * one of the loops below computes each thread's result from its warp's lanes, and the
 * statement holding the call reads that result. `act[i]` says whether thread i is running
 * (has not returned, and takes the branches of the ifs around the call that run per thread);
 * `mk[i]` is its mask argument. Lanes not running, or beyond a partial last warp, never
 * contribute; a shuffle reading from one gets the reader's own value (the GPU leaves that
 * value undefined). */
#ifndef CU2C_WARP_H
#define CU2C_WARP_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#include <stddef.h>
#include <stdio.h>
#include <string.h>

enum { CU2C_SHFL_IDX, CU2C_SHFL_UP, CU2C_SHFL_DOWN, CU2C_SHFL_XOR };
enum { CU2C_VOTE_BALLOT, CU2C_VOTE_ANY, CU2C_VOTE_ALL, CU2C_VOTE_ACTIVE };

/* The lane a shuffle reads, as PTX's shfl.sync defines it for CUDA's
 * c = ((32 - width) << 8) | (up ? 0 : 31): lanes are split into segments of `width`;
 * out-of-range sources read the lane's own value. */
static inline int cu2c_shfl_src(int kind, int lane, int b, int width)
{
    int segmask = (32 - width) & 31;
    long long min_lane = lane & segmask;
    long long max_lane = kind == CU2C_SHFL_UP ? min_lane : min_lane | (31 & ~segmask);
    long long j;
    int ok;
    switch (kind) {
    case CU2C_SHFL_IDX: j = min_lane | (b & 31 & ~segmask); ok = j <= max_lane; break;
    case CU2C_SHFL_UP: j = (long long)lane - (unsigned)b; ok = j >= max_lane; break;
    case CU2C_SHFL_DOWN: j = (long long)lane + (unsigned)b; ok = j <= max_lane; break;
    default: j = (long long)(unsigned)(lane ^ b); ok = j <= max_lane; break;
    }
    return ok ? (int)j : lane;
}

static inline unsigned cu2c_vote(int kind, unsigned active, unsigned set)
{
    switch (kind) {
    case CU2C_VOTE_BALLOT: return set;
    case CU2C_VOTE_ANY: return set != 0;
    case CU2C_VOTE_ALL: return set == active;
    default: return active;
    }
}

/* __shfl*_sync: r[i] = v[source lane of i]. A source lane of the block that is inactive (it
 * did not take the if around the call, or left its loop, or returned) gives zero: CUDA leaves
 * the value undefined, GPUs are observed to read zero, and programs (NVIDIA's reduction sample, whose
 * reduce7 shuffles down from lanes outside its mask, rely on it); past the block's last
 * thread, the lane's own value, as CU2C_WARP_SHFL_ALL gives it. */
#define CU2C_WARP_SHFL(kind, n, act, ln, wd, v, r)                                          \
    do {                                                                                    \
        for (size_t i_ = 0; i_ < (n); i_++) {                                               \
            if (!(act)[i_])                                                                 \
                continue;                                                                   \
            size_t j_ = (i_ & ~(size_t)31) +                                                \
                        (size_t)cu2c_shfl_src(kind, (int)(i_ & 31), (ln)[i_], (wd)[i_]);    \
            if (j_ < (n) && !(act)[j_])                                                     \
                __builtin_memset(&(r)[i_], 0, sizeof (r)[i_]);                              \
            else                                                                            \
                (r)[i_] = j_ < (n) ? (v)[j_] : (v)[i_];                                     \
        }                                                                                   \
    } while (0)

/* The same when every thread of the block is running (no thread has returned, no if around
 * the call runs per thread): when all lanes pass the same source argument and a power-of-two
 * width, the common forms (down, up, index, xor with a power of two within the width) are
 * plain loops the compiler vectorises, each thread's result as CU2C_WARP_SHFL gives it
 * (lanes beyond a partial last warp still read their own value). v holds n + 32 elements: a
 * down shuffle's loop reads v[i + d] before it knows whether i + d < n. */
#define CU2C_WARP_SHFL_ALL(kind, n, ln, wd, v, r)                                           \
    do {                                                                                    \
        const size_t n_ = (n);                                                              \
        const int b_ = (ln)[0], w_ = (wd)[0];                                               \
        int u_ = 1;                                                                         \
        for (size_t i_ = 0; i_ < n_; i_++)                                                  \
            u_ &= ((ln)[i_] == b_) & ((wd)[i_] == w_);                                      \
        const size_t m_ = (size_t)w_ - 1, d_ = (size_t)b_;                                  \
        const int p_ = u_ && w_ > 0 && w_ <= 32 && !(w_ & (w_ - 1)); /* one power-of-2 width */ \
        if (p_ && (kind) == CU2C_SHFL_DOWN && (unsigned)b_ < 32u) {                         \
            for (size_t i_ = 0; i_ < n_; i_++)                                              \
                (r)[i_] = (i_ & m_) + d_ <= m_ && i_ + d_ < n_ ? (v)[i_ + d_] : (v)[i_];   \
        } else if (p_ && (kind) == CU2C_SHFL_UP && (unsigned)b_ < 32u) {                    \
            for (size_t i_ = 0; i_ < n_ && i_ < d_; i_++)                                   \
                (r)[i_] = (v)[i_];                                                          \
            for (size_t i_ = d_; i_ < n_; i_++)                                             \
                (r)[i_] = (i_ & m_) >= d_ ? (v)[i_ - d_] : (v)[i_];                         \
        } else if (p_ && (kind) == CU2C_SHFL_IDX) {                                         \
            for (size_t s_ = 0; s_ < n_; s_ += m_ + 1) {                                    \
                size_t j_ = s_ + ((size_t)(unsigned)b_ & m_);                               \
                for (size_t i_ = s_; i_ < s_ + m_ + 1 && i_ < n_; i_++)                     \
                    (r)[i_] = j_ < n_ ? (v)[j_] : (v)[i_];                                  \
            }                                                                               \
        } else if (p_ && (kind) == CU2C_SHFL_XOR && (unsigned)b_ <= m_ && b_ && !(b_ & (b_ - 1))) { \
            for (size_t s_ = 0; s_ < n_; s_ += 2 * d_)                                      \
                for (size_t i_ = s_; i_ < s_ + d_ && i_ < n_; i_++) {                       \
                    (r)[i_] = i_ + d_ < n_ ? (v)[i_ + d_] : (v)[i_];                        \
                    if (i_ + d_ < n_)                                                       \
                        (r)[i_ + d_] = (v)[i_];                                             \
                }                                                                           \
        } else {                                                                            \
            for (size_t i_ = 0; i_ < n_; i_++) {                                            \
                size_t j_ = (i_ & ~(size_t)31) +                                            \
                            (size_t)cu2c_shfl_src(kind, (int)(i_ & 31), (ln)[i_], (wd)[i_]);\
                (r)[i_] = j_ < n_ ? (v)[j_] : (v)[i_];                                      \
            }                                                                               \
        }                                                                                   \
    } while (0)

/* __ballot_sync, __any_sync, __all_sync, __activemask: over the running lanes in i's mask. */
#define CU2C_WARP_VOTE(kind, n, act, mk, v, r)                                              \
    do {                                                                                    \
        for (size_t w_ = 0; w_ < (n); w_ += 32) {                                           \
            unsigned a_ = 0, b_ = 0;                                                        \
            for (size_t i_ = w_; i_ < w_ + 32 && i_ < (n); i_++)                            \
                if ((act)[i_]) {                                                            \
                    a_ |= 1u << (i_ - w_);                                                  \
                    if ((v)[i_])                                                            \
                        b_ |= 1u << (i_ - w_);                                              \
                }                                                                           \
            for (size_t i_ = w_; i_ < w_ + 32 && i_ < (n); i_++)                            \
                if ((act)[i_])                                                              \
                    (r)[i_] = cu2c_vote(kind, a_ & (mk)[i_], b_ & (mk)[i_]);                \
        }                                                                                   \
    } while (0)

/* __match_any_sync: the running lanes in i's mask holding the same bits as i. With all != 0,
 * __match_all_sync: i's mask when all of those hold the same bits, else 0. */
#define CU2C_WARP_MATCH(all, n, act, mk, v, r)                                              \
    do {                                                                                    \
        for (size_t i_ = 0; i_ < (n); i_++) {                                               \
            if (!(act)[i_])                                                                 \
                continue;                                                                   \
            size_t w_ = i_ & ~(size_t)31;                                                   \
            unsigned same_ = 0, differ_ = 0;                                                \
            for (size_t j_ = w_; j_ < w_ + 32 && j_ < (n); j_++)                            \
                if ((act)[j_] && ((mk)[i_] >> (j_ - w_) & 1u)) {                            \
                    if (memcmp(&(v)[j_], &(v)[i_], sizeof (v)[0]) == 0)                     \
                        same_ |= 1u << (j_ - w_);                                           \
                    else                                                                    \
                        differ_ = 1;                                                        \
                }                                                                           \
            (r)[i_] = (all) ? (differ_ ? 0u : (mk)[i_]) : same_;                            \
        }                                                                                   \
    } while (0)

/* __reduce_*_sync: op folded over the values of the running lanes in i's mask. */
#define CU2C_RED_ADD(a, b) ((__typeof__(a))((unsigned)(a) + (unsigned)(b)))
#define CU2C_RED_MIN(a, b) ((b) < (a) ? (b) : (a))
#define CU2C_RED_MAX(a, b) ((b) > (a) ? (b) : (a))
#define CU2C_RED_AND(a, b) ((a) & (b))
#define CU2C_RED_OR(a, b) ((a) | (b))
#define CU2C_RED_XOR(a, b) ((a) ^ (b))
#define CU2C_WARP_REDUCE(op, n, act, mk, v, r)                                              \
    do {                                                                                    \
        for (size_t i_ = 0; i_ < (n); i_++) {                                               \
            if (!(act)[i_])                                                                 \
                continue;                                                                   \
            size_t w_ = i_ & ~(size_t)31;                                                   \
            int first_ = 1;                                                                 \
            __typeof__((r)[0]) acc_ = 0;                                                    \
            for (size_t j_ = w_; j_ < w_ + 32 && j_ < (n); j_++)                            \
                if ((act)[j_] && ((mk)[i_] >> (j_ - w_) & 1u)) {                            \
                    __typeof__((r)[0]) x_ = (__typeof__((r)[0]))(v)[j_];                    \
                    acc_ = first_ ? x_ : op(acc_, x_);                                      \
                    first_ = 0;                                                             \
                }                                                                           \
            (r)[i_] = acc_;                                                                 \
        }                                                                                   \
    } while (0)

/* A warp function under ifs or loops run per thread (Stmt.predicated): the lanes that did not
 * take the branch holding it, or have left the loop, are inactive there, as on the GPU, and
 * the function combines the active lanes only. CUDA leaves a mask naming an inactive lane
 * undefined (a lane in the other branch may even be at another call): `dv[i]` says lane i
 * took another branch of one of the ifs around the call or left one of the loops (what: "an
 * if", "a loop"; why: which); a mask naming such a lane ends the kernel with
 * cudaErrorLaunchFailure, saying where, instead of computing something else. Lanes that returned or lie beyond the
 * block are not checked (they are not active, as today). The threads checked are [w0, n),
 * whole warps (w0 a multiple of 32): those a branch's running threads lie in (cu2c_lanes). */
static inline void cu2c_warp_mask_check(size_t w0, size_t n, const unsigned char *act, const unsigned *mk,
                                        const unsigned char *dv, const cu2c_block *b,
                                        const char *where, const char *name, const char *what,
                                        const char *why)
{
    for (size_t w = w0; w < n; w += 32) {
        unsigned away = 0;
        for (size_t i = w; i < w + 32 && i < n; i++)
            if (dv[i])
                away |= 1u << (i - w);
        if (!away)
            continue;
        for (size_t i = w; i < w + 32 && i < n; i++) {
            if (act[i] && (mk[i] & away)) {
                fprintf(stderr, "%s: error: %s() under %s that splits warp %zu of block (%u,%u,%u): "
                        "lane %zu's mask 0x%08x names inactive lanes 0x%08x (they %s)\n", where, name,
                        what, w / 32, b->blockIdx.x, b->blockIdx.y, b->blockIdx.z, i - w, mk[i],
                        mk[i] & away, why);
                cu2c_device_fault(cudaErrorLaunchFailure);
                return;
            }
        }
    }
}

/* The deferred form of cu2c_warp_mask_check, in kernels without block barriers: lanes a mask
 * names that took another branch (or left a loop) may yet leave the kernel without meeting
 * the warp again (exited, which CUDA allows), so they are marked as owing (owe[i]) and the
 * first call naming any kept in *at ("FILE:LINE:COL: name()"); cu2c_warp_owe_check ends the
 * kernel if one of them takes part in a later warp function. */
static inline void cu2c_warp_mask_defer(size_t w0, size_t n, const unsigned char *act, const unsigned *mk,
                                        const unsigned char *dv, unsigned char *owe, const char **at,
                                        const char *where)
{
    for (size_t w = w0; w < n; w += 32) {
        unsigned away = 0, named = 0;
        for (size_t i = w; i < w + 32 && i < n; i++)
            if (dv[i])
                away |= 1u << (i - w);
        for (size_t i = w; away && i < w + 32 && i < n; i++)
            if (act[i])
                named |= mk[i] & away;
        for (size_t i = w; named && i < w + 32 && i < n; i++)
            if (named >> (i - w) & 1)
                owe[i] = 1;
        if (named && !*at)
            *at = where;
    }
}

/* A warp function at `where` whose taking part lanes (act; NULL: all of [w0, n)) include one
 * a deferred check marked as owing: the mask at `at` named it while it was in another branch,
 * and it meets the warp again instead of leaving the kernel, which CUDA leaves undefined. */
static inline void cu2c_warp_owe_check(size_t w0, size_t n, const unsigned char *act, const unsigned char *owe,
                                       const cu2c_block *b, const char *at, const char *where, const char *name)
{
    for (size_t i = w0; i < n; i++) {
        if (owe[i] && (!act || act[i])) {
            fprintf(stderr, "%s: error: %s(): lane %zu of warp %zu of block (%u,%u,%u) takes part here, "
                    "after the mask of %s named it while it had taken another branch or left a loop "
                    "(a lane a mask names must make that call, or exit)\n", where, name, i % 32, i / 32,
                    b->blockIdx.x, b->blockIdx.y, b->blockIdx.z, at);
            cu2c_device_fault(cudaErrorLaunchFailure);
            return;
        }
    }
}

/* The threads running a branch of an if run per thread (Stmt.predicated), from its flags
 * (`want`: 2 the then branch, 1 the else branch): every thread loop inside the branch runs x
 * over [xlo, xhi) only, and its warp functions combine the whole warps [w0, wn) only (each
 * still skipping the threads whose flag differs). A block of one dimension narrows x to the
 * first and last running thread, and the warps to those holding them; any other shape runs x
 * over the block and the warps over all the threads. When no thread runs, both are empty. */
typedef struct cu2c_lanes {
    int xlo, xhi;       /* the x range of the thread loops */
    size_t w0, wn;      /* the threads [w0, wn) the warp functions combine: whole warps */
} cu2c_lanes;

/* The flag every running thread has (those not in `exited`, when given), when they all have
 * the same, else 0: an if or loop holding barriers run per thread whose threads all take one
 * branch (or all iterate) runs each thread loop inside without their flags (its fast copy). */
static inline unsigned char cu2c_flags_agree(const unsigned char *f, const unsigned char *exited, size_t n)
{
    unsigned char first = 0, differ = 0;
    size_t i = 0;
    if (!exited) {
        if (n == 0)
            return 0;
        first = f[0];
        for (i = 1; i < n; i++)
            differ |= f[i] ^ first;
        return differ ? 0 : first;
    }
    while (i < n && exited[i])
        i++;
    if (i == n)
        return 0;
    first = f[i];
    for (; i < n; i++)
        differ |= exited[i] ? 0 : (unsigned char)(f[i] ^ first);
    return differ ? 0 : first;
}

static inline cu2c_lanes cu2c_flag_lanes(const unsigned char *f, size_t n, unsigned char want, int bx, int one_dim)
{
    cu2c_lanes r = {0, bx, 0, n};
    const unsigned char *p = (const unsigned char *)memchr(f, want, n);
    if (!p) {
        r.xlo = r.xhi = 0;
        r.w0 = r.wn = 0;
        return r;
    }
    if (!one_dim)
        return r;
    size_t lo = (size_t)(p - f), hi = n;
    const unsigned long long ones = 0x0101010101010101ull, x = ones * want;
    while (hi >= lo + 9) {      /* 8 flags at a time: is any of them `want`? */
        unsigned long long w;
        memcpy(&w, f + hi - 8, 8);
        w ^= x;
        if ((w - ones) & ~w & (ones << 7))
            break;
        hi -= 8;
    }
    while (hi > lo + 1 && f[hi - 1] != want)
        hi--;
    r.xlo = (int)lo;
    r.xhi = (int)hi;
    r.w0 = lo & ~(size_t)31;
    r.wn = hi + 31 < n ? (hi + 31) & ~(size_t)31 : n;
    return r;
}

#endif
