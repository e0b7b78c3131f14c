// cuFFT complex-to-complex transforms (C2C in float, Z2Z in double) of rank 1, 2 and 3, sizes
// that are and are not powers of two, forward and inverse, in place and out of place, from
// cufftPlan1d/2d/3d and cufftCreate + cufftMakePlan*, each compared with a naive DFT computed
// here in double precision (cuFFT's signs: forward e^-2pi i jk/n, inverse e^+, unnormalised).
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_NUM_THREADS=1 timeout 120 %t && timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cufft.h>

static int failures;

// Naive DFT of a packed rank-r array (n[0] slowest), sign -1 forward, +1 inverse.
static void naive_dft(const double *in, double *out, int rank, const int *n, int sign) {
    int total = 1;
    for (int d = 0; d < rank; d++) total *= n[d];
    for (int k = 0; k < total; k++) {
        int kk[3] = {0, 0, 0}, r = k;
        for (int d = rank - 1; d >= 0; d--) { kk[d] = r % n[d]; r /= n[d]; }
        double sr = 0, si = 0;
        for (int j = 0; j < total; j++) {
            int jj[3] = {0, 0, 0}, q = j;
            for (int d = rank - 1; d >= 0; d--) { jj[d] = q % n[d]; q /= n[d]; }
            double phase = 0;
            for (int d = 0; d < rank; d++) phase += (double)((long)kk[d] * jj[d] % n[d]) / n[d];
            double a = sign * 2 * M_PI * phase, c = cos(a), s = sin(a);
            sr += in[2 * j] * c - in[2 * j + 1] * s;
            si += in[2 * j] * s + in[2 * j + 1] * c;
        }
        out[2 * k] = sr;
        out[2 * k + 1] = si;
    }
}

// got (count complex numbers, float or double) against want, relative to the input's size
static void compare(const char *what, const double *want, const void *got, int is_double, int count,
                    double scale) {
    double worst = 0;
    for (int i = 0; i < 2 * count; i++) {
        double g = is_double ? ((const double *)got)[i] : ((const float *)got)[i];
        worst = fmax(worst, fabs(g - want[i]));
    }
    double tol = (is_double ? 1e-11 : 2e-5) * scale;
    if (!(worst <= tol)) {
        printf("FAIL %s: error %g > %g\n", what, worst, tol);
        failures++;
    }
}

static void check(cufftResult r, const char *what) {
    if (r != CUFFT_SUCCESS) {
        printf("FAIL %s: cufftResult %d\n", what, (int)r);
        exit(1);
    }
}

// One shape: every precision, direction and placement.
static void run_shape(int rank, const int *n, int use_make) {
    int total = 1;
    for (int d = 0; d < rank; d++) total *= n[d];
    double *input = (double *)malloc(sizeof(double) * 2 * total), *want = (double *)malloc(sizeof(double) * 2 * total);
    double scale = 0;
    for (int i = 0; i < 2 * total; i++) {
        input[i] = (double)rand() / RAND_MAX - 0.5;
        scale += fabs(input[i]);
    }
    for (int dbl = 0; dbl < 2; dbl++) {
        cufftType type = dbl ? CUFFT_Z2Z : CUFFT_C2C;
        cufftHandle plan;
        if (use_make) {
            size_t work = 1;
            check(cufftCreate(&plan), "cufftCreate");
            if (rank == 1) check(cufftMakePlan1d(plan, n[0], type, 1, &work), "cufftMakePlan1d");
            if (rank == 2) check(cufftMakePlan2d(plan, n[0], n[1], type, &work), "cufftMakePlan2d");
            if (rank == 3) check(cufftMakePlan3d(plan, n[0], n[1], n[2], type, &work), "cufftMakePlan3d");
        } else {
            if (rank == 1) check(cufftPlan1d(&plan, n[0], type, 1), "cufftPlan1d");
            if (rank == 2) check(cufftPlan2d(&plan, n[0], n[1], type), "cufftPlan2d");
            if (rank == 3) check(cufftPlan3d(&plan, n[0], n[1], n[2], type), "cufftPlan3d");
        }
        size_t elem = dbl ? sizeof(double) : sizeof(float), bytes = 2 * elem * total;
        void *host = malloc(bytes), *din, *dout;
        cudaMalloc(&din, bytes);
        cudaMalloc(&dout, bytes);
        for (int sign = -1; sign <= 1; sign += 2) {
            naive_dft(input, want, rank, n, sign);
            for (int in_place = 0; in_place < 2; in_place++) {
                for (int i = 0; i < 2 * total; i++) {
                    if (dbl) ((double *)host)[i] = input[i];
                    else ((float *)host)[i] = (float)input[i];
                }
                cudaMemcpy(din, host, bytes, cudaMemcpyHostToDevice);
                void *out = in_place ? din : dout;
                if (dbl) check(cufftExecZ2Z(plan, (cufftDoubleComplex *)din, (cufftDoubleComplex *)out, sign), "Z2Z");
                else check(cufftExecC2C(plan, (cufftComplex *)din, (cufftComplex *)out, sign), "C2C");
                cudaMemcpy(host, out, bytes, cudaMemcpyDeviceToHost);
                char what[128];
                snprintf(what, sizeof what, "%s rank %d n=%dx%dx%d %s %s%s", dbl ? "Z2Z" : "C2C", rank, n[0],
                         rank > 1 ? n[1] : 1, rank > 2 ? n[2] : 1, sign < 0 ? "forward" : "inverse",
                         in_place ? "in place" : "out of place", use_make ? " (MakePlan)" : "");
                compare(what, want, host, dbl, total, scale);
            }
        }
        check(cufftDestroy(plan), "cufftDestroy");
        cudaFree(din);
        cudaFree(dout);
        free(host);
    }
    free(input);
    free(want);
}

int main() {
    static const int shapes[][4] = {
        {1, 1}, {1, 8}, {1, 12}, {1, 17}, {1, 256}, {1, 1000},
        {2, 4, 4}, {2, 6, 5}, {2, 16, 9}, {2, 1, 7},
        {3, 2, 3, 4}, {3, 8, 8, 8}, {3, 5, 6, 7},
    };
    for (unsigned s = 0; s < sizeof shapes / sizeof *shapes; s++)
        for (int use_make = 0; use_make < 2; use_make++)
            run_shape(shapes[s][0], &shapes[s][1], use_make);
    if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: CUDA error\n");
        return 1;
    }
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
