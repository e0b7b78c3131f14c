// cuFFT's status codes for bad input, as NVIDIA's cufft.h numbers them: handles that are not
// plans (never made, destroyed, created but not made yet), sizes, ranks and batches out of
// range, types that are not cufftType's, null pointers, directions other than +-1, an exec
// call of the wrong kind for the plan, strides and embeddings the advanced layout cannot
// have, cufftXt element types without a transform, multiple GPUs on a made plan or past the
// devices there are, what is not supported (callbacks, half precision); and the calls that succeed: versions, properties, work sizes
// (0: FFTW keeps its own buffers), work areas, CUFFT_PLAN_NULL destroyed.
// RUN: %cu2cc %s -o %t -lcufft && %t
#include <cstdio>
#include <cufftXt.h>

static int failures;
#define EXPECT(call, want)                                                                  \
    do {                                                                                    \
        int got_ = (int)(call);                                                             \
        if (got_ != (int)(want)) {                                                          \
            printf("FAIL line %d: %s returned %d, expected %s (%d)\n", __LINE__, #call, got_, #want, \
                   (int)(want));                                                            \
            failures++;                                                                     \
        }                                                                                   \
    } while (0)

int main() {
    // the values programs compare against
    static_assert(CUFFT_INVALID_PLAN == 1 && CUFFT_INVALID_VALUE == 4 && CUFFT_EXEC_FAILED == 6 &&
                      CUFFT_INVALID_SIZE == 8 && CUFFT_NOT_SUPPORTED == 16 && CUFFT_C2C == 0x29 &&
                      CUFFT_R2C == 0x2a && CUFFT_Z2D == 0x6c && CUFFT_FORWARD == -1 && CUFFT_INVERSE == 1,
                  "cuFFT's values");
    cufftHandle plan = 12345, made;
    cufftComplex *c;
    cufftReal *r;
    cudaMalloc(&c, 64 * sizeof(cufftComplex));
    cudaMalloc(&r, 128 * sizeof(cufftReal));
    size_t work = 77;
    int n[3] = {8, 8, 8}, bad_n[2] = {8, 0}, embed[2] = {8, 8}, small_embed[2] = {8, 4};

    // plan calls: sizes, ranks, batches, types, null pointers
    EXPECT(cufftPlan1d(&plan, 0, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlan1d(&plan, -4, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlan1d(&plan, 8, CUFFT_C2C, 0), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlan1d(&plan, 8, (cufftType)0x42, 1), CUFFT_INVALID_TYPE);
    EXPECT(cufftPlan1d(NULL, 8, CUFFT_C2C, 1), CUFFT_INVALID_VALUE);
    EXPECT(cufftPlan2d(&plan, 8, 0, CUFFT_C2C), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlan3d(&plan, 8, 8, -1, CUFFT_R2C), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlanMany(&plan, 0, n, NULL, 1, 8, NULL, 1, 8, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlanMany(&plan, 4, n, NULL, 1, 8, NULL, 1, 8, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlanMany(&plan, 2, bad_n, NULL, 1, 8, NULL, 1, 8, CUFFT_C2C, 1), CUFFT_INVALID_SIZE);
    EXPECT(cufftPlanMany(&plan, 1, NULL, NULL, 1, 8, NULL, 1, 8, CUFFT_C2C, 1), CUFFT_INVALID_VALUE);
    // the advanced layout: strides of at least 1, embeddings holding the transform
    EXPECT(cufftPlanMany(&plan, 2, n, embed, 0, 64, embed, 1, 64, CUFFT_C2C, 2), CUFFT_INVALID_VALUE);
    EXPECT(cufftPlanMany(&plan, 2, n, embed, 1, -1, embed, 1, 64, CUFFT_C2C, 2), CUFFT_INVALID_VALUE);
    EXPECT(cufftPlanMany(&plan, 2, n, small_embed, 1, 64, embed, 1, 64, CUFFT_C2C, 2), CUFFT_INVALID_VALUE);
    // a real transform's complex side needs only n/2+1: 4 is too few for 8 on the input of C2R
    EXPECT(cufftPlanMany(&plan, 2, n, small_embed, 1, 64, embed, 1, 64, CUFFT_C2R, 2), CUFFT_INVALID_VALUE);
    small_embed[1] = 5;
    EXPECT(cufftPlanMany(&plan, 2, n, small_embed, 1, 40, embed, 1, 64, CUFFT_C2R, 2), CUFFT_SUCCESS);
    EXPECT(cufftDestroy(plan), CUFFT_SUCCESS);
    EXPECT(cufftEstimate1d(8, CUFFT_C2C, 0, &work), CUFFT_INVALID_SIZE);
    EXPECT(cufftEstimate3d(4, 4, 4, CUFFT_Z2Z, NULL), CUFFT_INVALID_VALUE);
    EXPECT(cufftEstimateMany(1, n, NULL, 1, 8, NULL, 1, 8, (cufftType)7, 1, &work), CUFFT_INVALID_TYPE);
    work = 77;
    EXPECT(cufftEstimate2d(16, 16, CUFFT_R2C, &work), CUFFT_SUCCESS);
    if (work != 0) { printf("FAIL: cufftEstimate2d work size %zu\n", work); failures++; }

    // handles: never made, created but not made, made twice, destroyed
    EXPECT(cufftExecC2C(0, c, c, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
    EXPECT(cufftExecC2C(9999, c, c, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
    EXPECT(cufftDestroy(9999), CUFFT_INVALID_PLAN);
    EXPECT(cufftDestroy(CUFFT_PLAN_NULL), CUFFT_SUCCESS);
    EXPECT(cufftSetStream(9999, 0), CUFFT_INVALID_PLAN);
    EXPECT(cufftGetSize(9999, &work), CUFFT_INVALID_PLAN);
    EXPECT(cufftMakePlan1d(9999, 8, CUFFT_C2C, 1, &work), CUFFT_INVALID_PLAN);
    EXPECT(cufftMakePlan1d(9999, 0, CUFFT_C2C, 1, &work), CUFFT_INVALID_PLAN);
    EXPECT(cufftCreate(NULL), CUFFT_INVALID_VALUE);
    EXPECT(cufftCreate(&plan), CUFFT_SUCCESS);
    EXPECT(cufftExecC2C(plan, c, c, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
    EXPECT(cufftMakePlan1d(plan, 0, CUFFT_C2C, 1, &work), CUFFT_INVALID_SIZE);
    EXPECT(cufftMakePlan2d(plan, 8, 8, (cufftType)0, &work), CUFFT_INVALID_TYPE);
    work = 77;
    EXPECT(cufftMakePlan1d(plan, 64, CUFFT_C2C, 1, &work), CUFFT_SUCCESS);
    if (work != 0) { printf("FAIL: cufftMakePlan1d work size %zu\n", work); failures++; }
    EXPECT(cufftMakePlan1d(plan, 64, CUFFT_C2C, 1, &work), CUFFT_INVALID_PLAN);
    EXPECT(cufftGetSize(plan, NULL), CUFFT_INVALID_VALUE);
    EXPECT(cufftGetSize(plan, &work), CUFFT_SUCCESS);
    EXPECT(cufftGetSize1d(plan, 64, CUFFT_C2C, 1, &work), CUFFT_SUCCESS);
    EXPECT(cufftGetSizeMany(plan, 1, n, NULL, 1, 8, NULL, 1, 8, CUFFT_C2C, -1, &work), CUFFT_INVALID_SIZE);
    EXPECT(cufftSetAutoAllocation(plan, 0), CUFFT_SUCCESS);
    EXPECT(cufftSetWorkArea(plan, c), CUFFT_SUCCESS);

    // exec calls: null data, directions, the wrong kind of exec for the plan
    EXPECT(cufftExecC2C(plan, NULL, c, CUFFT_FORWARD), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecC2C(plan, c, NULL, CUFFT_FORWARD), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecC2C(plan, c, c, 0), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecC2C(plan, c, c, 2), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecR2C(plan, r, c), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecZ2Z(plan, (cufftDoubleComplex *)c, (cufftDoubleComplex *)c, CUFFT_FORWARD), CUFFT_INVALID_VALUE);
    EXPECT(cufftXtExec(plan, c, c, 3), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecC2C(plan, c, c, CUFFT_INVERSE), CUFFT_SUCCESS);
    EXPECT(cufftXtExec(plan, c, c, CUFFT_FORWARD), CUFFT_SUCCESS);
    EXPECT(cufftPlan1d(&made, 64, CUFFT_R2C, 1), CUFFT_SUCCESS);
    EXPECT(cufftExecC2R(made, c, r), CUFFT_INVALID_VALUE);
    EXPECT(cufftExecR2C(made, r, c), CUFFT_SUCCESS);
    EXPECT(cufftXtExec(made, r, c, 12345), CUFFT_SUCCESS);   // direction: complex plans only
    EXPECT(cufftDestroy(made), CUFFT_SUCCESS);
    EXPECT(cufftDestroy(made), CUFFT_INVALID_PLAN);
    EXPECT(cufftExecR2C(made, r, c), CUFFT_INVALID_PLAN);

    // versions and properties
    int v = 0;
    EXPECT(cufftGetVersion(NULL), CUFFT_INVALID_VALUE);
    EXPECT(cufftGetVersion(&v), CUFFT_SUCCESS);
    if (v != CUFFT_VERSION) { printf("FAIL: version %d\n", v); failures++; }
    EXPECT(cufftGetProperty(MAJOR_VERSION, &v), CUFFT_SUCCESS);
    if (v != CUFFT_VER_MAJOR) { printf("FAIL: major version %d\n", v); failures++; }
    EXPECT(cufftGetProperty(PATCH_LEVEL, NULL), CUFFT_INVALID_VALUE);
    EXPECT(cufftGetProperty((libraryPropertyType)9, &v), CUFFT_INVALID_TYPE);
    long long threads = -5;
    EXPECT(cufftSetPlanPropertyInt64(plan, NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS, 2), CUFFT_SUCCESS);
    EXPECT(cufftGetPlanPropertyInt64(plan, NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS, &threads), CUFFT_SUCCESS);
    if (threads != 2) { printf("FAIL: property %lld\n", threads); failures++; }
    EXPECT(cufftSetPlanPropertyInt64(plan, (cufftProperty)99, 1), CUFFT_INVALID_VALUE);
    EXPECT(cufftResetPlanProperty(plan, NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS), CUFFT_SUCCESS);

    // cufftXt: element types without a transform, half precision, multiple GPUs, callbacks
    long long n64[1] = {16};
    cufftHandle xt;
    EXPECT(cufftCreate(&xt), CUFFT_SUCCESS);
    EXPECT(cufftXtMakePlanMany(xt, 1, n64, NULL, 1, 16, CUDA_R_32F, NULL, 1, 16, CUDA_R_32F, 1, &work, CUDA_C_32F),
           CUFFT_INVALID_TYPE);
    EXPECT(cufftXtMakePlanMany(xt, 1, n64, NULL, 1, 16, CUDA_C_32F, NULL, 1, 16, CUDA_C_64F, 1, &work, CUDA_C_32F),
           CUFFT_INVALID_TYPE);
    EXPECT(cufftXtMakePlanMany(xt, 1, n64, NULL, 1, 16, CUDA_C_16F, NULL, 1, 16, CUDA_C_16F, 1, &work, CUDA_C_16F),
           CUFFT_NOT_SUPPORTED);
    EXPECT(cufftXtMakePlanMany(9999, 1, n64, NULL, 1, 16, CUDA_C_16F, NULL, 1, 16, CUDA_C_16F, 1, &work, CUDA_C_16F),
           CUFFT_INVALID_PLAN);
    EXPECT(cufftXtGetSizeMany(xt, 1, n64, NULL, 1, 16, CUDA_R_64F, NULL, 1, 16, CUDA_C_64F, 1, &work, CUDA_C_64F),
           CUFFT_SUCCESS);
    EXPECT(cufftXtMakePlanMany(xt, 1, n64, NULL, 1, 16, CUDA_R_64F, NULL, 1, 16, CUDA_C_64F, 1, &work, CUDA_C_64F),
           CUFFT_SUCCESS);
    EXPECT(cufftXtSetWorkAreaPolicy(xt, CUFFT_WORKAREA_MINIMAL, NULL), CUFFT_SUCCESS);
    int gpus[2] = {0, 1};
    cudaLibXtDesc *desc = NULL;
    // GPUs are chosen before a plan is made: a made plan has one device and no descriptors
    EXPECT(cufftXtSetGPUs(xt, 2, gpus), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtMalloc(xt, &desc, CUFFT_XT_FORMAT_INPLACE), CUFFT_INVALID_PLAN);
    EXPECT(cufftXtExecDescriptor(xt, desc, desc, CUFFT_FORWARD), CUFFT_INVALID_PLAN);
    cufftHandle two;   // one device here: there is no device 1
    EXPECT(cufftCreate(&two), CUFFT_SUCCESS);
    EXPECT(cufftXtSetGPUs(two, 2, gpus), CUFFT_INVALID_DEVICE);
    EXPECT(cufftDestroy(two), CUFFT_SUCCESS);
    EXPECT(cufftXtSetCallback(xt, NULL, CUFFT_CB_LD_REAL_DOUBLE, NULL), CUFFT_NOT_SUPPORTED);
    EXPECT(cufftDestroy(xt), CUFFT_SUCCESS);
    EXPECT(cufftDestroy(plan), CUFFT_SUCCESS);

    if (cudaDeviceSynchronize() != cudaSuccess) { printf("FAIL: CUDA error\n"); return 1; }
    cudaFree(c);
    cudaFree(r);
    if (failures) return 1;
    printf("PASS\n");
    return 0;
}
