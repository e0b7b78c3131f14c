// Warp functions called through the user's macros whose body is the call (`#define SHFL(v, o)
// __shfl_down_sync(FULL, v, o)`, an object-like `#define ACTIVE __activemask()`, a macro
// argument holding commas, a defaulted width, __syncthreads_count through a macro): each
// invocation stands for the call, its arguments are the macro's with the invocation's
// substituted. Compared with a host computation.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define SHFL(v, o) __shfl_down_sync(FULL, v, o)
#define SHFL_W(v, o, w) \
    __shfl_xor_sync(FULL, (v), o, w)
#define BALLOT(p) __ballot_sync(FULL, p)
#define ACTIVE __activemask()
#define COUNT(p) __syncthreads_count(p)

__device__ int pick(int a, int b) { return a > b ? a : b; }

__global__ void reduce(const int *in, int *sum, unsigned *ballot, int *xored, unsigned *active,
                       int *count) {
    int t = threadIdx.x;
    int v = in[t];
    for (int o = 16; o > 0; o /= 2)
        v += SHFL(v, o);
    unsigned b = BALLOT(in[t] % 3 == 0);
    int x = SHFL_W(pick(in[t], 5), 1, 8);
    unsigned a = ACTIVE;
    int c = COUNT(in[t] > 40);
    xored[t] = x;
    if (t % 32 == 0) {
        sum[t / 32] = v;
        ballot[t / 32] = b;
        active[t / 32] = a;
    }
    if (t == 0)
        *count = c;
}

#define N 64
int main() {
    int h[N];
    for (int i = 0; i < N; i++) h[i] = (i * 7) % 61;
    int *in, *sum, *xo, *cnt;
    unsigned *bal, *act;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&sum, 2 * sizeof(int));
    cudaMalloc(&bal, 2 * sizeof(unsigned));
    cudaMalloc(&act, 2 * sizeof(unsigned));
    cudaMalloc(&xo, N * sizeof(int));
    cudaMalloc(&cnt, sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<1, N>>>(in, sum, bal, xo, act, cnt);
    int s[2], x[N], c;
    unsigned b[2], a[2];
    cudaMemcpy(s, sum, sizeof s, cudaMemcpyDeviceToHost);
    cudaMemcpy(b, bal, sizeof b, cudaMemcpyDeviceToHost);
    cudaMemcpy(a, act, sizeof a, cudaMemcpyDeviceToHost);
    cudaMemcpy(x, xo, sizeof x, cudaMemcpyDeviceToHost);
    cudaMemcpy(&c, cnt, sizeof c, cudaMemcpyDeviceToHost);
    int bad = 0, count = 0;
    for (int w = 0; w < 2; w++) {
        int es = 0;
        unsigned eb = 0;
        for (int l = 0; l < 32; l++) {
            es += h[w * 32 + l];
            eb |= (unsigned)(h[w * 32 + l] % 3 == 0) << l;
        }
        bad += s[w] != es || b[w] != eb || a[w] != 0xffffffffu;
    }
    for (int i = 0; i < N; i++) {
        int src = (i & ~7) | ((i % 8) ^ 1);
        bad += x[i] != (h[src] > 5 ? h[src] : 5);
        count += h[i] > 40;
    }
    bad += c != count;
    if (bad) {
        printf("FAIL: %d wrong\n", bad);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
