// Device functions a macro defines, each declaring the block's extern __shared__ array
// under the macro's parameters' names (the shape of the CUDA samples' cudasharedmem.h).
template <typename T> struct DynShared;

#define DEFINE_DYN_SHARED(t, n)                                                                \
    template <> struct DynShared<t> {                                                          \
        __device__ t &operator[](int i) {                                                      \
            extern __shared__ t n[];                                                           \
            return n[i];                                                                       \
        }                                                                                      \
        __device__ t *ptr() {                                                                  \
            extern __shared__ t n[];                                                           \
            return n + threadIdx.x * 0;                                                        \
        }                                                                                      \
    }

DEFINE_DYN_SHARED(int, s_int);
DEFINE_DYN_SHARED(float, s_float);
DEFINE_DYN_SHARED(double, s_double);
