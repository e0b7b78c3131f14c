#warning "a warning in a header two levels down"
__global__ void divergent(float *a) {
    if (threadIdx.x < 3)
        __syncthreads();
    a[threadIdx.x] = 0;
}
