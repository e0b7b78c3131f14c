/* cub/thread/thread_operators.cuh - CUB's binary functors (Sum, Max, Min, ArgMax, ArgMin...),
 * usable in host and device code. */
#ifndef CU2C_CUB_THREAD_OPERATORS_CUH
#define CU2C_CUB_THREAD_OPERATORS_CUH

#include <cub/config.cuh>

namespace cub {
struct Equality {
    template <typename T> __host__ __device__ bool operator()(const T &a, const T &b) const { return a == b; }
};
struct Inequality {
    template <typename T> __host__ __device__ bool operator()(const T &a, const T &b) const { return a != b; }
};
struct Sum {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
    /* items of another type than the sum (DeviceReduce::Sum adding bools into an int64_t) */
    template <typename A, typename B>
    __host__ __device__ auto operator()(const A &a, const B &b) const -> decltype(a + b) { return a + b; }
};
struct Difference {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a - b; }
};
struct Division {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return a / b; }
};
struct Max {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return b > a ? b : a; }
};
struct Min {
    template <typename T> __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
/* The pair with the larger value; of equal values, the one with the smaller key (offset). */
struct ArgMax {
    template <typename T, typename O>
    __host__ __device__ KeyValuePair<O, T> operator()(const KeyValuePair<O, T> &a, const KeyValuePair<O, T> &b) const {
        if ((b.value > a.value) || ((a.value == b.value) && (b.key < a.key)))
            return b;
        return a;
    }
};
/* The pair with the smaller value; of equal values, the one with the smaller key (offset). */
struct ArgMin {
    template <typename T, typename O>
    __host__ __device__ KeyValuePair<O, T> operator()(const KeyValuePair<O, T> &a, const KeyValuePair<O, T> &b) const {
        if ((b.value < a.value) || ((a.value == b.value) && (b.key < a.key)))
            return b;
        return a;
    }
};
template <typename B> struct CastOp {
    template <typename A> __host__ __device__ B operator()(const A &a) const { return (B)a; }
};
} // namespace cub

#endif
