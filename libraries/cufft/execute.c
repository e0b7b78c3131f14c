/* execute.c - running a plan's transforms with FFTW, in order on the plan's stream.
 *
 * An exec call checks its arguments, finds (or makes) the FFTW plan for the way it is run
 * (direction, in place or not, the arrays' alignment: see cf_variant), and queues the
 * transform on the plan's stream as host work (cudaLaunchHostFunc), so that it runs after the
 * kernels and copies queued before it and before those queued after it, as cuFFT's do; the
 * call returns at once. FFTW plans are made with FFTW_ESTIMATE, which neither reads nor
 * writes the arrays, so planning with the user's own arrays is safe while earlier work on
 * them is still queued (large ones may be measured first on scratch arrays: see measure()).
 * FFTW's planner is not thread-safe: planning (and destroying plans) is done under one lock,
 * and FFTW is told to lock around its own planner too (the program may call FFTW itself);
 * execution needs no lock. Large transforms use FFTW's threads. */
#include "cufft_internal.h"

#include <fftw3.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cf_exec {
    cf_exec *next;              /* in its plan's kept list */
    cf_plan *plan;
    void *fftw;                 /* the variant's FFTW plan */
    void *in, *out;
    int kept;                   /* captured into a graph: runs again, freed with the plan */
};

static pthread_mutex_t planner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t fftw_once = PTHREAD_ONCE_INIT;
static int max_threads = 1;
static int measuring;            /* CU2C_CUFFT_PLANNER=measure */

/* Below this many elements in all (a transform's times the batch: about a millisecond of work
 * for one core), one thread: FFTW's threads cost more than they give on small transforms. */
#define THREADED_ELEMENTS (1 << 18)

static void fftw_setup(void)
{
    fftw_init_threads();
    fftwf_init_threads();
    fftw_make_planner_thread_safe();
    fftwf_make_planner_thread_safe();
    /* as many threads as libcu2c has workers: one per core unless CU2C_NUM_THREADS says */
    const char *env = getenv("CU2C_NUM_THREADS");
    long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);
    max_threads = n >= 1 && n <= 1024 ? (int)n : 1;
    const char *planner = getenv("CU2C_CUFFT_PLANNER");
    measuring = planner && strcmp(planner, "measure") == 0;
}

static int threads_for(const cf_plan *p)
{
    long long work = cf_layout_elements(&p->layout) * p->layout.batch;
    int t = work < THREADED_ELEMENTS ? 1 : max_threads;
    if (p->max_threads > 0 && p->max_threads < t)
        t = (int)p->max_threads;
    return t;
}

/* A new FFTW plan for p run one way on these arrays (planner_lock held), or NULL when FFTW
 * cannot run this layout (e.g. an in-place transform whose two sides' layouts clash). */
static void *plan_fftw(const cf_plan *p, int sign, int in_place, void *in, void *out, unsigned flags)
{
    cf_strides s;
    cf_layout_strides(&p->layout, p->type, in_place, &s);
    int r = p->layout.rank, nthreads = threads_for(p);
    if (cf_is_double(p->type)) {
        fftw_iodim64 dims[3], many = {p->layout.batch, s.idist, s.odist};
        for (int k = 0; k < r; k++)
            dims[k] = (fftw_iodim64){p->layout.n[k], s.is[k], s.os[k]};
        fftw_plan_with_nthreads(nthreads);
        switch (p->type) {
        case CUFFT_Z2Z:
            return fftw_plan_guru64_dft(r, dims, 1, &many, in, out,
                                        sign == CUFFT_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD, flags);
        case CUFFT_D2Z: return fftw_plan_guru64_dft_r2c(r, dims, 1, &many, in, out, flags);
        default: return fftw_plan_guru64_dft_c2r(r, dims, 1, &many, in, out, flags);
        }
    }
    fftwf_iodim64 dims[3], many = {p->layout.batch, s.idist, s.odist};
    for (int k = 0; k < r; k++)
        dims[k] = (fftwf_iodim64){p->layout.n[k], s.is[k], s.os[k]};
    fftwf_plan_with_nthreads(nthreads);
    switch (p->type) {
    case CUFFT_C2C:
        return fftwf_plan_guru64_dft(r, dims, 1, &many, in, out,
                                     sign == CUFFT_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD, flags);
    case CUFFT_R2C: return fftwf_plan_guru64_dft_r2c(r, dims, 1, &many, in, out, flags);
    default: return fftwf_plan_guru64_dft_c2r(r, dims, 1, &many, in, out, flags);
    }
}

static int alignment_of(const cf_plan *p, void *a)
{
    return cf_is_double(p->type) ? fftw_alignment_of(a) : fftwf_alignment_of(a);
}

static void destroy_fftw(const cf_plan *p, void *plan)
{
    if (cf_is_double(p->type))
        fftw_destroy_plan(plan);
    else
        fftwf_destroy_plan(plan);
}

/* FFTW_ESTIMATE's guess can be several times slower than a measured plan on large transforms
 * (an in-place 2048x2048: 7 times), but measuring costs seconds per transform where cuFFT's
 * planning costs milliseconds. So it is the program's choice: with CU2C_CUFFT_PLANNER=measure
 * in its environment, a large plan run a new way is first measured, within MEASURE_SECONDS, on
 * scratch arrays laid out and aligned as the user's (FFTW_MEASURE overwrites its arrays); the
 * wisdom that leaves is what the FFTW_ESTIMATE plan on the user's arrays then uses (FFTW
 * keeps wisdom for the process: the same transform planned again is not measured again).
 * Without the memory for the scratch arrays, FFTW_ESTIMATE guesses. */
#define MEASURED_ELEMENTS (1 << 16)
#define MEASURE_SECONDS 10.0

static void measure(const cf_plan *p, int sign, int in_place, const void *in, const void *out)
{
    if (!measuring || cf_layout_elements(&p->layout) * p->layout.batch < MEASURED_ELEMENTS)
        return;
    size_t in_bytes, out_bytes;
    cf_layout_bytes(&p->layout, p->type, in_place, &in_bytes, &out_bytes);
    if (in_place && out_bytes > in_bytes)
        in_bytes = out_bytes;
    /* 64: a multiple of every SIMD alignment FFTW checks, so offsets keep alignment_of */
    size_t in_off = (uintptr_t)in % 64, out_off = (uintptr_t)out % 64;
    char *a = NULL, *b = NULL;
    if (posix_memalign((void **)&a, 64, in_bytes + 64) != 0)
        return;
    if (!in_place && posix_memalign((void **)&b, 64, out_bytes + 64) != 0) {
        free(a);
        return;
    }
    if (cf_is_double(p->type))
        fftw_set_timelimit(MEASURE_SECONDS);
    else
        fftwf_set_timelimit(MEASURE_SECONDS);
    void *plan = plan_fftw(p, sign, in_place, a + in_off, in_place ? a + in_off : b + out_off, FFTW_MEASURE);
    if (plan)
        destroy_fftw(p, plan);
    free(a);
    free(b);
}

/* The FFTW plan for running p this way on these arrays, made the first time; NULL when FFTW
 * cannot plan it or memory runs out. */
static void *variant_for(cf_plan *p, int sign, void *in, void *out)
{
    int in_place = in == out, ia = alignment_of(p, in), oa = alignment_of(p, out);
    pthread_mutex_lock(&planner_lock);
    cf_variant *v = p->variants;
    while (v && !(v->sign == sign && v->in_place == in_place && v->in_align == ia && v->out_align == oa))
        v = v->next;
    if (!v && (v = calloc(1, sizeof *v))) {
        measure(p, sign, in_place, in, out);
        *v = (cf_variant){p->variants, sign, in_place, ia, oa, plan_fftw(p, sign, in_place, in, out, FFTW_ESTIMATE)};
        if (v->fftw)
            p->variants = v;
        else {
            free(v);
            v = NULL;
        }
    }
    pthread_mutex_unlock(&planner_lock);
    return v ? v->fftw : NULL;
}

static void execute_fftw(cufftType type, void *fftw, void *in, void *out)
{
    switch (type) {
    case CUFFT_C2C: fftwf_execute_dft(fftw, in, out); break;
    case CUFFT_R2C: fftwf_execute_dft_r2c(fftw, in, out); break;
    case CUFFT_C2R: fftwf_execute_dft_c2r(fftw, in, out); break;
    case CUFFT_Z2Z: fftw_execute_dft(fftw, in, out); break;
    case CUFFT_D2Z: fftw_execute_dft_r2c(fftw, in, out); break;
    case CUFFT_Z2D: fftw_execute_dft_c2r(fftw, in, out); break;
    }
}

/* The host work a transform is queued as. */
static void run_transform(void *data)
{
    cf_exec *e = data;
    execute_fftw(e->plan->type, e->fftw, e->in, e->out);
    if (!e->kept) {
        cf_plan *p = e->plan;
        free(e);
        cf_plan_release(p);
    }
}

cufftResult cf_execute(cufftHandle handle, cufftType type, void *in, void *out, int direction)
{
    pthread_once(&fftw_once, fftw_setup);
    cf_plan *p = cf_plan_get(handle);
    if (!p)
        return CUFFT_INVALID_PLAN;
    cufftResult r = CUFFT_SUCCESS;
    int complex = p->type == CUFFT_C2C || p->type == CUFFT_Z2Z;
    if (!p->made)
        r = CUFFT_INVALID_PLAN;
    else if (type && type != p->type)
        r = CUFFT_INVALID_VALUE;    /* e.g. cufftExecR2C on a C2C plan */
    else if (!in || !out || (complex && direction != CUFFT_FORWARD && direction != CUFFT_INVERSE))
        r = CUFFT_INVALID_VALUE;
    void *fftw = NULL;
    if (r == CUFFT_SUCCESS && !(fftw = variant_for(p, complex ? direction : 0, in, out)))
        r = CUFFT_EXEC_FAILED;
    cf_exec *e = r == CUFFT_SUCCESS ? malloc(sizeof *e) : NULL;
    if (r == CUFFT_SUCCESS && !e)
        r = CUFFT_ALLOC_FAILED;
    if (r != CUFFT_SUCCESS) {
        cf_plan_release(p);
        return r;
    }
    enum cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(p->stream, &capture) != cudaSuccess) {
        free(e);
        cf_plan_release(p);
        return CUFFT_EXEC_FAILED;
    }
    int kept = capture != cudaStreamCaptureStatusNone;
    *e = (cf_exec){NULL, p, fftw, in, out, kept};
    /* from here on a worker may run the transform and, unless kept, free e */
    if (cudaLaunchHostFunc(p->stream, run_transform, e) != cudaSuccess) {
        free(e);
        cf_plan_release(p);
        return CUFFT_EXEC_FAILED;
    }
    if (kept) {
        /* the graph holds no reference: as in CUDA, it must not outlive the plan */
        pthread_mutex_lock(&planner_lock);
        e->next = p->kept;
        p->kept = e;
        pthread_mutex_unlock(&planner_lock);
        cf_plan_release(p);
    }
    return CUFFT_SUCCESS;
}

cufftResult cf_execute_now(cf_plan *p, void *in, void *out, int direction)
{
    pthread_once(&fftw_once, fftw_setup);
    int complex = p->type == CUFFT_C2C || p->type == CUFFT_Z2Z;
    void *fftw = variant_for(p, complex ? direction : 0, in, out);
    if (!fftw)
        return CUFFT_EXEC_FAILED;
    execute_fftw(p->type, fftw, in, out);
    return CUFFT_SUCCESS;
}

void cf_plan_free_fftw(cf_plan *p)
{
    pthread_mutex_lock(&planner_lock);
    for (cf_variant *v = p->variants, *next; v; v = next) {
        next = v->next;
        destroy_fftw(p, v->fftw);
        free(v);
    }
    for (cf_exec *e = p->kept, *next; e; e = next) {
        next = e->next;
        free(e);
    }
    pthread_mutex_unlock(&planner_lock);
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction)
{
    return cf_execute(plan, CUFFT_C2C, idata, odata, direction);
}

cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata)
{
    return cf_execute(plan, CUFFT_R2C, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata)
{
    return cf_execute(plan, CUFFT_C2R, idata, odata, CUFFT_INVERSE);
}

cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata, int direction)
{
    return cf_execute(plan, CUFFT_Z2Z, idata, odata, direction);
}

cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata)
{
    return cf_execute(plan, CUFFT_D2Z, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata)
{
    return cf_execute(plan, CUFFT_Z2D, idata, odata, CUFFT_INVERSE);
}
