// Shuffles in a 2-D block (12 x 8: lanes follow the linear thread index, so warps span rows):
// __shfl_sync, __shfl_up_sync, __shfl_down_sync and __shfl_xor_sync with widths 32, 16, 8, 4
// and 2, out-of-range lanes and deltas, on int, float and double, and a warp-sum helper; each
// result compared with a host model of CUDA's documented rules.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define BX 12
#define BY 8
#define NT (BX * BY)
#define BLOCKS 3
#define NW 5
#define OPS 4

__device__ double warp_sum(double v) {
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// out[((block * NW + wi) * OPS + op) * NT + t]
__global__ void shuffles(int *iout, float *fout, double *sums) {
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int v = (blockIdx.x * NT + t) * 3 + 1;
    float f = 0.5f * v;
    const int widths[NW] = {32, 16, 8, 4, 2};
    for (int wi = 0; wi < NW; wi++) {
        int w = widths[wi];
        int *o = iout + (blockIdx.x * NW + wi) * OPS * NT;
        o[0 * NT + t] = __shfl_sync(0xffffffffu, v, t * 5 - 7, w);      // any lane, negative too
        o[1 * NT + t] = __shfl_up_sync(0xffffffffu, v, (unsigned)(wi + 1), w);
        o[2 * NT + t] = __shfl_down_sync(0xffffffffu, v, 3u, w);
        o[3 * NT + t] = __shfl_xor_sync(0xffffffffu, v, (t % 3) * 5, w);  // reaches later groups too
        fout[(blockIdx.x * NW + wi) * NT + t] = __shfl_down_sync(0xffffffffu, f, 1u, w);
    }
    sums[blockIdx.x * NT + t] = warp_sum((double)v * 0.25);
}

static int lane_of(int t) { return t % 32; }

// The lane a thread reads, from the programming guide's description of each shuffle.
static int source(int op, int t, int arg, int w) {
    int lane = lane_of(t), base = t - lane;          // t's warp starts at base
    int group = lane - lane % w;                     // t's width-group, as a lane
    int j;
    switch (op) {
    case 0: j = group + (arg & (w - 1)); break;                       // srcLane modulo width
    case 1: j = lane % w >= arg ? lane - arg : lane; break;           // lower lanes unchanged
    case 2: j = lane % w + arg < w ? lane + arg : lane; break;        // upper lanes unchanged
    default: j = lane ^ arg; if (j >= group + w) j = lane; break;     // later groups: own value
    }
    return base + j;
}

int main() {
    static int iout[BLOCKS * NW * OPS * NT];
    static float fout[BLOCKS * NW * NT];
    static double sums[BLOCKS * NT];
    int *di; float *df; double *dd;
    cudaMalloc(&di, sizeof iout);
    cudaMalloc(&df, sizeof fout);
    cudaMalloc(&dd, sizeof sums);
    shuffles<<<BLOCKS, dim3(BX, BY)>>>(di, df, dd);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
    cudaMemcpy(iout, di, sizeof iout, cudaMemcpyDeviceToHost);
    cudaMemcpy(fout, df, sizeof fout, cudaMemcpyDeviceToHost);
    cudaMemcpy(sums, dd, sizeof sums, cudaMemcpyDeviceToHost);
    const int widths[NW] = {32, 16, 8, 4, 2};
    int bad = 0;
    for (int b = 0; b < BLOCKS; b++)
        for (int wi = 0; wi < NW; wi++)
            for (int t = 0; t < NT; t++) {
                int w = widths[wi];
                int args[OPS] = {t * 5 - 7, wi + 1, 3, (t % 3) * 5};
                for (int op = 0; op < OPS; op++) {
                    int want = (b * NT + source(op, t, args[op], w)) * 3 + 1;
                    int got = iout[((b * NW + wi) * OPS + op) * NT + t];
                    if (got != want && bad++ < 10)
                        printf("block %d width %d op %d thread %d: %d, want %d\n", b, w, op, t, got, want);
                }
                float fwant = 0.5f * ((b * NT + source(2, t, 1, w)) * 3 + 1);
                if (fout[(b * NW + wi) * NT + t] != fwant && bad++ < 10)
                    printf("float: block %d width %d thread %d: %g, want %g\n", b, w, t, fout[(b * NW + wi) * NT + t], fwant);
            }
    for (int b = 0; b < BLOCKS; b++)
        for (int t = 0; t < NT; t++) {
            double want = 0;
            for (int u = t - lane_of(t); u < t - lane_of(t) + 32; u++)
                want += ((b * NT + u) * 3 + 1) * 0.25;
            if (sums[b * NT + t] != want && bad++ < 10)
                printf("sum: block %d thread %d: %g, want %g\n", b, t, sums[b * NT + t], want);
        }
    printf("%s\n", bad ? "FAIL" : "OK");
    return bad != 0;
}
