// A histogram: atomicAdd into a __shared__ histogram, a barrier, then each thread adds one
// bin to the global histogram; plus atomicMax/atomicMin/atomicOr/atomicCAS/atomicExch on
// global memory, and atomicAdd on float, all compared with host-computed values.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define BINS 64
__global__ void histo(const unsigned char *data, int n, unsigned *hist) {
    __shared__ unsigned local[BINS];
    if (threadIdx.x < BINS) local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i] % BINS], 1u);
    __syncthreads();
    if (threadIdx.x < BINS) atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

__global__ void misc(const int *v, int n, int *mx, int *mn, unsigned *orr, int *cas_count, float *fsum, int *last) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicMax(mx, v[i]);
    atomicMin(mn, v[i]);
    atomicOr(orr, 1u << (v[i] % 32));
    atomicAdd(fsum, 0.5f);
    atomicExch(last, 7);
    int old = atomicCAS(cas_count, 0, 0);
    while (true) {
        int assumed = old;
        old = atomicCAS(cas_count, assumed, assumed + 2);
        if (old == assumed) break;
    }
}

int main() {
    const int n = 100000;
    unsigned char *h = new unsigned char[n];
    unsigned want[BINS] = {0}, got[BINS];
    for (int i = 0; i < n; i++) { h[i] = (unsigned char)((i * 2654435761u) >> 24); want[h[i] % BINS]++; }
    unsigned char *dd; unsigned *dh;
    cudaMalloc(&dd, n);
    cudaMalloc(&dh, sizeof got);
    cudaMemcpy(dd, h, n, cudaMemcpyHostToDevice);
    cudaMemset(dh, 0, sizeof got);
    histo<<<30, 128>>>(dd, n, dh);
    cudaMemcpy(got, dh, sizeof got, cudaMemcpyDeviceToHost);
    for (int b = 0; b < BINS; b++)
        if (got[b] != want[b]) { printf("bin %d: %u want %u\n", b, got[b], want[b]); return 1; }

    const int m = 5000;
    int *hv = new int[m], wmx = -1000000, wmn = 1000000; unsigned wor = 0;
    for (int i = 0; i < m; i++) {
        hv[i] = (i * 7919) % 10007 - 5000;
        if (hv[i] > wmx) wmx = hv[i];
        if (hv[i] < wmn) wmn = hv[i];
        wor |= 1u << (hv[i] % 32);
    }
    int *dv, *dmx, *dmn, *dcas, *dlast; unsigned *dor; float *dfs;
    cudaMalloc(&dv, m * sizeof(int));
    cudaMalloc(&dmx, 4); cudaMalloc(&dmn, 4); cudaMalloc(&dor, 4); cudaMalloc(&dcas, 4);
    cudaMalloc(&dfs, 4); cudaMalloc(&dlast, 4);
    cudaMemcpy(dv, hv, m * sizeof(int), cudaMemcpyHostToDevice);
    int init_mx = -1000000, init_mn = 1000000, zero = 0; float fz = 0;
    cudaMemcpy(dmx, &init_mx, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dmn, &init_mn, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dor, &zero, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dcas, &zero, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dlast, &zero, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dfs, &fz, 4, cudaMemcpyHostToDevice);
    misc<<<(m + 127) / 128, 128>>>(dv, m, dmx, dmn, dor, dcas, dfs, dlast);
    int gmx, gmn, gcas, glast; unsigned gor; float gfs;
    cudaMemcpy(&gmx, dmx, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&gmn, dmn, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&gor, dor, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&gcas, dcas, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&gfs, dfs, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&glast, dlast, 4, cudaMemcpyDeviceToHost);
    if (gmx != wmx || gmn != wmn || gor != wor || gcas != 2 * m || gfs != 0.5f * m || glast != 7) {
        printf("misc: max %d/%d min %d/%d or %x/%x cas %d fsum %f last %d\n", gmx, wmx, gmn, wmn, gor, wor, gcas, gfs, glast);
        return 1;
    }
    printf("atomics ok\n");
    return 0;
}
