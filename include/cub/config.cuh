/* cub/config.cuh - cu2c's CUB: version, configuration macros and the small utilities every
 * other header uses. cu2c's CUB follows CUB 1.17's interface (CUB_VERSION 101702): block and
 * warp classes expanded into kernels by the translator (they are spliced into the
 * translation like the user's own headers), device-wide algorithms run on the host's cores
 * (libcub, -lcub). See README.md, "CUB". */
#ifndef CU2C_CUB_CONFIG_CUH
#define CU2C_CUB_CONFIG_CUH

#include <cuda_runtime.h>
#include <limits>
#include <stddef.h>

#define CUB_VERSION 101702
#define CUB_MAJOR_VERSION (CUB_VERSION / 100000)
#define CUB_MINOR_VERSION (CUB_VERSION / 100 % 1000)
#define CUB_SUBMINOR_VERSION (CUB_VERSION % 100)
#define CUB_PATCH_NUMBER 0

#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_NS_PREFIX
#define CUB_NS_POSTFIX
#define CUB_NS_QUALIFIER ::cub
#define CUB_RUNTIME_FUNCTION __host__ __device__
#define CUB_RUNTIME_ENABLED
#define CUB_INLINE inline
#define CUB_STATIC_ASSERT(cond, msg) static_assert(cond, #msg)

#ifndef CUB_PTX_ARCH
#ifdef __CUDA_ARCH__
#define CUB_PTX_ARCH __CUDA_ARCH__
#else
#define CUB_PTX_ARCH 0
#endif
#endif
#define CUB_PTX_WARP_THREADS 32
#define CUB_PTX_LOG_WARP_THREADS 5
#define CUB_WARP_THREADS(arch) 32
#define CUB_LOG_WARP_THREADS(arch) 5

#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_FLOOR(x, y) ((x) / (y))
#define CUB_QUOTIENT_CEILING(x, y) (((x) + (y) - 1) / (y))
#define CUB_ROUND_UP_NEAREST(x, y) ((((x) + (y) - 1) / (y)) * (y))
#define CUB_ROUND_DOWN_NEAREST(x, y) (((x) / (y)) * (y))

/* CubDebug(e): e, reported on stderr when it is an error and CUB_STDERR is defined */
#ifdef CUB_STDERR
#include <stdio.h>
#define CubDebug(e) ::cub::Debug((cudaError_t)(e), __FILE__, __LINE__)
#else
#define CubDebug(e) (e)
#endif
#define CubDebugExit(e)                                                                            \
    if (CubDebug(e)) {                                                                             \
        exit(1);                                                                                   \
    }

namespace cub {
#ifdef CUB_STDERR
inline cudaError_t Debug(cudaError_t error, const char *filename, int line) {
    if (error)
        fprintf(stderr, "CUDA error %d [%s, %d]: %s\n", (int)error, filename, line, cudaGetErrorString(error));
    return error;
}
#endif

/* The calling thread's rank in a block of BLOCK_DIM_X x BLOCK_DIM_Y x ... threads, x fastest:
 * the block classes' linear_tid. */
template <int BLOCK_DIM_X, int BLOCK_DIM_Y> __device__ int Cu2cLinearTid() {
    return threadIdx.x + (threadIdx.y + threadIdx.z * BLOCK_DIM_Y) * BLOCK_DIM_X;
}

/* Each thread's first and last items of a blocked arrangement, shared: the TempStorage of
 * BlockAdjacentDifference and BlockDiscontinuity. */
template <typename T, int BLOCK_THREADS> struct Cu2cEdgeItems {
    T first_items[BLOCK_THREADS];
    T last_items[BLOCK_THREADS];
};

/* A type with no value: the value type of keys-only sorts. */
struct NullType {
    __host__ __device__ bool operator==(const NullType &) const { return true; }
    __host__ __device__ bool operator!=(const NullType &) const { return false; }
};

/* Storage for a T without running its constructor (what __shared__ TempStorage members are). */
template <typename T> struct Uninitialized {
    alignas(T) unsigned char storage[sizeof(T)];
    __host__ __device__ T &Alias() { return *reinterpret_cast<T *>(storage); }
};

template <typename _Key, typename _Value> struct KeyValuePair {
    typedef _Key Key;
    typedef _Value Value;
    Key key;
    Value value;
    __host__ __device__ KeyValuePair() {}
    __host__ __device__ KeyValuePair(Key const &k, Value const &v) : key(k), value(v) {}
    __host__ __device__ bool operator!=(const KeyValuePair &b) { return value != b.value || key != b.key; }
};

/* A pair of buffers whose roles a sort swaps: Current() holds the sorted result afterwards. */
template <typename T> struct DoubleBuffer {
    T *d_buffers[2];
    int selector;
    __host__ __device__ DoubleBuffer() : selector(0) { d_buffers[0] = d_buffers[1] = NULL; }
    __host__ __device__ DoubleBuffer(T *d_current, T *d_alternate) : selector(0) {
        d_buffers[0] = d_current;
        d_buffers[1] = d_alternate;
    }
    __host__ __device__ T *Current() { return d_buffers[selector]; }
    __host__ __device__ T *Alternate() { return d_buffers[selector ^ 1]; }
};

/* The unsigned integer of a key's size (Traits<T>::UnsignedBits). */
template <int Bytes> struct Cu2cUnsignedOf;
template <> struct Cu2cUnsignedOf<1> { typedef unsigned char Type; };
template <> struct Cu2cUnsignedOf<2> { typedef unsigned short Type; };
template <> struct Cu2cUnsignedOf<4> { typedef unsigned int Type; };
template <> struct Cu2cUnsignedOf<8> { typedef unsigned long long Type; };

/* A type's extreme values (CUB's Traits<T>::Max() and Lowest()), and its radix-sort bits as
 * CUB defines them: UnsignedBits, HIGH_BIT, and TwiddleIn/TwiddleOut, which map keys to
 * unsigned bits ordered as the keys (unsigned integers as they are, signed ones with the
 * sign bit flipped, floats with the sign bit flipped when positive and every bit when
 * negative) and back. */
enum Category { NOT_A_NUMBER, SIGNED_INTEGER, UNSIGNED_INTEGER, FLOATING_POINT };
template <typename T> struct Traits {
    typedef typename Cu2cUnsignedOf<(int)sizeof(T)>::Type UnsignedBits;
    static const Category CATEGORY = std::numeric_limits<T>::is_integer
                                         ? (std::numeric_limits<T>::is_signed ? SIGNED_INTEGER : UNSIGNED_INTEGER)
                                         : FLOATING_POINT;
    static const UnsignedBits HIGH_BIT = (UnsignedBits)((UnsignedBits)1 << (8 * sizeof(T) - 1));
    static const UnsignedBits LOWEST_KEY = CATEGORY == UNSIGNED_INTEGER ? (UnsignedBits)0
                                           : CATEGORY == SIGNED_INTEGER ? HIGH_BIT
                                                                        : (UnsignedBits)~HIGH_BIT;
    static const UnsignedBits MAX_KEY = CATEGORY == UNSIGNED_INTEGER ? (UnsignedBits)~(UnsignedBits)0
                                        : CATEGORY == SIGNED_INTEGER ? (UnsignedBits)~HIGH_BIT
                                                                     : (UnsignedBits)~HIGH_BIT;
    static __host__ __device__ T Max() { return std::numeric_limits<T>::max(); }
    static __host__ __device__ T Lowest() { return std::numeric_limits<T>::lowest(); }
    static __host__ __device__ UnsignedBits TwiddleIn(UnsignedBits key) {
        if (CATEGORY == UNSIGNED_INTEGER)
            return key;
        if (CATEGORY == SIGNED_INTEGER)
            return (UnsignedBits)(key ^ HIGH_BIT);
        UnsignedBits mask = (key & HIGH_BIT) ? (UnsignedBits)~(UnsignedBits)0 : HIGH_BIT;
        return (UnsignedBits)(key ^ mask);
    }
    static __host__ __device__ UnsignedBits TwiddleOut(UnsignedBits key) {
        if (CATEGORY == UNSIGNED_INTEGER)
            return key;
        if (CATEGORY == SIGNED_INTEGER)
            return (UnsignedBits)(key ^ HIGH_BIT);
        UnsignedBits mask = (key & HIGH_BIT) ? HIGH_BIT : (UnsignedBits)~(UnsignedBits)0;
        return (UnsignedBits)(key ^ mask);
    }
};

/* The value type of an iterator (a pointer's pointee, else its value_type). */
template <typename It> struct IteratorValue { typedef typename It::value_type Type; };
template <typename T> struct IteratorValue<T *> { typedef T Type; };
template <typename T> struct IteratorValue<const T *> { typedef T Type; };

/* The value type of a functor's result on two a's (for the device-wide reductions). */
template <bool C, typename A, typename B> struct If { typedef A Type; };
template <typename A, typename B> struct If<false, A, B> { typedef B Type; };
template <typename A, typename B> struct Equals { enum { VALUE = 0, NEGATE = 1 }; };
template <typename A> struct Equals<A, A> { enum { VALUE = 1, NEGATE = 0 }; };
template <int N, int CURRENT_VAL = N, int COUNT = 0> struct Log2 {
    enum { VALUE = Log2<N, (CURRENT_VAL >> 1), COUNT + 1>::VALUE };
};
template <int N, int COUNT> struct Log2<N, 0, COUNT> {
    enum { VALUE = (1 << (COUNT - 1) < N) ? COUNT : COUNT - 1 };
};
template <int N> struct PowerOfTwo {
    enum { VALUE = ((N & (N - 1)) == 0), IS_POWER_OF_TWO = ((N & (N - 1)) == 0) };
};
} // namespace cub

#endif
