// cub::BlockAdjacentDifference (SubtractLeft/Right, with tile neighbours, partial tiles, the
// output of another type than the input) in a 64-thread block of 4 items per thread, and
// cub::BlockDiscontinuity (FlagHeads, FlagTails, FlagHeadsAndTails, a flag op taking the
// item's index, the predecessors' array) in a 32x2 block; each checked against the blocked
// arrangement's neighbours computed on the host.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cub/cub.cuh>

struct Minus {
    template <typename T> __device__ T operator()(T &a, T &b) { return a - b; }
};
struct Differ {
    __device__ bool operator()(const int &a, const int &b) const { return a != b; }
};
struct DifferOrTenth {   // takes the index of b: flags every tenth item too
    __device__ bool operator()(const int &a, const int &b, unsigned int b_index) const {
        return a != b || b_index % 10 == 0;
    }
};

enum { N = 4, T = 64, TILE = N * T, OUTS = 7 };

__global__ void diffs(const int *in, long *out, int valid) {
    typedef cub::BlockAdjacentDifference<int, T> AD;
    __shared__ typename AD::TempStorage temp;
    int t = threadIdx.x, items[N], copy[N];
    long o[N];
    for (int i = 0; i < N; i++) items[i] = in[t * N + i];
    for (int f = 0; f < OUTS; f++) {
        for (int i = 0; i < N; i++) copy[i] = items[i];
        switch (f) {   // the same form in every thread
        case 0: AD(temp).SubtractLeft(copy, copy, Minus()); for (int i = 0; i < N; i++) o[i] = copy[i]; break;
        case 1: AD(temp).SubtractLeft(items, o, Minus(), 1000); break;
        case 2: AD(temp).SubtractLeftPartialTile(items, o, Minus(), valid); break;
        case 3: AD(temp).SubtractLeftPartialTile(items, o, Minus(), valid, 1000); break;
        case 4: AD(temp).SubtractRight(copy, copy, Minus()); for (int i = 0; i < N; i++) o[i] = copy[i]; break;
        case 5: AD(temp).SubtractRight(items, o, Minus(), -1000); break;
        case 6: AD(temp).SubtractRightPartialTile(items, o, Minus(), valid); break;
        }
        __syncthreads();
        for (int i = 0; i < N; i++) out[f * TILE + t * N + i] = o[i];
    }
}

__global__ void flags(const int *in, int *out) {
    typedef cub::BlockDiscontinuity<int, 32, 2> BD;
    __shared__ typename BD::TempStorage temp;
    int t = threadIdx.y * 32 + threadIdx.x, items[N], heads[N], tails[N], preds[N];
    for (int i = 0; i < N; i++) items[i] = in[t * N + i];
    BD(temp).FlagHeads(heads, items, preds, Differ());
    __syncthreads();
    for (int i = 0; i < N; i++) out[t * N + i] = heads[i], out[TILE + t * N + i] = t || i ? preds[i] : -1;
    BD(temp).FlagTails(tails, items, DifferOrTenth(), items[0]);
    __syncthreads();
    for (int i = 0; i < N; i++) out[2 * TILE + t * N + i] = tails[i];
    BD(temp).FlagHeadsAndTails(heads, 7, tails, items, Differ());
    for (int i = 0; i < N; i++) out[3 * TILE + t * N + i] = heads[i], out[4 * TILE + t * N + i] = tails[i];
}

int main() {
    int h[TILE];
    for (int i = 0; i < TILE; i++) h[i] = (i * 7919) % 23 / 5 + i % 3 * (i % 5 == 0);   // runs of equal items
    int *d, *dflags; long *dout;
    cudaMalloc(&d, sizeof h); cudaMalloc(&dout, OUTS * TILE * sizeof(long)); cudaMalloc(&dflags, 5 * TILE * sizeof(int));
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    const int valid = 150;
    diffs<<<1, T>>>(d, dout, valid);
    flags<<<1, dim3(32, 2)>>>(d, dflags);
    static long o[OUTS * TILE]; static int fl[5 * TILE];
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    cudaMemcpy(fl, dflags, sizeof fl, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < TILE; i++) {
        long left = i ? h[i] - h[i - 1] : h[i], right = i < TILE - 1 ? h[i] - h[i + 1] : h[i];
        long want[OUTS] = {
            left, i ? left : h[i] - 1000,
            i && i < valid ? left : h[i], i >= valid ? h[i] : i ? left : h[i] - 1000,
            right, i < TILE - 1 ? right : h[i] + 1000,
            i < valid - 1 ? right : h[i]};
        for (int f = 0; f < OUTS; f++)
            if (o[f * TILE + i] != want[f]) { if (bad++ < 10) printf("diff form %d item %d: %ld, want %ld\n", f, i, o[f * TILE + i], want[f]); }
        int head = i ? h[i - 1] != h[i] : 1, pred = i ? h[i - 1] : -1;
        int tail = i < TILE - 1 ? (h[i] != h[i + 1] || (i + 1) % 10 == 0) : (h[i] != h[TILE - N] || TILE % 10 == 0);
        int head7 = i ? head : h[i] != 7, tail1 = i < TILE - 1 ? h[i] != h[i + 1] : 1;
        int wantf[5] = {head, pred, tail, head7, tail1};
        for (int f = 0; f < 5; f++)
            if (fl[f * TILE + i] != wantf[f]) { if (bad++ < 10) printf("flag form %d item %d: %d, want %d\n", f, i, fl[f * TILE + i], wantf[f]); }
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
