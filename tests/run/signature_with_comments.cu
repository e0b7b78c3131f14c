// Regression: a kernel signature spread over lines with // and /* */ comments (the host stub
// repeats the signature on one line).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>

__global__ void
scale(float *a,      // the data
      float f,       /* the factor */
      int n)         // how many
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        a[i] *= f;
}

int main() {
    float h[100], *d;
    for (int i = 0; i < 100; i++)
        h[i] = i;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    scale<<<4, 32>>>(d, 3.0f, 100);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 100; i++)
        if (h[i] != 3.0f * i) {
            printf("h[%d] = %f\n", i, h[i]);
            return 1;
        }
    return 0;
}
