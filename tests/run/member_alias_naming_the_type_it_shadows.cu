// A class's member alias named like the outer type it stands for (`using config =
// config<int, float>;`, `typedef box<T> box;`, in a namespace too), as HeCBench's bmf writes
// it: nvcc accepts it, and g++ rejects the same text ("changes meaning"). cu2c writes the
// outer name qualified (`::config<...>`, `::ns::pair<...>`), which names the same type; names
// written qualified stay. The program builds and the kernel uses the members through the
// aliases.
// RUN: %cu2c %s -o %t.cpp && FileCheck %s < %t.cpp
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// CHECK: using pair = ::ns::pair<T>;
// CHECK: using config = ::config<int, float>;
// CHECK: typedef ::box<T> box;
// CHECK: typedef ns::pair<T> qualified;
// CHECK: using already = ::config<int, int>;
#include <cstdio>

template <typename I, typename E>
struct config {
    I n;
    E scale;
};

template <typename T>
struct box {
    T v;
};

namespace ns {
template <typename T>
struct pair {
    T a, b;
};
template <typename T>
struct holder {
    using pair = pair<T>;
    pair p;
};
}

template <typename T = float>
class runner {
public:
    using config = config<int, float>;
    typedef box<T> box;
    typedef ns::pair<T> qualified;
    using already = ::config<int, int>;
    config cfg;
    typename ns::holder<T>::pair p;
    box b;
    already plain;
};

__global__ void apply(const float *in, float *out, runner<float>::config cfg, ns::holder<float>::pair p, runner<float>::box b) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < cfg.n)
        out[i] = in[i] * cfg.scale + p.a - p.b + b.v;
}

int main() {
    runner<float> r;
    r.cfg.n = 100;
    r.cfg.scale = 2.0f;
    r.p.a = 3.0f;
    r.p.b = 1.0f;
    r.plain.n = 7;
    r.b.v = 0.5f;
    float *in, *out;
    cudaMallocManaged(&in, 128 * sizeof(float));
    cudaMallocManaged(&out, 128 * sizeof(float));
    for (int i = 0; i < 128; i++) {
        in[i] = (float)i;
        out[i] = -1.0f;
    }
    apply<<<2, 64>>>(in, out, r.cfg, r.p, r.b);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < 128; i++)
        bad += out[i] != (i < 100 ? 2.0f * i + 2.5f : -1.0f);
    if (bad || r.plain.n != 7) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
