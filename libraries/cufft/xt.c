/* xt.c - cufftXt's calls: plans by element type and cufftXtExec on one device. The multi-GPU
 * calls, plan queries, callbacks and half precision are CUFFT_NOT_SUPPORTED. */
#include "cufft_internal.h"

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

/* ---- not supported: one device, no device code generation --------------------------------- */

cufftResult cufftXtSetGPUs(cufftHandle handle, int nGPUs, int *whichGPUs)
{
    (void)handle, (void)nGPUs, (void)whichGPUs;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtMalloc(cufftHandle plan, cudaLibXtDesc **descriptor, cufftXtSubFormat format)
{
    (void)plan, (void)descriptor, (void)format;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer, void *srcPointer, cufftXtCopyType type)
{
    (void)plan, (void)dstPointer, (void)srcPointer, (void)type;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtFree(cudaLibXtDesc *descriptor)
{
    (void)descriptor;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtSetWorkArea(cufftHandle plan, void **workArea)
{
    (void)plan, (void)workArea;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction)
{
    (void)plan, (void)input, (void)output, (void)direction;
    return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtExecDescriptorC2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction)
{
    return cufftXtExecDescriptor(plan, input, output, direction);
}

cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction)
{
    return cufftXtExecDescriptor(plan, input, output, direction);
}

cufftResult cufftXtExecDescriptorR2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return cufftXtExecDescriptor(plan, input, output, CUFFT_FORWARD);
}

cufftResult cufftXtExecDescriptorC2R(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return cufftXtExecDescriptor(plan, input, output, CUFFT_INVERSE);
}

cufftResult cufftXtExecDescriptorD2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return cufftXtExecDescriptor(plan, input, output, CUFFT_FORWARD);
}

cufftResult cufftXtExecDescriptorZ2D(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
    return cufftXtExecDescriptor(plan, input, output, CUFFT_INVERSE);
}

cufftResult cufftXtQueryPlan(cufftHandle plan, void *queryStruct, cufftXtQueryType queryType)
{
    (void)plan, (void)queryStruct, (void)queryType;
    return CUFFT_NOT_SUPPORTED;
}

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
