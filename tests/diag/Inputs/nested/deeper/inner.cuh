#warning "a warning in a header two levels down"
__global__ void lane_split(float *a) {
    if (threadIdx.x < 3)
        __syncwarp();
    a[threadIdx.x] = 0;
    __syncwarp();
}
