// cuFFT's multi-GPU calls refuse what CUDA's refuse: cufftXtSetGPUs a bad count (1 to 16
// GPUs), a device that does not exist, or a plan already made (a device named twice is taken,
// as NVIDIA's samples name GPU 0 twice on one-GPU machines); plans the
// GPUs cannot split (strided layouts, a 1-D transform whose size the GPUs do not share evenly,
// a single 1-D real transform); descriptors, copies and transforms on plans without GPUs,
// unmade, of another shape, of another type, in another direction or subformat. Work-area
// queries answer one size per GPU. Descriptors allocated in CUFFT_XT_FORMAT_INPLACE_SHUFFLED
// or CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED give the same transform as natural ones.
// RUN: %cu2cc %s -o %t -lcufft && env CU2C_DEVICES=2 timeout 120 %t && env CU2C_DEVICES=4 timeout 120 %t
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cufftXt.h>
#include "Inputs/cufft_xt_checks.h"

#define EXPECT(call, want)                                                                 \
    do {                                                                                   \
        cufftResult got_ = (call);                                                         \
        if (got_ != (want)) {                                                              \
            failures++;                                                                    \
            printf("FAIL line %d: %s gave %d, want %s\n", __LINE__, #call, (int)got_, #want); \
        }                                                                                  \
    } while (0)


// A plan on every device, made for a 2-D C2C transform of nx x ny.
static cufftHandle plan2d(int nx, int ny) {
    cufftHandle p;
    size_t work[16];
    cufftCreate(&p);
    EXPECT(cufftXtSetGPUs(p, ndev, gpus), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan2d(p, nx, ny, CUFFT_C2C, work), CUFFT_SUCCESS);
    return p;
}

static void set_gpus() {
    cufftHandle p, made;
    EXPECT(cufftXtSetGPUs(12345, ndev, gpus), CUFFT_INVALID_PLAN);
    cufftCreate(&p);
    EXPECT(cufftXtSetGPUs(p, 0, gpus), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtSetGPUs(p, -1, gpus), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtSetGPUs(p, 17, gpus), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtSetGPUs(p, 2, NULL), CUFFT_INVALID_VALUE);
    int past[2] = {0, ndev}, negative[2] = {-1, 0}, twice[2] = {1, 1};
    EXPECT(cufftXtSetGPUs(p, 2, past), CUFFT_INVALID_DEVICE);
    EXPECT(cufftXtSetGPUs(p, 2, negative), CUFFT_INVALID_DEVICE);
    EXPECT(cufftXtSetGPUs(p, 2, twice), CUFFT_SUCCESS);   // see same_device_twice
    // after the refusals the plan takes GPUs and is made
    EXPECT(cufftXtSetGPUs(p, ndev, gpus), CUFFT_SUCCESS);
    size_t work[17];
    for (int i = 0; i < 17; i++) work[i] = SIZE_MAX;
    EXPECT(cufftMakePlan3d(p, 8, 6, 4, CUFFT_Z2Z, work), CUFFT_SUCCESS);
    for (int i = 0; i < 17; i++)
        CHECK((work[i] != SIZE_MAX) == (i < ndev), "work size %d: %zu", i, work[i]);
    // the GPUs are chosen before the plan is made
    EXPECT(cufftXtSetGPUs(p, ndev, gpus), CUFFT_INVALID_PLAN);
    EXPECT(cufftPlan1d(&made, 64, CUFFT_C2C, 1), CUFFT_SUCCESS);
    EXPECT(cufftXtSetGPUs(made, ndev, gpus), CUFFT_INVALID_PLAN);
    // size queries: one per GPU
    for (int i = 0; i < 17; i++) work[i] = SIZE_MAX;
    EXPECT(cufftGetSize(p, work), CUFFT_SUCCESS);
    for (int i = 0; i < 17; i++)
        CHECK((work[i] != SIZE_MAX) == (i < ndev), "cufftGetSize %d: %zu", i, work[i]);
    void *areas[16] = {};
    EXPECT(cufftXtSetWorkArea(p, areas), CUFFT_SUCCESS);
    cufftDestroy(p);
    cufftDestroy(made);
    // one GPU of several
    int last = ndev - 1;
    cufftCreate(&p);
    EXPECT(cufftXtSetGPUs(p, 1, &last), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan1d(p, 100, CUFFT_C2C, 1, work), CUFFT_SUCCESS);
    cufftDestroy(p);
}

static void plans() {
    cufftHandle p;
    size_t work[16];
    int n[2] = {8, 8}, embed[2] = {8, 8}, wide[2] = {8, 10};
    cufftCreate(&p);
    EXPECT(cufftXtSetGPUs(p, ndev, gpus), CUFFT_SUCCESS);
    // the GPUs split no strided data
    EXPECT(cufftMakePlanMany(p, 2, n, embed, 2, 128, embed, 2, 128, CUFFT_C2C, 1, work), CUFFT_INVALID_VALUE);
    EXPECT(cufftMakePlanMany(p, 2, n, wide, 1, 80, wide, 1, 80, CUFFT_C2C, 2, work), CUFFT_INVALID_VALUE);
    // a 1-D transform whose size the GPUs cannot share evenly
    EXPECT(cufftMakePlan1d(p, 1001, CUFFT_C2C, 1, work), CUFFT_INVALID_SIZE);
    // a single 1-D real transform is not split (batches of them are)
    EXPECT(cufftMakePlan1d(p, 1024, CUFFT_R2C, 1, work), CUFFT_NOT_SUPPORTED);
    // the advanced layout written out as the packed one is the packed one
    EXPECT(cufftMakePlanMany(p, 2, n, embed, 1, 64, embed, 1, 64, CUFFT_C2C, 3, work), CUFFT_SUCCESS);
    cufftDestroy(p);
    cufftCreate(&p);
    EXPECT(cufftXtSetGPUs(p, ndev, gpus), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan1d(p, 1024, CUFFT_R2C, 4, work), CUFFT_SUCCESS);
    cufftDestroy(p);
}

static void descriptors() {
    cufftHandle single, unmade, p = plan2d(16, 8), small = plan2d(8, 8), z = 0;
    cufftPlan2d(&single, 16, 8, CUFFT_C2C);
    cufftCreate(&unmade);
    EXPECT(cufftXtSetGPUs(unmade, ndev, gpus), CUFFT_SUCCESS);
    cufftCreate(&z);
    EXPECT(cufftXtSetGPUs(z, ndev, gpus), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan2d(z, 16, 8, CUFFT_Z2Z, NULL), CUFFT_SUCCESS);
    cudaLibXtDesc *d = NULL, *ds = NULL, *other = NULL;
    std::vector<cufftComplex> h(16 * 8);

    EXPECT(cufftXtMalloc(single, &d, CUFFT_XT_FORMAT_INPLACE), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtMalloc(unmade, &d, CUFFT_XT_FORMAT_INPLACE), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtMalloc(12345, &d, CUFFT_XT_FORMAT_INPLACE), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtMalloc(p, NULL, CUFFT_XT_FORMAT_INPLACE), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMalloc(p, &d, CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMalloc(p, &d, (cufftXtSubFormat)99), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMalloc(p, &d, CUFFT_XT_FORMAT_INPLACE), CUFFT_SUCCESS);
    EXPECT(cufftXtMalloc(p, &ds, CUFFT_XT_FORMAT_INPLACE_SHUFFLED), CUFFT_SUCCESS);
    EXPECT(cufftXtMalloc(small, &other, CUFFT_XT_FORMAT_INPLACE), CUFFT_SUCCESS);

    EXPECT(cufftXtMemcpy(single, d, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtMemcpy(p, d, NULL, CUFFT_COPY_HOST_TO_DEVICE), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMemcpy(p, NULL, d, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMemcpy(p, d, h.data(), CUFFT_COPY_UNDEFINED), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMemcpy(p, other, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtMemcpy(p, d, other, CUFFT_COPY_DEVICE_TO_DEVICE), CUFFT_INVALID_VALUE);

    for (int i = 0; i < 16 * 8; i++) h[i].x = (float)(i % 7) - 3.0f, h[i].y = (float)(i % 5);
    EXPECT(cufftXtMemcpy(p, d, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_SUCCESS);
    EXPECT(cufftXtExecDescriptorC2C(single, d, d, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtExecDescriptorC2C(p, d, d, 0), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtExecDescriptorC2C(p, NULL, NULL, CUFFT_FORWARD), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtExecDescriptorC2C(p, other, other, CUFFT_FORWARD), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtExecDescriptorZ2Z(p, d, d, CUFFT_FORWARD), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtExecDescriptorR2C(p, d, d), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtExecDescriptorZ2Z(z, d, d, CUFFT_FORWARD), CUFFT_INVALID_VALUE);   // a float descriptor
    CHECK(d->subFormat == CUFFT_XT_FORMAT_INPLACE, "refused transforms changed the subformat to %d", d->subFormat);

    // data put in a shuffled descriptor is that descriptor's: its transform is the same
    std::vector<cufftComplex> a(16 * 8), b(16 * 8);
    EXPECT(cufftXtMemcpy(p, ds, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_SUCCESS);
    EXPECT(cufftXtExecDescriptor(p, d, d, CUFFT_FORWARD), CUFFT_SUCCESS);
    EXPECT(cufftXtExecDescriptor(p, ds, ds, CUFFT_FORWARD), CUFFT_SUCCESS);
    CHECK(d->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED && ds->subFormat == CUFFT_XT_FORMAT_INPLACE,
          "subformats %d %d", d->subFormat, ds->subFormat);
    EXPECT(cufftXtMemcpy(p, a.data(), d, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(p, b.data(), ds, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    double worst = 0;
    for (int i = 0; i < 16 * 8; i++) worst = fmax(worst, fabs(a[i].x - b[i].x) + fabs(a[i].y - b[i].y));
    CHECK(worst < 1e-3, "shuffled descriptor's transform off by %g", worst);

    // queries: only a single 1-D transform on several GPUs has strings
    cufftXt1dFactors f;
    EXPECT(cufftXtQueryPlan(12345, &f, CUFFT_QUERY_1D_FACTORS), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtQueryPlan(p, NULL, CUFFT_QUERY_1D_FACTORS), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtQueryPlan(p, &f, CUFFT_QUERY_UNDEFINED), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtQueryPlan(p, &f, CUFFT_QUERY_1D_FACTORS), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtQueryPlan(single, &f, CUFFT_QUERY_1D_FACTORS), CUFFT_INVALID_PLAN);

    EXPECT(cufftXtFree(NULL), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtFree(d), CUFFT_SUCCESS);
    EXPECT(cufftXtFree(ds), CUFFT_SUCCESS);
    EXPECT(cufftXtFree(other), CUFFT_SUCCESS);
    cufftDestroy(p), cufftDestroy(small), cufftDestroy(single), cufftDestroy(unmade), cufftDestroy(z);
}

// A device named twice holds two pieces, as NVIDIA's samples run on one GPU ({0, 0}): the
// data is split as on two GPUs, the transform the same.
static void same_device_twice() {
    const int nx = 12, ny = 10;
    int last = ndev - 1, twice[2] = {last, last};
    cufftHandle p, q;
    size_t work[2];
    cufftCreate(&p);
    cufftCreate(&q);
    EXPECT(cufftXtSetGPUs(p, 2, twice), CUFFT_SUCCESS);
    EXPECT(cufftXtSetGPUs(q, ndev, gpus), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan2d(p, nx, ny, CUFFT_C2C, work), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan2d(q, nx, ny, CUFFT_C2C, NULL), CUFFT_SUCCESS);
    std::vector<cufftComplex> h(nx * ny), a(nx * ny), b(nx * ny);
    for (int i = 0; i < nx * ny; i++) h[i].x = (float)(i % 11), h[i].y = (float)(i % 3) - 1.0f;
    cudaLibXtDesc *d, *e;
    EXPECT(cufftXtMalloc(p, &d, CUFFT_XT_FORMAT_INPLACE), CUFFT_SUCCESS);
    EXPECT(cufftXtMalloc(q, &e, CUFFT_XT_FORMAT_INPLACE), CUFFT_SUCCESS);
    CHECK(d->descriptor->nGPUs == 2 && d->descriptor->data[0] != d->descriptor->data[1], "two pieces");
    for (int g = 0; g < 2; g++) {
        cudaPointerAttributes at;
        CHECK(cudaPointerGetAttributes(&at, d->descriptor->data[g]) == cudaSuccess && at.device == last,
              "piece %d on device %d", g, at.device);
    }
    EXPECT(cufftXtMemcpy(p, d, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(q, e, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_SUCCESS);
    EXPECT(cufftXtExecDescriptorC2C(p, d, d, CUFFT_INVERSE), CUFFT_SUCCESS);
    EXPECT(cufftXtExecDescriptorC2C(q, e, e, CUFFT_INVERSE), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(p, a.data(), d, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(q, b.data(), e, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    double worst = 0;
    for (int i = 0; i < nx * ny; i++) worst = fmax(worst, fabs(a[i].x - b[i].x) + fabs(a[i].y - b[i].y));
    CHECK(worst < 1e-3, "one device twice: transform off by %g", worst);
    cufftXtFree(d), cufftXtFree(e);
    cufftDestroy(p), cufftDestroy(q);
}

// A single 1-D transform from input already in its first step's order: the same result.
static void input_shuffled_1d() {
    const int n = 1024;
    cufftHandle p;
    size_t work[16];
    cufftCreate(&p);
    EXPECT(cufftXtSetGPUs(p, ndev, gpus), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan1d(p, n, CUFFT_Z2Z, 1, work), CUFFT_SUCCESS);
    std::vector<cufftDoubleComplex> h(n), a(n), b(n);
    for (int i = 0; i < n; i++) h[i].x = sin(0.1 * i), h[i].y = cos(0.37 * i * i);
    cudaLibXtDesc *d, *di;
    EXPECT(cufftXtMalloc(p, &d, CUFFT_XT_FORMAT_INPLACE), CUFFT_SUCCESS);
    EXPECT(cufftXtMalloc(p, &di, CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(p, d, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(p, di, h.data(), CUFFT_COPY_HOST_TO_DEVICE), CUFFT_SUCCESS);
    // what the host gets back is in natural order whatever the subformat
    EXPECT(cufftXtMemcpy(p, a.data(), di, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    bool same = true;
    for (int i = 0; i < n; i++) same = same && a[i].x == h[i].x && a[i].y == h[i].y;
    CHECK(same, "1-D input-shuffled data comes back changed");
    EXPECT(cufftXtExecDescriptorZ2Z(p, d, d, CUFFT_FORWARD), CUFFT_SUCCESS);
    EXPECT(cufftXtExecDescriptorZ2Z(p, di, di, CUFFT_FORWARD), CUFFT_SUCCESS);
    CHECK(di->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED, "subformat %d", di->subFormat);
    EXPECT(cufftXtMemcpy(p, a.data(), d, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    EXPECT(cufftXtMemcpy(p, b.data(), di, CUFFT_COPY_DEVICE_TO_HOST), CUFFT_SUCCESS);
    double worst = 0;
    for (int i = 0; i < n; i++) worst = fmax(worst, fabs(a[i].x - b[i].x) + fabs(a[i].y - b[i].y));
    CHECK(worst < 1e-10, "input-shuffled transform off by %g", worst);
    // a 1-D input order is for single 1-D transforms only
    cufftHandle batched;
    cudaLibXtDesc *x = NULL;
    cufftCreate(&batched);
    EXPECT(cufftXtSetGPUs(batched, ndev, gpus), CUFFT_SUCCESS);
    EXPECT(cufftMakePlan1d(batched, 64, CUFFT_Z2Z, 8, work), CUFFT_SUCCESS);
    EXPECT(cufftXtMalloc(batched, &x, CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED), CUFFT_INVALID_VALUE);
    cufftXtFree(d), cufftXtFree(di);
    cufftDestroy(p), cufftDestroy(batched);
}

int main() {
    if (!two_devices_or_more())
        return 1;
    set_gpus();
    plans();
    descriptors();
    same_device_twice();
    input_shuffled_1d();
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("cufft_xt_multi_gpu_error_codes_formats: OK\n");
    return 0;
}
