// What cu2c's NCCL tests share (tests/run/nccl_*.cu): status checks counting failures, and
// each NCCL element type's host reference written with CUDA's own host types and NCCL's
// documented semantics (inputs folded in rank order; half and bf16 rounded after each step;
// fp8 through half arithmetic, saturating; PreMulSum's product rounded before the sum;
// ncclAvg a PreMulSum by 1/nranks for floats, the wrapped sum divided for integers), so that
// results are compared bit for bit.
#ifndef CU2C_TEST_NCCL_COMMON_H
#define CU2C_TEST_NCCL_COMMON_H
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <nccl.h>

static int failures = 0;

#define EXPECT_NCCL(call, want)                                                                    \
    do {                                                                                           \
        ncclResult_t r_ = (call);                                                                  \
        if (r_ != (want)) {                                                                        \
            std::printf("line %d: %s returned %d (%s), want %s [%s]\n", __LINE__, #call, (int)r_, \
                        ncclGetErrorString(r_), #want, ncclGetLastError(NULL));                    \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)
#define NCCLCHECK(call) EXPECT_NCCL(call, ncclSuccess)
#define CUDACHECK(call)                                                                            \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            std::printf("line %d: %s: %s\n", __LINE__, #call, cudaGetErrorString(e_));             \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)
#define EXPECT(cond)                                                                               \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::printf("line %d: expected %s\n", __LINE__, #cond);                                \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

// The reductions a test runs, by what it asks of NCCL.
enum RedKind { RED_SUM, RED_PROD, RED_MAX, RED_MIN, RED_AVG, RED_PREMUL_HOST, RED_PREMUL_DEVICE, RED_KINDS };
static const char *const red_names[RED_KINDS] = {"sum", "prod", "max", "min", "avg", "premul(host)", "premul(device)"};

// ---- each type: its NCCL enum, test values, and NCCL's arithmetic on the host -------------------

template <typename T> struct Ref;

// Integers: sums and products wrap (computed unsigned), ncclAvg divides the sum, truncating.
template <typename T, ncclDataType_t TYPE> struct IntRef {
    typedef typename std::make_unsigned<T>::type U;
    static const ncclDataType_t type = TYPE;
    static const bool is_int = true;
    static T value(int r, size_t i) {
        int v = (int)((i * 7 + (size_t)r * 5 + 3) % 23);
        return std::is_signed<T>::value ? (T)(v - 11) : (T)(v * 11);   // unsigned 8-bit sums wrap
    }
    static T add(T a, T b) { return (T)((U)a + (U)b); }
    static T mul(T a, T b) { return (T)((U)a * (U)b); }
    static T max(T a, T b) { return a > b ? a : b; }
    static T min(T a, T b) { return a < b ? a : b; }
    static T scalar(int r) { return (T)(r + 2); }
    static T avg_scalar(int) { return 0; }
    static T avg(T sum, int n) { return (T)(sum / n); }
    static double show(T v) { return (double)v; }
};
template <> struct Ref<int8_t> : IntRef<int8_t, ncclInt8> {};
template <> struct Ref<uint8_t> : IntRef<uint8_t, ncclUint8> {};
template <> struct Ref<int32_t> : IntRef<int32_t, ncclInt32> {};
template <> struct Ref<uint32_t> : IntRef<uint32_t, ncclUint32> {};
template <> struct Ref<int64_t> : IntRef<int64_t, ncclInt64> {};
template <> struct Ref<uint64_t> : IntRef<uint64_t, ncclUint64> {};

// float and double: in the type, max and min as fmax/fmin.
template <typename T, ncclDataType_t TYPE> struct FloatRef {
    static const ncclDataType_t type = TYPE;
    static const bool is_int = false;
    static T value(int r, size_t i) { return (T)((int)((i * 2654435761u + (size_t)r * 97u) % 1009) - 504) / (T)37; }
    static T add(T a, T b) { return a + b; }
    static T mul(T a, T b) {
        volatile T p = a * b;   // rounded before any sum: never contracted into an FMA
        return p;
    }
    static T max(T a, T b) { return std::fmax(a, b); }
    static T min(T a, T b) { return std::fmin(a, b); }
    static T scalar(int r) { return (T)0.5 * (T)(r + 1); }
    static T avg_scalar(int n) { return (T)(1.0 / n); }
    static T avg(T sum, int) { return sum; }
    static double show(T v) { return (double)v; }
};
template <> struct Ref<float> : FloatRef<float, ncclFloat32> {};
template <> struct Ref<double> : FloatRef<double, ncclFloat64> {};

// half and bf16: each step in float, rounded to the type (as __hadd, __hmul, __hmax do).
template <> struct Ref<__half> {
    static const ncclDataType_t type = ncclFloat16;
    static const bool is_int = false;
    static __half value(int r, size_t i) { return __float2half((float)((int)((i * 31 + (size_t)r * 17) % 257) - 128) / 16.0f); }
    static __half add(__half a, __half b) { return __float2half(__half2float(a) + __half2float(b)); }
    static __half mul(__half a, __half b) { return __float2half(__half2float(a) * __half2float(b)); }
    static __half max(__half a, __half b) { return __float2half(fmaxf(__half2float(a), __half2float(b))); }
    static __half min(__half a, __half b) { return __float2half(fminf(__half2float(a), __half2float(b))); }
    static __half scalar(int r) { return __float2half(0.5f * (float)(r + 1)); }
    static __half avg_scalar(int n) { return __float2half((float)(1.0 / n)); }
    static __half avg(__half sum, int) { return sum; }
    static double show(__half v) { return __half2float(v); }
};
template <> struct Ref<__nv_bfloat16> {
    typedef __nv_bfloat16 B;
    static const ncclDataType_t type = ncclBfloat16;
    static const bool is_int = false;
    static B value(int r, size_t i) { return __float2bfloat16((float)((int)((i * 31 + (size_t)r * 17) % 257) - 128) / 16.0f); }
    static B add(B a, B b) { return __float2bfloat16(__bfloat162float(a) + __bfloat162float(b)); }
    static B mul(B a, B b) { return __float2bfloat16(__bfloat162float(a) * __bfloat162float(b)); }
    static B max(B a, B b) { return __float2bfloat16(fmaxf(__bfloat162float(a), __bfloat162float(b))); }
    static B min(B a, B b) { return __float2bfloat16(fminf(__bfloat162float(a), __bfloat162float(b))); }
    static B scalar(int r) { return __float2bfloat16(0.5f * (float)(r + 1)); }
    static B avg_scalar(int n) { return __float2bfloat16((float)(1.0 / n)); }
    static B avg(B sum, int) { return sum; }
    static double show(B v) { return __bfloat162float(v); }
};
// fp8: NCCL computes in half (__hadd(__half(x), __half(y))) and converts back saturating.
template <typename F, ncclDataType_t TYPE> struct Fp8Ref {
    static const ncclDataType_t type = TYPE;
    static const bool is_int = false;
    static F via_half(float v) { return F(__float2half(v)); }
    static F value(int r, size_t i) { return F((float)((int)((i * 13 + (size_t)r * 7) % 33) - 16) / 4.0f); }
    static F add(F a, F b) { return via_half((float)a + (float)b); }
    static F mul(F a, F b) { return via_half((float)a * (float)b); }
    static F max(F a, F b) { return via_half(fmaxf((float)a, (float)b)); }
    static F min(F a, F b) { return via_half(fminf((float)a, (float)b)); }
    static F scalar(int r) { return F(0.5f * (float)(r + 1)); }
    static F avg_scalar(int n) { return F((float)(1.0 / n)); }
    static F avg(F sum, int) { return sum; }
    static double show(F v) { return (float)v; }
};
template <> struct Ref<__nv_fp8_e4m3> : Fp8Ref<__nv_fp8_e4m3, ncclFloat8e4m3> {};
template <> struct Ref<__nv_fp8_e5m2> : Fp8Ref<__nv_fp8_e5m2, ncclFloat8e5m2> {};

// The reduction of n values (rank order) by kind; scalars[r] for PreMulSum.
template <typename T> static T ref_fold(RedKind kind, const T *v, int n, const T *scalars) {
    typedef Ref<T> R;
    bool premul = kind == RED_PREMUL_HOST || kind == RED_PREMUL_DEVICE || (kind == RED_AVG && !R::is_int);
    T acc = premul ? R::mul(v[0], scalars[0]) : v[0];
    for (int j = 1; j < n; j++) {
        T x = premul ? R::mul(v[j], scalars[j]) : v[j];
        switch (kind) {
        case RED_PROD: acc = R::mul(acc, x); break;
        case RED_MAX: acc = R::max(acc, x); break;
        case RED_MIN: acc = R::min(acc, x); break;
        default: acc = R::add(acc, x); break;
        }
    }
    return kind == RED_AVG && R::is_int ? R::avg(acc, n) : acc;
}

// The ncclRedOp_t of a kind (a PreMulSum made by the caller for the premul kinds).
static ncclRedOp_t builtin_op(RedKind k) {
    static const ncclRedOp_t ops[] = {ncclSum, ncclProd, ncclMax, ncclMin, ncclAvg};
    return k < RED_PREMUL_HOST ? ops[k] : ncclSum;
}

template <typename T> static bool same_bits(T a, T b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

#endif
