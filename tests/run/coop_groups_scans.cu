// cooperative_groups::inclusive_scan and exclusive_scan (cooperative_groups/scan.h) over
// tiles of 4, 16 and 32 threads, tiles of several warps (64, 128), coalesced groups (all
// 32 lanes, and the odd lanes under an if), with the default plus, cg::plus on floats, a
// non-commutative op (its argument order is CUDA's: op(own, earlier)), cg::greater and a
// lambda; and in a template whose group type is a parameter. Every result is checked
// against a host model of CUDA's scan (cooperative_groups/details/scan.h): Kogge-Stone steps
// combining op(own, value i ranks below); exclusive: integral plus subtracts the own value,
// any other op takes the next lower rank's inclusive result (rank 0: T{}); a tile of several
// warps scans each warp, then the warps' totals.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: scans: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

#define BLOCK 256

/* a non-commutative, associative op: (a, b) -> a * 3 + b modulo 2^32 is not associative;
 * 2x2 matrix product over integers mod 2^32, packed as 4 bytes, is */
struct Mat {
    unsigned a, b, c, d;
};
struct matmul {
    __host__ __device__ Mat operator()(Mat x, Mat y) const {
        return Mat{x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d};
    }
};

template <int N>
__global__ void tile_scans(const int *in, const float *fin, int *inc, int *exc, float *finc, float *fexc,
                           int *gmax, int *gexc) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
    int t = threadIdx.x;
    int v = in[t];
    float f = fin[t];
    int a = cg::inclusive_scan(tile, v);
    int b = cg::exclusive_scan(tile, v);
    float c = cg::inclusive_scan(tile, f, cg::plus<float>());
    float d = cg::exclusive_scan(tile, f, cg::plus<float>());
    int e = cg::inclusive_scan(tile, v, cg::greater<int>());
    int g = cg::exclusive_scan(tile, v, [](int x, int y) { return x > y ? x : y; });
    inc[t] = a;
    exc[t] = b;
    finc[t] = c;
    fexc[t] = d;
    gmax[t] = e;
    gexc[t] = g;
}

/* a 16-byte value: tiles of a warp at most (CUDA's limit for several warps is 8 bytes) */
template <int N>
__global__ void matrix_scan(const int *in, unsigned *mat) {
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(cg::this_thread_block());
    int t = threadIdx.x;
    Mat m = {(unsigned)in[t], 1u, 2u, (unsigned)t};
    Mat r = cg::inclusive_scan(tile, m, matmul());
    mat[4 * t] = r.a;
    mat[4 * t + 1] = r.b;
    mat[4 * t + 2] = r.c;
    mat[4 * t + 3] = r.d;
}

/* coalesced groups: all lanes, then the odd lanes of each warp */
__global__ void coalesced_scans(const int *in, int *inc, int *exc, int *odd_inc, int *odd_exc) {
    int t = threadIdx.x;
    int v = in[t];
    cg::coalesced_group all = cg::coalesced_threads();
    inc[t] = cg::inclusive_scan(all, v);
    exc[t] = cg::exclusive_scan(all, v, cg::plus<int>());
    odd_inc[t] = -1;
    odd_exc[t] = -1;
    if (t & 1) {
        cg::coalesced_group odd = cg::coalesced_threads();
        odd_inc[t] = cg::inclusive_scan(odd, v);
        odd_exc[t] = cg::exclusive_scan(odd, v, cg::greater<int>());
    }
}

/* the group's type a template parameter */
template <class Group>
__device__ int scan_in(const Group &g, int v) {
    return cg::exclusive_scan(g, v);
}

__global__ void generic_scan(const int *in, int *out) {
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
    out[threadIdx.x] = scan_in(tile, in[threadIdx.x]);
}

/* ---- the host model ---- */

template <class T, class Op>
static std::vector<T> kogge_stone(std::vector<T> c, Op op) {
    int k = (int)c.size();
    for (int i = 1; i < k; i <<= 1) {
        std::vector<T> nb = c;
        for (int j = i; j < k; j++)
            nb[j] = op(c[j], c[j - i]);
        c = nb;
    }
    return c;
}

template <class T>
static T minus(const T &a, const T &b) { return a - b; }
static Mat minus(const Mat &a, const Mat &) { return a; }   /* never asked */

template <class T, class Op>
static std::vector<T> to_exclusive(std::vector<T> inc, const std::vector<T> &v, bool subtract) {
    std::vector<T> r(inc.size());
    for (size_t j = 0; j < inc.size(); j++)
        r[j] = subtract ? minus(inc[j], v[j]) : j ? inc[j - 1] : T{};
    return r;
}

/* CUDA's result for one group of values (size: the group's; over 32: several warps) */
template <class T, class Op>
static std::vector<T> model(const std::vector<T> &v, Op op, bool exclusive, bool subtract) {
    int n = (int)v.size();
    if (n <= 32) {
        std::vector<T> inc = kogge_stone(v, op);
        return exclusive ? to_exclusive<T, Op>(inc, v, subtract) : inc;
    }
    int nw = n / 32;
    std::vector<T> r(n), tot(nw);
    for (int w = 0; w < nw; w++) {
        std::vector<T> part(v.begin() + 32 * w, v.begin() + 32 * w + 32);
        std::vector<T> inc = kogge_stone(part, op);
        tot[w] = inc[31];
        for (int l = 0; l < 32; l++)
            r[32 * w + l] = exclusive ? (l ? inc[l - 1] : inc[0]) : inc[l];
    }
    std::vector<T> ti = kogge_stone(tot, op), te = to_exclusive<T, Op>(ti, tot, subtract);
    for (int i = 0; i < n; i++) {
        int w = i / 32;
        if (exclusive && i % 32 == 0)
            r[i] = te[w];
        else if (w > 0)
            r[i] = op(r[i], te[w]);
    }
    return r;
}

static int bad = 0;

template <class T>
static void expect(const char *what, int n, const T *got, const std::vector<T> &want, int base) {
    for (int i = 0; i < n; i++)
        if (!(got[base + i] == want[i]) && bad++ < 10)
            printf("FAIL %s: thread %d\n", what, base + i);
}

struct IntPlus { int operator()(int a, int b) const { return a + b; } };
struct FloatPlus { float operator()(float a, float b) const { return a + b; } };
struct IntMax { int operator()(int a, int b) const { return a < b ? b : a; } };
struct MatMul {
    Mat operator()(Mat x, Mat y) const { return matmul()(x, y); }
};
static bool operator==(const Mat &x, const Mat &y) { return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d; }

template <int N>
static void run_tiles(const int *in, const float *fin, int *o[6], float *fo[2], unsigned *mat) {
    tile_scans<N><<<1, BLOCK>>>(in, fin, o[0], o[1], fo[0], fo[1], o[2], o[3]);
    if (N <= 32)
        matrix_scan<N <= 32 ? N : 32><<<1, BLOCK>>>(in, mat);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL launch of tile %d\n", N);
        bad++;
        return;
    }
    char what[64];
    for (int base = 0; base < BLOCK; base += N) {
        std::vector<int> v(in + base, in + base + N);
        std::vector<float> f(fin + base, fin + base + N);
        std::vector<Mat> m(N);
        for (int i = 0; i < N; i++)
            m[i] = Mat{(unsigned)v[i], 1u, 2u, (unsigned)(base + i)};
        snprintf(what, sizeof what, "tile %d inclusive plus", N);
        expect(what, N, o[0], model(v, IntPlus(), false, true), base);
        snprintf(what, sizeof what, "tile %d exclusive plus", N);
        expect(what, N, o[1], model(v, IntPlus(), true, true), base);
        snprintf(what, sizeof what, "tile %d inclusive float", N);
        expect(what, N, fo[0], model(f, FloatPlus(), false, false), base);
        snprintf(what, sizeof what, "tile %d exclusive float", N);
        expect(what, N, fo[1], model(f, FloatPlus(), true, false), base);
        snprintf(what, sizeof what, "tile %d inclusive greater", N);
        expect(what, N, o[2], model(v, IntMax(), false, false), base);
        snprintf(what, sizeof what, "tile %d exclusive lambda", N);
        expect(what, N, o[3], model(v, IntMax(), true, false), base);
        std::vector<Mat> mm = model(m, MatMul(), false, false);
        for (int i = 0; i < N && N <= 32; i++)
            if (!(Mat{mat[4 * (base + i)], mat[4 * (base + i) + 1], mat[4 * (base + i) + 2], mat[4 * (base + i) + 3]} == mm[i]) &&
                bad++ < 10)
                printf("FAIL tile %d matrix product thread %d\n", N, base + i);
    }
}

int main() {
    int *in, *o[6];
    float *fin, *fo[2];
    unsigned *mat;
    cudaMallocManaged(&in, BLOCK * sizeof(int));
    cudaMallocManaged(&fin, BLOCK * sizeof(float));
    cudaMallocManaged(&mat, 4 * BLOCK * sizeof(unsigned));
    for (int i = 0; i < 6; i++)
        cudaMallocManaged(&o[i], BLOCK * sizeof(int));
    for (int i = 0; i < 2; i++)
        cudaMallocManaged(&fo[i], BLOCK * sizeof(float));
    unsigned s = 12345;
    for (int i = 0; i < BLOCK; i++) {
        s = s * 1103515245u + 12345u;
        in[i] = (int)(s >> 16) % 1000 - 300;
        fin[i] = (float)((s >> 8) % 100000) / 997.0f - 30.0f;   /* sums whose rounding depends on order */
    }
    run_tiles<4>(in, fin, o, fo, mat);
    run_tiles<16>(in, fin, o, fo, mat);
    run_tiles<32>(in, fin, o, fo, mat);
    run_tiles<64>(in, fin, o, fo, mat);
    run_tiles<128>(in, fin, o, fo, mat);

    coalesced_scans<<<1, BLOCK>>>(in, o[0], o[1], o[2], o[3]);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL launch of coalesced_scans\n");
        return 1;
    }
    for (int base = 0; base < BLOCK; base += 32) {
        std::vector<int> v(in + base, in + base + 32), odd;
        for (int l = 1; l < 32; l += 2)
            odd.push_back(v[l]);
        expect("coalesced inclusive", 32, o[0], model(v, IntPlus(), false, true), base);
        expect("coalesced exclusive", 32, o[1], model(v, IntPlus(), true, true), base);
        std::vector<int> oi = model(odd, IntPlus(), false, true), oe = model(odd, IntMax(), true, false);
        for (int l = 0; l < 32; l++) {
            int wi = l & 1 ? oi[l / 2] : -1, we = l & 1 ? oe[l / 2] : -1;
            if ((o[2][base + l] != wi || o[3][base + l] != we) && bad++ < 10)
                printf("FAIL coalesced odd lanes: thread %d\n", base + l);
        }
    }

    generic_scan<<<1, BLOCK>>>(in, o[4]);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL launch of generic_scan\n");
        return 1;
    }
    for (int base = 0; base < BLOCK; base += 8) {
        std::vector<int> v(in + base, in + base + 8);
        expect("template group exclusive", 8, o[4], model(v, IntPlus(), true, true), base);
    }
    printf("scans: %s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
