/* cu2c.h - the translator's one header: the kernel model every pass shares, then a section
 * per file with what that file exports. Only translator/frontend/ sees libclang; everything here is
 * plain C data copied out of the AST, so nothing outlives the parse by accident. */
#ifndef CU2C_H
#define CU2C_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- arena.c: one arena per translated file, freed once ---------------------------- */

typedef struct Arena Arena;
Arena *arena_new(void);
void arena_free(Arena *a);
void *arena_alloc(Arena *a, size_t size);           /* zeroed */
char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A growable array of pointers, allocated from an arena. */
typedef struct PtrVec {
    void **items;
    int len, cap;
} PtrVec;
void vec_push(Arena *a, PtrVec *v, void *item);
bool vec_contains(const PtrVec *v, const void *item);

/* A set of strings (open addressing), allocated from an arena: membership in O(1) where a
 * PtrVec of strings would be searched (40,000 kernels). */
typedef struct StrSet {
    const char **slots;
    int len, cap;
} StrSet;
/* Adds key (not copied); returns false when it was there already. */
bool strset_add(Arena *a, StrSet *s, const char *key);

/* A growable string. */
typedef struct Buf {
    char *data;
    size_t len, cap;
} Buf;
void buf_put(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_free(Buf *b);

/* ---- the kernel model --------------------------------------------------------------- */

/* Thread dimensions a value or statement depends on (through threadIdx.x/y/z). */
enum {
    DIM_X = 1,      /* threadIdx.x */
    DIM_Y = 2,      /* threadIdx.y */
    DIM_Z = 4,      /* threadIdx.z */
    DIM_XYZ = 7,    /* every thread is distinct: side effects, atomics, unknown calls */
};

/* A place in the input: for messages (file:line:col) and for edits (byte offset). */
typedef struct SrcLoc {
    const char *file;   /* path as given on the command line or by #include */
    unsigned line, col; /* 1-based */
    unsigned offset;    /* byte offset in the main file (edits only touch the main file) */
    const char *shown_file; /* for messages, when #line says otherwise (a spliced header) */
    unsigned shown_line;
} SrcLoc;

/* The file and line a message names: the spliced file's own (shown_*) when there is one. */
static inline const char *loc_file(SrcLoc l) { return l.shown_file ? l.shown_file : l.file; }
static inline unsigned loc_line(SrcLoc l) { return l.shown_file ? l.shown_line : l.line; }

typedef struct Stmt Stmt;

/* A break or continue leaving a leaf for the ST_SYNC loop (or switch) around it. */
typedef struct Jump {
    bool is_continue;
    SrcLoc loc;
    unsigned begin, end;    /* `break;` with its ';' (0, 0: written by a macro) */
} Jump;

/* A web: the definitions of one local that reach a common use, joined transitively (each
 * use is reached by the definitions of exactly one web). Variance is decided per web, so a
 * local can be uniform at one point of the kernel and vary at another (see thread_variance). */
typedef struct Web {
    struct Var *var;
    unsigned dims;          /* thread_variance: dimensions its values can differ in */
    bool promoted;          /* promote_locals: its values cross from one thread loop into
                             * another (or into the same one, round a loop): per-thread copies */
    int id;
} Web;

/* A coefficient of a linear thread index (Var.lin): k * blockDim.x^a * blockDim.y^b (k 0: none). */
typedef struct LinCoef {
    long long k;
    int a, b;
} LinCoef;

/* A local variable (or parameter) of a kernel. Shared-memory variables are storage, not
 * per-thread values: they are recorded with is_shared and take no part in variance. */
typedef struct Var {
    const char *name;
    const char *type;       /* unqualified type spelling, usable as __typeof__(type) */
    long long bytes;        /* its size as clang knows it (<= 0: not known, a dependent type):
                             * a type may name the kernel's own constants (a __shared__
                             * pipeline_shared_state<scope, stages> with a local constexpr) */
    unsigned lambda;        /* initialised with a lambda (LAMBDA_*): re-declared (remat) in
                             * each thread loop using it rather than given per-thread copies
                             * (its type has no name); init_text, init_reads are the lambda's */
    unsigned ref;           /* a reference crossing thread loops: REF_MEMORY or REF_VALUE */
    bool type_deduced;      /* type is __typeof__(its initialiser) for an `auto` whose type
                             * depends on a template's parameters: an expression, neither an
                             * array nor a reference, whatever characters it holds */
    SrcLoc loc;             /* where it is declared */
    bool is_param;          /* a kernel parameter */
    bool is_const;          /* a const (or constexpr) local: declared again const where it is
                             * recomputed (remat), so `constexpr int N = 8;` stays usable in
                             * constant expressions (static_assert, array bounds) */
    bool is_shared;         /* __shared__ (static storage per block) */
    bool is_extern_shared;  /* extern __shared__ T v[]: the launch's dynamic shared memory */
    const char *elem_type;  /* element type of an extern __shared__ array */
    bool escapes;           /* address taken or bound to a reference: assume any thread writes it */
    struct Var *addr_of;    /* a local whose address it may hold (kept from one thread loop to
                             * another, it would point at one loop's copy: check_promoted) */
    Stmt *decl_stmt;        /* the statement declaring it; NULL for parameters */
    bool no_init;           /* declared without an initialiser, of a scalar or pointer type:
                             * its value is indeterminate until assigned */
    bool has_init;          /* its declaration gives it a value (an initialiser, written or a
                             * constructor's) */
    unsigned dims;          /* thread_variance: dimensions its value can differ in somewhere (the
                             * union of its webs'): the shape of its per-thread storage */
    bool whole;             /* thread_variance: one web for the whole kernel (flow-insensitive):
                             * it escapes, is a parameter, a reference, an inlined function's
                             * parameter or result, or is read by a statement in no list */
    bool hoisted;           /* promote_locals: declared in a thread loop but its uniform value is
                             * used outside it: a block-level copy is declared before that loop */
    bool promoted;          /* promote_locals: needs one copy per thread across loop nests */
    bool x_unit;            /* a parameter of an expanded function bound to B + threadIdx.x (or
                             * a local holding it), or a local initialised to B + threadIdx.x
                             * with B varying in y or z: consecutive in consecutive threads */
    bool remat;             /* promote_locals: recomputed from its initialiser in each nest
                             * instead (it depends only on thread/block indices and constants) */
    const char *init_text;  /* its initialiser as written, when that is pure arithmetic */
    unsigned coord;         /* DIM_X/Y/Z when the initialiser is exactly threadIdx.x/y/z */
    bool lane_part;         /* initialised to threadIdx.x (through locals), or that % or & a
                             * constant: comparing it with a constant may split a warp */
    unsigned lane_mod;      /* initialised to the thread's index modulo this power of two
                             * (threadIdx.x % M, threadIdx.x & (M - 1), a tile's thread_rank():
                             * see Guard.lane_mod), 0 otherwise */
    bool lane_linear;       /* lane_mod taken from the linear thread index (thread_rank()) */
    int x_sign;             /* an int (or unsigned) local initialised to B + threadIdx.x (1) or B -
                             * threadIdx.x (-1), B pure and free of thread indices (read
                             * through a local holding threadIdx.x too); 0 otherwise */
    const char *x_base;     /* then B: the initialiser with threadIdx.x written as 0 */
    struct Var *x_leaf;     /* the local standing for threadIdx.x in it, or NULL */
    PtrVec x_reads;         /* Var*: the locals B reads */
    bool shared_param;      /* an expanded function's parameter bound to a __shared__ array */
    struct Var *coord_from; /* one recomputed as threadIdx.d (init_text): the caller's local
                             * holding threadIdx.d it was bound to, which must never change */
    bool x_unsigned;        /* x_sign, of type unsigned int: B +- threadIdx.x wraps mod 2^32, so
                             * the threads' values need not ascend (no grid-stride loop, no
                             * guard narrowing); the fast copy's int (int)B +- x converts to the
                             * same value */
    bool x_names_local;     /* B names a declaration local to the kernel (an enum, a typedef) */
    bool x_affine;          /* promote_locals: x_sign holds and B reads only locals that never
                             * change, so B can be evaluated before the thread loops */
    const char *x_scale;    /* an int or unsigned local initialised to K * threadIdx.x (or a
                             * local holding it, x_leaf), K pure and free of thread indices:
                             * K as written (scan_x_scale) */
    PtrVec x_scale_reads;   /* Var*: the locals K reads */
    bool lin;               /* initialised to the block's linear thread index threadIdx.x +
                             * threadIdx.y * Cy + threadIdx.z * Cz (through locals holding them),
                             * Cy, Cz products of constants and blockDim.x, blockDim.y, with no
                             * wrap for any block shape (scan_linear_index) */
    LinCoef lin_c[2];       /* then Cy and Cz */
    const char *lin_coef[2];/* and as C text over __cu2c_bx, __cu2c_by; NULL for 0 */
    PtrVec lin_leaves;      /* Var*: the locals standing for threadIdx.x/y/z or for a linear
                             * index in it, and theirs */
    bool lin_fixed;         /* promote_locals: lin holds, and neither it nor its leaves change
                             * after their declarations: it is that index wherever it is read */
    unsigned init_begin, init_end;  /* the initialiser's text */
    int step_writes;        /* writes `v += e`, `v -= e`, `++v`... after the declaration, where
                             * e is pure and reads no threadIdx (stepped_locals.c) */
    bool other_writes;      /* any other write after the declaration (`v = e`, `v *= e`, a
                             * reference or address taken, a lambda capturing it by reference) */
    PtrVec step_reads;      /* Var*: the locals the steps' amounts read */
    PtrVec step_sites;      /* StepSite*: the steps found in statement position, straight-line
                             * in the kernel's body or in for-loops' bodies */
    bool x_stepped;         /* promote_locals: promoted, x_unit or x_sign 1, stepped only by
                             * uniform amounts where all its threads take the step: the threads
                             * of a row of the block hold B + threadIdx.x with one B, so its
                             * per-thread copy is one per row (B), read as B + threadIdx.x */
    int assignments;        /* plain assignments `v = e` anywhere after the declaration */
    const char *clamp_text; /* the first of them, in statement position, e pure and free of
                             * threadIdx: its value with the initialiser in place of v (so v's
                             * value after it, where nothing else writes v), as text
                             * (clamped_locals.c) */
    Stmt *clamp_stmt;       /* that assignment */
    PtrVec clamp_reads;     /* Var*: the locals e reads besides v */
    int clamp_kind;         /* e is max(v, X) of ints (1: a floor, `(v < X) ? X : v`), min(v, X)
                             * (-1: a ceiling), or neither (0) */
    const char *clamp_bound;/* then X as written */
    bool clamped;           /* promote_locals: recomputed (remat) as clamp_text, read after its
                             * assignment only */
    bool clamp_pieces;      /* and x_sign 1 with a base that can be evaluated before the thread
                             * loops, clamp_kind not 0: a nest reading it runs its x loop in
                             * three pieces, the clamp doing nothing in the middle one, where
                             * it is B + threadIdx.x (lower_kernel) */
    const char *const_init; /* a const local's initialiser as written: what a __shared__ array's
                             * size naming it means outside the kernel (its registration) */
    bool ref_param;         /* an expanded function's `T &p` bound to the caller's local alias */
    bool ref_target;        /* such a local: its variance is decided for the whole kernel */
    struct Var *alias;      /* `T x = f(...)` with f inlined: x takes the value of this
                             * local of the copy (and shares its per-thread storage) */
    PtrVec init_reads;      /* Var*: the locals that initialiser reads */
    bool init_reads_tid;    /* and it reads threadIdx itself */
    int id;                 /* index in Kernel.vars, for generated names */
    int copy;               /* the text it belongs to (an inlined body has its own locals) */
    const char *param_text; /* an inlined function's parameter: its declaration as written */
    bool tex_object;        /* a kernel parameter of type cudaTextureObject_t */
    int tex_names;          /* tex_object: how often the kernel names it */
    int tex_fetches;        /* tex_object: how often as the texture of a fetch (tex2D(t, x, y)) */
    int tex_hoisted;        /* hoist_textures: 1 + its index among the parameters whose
                             * descriptor the block function copies once per block (each fetch
                             * reads that copy), 0: not hoisted */
} Var;

/* A step of a local (Var.step_sites) in statement position: at its statement's offset, in the
 * body of the for-loop at offset loop (0: straight-line in the kernel's body). */
typedef struct StepSite {
    unsigned at, loop;
} StepSite;

/* Var.lambda: a lambda local, and how it captures. */
enum {
    LAMBDA = 1,             /* initialised with a lambda expression */
    LAMBDA_BY_VALUE = 2,    /* captures something by value ([=], [x], [y = e]) */
    LAMBDA_BY_REF = 4,      /* captures something by reference ([&], [&x]) */
    LAMBDA_MUTABLE = 8,     /* mutable: its by-value captures are state across calls */
};

/* Var.ref: how a reference local (or a parameter of an expanded function) keeps its binding
 * in per-thread storage; 0 when it cannot (bound to a local: a loop's copy of it dies with
 * the loop). */
enum {
    REF_MEMORY = 1,         /* bound to memory outliving the thread loops (global, shared,
                             * through a pointer): the storage holds its address */
    REF_VALUE = 2,          /* a const or rvalue reference bound to a temporary: the storage
                             * holds the temporary, the reference is bound to it */
};

typedef enum StmtKind {
    ST_DECL,        /* declaration statement (one or more variables) */
    ST_EXPR,        /* expression statement */
    ST_BARRIER,     /* __syncthreads(); as a statement of a list */
    ST_RETURN,      /* return; */
    ST_CONTROL,     /* if/for/while/do/switch/compound with no barrier inside */
    ST_SYNC,        /* if/for/while/do/switch/compound/case with a barrier inside: its control
                     * runs once per block, its bodies are statement lists of their own */
    ST_NULL,        /* ; */
    ST_OTHER,       /* anything else (labels, goto, asm...) */
    ST_REDUCE,      /* the predicate of a __syncthreads_count/_and/_or: not in any list, it
                     * runs in a thread loop of its own where the barrier is */
    ST_BIND,        /* an inlined function's parameter taking its argument: not in any list,
                     * it runs before the body (in a thread loop when the argument varies) */
    ST_RETVAL,      /* the value of a return leaving an expanded function early: not in any
                     * list, it runs where the return is (in a thread loop when it varies) */
} StmtKind;

/* A term `T op B` of a leaf `if`'s &&-condition where T is a thread coordinate (threadIdx.d,
 * a local initialised to it, or an int local holding an offset of threadIdx.x, see
 * Var.x_sign) and B is pure: when B is uniform, the term becomes a bound of the thread loop
 * over d instead of a test in it (see lower_kernel). Or a lane guard `L == B` (lane_mod). */
typedef struct Guard {
    unsigned dim;           /* DIM_X, DIM_Y or DIM_Z */
    Var *coord;             /* the local T, or NULL for threadIdx.d itself */
    int op;                 /* '<', 'l' (<=), '>', 'g' (>=), normalised to T op B */
    const char *cmp_type;   /* the comparison's type, e.g. "int", "unsigned int" */
    const char *bound;      /* B as written */
    PtrVec bound_reads;     /* Var*: locals B reads */
    unsigned begin, end;    /* the term */
    unsigned lane_mod;      /* op '=' (a lane guard `L == B`): L is the thread's index modulo
                             * this power of two (threadIdx.x % M, threadIdx.x & (M - 1), a
                             * tile's thread_rank()): the term holds for every M-th thread at
                             * most, which the thread loop over x may step over (narrow_guards.c) */
    bool lane_linear;       /* op '=': L is taken from the linear thread index (a tile's
                             * thread_rank()), equal to x's only in some block shapes */
    const char *lane_step;  /* op '=' with lane_mod 0: L is threadIdx.x % M (or a local holding
                             * threadIdx.x) with M uniform, not a constant (`tid % (2 * s) == 0`):
                             * M as text, the x loop stepping by it where it is positive */
    long long lane_offset;  /* and L is (threadIdx.x + this) % M: the threads passing are those
                             * with threadIdx.x = B - lane_offset (mod M) */
    bool in_macro;          /* written by a macro: the term stays (true where the loop runs),
                             * B is the parser's text of it */
    Var *via;               /* the term is this local, bool or integer, initialised with a
                             * conjunction of guards, this one among them (guards.c
                             * local_guards): in_macro, B the parser's text of the initialiser's */
} Guard;

/* A subscript p[E] whose index E, unsigned int or int, is B + threadIdx.x or B - threadIdx.x
 * (mod 2^32) with B free of threadIdx.x (scan_x_subscript). A 32-bit index that may wrap is
 * no affine address to the C compiler, which then does not vectorise the thread loop; in a
 * nest's fast copy (lower_kernel), taken when B +- threadIdx.x stays within E's type for
 * every thread of the block, E is written as the 64-bit induction variable B +- x. */
typedef struct XSub {
    unsigned begin, end;    /* E's text */
    const char *base;       /* B: E with threadIdx.x written as 0u, on one line */
    int sign;               /* 1: B + threadIdx.x; -1: B - threadIdx.x */
    bool is_signed;         /* E is int (else unsigned int) */
    bool reads_yz;          /* B reads threadIdx.y or .z: checked for each y and z */
    PtrVec reads;           /* Var*: the locals B reads */
    bool ok;                /* promote_locals: B reads only locals that never change, declared
                             * outside thread loops: it can be evaluated before the nest */
} XSub;

/* Which construct an ST_SYNC statement is. */
typedef enum SyncKind {
    SK_IF,          /* if/else: bodies are the then and else branches */
    SK_FOR,         /* for: one body */
    SK_WHILE,       /* while: one body */
    SK_DO,          /* do ... while: one body */
    SK_SWITCH,      /* switch: one body, its cases are SK_CASE statements */
    SK_CASE,        /* case/default label: one body, the labelled statement */
    SK_BLOCK,       /* a nested { ... } */
    SK_LABELLED,    /* a statement under #pragma or an attribute: one body */
    SK_INLINE,      /* a call of a device function holding a barrier: one body, a copy of
                     * the function's body (see Inline) */
} SyncKind;

/* A statement of a kernel body's statement list (or of a list inside an ST_SYNC statement),
 * with the facts the passes need about everything nested in it; for ST_SYNC only about its
 * control (condition, loop header), its bodies being statements of their own.
 * Offsets are in the main file; [begin, end) includes the ';'. */
struct Stmt {
    StmtKind kind;
    SyncKind sync;          /* ST_SYNC: the construct */
    Stmt *parent;           /* the ST_SYNC statement whose body holds it; NULL at the top */
    PtrVec bodies;          /* ST_SYNC: PtrVec* of Stmt*, one per body */
    SrcLoc barrier_loc;     /* ST_SYNC: the first barrier inside, for messages */
    const char *barrier_name; /* ST_SYNC: that barrier's name when it is a warp function */
    const char *cond_text;  /* ST_SYNC: its condition as written, on one line */
    unsigned cond_begin, cond_end; /* ST_SYNC: where that condition is (0, 0: none); a leaf if
                             * with guards_whole: where its condition is */
    bool block_barrier;     /* ST_SYNC: holds a __syncthreads* (not only warp functions) */
    bool simple_if;         /* SK_IF, SK_FOR, SK_WHILE, SK_DO: no init statement (if) or
                             * condition variable */
    unsigned then_begin, then_end, else_begin; /* SK_IF: its branches (else_begin 0: none);
                             * SK_FOR, SK_WHILE, SK_DO: then_* is the body */
    unsigned coord_tests;   /* dimensions whose thread coordinate it compares with a constant
                             * (`tx == 0`, `threadIdx.y != BLOCK - 1`): its thread loops run
                             * in pieces (edge threads apart, lower_kernel's nest_text) */
    bool lane_split;        /* SK_IF: its condition compares the lane part of the thread index
                             * with a constant that splits a warp: a mask naming every lane
                             * inside is refused (check_barriers) */
    bool predicated;        /* thread_variance: an if or loop holding barriers or warp
                             * functions whose condition varies: it runs per thread, its
                             * condition kept in a per-thread flag that every thread loop
                             * inside respects; the lanes of a warp may disagree: those not
                             * taking a branch (an if), or having left the loop (a loop, run
                             * round by the block while any thread still iterates), are
                             * inactive for its warp functions, whose masks may not name them
                             * (checked when they run), and its barriers wait for the threads
                             * reaching them (checked when the others could wait at another:
                             * put_barrier_check) */
    bool loop_split;        /* ST_SYNC: an if holding no barrier, made a construct so that a
                             * loop in its branches can be interchanged (loop_splits.c) */
    bool grid_sync;         /* ST_BARRIER: grid_group::sync(), a barrier of the whole grid */
    bool multi_grid_sync;   /* ... and of every grid of a multi-device launch (multi_grid_group) */
    const char *barrier_check; /* ST_BARRIER: a cuda::barrier's wait: the check run once per
                             * block where it was (its count is the block's), or NULL */
    bool steps_only;        /* ST_SYNC: holds volatile stores (warp steps, see vstep) but no
                             * barrier, warp function or __shared__ memory: an if splitting a
                             * warp may hold it (its lanes step apart, as on the GPU) */
    bool vstep;             /* a leaf reading or writing volatile memory (legacy warp-synchronous
                             * code): a warp step, alone in its region, so every running
                             * thread's reads and computation come before any thread's volatile
                             * stores, which are buffered per thread (VStore) and made after its
                             * thread loop */
    PtrVec jumps;           /* Jump*: each break/continue leaving it for an enclosing ST_SYNC
                             * loop/switch */
    PtrVec labels;          /* char*: labels defined inside it (local to each rendering of it:
                             * __label__, lower_kernel) */
    PtrVec gotos;           /* char*: labels its gotos jump to (inside it: check_barriers) */
    SrcLoc goto_loc;        /* its first goto */
    int index;              /* its position in Kernel.stmts (pre-order) */
    int copy;               /* which text it is in: 0 the main file, n an inlined body */
    bool after_exit;        /* thread_variance: may run after some threads have returned */
    Stmt *header;           /* a leaf for-loop: the facts of its init/condition/increment,
                             * kept apart so its counter can stay uniform (see form_loops) */
    unsigned body_begin;    /* a leaf for-loop: where its body starts */
    bool body_jumps;        /* a leaf for-loop: its body breaks, continues or returns */
    bool lone;              /* the whole body of an if/else/loop, written without braces, that
                             * calls moved out of became several statements: braced around */
    PtrVec guards;          /* a leaf if without else, with a condition free of effects (it
                             * may read memory): its Guard* terms (also a loop_split if's) */
    bool guards_whole;      /* those terms are all of its condition (a leaf if's: cond_begin,
                             * cond_end say where it is) */
    PtrVec x_subs;          /* XSub*: subscripts inside it indexed by B +- threadIdx.x */
    struct Var *gs_var;     /* a leaf for-loop written as a grid-stride loop, `for (T v = E +
                             * threadIdx.x; v < B (or <=); v += S)`: v (NULL otherwise); its
                             * trips may run trip by trip over the threads (Nest.grid_stride) */
    const char *gs_init, *gs_bound, *gs_step; /* then E + threadIdx.x, B and S as written */
    bool gs_le;             /* the condition is v <= B */
    bool x_contiguous;      /* a leaf for-loop: its body reads p[... + threadIdx.x] (or through a
                             * local holding B + threadIdx.x): consecutive threads, consecutive
                             * elements (form_loops interchanges it when its header is uniform) */
    bool short_trip;        /* a leaf for-loop: bounded by a small constant (the C compiler
                             * unrolls it; the thread loop around it then vectorises) */
    SrcLoc loc;
    unsigned begin, end;
    unsigned tid_dims;      /* threadIdx components it reads directly */
    bool side_effects;      /* calls something that must run once per thread */
    bool touches_memory;    /* reads or writes memory (not just locals): a subscript, a '*',
                             * a '->', a global or shared variable */
    bool calls_user_fn;     /* calls a user function that reads threadIdx & co. through TLS */
    bool has_return;        /* contains a return (ends the thread) */
    bool has_site;          /* holds a __syncthreads_count/_and/_or call (see Site) */
    bool reads_clock;       /* calls the device clock (clock(), clock64(), %clock, %globaltimer):
                             * its thread loops tell the runtime whose turn it is (CU2C_CLOCK_THREAD) */
    PtrVec reads;           /* Var*: locals it reads */
    PtrVec writes;          /* Var*: locals it assigns, increments or declares */
    PtrVec decls;           /* Var*: locals it declares */
    PtrVec kills;           /* Var*: locals it certainly assigns without reading the value they
                             * had (declared here, `v = e` naming v nowhere else, a for-loop's
                             * init): no definition before it reaches past it */
    PtrVec read_webs;       /* thread_variance: Web* of each local in reads (same order) */
    PtrVec write_webs;      /* thread_variance: Web* of each local in writes (same order) */
    PtrVec entry_webs;      /* thread_variance, leaves: the webs reaching the leaf's start */
    PtrVec body_webs;       /* thread_variance, leaf for-loops: those reaching its body, after
                             * the header's init (where an interchanged nest's loops start) */
    PtrVec returns;         /* SrcLoc*: every return statement inside (offset..end below) */
    PtrVec return_ends;     /* unsigned* end offsets (after ';') matching returns */
    PtrVec return_values;   /* char*: the returned expression as written, or NULL */
    PtrVec return_spans;    /* unsigned[2]*: where that expression lies, or NULL: rewriting a
                             * return keeps the value's text in place, with the edits inside
                             * it (a hoisted call's result local) */
    PtrVec return_facts;    /* Stmt* (ST_RETVAL) per return in an expanded function: the value's
                             * facts, kept apart so that only the return's control decides
                             * whether the statement varies */
    struct Inline *fret;    /* its returns leave an expanded function early (not the kernel) */
    PtrVec fret_scopes;     /* thread_variance: Inline* whose per-thread "returned" flags it
                             * must respect (it may run after some threads left that call) */
    /* analysis results */
    unsigned dims;          /* thread_variance: dimensions it must run over */
    int region;             /* find_regions: index of its barrier-free region */
    int nest;               /* form_loops: index of its thread-loop nest, -1 = runs once */
};

/* A __syncthreads_count/_and/_or(pred) call: a barrier that also combines a per-thread
 * predicate into a block-uniform result. The statement holding it runs once per block at
 * the barrier (a leaf holding one starts a region); the predicate runs in its own loop.
 * A warp function (__shfl*_sync, __ballot_sync, __any/__all_sync, __activemask, __syncwarp,
 * __match_*_sync, __reduce_*_sync) is a site too: a barrier where the running threads'
 * arguments are gathered in a thread loop of its own, then combined warp by warp (lanes by
 * linear thread index) into a per-thread result the holder reads; the holder varies. */
typedef enum ReduceOp {
    RED_COUNT, RED_AND, RED_OR,     /* __syncthreads_count/_and/_or(pred) */
    WARP_SHFL,          /* __shfl_sync(mask, var, srcLane[, width]) */
    WARP_SHFL_UP,       /* __shfl_up_sync(mask, var, delta[, width]) */
    WARP_SHFL_DOWN,     /* __shfl_down_sync(mask, var, delta[, width]) */
    WARP_SHFL_XOR,      /* __shfl_xor_sync(mask, var, laneMask[, width]) */
    WARP_BALLOT,        /* __ballot_sync(mask, pred) */
    WARP_ANY,           /* __any_sync(mask, pred) */
    WARP_ALL,           /* __all_sync(mask, pred) */
    WARP_ACTIVEMASK,    /* __activemask() */
    WARP_SYNC,          /* __syncwarp([mask]) */
    WARP_MATCH_ANY,     /* __match_any_sync(mask, value) */
    WARP_MATCH_ALL,     /* __match_all_sync(mask, value, &pred) */
    WARP_REDUCE_ADD, WARP_REDUCE_MIN, WARP_REDUCE_MAX,  /* __reduce_*_sync(mask, value) */
    WARP_REDUCE_AND, WARP_REDUCE_OR, WARP_REDUCE_XOR,
    CG_REDUCE,          /* cooperative_groups::reduce(group, value, op) (CG_REDUCE_NAME) */
    CG_INCLUSIVE_SCAN,  /* cooperative_groups::inclusive_scan(group, value[, op]) */
    CG_EXCLUSIVE_SCAN,  /* cooperative_groups::exclusive_scan(group, value[, op]) */
    WMMA_MMA,           /* nvcuda::wmma::mma_sync(d, a, b, c[, satf]) (WMMA_MMA_NAME) */
} ReduceOp;

/* The names the frontend gives cooperative groups' calls that have no CUDA function of their
 * own: grid_group::sync() and multi_grid_group::sync() (ST_BARRIERs with grid_sync), cooperative_groups::reduce, the
 * scans, and nvcuda::wmma::mma_sync (mma.h). */
#define GRID_SYNC "__cu2c_grid_sync"
#define MULTI_GRID_SYNC "__cu2c_multi_grid_sync"
#define CG_REDUCE_NAME "__cu2c_cg_reduce"
#define CG_INCLUSIVE_SCAN_NAME "__cu2c_cg_inclusive_scan"
#define CG_EXCLUSIVE_SCAN_NAME "__cu2c_cg_exclusive_scan"
#define WMMA_MMA_NAME "__cu2c_wmma_mma_sync"

typedef struct Site {
    ReduceOp op;
    const char *name;       /* the function's name */
    SrcLoc loc;
    unsigned call_begin, call_end;  /* the call */
    const char *pred_text;  /* its argument as written, on one line (a warp function: the
                             * value or predicate argument, NULL if none) */
    const char *args[4];    /* a warp function: its arguments as written (NULL: defaulted) */
    const char *type;       /* a warp function: the type of its value argument */
    const char *result_type;/* a warp function: the type of the call (of its result array) */
    int width;              /* a group's method: the tile's size (32 for a coalesced group);
                             * -1 when the group's type is a template parameter (cg::reduce:
                             * width and lanes are the group's, __cu2c_group_width/_mask) */
    bool coalesced;         /* a group's method: the group is a coalesced_group */
    const char *any_group;  /* a thread_group's sync(): the group as written (a block's
                             * sync orders the block, a tile's its lanes) */
    const char *wrap_pre, *wrap_post; /* a group's method: written around the result array's
                             * element where the call was (tile-relative ballots, the group
                             * made of __activemask()'s result) */
    Stmt *pred;             /* ST_REDUCE: the predicate's facts (reads, threadIdx uses) */
    Stmt *owner;            /* the statement holding the call (a leaf, or an ST_SYNC's control) */
    int id;
} Site;

/* A call `f(args);` of a device function holding a barrier, expanded in place: the call
 * statement (an ST_SYNC, SK_INLINE) is replaced by a block binding the parameters and then
 * a copy of f's body, lowered like the kernel's own statements (edits with copy == id). */
typedef struct Inline {
    int copy;               /* the copy id of the body */
    int parent_copy;        /* the copy holding the call */
    Stmt *call;             /* the SK_INLINE statement */
    unsigned body_begin, body_end; /* f's body, inside its braces */
    PtrVec params;          /* Var*: f's parameters, locals of the copy */
    PtrVec binds;           /* Stmt* (ST_BIND), one per parameter */
    PtrVec args;            /* char*: the arguments as written */
    Stmt *ret;              /* the body's final `return [e];`, or NULL */
    unsigned ret_at;        /* where that return starts (0: none), known before it is scanned */
    const char *ret_expr;   /* e as written */
    unsigned ret_begin, ret_end; /* e's text (calls expanded in place inside it are edits
                             * there: the return around it is edited apart) */
    Var *result;            /* `T x = f(args);`: x, taking e's value from result_tmp */
    Var *result_tmp;        /* a local of a unique name the final return assigns e to */
    bool early_returns;     /* its body returns before its end (uniformly: a jump to its end) */
    bool varying_returns;   /* some of those are taken by some threads only: per-thread flags */
    bool hoisted;           /* a call inside a statement's expression: expanded just before the
                             * statement (at call->begin, zero width), the call itself replaced
                             * by the result local */
    unsigned call_begin, call_end; /* hoisted: the call in the statement */
    Stmt *user;             /* hoisted: the statement holding the call */
    struct Edit *anchor;    /* hoisted: the insert that receives the expansion */
    const char *result_decl;/* `T x` as written */
    const char *tmpl_binds; /* a function template's specialisation: its template parameters
                             * named for the copy (`typedef float T; constexpr int N = 4;`) */
    const char *tmpl_pre;   /* dependent: the template arguments taken into temporaries while
                             * the caller's names are in scope (see expand.c dependent_binds) */
    bool dependent;         /* a function template's pattern, called from a kernel template with
                             * arguments depending on its template parameters */
    PtrVec tparam_names, tparam_temps; /* dependent: its template parameters, and the
                             * temporaries holding their arguments (char*) */
    PtrVec tparam_args;     /* dependent: what each temporary stands for, as a registration
                             * outside the block function can name it (a non-type's in
                             * parentheses) */
    const char *name;       /* the function, for messages */
    const char *this_arg;   /* a member function: its object's address as the caller writes it
                             * (`__builtin_addressof(r)`, `(p)`), bound to __cu2c_this<copy> */
    bool this_const;        /* a const member function: the pointer is to const */
    bool this_temp;         /* this_arg is a temporary object (`R(s).f()`), not its address:
                             * kept in __cu2c_o<copy> for the copy's duration */
    Stmt *this_bind;        /* the object's binding (the last of binds), for its variance */
    Var *this_ptr;          /* __cu2c_this<copy>, written by this_bind: it must be uniform */
    Var *this_var;          /* the kernel local the object is (the copy's member accesses are
                             * that local's), or NULL when the object is memory */
    PtrVec rewrites;        /* Edit* (weak): in the copy, `this` and the members it names
                             * without `this->`, made to go through __cu2c_this<copy> */
} Inline;

/* A store into volatile memory in a warp step (Stmt.vstep): `V = E`, `V op= E`, `++V`, `V++`
 * (value unused). In the step's thread loop it computes V's address and new value into
 * per-thread buffers; after the loop, every thread's buffered value is stored. */
typedef struct VStore {
    Stmt *owner;            /* the step */
    SrcLoc loc;
    unsigned begin, end;    /* replaced: `V =` / `V op=` (the operator included); `++V`, `V++` */
    unsigned rhs_end;       /* an assignment: where its right side ends (`))` goes there) */
    const char *lhs;        /* V as written, on one line */
    const char *op;         /* "" for `=`, else the arithmetic operator ("+", "<<", ...) */
    bool incdec;            /* ++/--: no right side, the new value is V op 1 */
    bool old_value;         /* a postfix ++/-- whose value (V's old one) is used: thread
                             * loops refuse it, the fiber engine gives the old value */
    const char *type;       /* V's type, unqualified */
    int id;
    /* an ordered store: V is B[I + c] and every other memory access of the step is a read
     * B[I + k], k >= c, of the same B and I, nothing else reading memory, calling or storing
     * (volatile_steps.c scan_vstep). With I the thread's x coordinate, ascending threads then
     * read what lockstep would (a lane reads no element a lower lane wrote): lower_kernel may
     * store directly (direct_store) */
    struct Var *lane_base;  /* B, NULL when the store is not ordered */
    struct Var *lane_index; /* I */
    PtrVec base_names;      /* unsigned*: begin and end of B's name in each read B[I + k] */
    const char *rhs_type;   /* E's type, an arithmetic one, as its canonical spelling */
} VStore;

/* A group of consecutive leaves of one statement list wrapped in one thread-loop nest. */
typedef struct Nest {
    int first, last;        /* indices in Kernel.stmts, inclusive (leaves are consecutive there) */
    unsigned dims;          /* loops it has: DIM_X etc. */
    bool has_return;        /* a thread may end inside: needs the end-of-thread label */
    bool check_exited;      /* threads may have ended before: skip them */
    bool interchange;       /* a single for-loop with a uniform header: the thread loops go
                             * inside it, over its body, so they vectorise over threads */
    bool grid_stride;       /* interchanged too: a grid-stride loop (Stmt.gs_var) run trip by
                             * trip (a uniform loop over k), each thread's counter E + threadIdx.x
                             * + k * S, those past the bound skipping the trip */
    unsigned guarded;       /* dimensions whose loops run over a narrowed range (lower_kernel) */
    bool fast_guarded;      /* its fast copy's x loop runs over a range narrowed further */
    struct Var *lin_var;    /* its x loop runs, for each y and z, over the threads whose linear
                             * index (this Var.lin local) lies in [__cu2c_llo, __cu2c_lhi)
                             * (narrow_guards.c) */
    bool lane_stepped;      /* its x loop steps over the threads a lane guard rules out
                             * (Guard.lane_mod): from __cu2c_s0 by __cu2c_sx (narrow_guards.c) */
    struct Stmt *pred_skip, *pred_skip_fast; /* a per-thread if around it (Stmt.loop_split)
                             * whose guards narrow its loops (in both copies, in the fast copy):
                             * its threads' flags need no test there */
    PtrVec fret_scopes;     /* Inline*: whose "returned" flags its threads are checked against */
    bool has_fret;          /* a thread may leave an expanded function here: needs a label */
    PtrVec loads;           /* promote_locals, Var*: promoted locals its threads load from their
                             * per-thread copies (the values reaching it are per-thread ones) */
    PtrVec copies;          /* promote_locals, Var*: locals it writes whose value on entry is
                             * the block's uniform one: each thread works on its own copy */
    PtrVec fresh;           /* promote_locals, Var*: locals it writes whose value on entry is
                             * only ever their declaration's indeterminate one: declared anew */
} Nest;

/* A kernel parameter as written. */
typedef struct Param {
    const char *name;
    const char *text;       /* the declaration as written, e.g. "const float *__restrict__ a" */
    const char *type;       /* type spelling, for sizeof */
    unsigned name_at;       /* an unnamed one (a tag type): where the stub's signature gives it
                             * its name (`std::true_type __cu2c_p1`); 0 for a named one */
    const char *pack;       /* a parameter pack (`A... a`, the last): the pattern of its
                             * elements' type (`A`); NULL otherwise */
} Param;

/* A kernel template's unnamed template parameter (`int = 0`): the name cu2c gives it, written
 * at `at` in its header wherever cu2c writes the header (put_signature, Kernel.tmpl_header). */
typedef struct TemplateName {
    unsigned at;
    const char *name;
} TemplateName;

/* A message of diag_refuse, kept (see there). */
typedef struct Refusal {
    SrcLoc loc;
    bool note;
    const char *msg;
} Refusal;

/* One __global__ function definition in the main file. */
typedef struct Kernel {
    const char *name;
    const char *tag;        /* what the functions cu2c makes for it are named after: the name,
                             * and for the second and later kernels of one name (overloads,
                             * or in other namespaces) the name with __cu2c_oN */
    long long called_shared; /* the __shared__ bytes of the functions holding barriers it calls
                             * (at any depth) that its scan did not expand (a call after a
                             * label): the fiber engine counts them in sharedSizeBytes, the
                             * expanded ones by their copies' variables */
    PtrVec tmpl_names;      /* TemplateName*: its unnamed template parameters, named */
    const char *scope;      /* a kernel defined outside its namespace (`__global__ void
                             * ns::k(...) {...}`): "::ns::", naming it from the file's scope
                             * where cu2c's functions for it go; else "" */
    const char *self_type;  /* a non-template kernel whose name is overloaded: the type that
                             * picks it, e.g. "void (*)(float *, int)" (else NULL) */
    int thread_order;       /* cu2c --thread-order: 0 as written, 1 reverse, 2 random (each
                             * thread loop in that order: exposes order-dependent code) */
    bool track_threads;     /* cu2c --track-threads: thread loops keep cu2c_tls.threadIdx
                             * current, for fault lines (kernel.h's CU2C_TRACK_THREAD) */
    bool race_check;        /* cu2c --check=race: mark blocks, thread loops, shared arrays,
                             * barriers and __syncwarp()s for the race checker (kernel.h's
                             * CU2C_RACE_*, runtime/race_check.c) */
    SrcLoc loc;
    unsigned decl_begin;    /* first byte of the definition (attributes, return type) */
    unsigned body_begin;    /* offset of the body's '{' */
    unsigned body_end;      /* offset just past the body's '}' */
    PtrVec params;          /* Param* */
    PtrVec body;            /* Stmt*: the body's statements (a tree through ST_SYNC bodies) */
    PtrVec stmts;           /* Stmt*: every statement of that tree, in pre-order */
    PtrVec vars;            /* Var*: parameters, and locals declared in statement lists */
    PtrVec file_shared;     /* FileShared*: file-scope __shared__ variables it uses */
    PtrVec sites;           /* Site*: its __syncthreads_count/_and/_or calls */
    PtrVec inlines;         /* Inline*: calls of device functions holding barriers */
    PtrVec headers;         /* Stmt*: the headers of leaf for-loops (Stmt.header) */
    PtrVec retvals;         /* Stmt* (ST_RETVAL) of early returns in expanded functions */
    PtrVec vstores;         /* VStore*: stores into volatile memory of its warp steps */
    PtrVec fetch_loops;     /* FetchLoop*: short counted loops fetching from a texture parameter */
    bool uses_tls;          /* calls user functions that read threadIdx/blockIdx/... */
    PtrVec refusals;        /* Refusal*: what the thread-loop engine cannot run (diag_refuse) */
    bool no_fibers;         /* calls what the fiber engine cannot (Fe.fiber_unsafe_fns) */
    bool pairs_barriers;    /* threads pass a barrier under a per-thread if or loop, work and
                             * end, while the others go on to another barrier: legal on Volta
                             * and later, where the two pair; only fibers run it so (it runs
                             * there when they can take it; check_barriers) */
    bool spins;             /* holds a spin-wait (spin_loops.c): its threads may wait for later
                             * ones, which only the fiber engine runs meanwhile: it runs there */
    PtrVec shared_at;       /* unsigned*: where its __shared__ declarations start */
    PtrVec extern_shared;   /* FileShared*: its extern __shared__ arrays */
    bool fibers;            /* runs on the fiber engine (fiber_kernel.c): each thread a fiber
                             * running the body as written, the thread-loop passes skip it */
    bool irregular_flow;    /* a label, goto or asm statement: control flow the statement tree
                             * does not show, so variance is decided per local (Var.whole) */
    const char *tmpl_header;/* a kernel template: `template <...>` as written, else NULL */
    const char *tmpl_args;  /* a kernel template: `<T, N>` naming the specialisation */
    /* analysis results */
    int nregions;           /* find_regions */
    PtrVec nests;           /* Nest*: form_loops */
    PtrVec webs;            /* Web*: thread_variance */
    bool has_exits;         /* thread_variance: some threads may return while others go on */
    bool needs_exit_flags;  /* form_loops: a thread that ends is remembered across nests */
} Kernel;

/* A for-loop of a kernel's own text with a constant trip count of at most 32 (counting
 * those of the constant-trip loops inside it, unrolled with it), not written by a macro nor
 * under the user's `#pragma unroll`, whose body fetches from a texture object parameter
 * (`for (k = -R; k <= R; k++) s += tex2D<float>(t, x + k, y)`): g++ vectorises such a loop
 * over its trips, summing in order, rather than the thread loop around it; unrolled, the
 * thread loop vectorises (hoist_textures). */
typedef struct FetchLoop {
    unsigned at;            /* offset of its `for` */
    Var *texture;           /* the parameter of a fetch in its body */
} FetchLoop;

/* A file-scope __shared__ variable: becomes per-block storage inside each kernel using it. */
typedef struct FileShared {
    const char *name;
    const char *decl_text;  /* declaration text for a static one, e.g. "__shared__ float t[16]" */
    const char *elem_type;  /* element type for an extern one, else NULL */
    const char *type;       /* its type spelling, for sizeof */
    unsigned begin, end;    /* the declaration in the main file, with its ';' */
} FileShared;

/* A user function that reads threadIdx/blockIdx/blockDim/gridDim: it gets them from the
 * runtime's thread-local copies, which kernels calling it keep up to date. */
typedef struct DeviceFn {
    const char *name;
    SrcLoc loc;
    unsigned body_begin;    /* offset just past its body's '{' (inlined_fns: the definition's start) */
    unsigned body_end;      /* inlined_fns: the definition's end */
    unsigned brace;         /* inlined_fns: just past its body's '{' */
    PtrVec shared_at;       /* inlined_fns, unsigned*: where its __shared__ declarations start */
    PtrVec extern_shared;   /* inlined_fns, FileShared*: its extern __shared__ arrays */
    bool fiber_unsafe;      /* inlined_fns: calls what the fiber engine cannot (none of its
                             * kernels calls it: see Kernel.no_fibers), so it is never kept */
    bool kept;              /* inlined_fns: the unit has kernels on the fiber engine, whose
                             * calls of it stay calls: it stays a function (lower_fiber_kernel) */
    bool for_host;          /* inlined_fns: __host__ __device__ (warp steps): host code calls
                             * it, so it stays a function as written */
    const char *usr;        /* inlined_fns: its USR */
    long long shared_bytes; /* inlined_fns: the size of its own __shared__ variables */
} DeviceFn;

/* A kernel launch k<<<g, b, s, st>>>(args) in host code. */
typedef struct Launch {
    SrcLoc loc;
    unsigned callee_begin, callee_end; /* `k` or `k<T>` */
    unsigned config_begin, config_end; /* `<<<...>>>` */
    unsigned call_end;      /* just past the launch's argument list */
    int nconfig;
    const char *config[4];  /* argument texts as written, on one line */
    const char *kernel;     /* the kernel's name */
    int shape[3];           /* the block shape when it is a compile-time constant, else 0s:
                             * a guess (checked at run time) for specialising the kernel */
    bool in_macro_body;     /* written in a #define's body (rewritten there once, for every
                             * expansion): its line breaks are line splices */
} Launch;

/* One text edit of the main file: replace [begin, end) by text (begin == end: insert).
 * Inserts at the same offset keep the order they were added in. */
typedef struct Edit Edit;
struct Edit {
    unsigned begin, end;
    const char *text;
    int seq;
    int copy;               /* 0: the main file's text; n: the n-th inlined function body */
    bool weak;              /* a rewrite inside a member function's copy (Inline.rewrites): it
                             * gives way to an edit replacing the text around it, whose text was
                             * taken with the rewrite made (see fe_text) */
};

/* The translation unit: the main file and everything the passes found and decided. */
typedef struct Unit {
    Arena *arena;
    const char *path;       /* main file */
    const char *text;       /* its contents (with headers defining kernels spliced in) */
    size_t len;
    const char **line_file; /* per line of text (1-based), when headers were spliced: the file */
    unsigned *line_no;      /* and the line there, for #line directives; NULL otherwise */
    unsigned nlines;
    const char *starts_of;  /* the text line_starts was made for (line_of: made on first use) */
    unsigned *line_starts;  /* offset of each line of it (0-based index), then len + 1 */
    unsigned nstarts;       /* lines in it */
    bool is_cxx;            /* host code uses C++: emit C++ */
    int cuda_arch;          /* -arch: __CUDA_ARCH__ in device code (700 for compute_70); 0:
                             * cu2c's default (cu2c/defs.h) */
    const char *cxx_reason; /* what made it C++ (for --dump-after) */
    bool openmp;            /* it includes thrust, whose device algorithms are OpenMP's: the
                             * parse defined _OPENMP, the output needs -fopenmp */
    PtrVec kernels;         /* Kernel* */
    PtrVec launches;        /* Launch* */
    PtrVec file_shared;     /* FileShared* */
    PtrVec device_symbols;  /* const char*: file-scope __device__/__constant__ variables, each
                             * named as the unit's end sees it (for their registration) */
    PtrVec device_fns;      /* DeviceFn* */
    PtrVec fn_extern_shared; /* FileShared*: extern __shared__ arrays declared inside device
                             * functions not expanded into kernels: the block's dynamic shared
                             * memory through cu2c_tls */
    PtrVec inlined_fns;     /* DeviceFn*: functions holding barriers, expanded at their calls
                             * (their definitions leave the output) */
    PtrVec edits;           /* Edit* */
    struct EditSlot *edit_slots; /* the edits by copy and by stretch of text they touch, for
                             * edits_near: a hash table of nslots (a power of two) */
    int nslots, slots_used;
    int cur_copy;           /* the copy new edits belong to (see Edit.copy, Inline) */
    int ncopies;            /* copies made so far (inlined bodies, all kernels) */
    int errors;             /* located errors reported */
    struct Kernel *scanning;/* the kernel being scanned or lowered: diag_refuse keeps its refusals */
    bool deferring;         /* the last message was kept: so are the notes after it */
    bool fiber_kernels;     /* some kernels run on the fiber engine (lower_fiber_kernel) */
} Unit;

/* ---- diag.c: file:line:col: error: message, with the source line and a caret -------- */

void diag_error(Unit *u, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Unit *u, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* What the thread-loop engine cannot run, in the kernel being scanned (Unit.scanning): kept
 * on it (with the notes that follow) until diag_settle decides: the kernel runs on the fiber
 * engine, or the messages are reported as errors. Outside a kernel: an error now. */
void diag_refuse(Unit *u, SrcLoc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_settle(Unit *u, Kernel *k, bool fibers);

/* ---- model.c: helpers on the model, and the --dump-after printer -------------------- */

const char *dims_name(unsigned dims);          /* "", "x", "xy", ... */
int dims_count(unsigned dims);
void model_dump(Unit *u, const char *after, FILE *out);
/* The statements that are not in any list (reduction predicates, parameter bindings): each
 * runs in a thread loop of its own. */
int pseudo_count(Kernel *k);
Stmt *pseudo_at(Kernel *k, int i);
/* Every statement the analyses take facts from, for i from -k->headers.len up to
 * k->stmts.len + pseudo_count(k) - 1: loop headers, the statements, the pseudo ones. */
Stmt *fact_at(Kernel *k, int i);
/* Is v declared by a statement of nest n? */
bool nest_declares(Kernel *k, Nest *n, Var *v);
/* Does a statement other than v's declaration write v (or a per-thread loop's header declaring
 * it, whose increment may)? */
bool written_after_decl(Kernel *k, Var *v);
bool written_besides(Kernel *k, Var *v, Stmt *also);   /* ... or than also */
/* Is w, a local or parameter v's initialiser (or other text of v's) reads by name, hidden
 * after v's declaration by another local of the same text named like it? That text, read
 * again where v is visible (recomputed in a thread loop, a guard's bound), might name it. */
bool hidden_after(Kernel *k, Var *v, Var *w);
/* Do the locals a linear thread index (Var.lin) reads for threadIdx keep their values? */
bool lin_leaves_fixed(Kernel *k, Var *v);
bool stmt_inside(Stmt *s, Stmt *ancestor);     /* ancestor holds s (s itself excluded) */
bool under_predicated(Stmt *s);     /* s runs under an if or loop run per thread (Stmt.predicated) */
bool in_else_branch(Stmt *p, Stmt *c);  /* c, a child of the if p, is (in) its else branch */
bool others_exit_without_meeting(Kernel *k, Stmt *p, Stmt *c); /* lanes not taking p's branch holding c leave the kernel without meeting the warp */
Stmt *jump_target(Stmt *s, Jump *j);    /* the loop (or switch) the jump j leaving leaf s goes to */
bool writes_own_decls(Stmt *s);     /* s writes only locals it declares */
Edit *edit_add(Unit *u, unsigned begin, unsigned end, const char *text);
Edit *edit_insert(Unit *u, unsigned at, const char *text);
/* The edits of the current copy touching [lo, hi] (begin <= hi, end >= lo), in the order
 * they were made, into out: without a scan of every edit, which made the translation's time
 * quadratic in the number of kernels. */
void edits_near(Unit *u, unsigned lo, unsigned hi, PtrVec *out);
/* text plus as many newlines as [begin, end) has: replacing that range by it, the lines
 * after keep their numbers. */
const char *text_keeping_lines(Unit *u, unsigned begin, unsigned end, const char *text);
/* Replaces [begin, end) by text_keeping_lines(text); returns the edit. */
Edit *edit_replace_lines(Unit *u, unsigned begin, unsigned end, const char *text);
/* [begin, end) of the main file's text with the edits applied (sorted here); false after a
 * located error when two of them overlap. */
bool edits_render(Unit *u, PtrVec *edits, unsigned begin, unsigned end, Buf *out);
/* The spans of `for (init; cond; inc)`'s three parts in the text from begin (the `for`) to
 * end (its body), each [span[i][0], span[i][1]) (empty where not written); false when the
 * header cannot be read. */
bool for_header_spans(Unit *u, unsigned begin, unsigned end, unsigned span[3][2]);
unsigned line_of(Unit *u, unsigned offset);  /* 1-based line of a main-file offset */
/* Appends `\n#line L "file"\n` for the line holding offset, as the user's files number it. */
void put_line_directive(Unit *u, unsigned offset, Buf *b);
/* A path as a string literal's contents (for #line). */
void put_path(Buf *b, const char *path);

/* ---- frontend/: parse with libclang, copy the AST facts into a Unit ----------------- */

typedef struct Options {
    const char *input;
    const char *output;         /* NULL: stdout */
    const char *dump_after;     /* pass name or NULL */
    int lang;                   /* 0 auto, 1 C, 2 C++ */
    PtrVec clang_args;          /* -I, -D, -U, -std= passed through */
    int cuda_arch;              /* -arch compute_NN: NN0 (see Unit.cuda_arch) */
    bool no_pch;                /* --no-pch: parse cu2c's headers even where a precompiled
                                 * prefix fits (frontend/pch.c) */
    bool race_check;            /* --check=race: see Kernel.race_check */
    bool track_threads;         /* --track-threads: see Kernel.track_threads */
    int thread_order;           /* --thread-order=reverse|random: see Kernel.thread_order */
    bool fibers;                /* --engine=fibers: see Kernel.fibers */
} Options;

/* Returns NULL after reporting errors. */
Unit *fe_parse(Arena *a, const Options *opt);
/* cu2c --build-pch FILE: the precompiled prefix for parses with opt's arguments. */
bool fe_build_pch(Arena *a, const Options *opt, const char *out);

/* ---- emit.c: apply the edit list and write the output atomically -------------------- */

/* Returns 0, or 1 after reporting why nothing was written. */
int emit_write(Unit *u, const char *output);

/* ---- embedded headers (generated by tools/embed_headers.py) ------------------------- */

typedef struct EmbeddedHeader {
    const char *name;       /* path relative to include/, e.g. "cu2c/kernel.h" */
    const char *text;
    unsigned long size;
} EmbeddedHeader;
extern const EmbeddedHeader cu2c_embedded_headers[];
extern const int cu2c_embedded_header_count;

/* ---- passes/: one entry point each, run in the order of translator/main.c ----------- */

void find_regions(Unit *u, Kernel *k);     /* split at barriers and barrier-carrying control */
void thread_variance(Unit *u, Kernel *k);  /* dimensions each statement and local varies in */
void check_barriers(Unit *u, Kernel *k);   /* refuse barriers under control that cannot run per thread */
void form_loops(Unit *u, Kernel *k);       /* group statements into thread-loop nests */
void promote_locals(Unit *u, Kernel *k);   /* which locals need per-thread copies */
void hoist_textures(Unit *u, Kernel *k);   /* texture objects read once per block, not per fetch */
void lower_kernel(Unit *u, Kernel *k);     /* edits: block function, loops, stub, registration */
void lower_launches(Unit *u);              /* edits: k<<<...>>>(...) into plain calls */
/* fiber_kernel.c: the fiber engine's kernels */
bool fiber_supported(Kernel *k);           /* can the fiber engine run it (as cu2c lowers it now)? */
void choose_engine(Unit *u, Kernel *k);    /* refused by thread loops: fibers, or the errors */
void lower_fiber_kernel(Unit *u, Kernel *k); /* edits: a fiber body, a stub, a registration */

/* frontend/cursors.c: can c be part of an identifier (a letter, a digit, '_')? */
bool ident_char(char c);

#endif
