/* fe.h - what the frontend's files share: the parse being scanned (Fe), the scan of a
 * kernel's statements (KScan), and the helpers one file offers the others. Only the
 * frontend includes clang-c/; no CXCursor outlives fe_parse. */
#ifndef CU2C_FE_H
#define CU2C_FE_H

#include "../cu2c.h"

#include <clang-c/Index.h>

#define VIRTUAL_INCLUDE "/__cu2c/include"
/* cu2c's library headers whose device code the translator expands into kernels (CUB's block
 * and warp classes, include/cub): parsed from here, a -I directory rather than a system one,
 * so that they are spliced into the translation like the user's own headers (includes.c). */
#define VIRTUAL_LIB_INCLUDE "/__cu2c/lib"

/* A function of Fe.group_dependent_fns, and the method that puts it there. */
typedef struct GroupDependentFn {
    const char *usr;
    SrcLoc loc;             /* the method's call */
    const char *method;
} GroupDependentFn;

typedef struct Fe {
    Unit *u;
    CXTranslationUnit tu;
    CXFile main_file;
    PtrVec user_system_dirs; /* char*: the real paths of the directories the user named with
                             * -isystem: their headers' CUDA code is the user's (includes.c) */
    PtrVec system_files, system_verdicts; /* CXFile, and (void *)1 where it is in one of those */
    PtrVec tls_fns;         /* char*: USR of user functions reading threadIdx & co. or calling assert (transitively) */
    PtrVec clock_fns;       /* char*: USR of user functions reading the device clock (transitively) */
    PtrVec barrier_fns;     /* char*: USR of user functions containing a barrier (transitively) */
    PtrVec host_arch_groups; /* unsigned[2]: lines of the main text's #if groups on __CUDA_ARCH__
                             * at file scope that keep the host's branch for both sides
                             * (cuda_arch.c): device code must not call what they declare */
    int arch_dispatches;    /* dispatch functions made for device copies (cuda_arch_dispatch.c) */
    PtrVec specialized_fns; /* char*: USR of function templates the user explicitly specialises */
    PtrVec dispatched_fns;  /* char*: those of them whose pattern chooses the specialisation
                             * (specialisations.c): their dependent calls may be expanded */
    PtrVec block_barrier_fns; /* char*: those of them holding a __syncthreads* (not only warp
                             * functions) */
    PtrVec sync_fns;        /* char*: those of them holding a barrier, a warp function or
                             * __shared__ memory (the others are expanded for their volatile
                             * memory accesses only: warp steps) */
    const char *escaping_barrier_fn; /* the name of a function holding a barrier whose address
                             * is taken (escaping_functions.c), or NULL */
    PtrVec fiber_unsafe_fns; /* char*: USR of user functions the fiber engine cannot call as
                             * written (transitively): cooperative groups' methods and
                             * collectives, wmma, grid or cuda::barrier waits, volatile memory
                             * (warp-synchronous steps) */
    PtrVec group_dependent_fns; /* GroupDependentFn*: user functions holding (transitively) a
                             * group's method on a group whose type depends on a template
                             * parameter: thread loops cannot lower it; a kernel calling one
                             * runs on fibers */
    StrSet fn_names, fn_decls; /* functions declared in the main file, by name and by name
                             * with USR, to spot overloading */
    int copy;               /* the text being scanned: 0 the kernel, n an inlined body */
    PtrVec pure_fns;        /* char*: USRs of user functions without effects (see fn_scan_visit) */
    PtrVec inlining;        /* char*: USRs of the functions being inlined, innermost last */
    PtrVec local_type_names, local_type_texts; /* char*: the kernel's local typedefs (local_types) */
    PtrVec tparam_names, tparam_temps; /* char*: template parameters of the dependent
                             * expansions being scanned, and the temporaries holding them */
    int this_copy;          /* the member function's copy being scanned (`this` is its
                             * __cu2c_this<copy>), 0 outside member functions' copies */
    Var *this_var;          /* then the kernel local its object is, or NULL (memory) */
    PtrVec *rewrites;       /* then its Inline.rewrites: text taken from it has them made */
} Fe;

/* A replacement of [begin, end) of the main text before it is parsed again (see
 * edit_main_text). */
typedef struct TextEdit {
    unsigned begin, end;
    const char *text;
} TextEdit;

/* A cursor's children (or a template's parameters): the first KIDS_MAX of them, n all */
#define KIDS_MAX 16
typedef struct Kids {
    CXCursor c[KIDS_MAX];
    int n;
} Kids;

typedef struct GroupCall {
    const char *builtin;    /* the barrier or warp function it is (see group_call) */
    const char *shown;      /* its name for messages, e.g. "thread_block_tile::shfl_down" */
    int width;              /* a tile's size (32 for a coalesced group); 0 for block and grid;
                             * -1 for cg::reduce over a group whose type is a template parameter */
    bool coalesced;         /* the group is a coalesced_group (lanes by a mask it holds) */
    bool any_group;         /* a thread_group: its lanes known at run time (its sync's mask) */
    int first_arg;          /* its first argument after the group (cg::sync/reduce take it first) */
    char partition;         /* labeled_partition ('l') or binary_partition ('b'): the group
                             * of g's lanes with the same label, a coalesced group */
    CXCursor group;         /* the group, as an expression (null for coalesced_threads()) */
} GroupCall;

typedef struct KScan {
    Fe *fe;
    Kernel *k;
    Stmt *s;                /* the statement (or pseudo-statement) collecting facts */
    CXCursor top;           /* its cursor */
    int lambda_depth;
    int cond_depth;         /* inside ?:, && or || (evaluated for some threads only) */
    int loop_depth;         /* loops entered inside the statement: break/continue stay inside */
    int switch_depth;       /* switches entered inside the statement: break stays inside */
    bool loop_level_jump;   /* a break/continue seen at loop depth 1 (the leaf for-loop's own) */
    PtrVec hoisted;         /* Inline*: calls of expanded functions in the statement being
                             * scanned, read as their result locals */
    Var *guard_via;         /* guards.c: the local whose initialiser's guards are being
                             * scanned (Guard.via) */
} KScan;

typedef struct TuScan {
    Fe *fe;
    PtrVec user_fns;        /* UserFn* */
    bool kernels;           /* second walk: check functions and scan kernels */
    PtrVec fn_scans;        /* FnScan*: the first walk's scan of each function, in walk order */
    int next_scan;          /* the second walk's place in fn_scans */
    PtrVec kernel_decls;    /* KernelDecl*: every declaration of a kernel in the user's files */
    PtrVec kernels_defined; /* const char*: the defined kernels' names, in walk order */
    PtrVec host_device_fns; /* const char*: USRs of the __host__ __device__ functions */
    PtrVec scanned_kernels; /* each kernel scanned, then its USR (Kernel*, const char*) */
} TuScan;

/* A function's declaration, for telling a kernel's overloads apart (the first walk notes
 * them all). */
typedef struct KernelDecl {
    const char *key;        /* its name and the USR of its scope */
    const char *usr;
    bool is_template;
    bool kernel;            /* else another function of the user's files (a host function
                             * named like a kernel overloads its name too) */
} KernelDecl;

typedef struct Walk {
    Fe *fe;
    bool in_device_code;
} Walk;

/* A search through an expression of the kernel being scanned. */
typedef struct KSearch {
    KScan *ks;
    bool found;
} KSearch;

/* The parse being scanned, for the finders' predicates (one parse at a time). */
extern Fe *scan_fe;

/* cursors.c */
void fe_visit_unit(Fe *fe, CXCursorVisitor visit, CXClientData data);
/* Visits the definitions of kernels and device functions in the main text (not those of
 * __host__ __device__ functions when device_only) with clang_visitChildren. */
void fe_visit_device_bodies(Fe *fe, bool device_only, CXCursorVisitor visit, CXClientData data);
char *fe_str(Arena *a, CXString s);
SrcLoc fe_loc(Fe *fe, CXSourceLocation l);
SrcLoc cursor_loc(Fe *fe, CXCursor c);
bool in_main_file(Fe *fe, CXCursor c);
void cursor_range(CXCursor c, unsigned *begin, unsigned *end);
char *fe_text(Fe *fe, unsigned begin, unsigned end);
char *cursor_text(Fe *fe, CXCursor c);
/* Makes the edits (TextEdit*, in any order; sorted by begin, a stable sort not needed: one
 * starting inside an earlier one is skipped, e.g. a call seen twice, in a template's pattern
 * and in its text) in the main text; the number made. */
int edit_main_text(Unit *u, PtrVec *edits);
char *one_line(char *t);
char *cursor_line(Fe *fe, CXCursor c);
/* the text of a call's i-th argument, NULL when it is defaulted (not written) */
const char *written_arg(Fe *fe, CXCursor call, unsigned i);
unsigned skip_blanks(Unit *u, unsigned p);   /* past blanks and comments */
unsigned stmt_end(Unit *u, unsigned end);
unsigned stmt_end_of(Unit *u, CXCursor c, unsigned end);
Kids children(CXCursor c);
/* A template's parameters (type, non-type, template), a function's (or function template's)
 * parameters: the first KIDS_MAX, n counting them all. */
bool is_template_param(CXCursor c);
Kids template_params(CXCursor tmpl);
Kids function_params(CXCursor fn);
CXCursor first_child(CXCursor c);
CXCursor last_child(CXCursor c);
CXCursor strip_implicit(CXCursor c);
/* The annotation of fn (or of the template it instantiates) starting with prefix: its text
 * past the prefix into out */
bool annotation(CXCursor fn, const char *prefix, char *out, size_t cap);
bool elided_construction(CXCursor call);
bool is_builtin_var(CXCursor ref, const char **name);
/* e is threadIdx.d, blockIdx.d, blockDim.d or gridDim.d: d (0 for x, 1 for y, 2 for z), the
 * variable's name in *name; -1 otherwise. */
int builtin_member(CXCursor e, const char **name);
const char *directive_name(const char *p, const char *end);
bool is_array_type(CXType t);
bool has_attr(CXCursor c, enum CXCursorKind kind);
/* user_functions.c: `extern __shared__ T a[];` declared in a function; its declaration as
 * FileShared (NULL after reporting why not, or outside the main file) */
bool is_local_extern(CXCursor var);
FileShared *fn_extern_shared(Fe *fe, CXCursor var);
bool is_kernel(CXCursor c);
bool is_user_fn(CXCursor fn);
bool impure_builtin(const char *name);
bool is_assert_fail(const char *name);
bool is_barrier_name(const char *n);
CXCursor callee_of(CXCursor call);
CXString fn_usr(CXCursor fn);
bool usr_in(PtrVec *v, const char *usr);
/* The entry of Fe.group_dependent_fns for usr, NULL if none (user_functions.c). */
const GroupDependentFn *group_dependent_fn(Fe *fe, const char *usr);
bool find_in(CXCursor c, bool (*match)(CXCursor), CXCursor *where);
bool is_barrier_call(CXCursor c);
bool is_block_barrier_call(CXCursor c);
bool is_written_barrier(CXCursor c);
bool find_barrier(CXCursor c, CXCursor *where);
bool find_plain_barrier(CXCursor c, CXCursor *where);
bool find_sync(CXCursor c);
bool int_constant(CXCursor e, long long *value);
/* Was c written by a macro (its text is elsewhere than where it stands)? */
bool from_macro(CXCursor c);
bool loc_from_macro(CXSourceLocation l);   /* is this place inside a macro's expansion? */
bool macro_written(CXCursor c);
void expr_range(Fe *fe, CXCursor c, unsigned *begin, unsigned *end);
/* groups.c */
bool unresolved_group_call(CXCursor c, char *name, size_t cap);
char group_kind(CXType t, int *width);
bool dependent_partition_call(CXCursor c);
const char *call_name(CXCursor c);
const char *shown_name(CXCursor c);
/* host_cxx.c: C++ nvcc accepts and the host compiler rejects, rewritten */
void rewrite_shadowing_alias(Fe *fe, CXCursor c);
void mark_forceinline_inline(Fe *fe, CXCursor c);

/* libcuxx.c: libcu++'s barriers, its functions' effects, and the calls refused */
bool libcuxx_fn(CXCursor fn);
const char *libcuxx_barrier(CXCursor call, bool shown);
const char *libcuxx_barrier_check(Fe *fe, CXCursor call);
void libcuxx_partial_barrier(Fe *fe, CXCursor call);
int libcuxx_refusals(Fe *fe);
bool is_warp_fn(const char *n);
/* A barrier or warp function the fiber engine calls as written: CUDA's own (cu2c/fiber.h)
 * and cooperative groups' of blocks, tiles of a warp or less and coalesced groups
 * (cooperative_groups.h); not those of tiles of several warps, wmma, a grid or cuda::barrier
 * wait. */
bool fiber_callable(CXCursor call);
bool reduce_op(CXCursor c, ReduceOp *op);
void scan_site(KScan *ks, CXCursor c, ReduceOp op);
/* user_functions.c */
enum CXChildVisitResult userfn_visit(CXCursor c, CXCursor parent, CXClientData d);
void close_user_fns(Fe *fe, TuScan *ts);
void close_kernels(Fe *fe, TuScan *ts);     /* after the kernels' walk (Kernel.called_shared) */
/* language.c */
enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d);
void scan_tokens(Fe *fe);
void inclusion_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d);
/* expand.c: text with each whole word of from[] replaced by to[]'s (the last that matches) */
char *replace_words(Arena *a, const char *text, PtrVec *from, PtrVec *to);
/* kernels.c: the types of locals (copy's) spelled without the local typedefs names[] */
void spell_local_types(Fe *fe, Kernel *k, PtrVec *names, PtrVec *texts, int copy);
void local_types(Fe *fe, CXCursor body, PtrVec *names, PtrVec *texts);
const char *without_local_types(Arena *a, const char *type, PtrVec *names, PtrVec *texts);
const char *with_kernel_constants(Arena *a, Kernel *k, const char *text, int depth);
/* statement_facts.c */
void note_write(KScan *ks, Var *v);     /* v written by the statement scanned (not a step) */
/* call_facts.c: the locals call c may write, whether it may synchronise */
void scan_call(KScan *ks, CXCursor c);
Var *lvalue_root(KScan *ks, CXCursor e);
Var *find_var(Kernel *k, CXCursor decl, Fe *fe);
Var *new_var(Fe *fe, Kernel *k, CXCursor decl, Stmt *s);
/* a template's expression's type spelled as __typeof__ of it, locals read by their types */
const char *expression_type(Fe *fe, Kernel *k, CXCursor e);
Var *new_temp(Unit *u, Kernel *k, const char *name, const char *type, SrcLoc loc, Stmt *decl,
                     int copy);
Stmt *new_fact_stmt(Fe *fe, StmtKind kind, SrcLoc loc, Stmt *parent);
enum CXChildVisitResult kscan_visit(CXCursor c, CXCursor parent, CXClientData d);
enum CXChildVisitResult decl_visit(CXCursor c, CXCursor parent, CXClientData d);
StmtKind stmt_kind(CXCursor c);
/* How a reference of type t bound to init can cross thread loops (Var.ref; 0: it cannot). */
unsigned reference_binding(KScan *ks, CXType t, CXCursor init);
/* statement_lists.c */
/* The local a (stripped) expression names, or NULL. */
Var *named_local(KScan *ks, CXCursor e);
bool lane_linear(KScan *ks, CXCursor e);
void scan_facts(KScan *ks, Stmt *s, CXCursor c);
void scan_kills(KScan *ks, Stmt *s, CXCursor e, CXCursor whole, bool strict);
void scan_list(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent);
/* member_calls.c */
bool member_call_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor fn, CXCursor body, Inline *in);
Var *this_root(KScan *ks, CXCursor e, bool *is_this);
bool is_member_fn(CXCursor def);
/* dependent_members.c */
/* A kernel template's call of a member on an object whose class template depends on the
 * kernel's parameters (`cub::BlockReduce<T, N>(s).Sum(x)`): the member of the class template
 * it names (by name, argument count and array arguments), and the class; null otherwise. */
CXCursor dependent_member_callee(CXCursor call, CXCursor *cls);
/* The class template's parameters bound for the expanded copy of such a member (in->tmpl_pre,
 * in->tmpl_binds, in->tparam_names/temps); false after an error. */
bool dependent_class_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor cls, Inline *in);
/* A kernel template's `R<T>(args)` of a class template whose constructors are all pure. */
bool pure_dependent_construction(Fe *fe, CXCursor call);
/* template_args.c */
bool call_template_args(KScan *ks, Stmt *s, CXCursor call, CXCursor tmpl, Kids *params, PtrVec *args);
bool type_parameter(CXType t, int *depth, int *index);
bool dependent_spelling(CXType t);
/* expand.c */
enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d);
void scan_inline(KScan *ks, Stmt *s, CXCursor call, CXCursor fn, char *usr, Var *result,
                        const char *result_decl);
/* volatile_steps.c */
bool is_volatile_memory(CXCursor e);
bool is_volatile_store(CXCursor c);
bool find_volatile(CXCursor c, bool stores, CXCursor *where);
void scan_vstep(KScan *ks, Stmt *s, CXCursor c);
void scan_control_stores(KScan *ks, Stmt *s, CXCursor c);
/* kernels.c */
enum CXChildVisitResult file_shared_visit(CXCursor c, CXCursor parent, CXClientData d);
void scan_kernel(Fe *fe, CXCursor fn, int overload, bool overloaded);
void scan_launch(Fe *fe, CXCursor c, bool in_device_code);
/* Launches written with split chevrons (`k << < g, b >> > (args)`, as some formatters write
 * them; nvcc accepts them, clang does not) glued into `<<<`, `>>>` in place, keeping the
 * text's length and lines: true when something changed. */
char decl_walk(enum CXCursorKind k);
bool is_device_clock(const char *name);
bool glue_launch_chevrons(char *t, size_t n);
char *brace_launch_dims(char *t, size_t *n, bool *changed);
bool swap_shared_alignas(char *t, size_t n);
enum CXChildVisitResult file_scope_visit(CXCursor c, CXCursor parent, CXClientData d);
/* device_symbols.c: fills u->device_symbols */
void scan_device_symbols(Fe *fe);
/* includes.c */
int refuse_toolkit_headers(Fe *fe);
/* thrust.c: the part of a (real) path from its thrust/ on, in a thrust install (else NULL);
 * whether it is thrust's CUDA system; whether a text names thrust in an #include; whether
 * the parse included thrust; whether a diagnostic is a call thrust's exec check allows */
const char *thrust_file(const char *path);
bool thrust_cuda_system_file(const char *path);
bool thrust_named(const char *text, size_t len);
bool thrust_included(Fe *fe);
bool thrust_exec_check_disabled(CXDiagnostic d);
/* pch.c: the precompiled prefix, saved from a parse of it with these arguments and files
 * (room for one more), and the one that fits a parse's arguments (NULL: none) */
bool fe_pch_build(Arena *a, PtrVec *args, struct CXUnsavedFile *files, int nfiles, const char *out);
const char *fe_pch_find(Arena *a, const PtrVec *args);
char *read_file(const char *path, size_t *len);
/* Is the embedded header `name` (relative to include/) a library header (VIRTUAL_LIB_INCLUDE)? */
bool is_lib_header(const char *name);
/* The main text with the user's files holding CUDA code spliced in, into out (text, len, line
 * maps): 1 when there were such files, 0 when not (out untouched), -1 after an error. */
int splice_user_files(Fe *fe, Unit *out);
void user_system_dirs(Fe *fe, const Options *opt);

/* loop_splits.c: is c an if to split around a loop its branches hold? Does c hold a
 * subscript reading consecutive elements in consecutive threads (x)? */
bool loop_split_if(KScan *ks, CXCursor c);
bool reads_x_contiguous(KScan *ks, CXCursor c);
/* A for-loop of the kernel's own text: noted in Kernel.fetch_loops when it is one (FetchLoop). */
void note_fetch_loop(KScan *ks, CXCursor c);
/* Such an if's guard terms (Stmt.guards), and whether they are all of its condition. */
void scan_split_guards(KScan *ks, Stmt *s, CXCursor c);
/* Is call one of a device function whose body holds such a loop over an argument that is the
 * lane's x coordinate plus something (expanded in place, like a function holding a barrier,
 * so that the loop can be interchanged)? Does statement c hold one outside ?:, && and ||? */
bool loop_call(KScan *ks, CXCursor call);
bool holds_loop_call(KScan *ks, CXCursor c);
/* Is e B + threadIdx.x (or a local holding it, through + and -)? */
bool x_unit_expr(KScan *ks, CXCursor e);
/* index_arithmetic.c */
bool holds_thread_index(CXType t);
/* Does an expression of kind k compute a value from its operands alone: a literal,
 * parentheses, an implicit or C cast, ?: (its operands checked apart)? */
bool value_only_kind(enum CXCursorKind k);
bool pure_scan(KScan *ks, CXCursor e, CXCursor parent, PtrVec *reads, bool *reads_tid);
bool pure_scan_ranks(KScan *ks, CXCursor e, CXCursor parent, PtrVec *reads);
bool effect_free_condition(KScan *ks, CXCursor e, CXCursor parent);
/* clamped_locals.c: `v = e;`, the statement being scanned (Var.clamp_text) */
void scan_clamp(KScan *ks, CXCursor assign);
/* guards.c */
int scan_if_guards(KScan *ks, Stmt *s, CXCursor c);
int and_terms(CXCursor e);      /* how many terms e && ... has */
unsigned lane_term(KScan *ks, CXCursor e, bool locals, bool *linear, CXCursor *coord);
/* Is e a tile's thread_rank() call (cooperative_groups.h's __cu2c_thread_rank)? *m = its width. */
bool tile_rank_call(CXCursor e, long long *m);
void scan_x_offset(KScan *ks, Var *v, CXCursor decl, CXCursor init);
void scan_linear_index(KScan *ks, Var *v, CXCursor decl, CXCursor init);
void scan_x_scale(KScan *ks, Var *v, CXCursor decl, CXCursor init);
void scan_x_subscript(KScan *ks, Stmt *s, CXCursor sub);
unsigned coord_dim(KScan *ks, CXCursor e);
/* local_kinds.c */
Var *reference_to_local(KScan *ks, CXType t, CXCursor arg);
/* A kernel local whose address e may give (`&x`, an array decaying), or NULL. */
Var *address_taken_in(KScan *ks, CXCursor e);
void scan_lambda_local(KScan *ks, Var *v, CXCursor init);

/* escaping_functions.c */
/* Fe.escaping_barrier_fn: a function holding a barrier named other than as a call's callee. */
void find_escaping_barrier_fns(Fe *fe);
/* whether a dependent call certainly reaches no function holding a barrier (it names its
 * functions, or is an operator): not a call through a pointer or template argument */
bool calls_no_barrier_fn(Fe *fe, CXCursor call);

/* cuda_arch.c */
/* Renames __CUDA_ARCH__ where device code should see the device's (see cuda_arch.c) in the
 * main text; the number renamed (the text must then be parsed again). */
int rewrite_cuda_arch(Fe *fe);
/* The first line of the #if group keeping the host's branch that declares fn (0: none). */
unsigned host_arch_group_of(Fe *fe, CXCursor fn);

/* ptx.c */
/* Replaces the inline PTX idioms cu2c translates (special-register reads, nanosleep, fences)
 * in device functions' bodies of the main text by calls of cu2c/device.h; the number replaced (the
 * text must then be parsed again). */
int rewrite_ptx(Fe *fe);
/* The error for an asm statement left in device code, naming its template. */
void ptx_refuse(Fe *fe, CXCursor c);

/* shared_atomics.c */
/* The renames of atomics on the block's own __shared__ memory in device functions' bodies of
 * the main text to their plain forms (cu2c/device.h), added to edits (for edit_main_text: the
 * text must then be parsed again; its length changes, its lines do not). */
void shared_atomic_edits(Fe *fe, PtrVec *edits);

/* gpu_arithmetic.c */
/* The edits making shifts, integer divisions and float-to-integer conversions in device
 * functions' bodies of the main text GPU arithmetic (cu2c/arithmetic.h), added to edits (for
 * edit_main_text; its lines stay). */
void gpu_arithmetic_edits(Fe *fe, PtrVec *edits);

/* flat_subscripts.c */
/* The edits writing `A[X / C][X % C]` (A's rows of C elements) in device functions' bodies
 * of the main text as CU2C_FLAT2(A, X / C, X % C) (cu2c/device.h), added to edits (for
 * edit_main_text; its lines stay). */
void flat_subscript_edits(Fe *fe, PtrVec *edits);

/* stepped_locals.c */
/* Var.step_sites of the kernel's locals, from its body. */
void scan_step_sites(KScan *ks, CXCursor body);
/* The local expression c steps, if it is one step of a plain local (`v += e`, `v -= e`, ++v,
 * v++, --v, v--), or NULL. */
Var *stepped_local(KScan *ks, CXCursor c);

/* unsigned_bounds.c */
/* Does e hold a subtraction, ~ or unary minus (so that its value may pass below 0)? Is its
 * value provably never below 0 all the same (IndexFloor*: the guards seen so far)? */
bool may_go_below_zero(CXCursor e);
/* A least value of threadIdx.d or blockIdx.d (slot: x, y, z of each) in [begin, end) of the
 * main text, where a guard says so */
typedef struct IndexFloor {
    unsigned begin, end;
    int slot;
    long long least;
} IndexFloor;
void index_floors(Arena *a, CXCursor c, PtrVec *floors);
bool never_below_zero(CXCursor e, const PtrVec *floors);

/* spin_loops.c */
/* The edits making each spin-wait loop of device functions' bodies in the main text call
 * cu2c_spin_wait (cu2c/device.h), added to edits (for edit_main_text; its lines stay). */
void spin_loop_edits(Fe *fe, PtrVec *edits);

/* specialisations.c */
/* Makes each device function template of the main text that has explicit specialisations
 * choose one in its pattern (`if constexpr (__is_same(T, int)) return f<int>(...); else {`);
 * the number of templates rewritten (the text must then be parsed again; its lines stay). */
int rewrite_specialised_templates(Fe *fe);

#endif
