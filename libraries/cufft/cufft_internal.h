/* cufft_internal.h - what the files of libcufft share: a plan (a transform's shape and
 * layout, the stream it runs on, the FFTW plans made for it), the handle table, and the
 * lock around FFTW's planner.
 *
 * layout.c checks a transform's sizes and layout as cuFFT does and turns them into FFTW's
 * strides; plans.c holds the handles and the plan calls; execute.c makes FFTW plans and queues
 * transforms on streams; xt.c is cufftXt's; distribute.c splits a multi-GPU plan's data among
 * its GPUs as cuFFT does. */
#ifndef CU2C_CUFFT_INTERNAL_H
#define CU2C_CUFFT_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <cufftXt.h>

/* A transform's shape and layout as the plan call gave them, checked (cf_layout_make). */
typedef struct cf_layout {
    int rank;                   /* 1 to 3 */
    long long n[3];             /* n[0] the slowest-varying dimension */
    int packed;                 /* inembed or onembed NULL: each side packed, as cuFFT's
                                 * basic layout (in-place real transforms pad rows) */
    long long inembed[3], onembed[3];
    long long istride, idist, ostride, odist;
    long long batch;
} cf_layout;

/* The strides FFTW is given for one way of running a plan, in elements of each side's type. */
typedef struct cf_strides {
    long long is[3], os[3];     /* per dimension */
    long long idist, odist;     /* between transforms of the batch */
} cf_strides;

/* One FFTW plan for a cuFFT plan run one way: FFTW plans fix the direction, whether the
 * transform is in place and the alignment of the arrays (FFTW's new-array execution needs
 * arrays aligned as the planned ones), so a cuFFT plan has one per way it is run. */
typedef struct cf_variant {
    struct cf_variant *next;
    int sign;                   /* CUFFT_FORWARD or CUFFT_INVERSE (real plans: their own) */
    int in_place;
    int in_align, out_align;    /* fftw_alignment_of the arrays it was planned with */
    void *fftw;                 /* fftwf_plan (single precision) or fftw_plan */
} cf_variant;

/* cuFFT runs a plan on at most 16 GPUs. */
#define CF_MAX_GPUS 16

/* A transform queued on a stream (execute.c). */
typedef struct cf_exec cf_exec;

typedef struct cf_plan {
    atomic_int refs;            /* the handle's, and one per queued transform */
    int made;                   /* a cufftMakePlan* call succeeded (cufftCreate: not yet) */
    cufftType type;
    cf_layout layout;
    cudaStream_t stream;        /* cufftSetStream's; 0: the legacy default stream */
    long long max_threads;      /* NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS; 0: no limit */
    long long patient_jit;      /* NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT, kept */
    cf_variant *variants;       /* under cf_planner_lock */
    cf_exec *kept;              /* transforms captured into graphs, under cf_planner_lock:
                                 * a graph runs them again, so they live as long as the plan */
    int ngpus;                  /* cufftXtSetGPUs's count; 0: a plan of one device */
    int gpus[CF_MAX_GPUS];      /* its devices, in the order the data is split among them */
    cufftXt1dFactors factors;   /* one 1-D transform on several GPUs: its strings (distribute.c) */
} cf_plan;

/* ---- layout.c ---- */
int cf_valid_type(cufftType type);
int cf_is_double(cufftType type);
/* Checks a plan's sizes and layout (CUFFT_INVALID_SIZE, CUFFT_INVALID_VALUE, CUFFT_INVALID_TYPE)
 * and fills *l. */
cufftResult cf_layout_make(cf_layout *l, cufftType type, int rank, const long long *n,
                           const long long *inembed, long long istride, long long idist,
                           const long long *onembed, long long ostride, long long odist, long long batch);
/* The same from the int arrays of the 32-bit calls. */
cufftResult cf_layout_make32(cf_layout *l, cufftType type, int rank, const int *n, const int *inembed,
                             int istride, int idist, const int *onembed, int ostride, int odist, int batch);
/* FFTW's strides for the plan run in place or out of place. */
void cf_layout_strides(const cf_layout *l, cufftType type, int in_place, cf_strides *s);
/* The bytes the input and the output span (from the first element to past the last). */
void cf_layout_bytes(const cf_layout *l, cufftType type, int in_place, size_t *in_bytes, size_t *out_bytes);
/* Elements in one transform (the complex side's for real transforms: a size for threading). */
long long cf_layout_elements(const cf_layout *l);

/* ---- plans.c ---- */
/* The plan of a handle with a reference taken (cf_plan_release gives it back), or NULL. */
cf_plan *cf_plan_get(cufftHandle handle);
void cf_plan_release(cf_plan *p);
/* Makes the plan of a created handle (the cufftMakePlan* calls' common part). */
cufftResult cf_make_plan(cufftHandle handle, cufftType type, const cf_layout *l, size_t *workSize);

/* ---- execute.c ---- */
/* Queues plan's transform of in to out (sign: the C2C direction) on its stream. `type` is the
 * kind the exec call is for (0: any, cufftXtExec). */
cufftResult cf_execute(cufftHandle handle, cufftType type, void *in, void *out, int direction);
/* Runs plan's transform of in to out now, on the calling thread (the multi-GPU calls, whose
 * data is first gathered into one array); CUFFT_EXEC_FAILED when FFTW cannot plan it. */
cufftResult cf_execute_now(cf_plan *p, void *in, void *out, int direction);
/* Destroys a plan's FFTW plans and kept transforms (its last reference is gone). */
void cf_plan_free_fftw(cf_plan *p);

/* ---- distribute.c ---- */
/* Checks that cuFFT runs a plan of this shape on p->ngpus GPUs (CUFFT_INVALID_VALUE for a
 * strided layout, CUFFT_INVALID_SIZE, CUFFT_NOT_SUPPORTED) and makes its layout the packed one
 * and, for one 1-D transform, its string factors. */
cufftResult cf_dist_plan(cf_plan *p);
/* Whether a descriptor of the plan may hold data in this cufftXtSubFormat. */
int cf_dist_format_ok(const cf_plan *p, int format);
/* The subformat a transform of data in `format` leaves its result in. */
int cf_dist_result_format(const cf_plan *p, int format);
/* Bytes of the plan's data in natural order (its in-place single-device array), and of the
 * piece cufftXtMalloc gives its GPU number g (enough for every subformat). */
size_t cf_dist_bytes(const cf_plan *p);
size_t cf_dist_piece_bytes(const cf_plan *p, int g);
/* Copies between the pieces (one per GPU, in data[] order) holding data in `format` and an
 * array in natural order. */
void cf_dist_gather(const cf_plan *p, int format, void *const *pieces, void *natural);
void cf_dist_scatter(const cf_plan *p, int format, const void *natural, void *const *pieces);

#endif
