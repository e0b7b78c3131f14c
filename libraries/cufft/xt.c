/* xt.c - cufftXt's calls: plans by element type, cufftXtExec, and plans on several GPUs
 * (cufftXtSetGPUs, descriptors, their copies and transforms; the split itself is
 * distribute.c's). Callbacks and half precision are CUFFT_NOT_SUPPORTED. */
#include "cufft_internal.h"

#include <stdlib.h>
#include <string.h>

/* The transform the three element types name, or 0. */
static cufftType type_of(cudaDataType in, cudaDataType out, cudaDataType exec)
{
    if (exec == CUDA_C_32F) {
        if (in == CUDA_C_32F && out == CUDA_C_32F)
            return CUFFT_C2C;
        if (in == CUDA_R_32F && out == CUDA_C_32F)
            return CUFFT_R2C;
        if (in == CUDA_C_32F && out == CUDA_R_32F)
            return CUFFT_C2R;
    } else if (exec == CUDA_C_64F) {
        if (in == CUDA_C_64F && out == CUDA_C_64F)
            return CUFFT_Z2Z;
        if (in == CUDA_R_64F && out == CUDA_C_64F)
            return CUFFT_D2Z;
        if (in == CUDA_C_64F && out == CUDA_R_64F)
            return CUFFT_Z2D;
    }
    return (cufftType)0;
}

static int is_half(cudaDataType t)
{
    return t == CUDA_R_16F || t == CUDA_C_16F || t == CUDA_R_16BF || t == CUDA_C_16BF;
}

/* The plan's transform from its element types: CUFFT_NOT_SUPPORTED for half precision,
 * CUFFT_INVALID_TYPE for a combination cuFFT has no transform for. An unknown plan is
 * CUFFT_INVALID_PLAN before either, as it is for the types the plan calls accept. */
static cufftResult xt_type(cufftHandle plan, cudaDataType in, cudaDataType out, cudaDataType exec, cufftType *type)
{
    *type = type_of(in, out, exec);
    if (*type)
        return CUFFT_SUCCESS;
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cf_plan_release(p);
    return is_half(in) || is_half(out) || is_half(exec) ? CUFFT_NOT_SUPPORTED : CUFFT_INVALID_TYPE;
}

cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n, long long int *inembed,
                                long long int istride, long long int idist, cudaDataType inputtype,
                                long long int *onembed, long long int ostride, long long int odist,
                                cudaDataType outputtype, long long int batch, size_t *workSize,
                                cudaDataType executiontype)
{
    cufftType type;
    cufftResult r = xt_type(plan, inputtype, outputtype, executiontype, &type);
    if (r != CUFFT_SUCCESS)
        return r;
    return cufftMakePlanMany64(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                               workSize);
}

cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int *n, long long int *inembed,
                               long long int istride, long long int idist, cudaDataType inputtype,
                               long long int *onembed, long long int ostride, long long int odist,
                               cudaDataType outputtype, long long int batch, size_t *workSize,
                               cudaDataType executiontype)
{
    cufftType type;
    cufftResult r = xt_type(plan, inputtype, outputtype, executiontype, &type);
    if (r != CUFFT_SUCCESS)
        return r;
    return cufftGetSizeMany64(plan, rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                              workSize);
}

cufftResult cufftXtExec(cufftHandle plan, void *input, void *output, int direction)
{
    return cf_execute(plan, (cufftType)0, input, output, direction);
}

cufftResult cufftXtSetWorkAreaPolicy(cufftHandle plan, cufftXtWorkAreaPolicy policy, size_t *workSize)
{
    (void)workSize;
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cf_plan_release(p);
    if (policy != CUFFT_WORKAREA_MINIMAL && policy != CUFFT_WORKAREA_USER && policy != CUFFT_WORKAREA_PERFORMANCE)
        return CUFFT_INVALID_VALUE;
    return CUFFT_SUCCESS;   /* no work area is used whatever the policy */
}

/* ---- several GPUs ---------------------------------------------------------------------------
 * A plan given GPUs by cufftXtSetGPUs keeps its data in descriptors (cufftXtMalloc), one piece
 * per GPU laid out as distribute.c says. These calls are synchronous, as cudaMemcpy is: they
 * first wait for the work queued on the plan's GPUs (kernels the program ran on the pieces),
 * and their results are in place when they return. A transform gathers the pieces into one
 * array, runs there, and scatters the result back in the layout cuFFT leaves it in. */

cufftResult cufftXtSetGPUs(cufftHandle handle, int nGPUs, int *whichGPUs)
{
    cf_plan *p = cf_plan_get(handle);
    if (!p)
        return CUFFT_INVALID_PLAN;
    int count = 0;
    cufftResult r = CUFFT_SUCCESS;
    if (p->made)
        r = CUFFT_INVALID_PLAN;     /* the GPUs are chosen between cufftCreate and cufftMakePlan* */
    else if (nGPUs < 1 || nGPUs > CF_MAX_GPUS || !whichGPUs)
        r = CUFFT_INVALID_VALUE;
    else if (cudaGetDeviceCount(&count) != cudaSuccess)
        r = CUFFT_INVALID_DEVICE;
    /* a device may be named twice: NVIDIA's multi-GPU samples run on one GPU as {0, 0} */
    for (int i = 0; r == CUFFT_SUCCESS && i < nGPUs; i++)
        if (whichGPUs[i] < 0 || whichGPUs[i] >= count)
            r = CUFFT_INVALID_DEVICE;
    if (r == CUFFT_SUCCESS) {
        p->ngpus = nGPUs;
        memcpy(p->gpus, whichGPUs, sizeof *whichGPUs * (size_t)nGPUs);
    }
    cf_plan_release(p);
    return r;
}

/* The plan of a handle made after cufftXtSetGPUs, with a reference taken, or NULL. */
static cf_plan *gpus_plan(cufftHandle handle)
{
    cf_plan *p = cf_plan_get(handle);
    if (p && !(p->made && p->ngpus)) {
        cf_plan_release(p);
        p = NULL;
    }
    return p;
}

/* Whether d can hold p's data: on p's GPUs, in a subformat p has, pieces large enough. */
static int descriptor_fits(const cf_plan *p, const cudaLibXtDesc *d)
{
    if (!d || !d->descriptor || d->library != LIB_FORMAT_CUFFT || !cf_dist_format_ok(p, d->subFormat))
        return 0;
    const cudaXtDesc *x = d->descriptor;
    if (x->nGPUs != p->ngpus)
        return 0;
    for (int g = 0; g < p->ngpus; g++) {
        size_t need = cf_dist_piece_bytes(p, g);
        if (x->GPUs[g] != p->gpus[g] || x->size[g] < need || (need && !x->data[g]))
            return 0;
    }
    return 1;
}

/* Waits for every GPU of the plan; the calling thread keeps its device. */
static cufftResult sync_gpus(const cf_plan *p, cufftResult failure)
{
    int current;
    if (cudaGetDevice(&current) != cudaSuccess)
        return failure;
    cufftResult r = CUFFT_SUCCESS;
    for (int g = 0; g < p->ngpus; g++)
        if (cudaSetDevice(p->gpus[g]) != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess)
            r = failure;
    cudaSetDevice(current);
    return r;
}

static void free_pieces(cudaXtDesc *x)
{
    for (int g = 0; g < x->nGPUs; g++)
        if (x->data[g])
            cudaFree(x->data[g]);
}

/* Each piece is allocated on its GPU, so that cudaPointerGetAttributes names that device; a GPU
 * given no data (fewer batches than GPUs) still gets a small block, its size 0. */
cufftResult cufftXtMalloc(cufftHandle plan, cudaLibXtDesc **descriptor, cufftXtSubFormat format)
{
    cf_plan *p = gpus_plan(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cufftResult r = descriptor && cf_dist_format_ok(p, format) ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
    cudaLibXtDesc *d = NULL;
    cudaXtDesc *x = NULL;
    int current = 0;
    if (r == CUFFT_SUCCESS && (!(d = calloc(1, sizeof *d)) || !(x = calloc(1, sizeof *x)) ||
                               cudaGetDevice(&current) != cudaSuccess))
        r = CUFFT_ALLOC_FAILED;
    for (int g = 0; r == CUFFT_SUCCESS && g < p->ngpus; g++) {
        x->nGPUs = g + 1;   /* what free_pieces frees on failure */
        x->GPUs[g] = p->gpus[g];
        x->size[g] = cf_dist_piece_bytes(p, g);
        if (cudaSetDevice(p->gpus[g]) != cudaSuccess ||
            cudaMalloc(&x->data[g], x->size[g] ? x->size[g] : 16) != cudaSuccess)
            r = CUFFT_ALLOC_FAILED;
    }
    if (x)
        cudaSetDevice(current);
    if (r == CUFFT_SUCCESS) {
        x->version = CUDA_XT_DESCRIPTOR_VERSION;
        *d = (cudaLibXtDesc){CUDA_XT_DESCRIPTOR_VERSION, x, LIB_FORMAT_CUFFT, format, NULL};
        *descriptor = d;
    } else {
        if (x)
            free_pieces(x);
        free(x);
        free(d);
    }
    cf_plan_release(p);
    return r;
}

cufftResult cufftXtFree(cudaLibXtDesc *descriptor)
{
    if (!descriptor || !descriptor->descriptor || descriptor->descriptor->nGPUs < 0 ||
        descriptor->descriptor->nGPUs > MAX_CUDA_DESCRIPTOR_GPUS)
        return CUFFT_INVALID_VALUE;
    free_pieces(descriptor->descriptor);
    free(descriptor->descriptor);
    free(descriptor);
    return CUFFT_SUCCESS;
}

/* Host data is in natural order; a descriptor's pieces are in the layout of its subformat
 * (device to device: the destination's, so a copy into a CUFFT_XT_FORMAT_INPLACE descriptor
 * puts a transform's result in natural order). */
cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer, void *srcPointer, cufftXtCopyType type)
{
    cf_plan *p = gpus_plan(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cudaLibXtDesc *dst = dstPointer, *src = srcPointer;
    cufftResult r = CUFFT_SUCCESS;
    if (!dstPointer || !srcPointer)
        r = CUFFT_INVALID_VALUE;
    else if (type == CUFFT_COPY_HOST_TO_DEVICE)
        r = descriptor_fits(p, dst) ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
    else if (type == CUFFT_COPY_DEVICE_TO_HOST)
        r = descriptor_fits(p, src) ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
    else if (type == CUFFT_COPY_DEVICE_TO_DEVICE)
        r = descriptor_fits(p, dst) && descriptor_fits(p, src) ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
    else
        r = CUFFT_INVALID_VALUE;
    void *natural = NULL;
    if (r == CUFFT_SUCCESS && type == CUFFT_COPY_DEVICE_TO_DEVICE && !(natural = malloc(cf_dist_bytes(p))))
        r = CUFFT_ALLOC_FAILED;
    if (r == CUFFT_SUCCESS)
        r = sync_gpus(p, CUFFT_INTERNAL_ERROR);
    if (r == CUFFT_SUCCESS) {
        if (type == CUFFT_COPY_HOST_TO_DEVICE) {
            cf_dist_scatter(p, dst->subFormat, srcPointer, dst->descriptor->data);
        } else if (type == CUFFT_COPY_DEVICE_TO_HOST) {
            cf_dist_gather(p, src->subFormat, src->descriptor->data, dstPointer);
        } else {
            cf_dist_gather(p, src->subFormat, src->descriptor->data, natural);
            cf_dist_scatter(p, dst->subFormat, natural, dst->descriptor->data);
        }
    }
    free(natural);
    cf_plan_release(p);
    return r;
}

cufftResult cufftXtSetWorkArea(cufftHandle plan, void **workArea)
{
    (void)workArea;     /* none is used (plans.c) */
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cf_plan_release(p);
    return CUFFT_SUCCESS;
}

/* cuFFT's multi-GPU transforms are in place: the result is in input's pieces (and, as a
 * courtesy, in a distinct output's too), which take the subformat the result is in. */
static cufftResult exec_descriptor(cufftHandle plan, cufftType type, cudaLibXtDesc *input, cudaLibXtDesc *output,
                                   int direction)
{
    cf_plan *p = gpus_plan(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    int complex = p->type == CUFFT_C2C || p->type == CUFFT_Z2Z;
    cufftResult r = CUFFT_SUCCESS;
    if (type && type != p->type)
        r = CUFFT_INVALID_VALUE;
    else if (complex && direction != CUFFT_FORWARD && direction != CUFFT_INVERSE)
        r = CUFFT_INVALID_VALUE;
    else if (!descriptor_fits(p, input) || (output && output != input && !descriptor_fits(p, output)))
        r = CUFFT_INVALID_VALUE;
    void *natural = NULL;
    if (r == CUFFT_SUCCESS && posix_memalign(&natural, 64, cf_dist_bytes(p)) != 0)
        r = CUFFT_ALLOC_FAILED;
    if (r == CUFFT_SUCCESS)
        r = sync_gpus(p, CUFFT_EXEC_FAILED);
    if (r == CUFFT_SUCCESS) {
        cf_dist_gather(p, input->subFormat, input->descriptor->data, natural);
        r = cf_execute_now(p, natural, natural, direction);
    }
    if (r == CUFFT_SUCCESS) {
        int format = cf_dist_result_format(p, input->subFormat);
        cf_dist_scatter(p, format, natural, input->descriptor->data);
        input->subFormat = format;
        if (output && output != input) {
            cf_dist_scatter(p, format, natural, output->descriptor->data);
            output->subFormat = format;
        }
    }
    free(natural);
    cf_plan_release(p);
    return r;
}

cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction)
{
    return exec_descriptor(plan, (cufftType)0, input, output, direction);
}

cufftResult cufftXtExecDescriptorC2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction)
{
    return exec_descriptor(plan, CUFFT_C2C, input, output, direction);
}

cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction)
{
    return exec_descriptor(plan, CUFFT_Z2Z, input, output, direction);
}

cufftResult cufftXtExecDescriptorR2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return exec_descriptor(plan, CUFFT_R2C, input, output, CUFFT_FORWARD);
}

cufftResult cufftXtExecDescriptorC2R(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return exec_descriptor(plan, CUFFT_C2R, input, output, CUFFT_INVERSE);
}

cufftResult cufftXtExecDescriptorD2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return exec_descriptor(plan, CUFFT_D2Z, input, output, CUFFT_FORWARD);
}

cufftResult cufftXtExecDescriptorZ2D(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return exec_descriptor(plan, CUFFT_Z2D, input, output, CUFFT_INVERSE);
}

/* The strings of one 1-D transform on several GPUs (distribute.c). */
cufftResult cufftXtQueryPlan(cufftHandle plan, void *queryStruct, cufftXtQueryType queryType)
{
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cufftResult r = CUFFT_SUCCESS;
    if (!queryStruct || queryType != CUFFT_QUERY_1D_FACTORS)
        r = CUFFT_INVALID_VALUE;
    else if (!p->made || p->ngpus < 2 || p->layout.rank != 1 || p->layout.batch != 1)
        r = CUFFT_INVALID_PLAN;
    else
        memcpy(queryStruct, &p->factors, sizeof p->factors);
    cf_plan_release(p);
    return r;
}

/* ---- not supported: no device code generation ----------------------------------------------- */

cufftResult cufftXtSetCallback(cufftHandle plan, void **callback_routine, cufftXtCallbackType cbType,
                               void **caller_info)
{
    (void)plan, (void)callback_routine, (void)cbType, (void)caller_info;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtClearCallback(cufftHandle plan, cufftXtCallbackType cbType)
{
    (void)plan, (void)cbType;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtSetCallbackSharedSize(cufftHandle plan, cufftXtCallbackType cbType, size_t sharedSize)
{
    (void)plan, (void)cbType, (void)sharedSize;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtSetJITCallback(cufftHandle plan, const char *lto_callback_symbol_name,
                                  const void *lto_callback_fatbin, size_t lto_callback_fatbin_size,
                                  cufftXtCallbackType type, void **caller_info)
{
    (void)plan, (void)lto_callback_symbol_name, (void)lto_callback_fatbin, (void)lto_callback_fatbin_size;
    (void)type, (void)caller_info;
    return CUFFT_NOT_SUPPORTED;
}
