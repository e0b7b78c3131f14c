// Kernels spinning on the device clock in every thread of large blocks (NVIDIA's
// graphMemoryFootprint: 512 threads each waiting clockRate * 5 us): on the GPU a block's
// threads wait at once, here they run one after another, and each sees time pass blockDim
// times as fast, so a block waits its time once (64 blocks of 512 threads, 5 ms each: about
// 0.3 s; 164 s if each thread waited in turn). Each thread's spin still lasts its cycles by
// its own reads, and a thread's reads only grow, across barriers too; a spin in a device
// function the kernel calls (through another) likewise.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

__global__ void spin(long long cycles, long long *waited, int *order) {
    __shared__ long long first[512];
    long long start = clock64();
    long long now = start;
    while (now - start < cycles)
        now = clock64();
    first[threadIdx.x] = now;
    __syncthreads();
    clock_t c0 = clock();
    long long after = clock64();
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    waited[g] = now - start;
    /* clock() is 32 bits: later by less than half its range, modulo 2^32 */
    order[g] = (after >= first[threadIdx.x]) + 2 * ((unsigned)clock() - (unsigned)c0 < 0x80000000u);
}

__device__ long long wait_cycles(long long cycles) {
    long long start = clock64(), now = start;
    while (now - start < cycles)
        now = clock64();
    return now - start;
}

__device__ long long wait_twice(long long cycles) {
    return wait_cycles(cycles) + wait_cycles(cycles);
}

__global__ void spin_in_function(long long cycles, long long *waited) {
    waited[blockIdx.x * blockDim.x + threadIdx.x] = wait_twice(cycles);
}

int main() {
    int rate_khz = 0;
    cudaDeviceGetAttribute(&rate_khz, cudaDevAttrClockRate, 0);
    const int blocks = 64, threads = 512;
    long long cycles = (long long)rate_khz * 5;     /* 5 ms */
    long long *waited;
    int *order;
    cudaMallocManaged(&waited, blocks * threads * sizeof(long long));
    cudaMallocManaged(&order, blocks * threads * sizeof(int));
    spin<<<blocks, threads>>>(cycles, waited, order);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < blocks * threads; i++)
        if ((waited[i] < cycles || order[i] != 3) && bad++ < 5)
            printf("FAIL thread %d: waited %lld of %lld cycles, reads in order %d\n", i, waited[i], cycles, order[i]);
    spin_in_function<<<blocks, threads>>>(cycles / 2, waited);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    for (int i = 0; i < blocks * threads; i++)
        if (waited[i] < cycles && bad++ < 5)
            printf("FAIL thread %d: waited %lld of %lld cycles in a device function\n", i, waited[i], cycles);
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
