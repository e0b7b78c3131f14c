/* cu2c/libcuxx_atomic.h - libcu++'s atomics for cu2c (<cuda/std/atomic>, <cuda/atomic>):
 * cuda::std::atomic<T>, cuda::atomic<T, Scope>, cuda::std::atomic_ref<T> and
 * cuda::atomic_ref<T, Scope>, the thread_scope and memory_order enumerations and the fences.
 *
 * Every block of a kernel runs on one CPU thread and blocks run on several, so every scope
 * (thread, block, device, system) is the whole process here: each operation is the
 * compiler's __atomic builtin on the object's storage, with the memory order asked for (a
 * stronger scope than asked is allowed by CUDA's memory model). Floating-point add/sub, min,
 * max and pointer arithmetic are compare-exchange loops. The same code serves kernels and
 * host code. The translator runs every call of a function of namespace cuda per thread
 * (translator/frontend/libcuxx.c): an atomic's result differs between threads. */
#ifndef CU2C_LIBCUXX_ATOMIC_H
#define CU2C_LIBCUXX_ATOMIC_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif

#ifndef __cplusplus
#error "<cuda/std/atomic> is C++: compile this file as C++"
#endif

#include <stddef.h>
#include <type_traits>

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device begin
#endif

namespace cuda {
namespace std {

/* CUDA's values (cuda/std/__atomic/scopes.h's ABI) */
enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 10
};

enum class memory_order : int {
    relaxed = __ATOMIC_RELAXED,
    consume = __ATOMIC_CONSUME,
    acquire = __ATOMIC_ACQUIRE,
    release = __ATOMIC_RELEASE,
    acq_rel = __ATOMIC_ACQ_REL,
    seq_cst = __ATOMIC_SEQ_CST
};
static constexpr memory_order memory_order_relaxed = memory_order::relaxed;
static constexpr memory_order memory_order_consume = memory_order::consume;
static constexpr memory_order memory_order_acquire = memory_order::acquire;
static constexpr memory_order memory_order_release = memory_order::release;
static constexpr memory_order memory_order_acq_rel = memory_order::acq_rel;
static constexpr memory_order memory_order_seq_cst = memory_order::seq_cst;

static inline void atomic_thread_fence(memory_order o) { __atomic_thread_fence((int)o); }
static inline void atomic_signal_fence(memory_order o) { __atomic_signal_fence((int)o); }

namespace __cu2c {
static inline constexpr int order(memory_order o) { return (int)o; }
/* a compare-exchange's order when it fails: no release part (C++'s rule) */
static inline constexpr int fail_order(memory_order o) {
    return o == memory_order::acq_rel ? __ATOMIC_ACQUIRE : o == memory_order::release ? __ATOMIC_RELAXED : (int)o;
}

/* The operations, on the storage at p. */
template <class T> struct ops {
    static T load(const T *p, memory_order o) {
        T r;
        __atomic_load(p, &r, order(o));
        return r;
    }
    static void store(T *p, T v, memory_order o) { __atomic_store(p, &v, order(o)); }
    static T exchange(T *p, T v, memory_order o) {
        T r;
        __atomic_exchange(p, &v, &r, order(o));
        return r;
    }
    static bool cas(T *p, T &expected, T desired, bool weak, memory_order s, memory_order f) {
        return __atomic_compare_exchange(p, &expected, &desired, weak, order(s), fail_order(f));
    }
    /* old -> f(old), by compare-exchange; returns old */
    template <class F> static T update(T *p, F f, memory_order o) {
        T old = load(p, memory_order::relaxed);
        while (!cas(p, old, f(old), true, o, o)) {
        }
        return old;
    }
};

template <class T>
struct is_int : ::std::integral_constant<bool, ::std::is_integral<T>::value && !::std::is_same<T, bool>::value> {};

/* What every atomic has; D (the atomic or atomic_ref) gives the storage: D::__cu2c_ptr(). */
template <class T, class D> struct base {
    using value_type = T;
    static constexpr bool is_always_lock_free = sizeof(T) <= 8;
    T *p() const { return static_cast<const D *>(this)->__cu2c_ptr(); }
    bool is_lock_free() const { return sizeof(T) <= 8; }
    T load(memory_order o = memory_order::seq_cst) const { return ops<T>::load(p(), o); }
    void store(T v, memory_order o = memory_order::seq_cst) const { ops<T>::store(p(), v, o); }
    operator T() const { return load(); }
    T exchange(T v, memory_order o = memory_order::seq_cst) const { return ops<T>::exchange(p(), v, o); }
    bool compare_exchange_weak(T &e, T d, memory_order s, memory_order f) const { return ops<T>::cas(p(), e, d, true, s, f); }
    bool compare_exchange_strong(T &e, T d, memory_order s, memory_order f) const { return ops<T>::cas(p(), e, d, false, s, f); }
    bool compare_exchange_weak(T &e, T d, memory_order o = memory_order::seq_cst) const { return ops<T>::cas(p(), e, d, true, o, o); }
    bool compare_exchange_strong(T &e, T d, memory_order o = memory_order::seq_cst) const { return ops<T>::cas(p(), e, d, false, o, o); }
};

/* Arithmetic: integers by the builtins, floating point by compare-exchange loops. */
template <class T, class D, bool Int = is_int<T>::value, bool Float = ::std::is_floating_point<T>::value>
struct arith : base<T, D> {};

template <class T, class D> struct arith<T, D, true, false> : base<T, D> {
    using difference_type = T;
    using base<T, D>::p;
    T fetch_add(T v, memory_order o = memory_order::seq_cst) const { return __atomic_fetch_add(p(), v, order(o)); }
    T fetch_sub(T v, memory_order o = memory_order::seq_cst) const { return __atomic_fetch_sub(p(), v, order(o)); }
    T fetch_and(T v, memory_order o = memory_order::seq_cst) const { return __atomic_fetch_and(p(), v, order(o)); }
    T fetch_or(T v, memory_order o = memory_order::seq_cst) const { return __atomic_fetch_or(p(), v, order(o)); }
    T fetch_xor(T v, memory_order o = memory_order::seq_cst) const { return __atomic_fetch_xor(p(), v, order(o)); }
    T fetch_min(T v, memory_order o = memory_order::seq_cst) const {
        return ops<T>::update(p(), [v](T x) { return v < x ? v : x; }, o);
    }
    T fetch_max(T v, memory_order o = memory_order::seq_cst) const {
        return ops<T>::update(p(), [v](T x) { return v > x ? v : x; }, o);
    }
    T operator++(int) const { return fetch_add(1); }
    T operator--(int) const { return fetch_sub(1); }
    T operator++() const { return __atomic_add_fetch(p(), 1, __ATOMIC_SEQ_CST); }
    T operator--() const { return __atomic_sub_fetch(p(), 1, __ATOMIC_SEQ_CST); }
    T operator+=(T v) const { return __atomic_add_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator-=(T v) const { return __atomic_sub_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator&=(T v) const { return __atomic_and_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator|=(T v) const { return __atomic_or_fetch(p(), v, __ATOMIC_SEQ_CST); }
    T operator^=(T v) const { return __atomic_xor_fetch(p(), v, __ATOMIC_SEQ_CST); }
};

template <class T, class D> struct arith<T, D, false, true> : base<T, D> {
    using difference_type = T;
    using base<T, D>::p;
    T fetch_add(T v, memory_order o = memory_order::seq_cst) const {
        return ops<T>::update(p(), [v](T x) { return x + v; }, o);
    }
    T fetch_sub(T v, memory_order o = memory_order::seq_cst) const {
        return ops<T>::update(p(), [v](T x) { return x - v; }, o);
    }
    T fetch_min(T v, memory_order o = memory_order::seq_cst) const {
        return ops<T>::update(p(), [v](T x) { return v < x ? v : x; }, o);
    }
    T fetch_max(T v, memory_order o = memory_order::seq_cst) const {
        return ops<T>::update(p(), [v](T x) { return v > x ? v : x; }, o);
    }
    T operator+=(T v) const { return fetch_add(v) + v; }
    T operator-=(T v) const { return fetch_sub(v) - v; }
};

/* Pointers: arithmetic in elements (the builtins would add bytes). */
template <class U, class D> struct arith<U *, D, false, false> : base<U *, D> {
    using difference_type = ptrdiff_t;
    using base<U *, D>::p;
    U *fetch_add(ptrdiff_t d, memory_order o = memory_order::seq_cst) const {
        return ops<U *>::update(p(), [d](U *x) { return x + d; }, o);
    }
    U *fetch_sub(ptrdiff_t d, memory_order o = memory_order::seq_cst) const {
        return ops<U *>::update(p(), [d](U *x) { return x - d; }, o);
    }
    U *operator++(int) const { return fetch_add(1); }
    U *operator--(int) const { return fetch_sub(1); }
    U *operator++() const { return fetch_add(1) + 1; }
    U *operator--() const { return fetch_sub(1) - 1; }
    U *operator+=(ptrdiff_t d) const { return fetch_add(d) + d; }
    U *operator-=(ptrdiff_t d) const { return fetch_sub(d) - d; }
};

} // namespace __cu2c

/* An atomic object: T's storage, aligned as the builtins need. The default constructor is
 * trivial, as libcu++'s, so that __shared__ atomics need no dynamic initialisation. */
template <class T, thread_scope Scope = thread_scope_system>
struct __cu2c_atomic : __cu2c::arith<T, __cu2c_atomic<T, Scope>> {
    static_assert(::std::is_trivially_copyable<T>::value, "cuda::atomic<T> needs a trivially copyable T");
    alignas(sizeof(T) <= 16 && (sizeof(T) & (sizeof(T) - 1)) == 0 ? sizeof(T) : alignof(T)) T __cu2c_v;
    __cu2c_atomic() = default;
    constexpr __cu2c_atomic(T v) : __cu2c_v(v) {}
    __cu2c_atomic(const __cu2c_atomic &) = delete;
    __cu2c_atomic &operator=(const __cu2c_atomic &) = delete;
    T *__cu2c_ptr() const { return const_cast<T *>(&__cu2c_v); }
    T operator=(T v) {
        this->store(v);
        return v;
    }
};

template <class T> struct atomic : __cu2c_atomic<T, thread_scope_system> {
    atomic() = default;
    constexpr atomic(T v) : __cu2c_atomic<T, thread_scope_system>(v) {}
    using __cu2c_atomic<T, thread_scope_system>::operator=;
};

/* A reference to an object that atomics update (C++20's atomic_ref): the object must stay
 * aligned to its size, as in CUDA. */
template <class T, thread_scope Scope = thread_scope_system>
struct __cu2c_atomic_ref : __cu2c::arith<T, __cu2c_atomic_ref<T, Scope>> {
    static constexpr size_t required_alignment = sizeof(T);
    T *__cu2c_p;
    explicit __cu2c_atomic_ref(T &obj) : __cu2c_p(&obj) {}
    __cu2c_atomic_ref(const __cu2c_atomic_ref &) = default;
    T *__cu2c_ptr() const { return __cu2c_p; }
    T operator=(T v) const {
        this->store(v);
        return v;
    }
};

template <class T> struct atomic_ref : __cu2c_atomic_ref<T, thread_scope_system> {
    explicit atomic_ref(T &obj) : __cu2c_atomic_ref<T, thread_scope_system>(obj) {}
    using __cu2c_atomic_ref<T, thread_scope_system>::operator=;
};

using atomic_int = atomic<int>;
using atomic_uint = atomic<unsigned int>;
using atomic_long = atomic<long>;
using atomic_ulong = atomic<unsigned long>;
using atomic_llong = atomic<long long>;
using atomic_ullong = atomic<unsigned long long>;
using atomic_bool = atomic<bool>;

} // namespace std

using std::thread_scope;
using std::thread_scope_system;
using std::thread_scope_device;
using std::thread_scope_block;
using std::thread_scope_thread;
using std::memory_order;
using std::memory_order_relaxed;
using std::memory_order_consume;
using std::memory_order_acquire;
using std::memory_order_release;
using std::memory_order_acq_rel;
using std::memory_order_seq_cst;
using std::atomic_thread_fence;

template <class T, thread_scope Scope = thread_scope_system> struct atomic : std::__cu2c_atomic<T, Scope> {
    atomic() = default;
    constexpr atomic(T v) : std::__cu2c_atomic<T, Scope>(v) {}
    using std::__cu2c_atomic<T, Scope>::operator=;
};

template <class T, thread_scope Scope = thread_scope_system> struct atomic_ref : std::__cu2c_atomic_ref<T, Scope> {
    explicit atomic_ref(T &obj) : std::__cu2c_atomic_ref<T, Scope>(obj) {}
    using std::__cu2c_atomic_ref<T, Scope>::operator=;
};

} // namespace cuda

#ifdef CU2C_PARSING
#pragma clang force_cuda_host_device end
#endif

#endif
