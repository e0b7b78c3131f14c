/* plans.c - cuFFT's handles and plan calls: cufftCreate/Destroy, the cufftPlan* and
 * cufftMakePlan* calls, sizes and estimates of work areas (none is needed: FFTW keeps its own
 * buffers), streams, versions and plan properties.
 *
 * A handle is an index into a table of plans (from 1; 0 and CUFFT_PLAN_NULL are never
 * handles). A plan is reference counted: cufftDestroy drops the handle's reference and
 * transforms still queued keep theirs, so destroying a plan with work in flight is safe. */
#include "cufft_internal.h"

#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static cf_plan **table;         /* table[h - 1] is handle h's plan, NULL once destroyed */
static int table_len, table_cap;

cf_plan *cf_plan_get(cufftHandle handle)
{
    cf_plan *p = NULL;
    pthread_mutex_lock(&table_lock);
    if (handle >= 1 && handle <= table_len && (p = table[handle - 1]))
        atomic_fetch_add(&p->refs, 1);
    pthread_mutex_unlock(&table_lock);
    return p;
}

void cf_plan_release(cf_plan *p)
{
    if (atomic_fetch_sub(&p->refs, 1) == 1) {
        cf_plan_free_fftw(p);
        free(p);
    }
}

cufftResult cufftCreate(cufftHandle *handle)
{
    if (!handle)
        return CUFFT_INVALID_VALUE;
    cf_plan *p = calloc(1, sizeof *p);
    if (!p)
        return CUFFT_ALLOC_FAILED;
    atomic_init(&p->refs, 1);
    pthread_mutex_lock(&table_lock);
    if (table_len == table_cap) {
        int cap = table_cap ? 2 * table_cap : 64;
        cf_plan **t = cap > table_cap ? realloc(table, sizeof *t * (size_t)cap) : NULL;
        if (!t) {
            pthread_mutex_unlock(&table_lock);
            free(p);
            return CUFFT_ALLOC_FAILED;
        }
        table = t;
        table_cap = cap;
    }
    table[table_len++] = p;
    *handle = table_len;
    pthread_mutex_unlock(&table_lock);
    return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle handle)
{
    if (handle == CUFFT_PLAN_NULL)
        return CUFFT_SUCCESS;
    cf_plan *p = NULL;
    pthread_mutex_lock(&table_lock);
    if (handle >= 1 && handle <= table_len) {
        p = table[handle - 1];
        table[handle - 1] = NULL;
    }
    pthread_mutex_unlock(&table_lock);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cf_plan_release(p);
    return CUFFT_SUCCESS;
}

cufftResult cf_make_plan(cufftHandle handle, cufftType type, const cf_layout *l, size_t *workSize)
{
    cf_plan *p = cf_plan_get(handle);
    if (!p)
        return CUFFT_INVALID_PLAN;
    /* a plan is made once: its FFTW plans are for one shape */
    cufftResult r = p->made ? CUFFT_INVALID_PLAN : CUFFT_SUCCESS;
    if (r == CUFFT_SUCCESS) {
        p->type = type;
        p->layout = *l;
        /* after cufftXtSetGPUs: only what cuFFT splits among GPUs */
        if (p->ngpus && (r = cf_dist_plan(p)) != CUFFT_SUCCESS)
            p->type = 0;
    }
    if (r == CUFFT_SUCCESS) {
        p->made = 1;
        /* one size per GPU after cufftXtSetGPUs */
        for (int g = 0; workSize && g < (p->ngpus ? p->ngpus : 1); g++)
            workSize[g] = 0;
    }
    cf_plan_release(p);
    return r;
}

/* A made plan for a new handle, or the handle is not created (the cufftPlan* calls). */
static cufftResult plan_new(cufftHandle *plan, cufftType type, cufftResult checked, const cf_layout *l)
{
    if (!plan)
        return CUFFT_INVALID_VALUE;
    if (checked != CUFFT_SUCCESS)
        return checked;
    cufftHandle h;
    cufftResult r = cufftCreate(&h);
    if (r == CUFFT_SUCCESS && (r = cf_make_plan(h, type, l, NULL)) != CUFFT_SUCCESS)
        cufftDestroy(h);
    if (r == CUFFT_SUCCESS)
        *plan = h;
    return r;
}

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch)
{
    cf_layout l;
    int n[1] = {nx};
    return plan_new(plan, type, cf_layout_make32(&l, type, 1, n, NULL, 1, 0, NULL, 1, 0, batch), &l);
}

cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type)
{
    cf_layout l;
    int n[2] = {nx, ny};
    return plan_new(plan, type, cf_layout_make32(&l, type, 2, n, NULL, 1, 0, NULL, 1, 0, 1), &l);
}

cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type)
{
    cf_layout l;
    int n[3] = {nx, ny, nz};
    return plan_new(plan, type, cf_layout_make32(&l, type, 3, n, NULL, 1, 0, NULL, 1, 0, 1), &l);
}

cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
                          int *onembed, int ostride, int odist, cufftType type, int batch)
{
    cf_layout l;
    cufftResult r = cf_layout_make32(&l, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
    return plan_new(plan, type, r, &l);
}

/* The cufftMakePlan* calls: checked, then made on the handle. */
static cufftResult make_checked(cufftHandle handle, cufftType type, cufftResult checked, const cf_layout *l,
                                size_t *workSize)
{
    if (checked != CUFFT_SUCCESS) {
        cf_plan *p = cf_plan_get(handle);   /* a bad handle is reported first */
        if (!p)
            return CUFFT_INVALID_PLAN;
        cf_plan_release(p);
        return checked;
    }
    return cf_make_plan(handle, type, l, workSize);
}

cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize)
{
    cf_layout l;
    int n[1] = {nx};
    return make_checked(plan, type, cf_layout_make32(&l, type, 1, n, NULL, 1, 0, NULL, 1, 0, batch), &l, workSize);
}

cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize)
{
    cf_layout l;
    int n[2] = {nx, ny};
    return make_checked(plan, type, cf_layout_make32(&l, type, 2, n, NULL, 1, 0, NULL, 1, 0, 1), &l, workSize);
}

cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *workSize)
{
    cf_layout l;
    int n[3] = {nx, ny, nz};
    return make_checked(plan, type, cf_layout_make32(&l, type, 3, n, NULL, 1, 0, NULL, 1, 0, 1), &l, workSize);
}

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
                              int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workSize)
{
    cf_layout l;
    cufftResult r = cf_layout_make32(&l, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
    return make_checked(plan, type, r, &l, workSize);
}

cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed,
                                long long int istride, long long int idist, long long int *onembed,
                                long long int ostride, long long int odist, cufftType type, long long int batch,
                                size_t *workSize)
{
    cf_layout l;
    cufftResult r = cf_layout_make(&l, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
    return make_checked(plan, type, r, &l, workSize);
}

/* ---- work areas: none is needed ---------------------------------------------------------- */

/* A size query: the handle (when one is given) and the layout checked, then 0 (one size per
 * GPU for a plan given several by cufftXtSetGPUs). */
static cufftResult size_of(int has_handle, cufftHandle handle, cufftResult checked, size_t *workSize)
{
    int sizes = 1;
    if (has_handle) {
        cf_plan *p = cf_plan_get(handle);
        if (!p)
            return CUFFT_INVALID_PLAN;
        sizes = p->ngpus ? p->ngpus : 1;
        cf_plan_release(p);
    }
    if (!workSize)
        return CUFFT_INVALID_VALUE;
    if (checked != CUFFT_SUCCESS)
        return checked;
    for (int g = 0; g < sizes; g++)
        workSize[g] = 0;
    return CUFFT_SUCCESS;
}

cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize)
{
    cf_layout l;
    int n[1] = {nx};
    return size_of(0, 0, cf_layout_make32(&l, type, 1, n, NULL, 1, 0, NULL, 1, 0, batch), workSize);
}

cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize)
{
    cf_layout l;
    int n[2] = {nx, ny};
    return size_of(0, 0, cf_layout_make32(&l, type, 2, n, NULL, 1, 0, NULL, 1, 0, 1), workSize);
}

cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize)
{
    cf_layout l;
    int n[3] = {nx, ny, nz};
    return size_of(0, 0, cf_layout_make32(&l, type, 3, n, NULL, 1, 0, NULL, 1, 0, 1), workSize);
}

cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride,
                              int odist, cufftType type, int batch, size_t *workSize)
{
    cf_layout l;
    cufftResult r = cf_layout_make32(&l, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
    return size_of(0, 0, r, workSize);
}

cufftResult cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch, size_t *workSize)
{
    cf_layout l;
    int n[1] = {nx};
    return size_of(1, handle, cf_layout_make32(&l, type, 1, n, NULL, 1, 0, NULL, 1, 0, batch), workSize);
}

cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t *workSize)
{
    cf_layout l;
    int n[2] = {nx, ny};
    return size_of(1, handle, cf_layout_make32(&l, type, 2, n, NULL, 1, 0, NULL, 1, 0, 1), workSize);
}

cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type, size_t *workSize)
{
    cf_layout l;
    int n[3] = {nx, ny, nz};
    return size_of(1, handle, cf_layout_make32(&l, type, 3, n, NULL, 1, 0, NULL, 1, 0, 1), workSize);
}

cufftResult cufftGetSizeMany(cufftHandle handle, int rank, int *n, int *inembed, int istride, int idist,
                             int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workArea)
{
    cf_layout l;
    cufftResult r = cf_layout_make32(&l, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
    return size_of(1, handle, r, workArea);
}

cufftResult cufftGetSizeMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed,
                               long long int istride, long long int idist, long long int *onembed,
                               long long int ostride, long long int odist, cufftType type, long long int batch,
                               size_t *workSize)
{
    cf_layout l;
    cufftResult r = cf_layout_make(&l, type, rank, n, inembed, istride, idist, onembed, ostride, odist, batch);
    return size_of(1, plan, r, workSize);
}

cufftResult cufftGetSize(cufftHandle handle, size_t *workSize)
{
    return size_of(1, handle, CUFFT_SUCCESS, workSize);
}

cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea)
{
    (void)workArea;
    return size_of(1, plan, CUFFT_SUCCESS, &(size_t){0});
}

cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate)
{
    (void)autoAllocate;
    return size_of(1, plan, CUFFT_SUCCESS, &(size_t){0});
}

/* ---- streams, versions, properties --------------------------------------------------------- */

/* The stream is checked when a transform is queued on it (cudaLaunchHostFunc's check). */
cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream)
{
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    p->stream = stream;
    cf_plan_release(p);
    return CUFFT_SUCCESS;
}

cufftResult cufftGetVersion(int *version)
{
    if (!version)
        return CUFFT_INVALID_VALUE;
    *version = CUFFT_VERSION;
    return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType type, int *value)
{
    if (!value)
        return CUFFT_INVALID_VALUE;
    switch (type) {
    case MAJOR_VERSION: *value = CUFFT_VER_MAJOR; return CUFFT_SUCCESS;
    case MINOR_VERSION: *value = CUFFT_VER_MINOR; return CUFFT_SUCCESS;
    case PATCH_LEVEL: *value = CUFFT_VER_PATCH; return CUFFT_SUCCESS;
    }
    return CUFFT_INVALID_TYPE;
}

static long long *property_of(cf_plan *p, cufftProperty property)
{
    switch (property) {
    case NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT: return &p->patient_jit;
    case NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS: return &p->max_threads;
    }
    return NULL;
}

cufftResult cufftSetPlanPropertyInt64(cufftHandle plan, cufftProperty property, const long long int inputValueInt)
{
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    long long *v = property_of(p, property);
    cufftResult r = v && inputValueInt >= 0 ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
    if (r == CUFFT_SUCCESS)
        *v = inputValueInt;
    cf_plan_release(p);
    return r;
}

cufftResult cufftGetPlanPropertyInt64(cufftHandle plan, cufftProperty property, long long int *returnPtrValue)
{
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    long long *v = property_of(p, property);
    cufftResult r = v && returnPtrValue ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
    if (r == CUFFT_SUCCESS)
        *returnPtrValue = *v;
    cf_plan_release(p);
    return r;
}

cufftResult cufftResetPlanProperty(cufftHandle plan, cufftProperty property)
{
    cf_plan *p = cf_plan_get(plan);
    if (!p)
        return CUFFT_INVALID_PLAN;
    long long *v = property_of(p, property);
    if (v)
        *v = 0;
    cf_plan_release(p);
    return v ? CUFFT_SUCCESS : CUFFT_INVALID_VALUE;
}
