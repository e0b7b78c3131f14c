/* user_functions.c - the user's functions: which read threadIdx & co., hold barriers or
 * __shared__ memory, have effects, call whom; the closure over calls; which are kernels,
 * which device functions are expanded into kernels and which read builtins. */
#include "fe.h"

#include <ctype.h>

#include <stdlib.h>
#include <string.h>

/* ---- user functions: which read threadIdx & co., which contain barriers --------------- */

typedef struct FnScan {
    Fe *fe;
    bool reads_builtin;
    bool asserts;           /* calls assert: a failure reports the thread (cu2c_tls) */
    bool reads_clock;       /* calls the device clock (is_device_clock) */
    bool has_barrier;
    bool has_block_barrier; /* a __syncthreads* among its barriers */
    PtrVec callees;         /* char* USRs */
    CXCursor first_barrier;
    CXCursor first_shared;
    bool has_shared;
    bool uses_file_shared;
    CXCursor first_file_shared;
    bool has_volatile;      /* reads or writes volatile memory: warp-synchronous code */
    CXCursor first_volatile;
    bool has_goto;
    CXCursor first_goto;
    CXCursor first_asm;     /* inline assembly (PTX in device code); null cursor if none */
    bool has_dependent_group; /* a group's warp method on a group of a dependent type */
    CXCursor dependent_group;
    char dependent_name[32];
    PtrVec extern_shared;   /* CXCursor*: extern __shared__ arrays it declares */
    PtrVec shared;          /* CXCursor*: the other __shared__ variables it declares (their
                             * declaration statements) */
    CXCursor fn;            /* the function scanned */
    bool impure;            /* writes memory or non-local state, or calls what does */
    bool fiber_unsafe;      /* see Fe.fiber_unsafe_fns */
} FnScan;

/* Does a store into e stay in a local of fn (a scalar, or an element of a local array)? */
static bool local_store(CXCursor e, CXCursor fn) {
    for (;;) {
        e = strip_implicit(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor ref = clang_getCursorReferenced(e);
            enum CXCursorKind rk = clang_getCursorKind(ref);
            return (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) &&
                   clang_equalCursors(clang_getCursorSemanticParent(ref), fn) &&
                   clang_Cursor_getStorageClass(ref) != CX_SC_Static &&
                   clang_getCanonicalType(clang_getCursorType(ref)).kind != CXType_LValueReference;
        }
        if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
            return false;
        CXCursor base = strip_implicit(first_child(e));
        if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
            return false;
        e = base;
    }
}

/* `extern __shared__ T a[];` written inside a function: the block's dynamic shared memory. */
bool is_local_extern(CXCursor var) {
    if (clang_Cursor_getStorageClass(var) != CX_SC_Extern)
        return false;
    enum CXCursorKind k = clang_getCursorKind(clang_getCursorLexicalParent(var));
    return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
           k == CXCursor_ConversionFunction || k == CXCursor_Constructor || k == CXCursor_Destructor ||
           k == CXCursor_CompoundStmt;
}

/* The overload set a template's call names (its callee, or an operator's name standing
 * between the operands: `v * 2` with operator* overloads in view), else a null cursor. */
static CXCursor overload_set(Fe *fe, CXCursor call) {
    CXCursor ov = clang_getCursorReferenced(strip_implicit(first_child(call)));
    if (clang_getCursorKind(ov) == CXCursor_OverloadedDeclRef)
        return ov;
    Kids kids = children(call);
    for (int i = 1; i < kids.n && i < KIDS_MAX; i++) {
        CXCursor r = clang_getCursorReferenced(kids.c[i]);
        if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef &&
            strncmp(fe_str(fe->u->arena, clang_getCursorSpelling(r)), "operator", 8) == 0)
            return r;
    }
    return clang_getNullCursor();
}

static enum CXChildVisitResult fn_scan_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    FnScan *s = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    /* purity: a function whose calls may be treated like arithmetic on their arguments */
    if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if ((k == CXCursor_CompoundAssignOperator ||
             (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign)) &&
            !local_store(first_child(c), s->fn))
            s->impure = true;
    }
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if ((op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
             op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec) &&
            !local_store(first_child(c), s->fn))
            s->impure = true;
    }
    if (k == CXCursor_VarDecl && clang_Cursor_getStorageClass(c) == CX_SC_Static)
        s->impure = true;
    if (k == CXCursor_AsmStmt || k == CXCursor_GCCAsmStmt || k == CXCursor_LambdaExpr)
        s->impure = true;
    if (k == CXCursor_CallExpr) {
        CXCursor callee = clang_getCursorReferenced(c);
        /* a template's call resolved per instantiation (`twice(n)` in a function template, a
         * class template's member calling an overloaded member): each candidate may be the
         * one; it is as pure as they are, the user's among them being callees, whose
         * impurity (and barriers, clock, builtins) spread */
        CXCursor ov = clang_Cursor_isNull(callee) ? overload_set(s->fe, c) : clang_getNullCursor();
        unsigned candidates = clang_Cursor_isNull(ov) ? 0 : clang_getNumOverloadedDecls(ov);
        for (unsigned i = 0; i < candidates; i++) {
            CXCursor other = clang_getOverloadedDecl(ov, i);
            const char *n = fe_str(s->fe->u->arena, clang_getCursorSpelling(other));
            if (is_kernel(other)) {
                s->impure = true;   /* a launch (k<T><<<g, b>>>(...) in a template): not a call */
                continue;
            }
            if (is_user_fn(other))
                vec_push(s->fe->u->arena, &s->callees, fe_str(s->fe->u->arena, fn_usr(other)));
            else if (impure_builtin(n) || is_barrier_name(n))
                s->impure = true;
        }
        if (clang_Cursor_isNull(callee)) {
            s->impure |= candidates == 0 && !elided_construction(c);
        } else if (!is_user_fn(callee)) {
            const char *n = call_name(c);
            if (impure_builtin(n) || is_barrier_name(n))
                s->impure = true;
            if (is_assert_fail(n))
                s->asserts = true;
            s->reads_clock |= is_device_clock(n);
        }
    }
    if (k == CXCursor_DeclRefExpr && is_builtin_var(clang_getCursorReferenced(c), NULL))
        s->reads_builtin = true;
    if (k == CXCursor_DeclRefExpr && !s->uses_file_shared) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && has_attr(ref, CXCursor_CUDASharedAttr) &&
            clang_getCursorKind(clang_getCursorSemanticParent(ref)) == CXCursor_TranslationUnit &&
            !is_local_extern(ref)) {
            s->uses_file_shared = true;
            s->first_file_shared = c;
        }
    }
    if (k == CXCursor_CallExpr) {
        CXCursor fn = callee_of(c);
        if (!clang_Cursor_isNull(fn)) {
            const char *n = call_name(c);
            if (is_barrier_name(n) && !is_warp_fn(n))
                s->has_block_barrier = true;
            if (is_barrier_name(n) && !fiber_callable(c))
                s->fiber_unsafe = true;
            if (is_barrier_name(n) && !s->has_barrier) {
                s->has_barrier = true;
                s->first_barrier = c;
            }
            /* a launch is not a call: a kernel's barriers stay in the kernel */
            if (is_user_fn(fn) && !is_kernel(fn))
                vec_push(s->fe->u->arena, &s->callees,
                         fe_str(s->fe->u->arena, fn_usr(fn)));
            /* (a template's call that overload resolution picks per instantiation: each
             * candidate is a callee, see overload_set above) */
        }
    }
    if (!s->has_volatile && is_volatile_memory(c)) {
        s->has_volatile = true;
        s->first_volatile = c;
    }
    if (k == CXCursor_CallExpr && !s->has_dependent_group &&
        unresolved_group_call(c, s->dependent_name, sizeof s->dependent_name)) {
        s->has_dependent_group = true;
        s->dependent_group = c;
    }
    if ((k == CXCursor_GCCAsmStmt || k == CXCursor_MSAsmStmt) && clang_Cursor_isNull(s->first_asm))
        s->first_asm = c;
    if ((k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) && !s->has_goto) {
        s->has_goto = true;
        s->first_goto = c;
    }
    if (k == CXCursor_VarDecl && has_attr(c, CXCursor_CUDASharedAttr) && is_local_extern(c)) {
        CXCursor *at = arena_alloc(s->fe->u->arena, sizeof *at);
        *at = c;
        vec_push(s->fe->u->arena, &s->extern_shared, at);
    } else if (k == CXCursor_VarDecl && has_attr(c, CXCursor_CUDASharedAttr)) {
        if (!s->has_shared)
            s->first_shared = c;
        s->has_shared = true;
        CXCursor *at = arena_alloc(s->fe->u->arena, sizeof *at);
        *at = clang_getCursorKind(parent) == CXCursor_DeclStmt ? parent : c;   /* `__shared__ T a, b;` */
        vec_push(s->fe->u->arena, &s->shared, at);
    }
    return CXChildVisit_Recurse;
}

typedef struct UserFn {
    char *usr;
    bool reads_builtin, has_barrier, has_block_barrier, impure, fiber_unsafe;
    bool has_sync;          /* a barrier, warp function or __shared__ memory (has_barrier
                             * also counts volatile memory accesses: warp steps) */
    bool asserts;           /* calls assert (see is_assert_fail) */
    bool reads_clock;       /* calls the device clock */
    bool host_only;         /* neither a kernel nor __device__ (see close_user_fns) */
    PtrVec callees;
} UserFn;

static bool is_file_shared(Fe *fe, CXCursor decl) {
    if (!in_main_file(fe, decl))
        return false;
    unsigned b, e;
    cursor_range(decl, &b, &e);
    for (int i = 0; i < fe->u->file_shared.len; i++) {
        FileShared *fs = fe->u->file_shared.items[i];
        if (b >= fs->begin && b < fs->end)
            return true;
    }
    return false;
}


/* Where c is written inside a macro's definition in the main text (a device function a
 * macro defines, as the samples' BUILD_SHAREDMEMORY_TYPE(t, n) does): the offset of its
 * first token there, in the #define, which every expansion shares. */
static bool macro_spelled_at(Fe *fe, CXCursor c, unsigned *begin) {
    unsigned exp_b, exp_e;
    cursor_range(c, &exp_b, &exp_e);
    CXFile f;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, begin);
    return f && clang_File_isEqual(f, fe->main_file) && *begin < fe->u->len && *begin != exp_b;
}

/* `extern __shared__ T n[]` written in a macro's definition (T and n may be the macro's
 * parameters): its element type's and name's text there, for a replacement that every
 * expansion shares. */
static bool spelled_extern_shared(Unit *u, unsigned begin, unsigned end, FileShared *fs) {
    const char *t = u->text;
    unsigned open = begin;
    while (open < end && t[open] != '[')
        open++;
    unsigned ne = open;
    while (ne > begin && (t[ne - 1] == ' ' || t[ne - 1] == '\t'))
        ne--;
    unsigned nb = ne;
    while (nb > begin && (isalnum((unsigned char)t[nb - 1]) || t[nb - 1] == '_'))
        nb--;
    if (open == end || nb == ne)
        return false;
    Buf ty = {0};
    for (unsigned p = begin; p < nb;) {   /* the words before the name, less extern/__shared__ */
        unsigned w = p;
        while (w < nb && (isalnum((unsigned char)t[w]) || t[w] == '_'))
            w++;
        if (w == p) {
            if (!isspace((unsigned char)t[p]) && t[p] != '\\')
                buf_put(&ty, t + p, 1);
            else if (ty.len && ty.data[ty.len - 1] != ' ')
                buf_puts(&ty, " ");
            p++;
            continue;
        }
        if (!((w - p == 6 && !strncmp(t + p, "extern", 6)) || (w - p == 10 && !strncmp(t + p, "__shared__", 10))))
            buf_put(&ty, t + p, w - p);
        p = w;
    }
    char *type = arena_strdup(u->arena, ty.data ? ty.data : "");
    buf_free(&ty);
    while (*type == ' ')
        type++;
    size_t n = strlen(type);
    while (n && type[n - 1] == ' ')
        type[--n] = 0;
    if (!n)
        return false;
    fs->elem_type = type;
    fs->name = arena_strndup(u->arena, t + nb, ne - nb);
    return true;
}

/* `extern __shared__ T a[];` in a device function called by kernels: a pointer to the block's
 * dynamic shared memory (lower_launches), or NULL (refused, or not in the main file). */
FileShared *fn_extern_shared(Fe *fe, CXCursor var) {
    Unit *u = fe->u;
    if (!in_main_file(fe, var))
        return NULL;    /* a system header's: refused with the function (not in the main text) */
    unsigned mb, me;
    FileShared *fs = arena_alloc(u->arena, sizeof *fs);
    if (macro_spelled_at(fe, var, &mb)) {
        for (me = mb; me < u->len && u->text[me] != ';' && u->text[me] != '\n'; me++)
            ;
        if (!spelled_extern_shared(u, mb, me, fs)) {
            diag_error(u, cursor_loc(fe, var), "extern __shared__ declaration in a macro: not supported yet");
            return NULL;
        }
        fs->begin = mb;
        fs->end = stmt_end(u, me);
        return fs;
    }
    fs->name = fe_str(u->arena, clang_getCursorSpelling(var));
    CXType t = clang_getCursorType(var);
    fs->elem_type = fe_str(u->arena, clang_getTypeSpelling(clang_getArrayElementType(t)));
    if (!*fs->elem_type || clang_getArrayElementType(t).kind == CXType_Invalid) {
        diag_error(u, cursor_loc(fe, var), "extern __shared__ '%s' must be an array", fs->name);
        return NULL;
    }
    cursor_range(var, &fs->begin, &fs->end);
    fs->end = stmt_end(u, fs->end);
    return fs;
}

static void note_fn_extern_shared(Fe *fe, CXCursor var) {
    FileShared *fs = fn_extern_shared(fe, var);
    for (int i = 0; fs && i < fe->u->fn_extern_shared.len; i++)   /* another expansion's, done */
        if (((FileShared *)fe->u->fn_extern_shared.items[i])->begin == fs->begin)
            return;
    if (fs)
        vec_push(fe->u->arena, &fe->u->fn_extern_shared, fs);
}

/* ---- kernels sharing a name --------------------------------------------------------- */

static const char *kernel_key(Fe *fe, CXCursor c) {
    return arena_printf(fe->u->arena, "%s %s", fe_str(fe->u->arena, clang_getCursorSpelling(c)),
                        fe_str(fe->u->arena, clang_getCursorUSR(clang_getCursorSemanticParent(c))));
}

static void note_kernel_decl(Fe *fe, TuScan *ts, CXCursor c) {
    KernelDecl *d = arena_alloc(fe->u->arena, sizeof *d);
    d->key = kernel_key(fe, c);
    d->usr = fe_str(fe->u->arena, clang_getCursorUSR(c));
    d->is_template = clang_getCursorKind(c) == CXCursor_FunctionTemplate;
    d->kernel = is_kernel(c);
    vec_push(fe->u->arena, &ts->kernel_decls, d);
}

/* Adds a declaration statement's variables' sizes (known ones) to *(long long *)d. */
static enum CXChildVisitResult add_var_bytes(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_VarDecl) {
        long long n = clang_Type_getSizeOf(clang_getCursorType(c));
        if (n > 0)
            *(long long *)d += n;
    }
    return CXChildVisit_Continue;
}

/* Has kernel k's scan expanded a copy of df (whose variables are then the copy's)? */
static bool expanded_in(Kernel *k, DeviceFn *df) {
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (df->body_begin <= in->body_begin && in->body_begin < df->body_end)
            return true;
    }
    return false;
}

/* The __shared__ bytes of the functions holding barriers (Unit.inlined_fns) that kernel k
 * (fn) calls at any depth and its scan did not expand, each counted once
 * (Kernel.called_shared). */
static long long called_shared_bytes(Fe *fe, TuScan *ts, Kernel *k, const char *fn) {
    PtrVec seen = {0}, todo = {0};
    vec_push(fe->u->arena, &todo, (void *)fn);
    long long bytes = 0;
    while (todo.len) {
        const char *usr = todo.items[--todo.len];
        if (usr_in(&seen, usr))
            continue;
        vec_push(fe->u->arena, &seen, (void *)usr);
        for (int i = 0; usr != fn && i < fe->u->inlined_fns.len; i++) {
            DeviceFn *df = fe->u->inlined_fns.items[i];
            if (df->usr && strcmp(df->usr, usr) == 0 && !expanded_in(k, df))
                bytes += df->shared_bytes;
        }
        for (int i = 0; i < ts->user_fns.len; i++) {
            UserFn *f = ts->user_fns.items[i];
            if (strcmp(f->usr, usr) == 0)
                for (int j = 0; j < f->callees.len; j++)
                    vec_push(fe->u->arena, &todo, f->callees.items[j]);
        }
    }
    return bytes;
}

/* A kernel's definition: scanned with its place among the kernels of its name (the stub is
 * named after the kernel, so another declaration of the name in its scope with other
 * parameters, defined or not, a kernel's or a host function's of the user's files, makes the
 * name overloaded: block_function.c picks this one by its type, a template's specialisation
 * by the type its parameters spell). */
static void scan_overload(Fe *fe, TuScan *ts, CXCursor c) {
    const char *key = kernel_key(fe, c), *usr = fe_str(fe->u->arena, clang_getCursorUSR(c));
    bool overloaded = false;
    for (int i = 0; i < ts->kernel_decls.len; i++) {
        KernelDecl *d = ts->kernel_decls.items[i];
        if (strcmp(d->key, key) != 0 || strcmp(d->usr, usr) == 0)
            continue;
        overloaded = true;
    }
    /* counted by name in every scope: cu2c's functions for a kernel in a namespace would
     * meet those of the global one through argument-dependent lookup (cu2c_block) */
    const char *name = fe_str(fe->u->arena, clang_getCursorSpelling(c));
    int overload = 0;
    for (int i = 0; i < ts->kernels_defined.len; i++)
        overload += strcmp(ts->kernels_defined.items[i], name) == 0;
    vec_push(fe->u->arena, &ts->kernels_defined, (void *)name);
    int before = fe->u->kernels.len;
    scan_kernel(fe, c, overload, overloaded);
    if (fe->u->kernels.len > before) {   /* for close_kernels */
        vec_push(fe->u->arena, &ts->scanned_kernels, fe->u->kernels.items[before]);
        vec_push(fe->u->arena, &ts->scanned_kernels, (void *)usr);
    }
}

/* After the second walk, when every function holding barriers is known: what each kernel's
 * calls hold (Kernel.called_shared). */
void close_kernels(Fe *fe, TuScan *ts) {
    for (int i = 0; i + 1 < ts->scanned_kernels.len; i += 2)
        ((Kernel *)ts->scanned_kernels.items[i])->called_shared =
            called_shared_bytes(fe, ts, ts->scanned_kernels.items[i], ts->scanned_kernels.items[i + 1]);
}

/* A kernel defined in a system header cu2c does not translate (the user's files were spliced
 * into the main text, and so were the headers of their -isystem directories: includes.c). */
static void refuse_system_kernel(Fe *fe, CXCursor c) {
    diag_error(fe->u, cursor_loc(fe, c), "kernel '%s' is defined in a system header (of a directory the "
               "compiler searches by default, or named with -idirafter): cu2c translates kernels in the "
               "user's files and in directories named with -I or -isystem (name its directory so)",
               fe_str(fe->u->arena, clang_getCursorSpelling(c)));
}

/* Is c in one of cu2c's own headers (embedded) or thrust's? */
static bool cu2c_header(CXCursor c) {
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    CXString n = clang_getFileName(f);
    const char *name = clang_getCString(n);
    bool own = !name || strncmp(name, VIRTUAL_INCLUDE, strlen(VIRTUAL_INCLUDE)) == 0 ||
               strncmp(name, VIRTUAL_LIB_INCLUDE, strlen(VIRTUAL_LIB_INCLUDE)) == 0 || thrust_file(name);
    clang_disposeString(n);
    return own;
}

/* User functions: who reads threadIdx & co., who has barriers, who calls whom; then the
 * transitive closure over calls. */
enum CXChildVisitResult userfn_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    TuScan *ts = d;
    Fe *fe = ts->fe;
    enum CXCursorKind k = clang_getCursorKind(c);
    char walk = decl_walk(k);
    if (walk != 'f')
        return walk == 'r' ? CXChildVisit_Recurse : CXChildVisit_Continue;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c))) {
        if (!ts->kernels && is_kernel(c) && clang_isCursorDefinition(c) && !cu2c_header(c))
            refuse_system_kernel(fe, c);
        return CXChildVisit_Continue;
    }
    if (!ts->kernels && (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate))
        note_kernel_decl(fe, ts, c);
    if (!clang_isCursorDefinition(c))
        return CXChildVisit_Continue;
    /* the second walk visits the same functions in the same order: it reads the first's
     * scans (fn_scan_visit looks at the function's cursors only) */
    FnScan *s;
    if (!ts->kernels) {
        s = arena_alloc(fe->u->arena, sizeof *s);
        *s = (FnScan){.fe = fe, .fn = c, .first_asm = clang_getNullCursor()};
        clang_visitChildren(c, fn_scan_visit, s);
        vec_push(fe->u->arena, &ts->fn_scans, s);
    } else {
        s = ts->fn_scans.items[ts->next_scan++];
    }
    CXCursor primary = clang_getSpecializedCursorTemplate(c);
    if (!ts->kernels && k == CXCursor_FunctionDecl && !clang_Cursor_isNull(primary))
        vec_push(fe->u->arena, &fe->specialized_fns, fe_str(fe->u->arena, clang_getCursorUSR(primary)));
    if (!ts->kernels) {
        UserFn *f = arena_alloc(fe->u->arena, sizeof *f);
        f->usr = fe_str(fe->u->arena, clang_getCursorUSR(c));
        /* extern __shared__ inside: the block's storage comes through cu2c_tls too */
        f->reads_builtin = s->reads_builtin || s->extern_shared.len > 0;
        f->asserts = s->asserts;
        f->reads_clock = s->reads_clock;
        /* __shared__ storage is per block: such a function is expanded into the kernel too;
         * so is a device function reading or writing volatile memory, whose statements are
         * warp steps of the kernel (see volatile_steps.c) */
        bool device = has_attr(c, CXCursor_CUDADeviceAttr);
        f->host_only = !device && !is_kernel(c);
        if (device && has_attr(c, CXCursor_CUDAHostAttr))
            vec_push(fe->u->arena, &ts->host_device_fns, f->usr);
        f->has_sync = s->has_barrier || s->has_shared || s->uses_file_shared;
        f->has_barrier = f->has_sync || (s->has_volatile && device);
        f->has_block_barrier = s->has_block_barrier;
        f->impure = s->impure || s->reads_builtin || s->has_barrier || s->has_shared || s->has_volatile;
        f->callees = s->callees;
        /* a device function's warp steps: the fiber engine runs them in lockstep where the
         * function is kept in the main text (fiber_kernel.c's keep_functions), not elsewhere */
        f->fiber_unsafe = s->fiber_unsafe || (s->has_volatile && !(device && in_main_file(fe, c)));
        vec_push(fe->u->arena, &ts->user_fns, f);
        if (s->has_dependent_group && !is_kernel(c)) {
            GroupDependentFn *g = arena_alloc(fe->u->arena, sizeof *g);
            *g = (GroupDependentFn){f->usr, cursor_loc(fe, s->dependent_group),
                                    arena_strdup(fe->u->arena, s->dependent_name)};
            vec_push(fe->u->arena, &fe->group_dependent_fns, g);
        }
        return CXChildVisit_Continue;
    }
    bool kernel = is_kernel(c);
    bool expanded = !kernel && usr_in(&fe->barrier_fns, fe_str(fe->u->arena, clang_getCursorUSR(c)));
    bool device = kernel || has_attr(c, CXCursor_CUDADeviceAttr);
    if (expanded && in_main_file(fe, c)) {
        DeviceFn *df = arena_alloc(fe->u->arena, sizeof *df);
        df->name = fe_str(fe->u->arena, clang_getCursorSpelling(c));
        df->loc = cursor_loc(fe, c);
        unsigned b, e;
        cursor_range(c, &b, &e);
        df->body_begin = b;
        df->body_end = e;
        /* for the fiber engine, which keeps it a function (fiber_kernel.c) */
        CXCursor body = clang_getNullCursor();
        clang_visitChildren(c, find_body, &body);
        unsigned bb, be;
        cursor_range(body, &bb, &be);
        df->brace = bb + 1;
        df->fiber_unsafe = usr_in(&fe->fiber_unsafe_fns, fe_str(fe->u->arena, clang_getCursorUSR(c)));
        df->for_host = has_attr(c, CXCursor_CUDAHostAttr);
        df->usr = fe_str(fe->u->arena, clang_getCursorUSR(c));
        for (int i = 0; i < s->shared.len; i++) {
            unsigned vb, ve;
            CXCursor decl = *(CXCursor *)s->shared.items[i];
            cursor_range(decl, &vb, &ve);
            if (b <= vb && ve <= e) {
                unsigned *at = arena_alloc(fe->u->arena, sizeof *at);
                *at = vb;
                vec_push(fe->u->arena, &df->shared_at, at);
                clang_visitChildren(decl, add_var_bytes, &df->shared_bytes);
            }
        }
        for (int i = 0; i < s->extern_shared.len; i++) {
            FileShared *fs = fn_extern_shared(fe, *(CXCursor *)s->extern_shared.items[i]);
            if (fs)
                vec_push(fe->u->arena, &df->extern_shared, fs);
        }
        vec_push(fe->u->arena, &fe->u->inlined_fns, df);
    }
    /* PTX would reach the host's assembler (a __host__ __device__ function's asm may be the
     * host's own, guarded by __CUDA_ARCH__) */
    if ((kernel || (device && !has_attr(c, CXCursor_CUDAHostAttr))) && !clang_Cursor_isNull(s->first_asm))
        ptx_refuse(fe, s->first_asm);
    if (!kernel && s->uses_file_shared && !is_file_shared(fe, clang_getCursorReferenced(s->first_file_shared)))
        diag_error(fe->u, cursor_loc(fe, s->first_file_shared),
                   "__shared__ variable declared extern inside a function: not supported yet");
    if (!kernel && !expanded)
        for (int i = 0; i < s->extern_shared.len; i++)
            note_fn_extern_shared(fe, *(CXCursor *)s->extern_shared.items[i]);
    /* functions holding barriers are expanded into kernels: they see the kernel's builtins */
    if (!kernel && (s->reads_builtin || s->extern_shared.len > 0) && !expanded) {
        CXCursor body = clang_getNullCursor();
        clang_visitChildren(c, find_body, &body);
        unsigned b, e;
        cursor_range(body, &b, &e);
        unsigned mb;
        bool in_macro = in_main_file(fe, c) && !clang_Cursor_isNull(body) && fe->u->text[b] != '{' &&
                        macro_spelled_at(fe, body, &mb) && fe->u->text[mb] == '{';
        if (in_macro) {
            /* a function a macro defines: its extern __shared__ arrays are rewritten in the
             * macro (above); builtins it reads are declared at its body's start there, once */
            bool done = !s->reads_builtin;
            for (int i = 0; !done && i < fe->u->device_fns.len; i++)
                done = ((DeviceFn *)fe->u->device_fns.items[i])->body_begin == mb + 1;
            if (!done) {
                DeviceFn *df = arena_alloc(fe->u->arena, sizeof *df);
                df->name = fe_str(fe->u->arena, clang_getCursorSpelling(c));
                df->loc = cursor_loc(fe, c);
                df->body_begin = mb + 1;
                vec_push(fe->u->arena, &fe->u->device_fns, df);
            }
        } else if (!in_main_file(fe, c) || clang_Cursor_isNull(body) || fe->u->text[b] != '{') {
            diag_error(fe->u, cursor_loc(fe, c), "device function '%s' reads threadIdx/blockIdx/blockDim/gridDim "
                       "but is not defined in the .cu file: not supported yet",
                       fe_str(fe->u->arena, clang_getCursorSpelling(c)));
        } else {
            DeviceFn *df = arena_alloc(fe->u->arena, sizeof *df);
            df->name = fe_str(fe->u->arena, clang_getCursorSpelling(c));
            df->loc = cursor_loc(fe, c);
            df->body_begin = b + 1;
            vec_push(fe->u->arena, &fe->u->device_fns, df);
        }
    }
    if (kernel && k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate)
        diag_error(fe->u, cursor_loc(fe, c), "this kind of kernel is not supported yet");
    else if (kernel && !in_main_file(fe, c))
        /* the user's files were spliced into the main text (includes.c): this is a system
         * header's */
        refuse_system_kernel(fe, c);
    else if (kernel)
        scan_overload(fe, ts, c);
    return CXChildVisit_Continue;
}

void close_user_fns(Fe *fe, TuScan *ts) {
    bool changed = true;
    for (int i = 0; i < ts->user_fns.len; i++) {
        UserFn *f = ts->user_fns.items[i];
        if (f->reads_builtin || f->asserts)
            vec_push(fe->u->arena, &fe->tls_fns, f->usr);
        if (f->has_barrier)
            vec_push(fe->u->arena, &fe->barrier_fns, f->usr);
        if (f->reads_clock)
            vec_push(fe->u->arena, &fe->clock_fns, f->usr);
        if (f->has_sync)
            vec_push(fe->u->arena, &fe->sync_fns, f->usr);
        if (f->has_block_barrier)
            vec_push(fe->u->arena, &fe->block_barrier_fns, f->usr);
        if (f->fiber_unsafe)
            vec_push(fe->u->arena, &fe->fiber_unsafe_fns, f->usr);
    }
    /* impurity spreads to callers; what stays is pure */
    bool spread = true;
    while (spread) {
        spread = false;
        for (int i = 0; i < ts->user_fns.len; i++) {
            UserFn *f = ts->user_fns.items[i];
            for (int j = 0; j < f->callees.len && !f->impure; j++) {
                bool callee_pure = false;
                for (int m = 0; m < ts->user_fns.len; m++) {
                    UserFn *g = ts->user_fns.items[m];
                    if (strcmp(g->usr, f->callees.items[j]) == 0)
                        callee_pure = !g->impure;
                }
                if (!callee_pure) {     /* impure, or without a definition we saw */
                    f->impure = true;
                    spread = true;
                }
            }
        }
    }
    for (int i = 0; i < ts->user_fns.len; i++) {
        UserFn *f = ts->user_fns.items[i];
        if (!f->impure)
            vec_push(fe->u->arena, &fe->pure_fns, f->usr);
    }
    while (changed) {
        changed = false;
        for (int i = 0; i < ts->user_fns.len; i++) {
            UserFn *f = ts->user_fns.items[i];
            for (int j = 0; j < f->callees.len; j++) {
                if (usr_in(&fe->tls_fns, f->callees.items[j]) && !usr_in(&fe->tls_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->tls_fns, f->usr);
                    changed = true;
                }
                if (usr_in(&fe->clock_fns, f->callees.items[j]) && !usr_in(&fe->clock_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->clock_fns, f->usr);
                    changed = true;
                }
                /* host code calling a __host__ __device__ function with warp steps runs it
                 * as a plain call, the host's own */
                if (f->host_only && usr_in(&ts->host_device_fns, f->callees.items[j]))
                    continue;
                if (usr_in(&fe->barrier_fns, f->callees.items[j]) && !usr_in(&fe->barrier_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->barrier_fns, f->usr);
                    changed = true;
                }
                if (usr_in(&fe->fiber_unsafe_fns, f->callees.items[j]) && !usr_in(&fe->fiber_unsafe_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->fiber_unsafe_fns, f->usr);
                    changed = true;
                }
                const GroupDependentFn *g = group_dependent_fn(fe, f->callees.items[j]);
                if (g && !group_dependent_fn(fe, f->usr)) {
                    GroupDependentFn *h = arena_alloc(fe->u->arena, sizeof *h);
                    *h = (GroupDependentFn){f->usr, g->loc, g->method};
                    vec_push(fe->u->arena, &fe->group_dependent_fns, h);
                    changed = true;
                }
                if (usr_in(&fe->sync_fns, f->callees.items[j]) && !usr_in(&fe->sync_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->sync_fns, f->usr);
                    changed = true;
                }
                if (usr_in(&fe->block_barrier_fns, f->callees.items[j]) &&
                    !usr_in(&fe->block_barrier_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->block_barrier_fns, f->usr);
                    changed = true;
                }
            }
        }
    }
}

const GroupDependentFn *group_dependent_fn(Fe *fe, const char *usr) {
    for (int i = 0; usr && i < fe->group_dependent_fns.len; i++) {
        const GroupDependentFn *g = fe->group_dependent_fns.items[i];
        if (strcmp(g->usr, usr) == 0)
            return g;
    }
    return NULL;
}
