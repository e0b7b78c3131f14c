__global__ void k(int *d) {
    if (threadIdx.x < 3)
        __syncwarp();
    __syncwarp();
}
