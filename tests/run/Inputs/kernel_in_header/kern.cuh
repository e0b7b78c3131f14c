#pragma once
// a kernel in a header, with a barrier
__global__ void rev(int *d, int n) {
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = d[t];
    __syncthreads();
    d[t] = s[n - 1 - t];
}
