// Loops holding warp functions whose trip count differs between the lanes of a warp: the
// block runs such a loop round while any of its threads still iterates, each thread by its
// own flag; the lanes that have left are inactive for the warp functions inside, as on the
// GPU. A grid-stride loop calling a warp-aggregated atomic increment (coalesced_threads() in
// a device function) and a labeled_partition by bucket (the samples' warpAggregatedAtomicsCG);
// a loop bounded by a local declared under an if splitting a warp (masks naming the lanes
// taking it); while and do-while loops counting the lanes still in them with __activemask();
// stores into volatile memory in a loop whose lanes take different numbers of steps; a vote in
// a while loop's condition (each warp's lanes stay while any of them has work). With
// BAD: a mask naming every lane in a loop some lanes have left, those lanes then meeting the
// warp again at a shuffle after the loop, ends the kernel with cudaErrorLaunchFailure and a
// message naming both calls.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
// RUN: %cu2cc -DBAD %s -o %t.bad && env CU2C_NUM_THREADS=2 timeout 60 %t.bad 2>%t.err && FileCheck %s < %t.err
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

#ifndef BAD
__device__ int agg_inc(int *counter) {
    cg::coalesced_group active = cg::coalesced_threads();
    int res = 0;
    if (active.thread_rank() == 0)
        res = atomicAdd(counter, active.size());
    res = active.shfl(res, 0);
    return res + active.thread_rank();
}

__global__ void filter(int *dst, int *nres, const int *src, int n) {
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    for (int i = id; i < n; i += gridDim.x * blockDim.x) {
        if (src[i] > 0)
            dst[agg_inc(nres)] = src[i];
    }
}

__device__ int agg_inc_bucket(int bucket, int *counters) {
    cg::coalesced_group active = cg::coalesced_threads();
    auto same = cg::labeled_partition(active, bucket);
    int res = 0;
    if (same.thread_rank() == 0)
        res = atomicAdd(&counters[bucket], same.size());
    res = same.shfl(res, 0);
    return res + same.thread_rank();
}

__global__ void to_buckets(const int *src, int *slots, int *counters, int n, int buckets) {
    cg::grid_group grid = cg::this_grid();
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
        const int bucket = src[i];
        if (bucket < buckets)
            slots[agg_inc_bucket(bucket, counters)] = i;
    }
}

__global__ void bound_inside(int *out, const int *count) {
    int lane = threadIdx.x % 32;
    int v = out[threadIdx.x];
    if (lane < 8) {
        int n = count[threadIdx.x / 32];
        for (int i = 0; i < n; i++)
            v += __shfl_xor_sync(0xffu, v, 1);
    }
    out[threadIdx.x] = v;
}

__global__ void still_in(int *out) {
    int lane = threadIdx.x % 32, x = 0, sum = 0;
    while (x < lane % 5) {
        sum += __popc(__activemask()) * 100 + x;
        x++;
    }
    int y = 0;
    do {
        sum += __popc(__activemask());
        y++;
    } while (y < lane % 3 + 1);
    out[threadIdx.x] = sum;
}

__global__ void vote_loop(int *out) {
    int v = out[threadIdx.x], rounds = 0;
    while (__any_sync(0xffffffffu, v > 0)) {
        v -= 1;
        rounds++;
    }
    out[threadIdx.x] = rounds * 1000 + v;
}

__global__ void volatile_steps(int *out) {
    __shared__ int s[64];
    volatile int *vs = s;
    for (int i = threadIdx.x; i < 64; i += 32)
        vs[i] = i * 3;
    out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 32 < 64 ? threadIdx.x + 32 : 0];
}

static int failures;
static void expect(bool ok, const char *what) {
    if (!ok) {
        printf("FAIL: %s\n", what);
        failures++;
    }
}

int main() {
    /* filter: every positive value lands once */
    const int N = 100003;
    int *h = (int *)malloc(N * sizeof(int)), *got = (int *)malloc(N * sizeof(int));
    int positive = 0;
    long want_sum = 0;
    for (int i = 0; i < N; i++) {
        h[i] = (i * 37) % 11 - 3;
        positive += h[i] > 0;
        want_sum += h[i] > 0 ? h[i] : 0;
    }
    int *d_src, *d_dst, *d_n, n = 0;
    cudaMalloc(&d_src, N * sizeof(int));
    cudaMalloc(&d_dst, N * sizeof(int));
    cudaMalloc(&d_n, sizeof(int));
    cudaMemcpy(d_src, h, N * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_n, &n, sizeof n, cudaMemcpyHostToDevice);
    filter<<<7, 96>>>(d_dst, d_n, d_src, N);
    expect(cudaDeviceSynchronize() == cudaSuccess, "filter ran");
    cudaMemcpy(&n, d_n, sizeof n, cudaMemcpyDeviceToHost);
    cudaMemcpy(got, d_dst, N * sizeof(int), cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < n && i < N; i++)
        sum += got[i];
    expect(n == positive && sum == want_sum, "filter: count and sum of the kept values");

    /* to_buckets: each bucket's slots hold exactly the indices with that value */
    const int B = 5, M = 20011;
    int *src = (int *)malloc(M * sizeof(int)), counters[B], *slots = (int *)malloc(B * M * sizeof(int));
    int per[B] = {0};
    for (int i = 0; i < M; i++) {
        src[i] = (i * 7 + i / 13) % (B + 1);    /* B: no bucket */
        if (src[i] < B)
            per[src[i]]++;
    }
    for (int b = 0; b < B; b++)
        counters[b] = b * M;
    int *d_bsrc, *d_slots, *d_counters;
    cudaMalloc(&d_bsrc, M * sizeof(int));
    cudaMalloc(&d_slots, B * M * sizeof(int));
    cudaMalloc(&d_counters, sizeof counters);
    cudaMemcpy(d_bsrc, src, M * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_counters, counters, sizeof counters, cudaMemcpyHostToDevice);
    to_buckets<<<9, 64>>>(d_bsrc, d_slots, d_counters, M, B);
    expect(cudaDeviceSynchronize() == cudaSuccess, "to_buckets ran");
    cudaMemcpy(counters, d_counters, sizeof counters, cudaMemcpyDeviceToHost);
    cudaMemcpy(slots, d_slots, B * M * sizeof(int), cudaMemcpyDeviceToHost);
    bool buckets_ok = true;
    char *seen = (char *)calloc(M, 1);
    for (int b = 0; b < B; b++) {
        buckets_ok &= counters[b] - b * M == per[b];
        for (int j = 0; j < per[b] && buckets_ok; j++) {
            int i = slots[b * M + j];
            buckets_ok &= i >= 0 && i < M && src[i] == b && !seen[i];
            if (buckets_ok)
                seen[i] = 1;
        }
    }
    expect(buckets_ok, "to_buckets: bucket counts and slots");

    /* bound_inside: lanes 0..7 of each warp exchange with lane ^ 1, count[warp] times */
    int v[64], cnt[2] = {3, 0}, want[64];
    for (int i = 0; i < 64; i++)
        v[i] = want[i] = i * i + 1;
    for (int w = 0; w < 2; w++)
        for (int r = 0; r < cnt[w]; r++) {
            int nv[8];
            for (int l = 0; l < 8; l++)
                nv[l] = want[w * 32 + l] + want[w * 32 + (l ^ 1)];
            for (int l = 0; l < 8; l++)
                want[w * 32 + l] = nv[l];
        }
    int *d_v, *d_cnt;
    cudaMalloc(&d_v, sizeof v);
    cudaMalloc(&d_cnt, sizeof cnt);
    cudaMemcpy(d_v, v, sizeof v, cudaMemcpyHostToDevice);
    cudaMemcpy(d_cnt, cnt, sizeof cnt, cudaMemcpyHostToDevice);
    bound_inside<<<1, 64>>>(d_v, d_cnt);
    expect(cudaDeviceSynchronize() == cudaSuccess, "bound_inside ran");
    cudaMemcpy(v, d_v, sizeof v, cudaMemcpyDeviceToHost);
    bool bound_ok = true;
    for (int i = 0; i < 64; i++)
        bound_ok &= v[i] == want[i];
    expect(bound_ok, "bound_inside: exchanges among the lanes taking the if");

    /* still_in: round x of the while has the lanes with lane % 5 > x; round y of the
     * do-while those with lane % 3 + 1 > y (the block is 48 threads: a warp and a half) */
    int *d_out, out[48];
    cudaMalloc(&d_out, sizeof out);
    still_in<<<1, 48>>>(d_out);
    expect(cudaDeviceSynchronize() == cudaSuccess, "still_in ran");
    cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
    bool in_ok = true;
    for (int t = 0; t < 48; t++) {
        int lane = t % 32, base = t - lane, size = t < 32 ? 32 : 16, s = 0;
        for (int x = 0; x < lane % 5; x++) {
            int active = 0;
            for (int l = 0; l < size; l++)
                active += (base + l) % 32 % 5 > x;
            s += active * 100 + x;
        }
        for (int y = 0; y < lane % 3 + 1; y++) {
            int active = 0;
            for (int l = 0; l < size; l++)
                active += (base + l) % 32 % 3 + 1 > y;
            s += active;
        }
        in_ok &= out[t] == s;
    }
    expect(in_ok, "still_in: the lanes active in each round");

    volatile_steps<<<1, 32>>>(d_out);
    expect(cudaDeviceSynchronize() == cudaSuccess, "volatile_steps ran");
    cudaMemcpy(out, d_out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    bool steps_ok = true;
    for (int t = 0; t < 32; t++)
        steps_ok &= out[t] == t * 3 + (t + 32) * 3;
    expect(steps_ok, "volatile_steps: both rounds stored");
    /* vote_loop: a warp runs as many rounds as its largest value */
    int votes[64];
    for (int i = 0; i < 64; i++)
        votes[i] = i % 32 == 5 ? 40 + i : i % 7;
    cudaMemcpy(d_v, votes, sizeof votes, cudaMemcpyHostToDevice);
    vote_loop<<<1, 64>>>(d_v);
    expect(cudaDeviceSynchronize() == cudaSuccess, "vote_loop ran");
    cudaMemcpy(v, d_v, sizeof v, cudaMemcpyDeviceToHost);
    bool votes_ok = true;
    for (int w = 0; w < 2; w++) {
        int most = 0;
        for (int l = 0; l < 32; l++)
            most = votes[w * 32 + l] > most ? votes[w * 32 + l] : most;
        for (int l = 0; l < 32; l++)
            votes_ok &= v[w * 32 + l] == most * 1000 + votes[w * 32 + l] - most;
    }
    expect(votes_ok, "vote_loop: rounds per warp");
    printf(failures ? "FAILED\n" : "PASSED\n");
    return failures != 0;
}
#else
__global__ void lane_loop(float *out) {
    float v = out[threadIdx.x];
    for (int i = 0; i < (int)threadIdx.x % 4; i++)
        v += __shfl_xor_sync(0xffffffffu, v, 1);
    out[threadIdx.x] = v + __shfl_xor_sync(0xffffffffu, v, 2);   // the lanes that left meet the warp
}
// CHECK: warp_loops_lanes_iterate_apart.cu:[[# @LINE - 2]]:28: error: __shfl_xor_sync(): lane 0 of warp 0 of block (0,0,0) takes part here, after the mask of {{.*}}warp_loops_lanes_iterate_apart.cu:[[# @LINE - 3]]:14: __shfl_xor_sync() named it while it had taken another branch or left a loop (a lane a mask names must make that call, or exit)

int main() {
    float *d;
    cudaMalloc(&d, 32 * sizeof(float));
    cudaMemset(d, 0, 32 * sizeof(float));
    lane_loop<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorName(e));
    return e != cudaErrorLaunchFailure;
}
#endif
