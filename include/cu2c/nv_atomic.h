/* cu2c/nv_atomic.h - CUDA 12.8's __nv_atomic_* functions (cu2c announces 12.8, so programs
 * take the branches using them): load, store, exchange, compare-exchange and fetch-op, by
 * value (`_n`) and through pointers, with a memory order (__NV_ATOMIC_*, the values of the
 * C11/GCC orders, passed on as they are) and a thread scope (__NV_THREAD_SCOPE_*: on one CPU
 * every scope is the whole machine, so it changes nothing). fetch_add/sub/min/max of float
 * and double are compare-and-swap loops, as cu2c's atomicAdd on them. C output has the
 * integer and pointer forms (CUDA's are C++ templates). The translator runs every call once
 * per thread (translator/frontend/cursors.c impure_builtin: the "__nv_atomic" prefix), and a
 * loop waiting on one is a spin-wait (spin_loops.c). */
#ifndef CU2C_NV_ATOMIC_H
#define CU2C_NV_ATOMIC_H

#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4

#ifdef __cplusplus
/* A failure order may be no stronger than acquire (GCC's rule; CUDA's is the same). */
static inline int __cu2c_nv_failure_order(int o) { return o == 3 ? 0 : o == 4 ? 2 : o; }

template <class T> static inline T __nv_atomic_load_n(const T *p, int order, int scope = 4) {
    (void)scope;
    return __atomic_load_n(p, order);
}
template <class T> static inline void __nv_atomic_load(const T *p, T *ret, int order, int scope = 4) {
    (void)scope;
    __atomic_load(p, ret, order);
}
template <class T> static inline void __nv_atomic_store_n(T *p, T v, int order, int scope = 4) {
    (void)scope;
    __atomic_store_n(p, v, order);
}
template <class T> static inline void __nv_atomic_store(T *p, T *v, int order, int scope = 4) {
    (void)scope;
    __atomic_store(p, v, order);
}
template <class T> static inline T __nv_atomic_exchange_n(T *p, T v, int order, int scope = 4) {
    (void)scope;
    return __atomic_exchange_n(p, v, order);
}
template <class T> static inline void __nv_atomic_exchange(T *p, T *v, T *ret, int order, int scope = 4) {
    (void)scope;
    __atomic_exchange(p, v, ret, order);
}
template <class T>
static inline bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak, int success, int failure,
                                                  int scope = 4) {
    (void)scope;
    return __atomic_compare_exchange(p, expected, &desired, weak, success, __cu2c_nv_failure_order(failure));
}
template <class T>
static inline bool __nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak, int success, int failure,
                                                int scope = 4) {
    (void)scope;
    return __atomic_compare_exchange(p, expected, desired, weak, success, __cu2c_nv_failure_order(failure));
}

/* fetch-op: the builtin for integers, a compare-and-swap loop for floating types (and for
 * min/max, which have no builtin) */
template <class T, class F> static inline T __cu2c_nv_fetch_cas(T *p, T v, int order, F f) {
    T old, nv;
    __atomic_load(p, &old, __ATOMIC_RELAXED);
    do {
        nv = f(old, v);
    } while (!__atomic_compare_exchange(p, &old, &nv, true, order, __ATOMIC_RELAXED));
    return old;
}
#define CU2C_NV_FETCH(op, builtin, expr)                                                           \
    template <class T> static inline T __cu2c_nv_fetch_##op(T *p, T v, int order, T *) {           \
        return builtin(p, v, order);                                                               \
    }                                                                                              \
    static inline float __cu2c_nv_fetch_##op(float *p, float v, int order, float *) {              \
        return __cu2c_nv_fetch_cas(p, v, order, [](float a, float b) { return expr; });            \
    }                                                                                              \
    static inline double __cu2c_nv_fetch_##op(double *p, double v, int order, double *) {          \
        return __cu2c_nv_fetch_cas(p, v, order, [](double a, double b) { return expr; });          \
    }                                                                                              \
    template <class T> static inline T __nv_atomic_fetch_##op(T *p, T v, int order, int scope = 4) { \
        (void)scope;                                                                               \
        return __cu2c_nv_fetch_##op(p, v, order, (T *)0);                                          \
    }
CU2C_NV_FETCH(add, __atomic_fetch_add, a + b)
CU2C_NV_FETCH(sub, __atomic_fetch_sub, a - b)
#undef CU2C_NV_FETCH
#define CU2C_NV_FETCH_BITS(op, builtin)                                                            \
    template <class T> static inline T __nv_atomic_fetch_##op(T *p, T v, int order, int scope = 4) { \
        (void)scope;                                                                               \
        return builtin(p, v, order);                                                               \
    }
CU2C_NV_FETCH_BITS(and, __atomic_fetch_and)
CU2C_NV_FETCH_BITS(or, __atomic_fetch_or)
CU2C_NV_FETCH_BITS(xor, __atomic_fetch_xor)
#undef CU2C_NV_FETCH_BITS
template <class T> static inline T __nv_atomic_fetch_min(T *p, T v, int order, int scope = 4) {
    (void)scope;
    return __cu2c_nv_fetch_cas(p, v, order, [](T a, T b) { return b < a ? b : a; });
}
template <class T> static inline T __nv_atomic_fetch_max(T *p, T v, int order, int scope = 4) {
    (void)scope;
    return __cu2c_nv_fetch_cas(p, v, order, [](T a, T b) { return a < b ? b : a; });
}
#else
#define CU2C_NV_ORDER(order, ...) (order)
#define __nv_atomic_load_n(p, ...) __atomic_load_n((p), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_load(p, r, ...) __atomic_load((p), (r), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_store_n(p, v, ...) __atomic_store_n((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_store(p, v, ...) __atomic_store((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_exchange_n(p, v, ...) __atomic_exchange_n((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_exchange(p, v, r, ...) __atomic_exchange((p), (v), (r), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_fetch_add(p, v, ...) __atomic_fetch_add((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_fetch_sub(p, v, ...) __atomic_fetch_sub((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_fetch_and(p, v, ...) __atomic_fetch_and((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_fetch_or(p, v, ...) __atomic_fetch_or((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#define __nv_atomic_fetch_xor(p, v, ...) __atomic_fetch_xor((p), (v), CU2C_NV_ORDER(__VA_ARGS__, 0))
#endif

#endif
