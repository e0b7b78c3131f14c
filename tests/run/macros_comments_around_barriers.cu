// Macros in kernels (an index macro, a macro wrapping __syncthreads(), a function-like
// macro using threadIdx), comments between and on barrier lines, odd formatting.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define IDX (blockIdx.x*blockDim.x+threadIdx.x)
#define TID threadIdx.x
#define SQR(v) ((v)*(v))
#define SYNC __syncthreads()
#define N_PER_BLOCK 64

__global__ void
weird (const int* __restrict__ in,
       int *out)
{
  __shared__ int
      s[N_PER_BLOCK];
  s[TID] = SQR(in[IDX]); /* square */ __syncthreads(); // first barrier, same line
  int left = s[(TID + N_PER_BLOCK - 1) % N_PER_BLOCK];
  /* a comment before */
  __syncthreads  (  )  ;
  s[TID] = left + 1;
  SYNC;
  // trailing comment
  out[IDX]
      = s[TID]
      + s[(TID + 1) % N_PER_BLOCK];
}

int main() {
  const int nb = 5, n = nb * N_PER_BLOCK;
  int h[n], o[n], *din, *dout;
  for (int i = 0; i < n; i++) h[i] = i % 23 - 11;
  cudaMalloc(&din, sizeof h); cudaMalloc(&dout, sizeof o);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  weird<<< nb , N_PER_BLOCK >>>( din , dout );
  cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    int b = i / N_PER_BLOCK, t = i % N_PER_BLOCK;
    int l0 = b * N_PER_BLOCK + (t + N_PER_BLOCK - 1) % N_PER_BLOCK;
    int t1 = (t + 1) % N_PER_BLOCK;
    int l1 = b * N_PER_BLOCK + (t1 + N_PER_BLOCK - 1) % N_PER_BLOCK;
    int want = h[l0] * h[l0] + 1 + h[l1] * h[l1] + 1;
    if (o[i] != want) { printf("%d: %d want %d\n", i, o[i], want); return 1; }
  }
  printf("macros ok\n");
  return 0;
}
