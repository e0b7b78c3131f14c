// break and continue taken by some threads only, in loops holding barriers or warp functions:
// the loop runs per thread, a break ends that thread's trips, a continue its trip. Each
// thread sums its row up to a negative value skipping zeros with two barriers per trip (the
// threads that left wait at no other barrier: they only exit); all threads leave a loop at
// the trip a shared counter says, then meet at a barrier after it; and the lanes of a warp
// leave a loop holding a warp function one by one (those left are inactive).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define ROW 10

__global__ void row_sums(const int *a, int *out, int *seen) {
    __shared__ int s[64];
    int sum = 0, t = threadIdx.x;
    for (int i = 0; i < ROW; i++) {
        int v = a[t * ROW + i];
        if (v < 0)
            break;
        if (v == 0)
            continue;
        sum += v;
        s[t] = sum;
        __syncthreads();
        seen[t] += s[t] == sum;
        __syncthreads();
    }
    out[t] = sum;
}

// every thread leaves at the trip `stop` holds, then a barrier after the loop (checked)
__global__ void leave_together(int *out, const int *stop) {
    __shared__ int s[128];
    int t = threadIdx.x, mine = t, trips = 0;
    for (int i = 0; i < 100; i++) {
        if (i == stop[t])
            break;
        s[t] = mine;
        __syncthreads();
        mine = s[(t + 1) % blockDim.x];
        __syncthreads();
        trips++;
    }
    s[t] = mine;
    __syncthreads();
    out[t] = s[(t + 1) % blockDim.x] * 1000 + trips;
}

// lane L leaves at trip L: at trip i the lanes i..31 are still in the loop
__global__ void lanes_leave(int *out) {
    int lane = threadIdx.x % 32, total = 0;
    for (int i = 0; i < 32; i++) {
        unsigned active = __activemask();
        int others = __shfl_sync(active, lane, 31);
        if (i >= lane)
            break;
        total += __popc(active) + others;
    }
    out[threadIdx.x] = total;
}

int main() {
    int *a, *out, *seen, *stop;
    cudaMallocManaged(&a, 64 * ROW * sizeof(int));
    cudaMallocManaged(&out, 128 * sizeof(int));
    cudaMallocManaged(&seen, 64 * sizeof(int));
    cudaMallocManaged(&stop, 128 * sizeof(int));
    for (int t = 0; t < 64; t++) {
        seen[t] = 0;
        for (int i = 0; i < ROW; i++)
            a[t * ROW + i] = i == t % 7 + 3 ? -1 : (i + t) % 3;
    }
    int failures = 0;
    row_sums<<<1, 64>>>(a, out, seen);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int t = 0; t < 64; t++) {
        int sum = 0, trips = 0;
        for (int i = 0; i < ROW; i++) {
            int v = a[t * ROW + i];
            if (v < 0)
                break;
            if (v == 0)
                continue;
            sum += v;
            trips++;
        }
        if ((out[t] != sum || seen[t] != trips) && failures++ < 10)
            printf("row_sums[%d] = %d (%d trips), expected %d (%d)\n", t, out[t], seen[t], sum, trips);
    }

    for (int t = 0; t < 128; t++)
        stop[t] = 5;
    leave_together<<<1, 128>>>(out, stop);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int t = 0; t < 128; t++)
        if (out[t] != ((t + 6) % 128) * 1000 + 5 && failures++ < 10)
            printf("leave_together[%d] = %d, expected %d\n", t, out[t], ((t + 6) % 128) * 1000 + 5);

    lanes_leave<<<1, 64>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess)
        failures++;
    for (int t = 0; t < 64; t++) {
        int lane = t % 32, total = 0;
        for (int i = 0; i < lane; i++)
            total += (32 - i) + 31;
        if (out[t] != total && failures++ < 10)
            printf("lanes_leave[%d] = %d, expected %d\n", t, out[t], total);
    }
    if (failures) {
        printf("FAILED: %d\n", failures);
        return 1;
    }
    printf("all threads agree\n");
    return 0;
}
