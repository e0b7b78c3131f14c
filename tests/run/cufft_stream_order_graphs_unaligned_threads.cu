// cuFFT transforms are stream work: queued behind the kernels and host work before them on the
// plan's stream (cufftSetStream), ahead of what follows; captured into a graph that is
// launched twice; run on arrays that are not aligned as cudaMalloc's are (an element past
// the start); still correct when the plan is destroyed while its transform is queued; and
// planned and run from several host threads at once, each with its plans and stream.
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_NUM_THREADS=1 timeout 120 %t && timeout 120 %t
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>
#include <cufft.h>

static int failures;
#define CHECK(call)                                                                   \
    do {                                                                              \
        int r_ = (int)(call);                                                         \
        if (r_ != 0) { printf("FAIL line %d: %s returned %d\n", __LINE__, #call, r_); exit(1); } \
    } while (0)

__global__ void fill(float2 *a, int n, int batch) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n * batch) { a[i].x = (float)((i * 7) % 13) - 6.0f; a[i].y = (float)((i * 5) % 11) - 5.0f; }
}

__global__ void scale(float2 *a, int count, float s) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) { a[i].x *= s; a[i].y *= s; }
}

static void slow_host_work(void *) { usleep(50 * 1000); }

static double input_re(int i) { return (double)((i * 7) % 13) - 6.0; }
static double input_im(int i) { return (double)((i * 5) % 11) - 5.0; }

// checks a[0..n*batch) against (the inverse of) the forward transform of fill's input
static void check_spectrum(const char *what, const float2 *a, int n, int batch, bool round_trip) {
    double worst = 0;
    for (int b = 0; b < batch; b++)
        for (int k = 0; k < n; k++) {
            double re = 0, im = 0;
            if (round_trip) { re = input_re(b * n + k); im = input_im(b * n + k); }
            else
                for (int j = 0; j < n; j++) {
                    double ang = -2 * M_PI * (double)((long)j * k % n) / n, xr = input_re(b * n + j),
                           xi = input_im(b * n + j);
                    re += xr * cos(ang) - xi * sin(ang);
                    im += xr * sin(ang) + xi * cos(ang);
                }
            worst = fmax(worst, fmax(fabs(a[b * n + k].x - re), fabs(a[b * n + k].y - im)));
        }
    if (!(worst < 2e-3 * n)) { printf("FAIL %s: error %g\n", what, worst); failures++; }
}

static void stream_order() {
    const int n = 64, batch = 8, count = n * batch;
    float2 *d, *h = (float2 *)malloc(sizeof(float2) * count);
    CHECK(cudaMalloc(&d, sizeof(float2) * count));
    CHECK(cudaMemset(d, 0, sizeof(float2) * count));
    cudaStream_t s;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cufftHandle plan;
    CHECK(cufftPlan1d(&plan, n, CUFFT_C2C, batch));
    CHECK(cufftSetStream(plan, s));
    // the input is written after 50 ms of other work on the stream: a transform not ordered
    // behind it would see zeros
    CHECK(cudaLaunchHostFunc(s, slow_host_work, NULL));
    fill<<<(count + 127) / 128, 128, 0, s>>>(d, n, batch);
    CHECK(cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD));
    CHECK(cudaMemcpyAsync(h, d, sizeof(float2) * count, cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    check_spectrum("stream-ordered forward", h, n, batch, false);
    // forward, scale by 1/n in a kernel, inverse: the input again
    CHECK(cudaLaunchHostFunc(s, slow_host_work, NULL));
    fill<<<(count + 127) / 128, 128, 0, s>>>(d, n, batch);
    CHECK(cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD));
    scale<<<(count + 127) / 128, 128, 0, s>>>(d, count, 1.0f / n);
    CHECK(cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_INVERSE));
    CHECK(cudaMemcpyAsync(h, d, sizeof(float2) * count, cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    check_spectrum("stream-ordered round trip", h, n, batch, true);

    // the same captured into a graph, launched twice (the second finds the first's output)
    cudaGraph_t g;
    cudaGraphExec_t ge;
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    fill<<<(count + 127) / 128, 128, 0, s>>>(d, n, batch);
    CHECK(cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD));
    scale<<<(count + 127) / 128, 128, 0, s>>>(d, count, 1.0f / n);
    CHECK(cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_INVERSE));
    CHECK(cudaStreamEndCapture(s, &g));
    CHECK(cudaGraphInstantiate(&ge, g, 0));
    for (int launch = 0; launch < 2; launch++) {
        CHECK(cudaMemset(d, 0, sizeof(float2) * count));
        CHECK(cudaGraphLaunch(ge, s));
        CHECK(cudaMemcpyAsync(h, d, sizeof(float2) * count, cudaMemcpyDeviceToHost, s));
        CHECK(cudaStreamSynchronize(s));
        check_spectrum(launch ? "graph, second launch" : "graph, first launch", h, n, batch, true);
    }
    CHECK(cudaGraphExecDestroy(ge));
    CHECK(cudaGraphDestroy(g));

    // destroyed while its transform waits behind slow work: the transform still runs
    CHECK(cudaLaunchHostFunc(s, slow_host_work, NULL));
    fill<<<(count + 127) / 128, 128, 0, s>>>(d, n, batch);
    CHECK(cufftExecC2C(plan, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD));
    CHECK(cufftDestroy(plan));
    CHECK(cudaMemcpyAsync(h, d, sizeof(float2) * count, cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    check_spectrum("plan destroyed while queued", h, n, batch, false);
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(d));
    free(h);
}

// arrays one element past cudaMalloc's alignment, in and out of place, both precisions
static void unaligned() {
    const int n = 40, batch = 3, count = n * batch;
    float2 *buf, *out, *h = (float2 *)malloc(sizeof(float2) * count);
    CHECK(cudaMallocManaged(&buf, sizeof(float2) * (count + 1)));
    CHECK(cudaMallocManaged(&out, sizeof(float2) * (count + 1)));
    cufftHandle plan;
    CHECK(cufftPlan1d(&plan, n, CUFFT_C2C, batch));
    for (int variant = 0; variant < 4; variant++) {
        float2 *in = buf + (variant & 1), *o = variant & 2 ? in : out + (variant & 1 ? 0 : 1);
        for (int i = 0; i < count; i++) { in[i].x = (float)input_re(i); in[i].y = (float)input_im(i); }
        CHECK(cufftExecC2C(plan, (cufftComplex *)in, (cufftComplex *)o, CUFFT_FORWARD));
        CHECK(cudaDeviceSynchronize());
        char what[64];
        snprintf(what, sizeof what, "C2C unaligned variant %d", variant);
        check_spectrum(what, o, n, batch, false);
    }
    CHECK(cufftDestroy(plan));
    // double: one double2 past the start (16 bytes: not AVX-aligned)
    double2 *z;
    CHECK(cudaMallocManaged(&z, sizeof(double2) * (n + 2)));
    CHECK(cufftPlan1d(&plan, n, CUFFT_Z2Z, 1));
    for (int off = 0; off < 2; off++) {
        for (int i = 0; i < n; i++) { z[off + i].x = input_re(i); z[off + i].y = input_im(i); }
        CHECK(cufftExecZ2Z(plan, (cufftDoubleComplex *)z + off, (cufftDoubleComplex *)z + off, CUFFT_FORWARD));
        CHECK(cufftExecZ2Z(plan, (cufftDoubleComplex *)z + off, (cufftDoubleComplex *)z + off, CUFFT_INVERSE));
        CHECK(cudaDeviceSynchronize());
        for (int i = 0; i < n; i++)
            if (fabs(z[off + i].x - n * input_re(i)) > 1e-9 || fabs(z[off + i].y - n * input_im(i)) > 1e-9) {
                printf("FAIL Z2Z round trip at offset %d, element %d\n", off, i);
                failures++;
                break;
            }
    }
    CHECK(cufftDestroy(plan));
    CHECK(cudaFree(z));
    CHECK(cudaFree(buf));
    CHECK(cudaFree(out));
    free(h);
}

// four host threads planning and running transforms at once
static void threads() {
    int bad[4] = {0, 0, 0, 0};
    std::thread t[4];
    for (int k = 0; k < 4; k++)
        t[k] = std::thread([k, &bad] {
            int n = 32 + 8 * k, batch = 2;
            float2 *d;
            cudaStream_t s;
            cudaStreamCreate(&s);
            cudaMallocManaged(&d, sizeof(float2) * n * batch);
            for (int rep = 0; rep < 20; rep++) {
                cufftHandle p;
                if (cufftPlan1d(&p, n, CUFFT_C2C, batch) != CUFFT_SUCCESS || cufftSetStream(p, s) != CUFFT_SUCCESS) {
                    bad[k]++;
                    continue;
                }
                fill<<<1, 256, 0, s>>>(d, n, batch);
                cufftExecC2C(p, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD);
                cufftExecC2C(p, (cufftComplex *)d, (cufftComplex *)d, CUFFT_INVERSE);
                cudaStreamSynchronize(s);
                cufftDestroy(p);
                for (int i = 0; i < n * batch; i++)
                    if (fabs(d[i].x - n * input_re(i)) > 1e-3 * n || fabs(d[i].y - n * input_im(i)) > 1e-3 * n) {
                        bad[k]++;
                        break;
                    }
            }
            cudaFree(d);
            cudaStreamDestroy(s);
        });
    for (int k = 0; k < 4; k++) t[k].join();
    for (int k = 0; k < 4; k++)
        if (bad[k]) { printf("FAIL thread %d: %d bad round trips\n", k, bad[k]); failures++; }
}

int main() {
    stream_order();
    unaligned();
    threads();
    if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess) {
        printf("FAIL: CUDA error\n");
        return 1;
    }
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
