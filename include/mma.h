/* mma.h - CUDA's warp matrix functions (nvcuda::wmma: tensor cores) for kernels run on CPU
 * threads (C++).
 *
 * A fragment is spread over its warp as on a GPU: each of the 32 lanes holds num_elements =
 * rows * cols / 32 of the tile's elements, lane l the elements l * num_elements ... in the
 * tile's row-major order (CUDA leaves the mapping unspecified: programs may only use x[i]
 * element by element, between fragments of the same type). load_matrix_sync,
 * store_matrix_sync and fill_fragment touch a lane's own elements, so each thread runs them
 * alone (the macros below pass load and store the thread's lane). mma_sync needs every
 * lane's elements: it is a warp function the translator recognises, gathers and combines
 * like a shuffle (translator/frontend/groups.c), each warp's product computed once by
 * __cu2c_mma_warps: D = A * B + C with products and sums in the accumulator's type (float
 * for half, bf16 and tf32 inputs; double; int for 8-bit inputs), k in order (the GPU's
 * tensor cores round differently: results agree to float rounding, not bit for bit).
 * Shapes: m16n16k16, m32n8k16, m8n32k16 (half, bf16, 8-bit integers), m16n16k8 (tf32),
 * m8n8k4 (double). The sub-byte types (precision::b1, u4, s4) are not provided. */
#ifndef CU2C_MMA_H
#define CU2C_MMA_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#ifndef __cplusplus
#error "mma.h is C++: compile this file as C++"
#endif

#include "cuda_runtime.h"
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include <type_traits>
#include "cu2c/fiber_ops.h"   /* mma_sync on the fiber engine */

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32;
} // namespace precision

/* the element type a fragment of T stores */
template <class T> struct __cu2c_storage { typedef T type; };
template <> struct __cu2c_storage<precision::tf32> { typedef float type; };

/* the tile a fragment holds: A is m x k, B k x n, the accumulator m x n */
template <class Use, int M, int N, int K> struct __cu2c_tile;
template <int M, int N, int K> struct __cu2c_tile<matrix_a, M, N, K> { enum { rows = M, cols = K }; };
template <int M, int N, int K> struct __cu2c_tile<matrix_b, M, N, K> { enum { rows = K, cols = N }; };
template <int M, int N, int K> struct __cu2c_tile<accumulator, M, N, K> { enum { rows = M, cols = N }; };

template <class Use, int M, int N, int K, class T, class Layout = void>
class fragment {
public:
    typedef typename __cu2c_storage<T>::type storage_element_type;
    typedef storage_element_type element_type;
    enum {
        __cu2c_rows = __cu2c_tile<Use, M, N, K>::rows,
        __cu2c_cols = __cu2c_tile<Use, M, N, K>::cols,
        num_elements = __cu2c_rows * __cu2c_cols / 32,
    };
    static_assert(__cu2c_rows * __cu2c_cols % 32 == 0, "a fragment shape CUDA does not have");
    storage_element_type x[num_elements];
};

/* Element e of lane l's share: row and column in the tile. */
template <class F>
static inline void __cu2c_at(unsigned lane, int e, int *r, int *c) {
    int i = (int)lane * F::num_elements + e;
    *r = i / F::__cu2c_cols;
    *c = i % F::__cu2c_cols;
}

template <class F, class P>
static inline void __cu2c_load(unsigned lane, F &f, const P *p, unsigned ldm, bool col_major) {
    for (int e = 0; e < F::num_elements; e++) {
        int r, c;
        __cu2c_at<F>(lane, e, &r, &c);
        f.x[e] = (typename F::storage_element_type)(col_major ? p[(size_t)c * ldm + r] : p[(size_t)r * ldm + c]);
    }
}

/* A or B: the layout is the fragment's */
template <class Use, int M, int N, int K, class T, class P>
static inline void __cu2c_load_matrix_sync(unsigned lane, fragment<Use, M, N, K, T, row_major> &f, const P *p,
                                           unsigned ldm) {
    __cu2c_load(lane, f, p, ldm, false);
}
template <class Use, int M, int N, int K, class T, class P>
static inline void __cu2c_load_matrix_sync(unsigned lane, fragment<Use, M, N, K, T, col_major> &f, const P *p,
                                           unsigned ldm) {
    __cu2c_load(lane, f, p, ldm, true);
}
/* the accumulator: the layout is the call's */
template <int M, int N, int K, class T, class P>
static inline void __cu2c_load_matrix_sync(unsigned lane, fragment<accumulator, M, N, K, T> &f, const P *p,
                                           unsigned ldm, layout_t layout) {
    __cu2c_load(lane, f, p, ldm, layout == mem_col_major);
}

template <int M, int N, int K, class T, class P>
static inline void __cu2c_store_matrix_sync(unsigned lane, P *p, const fragment<accumulator, M, N, K, T> &f,
                                            unsigned ldm, layout_t layout) {
    typedef fragment<accumulator, M, N, K, T> F;
    for (int e = 0; e < F::num_elements; e++) {
        int r, c;
        __cu2c_at<F>(lane, e, &r, &c);
        if (layout == mem_col_major)
            p[(size_t)c * ldm + r] = (P)f.x[e];
        else
            p[(size_t)r * ldm + c] = (P)f.x[e];
    }
}

/* tf32: float rounded to 10 significand bits, to nearest with ties away from zero (CUDA's
 * cvt.rna.tf32.f32); infinities and NaNs as they are */
static inline float __float_to_tf32(float f) {
    unsigned u;
    __builtin_memcpy(&u, &f, 4);
    if ((u & 0x7f800000u) != 0x7f800000u)
        u = (u + 0x1000u) & ~0x1fffu;
    __builtin_memcpy(&f, &u, 4);
    return f;
}

/* ---- mma_sync: a warp function (see the top of this file) ---- */

/* What each lane gives mma_sync: its shares of A, B and C, and satf. */
template <class FA, class FB, class FC>
struct __cu2c_mma_args {
    FA a;
    FB b;
    FC c;
    bool satf;
    typedef FA a_type;
    typedef FB b_type;
    typedef FC result_type;
};

template <class FA, class FB, class FC>
static inline __cu2c_mma_args<FA, FB, FC> __cu2c_mma_pack(const FA &a, const FB &b, const FC &c, bool satf = false) {
    __cu2c_mma_args<FA, FB, FC> p = {a, b, c, satf};
    return p;
}

template <class P, class R>
static void __cu2c_mma_warps(size_t n, const unsigned char *act, const P *v, R *r);

/* The call the translator recognises and replaces in thread-loop kernels. On the fiber
 * engine it runs as written: the warp's lanes meet (cu2c_fiber_group_tile, 16 bytes of each
 * lane's shares a meeting) and each computes its warp's product as the thread loops do. It
 * is inlined where called: the runtime tells calls apart by their return addresses. */
template <class FD, class FA, class FB, class FC>
__attribute__((always_inline)) inline void mma_sync(FD &d, const FA &a, const FB &b, const FC &c, bool satf = false) {
    typedef __cu2c_mma_args<FA, FB, FC> P;
    P mine = {a, b, c, satf}, all[32];
    FC res[32];
    unsigned char act[32], bytes[sizeof(P)];
    __builtin_memcpy(bytes, &mine, sizeof(P));
    const unsigned char *here = 0;
    for (size_t o = 0; o < sizeof(P); o += 16) {
        unsigned n = (unsigned)(sizeof(P) - o < 16 ? sizeof(P) - o : 16);
        const unsigned char *lanes = cu2c_fiber_group_tile(32, bytes + o, n, &here);
        for (unsigned l = 0; l < 32; l++)
            if (here[l])
                __builtin_memcpy((unsigned char *)&all[l] + o, lanes + 16 * l, n);
    }
    for (unsigned l = 0; l < 32; l++)
        act[l] = here[l];
    unsigned lane = cu2c_fiber_lane();
    if (!act[lane])
        return;   /* outside the fiber engine: cu2c_fiber_group_tile has said so */
    __cu2c_mma_warps(32, act, all, res);
    __cu2c_mma_assign(d, res[lane]);
}

template <class Use, int M, int N, int K, class T, class Layout, class V>
static inline void fill_fragment(fragment<Use, M, N, K, T, Layout> &f, const V &v) {
    for (int e = 0; e < fragment<Use, M, N, K, T, Layout>::num_elements; e++)
        f.x[e] = (typename fragment<Use, M, N, K, T, Layout>::storage_element_type)v;
}

template <class FD, class FC>
static inline void __cu2c_mma_assign(FD &d, const FC &c) {
    for (int e = 0; e < FD::num_elements; e++)
        d.x[e] = (typename FD::storage_element_type)c.x[e];
}

/* the type products and sums are computed in: the accumulator's; tf32 inputs as float */
template <class T> struct __cu2c_acc { typedef T type; };
template <> struct __cu2c_acc<__half> { typedef float type; };

template <class T>
static inline T __cu2c_saturate(T v, bool satf) {
    /* float accumulators: satf makes infinities the largest finite values and NaN zero */
    if (!satf)
        return v;
    if (v != v)
        return (T)0;
    const T big = sizeof(T) == 8 ? (T)1.7976931348623157e308 : (T)3.40282347e38f;
    return v > big ? big : v < -big ? -big : v;
}
static inline int __cu2c_saturate_int(long long v, bool satf) {
    if (satf)
        return v > 2147483647LL ? 2147483647 : v < -2147483648LL ? (int)-2147483648LL : (int)v;
    return (int)(unsigned)(unsigned long long)v;     /* wraps, as the GPU's without satf */
}

/* D's element from its sum: integers wrapped or saturated to int, floating point in the
 * accumulator's type (satf: finite) */
template <class CT, class DT>
static inline CT __cu2c_mma_result(std::true_type, DT d, bool satf) {
    return (CT)__cu2c_saturate_int((long long)d, satf);
}
template <class CT, class DT>
static inline CT __cu2c_mma_result(std::false_type, DT d, bool satf) {
    return (CT)__cu2c_saturate(d, satf);
}

/* Every warp's D = A * B + C (n: the gathered threads; a warp's lanes past n, or not
 * running, give zeros and get nothing). Lane l's share of a fragment is the tile's elements
 * l * num_elements ... in row-major order: the tiles are assembled by copying the shares in
 * lane order, D computed row by row (each element C's plus the products in k's order:
 * integers in 64 bits, floating point in the accumulator's type), and the shares of D copied
 * back. */
template <class P, class R>
static void __cu2c_mma_warps(size_t n, const unsigned char *act, const P *v, R *r) {
    typedef typename P::result_type FC;
    typedef typename P::a_type FA;
    typedef typename P::b_type FB;
    typedef typename FC::storage_element_type CT;
    typedef typename __cu2c_acc<CT>::type AT;
    typedef std::is_integral<CT> integral;
    typedef typename std::conditional<integral::value, long long, AT>::type DT;
    enum { MR = FA::__cu2c_rows, KK = FA::__cu2c_cols, NC = FB::__cu2c_cols };
    enum { EA = FA::num_elements, EB = FB::num_elements, EC = FC::num_elements };
    static_assert((int)FB::__cu2c_rows == (int)KK && (int)FC::__cu2c_rows == (int)MR &&
                  (int)FC::__cu2c_cols == (int)NC, "mma_sync's fragments do not fit each other");
    for (size_t w = 0; w < n; w += 32) {
        DT a[MR * KK], b[KK * NC], d[MR * NC];
        bool satf = false, full = w + 32 <= n;
        for (unsigned l = 0; full && l < 32; l++)
            full = act[w + l] != 0;
        if (!full) {
            for (int i = 0; i < MR * KK; i++)
                a[i] = 0;
            for (int i = 0; i < KK * NC; i++)
                b[i] = 0;
            for (int i = 0; i < MR * NC; i++)
                d[i] = 0;
        }
        for (unsigned l = 0; l < 32 && w + l < n; l++) {
            if (!act[w + l])
                continue;
            const P &p = v[w + l];
            satf |= p.satf;
            for (int e = 0; e < EA; e++)
                a[l * EA + e] = (DT)(AT)p.a.x[e];
            for (int e = 0; e < EB; e++)
                b[l * EB + e] = (DT)(AT)p.b.x[e];
            for (int e = 0; e < EC; e++)
                d[l * EC + e] = (DT)(AT)p.c.x[e];
        }
        for (int i = 0; i < MR; i++)
            for (int k = 0; k < KK; k++) {
                DT aik = a[i * KK + k];
                for (int j = 0; j < NC; j++)
                    d[i * NC + j] += aik * b[k * NC + j];
            }
        for (unsigned l = 0; l < 32 && w + l < n; l++)
            if (act[w + l])
                for (int e = 0; e < EC; e++)
                    r[w + l].x[e] = __cu2c_mma_result<CT>(integral(), d[l * EC + e], satf);
    }
}

} // namespace wmma
} // namespace nvcuda

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

/* Where each is called, the thread's lane goes in (cu2c/device.h's %laneid; see the top of
 * this file). */
#define load_matrix_sync(...) __cu2c_load_matrix_sync(__ptx_lane(threadIdx, blockDim), __VA_ARGS__)
#define store_matrix_sync(...) __cu2c_store_matrix_sync(__ptx_lane(threadIdx, blockDim), __VA_ARGS__)

#endif
