// 32-bit division and remainder in thread loops the C compiler vectorises: cu2c/arithmetic.h
// computes a quotient by a divisor that is not a constant as a * (1.0 / b) in double,
// corrected where the quotient is exact, with the GPU's results for b = 0 (all bits set) and
// b = -1 (INT_MIN / -1 wraps, INT_MIN % -1 is 0). Every case against the host's C division:
// a uniform divisor (Rodinia srad's `(ei + 1) % d_Nr`, the block's row length), divisors
// varying per thread, exact multiples (where the product lands just below the quotient), the
// extremes of int and unsigned, negative dividends and divisors. Built as cu2cc builds it
// (-O3, vectorised for this CPU), also for the x86-64 baseline and with -ffast-math.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 120 %t
// RUN: %cu2cc --host-march portable %s -o %t.base && env CU2C_NUM_THREADS=1 timeout 120 %t.base
// RUN: %cu2cc -Xcompiler -ffast-math %s -o %t.fast && env CU2C_NUM_THREADS=2 timeout 120 %t.fast
#include <climits>
#include <cstdio>
#include <cstdlib>

__global__ void by_uniform(const int *a, int d, int *q, int *r, unsigned *uq, unsigned *ur, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        q[i] = a[i] / d;
        r[i] = a[i] % d;
        uq[i] = (unsigned)a[i] / (unsigned)d;
        ur[i] = (unsigned)a[i] % (unsigned)d;
    }
}

__global__ void by_varying(const int *a, const int *b, int *q, int *r, unsigned *uq, unsigned *ur, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = a[i], y = b[i];
        q[i] = x / y;
        r[i] = x % y;
        uq[i] = (unsigned)x / (unsigned)y;
        ur[i] = (unsigned)x % (unsigned)y;
    }
}

// the GPU's results, from C's division where C defines it
static int div_ref(int a, int b) { return b == 0 ? -1 : b == -1 ? (int)(0u - (unsigned)a) : a / b; }
static int rem_ref(int a, int b) { return b == 0 ? -1 : b == -1 ? 0 : a % b; }
static unsigned udiv_ref(unsigned a, unsigned b) { return b == 0 ? UINT_MAX : a / b; }
static unsigned urem_ref(unsigned a, unsigned b) { return b == 0 ? UINT_MAX : a % b; }

static unsigned long long state = 88172645463325252ull;
static unsigned long long next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static const int special[] = {0, 1, -1, 2, -2, 3, -3, 7, -7, 10, 46341, -46341, 65536, 1 << 30,
                              INT_MAX, INT_MIN, INT_MAX - 1, INT_MIN + 1, 1000003, -1000003};
static const int nspecial = sizeof special / sizeof *special;

// a divisor of any magnitude, or a special one
static int divisor() {
    unsigned long long x = next();
    return (x & 7) == 0 ? special[(x >> 3) % nspecial] : (int)(x >> 32) >> (int)((x >> 8) & 31);
}

int main() {
    const int n = 1 << 16;
    int *a, *b, *q, *r;
    unsigned *uq, *ur;
    cudaMallocManaged(&a, n * sizeof(int));
    cudaMallocManaged(&b, n * sizeof(int));
    cudaMallocManaged(&q, n * sizeof(int));
    cudaMallocManaged(&r, n * sizeof(int));
    cudaMallocManaged(&uq, n * sizeof(unsigned));
    cudaMallocManaged(&ur, n * sizeof(unsigned));
    long bad = 0, checked = 0;
    for (int round = 0; round < 60; round++) {
        int d = round < nspecial ? special[round] : divisor();
        for (int i = 0; i < n; i++) {
            unsigned long long x = next();
            b[i] = divisor();
            switch (i % 4) {
            case 0: a[i] = (int)x; break;
            case 1: a[i] = (int)((unsigned)d * (unsigned)(int)(x >> 40)); break;      // multiples of d
            case 2: a[i] = (int)((unsigned)b[i] * (unsigned)((int)(x >> 48) - 32768)); break;  // of b[i]
            default: a[i] = special[x % nspecial] + (int)((x >> 40) & 3) - 1; break;
            }
        }
        by_uniform<<<(n + 255) / 256, 256>>>(a, d, q, r, uq, ur, n);
        cudaDeviceSynchronize();
        for (int i = 0; i < n; i++, checked++) {
            unsigned ua = (unsigned)a[i], ud = (unsigned)d;
            if ((q[i] != div_ref(a[i], d) || r[i] != rem_ref(a[i], d) || uq[i] != udiv_ref(ua, ud) ||
                 ur[i] != urem_ref(ua, ud)) && bad++ < 8)
                printf("uniform: %d / %d: %d %d %u %u, want %d %d %u %u\n", a[i], d, q[i], r[i], uq[i], ur[i],
                       div_ref(a[i], d), rem_ref(a[i], d), udiv_ref(ua, ud), urem_ref(ua, ud));
        }
        by_varying<<<(n + 255) / 256, 256>>>(a, b, q, r, uq, ur, n);
        cudaDeviceSynchronize();
        for (int i = 0; i < n; i++, checked++) {
            unsigned ua = (unsigned)a[i], ub = (unsigned)b[i];
            if ((q[i] != div_ref(a[i], b[i]) || r[i] != rem_ref(a[i], b[i]) || uq[i] != udiv_ref(ua, ub) ||
                 ur[i] != urem_ref(ua, ub)) && bad++ < 8)
                printf("varying: %d / %d: %d %d %u %u\n", a[i], b[i], q[i], r[i], uq[i], ur[i]);
        }
    }
    printf("%ld cases, %ld wrong\n", checked, bad);
    return bad != 0;
}
