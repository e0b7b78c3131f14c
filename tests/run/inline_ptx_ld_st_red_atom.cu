// Inline PTX loads and stores with a memory order, reductions and atomics, as libraries write
// them (nccl-tests' `red.global.add.u64`, multi-device barriers' `ld.acquire.sys.global.u8`
// and `st.release.sys.global.u8`): translated to atomic operations, so a kernel's blocks
// counting into one word get every count, a flag published with release is seen with acquire,
// atom returns the old value (cas, exch, inc wrapping), and floats add atomically.
// RUN: %cu2cc %s -o %t && timeout 60 %t
#include <cstdio>

__device__ unsigned char load_acquire(const unsigned char *p)
{
    unsigned int r;
    asm volatile("ld.acquire.sys.global.u8 %0, [%1];" : "=r"(r) : "l"(p) : "memory");
    return (unsigned char)r;
}

__device__ void store_release(unsigned char *p, unsigned char v)
{
    unsigned int r = v;
    asm volatile("st.release.sys.global.u8 [%0], %1;" ::"l"(p), "r"(r) : "memory");
}

__global__ void count(unsigned long long *total, float *fsum, unsigned int *imax, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned long long one = i + 1;
    asm volatile("red.global.add.u64 [%0], %1;" ::"l"(total), "l"(one) : "memory");
    float h = 0.5f;
    asm volatile("red.global.add.f32 [%0], %1;" ::"l"(fsum), "f"(h) : "memory");
    unsigned int v = (unsigned)i * 7919u % 100003u;
    asm volatile("red.relaxed.gpu.global.max.u32 [%0], %1;" ::"l"(imax), "r"(v) : "memory");
}

// block 0 publishes, block 1 waits for it (both run at once: two blocks, spinning)
__global__ void publish(unsigned char *flag, int *data, int *seen)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        *(volatile int *)data = 42;
        store_release(flag, 1);
    } else {
        long long spins = 0;
        while (load_acquire(flag) == 0 && ++spins < 4000000000LL)
            ;
        *seen = *(volatile int *)data;
    }
}

__global__ void atoms(unsigned int *w, unsigned int *old)
{
    unsigned int r, cmp = 5, val = 9, lim = 2;
    asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;" : "=r"(r) : "l"(w), "r"(cmp), "r"(val) : "memory");
    old[0] = r;   // 5: swapped to 9
    asm volatile("atom.global.exch.b32 %0, [%1], %2;" : "=r"(r) : "l"(w), "r"(lim) : "memory");
    old[1] = r;   // 9
    asm volatile("atom.global.inc.u32 %0, [%1], %2;" : "=r"(r) : "l"(w), "r"(lim) : "memory");
    old[2] = r;   // 2, and 2 >= 2 wraps to 0
    asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(r) : "l"(w) : "memory");
    old[3] = r;   // 0
}

int main()
{
    const int n = 100000;
    unsigned long long *total;
    float *fsum;
    unsigned int *imax, *w, *old;
    unsigned char *flag;
    int *data, *seen;
    cudaMallocManaged(&total, sizeof *total);
    cudaMallocManaged(&fsum, sizeof *fsum);
    cudaMallocManaged(&imax, sizeof *imax);
    cudaMallocManaged(&w, sizeof *w);
    cudaMallocManaged(&old, 4 * sizeof *old);
    cudaMallocManaged(&flag, 1);
    cudaMallocManaged(&data, sizeof *data);
    cudaMallocManaged(&seen, sizeof *seen);
    *total = 0;
    *fsum = 0;
    *imax = 0;
    *w = 5;
    *flag = 0;
    *data = 0;
    *seen = 0;
    count<<<(n + 255) / 256, 256>>>(total, fsum, imax, n);
    publish<<<2, 32>>>(flag, data, seen);
    atoms<<<1, 1>>>(w, old);
    cudaDeviceSynchronize();
    unsigned int want_max = 0;
    for (int i = 0; i < n; i++) {
        unsigned v = (unsigned)i * 7919u % 100003u;
        want_max = v > want_max ? v : want_max;
    }
    int failures = 0;
    if (*total != (unsigned long long)n * (n + 1) / 2) {
        std::printf("FAILED: red.add.u64 total %llu\n", *total);
        failures++;
    }
    if (*fsum != n * 0.5f) {
        std::printf("FAILED: red.add.f32 sum %f\n", *fsum);
        failures++;
    }
    if (*imax != want_max) {
        std::printf("FAILED: red.max.u32 %u, want %u\n", *imax, want_max);
        failures++;
    }
    if (*seen != 42) {
        std::printf("FAILED: acquire saw %d\n", *seen);
        failures++;
    }
    if (old[0] != 5 || old[1] != 9 || old[2] != 2 || old[3] != 0 || *w != 0) {
        std::printf("FAILED: atom %u %u %u %u, word %u\n", old[0], old[1], old[2], old[3], *w);
        failures++;
    }
    if (failures)
        return 1;
    std::printf("PASSED\n");
    return 0;
}
