// CUDA 12's DPX integer functions, every one the headers declare: max/min of two with relu,
// of three (with relu), add-then-max/min (with relu), and the max/min telling which operand
// won, on int, unsigned int and halfword pairs (s16x2, u16x2). Each result (and predicate)
// compared with a host model over edge values (INT_MIN, INT_MAX, 0x8000 halfwords) and a
// pseudo-random sweep. Built as C++ (the predicates are bool *).
// RUN: %cu2cc -O2 %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK-NOT: FAIL
// CHECK: dpx: 44 results, PASS
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>

#define N 192
#define R 44

__global__ void dpx(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned x = a[i], y = b[i], z = c[i], *o = out + i * R;
    int sx = (int)x, sy = (int)y, sz = (int)z;
    int k = 0;
    o[k++] = (unsigned)__vimax_s32_relu(sx, sy);
    o[k++] = (unsigned)__vimin_s32_relu(sx, sy);
    o[k++] = __vimax_s16x2_relu(x, y);
    o[k++] = __vimin_s16x2_relu(x, y);
    o[k++] = (unsigned)__vimax3_s32(sx, sy, sz);
    o[k++] = (unsigned)__vimin3_s32(sx, sy, sz);
    o[k++] = (unsigned)__vimax3_s32_relu(sx, sy, sz);
    o[k++] = (unsigned)__vimin3_s32_relu(sx, sy, sz);
    o[k++] = __vimax3_u32(x, y, z);
    o[k++] = __vimin3_u32(x, y, z);
    o[k++] = __vimax3_s16x2(x, y, z);
    o[k++] = __vimin3_s16x2(x, y, z);
    o[k++] = __vimax3_s16x2_relu(x, y, z);
    o[k++] = __vimin3_s16x2_relu(x, y, z);
    o[k++] = __vimax3_u16x2(x, y, z);
    o[k++] = __vimin3_u16x2(x, y, z);
    o[k++] = (unsigned)__viaddmax_s32(sx, sy, sz);
    o[k++] = (unsigned)__viaddmin_s32(sx, sy, sz);
    o[k++] = (unsigned)__viaddmax_s32_relu(sx, sy, sz);
    o[k++] = (unsigned)__viaddmin_s32_relu(sx, sy, sz);
    o[k++] = __viaddmax_u32(x, y, z);
    o[k++] = __viaddmin_u32(x, y, z);
    o[k++] = __viaddmax_s16x2(x, y, z);
    o[k++] = __viaddmin_s16x2(x, y, z);
    o[k++] = __viaddmax_s16x2_relu(x, y, z);
    o[k++] = __viaddmin_s16x2_relu(x, y, z);
    o[k++] = __viaddmax_u16x2(x, y, z);
    o[k++] = __viaddmin_u16x2(x, y, z);
    bool p, hi, lo;
    o[k++] = (unsigned)__vibmax_s32(sx, sy, &p);
    o[k++] = p;
    o[k++] = (unsigned)__vibmin_s32(sx, sy, &p);
    o[k++] = p;
    o[k++] = __vibmax_u32(x, y, &p);
    o[k++] = p;
    o[k++] = __vibmin_u32(x, y, &p);
    o[k++] = p;
    o[k++] = __vibmax_s16x2(x, y, &hi, &lo);
    o[k++] = hi * 2 + lo;
    o[k++] = __vibmin_s16x2(x, y, &hi, &lo);
    o[k++] = hi * 2 + lo;
    o[k++] = __vibmax_u16x2(x, y, &hi, &lo);
    o[k++] = hi * 2 + lo;
    o[k++] = __vibmin_u16x2(x, y, &hi, &lo);
    o[k++] = hi * 2 + lo;
}

/* the host model, halfword by halfword with int16_t / uint16_t */
template <class F> static unsigned h2s(unsigned a, unsigned b, unsigned c, F f) {
    unsigned r = 0;
    for (int h = 0; h < 2; h++)
        r |= (unsigned)(uint16_t)f((int)(int16_t)(a >> 16 * h), (int)(int16_t)(b >> 16 * h), (int)(int16_t)(c >> 16 * h))
             << 16 * h;
    return r;
}
template <class F> static unsigned h2u(unsigned a, unsigned b, unsigned c, F f) {
    unsigned r = 0;
    for (int h = 0; h < 2; h++)
        r |= (unsigned)(uint16_t)f((int)(uint16_t)(a >> 16 * h), (int)(uint16_t)(b >> 16 * h), (int)(uint16_t)(c >> 16 * h))
             << 16 * h;
    return r;
}
static int relu(int v) { return v < 0 ? 0 : v; }
static int16_t add16(int a, int b) { return (int16_t)(uint16_t)(a + b); }

static void model(unsigned x, unsigned y, unsigned z, unsigned *e) {
    using std::max;
    using std::min;
    int sx = (int)x, sy = (int)y, sz = (int)z, k = 0;
    int sum = (int)(x + y);
    e[k++] = relu(max(sx, sy));
    e[k++] = relu(min(sx, sy));
    e[k++] = h2s(x, y, 0, [](int a, int b, int) { return relu(max(a, b)); });
    e[k++] = h2s(x, y, 0, [](int a, int b, int) { return relu(min(a, b)); });
    e[k++] = max(max(sx, sy), sz);
    e[k++] = min(min(sx, sy), sz);
    e[k++] = relu(max(max(sx, sy), sz));
    e[k++] = relu(min(min(sx, sy), sz));
    e[k++] = max(max(x, y), z);
    e[k++] = min(min(x, y), z);
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return max(max(a, b), c); });
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return min(min(a, b), c); });
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return relu(max(max(a, b), c)); });
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return relu(min(min(a, b), c)); });
    e[k++] = h2u(x, y, z, [](int a, int b, int c) { return max(max(a, b), c); });
    e[k++] = h2u(x, y, z, [](int a, int b, int c) { return min(min(a, b), c); });
    e[k++] = max(sum, sz);
    e[k++] = min(sum, sz);
    e[k++] = relu(max(sum, sz));
    e[k++] = relu(min(sum, sz));
    e[k++] = max(x + y, z);
    e[k++] = min(x + y, z);
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return max((int)add16(a, b), c); });
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return min((int)add16(a, b), c); });
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return relu(max((int)add16(a, b), c)); });
    e[k++] = h2s(x, y, z, [](int a, int b, int c) { return relu(min((int)add16(a, b), c)); });
    e[k++] = h2u(x, y, z, [](int a, int b, int c) { return max((a + b) & 0xffff, c); });
    e[k++] = h2u(x, y, z, [](int a, int b, int c) { return min((a + b) & 0xffff, c); });
    e[k++] = max(sx, sy), e[k++] = sx >= sy;
    e[k++] = min(sx, sy), e[k++] = sx <= sy;
    e[k++] = max(x, y), e[k++] = x >= y;
    e[k++] = min(x, y), e[k++] = x <= y;
    int16_t ah = (int16_t)(x >> 16), al = (int16_t)x, bh = (int16_t)(y >> 16), bl = (int16_t)y;
    uint16_t uah = (uint16_t)(x >> 16), ual = (uint16_t)x, ubh = (uint16_t)(y >> 16), ubl = (uint16_t)y;
    e[k++] = h2s(x, y, 0, [](int a, int b, int) { return max(a, b); }), e[k++] = (ah >= bh) * 2 + (al >= bl);
    e[k++] = h2s(x, y, 0, [](int a, int b, int) { return min(a, b); }), e[k++] = (ah <= bh) * 2 + (al <= bl);
    e[k++] = h2u(x, y, 0, [](int a, int b, int) { return max(a, b); }), e[k++] = (uah >= ubh) * 2 + (ual >= ubl);
    e[k++] = h2u(x, y, 0, [](int a, int b, int) { return min(a, b); }), e[k++] = (uah <= ubh) * 2 + (ual <= ubl);
}

int main() {
    static unsigned a[N], b[N], c[N], out[N * R];
    const unsigned edges[] = {0u, 1u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x80007fffu, 0x7fff8000u, 0x00018000u};
    unsigned seed = 7u;
    for (int i = 0; i < N; i++) {
        if (i < 128) {
            a[i] = edges[i % 8];
            b[i] = edges[i / 8 % 8];
            c[i] = edges[(i * 3 + i / 16) % 8];
        } else {
            seed = seed * 1664525u + 1013904223u;
            a[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            b[i] = seed;
            seed = seed * 1664525u + 1013904223u;
            c[i] = seed;
        }
    }
    unsigned *da, *db, *dc, *dout;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dc, sizeof c);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c, sizeof c, cudaMemcpyHostToDevice);
    dpx<<<N / 64, 64>>>(da, db, dc, dout);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int bad = cudaGetLastError() != cudaSuccess;
    for (int i = 0; i < N; i++) {
        unsigned e[R];
        model(a[i], b[i], c[i], e);
        for (int k = 0; k < R; k++)
            if (out[i * R + k] != e[k] && bad++ < 8)
                printf("FAIL: result %d for (%08x, %08x, %08x): %08x, expected %08x\n", k, a[i], b[i], c[i],
                       out[i * R + k], e[k]);
    }
    printf("dpx: %d results, %s\n", R, bad ? "FAIL" : "PASS");
    return 0;
}
