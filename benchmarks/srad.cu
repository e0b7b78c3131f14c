// The diffusion step of Rodinia's srad_v1 as its CUDA version writes it: an image of NR x NC
// floats stored column by column, one thread per element in 512-thread blocks, each thread
// finding its row and column with `%` and `/` by the image's height (a divisor known only at
// run time), testing `ei < d_Ne` against a long, and reading its neighbours through the
// row and column index tables iN, iS, jW, jE. Two kernels per iteration (coefficients, then
// the update), ITERS iterations with a fixed q0sqr. Checked against the same step on the host.
// Prints the median ms per run of ITERS iterations. Usage: srad [reps]. The OpenMP twin is
// srad_omp.c.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define NR 2008
#define NC 1832
#define ITERS 20
#define NUMBER_THREADS 512
#define LAMBDA 0.5f
#define Q0SQR 0.05f

__global__ void coefficients(int d_Nr, long d_Ne, const int *d_iN, const int *d_iS, const int *d_jE,
                             const int *d_jW, float *d_dN, float *d_dS, float *d_dE, float *d_dW, float d_q0sqr,
                             float *d_c, const float *d_I) {
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int ei = bx * NUMBER_THREADS + tx;
    int row;
    int col;
    float d_Jc, d_dN_loc, d_dS_loc, d_dW_loc, d_dE_loc, d_c_loc, d_G2, d_L, d_num, d_den, d_qsqr;
    row = (ei + 1) % d_Nr - 1;
    col = (ei + 1) / d_Nr + 1 - 1;
    if ((ei + 1) % d_Nr == 0) {
        row = d_Nr - 1;
        col = col - 1;
    }
    if (ei < d_Ne) {
        d_Jc = d_I[ei];
        d_dN_loc = d_I[d_iN[row] + d_Nr * col] - d_Jc;
        d_dS_loc = d_I[d_iS[row] + d_Nr * col] - d_Jc;
        d_dW_loc = d_I[row + d_Nr * d_jW[col]] - d_Jc;
        d_dE_loc = d_I[row + d_Nr * d_jE[col]] - d_Jc;
        d_G2 = (d_dN_loc * d_dN_loc + d_dS_loc * d_dS_loc + d_dW_loc * d_dW_loc + d_dE_loc * d_dE_loc) / (d_Jc * d_Jc);
        d_L = (d_dN_loc + d_dS_loc + d_dW_loc + d_dE_loc) / d_Jc;
        d_num = (0.5 * d_G2) - ((1.0 / 16.0) * (d_L * d_L));
        d_den = 1 + (0.25 * d_L);
        d_qsqr = d_num / (d_den * d_den);
        d_den = (d_qsqr - d_q0sqr) / (d_q0sqr * (1 + d_q0sqr));
        d_c_loc = 1.0 / (1.0 + d_den);
        if (d_c_loc < 0) {
            d_c_loc = 0;
        } else if (d_c_loc > 1) {
            d_c_loc = 1;
        }
        d_dN[ei] = d_dN_loc;
        d_dS[ei] = d_dS_loc;
        d_dW[ei] = d_dW_loc;
        d_dE[ei] = d_dE_loc;
        d_c[ei] = d_c_loc;
    }
}

__global__ void update(float d_lambda, int d_Nr, long d_Ne, const int *d_iS, const int *d_jE, const float *d_dN,
                       const float *d_dS, const float *d_dE, const float *d_dW, const float *d_c, float *d_I) {
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int ei = bx * NUMBER_THREADS + tx;
    int row;
    int col;
    float d_cN, d_cS, d_cW, d_cE, d_D;
    row = (ei + 1) % d_Nr - 1;
    col = (ei + 1) / d_Nr + 1 - 1;
    if ((ei + 1) % d_Nr == 0) {
        row = d_Nr - 1;
        col = col - 1;
    }
    if (ei < d_Ne) {
        d_cN = d_c[ei];
        d_cS = d_c[d_iS[row] + d_Nr * col];
        d_cW = d_c[ei];
        d_cE = d_c[row + d_Nr * d_jE[col]];
        d_D = d_cN * d_dN[ei] + d_cS * d_dS[ei] + d_cW * d_dW[ei] + d_cE * d_dE[ei];
        d_I[ei] = d_I[ei] + 0.25 * d_lambda * d_D;
    }
}

// the host's step, element by element as the kernels compute it
static void host_step(std::vector<float> &img, std::vector<float> &c, std::vector<float> &d, const int *iN,
                      const int *iS, const int *jW, const int *jE) {
    const long ne = (long)NR * NC;
    for (long k = 0; k < ne; k++) {
        int row = (int)(k % NR), col = (int)(k / NR);
        float jc = img[k];
        float n = img[iN[row] + NR * col] - jc, s = img[iS[row] + NR * col] - jc;
        float w = img[row + NR * jW[col]] - jc, e = img[row + NR * jE[col]] - jc;
        float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
        float l = (n + s + w + e) / jc;
        float num = (0.5 * g2) - ((1.0 / 16.0) * (l * l));
        float den = 1 + (0.25 * l);
        float qsqr = num / (den * den);
        den = (qsqr - Q0SQR) / (Q0SQR * (1 + Q0SQR));
        float cc = 1.0 / (1.0 + den);
        c[k] = cc < 0 ? 0 : cc > 1 ? 1 : cc;
        d[4 * k] = n, d[4 * k + 1] = s, d[4 * k + 2] = w, d[4 * k + 3] = e;
    }
    for (long k = 0; k < ne; k++) {
        int row = (int)(k % NR), col = (int)(k / NR);
        float dd = c[k] * d[4 * k] + c[iS[row] + NR * col] * d[4 * k + 1] + c[k] * d[4 * k + 2] +
                   c[row + NR * jE[col]] * d[4 * k + 3];
        img[k] = img[k] + 0.25 * LAMBDA * dd;
    }
}

static void check(cudaError_t err, const char *what) {
    if (err != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(err));
        exit(1);
    }
}

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 5;
    const long ne = (long)NR * NC;
    std::vector<float> image(ne);
    srand(5);
    for (long k = 0; k < ne; k++)
        image[k] = expf((float)(rand() % 256) / 255);
    std::vector<int> iN(NR), iS(NR), jW(NC), jE(NC);
    for (int i = 0; i < NR; i++)
        iN[i] = i - 1, iS[i] = i + 1;
    for (int j = 0; j < NC; j++)
        jW[j] = j - 1, jE[j] = j + 1;
    iN[0] = 0, iS[NR - 1] = NR - 1, jW[0] = 0, jE[NC - 1] = NC - 1;
    int *d_iN, *d_iS, *d_jW, *d_jE;
    float *d_I, *d_c, *d_dN, *d_dS, *d_dW, *d_dE;
    check(cudaMalloc(&d_iN, NR * sizeof(int)), "cudaMalloc");
    check(cudaMalloc(&d_iS, NR * sizeof(int)), "cudaMalloc");
    check(cudaMalloc(&d_jW, NC * sizeof(int)), "cudaMalloc");
    check(cudaMalloc(&d_jE, NC * sizeof(int)), "cudaMalloc");
    float **bufs[] = {&d_I, &d_c, &d_dN, &d_dS, &d_dW, &d_dE};
    for (float **b : bufs)
        check(cudaMalloc(b, ne * sizeof(float)), "cudaMalloc");
    cudaMemcpy(d_iN, iN.data(), NR * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_iS, iS.data(), NR * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_jW, jW.data(), NC * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(d_jE, jE.data(), NC * sizeof(int), cudaMemcpyHostToDevice);
    int blocks = (int)((ne + NUMBER_THREADS - 1) / NUMBER_THREADS);
    std::vector<double> ms(reps);
    for (int r = 0; r < reps; r++) {
        check(cudaMemcpy(d_I, image.data(), ne * sizeof(float), cudaMemcpyHostToDevice), "copy image");
        auto t0 = std::chrono::steady_clock::now();
        for (int it = 0; it < ITERS; it++) {
            coefficients<<<blocks, NUMBER_THREADS>>>(NR, ne, d_iN, d_iS, d_jE, d_jW, d_dN, d_dS, d_dE, d_dW, Q0SQR,
                                                     d_c, d_I);
            update<<<blocks, NUMBER_THREADS>>>(LAMBDA, NR, ne, d_iS, d_jE, d_dN, d_dS, d_dE, d_dW, d_c, d_I);
        }
        check(cudaDeviceSynchronize(), "kernels");
        ms[r] = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    std::vector<float> got(ne), c(ne), d(4 * ne), want = image;
    check(cudaMemcpy(got.data(), d_I, ne * sizeof(float), cudaMemcpyDeviceToHost), "copy back");
    for (int it = 0; it < ITERS; it++)
        host_step(want, c, d, iN.data(), iS.data(), jW.data(), jE.data());
    double worst = 0;
    for (long k = 0; k < ne; k++)
        worst = std::max(worst, (double)std::fabs(got[k] - want[k]) / (std::fabs(want[k]) + 1e-6));
    if (!(worst < 1e-4)) {
        fprintf(stderr, "srad: relative error %g against the host's steps\n", worst);
        return 1;
    }
    std::sort(ms.begin(), ms.end());
    printf("srad cu2c %dx%d iters=%d reps=%d median_ms=%.4f\n", NR, NC, ITERS, reps, ms[reps / 2]);
    return 0;
}
