// Calls of device functions holding barriers inside the returned value of another expanded
// function (NVIDIA's scan sample: `return scan1Inclusive(idata, s_Data, size, cta) - idata;`
// in scan1Exclusive, itself expanded into kernels): the inner call is expanded just before
// the return, which keeps the rest of its value; the outer call as a declaration's value, in
// an expression and as an early (uniform) return's value; such calls in braceless if/else
// branches.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=3 timeout 60 %t
#include <cstdio>
#define N 128

// inclusive scan of one value per thread over the block (Hillis-Steele)
__device__ unsigned scan1Inclusive(unsigned idata, unsigned *s_Data, unsigned size) {
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
    s_Data[pos] = 0;
    pos += size;
    s_Data[pos] = idata;
    for (unsigned offset = 1; offset < size; offset <<= 1) {
        __syncthreads();
        unsigned t = s_Data[pos] + s_Data[pos - offset];
        __syncthreads();
        s_Data[pos] = t;
    }
    return s_Data[pos];
}

__device__ unsigned scan1Exclusive(unsigned idata, unsigned *s_Data, unsigned size) {
    return scan1Inclusive(idata, s_Data, size) - idata;
}

// an early return whose value holds the call, under a block-uniform braceless if
__device__ unsigned scanMode(unsigned idata, unsigned *s_Data, unsigned size, int mode) {
    if (mode == 1)
        return scan1Exclusive(idata, s_Data, size) + 1;
    return 2 * scan1Inclusive(idata, s_Data, size);
}

__global__ void scan_decl(unsigned *out, const unsigned *in, unsigned size) {
    __shared__ unsigned s_Data[2 * N];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned odata = scan1Exclusive(in[i], s_Data, size);
    out[i] = odata;
}

__global__ void scan_expr(unsigned *out, const unsigned *in, unsigned size) {
    __shared__ unsigned s_Data[2 * N];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 3 + scan1Exclusive(in[i], s_Data, size);
}

__global__ void scan_modes(unsigned *out, const unsigned *in, unsigned size, int mode) {
    __shared__ unsigned s_Data[2 * N];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x, x = 0;
    if (mode < 2)
        x = scanMode(in[i], s_Data, size, mode);
    else
        x = scan1Inclusive(in[i], s_Data, size) * 5;
    out[i] = x;
}

int main() {
    const unsigned blocks = 3, n = blocks * N, size = N;
    unsigned h[n], r[n], incl[n];
    for (unsigned i = 0; i < n; i++)
        h[i] = (i * 7 + 3) % 11;
    for (unsigned b = 0; b < blocks; b++)
        for (unsigned t = 0, sum = 0; t < N; t++)
            incl[b * N + t] = sum += h[b * N + t];
    unsigned *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof r);
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    for (int run = 0; run < 5; run++) {
        if (run == 0)
            scan_decl<<<blocks, N>>>(dout, din, size);
        else if (run == 1)
            scan_expr<<<blocks, N>>>(dout, din, size);
        else
            scan_modes<<<blocks, N>>>(dout, din, size, run - 2);
        cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
        for (unsigned i = 0; i < n; i++) {
            unsigned excl = incl[i] - h[i];
            unsigned want = run == 0 ? excl : run == 1 ? 3 + excl : run == 2 ? 2 * incl[i]
                          : run == 3 ? excl + 1 : incl[i] * 5;
            if (r[i] != want) {
                printf("run %d, element %u: %u, want %u\n", run, i, r[i], want);
                return 1;
            }
        }
    }
    printf("calls in returns of expanded functions ok\n");
    return 0;
}
