// Int locals holding B + threadIdx.x or B - threadIdx.x (the global index and its kin) get a
// fast copy of their thread loops where they are signed induction variables, taken when B
// +- threadIdx.x stays within int for the whole block; guards on them then bound the loop.
// The results must be CUDA's in both copies: guards with every comparison, either sign,
// negative offsets (a halo before block 0, recomputed after a barrier), a base read from a
// uniform local, a base naming an enum declared in the kernel, and blocks whose B +
// threadIdx.x wraps past INT_MAX (there the conversion to int wraps as in CUDA, and the
// general copy must run). Several block sizes, 1 and 2 workers.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

// each guard form on i = global index; out[] gets a mark per guard that holds
__global__ void guards(int *out, int n, int lo) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += 1;
    __syncthreads();
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j <= n && lo < j)
        out[j] += 10;
    __syncthreads();
    int k = threadIdx.x + blockIdx.x * blockDim.x;
    if (k >= lo && n > k)
        out[k] += 100;
}

// B - threadIdx.x: mirrored index within the block
__global__ void mirror(int *out, int cut) {
    int m = blockDim.x - 1 - threadIdx.x;
    int g = blockIdx.x * blockDim.x;
    if (m >= cut)
        out[g + threadIdx.x] = m;
}

// a halo: gx is negative before block 0's first output
__global__ void halo(const int *in, int *out, int n) {
    __shared__ int s[64];
    int tx = threadIdx.x;
    int gx = blockIdx.x * (blockDim.x - 4) - 2 + tx;
    s[tx] = gx >= 0 && gx < n ? in[gx] : -1;
    __syncthreads();
    if (tx >= 2 && tx < (int)blockDim.x - 2 && gx < n)
        out[gx] = s[tx - 1] + s[tx] + s[tx + 1];
}

// the base reads a uniform local: checked where the nest starts
__global__ void offset(int *out, int n, int shift) {
    int half = n / 2 + shift;
    int k = half + threadIdx.x - 3;
    if (k < n && k >= 0)
        out[k] = k * 2;
}

// B + threadIdx.x past INT_MAX: block 1's indices wrap (CUDA converts modulo 2^32)
__global__ void wrap(int *out, unsigned step) {
    int w = blockIdx.x * step + threadIdx.x;
    out[blockIdx.x * blockDim.x + threadIdx.x] = w;
}

__global__ void wrap_negative(int *out, unsigned step) {
    int w = blockIdx.x * step + threadIdx.x;
    if (w < 0)
        out[blockIdx.x * blockDim.x + threadIdx.x] = w;
}

// B names an enum of the kernel's own: not checked before the body, where it is not in scope
__global__ void local_enum(int *out, int n) {
    enum { W = 32 };
    int i = blockIdx.x * W + threadIdx.x;
    if (i < n)
        out[i] = i + W;
}

static int fails = 0;

static void expect(const char *what, int bs, int i, int got, int want) {
    if (got != want && fails++ < 10)
        printf("%s (block %d): [%d] = %d, want %d\n", what, bs, i, got, want);
}

int main() {
    const int sizes[] = {64, 40, 33, 1};
    int *d, *d2;
    cudaMalloc(&d, 4096 * sizeof(int));
    cudaMalloc(&d2, 4096 * sizeof(int));
    static int h[4096], in[4096];
    for (int si = 0; si < 4; si++) {
        int bs = sizes[si];
        // guards: n and lo against each block size
        const int n = 150, lo = 7, blocks = (n + 40) / bs + 1;
        cudaMemset(d, 0, 4096 * sizeof(int));
        guards<<<blocks, bs>>>(d, n, lo);
        cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < blocks * bs; i++)
            expect("guards", bs, i, h[i], (i < n) + 10 * (i <= n && lo < i) + 100 * (i >= lo && n > i));
        // mirror
        const int cut = bs / 3;
        cudaMemset(d, 0xff, 4096 * sizeof(int));
        mirror<<<3, bs>>>(d, cut);
        cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 3 * bs; i++) {
            int m = bs - 1 - i % bs;
            expect("mirror", bs, i, h[i], m >= cut ? m : -1);
        }
        // halo (blocks of 8 or more threads)
        if (bs >= 8) {
            const int hn = 200, out_per = bs - 4, hblocks = (hn + out_per - 1) / out_per;
            for (int i = 0; i < hn; i++)
                in[i] = i * 3 + 1;
            cudaMemcpy(d2, in, hn * sizeof(int), cudaMemcpyHostToDevice);
            cudaMemset(d, 0, 4096 * sizeof(int));
            halo<<<hblocks, bs>>>(d2, d, hn);
            cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
            for (int i = 0; i < hn; i++) {
                int l = i > 0 ? in[i - 1] : -1, r = i + 1 < hn ? in[i + 1] : -1;
                expect("halo", bs, i, h[i], l + in[i] + r);
            }
        }
        // offset, shift taking k below 0 and past n
        for (int shift = -80; shift <= 80; shift += 40) {
            const int on = 100;
            cudaMemset(d, 0xff, 4096 * sizeof(int));
            offset<<<1, bs>>>(d, on, shift);
            cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
            for (int i = 0; i < on; i++) {
                int first = on / 2 + shift - 3;
                bool hit = i >= first && i < first + bs;
                expect("offset", bs, i, h[i], hit ? i * 2 : -1);
            }
        }
        // local_enum: blocks of 32 threads
        if (bs == 64) {
            cudaMemset(d, 0, 4096 * sizeof(int));
            local_enum<<<8, 32>>>(d, 250);
            cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
            for (int i = 0; i < 256; i++)
                expect("local_enum", 32, i, h[i], i < 250 ? i + 32 : 0);
        }
        // wrap: block 1 starts at 2147483600 (blocks of 48 or more pass INT_MAX), block 2
        // at -96 (as an int)
        const unsigned step = 2147483600u;
        wrap<<<3, bs>>>(d, step);
        cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 3 * bs; i++)
            expect("wrap", bs, i, h[i], (int)((unsigned)(i / bs) * step + (unsigned)(i % bs)));
        cudaMemset(d, 0, 4096 * sizeof(int));
        wrap_negative<<<3, bs>>>(d, step);
        cudaMemcpy(h, d, 4096 * sizeof(int), cudaMemcpyDeviceToHost);
        for (int i = 0; i < 3 * bs; i++) {
            int w = (int)((unsigned)(i / bs) * step + (unsigned)(i % bs));
            expect("wrap_negative", bs, i, h[i], w < 0 ? w : 0);
        }
    }
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess || fails) {
        printf("FAILED: %d mismatches, %s\n", fails, cudaGetErrorString(e));
        return 1;
    }
    printf("ok\n");
    return 0;
}
