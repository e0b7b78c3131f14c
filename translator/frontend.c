/* frontend.c - the only file that includes clang-c/. Parses the .cu with libclang as CUDA
 * host code (cu2c's own headers, embedded, stand in for the CUDA toolkit's), forwards
 * clang's diagnostics, and copies into the kernel model what the passes need: kernels as
 * trees of statement lists (leaves; barriers; constructs holding barriers, whose bodies are
 * lists again; calls of device functions holding barriers, scanned again as copies), with the
 * locals each statement reads and writes, the threadIdx components it uses, calls with side
 * effects, returns, jumps, reduction barriers, guards; launches in host code with their block
 * shapes when constant; file-scope __shared__ variables; whether the host code is C++. No
 * CXCursor outlives fe_parse. */
#include "cu2c.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define VIRTUAL_INCLUDE "/__cu2c/include"

typedef struct Fe {
    Unit *u;
    CXTranslationUnit tu;
    CXFile main_file;
    PtrVec tls_fns;         /* char*: USR of user functions reading threadIdx & co. or calling assert (transitively) */
    PtrVec barrier_fns;     /* char*: USR of user functions containing a barrier (transitively) */
    PtrVec block_barrier_fns; /* char*: those of them holding a __syncthreads* (not only warp
                             * functions) */
    PtrVec fn_names, fn_usrs; /* functions declared in the main file, to spot overloading */
    int copy;               /* the text being scanned: 0 the kernel, n an inlined body */
    PtrVec pure_fns;        /* char*: USRs of user functions without effects (see fn_scan_visit) */
    PtrVec inlining;        /* char*: USRs of the functions being inlined, innermost last */
    bool may_splice;        /* first parse: headers defining kernels are noted, not refused */
    PtrVec splice;          /* char*: those headers' paths */
} Fe;

/* ---- small helpers ---------------------------------------------------------------- */

static char *fe_str(Arena *a, CXString s) {
    const char *c = clang_getCString(s);
    char *r = arena_strdup(a, c ? c : "");
    clang_disposeString(s);
    return r;
}

static SrcLoc fe_loc(Fe *fe, CXSourceLocation l) {
    CXFile f;
    unsigned line, col, off;
    clang_getExpansionLocation(l, &f, &line, &col, &off);
    SrcLoc r = {.file = fe->u->path, .line = line, .col = col, .offset = off};
    if (f && !clang_File_isEqual(f, fe->main_file))
        r.file = fe_str(fe->u->arena, clang_getFileName(f));
    else if (fe->u->line_file && line <= fe->u->nlines) {
        r.shown_file = fe->u->line_file[line];
        r.shown_line = fe->u->line_no[line];
    }
    return r;
}

static SrcLoc cursor_loc(Fe *fe, CXCursor c) {
    return fe_loc(fe, clang_getCursorLocation(c));
}

static bool in_main_file(Fe *fe, CXCursor c) {
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, fe->main_file);
}

static void cursor_range(CXCursor c, unsigned *begin, unsigned *end) {
    CXSourceRange r = clang_getCursorExtent(c);
    clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, begin);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, end);
}

static char *cursor_text(Fe *fe, CXCursor c) {
    unsigned b, e;
    cursor_range(c, &b, &e);
    if (e < b || e > fe->u->len)
        e = b;
    return arena_strndup(fe->u->arena, fe->u->text + b, e - b);
}

/* t with its line breaks made spaces (in place): text copied into generated code that must
 * stay on one line. */
static char *one_line(char *t) {
    for (char *q = t; *q; q++)
        if (*q == '\n' || *q == '\r')
            *q = ' ';
    return t;
}

/* A cursor's text on one line. */
static char *cursor_line(Fe *fe, CXCursor c) {
    return one_line(cursor_text(fe, c));
}

/* Skips blanks and comments forward from p. */
static unsigned skip_space(Unit *u, unsigned p) {
    for (;;) {
        while (p < u->len && (u->text[p] == ' ' || u->text[p] == '\t' || u->text[p] == '\n' ||
                              u->text[p] == '\r'))
            p++;
        if (p + 1 < u->len && u->text[p] == '/' && u->text[p + 1] == '/') {
            while (p < u->len && u->text[p] != '\n')
                p++;
        } else if (p + 1 < u->len && u->text[p] == '/' && u->text[p + 1] == '*') {
            const char *e = strstr(u->text + p + 2, "*/");
            p = e ? (unsigned)(e - u->text) + 2 : (unsigned)u->len;
        } else {
            return p;
        }
    }
}

/* A statement's extent excludes its ';' for expression statements, returns and some
 * control statements: extend it over the ';' that ends it. */
static unsigned stmt_end(Unit *u, unsigned end) {
    if (end > 0 && (u->text[end - 1] == ';' || u->text[end - 1] == '}'))
        return end;
    unsigned p = skip_space(u, end);
    return p < u->len && u->text[p] == ';' ? p + 1 : end;
}

static CXCursor strip_implicit(CXCursor c);

typedef struct Kids {
    CXCursor c[8];
    int n;
} Kids;

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Kids *k = d;
    if (k->n < 8)
        k->c[k->n] = c;
    k->n++;
    return CXChildVisit_Continue;
}

/* The first (up to 8) children of a cursor; n counts them all. */
static Kids children(CXCursor c) {
    Kids k = {.n = 0};
    clang_visitChildren(c, kids_visit, &k);
    return k;
}

typedef struct ChildPick {
    CXCursor c;
    bool first;             /* stop at the first child, else go on to the last */
} ChildPick;

static enum CXChildVisitResult child_pick_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    ChildPick *p = d;
    p->c = c;
    return p->first ? CXChildVisit_Break : CXChildVisit_Continue;
}

static CXCursor first_child(CXCursor c) {
    ChildPick p = {clang_getNullCursor(), true};
    clang_visitChildren(c, child_pick_visit, &p);
    return p.c;
}

static CXCursor last_child(CXCursor c) {
    ChildPick p = {clang_getNullCursor(), false};
    clang_visitChildren(c, child_pick_visit, &p);
    return p.c;
}

/* Looks through implicit casts and parentheses. */
static CXCursor strip_implicit(CXCursor c) {
    while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
           clang_getCursorKind(c) == CXCursor_ParenExpr) {
        CXCursor k = first_child(c);
        if (clang_Cursor_isNull(k))
            break;
        c = k;
    }
    return c;
}

static bool is_builtin_var(CXCursor ref, const char **name) {
    static const char *const names[] = {"threadIdx", "blockIdx", "blockDim", "gridDim"};
    if (clang_getCursorKind(ref) != CXCursor_VarDecl)
        return false;
    if (!clang_Location_isInSystemHeader(clang_getCursorLocation(ref)))
        return false;
    CXString s = clang_getCursorSpelling(ref);
    const char *c = clang_getCString(s);
    bool r = false;
    for (int i = 0; i < 4; i++)
        if (c && strcmp(c, names[i]) == 0) {
            r = true;
            if (name)
                *name = names[i];
        }
    clang_disposeString(s);
    return r;
}

static bool has_attr(CXCursor c, enum CXCursorKind kind);

static bool is_array_type(CXType t) {
    t = clang_getCanonicalType(t);
    return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
           t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

static enum CXChildVisitResult has_attr_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    enum CXCursorKind *k = d;
    if (clang_getCursorKind(c) == *k) {
        *k = CXCursor_InvalidCode;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

static bool has_attr(CXCursor c, enum CXCursorKind kind) {
    enum CXCursorKind k = kind;
    clang_visitChildren(c, has_attr_visit, &k);
    return k == CXCursor_InvalidCode;
}

static bool is_kernel(CXCursor c) {
    return has_attr(c, CXCursor_CUDAGlobalAttr);
}

static bool is_user_fn(CXCursor fn) {
    return !clang_Location_isInSystemHeader(clang_getCursorLocation(fn));
}

/* Calls that must run once per thread even when their arguments are uniform. */
static bool impure_builtin(const char *name) {
    static const char *const prefixes[] = {"atomic", "__atomic", "printf", "fprintf", "puts",
                                           "putchar", "malloc", "free", "__assert", "assert",
                                           "clock", "__threadfence", "__nanosleep", "__trap",
                                           "rand", "memset", "memcpy", "__syncwarp", "__shfl",
                                           "__ballot", "__any", "__all", "__activemask",
                                           "__match", "__reduce", "abort", "exit", NULL};
    for (int i = 0; prefixes[i]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

/* What glibc's assert macro calls on failure. libcu2c's definition reports a failure inside
 * a kernel as CUDA does, with the thread's indices: callers keep cu2c_tls up to date. */
static bool is_assert_fail(const char *name) {
    return strcmp(name, "__assert_fail") == 0 || strcmp(name, "__assert") == 0;
}

static bool is_warp_fn(const char *n);

/* __syncthreads and its reduction variants, a grid barrier (GRID_SYNC), and the warp
 * functions (warp-scoped barriers). */
static bool is_barrier_name(const char *n) {
    return strcmp(n, "__syncthreads") == 0 || strncmp(n, "__syncthreads_", 14) == 0 ||
           strcmp(n, GRID_SYNC) == 0 || is_warp_fn(n);
}

/* The function a call calls; in a template, where the arguments' types depend on its
 * parameters, the first function of the name's overload set (e.g. __shfl_down_sync, a
 * group's shfl_down). Null when nothing is known (a call through a pointer, a method of an
 * object whose type is a template parameter). */
static CXCursor callee_of(CXCursor call) {
    CXCursor fn = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(fn))
        return fn;
    CXCursor r = clang_getCursorReferenced(strip_implicit(first_child(call)));
    if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(r) > 0)
        return clang_getOverloadedDecl(r, 0);
    return clang_getNullCursor();
}

/* The USR of a called function, as user functions are recorded: a function template's
 * specialisation (warp_sum<float>) by its template. */
static CXString fn_usr(CXCursor fn) {
    CXCursor t = clang_getSpecializedCursorTemplate(fn);
    return clang_getCursorUSR(clang_Cursor_isNull(t) ? fn : t);
}

/* ---- cooperative groups: the barriers and warp functions their methods are ------------ */

/* A call of a method of a group of cooperative_groups.h, or of cg::sync, cg::reduce or
 * cg::coalesced_threads, and what it stands for. */
typedef struct GroupCall {
    const char *builtin;    /* the barrier or warp function it is (see group_call) */
    const char *shown;      /* its name for messages, e.g. "thread_block_tile::shfl_down" */
    int width;              /* a tile's size (32 for a coalesced group); 0 for block and grid */
    bool coalesced;         /* the group is a coalesced_group (lanes by a mask it holds) */
    int first_arg;          /* its first argument after the group (cg::sync/reduce take it first) */
    CXCursor group;         /* the group, as an expression (null for coalesced_threads()) */
} GroupCall;

static bool in_cg_namespace(CXCursor fn) {
    CXString usr = clang_getCursorUSR(fn);
    const char *u = clang_getCString(usr);
    bool r = u && strncmp(u, "c:@N@cooperative_groups@", 24) == 0 && !strstr(u, "@N@__cu2c@");
    clang_disposeString(usr);
    return r;
}

/* Which group a type is: 't' a tile (*width its size), 'c' coalesced, 'b' block, 'g' grid,
 * 'a' a thread_group (any of them). */
static char group_kind(CXType t, int *width) {
    CXString sp = clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(t)));
    const char *n = clang_getCString(sp);
    const char *tile = n ? strstr(n, "cooperative_groups::thread_block_tile<") : NULL;
    char r = 0;
    if (tile) {
        /* thread_block_tile<N> with N a template parameter is no group cu2c can size */
        const char *size = tile + strlen("cooperative_groups::thread_block_tile<");
        r = *size >= '0' && *size <= '9' ? 't' : 0;
        *width = atoi(size);
    } else if (n && strstr(n, "cooperative_groups::coalesced_group")) {
        r = 'c';
        *width = 32;
    } else if (n && strstr(n, "cooperative_groups::thread_block")) {
        r = 'b';
    } else if (n && strstr(n, "cooperative_groups::grid_group")) {
        r = 'g';
    } else if (n && strstr(n, "cooperative_groups::thread_group")) {
        r = 'a';
    }
    clang_disposeString(sp);
    return r;
}

/* The warp functions tiles' and coalesced groups' methods (and cg::sync, cg::reduce) are. */
static const struct { const char *method, *builtin; } warp_methods[] = {
    {"sync", "__syncwarp"}, {"shfl", "__shfl_sync"}, {"shfl_up", "__shfl_up_sync"},
    {"shfl_down", "__shfl_down_sync"}, {"shfl_xor", "__shfl_xor_sync"}, {"ballot", "__ballot_sync"},
    {"any", "__any_sync"}, {"all", "__all_sync"}, {"match_any", "__match_any_sync"},
    {"match_all", "__match_all_sync"}, {"reduce", CG_REDUCE_NAME},
};

static bool group_call(CXCursor c, GroupCall *g) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(c);
    if (clang_Cursor_isNull(fn) || !in_cg_namespace(fn))
        return false;
    memset(g, 0, sizeof *g);
    CXString sp = clang_getCursorSpelling(fn);
    const char *name = clang_getCString(sp);
    static char shown[96];
    if (strcmp(name, "coalesced_threads") == 0) {
        g->builtin = "__activemask";
        g->shown = "coalesced_threads";
        g->width = 32;
        g->coalesced = true;
        clang_disposeString(sp);
        return true;
    }
    CXCursor callee = strip_implicit(first_child(c));
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
        g->group = strip_implicit(first_child(callee));
    } else if (strcmp(name, "sync") == 0 || strcmp(name, "reduce") == 0) {
        g->group = clang_Cursor_getArgument(c, 0);
        g->first_arg = 1;
    } else {
        g->group = clang_getNullCursor();
    }
    char kind = clang_Cursor_isNull(g->group) ? 0 : group_kind(clang_getCursorType(g->group), &g->width);
    g->coalesced = kind == 'c';
    static const char *const group_names[] = {['t'] = "thread_block_tile", ['c'] = "coalesced_group",
                                              ['b'] = "thread_block", ['g'] = "grid_group",
                                              ['a'] = "thread_group"};
    snprintf(shown, sizeof shown, "%s%s%s", g->first_arg ? "cooperative_groups::" : kind ? group_names[(int)kind] : "",
             g->first_arg || !kind ? "" : "::", name);
    g->shown = shown;
    /* a thread_group's sync waits for the block (see cooperative_groups.h) */
    if (((kind == 'b' || kind == 'a') && (strcmp(name, "sync") == 0 || strcmp(name, "barrier_wait") == 0)))
        g->builtin = "__syncthreads";
    else if (kind == 'g' && strcmp(name, "sync") == 0)
        g->builtin = GRID_SYNC;
    for (size_t i = 0; (kind == 't' || kind == 'c') && i < sizeof warp_methods / sizeof warp_methods[0]; i++)
        if (strcmp(name, warp_methods[i].method) == 0)
            g->builtin = warp_methods[i].builtin;
    clang_disposeString(sp);
    return g->builtin != NULL;
}

/* A call of a group's barrier or warp method (GroupCall) that clang cannot resolve where the
 * template holding it is written (the group's type depends on a template parameter). */
static bool unresolved_group_call(CXCursor c, char *name, size_t cap) {
    CXCursor callee = first_child(c);
    if (!clang_Cursor_isNull(callee_of(c)) || clang_Cursor_isNull(callee) ||
        clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
        return false;
    /* the member's name is the callee's last token (`g.shfl_down`, `g->sync`) */
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(callee), &toks, &n);
    bool r = false;
    if (n > 0) {
        CXString sp = clang_getTokenSpelling(tu, toks[n - 1]);
        snprintf(name, cap, "%s", clang_getCString(sp));
        clang_disposeString(sp);
        r = strcmp(name, "barrier_wait") == 0;     /* thread_block's, the others are warp methods */
        for (size_t i = 0; i < sizeof warp_methods / sizeof warp_methods[0]; i++)
            r |= strcmp(name, warp_methods[i].method) == 0;
    }
    clang_disposeTokens(tu, toks, n);
    return r;
}

/* The function a call stands for: a group's method or function (group_call) as the barrier
 * or warp function it is (shown: as messages name it, `group::method`), anything else as its
 * callee's name. Valid until the next call. */
static const char *group_or_callee_name(CXCursor c, bool shown) {
    static char buf[256];
    GroupCall g;
    if (group_call(c, &g))
        return shown ? g.shown : g.builtin;
    CXString sp = clang_getCursorSpelling(callee_of(c));
    const char *n = clang_getCString(sp);
    snprintf(buf, sizeof buf, "%s", n ? n : "");
    clang_disposeString(sp);
    return buf;
}

static const char *call_name(CXCursor c) {
    return group_or_callee_name(c, false);
}

static const char *shown_name(CXCursor c) {
    return group_or_callee_name(c, true);
}

/* ---- user functions: which read threadIdx & co., which contain barriers --------------- */

typedef struct FnScan {
    Fe *fe;
    bool reads_builtin;
    bool asserts;           /* calls assert: a failure reports the thread (cu2c_tls) */
    bool has_barrier;
    bool has_block_barrier; /* a __syncthreads* among its barriers */
    PtrVec callees;         /* char* USRs */
    CXCursor first_barrier;
    CXCursor first_shared;
    bool has_shared;
    bool uses_file_shared;
    CXCursor first_file_shared;
    bool has_volatile;      /* a volatile object or pointer: warp-synchronous code */
    CXCursor first_volatile;
    bool has_goto;
    CXCursor first_goto;
    bool has_dependent_group; /* a group's warp method on a group of a dependent type */
    CXCursor dependent_group;
    char dependent_name[32];
    CXCursor fn;            /* the function scanned */
    bool impure;            /* writes memory or non-local state, or calls what does */
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
        if (clang_Cursor_isNull(callee)) {
            s->impure = true;
        } else if (!is_user_fn(callee)) {
            const char *n = call_name(c);
            if (impure_builtin(n) || is_barrier_name(n))
                s->impure = true;
            if (is_assert_fail(n))
                s->asserts = true;
        }
    }
    if (k == CXCursor_DeclRefExpr && is_builtin_var(clang_getCursorReferenced(c), NULL))
        s->reads_builtin = true;
    if (k == CXCursor_DeclRefExpr && !s->uses_file_shared) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && has_attr(ref, CXCursor_CUDASharedAttr) &&
            clang_getCursorKind(clang_getCursorSemanticParent(ref)) == CXCursor_TranslationUnit) {
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
            if (is_barrier_name(n) && !s->has_barrier) {
                s->has_barrier = true;
                s->first_barrier = c;
            }
            /* a launch is not a call: a kernel's barriers stay in the kernel */
            if (is_user_fn(fn) && !is_kernel(fn))
                vec_push(s->fe->u->arena, &s->callees,
                         fe_str(s->fe->u->arena, fn_usr(fn)));
        }
    }
    if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && !s->has_volatile) {
        CXType t = clang_getCursorType(c);
        if (clang_isVolatileQualifiedType(t) ||
            (t.kind == CXType_Pointer && clang_isVolatileQualifiedType(clang_getPointeeType(t)))) {
            s->has_volatile = true;
            s->first_volatile = c;
        }
    }
    if (k == CXCursor_CallExpr && !s->has_dependent_group &&
        unresolved_group_call(c, s->dependent_name, sizeof s->dependent_name)) {
        s->has_dependent_group = true;
        s->dependent_group = c;
    }
    if ((k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt) && !s->has_goto) {
        s->has_goto = true;
        s->first_goto = c;
    }
    if (k == CXCursor_VarDecl && has_attr(c, CXCursor_CUDASharedAttr) && !s->has_shared) {
        s->has_shared = true;
        s->first_shared = c;
    }
    return CXChildVisit_Recurse;
}

typedef struct UserFn {
    char *usr;
    bool reads_builtin, has_barrier, has_block_barrier, impure;
    bool asserts;           /* calls assert (see is_assert_fail) */
    PtrVec callees;
} UserFn;

static bool usr_in(PtrVec *v, const char *usr) {
    for (int i = 0; i < v->len; i++)
        if (strcmp(v->items[i], usr) == 0)
            return true;
    return false;
}

/* ---- C or C++: the first construct C does not have --------------------------------- */

static const char *cxx_construct(Fe *fe, CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_Namespace: return "a namespace";
    case CXCursor_ClassDecl: return "a class";
    case CXCursor_CXXMethod: return "a member function";
    case CXCursor_Constructor: return "a constructor";
    case CXCursor_Destructor: return "a destructor";
    case CXCursor_FunctionTemplate: return "a function template";
    case CXCursor_ClassTemplate: return "a class template";
    case CXCursor_UsingDirective: return "a using directive";
    case CXCursor_UsingDeclaration: return "a using declaration";
    case CXCursor_TypeAliasDecl: return "an alias declaration";
    case CXCursor_LinkageSpec: return "extern \"C\"";
    case CXCursor_TemplateRef: return "a template";
    case CXCursor_NamespaceRef: return "a namespace";
    case CXCursor_OverloadedDeclRef: return "an overloaded name";
    case CXCursor_CXXStaticCastExpr: return "static_cast";
    case CXCursor_CXXDynamicCastExpr: return "dynamic_cast";
    case CXCursor_CXXReinterpretCastExpr: return "reinterpret_cast";
    case CXCursor_CXXConstCastExpr: return "const_cast";
    case CXCursor_CXXFunctionalCastExpr: return "a functional cast";
    case CXCursor_CXXNullPtrLiteralExpr: return "nullptr";
    case CXCursor_CXXThisExpr: return "this";
    case CXCursor_CXXThrowExpr: return "throw";
    case CXCursor_CXXNewExpr: return "new";
    case CXCursor_CXXDeleteExpr: return "delete";
    case CXCursor_LambdaExpr: return "a lambda";
    case CXCursor_CXXTryStmt: return "try";
    case CXCursor_CXXForRangeStmt: return "a range-based for";
    case CXCursor_CXXTypeidExpr: return "typeid";
    case CXCursor_DeclRefExpr: {
        /* f<T>(...): explicit template arguments of a function from a header, e.g.
         * tex2D<float>(obj, x, y) (a template defined in the file is caught above) */
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
            clang_Cursor_getNumTemplateArguments(ref) <= 0)
            return NULL;
        unsigned b, e;
        cursor_range(c, &b, &e);
        CXString sp = clang_getCursorSpelling(c);
        const char *n = clang_getCString(sp);
        size_t len = n ? strlen(n) : 0;
        bool explicit_args = len && e <= fe->u->len && e > b + len &&
                             strncmp(fe->u->text + b, n, len) == 0;
        clang_disposeString(sp);
        while (explicit_args && (fe->u->text[b + len] == ' ' || fe->u->text[b + len] == '\t'))
            len++;
        return explicit_args && fe->u->text[b + len] == '<' ? "explicit template arguments" : NULL;
    }
    case CXCursor_CallExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_Constructor) {
            /* launch configurations convert to dim3 implicitly (CU2C_DIM3 does that in C);
             * an explicit dim3(...) starts with the type's name */
            unsigned b, e;
            cursor_range(c, &b, &e);
            CXString sp = clang_getCursorSpelling(ref);
            const char *tn = clang_getCString(sp);
            bool explicit_call = tn && e - b > strlen(tn) && strncmp(fe->u->text + b, tn, strlen(tn)) == 0;
            clang_disposeString(sp);
            for (int i = 0; i < fe->u->launches.len && !explicit_call; i++) {
                Launch *l = fe->u->launches.items[i];
                if (b >= l->config_begin && e <= l->config_end)
                    return NULL;
            }
            return "a constructor call (e.g. dim3 b(16, 16))";
        }
        if (clang_getCursorKind(ref) == CXCursor_CXXMethod)
            return "a member function call";
        return NULL;
    }
    case CXCursor_ParmDecl:
    case CXCursor_VarDecl:
    case CXCursor_FieldDecl: {
        enum CXTypeKind tk = clang_getCursorType(c).kind;
        if (tk == CXType_LValueReference || tk == CXType_RValueReference)
            return "a reference";
        Kids kids = children(c);
        for (int i = 0; i < kids.n && i < 8; i++) {
            enum CXCursorKind ck = clang_getCursorKind(kids.c[i]);
            if (clang_getCursorKind(c) == CXCursor_ParmDecl && clang_isExpression(ck))
                return "a default argument";
            if (ck == CXCursor_DeclRefExpr &&
                clang_getCursorKind(clang_getCursorReferenced(kids.c[i])) == CXCursor_VarDecl)
                return "a const variable as an array size";
            if (ck == CXCursor_InitListExpr) {
                /* int x{4}: list-initialisation without '=' */
                unsigned b, e;
                cursor_range(kids.c[i], &b, &e);
                while (b > 0 && (fe->u->text[b - 1] == ' ' || fe->u->text[b - 1] == '\t'))
                    b--;
                if (b > 0 && fe->u->text[b - 1] != '=')
                    return "list-initialisation without '='";
            }
        }
        return NULL;
    }
    case CXCursor_UnaryExpr: {
        Kids kids = children(c);
        CXCursor op = kids.n ? strip_implicit(kids.c[0]) : clang_getNullCursor();
        if (kids.n && clang_getCursorKind(op) == CXCursor_CharacterLiteral)
            return "sizeof a character literal";
        return NULL;
    }
    case CXCursor_TypeRef: {
        /* `Foo x;` naming a struct without `struct` and without a typedef */
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk != CXCursor_StructDecl && rk != CXCursor_UnionDecl && rk != CXCursor_EnumDecl)
            return NULL;
        if (clang_Location_isInSystemHeader(clang_getCursorLocation(ref)))
            return NULL;
        unsigned b, e;
        cursor_range(c, &b, &e);
        Unit *u = fe->u;
        unsigned p = b;
        while (p > 0 && (u->text[p - 1] == ' ' || u->text[p - 1] == '\t' || u->text[p - 1] == '\n'))
            p--;
        static const char *const kw[] = {"struct", "union", "enum"};
        for (int i = 0; i < 3; i++) {
            size_t n = strlen(kw[i]);
            if (p >= n && strncmp(u->text + p - n, kw[i], n) == 0)
                return NULL;
        }
        return "a struct named without 'struct'";
    }
    default:
        return NULL;
    }
}

/* ---- kernel bodies -------------------------------------------------------------------- */

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
} KScan;

static Var *find_var(Kernel *k, CXCursor decl, Fe *fe) {
    SrcLoc l = cursor_loc(fe, decl);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->loc.offset == l.offset && v->loc.file == l.file && v->copy == fe->copy)
            return v;
    }
    return NULL;
}

/* The local variable an lvalue expression stores into, if the store stays in the local
 * (a[i] on a local array, s.f on a local struct); NULL for stores through pointers. */
static Var *lvalue_root(KScan *ks, CXCursor e) {
    for (;;) {
        e = strip_implicit(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor ref = clang_getCursorReferenced(e);
            return find_var(ks->k, ref, ks->fe);
        }
        if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr) {
            CXCursor base = strip_implicit(first_child(e));
            if (clang_Cursor_isNull(base))
                return NULL;
            CXType t = clang_getCanonicalType(clang_getCursorType(base));
            if (t.kind == CXType_Pointer)
                return NULL;
            e = base;
            continue;
        }
        return NULL;
    }
}

static void note_write(KScan *ks, Var *v) {
    if (v && !v->is_shared && !vec_contains(&ks->s->writes, v))
        vec_push(ks->fe->u->arena, &ks->s->writes, v);
}

typedef struct ArgScan {
    int index;
    CXCursor want;
    int found;
} ArgScan;

static void scan_call(KScan *ks, CXCursor c) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    CXCursor fn = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(fn) || (clang_getCursorKind(fn) != CXCursor_FunctionDecl &&
                                    clang_getCursorKind(fn) != CXCursor_CXXMethod &&
                                    clang_getCursorKind(fn) != CXCursor_FunctionTemplate &&
                                    clang_getCursorKind(fn) != CXCursor_Constructor)) {
        if (clang_getCursorKind(fn) != CXCursor_Constructor)
            ks->s->side_effects = true;     /* call through a pointer: anything can happen */
        return;
    }
    char *name = fe_str(u->arena, clang_getCursorSpelling(fn));
    if (is_barrier_name(call_name(c))) {
        diag_error(u, cursor_loc(fe, c), "%s() inside an expression is not supported yet", shown_name(c));
        return;
    }
    if (is_user_fn(fn)) {
        char *usr = fe_str(u->arena, fn_usr(fn));
        /* a pure function's result depends on its arguments only (and on memory, read alike
         * by every thread): the call varies as they do; anything else runs per thread */
        if (!usr_in(&fe->pure_fns, usr))
            ks->s->side_effects = true;
        if (usr_in(&fe->barrier_fns, usr))
            diag_error(u, cursor_loc(fe, c), "call to '%s', which holds a barrier or __shared__ memory, "
                       "inside an expression: not supported yet (call it as a statement of its own)", name);
        if (usr_in(&fe->tls_fns, usr)) {
            ks->s->calls_user_fn = true;
            ks->k->uses_tls = true;
        }
    } else if (impure_builtin(name)) {
        ks->s->side_effects = true;
        if (is_assert_fail(name)) {
            ks->s->calls_user_fn = true;
            ks->k->uses_tls = true;
        }
    }
    /* arguments bound to non-const references, and objects of non-const member calls, may
     * be written by the callee */
    CXType ft = clang_getCursorType(fn);
    int nargs = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < nargs; i++) {
        CXType pt = clang_getArgType(ft, (unsigned)i);
        if (pt.kind == CXType_LValueReference &&
            !clang_isConstQualifiedType(clang_getPointeeType(pt)))
            note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, (unsigned)i)));
    }
    if (clang_getCursorKind(fn) == CXCursor_CXXMethod && !clang_CXXMethod_isConst(fn) &&
        !clang_CXXMethod_isStatic(fn)) {
        CXCursor callee = strip_implicit(first_child(c));
        if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr)
            note_write(ks, lvalue_root(ks, first_child(callee)));
        else if (nargs > 0 && clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
            note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, 0)));
    }
}

static Var *new_var(Fe *fe, Kernel *k, CXCursor decl, Stmt *s) {
    Arena *a = fe->u->arena;
    Var *v = arena_alloc(a, sizeof *v);
    v->name = fe_str(a, clang_getCursorSpelling(decl));
    CXType t = clang_getCursorType(decl);
    v->type = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    if (strstr(v->type, "auto") || strstr(v->type, "(lambda"))
        v->type = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    v->loc = cursor_loc(fe, decl);
    v->copy = fe->copy;
    v->decl_stmt = s;
    v->id = k->vars.len;
    if (has_attr(decl, CXCursor_CUDASharedAttr)) {
        v->is_shared = true;
        if (clang_Cursor_getStorageClass(decl) == CX_SC_Extern) {
            v->is_extern_shared = true;
            v->elem_type = fe_str(a, clang_getTypeSpelling(clang_getArrayElementType(t)));
        }
    }
    vec_push(a, &k->vars, v);
    return v;
}

/* A local cu2c declares itself (a call's result), in the text copy `copy`. */
static Var *new_temp(Unit *u, Kernel *k, const char *name, const char *type, SrcLoc loc, Stmt *decl,
                     int copy) {
    Var *v = arena_alloc(u->arena, sizeof *v);
    v->name = name;
    v->type = type;
    v->loc = loc;
    v->decl_stmt = decl;
    v->copy = copy;
    v->id = k->vars.len;
    vec_push(u->arena, &k->vars, v);
    return v;
}

static enum CXChildVisitResult kscan_visit(CXCursor c, CXCursor parent, CXClientData d);

/* A statement in no list, holding the facts of a part of another that runs in a thread loop
 * of its own or ahead of it: a reduction predicate, a return value, a parameter binding, a
 * loop header. */
static Stmt *new_fact_stmt(Fe *fe, StmtKind kind, SrcLoc loc, Stmt *parent) {
    Stmt *s = arena_alloc(fe->u->arena, sizeof *s);
    s->kind = kind;
    s->loc = loc;
    s->parent = parent;
    s->nest = -1;
    s->index = -1;
    s->copy = fe->copy;
    return s;
}

/* The sites' functions: the reduction barriers, then the warp functions. */
static const struct { const char *name; ReduceOp op; } site_fns[] = {
    {"__syncthreads_count", RED_COUNT}, {"__syncthreads_and", RED_AND}, {"__syncthreads_or", RED_OR},
    {"__shfl_sync", WARP_SHFL}, {"__shfl_up_sync", WARP_SHFL_UP}, {"__shfl_down_sync", WARP_SHFL_DOWN},
    {"__shfl_xor_sync", WARP_SHFL_XOR}, {"__ballot_sync", WARP_BALLOT}, {"__any_sync", WARP_ANY},
    {"__all_sync", WARP_ALL}, {"__activemask", WARP_ACTIVEMASK}, {"__syncwarp", WARP_SYNC},
    {"__match_any_sync", WARP_MATCH_ANY}, {"__match_all_sync", WARP_MATCH_ALL},
    {"__reduce_add_sync", WARP_REDUCE_ADD}, {"__reduce_min_sync", WARP_REDUCE_MIN},
    {"__reduce_max_sync", WARP_REDUCE_MAX}, {"__reduce_and_sync", WARP_REDUCE_AND},
    {"__reduce_or_sync", WARP_REDUCE_OR}, {"__reduce_xor_sync", WARP_REDUCE_XOR},
    {CG_REDUCE_NAME, CG_REDUCE},
};

static bool site_name(const char *n, ReduceOp *op) {
    for (size_t i = 0; n && i < sizeof site_fns / sizeof site_fns[0]; i++)
        if (strcmp(n, site_fns[i].name) == 0) {
            *op = site_fns[i].op;
            return true;
        }
    return false;
}

/* The name of a site's function. */
static const char *site_fn(ReduceOp op) {
    for (size_t i = 0; i < sizeof site_fns / sizeof site_fns[0]; i++)
        if (site_fns[i].op == op)
            return site_fns[i].name;
    return "?";
}

static bool is_warp_fn(const char *n) {
    ReduceOp op;
    return site_name(n, &op) && op >= WARP_SHFL;
}

/* Is c a call of __syncthreads_count/_and/_or or of a warp function? */
static bool reduce_op(CXCursor c, ReduceOp *op) {
    return site_name(call_name(c), op);
}

/* The text of a call's i-th argument, NULL when it is defaulted (not written). */
static const char *written_arg(Fe *fe, CXCursor call, unsigned i) {
    if ((int)i >= clang_Cursor_getNumArguments(call))
        return NULL;
    CXCursor a = clang_Cursor_getArgument(call, i);
    unsigned b, e, cb, ce;
    cursor_range(a, &b, &e);
    cursor_range(call, &cb, &ce);
    if (b >= e || b < cb || e > ce)
        return NULL;
    return cursor_line(fe, a);
}

/* The type of a site's value or result as the output can name it: a group's method's in
 * canonical form (its declared type is a template parameter of the method), unless that is
 * a parameter of the template holding the call, which keeps its name there. */
static const char *site_type(Arena *a, CXType t, bool canonical) {
    const char *plain = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    if (!canonical)
        return plain;
    const char *c = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    return strstr(c, "type-parameter-") ? plain : c;
}

/* A group's warp method or function (see GroupCall) as a site: the arguments of the warp
 * function it is (the mask of the tile's or coalesced group's lanes, the width of a tile),
 * and what turns that function's result into the method's. Returns the index of the call's
 * value argument; *write_arg becomes that of match_all's predicate. */
static int scan_group_site(KScan *ks, CXCursor c, GroupCall *g, Site *site, int *write_arg) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    int f = g->first_arg;
    const char *grp = clang_Cursor_isNull(g->group) ? NULL : cursor_line(fe, g->group);
    const char *a0 = written_arg(fe, c, (unsigned)f), *a1 = written_arg(fe, c, (unsigned)f + 1);
    site->width = g->width;
    site->coalesced = g->coalesced;
    if (g->coalesced && grp)
        site->args[0] = arena_printf(a, "(%s).__cu2c_mask", grp);
    else if (!g->coalesced)
        site->args[0] = arena_printf(a, "CU2C_CG_TILE_MASK(%d, threadIdx, blockDim)", g->width);
    site->args[1] = a0;
    switch (site->op) {
    case WARP_SHFL: case WARP_SHFL_UP: case WARP_SHFL_DOWN: case WARP_SHFL_XOR:
        if (g->coalesced && site->op == WARP_SHFL_XOR)
            diag_error(fe->u, site->loc, "coalesced_group has no shfl_xor (CUDA's neither)");
        if (g->coalesced) {
            /* ranks, not lanes: the source lane is found from the group's mask */
            site->args[2] = arena_printf(a, "cooperative_groups::__cu2c_coalesced_src((%s).__cu2c_mask, threadIdx, "
                                         "blockDim, (%s), %d)", grp, a1, (int)(site->op - WARP_SHFL));
            site->op = WARP_SHFL;
            site->args[3] = "32";
        } else {
            site->args[2] = a1;
            site->args[3] = arena_printf(a, "%d", g->width);
        }
        break;
    case WARP_MATCH_ALL:
        site->args[2] = arena_printf(a, "&(%s)", a1);
        *write_arg = f + 1;
        /* fall through */
    case WARP_BALLOT: case WARP_MATCH_ANY:
        site->wrap_pre = g->coalesced ? arena_printf(a, "cooperative_groups::__cu2c_pack_lanes((%s).__cu2c_mask, ", grp)
                                      : arena_printf(a, "CU2C_CG_TILE_BITS(%d, threadIdx, blockDim, ", g->width);
        site->wrap_post = ")";
        break;
    case CG_REDUCE:
        site->args[2] = a1;
        break;
    case WARP_ACTIVEMASK:   /* coalesced_threads() */
        site->wrap_pre = "cooperative_groups::coalesced_group(";
        site->wrap_post = ")";
        site->result_type = "unsigned int";
        break;
    default:
        break;
    }
    return f;
}

/* A reduction barrier inside the statement being scanned: its predicate's facts go to a
 * statement of their own, the call's uniform result is all the holder sees. A warp
 * function likewise, but its result varies: the holder runs per thread. */
static void scan_site(KScan *ks, CXCursor c, ReduceOp op) {
    Unit *u = ks->fe->u;
    Stmt *owner = ks->s;
    bool warp = op >= WARP_SHFL;
    int nargs = clang_Cursor_getNumArguments(c);
    GroupCall g;
    bool group = group_call(c, &g);
    const char *name = group ? g.shown : site_fn(op);
    if (ks->lambda_depth > 0 || (!warp && nargs != 1)) {
        diag_error(u, cursor_loc(ks->fe, c), "this use of a reduction barrier is not supported yet");
        return;
    }
    if (warp && (owner->kind == ST_REDUCE || ks->cond_depth > 0)) {
        diag_error(u, cursor_loc(ks->fe, c), "%s() inside %s is not supported yet (assign its result to a "
                   "local first)", name, owner->kind == ST_REDUCE ? "another warp function's "
                   "argument" : "a conditional expression (?:, && or ||)");
        return;
    }
    Site *site = arena_alloc(u->arena, sizeof *site);
    site->op = op;
    site->name = arena_strdup(u->arena, name);
    site->loc = cursor_loc(ks->fe, c);
    cursor_range(c, &site->call_begin, &site->call_end);
    int value_arg = 1, write_arg = op == WARP_MATCH_ALL && nargs == 3 ? 2 : -1;
    if (!warp)
        site->pred_text = cursor_line(ks->fe, clang_Cursor_getArgument(c, 0));
    if (group)
        value_arg = scan_group_site(ks, c, &g, site, &write_arg);
    else
        for (int i = 0; warp && i < nargs && i < 4; i++)
            site->args[i] = written_arg(ks->fe, c, (unsigned)i);
    if (warp && nargs > value_arg && op != WARP_ACTIVEMASK) {
        site->pred_text = site->args[1];
        site->type = site_type(u->arena, clang_getCursorType(clang_Cursor_getArgument(c, (unsigned)value_arg)), group);
    }
    if (warp && !site->result_type) {
        CXType rt = clang_getCursorType(c);
        if (rt.kind == CXType_Dependent)    /* in a template: as the function is declared */
            site->result_type = op == WARP_ANY || op == WARP_ALL ? "int"
                              : op == WARP_BALLOT || op == WARP_MATCH_ANY || op == WARP_MATCH_ALL ||
                                op == WARP_ACTIVEMASK ? "unsigned int" : site->type;
        else
            site->result_type = site_type(u->arena, rt, group);
    }
    site->owner = owner;
    site->id = ks->k->sites.len;
    Stmt *pred = new_fact_stmt(ks->fe, ST_REDUCE, site->loc, owner->parent);
    site->pred = pred;
    owner->has_site = true;
    if (warp)
        owner->side_effects = true;     /* each thread gets its own result */
    vec_push(u->arena, &ks->k->sites, site);
    ks->s = pred;
    if (write_arg >= 0) {
        /* the predicate is written where the result is used */
        for (unsigned i = 0; i < (unsigned)nargs; i++) {
            CXCursor a = clang_Cursor_getArgument(c, i);
            ks->s = (int)i != write_arg ? pred : owner;
            if (kscan_visit(a, c, ks) == CXChildVisit_Recurse)
                clang_visitChildren(a, kscan_visit, ks);
        }
        ks->s = pred;
        if (group && !clang_Cursor_isNull(g.group) && kscan_visit(g.group, c, ks) == CXChildVisit_Recurse)
            clang_visitChildren(g.group, kscan_visit, ks);
    } else {
        clang_visitChildren(c, kscan_visit, ks);
    }
    ks->s = owner;
    /* a coalesced group's ballot packs the result by the group's mask where it is used */
    if (group && g.coalesced && site->wrap_pre && !clang_Cursor_isNull(g.group) &&
        kscan_visit(g.group, c, ks) == CXChildVisit_Recurse)
        clang_visitChildren(g.group, kscan_visit, ks);
}

/* Scans c's children one level deeper in a lambda, loop or switch (*depth counts them). */
static enum CXChildVisitResult visit_nested(CXCursor c, KScan *ks, int *depth) {
    (*depth)++;
    clang_visitChildren(c, kscan_visit, ks);
    (*depth)--;
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult kscan_visit(CXCursor c, CXCursor parent, CXClientData d) {
    KScan *ks = d;
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    Stmt *s = ks->s;
    enum CXCursorKind kind = clang_getCursorKind(c);
    switch (kind) {
    case CXCursor_ArraySubscriptExpr:
        s->touches_memory = true;
        break;
    case CXCursor_MemberRefExpr:
        if (clang_getCanonicalType(clang_getCursorType(strip_implicit(first_child(c)))).kind == CXType_Pointer)
            s->touches_memory = true;
        break;
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        const char *bname;
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && !is_builtin_var(ref, NULL) &&
            (clang_getCursorKind(clang_getCursorSemanticParent(ref)) != CXCursor_FunctionDecl ||
             has_attr(ref, CXCursor_CUDASharedAttr) || clang_Cursor_getStorageClass(ref) == CX_SC_Static))
            s->touches_memory = true;   /* a global, __constant__, __device__ or shared variable */
        if (is_builtin_var(ref, &bname)) {
            if (strcmp(bname, "threadIdx") == 0) {
                if (clang_getCursorKind(parent) == CXCursor_MemberRefExpr) {
                    CXString m = clang_getCursorSpelling(parent);
                    const char *mn = clang_getCString(m);
                    s->tid_dims |= mn[0] == 'x' ? DIM_X : mn[0] == 'y' ? DIM_Y : DIM_Z;
                    clang_disposeString(m);
                } else {
                    s->tid_dims |= DIM_XYZ;
                }
            }
            break;
        }
        Var *v = find_var(ks->k, ref, fe);
        if (!v)
            break;
        if (v->is_shared)
            break;
        if (!vec_contains(&s->reads, v))
            vec_push(u->arena, &s->reads, v);
        if (ks->lambda_depth > 0)
            v->escapes = true;
        /* an array named anywhere but as a subscript's base (it decays to a pointer that
         * can be stored or passed on) has escaped; see the UnexposedExpr case */
        if (is_array_type(clang_getCursorType(ref)) &&
            clang_getCursorKind(parent) != CXCursor_ArraySubscriptExpr &&
            clang_getCursorKind(parent) != CXCursor_UnexposedExpr)
            v->escapes = true;
        break;
    }
    case CXCursor_UnexposedExpr: {
        /* the implicit array-to-pointer decay: fine under a subscript, an escape elsewhere */
        CXCursor inner = first_child(c);
        if (clang_getCursorKind(inner) == CXCursor_DeclRefExpr &&
            clang_getCursorKind(parent) != CXCursor_ArraySubscriptExpr) {
            CXCursor ref = clang_getCursorReferenced(inner);
            Var *v = find_var(ks->k, ref, fe);
            if (v && !v->is_shared && is_array_type(clang_getCursorType(ref)))
                v->escapes = true;
        }
        break;
    }
    case CXCursor_ConditionalOperator:
        return visit_nested(c, ks, &ks->cond_depth);
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
            return visit_nested(c, ks, &ks->cond_depth);
        if (kind == CXCursor_CompoundAssignOperator ||
            (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign))
            note_write(ks, lvalue_root(ks, first_child(c)));
        break;
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_Deref)
            s->touches_memory = true;
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
            op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
            note_write(ks, lvalue_root(ks, first_child(c)));
        else if (op == CXUnaryOperator_AddrOf) {
            Var *v = lvalue_root(ks, first_child(c));
            if (v)
                v->escapes = true;
        }
        break;
    }
    case CXCursor_CallExpr: {
        unsigned cb, ce;
        cursor_range(c, &cb, &ce);
        for (int i = 0; i < ks->hoisted.len; i++) {
            Inline *in = ks->hoisted.items[i];
            if (in->call_begin == cb && in->call_end == ce) {
                if (!vec_contains(&s->reads, in->result))
                    vec_push(u->arena, &s->reads, in->result);
                return CXChildVisit_Continue;   /* its arguments were bound before */
            }
        }
        ReduceOp op;
        if (reduce_op(c, &op)) {
            scan_site(ks, c, op);
            return CXChildVisit_Continue;
        }
        scan_call(ks, c);
        break;
    }
    case CXCursor_ReturnStmt: {
        if (ks->lambda_depth > 0)
            break;
        unsigned b, e;
        cursor_range(c, &b, &e);
        SrcLoc *l = arena_alloc(u->arena, sizeof *l);
        *l = cursor_loc(fe, c);
        l->offset = b;
        unsigned *end = arena_alloc(u->arena, sizeof *end);
        *end = stmt_end(u, e);
        vec_push(u->arena, &s->returns, l);
        vec_push(u->arena, &s->return_ends, end);
        CXCursor value = first_child(c);
        char *vt = NULL;
        if (!clang_Cursor_isNull(value))
            vt = cursor_line(fe, value);
        vec_push(u->arena, &s->return_values, vt);
        s->has_return = true;
        if (fe->copy != 0) {
            /* in an expanded function: the value's facts apart (see Stmt.return_facts) */
            Stmt *rv = new_fact_stmt(fe, ST_RETVAL, *l, s->parent);
            vec_push(u->arena, &s->return_facts, rv);
            if (!clang_Cursor_isNull(value)) {
                ks->s = rv;
                if (kscan_visit(value, c, ks) == CXChildVisit_Recurse)
                    clang_visitChildren(value, kscan_visit, ks);
                ks->s = s;
            }
            return CXChildVisit_Continue;
        }
        break;
    }
    case CXCursor_VarDecl: {
        if (has_attr(c, CXCursor_CUDASharedAttr) && !clang_equalCursors(parent, ks->top)) {
            diag_error(u, cursor_loc(fe, c), "__shared__ variable '%s' declared inside a nested block: "
                       "declare it at the top level of the kernel body (not supported yet)",
                       fe_str(u->arena, clang_getCursorSpelling(c)));
            break;
        }
        CXType t = clang_getCursorType(c);
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
            /* int &r = v; : anything written through r is a write of v */
            CXCursor init = clang_Cursor_getVarDeclInitializer(c);
            Var *v = clang_Cursor_isNull(init) ? NULL : lvalue_root(ks, init);
            if (v)
                v->escapes = true;
        }
        break;
    }
    case CXCursor_LambdaExpr:
        return visit_nested(c, ks, &ks->lambda_depth);
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_CXXForRangeStmt:
        return visit_nested(c, ks, &ks->loop_depth);
    case CXCursor_SwitchStmt:
        return visit_nested(c, ks, &ks->switch_depth);
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
        if (ks->loop_depth == 1 && ks->lambda_depth == 0)
            ks->loop_level_jump = true;
        /* a jump out of the statement, to a loop or switch holding barriers */
        if (ks->lambda_depth == 0 && ks->loop_depth == 0 &&
            (kind == CXCursor_ContinueStmt || ks->switch_depth == 0) && !s->has_jump) {
            s->has_jump = true;
            s->jump_loc = cursor_loc(fe, c);
        }
        break;
    default:
        break;
    }
    return CXChildVisit_Recurse;
}

typedef struct PureScan {
    KScan *ks;
    PtrVec *reads;          /* the locals it reads go here */
    bool pure;
    bool reads_tid;         /* it reads threadIdx */
} PureScan;

/* Is an initialiser pure arithmetic on locals, builtins and constants (no memory, no calls
 * with effects), so that it can be evaluated again anywhere the local is visible? */
static enum CXChildVisitResult pure_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    PureScan *ps = d;
    switch (clang_getCursorKind(c)) {
    case CXCursor_IntegerLiteral:
    case CXCursor_FloatingLiteral:
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_ConditionalOperator:
        return CXChildVisit_Recurse;
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign)
            break;
        if (op == CXBinaryOperator_Comma)
            break;
        return CXChildVisit_Recurse;
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_Plus || op == CXUnaryOperator_Minus || op == CXUnaryOperator_Not ||
            op == CXUnaryOperator_LNot)
            return CXChildVisit_Recurse;
        break;
    }
    case CXCursor_MemberRefExpr: {
        CXCursor base = strip_implicit(first_child(c));
        if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
            break;
        return CXChildVisit_Recurse;
    }
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        const char *bname;
        if (is_builtin_var(ref, &bname)) {
            ps->reads_tid |= strcmp(bname, "threadIdx") == 0;
            return CXChildVisit_Continue;
        }
        if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl)
            return CXChildVisit_Continue;
        Var *u = find_var(ps->ks->k, ref, ps->ks->fe);
        if (!u || u->is_shared || is_array_type(clang_getCursorType(ref)))
            break;
        if (!vec_contains(ps->reads, u))
            vec_push(ps->ks->fe->u->arena, ps->reads, u);
        return CXChildVisit_Continue;
    }
    default:
        break;
    }
    ps->pure = false;
    return CXChildVisit_Break;
}

/* Is e pure (see pure_visit)? The locals it reads are added to reads. */
static bool pure_scan(KScan *ks, CXCursor e, CXCursor parent, PtrVec *reads, bool *reads_tid) {
    PureScan ps = {ks, reads, true, false};
    if (pure_visit(e, parent, &ps) == CXChildVisit_Recurse)
        clang_visitChildren(e, pure_visit, &ps);
    if (reads_tid)
        *reads_tid = ps.reads_tid;
    return ps.pure;
}

/* An integer type holding every thread index unchanged. */
static bool holds_thread_index(CXType t) {
    enum CXTypeKind tk = clang_getCanonicalType(t).kind;
    return tk == CXType_Int || tk == CXType_UInt || tk == CXType_Long || tk == CXType_ULong ||
           tk == CXType_LongLong || tk == CXType_ULongLong;
}

/* DIM_X/Y/Z when e is threadIdx.x/y/z (through casts and parentheses), or a local initialised
 * so; 0 otherwise. */
static unsigned coord_dim(KScan *ks, CXCursor e) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr) {
        if (!holds_thread_index(clang_getCursorType(e)))
            return 0;       /* (char)threadIdx.x wraps */
        e = strip_implicit(first_child(e));
    }
    if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
        Var *v = find_var(ks->k, clang_getCursorReferenced(e), ks->fe);
        return v ? v->coord : 0;
    }
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
        return 0;
    CXCursor base = strip_implicit(first_child(e));
    const char *bname;
    if (clang_getCursorKind(base) != CXCursor_DeclRefExpr ||
        !is_builtin_var(clang_getCursorReferenced(base), &bname) || strcmp(bname, "threadIdx") != 0)
        return 0;
    CXString m = clang_getCursorSpelling(e);
    const char *mn = clang_getCString(m);
    unsigned d = mn[0] == 'x' ? DIM_X : mn[0] == 'y' ? DIM_Y : mn[0] == 'z' ? DIM_Z : 0;
    clang_disposeString(m);
    return d;
}

#define X_FAIL 2

/* Is e threadIdx.x itself, or a local holding it? */
static bool is_x_leaf(KScan *ks, CXCursor e) {
    enum CXCursorKind k = clang_getCursorKind(e);
    return (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && coord_dim(ks, e) == DIM_X;
}

/* e, reduced mod 2^32, as B + s * threadIdx.x: s (1 or -1), the threadIdx.x (or the local
 * holding it) in *leaf; 0 when e reads no thread index directly; X_FAIL otherwise. Only
 * +, -, parentheses and conversions between integer types of 32 bits or more may lie between
 * e and its leaf: each commutes with the reduction, so B + s * threadIdx.x holds in any such
 * type. B is pure (see pure_visit); the locals it reads are added to reads. */
static int x_offset(KScan *ks, CXCursor e, CXCursor parent, CXCursor *leaf, PtrVec *reads) {
    enum CXCursorKind k = clang_getCursorKind(e);
    int r;
    if (is_x_leaf(ks, e)) {
        *leaf = e;
        r = 1;
    } else if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr) {
        CXCursor c = last_child(e);     /* a cast's operand follows its type */
        r = clang_Cursor_isNull(c) ? X_FAIL : x_offset(ks, c, e, leaf, reads);
    } else if (k == CXCursor_BinaryOperator &&
               (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
                clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub)) {
        Kids kids = children(e);
        if (kids.n != 2)
            return X_FAIL;
        int a = x_offset(ks, kids.c[0], e, leaf, reads), b = x_offset(ks, kids.c[1], e, leaf, reads);
        if (a == X_FAIL || b == X_FAIL || (a && b))
            return X_FAIL;
        r = a ? a : clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub ? -b : b;
    } else {
        bool tid;
        return pure_scan(ks, e, parent, reads, &tid) && !tid ? 0 : X_FAIL;
    }
    return r == X_FAIL || (r && !holds_thread_index(clang_getCursorType(e))) ? X_FAIL : r;
}

/* Is a declaration local to a function (an enum, typedef or struct declared in a body)? */
static bool in_function(CXCursor d) {
    for (CXCursor p = clang_getCursorSemanticParent(d);
         !clang_Cursor_isNull(p) && !clang_isTranslationUnit(clang_getCursorKind(p));
         p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind k = clang_getCursorKind(p);
        if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
            k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_LambdaExpr)
            return true;
    }
    return false;
}

/* A search through an expression of the kernel being scanned. */
typedef struct KSearch {
    KScan *ks;
    bool found;
} KSearch;

/* Finds names of declarations local to the kernel other than its locals and parameters. */
static enum CXChildVisitResult local_refs_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *lr = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr || k == CXCursor_TypeRef) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (!find_var(lr->ks->k, ref, lr->ks->fe) && in_function(ref)) {
            lr->found = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

/* An int local initialised to B +- threadIdx.x: its sign, B as text, its leaf (Var.x_sign). */
static void scan_x_offset(KScan *ks, Var *v, CXCursor decl, CXCursor init) {
    Unit *u = ks->fe->u;
    CXCursor leaf = clang_getNullCursor();
    if (!v->init_text || clang_getCanonicalType(clang_getCursorType(decl)).kind != CXType_Int)
        return;
    PtrVec reads = {0};
    int sign = x_offset(ks, init, decl, &leaf, &reads);
    if (sign != 1 && sign != -1)
        return;
    unsigned ib, ie, lb, le;
    cursor_range(init, &ib, &ie);
    cursor_range(leaf, &lb, &le);
    if (!(ib <= lb && lb < le && le <= ie && ie <= u->len))
        return;
    /* the leaf as written (not from a macro): threadIdx.x, or the local's name */
    Var *lv = clang_getCursorKind(leaf) == CXCursor_DeclRefExpr
                  ? find_var(ks->k, clang_getCursorReferenced(leaf), ks->fe) : NULL;
    char *lt = arena_strndup(u->arena, u->text + lb, le - lb), *q = lt;
    for (char *p = lt; *p; p++)
        if (*p != ' ' && *p != '\t')
            *q++ = *p;
    *q = 0;
    if (strcmp(lt, lv ? lv->name : "threadIdx.x") != 0)
        return;
    static const struct { enum CXTypeKind kind; const char *zero; } zeros[] = {
        {CXType_Int, "0"}, {CXType_UInt, "0u"}, {CXType_Long, "0l"}, {CXType_ULong, "0ul"},
        {CXType_LongLong, "0ll"}, {CXType_ULongLong, "0ull"}};
    enum CXTypeKind lk = clang_getCanonicalType(clang_getCursorType(leaf)).kind;
    for (size_t i = 0; i < sizeof zeros / sizeof zeros[0]; i++)
        if (zeros[i].kind == lk) {
            v->x_sign = sign;
            v->x_base = one_line(arena_printf(u->arena, "%.*s%s%.*s", (int)(lb - ib), u->text + ib,
                                              zeros[i].zero, (int)(ie - le), u->text + le));
            v->x_leaf = lv;
            v->x_reads = reads;
            KSearch lr = {ks, false};
            clang_visitChildren(init, local_refs_visit, &lr);
            v->x_names_local = lr.found;
            v->init_begin = ib;
            v->init_end = ie;
        }
}

/* The dimension of a guard's thread coordinate T: threadIdx.d, a local holding it, or an int
 * local holding B +- threadIdx.x (DIM_X); 0 if e is none of those. */
static unsigned guard_dim(KScan *ks, CXCursor e) {
    unsigned d = coord_dim(ks, e);
    CXCursor t = strip_implicit(e);
    if (d || clang_getCursorKind(t) != CXCursor_DeclRefExpr)
        return d;
    Var *v = find_var(ks->k, clang_getCursorReferenced(t), ks->fe);
    return v && v->x_sign ? DIM_X : 0;
}

/* The terms of a leaf `if (a && b && ...)` comparing a thread coordinate with something pure. */
static void scan_guards(KScan *ks, Stmt *s, CXCursor cond) {
    Unit *u = ks->fe->u;
    cond = strip_implicit(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    Kids kids = children(cond);
    if (kids.n != 2)
        return;
    if (op == CXBinaryOperator_LAnd) {
        scan_guards(ks, s, kids.c[0]);
        scan_guards(ks, s, kids.c[1]);
        return;
    }
    int opc = op == CXBinaryOperator_LT ? '<' : op == CXBinaryOperator_LE ? 'l'
            : op == CXBinaryOperator_GT ? '>' : op == CXBinaryOperator_GE ? 'g' : 0;
    if (!opc)
        return;
    int side = guard_dim(ks, kids.c[0]) ? 0 : guard_dim(ks, kids.c[1]) ? 1 : -1;
    if (side < 0)
        return;
    CXType ct = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
    if (!holds_thread_index(ct))
        return;
    Guard *g = arena_alloc(u->arena, sizeof *g);
    g->dim = guard_dim(ks, kids.c[side]);
    CXCursor t = strip_implicit(kids.c[side]);
    g->coord = clang_getCursorKind(t) == CXCursor_DeclRefExpr ? find_var(ks->k, clang_getCursorReferenced(t), ks->fe) : NULL;
    if (side == 1)   /* B op T  ->  T op' B */
        opc = opc == '<' ? '>' : opc == '>' ? '<' : opc == 'l' ? 'g' : 'l';
    g->op = opc;
    g->cmp_type = fe_str(u->arena, clang_getTypeSpelling(ct));
    CXCursor b = kids.c[1 - side];
    bool reads_tid;
    if (!pure_scan(ks, b, cond, &g->bound_reads, &reads_tid) || reads_tid)
        return;
    char *text = cursor_line(ks->fe, b);
    if (strstr(text, "//") || strchr(text, '#'))
        return;
    g->bound = text;
    cursor_range(cond, &g->begin, &g->end);
    vec_push(u->arena, &s->guards, g);
}

/* A leaf `if (cond) stmt;` without else whose condition is pure: its guard terms. */
static void scan_if_guards(KScan *ks, Stmt *s, CXCursor c) {
    Kids kids = children(c);
    if (kids.n != 2 || !clang_isExpression(clang_getCursorKind(kids.c[0])))
        return;
    PtrVec reads = {0};
    if (pure_scan(ks, kids.c[0], c, &reads, NULL))
        scan_guards(ks, s, kids.c[0]);
}

static bool lane_linear(KScan *ks, CXCursor e);

static enum CXChildVisitResult decl_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KScan *ks = d;
    if (clang_getCursorKind(c) == CXCursor_VarDecl) {
        Var *v = new_var(ks->fe, ks->k, c, ks->s);
        CXCursor init = clang_Cursor_getVarDeclInitializer(c);
        /* a coordinate only in a type that holds every thread index unchanged */
        if (!clang_Cursor_isNull(init) && holds_thread_index(clang_getCursorType(c)))
            v->coord = coord_dim(ks, init);
        if (!clang_Cursor_isNull(init))
            v->lane_part = lane_linear(ks, init);
        if (!clang_Cursor_isNull(init) && !v->is_shared && !is_array_type(clang_getCursorType(c))) {
            if (pure_scan(ks, init, c, &v->init_reads, NULL)) {
                char *t = cursor_line(ks->fe, init);
                if (!strstr(t, "//") && !strchr(t, '#'))
                    v->init_text = t;
            }
            scan_x_offset(ks, v, c, init);
        }
        vec_push(ks->fe->u->arena, &ks->s->decls, v);
        if (!v->is_shared)
            vec_push(ks->fe->u->arena, &ks->s->writes, v);
    }
    return CXChildVisit_Continue;
}

static StmtKind stmt_kind(CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclStmt: return ST_DECL;
    case CXCursor_ReturnStmt: return ST_RETURN;
    case CXCursor_NullStmt: return ST_NULL;
    case CXCursor_IfStmt:
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_SwitchStmt:
    case CXCursor_CompoundStmt:
    case CXCursor_CXXForRangeStmt: return ST_CONTROL;
    case CXCursor_LabelStmt:
    case CXCursor_GotoStmt:
    case CXCursor_GCCAsmStmt:
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt: return ST_OTHER;
    default: return clang_isExpression(clang_getCursorKind(c)) ? ST_EXPR : ST_OTHER;
    }
}

/* ---- statement lists: leaves, barriers, and barrier-carrying control ------------------ */

/* The first cursor under c (c included, lambdas excluded) that match accepts. */
typedef struct Finder {
    bool (*match)(CXCursor c);
    bool found;
    CXCursor where;
} Finder;

static enum CXChildVisitResult finder_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Finder *f = d;
    if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
        return CXChildVisit_Continue;
    if (f->match(c)) {
        f->found = true;
        f->where = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

static bool find_in(CXCursor c, bool (*match)(CXCursor), CXCursor *where) {
    Finder f = {match, false, clang_getNullCursor()};
    if (finder_visit(c, clang_getNullCursor(), &f) == CXChildVisit_Recurse)
        clang_visitChildren(c, finder_visit, &f);
    if (f.found && where)
        *where = f.where;
    return f.found;
}

/* The parse being scanned, for the finders' predicates (one parse at a time). */
static Fe *scan_fe;

/* A call of __syncthreads or one of its variants (or, unless block_only, a warp function),
 * or of a user function holding one. */
static bool barrier_call(CXCursor c, bool block_only) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(c);
    const char *n = call_name(c);
    bool r = is_barrier_name(n) && !(block_only && is_warp_fn(n));
    if (!r && scan_fe && !clang_Cursor_isNull(fn) && is_user_fn(fn))
        r = usr_in(block_only ? &scan_fe->block_barrier_fns : &scan_fe->barrier_fns,
                   fe_str(scan_fe->u->arena, fn_usr(fn)));
    return r;
}

/* Such a call, or one of a function expanded in place (it holds a barrier, a warp function
 * or __shared__ memory): either makes the statements around it constructs. */
static bool is_barrier_call(CXCursor c) {
    return barrier_call(c, false);
}

/* A __syncthreads* call, or a call of a user function holding one. */
static bool is_block_barrier_call(CXCursor c) {
    return barrier_call(c, true);
}

/* A barrier call that is not a reduction barrier (those are sites, see scan_site). */
static bool is_plain_barrier_call(CXCursor c) {
    ReduceOp op;
    return is_barrier_call(c) && !reduce_op(c, &op);
}

/* A __syncthreads() (or _count/_and/_or-free variant) written in the statement itself. */
static bool is_written_barrier(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    ReduceOp op;
    return is_barrier_name(call_name(c)) && !reduce_op(c, &op);
}

/* Does c hold a barrier (not counting lambdas)? */
static bool find_barrier(CXCursor c, CXCursor *where) {
    return find_in(c, is_barrier_call, where);
}

/* Does c hold a barrier other than a reduction barrier? */
static bool find_plain_barrier(CXCursor c, CXCursor *where) {
    return find_in(c, is_plain_barrier_call, where);
}

static void scan_list(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent);

/* Is e the lane part of the linear thread index: threadIdx.x (or a local initialised to
 * it), or that taken % or & a constant? */
static bool lane_linear(KScan *ks, CXCursor e) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_ParenExpr)
        e = strip_implicit(first_child(e));
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_MemberRefExpr) {
        const char *b;
        CXCursor base = strip_implicit(first_child(e));
        CXString m = clang_getCursorSpelling(e);
        bool x = strcmp(clang_getCString(m), "x") == 0;
        clang_disposeString(m);
        return x && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
               is_builtin_var(clang_getCursorReferenced(base), &b) && strcmp(b, "threadIdx") == 0;
    }
    if (k == CXCursor_DeclRefExpr) {
        Var *v = find_var(ks->k, clang_getCursorReferenced(e), ks->fe);
        return v && (v->coord == DIM_X || v->lane_part);
    }
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
        Kids kids = children(e);
        return (op == CXBinaryOperator_Rem || op == CXBinaryOperator_And) && kids.n == 2 &&
               (lane_linear(ks, kids.c[0]) || lane_linear(ks, kids.c[1]));
    }
    return false;
}

/* Does an integer constant expression hold e's value? */
static bool int_constant(CXCursor e, long long *value) {
    CXEvalResult r = clang_Cursor_Evaluate(e);
    bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
        *value = clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return ok;
}

/* A comparison of the lane part of the thread index with a constant that splits a warp:
 * `threadIdx.x < 16`, `lane == 0` (`tid < 64` splits none: it is uniform per warp in a
 * one-dimensional block). */
static enum CXChildVisitResult lane_split_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *ls = d;
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
        return CXChildVisit_Recurse;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op < CXBinaryOperator_LT || op > CXBinaryOperator_NE)
        return CXChildVisit_Recurse;
    Kids kids = children(c);
    long long v;
    for (int side = 0; kids.n == 2 && side < 2; side++) {
        if (!lane_linear(ls->ks, kids.c[side]) || !int_constant(kids.c[1 - side], &v))
            continue;
        /* t < v and t >= v split at v; t <= v and t > v at v + 1 (either side) */
        bool at_plus_one = (op == CXBinaryOperator_LE || op == CXBinaryOperator_GT) == (side == 0);
        long long cut = at_plus_one ? v + 1 : v;
        if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE || cut % 32 != 0)
            ls->found = true;
    }
    return CXChildVisit_Recurse;
}

static Stmt *new_stmt(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent) {
    Unit *u = ks->fe->u;
    Stmt *s = arena_alloc(u->arena, sizeof *s);
    s->kind = stmt_kind(c);
    s->loc = cursor_loc(ks->fe, c);
    unsigned b, e;
    cursor_range(c, &b, &e);
    s->begin = b;
    s->end = stmt_end(u, e);
    s->nest = -1;
    s->parent = parent;
    s->copy = ks->fe->copy;
    s->index = ks->k->stmts.len;
    vec_push(u->arena, &ks->k->stmts, s);
    vec_push(u->arena, list, s);
    return s;
}

/* The facts of one piece of a statement (a leaf, or an ST_SYNC's condition or header). */
static void scan_facts(KScan *ks, Stmt *s, CXCursor c) {
    ks->s = s;
    if (clang_getCursorKind(c) == CXCursor_DeclStmt)
        clang_visitChildren(c, decl_visit, ks);
    if (kscan_visit(c, clang_getNullCursor(), ks) == CXChildVisit_Recurse)
        clang_visitChildren(c, kscan_visit, ks);
}

/* An if/for/while/do/switch/case/block holding a barrier: its control is scanned as facts
 * of s, its bodies become statement lists. */
static void scan_sync(KScan *ks, Stmt *s, CXCursor c, CXCursor barrier) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    s->kind = ST_SYNC;
    s->barrier_loc = cursor_loc(fe, barrier);
    if (clang_getCursorKind(barrier) == CXCursor_CallExpr && is_warp_fn(call_name(barrier)))
        s->barrier_name = arena_strdup(u->arena, shown_name(barrier));
    Kids kids = children(c);
    if (kids.n > 8) {
        diag_error(u, s->loc, "statement too complex for cu2c");
        return;
    }
    /* bodies are kids[first_body .. first_body+nbodies): most kinds have one, their last child */
    int first_body = kids.n - 1, nbodies = 1;
    CXCursor cond = clang_getNullCursor();
    switch (clang_getCursorKind(c)) {
    case CXCursor_IfStmt: {
        s->sync = SK_IF;
        /* [init] [condition variable] condition then [else]: the condition is the first
         * expression, the branches follow it */
        int ci = 0;
        while (ci < kids.n && !clang_isExpression(clang_getCursorKind(kids.c[ci])))
            ci++;
        if (ci == kids.n) {
            diag_error(u, s->loc, "cu2c cannot find this if's condition");
            return;
        }
        cond = kids.c[ci];
        first_body = ci + 1;
        nbodies = kids.n - first_body;
        /* where the branches are, should the if run per thread (see Stmt.predicated) */
        s->simple_if = ci == 0;
        cursor_range(kids.c[first_body], &s->then_begin, &s->then_end);
        if (nbodies == 2) {
            unsigned eb, ee;
            cursor_range(kids.c[first_body + 1], &eb, &ee);
            s->else_begin = eb;
        }
        s->block_barrier = find_in(c, is_block_barrier_call, NULL);
        KSearch ls = {ks, false};
        if (lane_split_visit(cond, c, &ls) == CXChildVisit_Recurse)
            clang_visitChildren(cond, lane_split_visit, &ls);
        s->lane_split = ls.found;
        break;
    }
    case CXCursor_ForStmt:
        s->sync = SK_FOR;
        for (int i = 0; i < first_body; i++)
            if (clang_isExpression(clang_getCursorKind(kids.c[i])) && clang_Cursor_isNull(cond))
                cond = kids.c[i];
        break;
    case CXCursor_WhileStmt:
        s->sync = SK_WHILE;
        cond = kids.c[0];
        break;
    case CXCursor_DoStmt:
        s->sync = SK_DO;
        first_body = 0;
        cond = kids.c[kids.n - 1];
        break;
    case CXCursor_SwitchStmt:
        s->sync = SK_SWITCH;
        cond = kids.c[0];
        break;
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt:
        s->sync = SK_CASE;
        break;
    case CXCursor_CompoundStmt:
        s->sync = SK_BLOCK;     /* no control: all of it is the body */
        first_body = 0;
        nbodies = kids.n;
        break;
    case CXCursor_UnexposedStmt:    /* #pragma unroll and attributes before a loop */
        s->sync = SK_LABELLED;
        break;
    default:
        diag_error(u, s->barrier_loc, "barrier inside this kind of statement is not supported");
        return;
    }
    if (!clang_Cursor_isNull(cond)) {
        unsigned b, e;
        cursor_range(cond, &b, &e);
        s->cond_text = one_line(arena_strndup(u->arena, u->text + b, e > b ? e - b : 0));
    }
    /* control parts: everything but the bodies (a case's constant included: it is uniform) */
    for (int i = 0; i < kids.n; i++)
        if (i < first_body || i >= first_body + nbodies)
            scan_facts(ks, s, kids.c[i]);
    if (s->sync == SK_BLOCK) {
        PtrVec *list = arena_alloc(u->arena, sizeof *list);
        vec_push(u->arena, &s->bodies, list);
        scan_list(ks, c, list, s);
        return;
    }
    for (int i = first_body; i < first_body + nbodies; i++) {
        PtrVec *list = arena_alloc(u->arena, sizeof *list);
        vec_push(u->arena, &s->bodies, list);
        scan_list(ks, kids.c[i], list, s);
    }
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        *(CXCursor *)d = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult file_shared_visit(CXCursor c, CXCursor parent, CXClientData d);

/* Does every path through statement c end in a return (`if (...) return a; else return b;`)? */
static bool always_returns(CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt:
        return true;
    case CXCursor_CompoundStmt:
        return children(c).n > 0 && always_returns(last_child(c));
    case CXCursor_IfStmt: {
        Kids k = children(c);
        /* [init] [condition variable] condition then else: the branches are the last two */
        return k.n >= 3 && k.n <= 8 && always_returns(k.c[k.n - 2]) && always_returns(k.c[k.n - 1]);
    }
    default:
        return false;
    }
}

static enum CXChildVisitResult tparam_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
        k == CXCursor_TemplateTemplateParameter) {
        Kids *ks = d;
        if (ks->n < 8)
            ks->c[ks->n] = c;
        ks->n++;
    }
    return CXChildVisit_Continue;
}

/* A call of a function template's specialisation (warp_sum<float>): its template parameters
 * as declarations the expanded copy of its body starts with; NULL for a plain function. */
static const char *template_binds(Fe *fe, Stmt *s, CXCursor fn) {
    CXCursor tmpl = clang_getSpecializedCursorTemplate(fn);
    if (clang_Cursor_isNull(tmpl))
        return NULL;
    Kids params = {.n = 0};
    clang_visitChildren(tmpl, tparam_visit, &params);
    int n = clang_Cursor_getNumTemplateArguments(fn);
    Buf b = {0};
    bool ok = n == params.n && n <= 8;
    for (int i = 0; ok && i < n; i++) {
        char *name = fe_str(fe->u->arena, clang_getCursorSpelling(params.c[i]));
        switch (clang_Cursor_getTemplateArgumentKind(fn, (unsigned)i)) {
        case CXTemplateArgumentKind_Type:
            buf_printf(&b, "typedef %s %s; ", fe_str(fe->u->arena, clang_getTypeSpelling(
                                                          clang_Cursor_getTemplateArgumentType(fn, (unsigned)i))), name);
            break;
        case CXTemplateArgumentKind_Integral:
            buf_printf(&b, "constexpr %s %s = %lld; ",
                       fe_str(fe->u->arena, clang_getTypeSpelling(clang_getCursorType(params.c[i]))), name,
                       clang_Cursor_getTemplateArgumentValue(fn, (unsigned)i));
            break;
        default:
            ok = false;
        }
    }
    const char *r = ok ? arena_strdup(fe->u->arena, b.data ? b.data : "") : NULL;
    buf_free(&b);
    if (!ok)
        diag_error(fe->u, s->loc, "call of '%s', a function template holding a barrier, with template "
                   "arguments other than types and integers: not supported yet",
                   fe_str(fe->u->arena, clang_getCursorSpelling(fn)));
    return r;
}

/* `f(args);` where f holds a barrier: f's body is scanned again as a copy of its own, its
 * parameters becoming locals of the copy that take the arguments (ST_BIND statements). */
static void scan_inline(KScan *ks, Stmt *s, CXCursor call, CXCursor fn, char *usr, Var *result,
                        const char *result_decl) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    char *name = fe_str(u->arena, clang_getCursorSpelling(fn));
    CXCursor def = clang_getCursorDefinition(fn);
    CXCursor body = clang_getNullCursor();
    if (!clang_Cursor_isNull(def))
        clang_visitChildren(def, find_body, &body);
    if (usr_in(&fe->inlining, usr)) {
        diag_error(u, s->loc, "recursive call of '%s', which holds a barrier: not supported", name);
        return;
    }
    if (clang_Cursor_isNull(body) || !in_main_file(fe, def) ||
        clang_getCursorKind(def) != CXCursor_FunctionDecl) {
        diag_error(u, s->loc, "call of '%s', which holds a barrier: it must be a plain function "
                   "defined in the .cu file (not supported yet otherwise)", name);
        return;
    }
    const char *tmpl_binds = template_binds(fe, s, fn);
    /* one return at most: the body's last statement, giving the result */
    CXCursor last = last_child(body);
    bool final_return = clang_getCursorKind(last) == CXCursor_ReturnStmt;
    if (final_return) {
        if (result && children(last).n == 0) {
            diag_error(u, cursor_loc(fe, last), "'%s' returns no value", name);
            return;
        }
    } else if (result && !always_returns(last)) {
        diag_error(u, s->loc, "'%s' holds a barrier and ends without a return: its value is unknown", name);
        return;
    }
    Inline *in = arena_alloc(u->arena, sizeof *in);
    in->tmpl_binds = tmpl_binds;
    in->copy = ++u->ncopies;
    in->parent_copy = fe->copy;
    in->call = s;
    unsigned b, e;
    cursor_range(body, &b, &e);
    in->body_begin = b + 1;
    in->body_end = e - 1;
    s->kind = ST_SYNC;
    s->sync = SK_INLINE;
    s->barrier_loc = cursor_loc(fe, call);
    vec_push(u->arena, &ks->k->inlines, in);
    int nargs = clang_Cursor_getNumArguments(call);
    /* the arguments: in the caller's text, so scanned before switching to the copy */
    for (int i = 0; i < nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        Stmt *bind = new_fact_stmt(fe, ST_BIND, cursor_loc(fe, arg), s);
        Stmt *saved = ks->s;
        scan_facts(ks, bind, arg);
        ks->s = saved;
        char *text = cursor_line(fe, arg);
        if (strstr(text, "//"))
            diag_error(u, bind->loc, "a // comment inside this argument is not supported");
        vec_push(u->arena, &in->binds, bind);
        vec_push(u->arena, &in->args, text);
    }
    int saved_copy = fe->copy;
    fe->copy = in->copy;
    vec_push(u->arena, &fe->inlining, usr);
    int np = clang_Cursor_getNumArguments(def);
    for (int i = 0; i < np && i < nargs; i++) {
        CXCursor parm = clang_Cursor_getArgument(def, (unsigned)i);
        Stmt *bind = in->binds.items[i];
        Var *v = new_var(fe, ks->k, parm, bind);
        v->param_text = cursor_text(fe, parm);
        vec_push(u->arena, &bind->writes, v);
        vec_push(u->arena, &bind->decls, v);
        vec_push(u->arena, &in->params, v);
    }
    if (np != nargs)
        diag_error(u, s->loc, "call of '%s' with default arguments: not supported yet", name);
    PtrVec *list = arena_alloc(u->arena, sizeof *list);
    vec_push(u->arena, &s->bodies, list);
    int first_index = ks->k->stmts.len;
    scan_list(ks, body, list, s);
    clang_visitChildren(body, file_shared_visit, ks);   /* the kernel declares what the copy uses */
    /* returns before the end leave the call, not the thread (see check_barriers, lower_kernel) */
    PtrVec early = {0};
    for (int i = first_index; i < ks->k->stmts.len; i++) {
        Stmt *r = ks->k->stmts.items[i];
        if (r->copy != in->copy || !r->has_return || (final_return && list->len > 0 && r == list->items[list->len - 1]))
            continue;
        r->has_return = false;
        r->fret = in;
        in->early_returns = true;
        vec_push(u->arena, &early, r);
        for (int j = 0; j < r->return_facts.len; j++)
            vec_push(u->arena, &ks->k->retvals, r->return_facts.items[j]);
    }
    if (final_return && list->len > 0) {
        /* the final return ends the call, not the thread: it becomes `x = (e);` or nothing */
        Stmt *r = list->items[list->len - 1];
        r->has_return = false;
        r->returns.len = r->return_ends.len = 0;
        in->ret = r;
        /* the final return is an assignment in the leaf itself: its value's facts are the leaf's */
        for (int j = 0; j < r->return_facts.len; j++) {
            Stmt *rv = r->return_facts.items[j];
            for (int m = 0; m < rv->reads.len; m++)
                if (!vec_contains(&r->reads, rv->reads.items[m]))
                    vec_push(u->arena, &r->reads, rv->reads.items[m]);
            for (int m = 0; m < rv->writes.len; m++)
                if (!vec_contains(&r->writes, rv->writes.items[m]))
                    vec_push(u->arena, &r->writes, rv->writes.items[m]);
            r->tid_dims |= rv->tid_dims;
            r->side_effects |= rv->side_effects;
            r->calls_user_fn |= rv->calls_user_fn;
            r->touches_memory |= rv->touches_memory;
        }
        r->return_facts.len = 0;
        CXCursor value = first_child(last);
        if (!clang_Cursor_isNull(value)) {
            char *t = cursor_line(fe, value);
            if (strstr(t, "//"))
                diag_error(u, r->loc, "a // comment inside this return is not supported");
            in->ret_expr = t;
        }
    }
    if (result) {
        /* the returns assign a local of a unique name (the callee may have a local of the
         * result's name); x takes its value. Without a final return every path ends in an
         * early one (always_returns). */
        Var *tmp = new_temp(u, ks->k, arena_printf(u->arena, "__cu2c_r%d", in->copy), result->type,
                            result->loc, s, saved_copy);
        result->alias = tmp;
        in->result = result;
        in->result_tmp = tmp;
        in->result_decl = result_decl;
        if (in->ret)
            vec_push(u->arena, &in->ret->writes, tmp);
        for (int i = 0; i < early.len; i++) {
            Stmt *er = early.items[i];
            for (int j = 0; j < er->return_facts.len; j++)
                vec_push(u->arena, &((Stmt *)er->return_facts.items[j])->writes, tmp);
        }
    }
    fe->inlining.len--;
    fe->copy = saved_copy;
}

/* A for-loop leaf: its header's facts go to s->header, its body's to s (the counter then
 * varies only if the header or the body makes it). */
static void scan_for_leaf(KScan *ks, Stmt *s, CXCursor c) {
    Unit *u = ks->fe->u;
    Kids kids = children(c);
    if (kids.n < 1 || kids.n > 8) {
        scan_facts(ks, s, c);
        return;
    }
    Stmt *h = new_fact_stmt(ks->fe, ST_OTHER, s->loc, s->parent);
    s->header = h;
    vec_push(u->arena, &ks->k->headers, h);
    for (int i = 0; i < kids.n - 1; i++) {
        scan_facts(ks, h, kids.c[i]);
        /* the condition `i < N` with N a small constant */
        if (clang_getCursorKind(kids.c[i]) == CXCursor_BinaryOperator) {
            Kids ops = children(kids.c[i]);
            if (ops.n == 2) {
                CXEvalResult r = clang_Cursor_Evaluate(ops.c[1]);
                if (r) {
                    if (clang_EvalResult_getKind(r) == CXEval_Int &&
                        clang_EvalResult_getAsLongLong(r) <= 64)
                        s->short_trip = true;
                    clang_EvalResult_dispose(r);
                }
            }
        }
    }
    unsigned b, e;
    cursor_range(kids.c[kids.n - 1], &b, &e);
    s->body_begin = b;
    /* the body: break/continue at its level stay in the loop */
    int jumps_before = s->has_jump;
    ks->loop_depth++;
    ks->loop_level_jump = false;
    scan_facts(ks, s, kids.c[kids.n - 1]);
    ks->loop_depth--;
    s->body_jumps = ks->loop_level_jump || s->has_return;
    s->has_jump = jumps_before;
    /* the leaf runs its header too: what the header reads, the leaf reads */
    for (int i = 0; i < h->reads.len; i++)
        if (!vec_contains(&s->reads, h->reads.items[i]))
            vec_push(u->arena, &s->reads, h->reads.items[i]);
    s->tid_dims |= h->tid_dims;
    s->side_effects |= h->side_effects;
    s->calls_user_fn |= h->calls_user_fn;
    for (int i = 0; i < h->decls.len; i++)
        vec_push(u->arena, &s->decls, h->decls.items[i]);
}

typedef struct HoistScan {
    Fe *fe;
    PtrVec calls;           /* CXCursor* of calls to expand, in source order */
    int cond_depth;         /* inside a part evaluated only sometimes (&&, ||, ?:) */
    CXCursor bad;           /* a call that cannot be moved out */
    bool has_bad;
} HoistScan;

static bool is_expanded_call(Fe *fe, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = clang_getCursorReferenced(c);
    return !clang_Cursor_isNull(fn) && is_user_fn(fn) &&
           usr_in(&fe->barrier_fns, fe_str(fe->u->arena, fn_usr(fn)));
}

static enum CXChildVisitResult hoist_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    HoistScan *hs = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr)
        return CXChildVisit_Continue;
    if (is_expanded_call(hs->fe, c)) {
        /* its arguments must not hold such calls themselves, and it must run every time */
        CXCursor inner;
        bool nested = false;
        int n = clang_Cursor_getNumArguments(c);
        for (int i = 0; i < n; i++)
            nested |= find_in(clang_Cursor_getArgument(c, (unsigned)i), is_barrier_call, &inner);
        if ((hs->cond_depth > 0 || nested) && !hs->has_bad) {
            hs->has_bad = true;
            hs->bad = c;
        }
        CXCursor *copy = arena_alloc(hs->fe->u->arena, sizeof *copy);
        *copy = c;
        vec_push(hs->fe->u->arena, &hs->calls, copy);
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_BinaryOperator || k == CXCursor_ConditionalOperator) {
        enum CXBinaryOperatorKind op = k == CXCursor_BinaryOperator ? clang_getCursorBinaryOperatorKind(c)
                                                                     : CXBinaryOperator_Invalid;
        if (k == CXCursor_ConditionalOperator || op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
            Kids kids = children(c);
            for (int i = 0; i < kids.n && i < 3; i++) {
                hs->cond_depth += i > 0;
                if (hoist_visit(kids.c[i], c, hs) == CXChildVisit_Recurse)
                    clang_visitChildren(kids.c[i], hoist_visit, hs);
                hs->cond_depth -= i > 0;
            }
            return CXChildVisit_Continue;
        }
    }
    return CXChildVisit_Recurse;
}

/* `... f(a) ...` where f is expanded in place: f's expansion goes just before the statement,
 * into a result local the statement then reads. True when the statement was handled. */
static bool hoist_calls(KScan *ks, Stmt *s, CXCursor c, PtrVec *list, Stmt *parent) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    HoistScan hs = {.fe = fe};
    clang_visitChildren(c, hoist_visit, &hs);
    if (hs.calls.len == 0)
        return false;
    if (hs.has_bad) {
        diag_error(u, cursor_loc(fe, hs.bad), "call to '%s', which holds a barrier or __shared__ memory, "
                   "in a part of an expression that runs only sometimes, or with such a call in its "
                   "arguments: not supported yet",
                   fe_str(u->arena, clang_getCursorSpelling(clang_getCursorReferenced(hs.bad))));
        return true;
    }
    /* the statement's place in the list goes to the expansions, the statement after them */
    list->len--;
    ks->k->stmts.len--;
    unsigned anchor = s->begin;
    PtrVec hoisted = {0};
    for (int i = 0; i < hs.calls.len; i++) {
        CXCursor call = *(CXCursor *)hs.calls.items[i];
        CXCursor fn = clang_getCursorReferenced(call);
        char *usr = fe_str(u->arena, fn_usr(fn));
        CXType rt = clang_getCursorType(call);
        if (rt.kind == CXType_Void) {
            diag_error(u, cursor_loc(fe, call), "a call of '%s' (void) inside an expression",
                       fe_str(u->arena, clang_getCursorSpelling(fn)));
            return true;
        }
        Stmt *is = new_stmt(ks, call, list, parent);
        is->begin = is->end = anchor;
        Var *h = new_temp(u, ks->k, arena_printf(u->arena, "__cu2c_h%d", u->ncopies + 1),
                          fe_str(u->arena, clang_getTypeSpelling(clang_getUnqualifiedType(rt))),
                          cursor_loc(fe, call), is, fe->copy);
        vec_push(u->arena, &is->decls, h);
        scan_inline(ks, is, call, fn, usr, h, arena_printf(u->arena, "__typeof__(%s) %s", h->type, h->name));
        if (is->kind != ST_SYNC)
            return true;        /* refused inside scan_inline */
        Inline *in = ks->k->inlines.items[ks->k->inlines.len - 1];
        in->hoisted = true;
        cursor_range(call, &in->call_begin, &in->call_end);
        vec_push(u->arena, &hoisted, in);
    }
    /* the statement itself, reading the result locals */
    Stmt *leaf = new_stmt(ks, c, list, parent);
    ks->top = c;
    for (int i = 0; i < hoisted.len; i++)
        ((Inline *)hoisted.items[i])->user = leaf;
    ks->hoisted = hoisted;
    scan_facts(ks, leaf, c);
    ks->hoisted.len = 0;
    return true;
}

/* One statement of a list: a barrier, a barrier-carrying construct, or a leaf. Inside a
 * switch that holds barriers, case labels are constructs too: no thread loop may span one. */
static void scan_stmt(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    /* a call statement whose arguments are temporaries (`f(cg::tiled_partition<32>(b));`)
     * comes wrapped in their cleanups */
    if (clang_getCursorKind(c) == CXCursor_UnexposedExpr &&
        clang_getCursorKind(strip_implicit(c)) == CXCursor_CallExpr)
        c = strip_implicit(c);
    Stmt *s = new_stmt(ks, c, list, parent);
    ks->top = c;
    CXCursor barrier = clang_getNullCursor();
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_CallExpr) {
        const char *n = arena_strdup(u->arena, call_name(c));
        ReduceOp op;
        if (strcmp(n, "__syncthreads") == 0 || strcmp(n, GRID_SYNC) == 0) {
            s->kind = ST_BARRIER;
            s->grid_sync = strcmp(n, GRID_SYNC) == 0;
            return;
        }
        if (reduce_op(c, &op)) {
            /* a reduction barrier whose result is unused: a leaf holding a site, so that its
             * predicate still runs (for its side effects) in a thread loop of its own */
            scan_facts(ks, s, c);
            return;
        }
        if (is_barrier_name(n)) {
            diag_error(u, s->loc, "%s is not supported yet", n);
            return;
        }
    }
    if (kind == CXCursor_CallExpr) {
        CXCursor fn = callee_of(c);
        char *usr = clang_Cursor_isNull(fn) ? NULL : fe_str(u->arena, fn_usr(fn));
        if (usr && is_user_fn(fn) && usr_in(&fe->barrier_fns, usr)) {
            scan_inline(ks, s, c, fn, usr, NULL, NULL);
            return;
        }
    }
    if (kind == CXCursor_DeclStmt) {
        /* `T x = f(args);` with f holding a barrier */
        Kids d = children(c);
        CXCursor init = d.n == 1 && clang_getCursorKind(d.c[0]) == CXCursor_VarDecl
                            ? clang_Cursor_getVarDeclInitializer(d.c[0]) : clang_getNullCursor();
        CXCursor call = clang_Cursor_isNull(init) ? init : strip_implicit(init);
        CXCursor fn = clang_getCursorKind(call) == CXCursor_CallExpr ? clang_getCursorReferenced(call)
                                                                     : clang_getNullCursor();
        char *usr = clang_Cursor_isNull(fn) ? NULL : fe_str(u->arena, fn_usr(fn));
        if (usr && is_user_fn(fn) && usr_in(&fe->barrier_fns, usr)) {
            unsigned b, e;
            cursor_range(init, &b, &e);
            unsigned p = b;
            while (p > s->begin && (u->text[p - 1] == ' ' || u->text[p - 1] == '\t'))
                p--;
            if (p == s->begin || u->text[p - 1] != '=' ||
                clang_isConstQualifiedType(clang_getCursorType(d.c[0]))) {
                diag_error(u, s->loc, "this declaration initialised by a function holding a barrier is "
                           "not supported yet (write `T x = f(...);` with a non-const T)");
                return;
            }
            Var *x = new_var(fe, ks->k, d.c[0], s);
            vec_push(u->arena, &s->decls, x);
            scan_inline(ks, s, call, fn, usr, x, arena_strndup(u->arena, u->text + s->begin, p - 1 - s->begin));
            return;
        }
    }
    if ((clang_isExpression(kind) || kind == CXCursor_DeclStmt || kind == CXCursor_ReturnStmt) &&
        !find_in(c, is_written_barrier, NULL) && find_barrier(c, NULL)) {
        /* calls of expanded functions inside the statement's expressions */
        if (hoist_calls(ks, s, c, list, parent))
            return;
    }
    bool case_label = parent && parent->kind == ST_SYNC && parent->sync == SK_SWITCH &&
                      (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt);
    bool expression = clang_isExpression(kind) || kind == CXCursor_DeclStmt || kind == CXCursor_NullStmt;
    /* a construct: it holds a __syncthreads(), or (not being an expression) a call expanded in
     * place, or it is a case label among barriers */
    bool construct = find_plain_barrier(c, &barrier) ||
                     ((case_label || !expression) && find_barrier(c, &barrier)) || case_label;
    /* an if whose condition only holds warp functions (sites), its branches nothing: a leaf
     * holding them, run per thread like any leaf */
    if (construct && kind == CXCursor_IfStmt && !find_plain_barrier(c, NULL)) {
        Kids kids = children(c);
        int ci = 0;
        while (ci < kids.n && !clang_isExpression(clang_getCursorKind(kids.c[ci])))
            ci++;
        bool branches = ci > 0;     /* an init statement or a condition variable: a construct */
        for (int i = ci + 1; i < kids.n; i++)
            branches |= find_barrier(kids.c[i], NULL);
        construct = branches;
    }
    if (!construct) {
        /* a leaf: reduction barriers in it are sites (scan_site) */
        if (kind == CXCursor_ForStmt)
            scan_for_leaf(ks, s, c);
        else
            scan_facts(ks, s, c);
        if (kind == CXCursor_IfStmt)
            scan_if_guards(ks, s, c);
        return;
    }
    if (clang_isExpression(kind) || kind == CXCursor_DeclStmt || kind == CXCursor_ReturnStmt) {
        const char *n = fe_str(u->arena, clang_getCursorSpelling(callee_of(barrier)));
        if (is_barrier_name(call_name(barrier)))
            diag_error(u, cursor_loc(fe, barrier), "%s() inside an expression is not supported yet",
                       shown_name(barrier));
        else
            diag_error(u, cursor_loc(fe, barrier), "call to '%s', which holds a barrier or __shared__ "
                       "memory, inside an expression: not supported yet (call it as a statement of "
                       "its own, or as `T x = %s(...);`)", n, n);
        return;
    }
    if (clang_Cursor_isNull(barrier))
        barrier = c;
    scan_sync(ks, s, c, barrier);
}

/* The statements of a body: a { } block's children, or a single statement. */
static enum CXChildVisitResult list_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    void **ctx = d;
    scan_stmt(ctx[0], c, ctx[1], ctx[2]);
    return CXChildVisit_Continue;
}

static void scan_list(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent) {
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        void *ctx[3] = {ks, list, parent};
        clang_visitChildren(c, list_visit, ctx);
    } else {
        scan_stmt(ks, c, list, parent);
    }
}

/* File-scope __shared__ variables this kernel names. */
static enum CXChildVisitResult file_shared_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KScan *ks = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && has_attr(ref, CXCursor_CUDASharedAttr) &&
            clang_getCursorKind(clang_getCursorSemanticParent(ref)) != CXCursor_FunctionDecl) {
            SrcLoc l = cursor_loc(ks->fe, ref);
            Unit *u = ks->fe->u;
            for (int i = 0; i < u->file_shared.len; i++) {
                FileShared *fs = u->file_shared.items[i];
                unsigned b, e;
                cursor_range(ref, &b, &e);
                if (l.file == u->path && b >= fs->begin && b < fs->end &&
                    !vec_contains(&ks->k->file_shared, fs))
                    vec_push(u->arena, &ks->k->file_shared, fs);
            }
        }
    }
    return CXChildVisit_Recurse;
}

typedef struct ParamScan {
    Fe *fe;
    Kernel *k;
} ParamScan;

static enum CXChildVisitResult param_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    ParamScan *ps = d;
    if (clang_getCursorKind(c) != CXCursor_ParmDecl)
        return CXChildVisit_Continue;
    Arena *a = ps->fe->u->arena;
    Param *p = arena_alloc(a, sizeof *p);
    p->name = fe_str(a, clang_getCursorSpelling(c));
    p->text = cursor_text(ps->fe, c);
    p->type = fe_str(a, clang_getTypeSpelling(clang_getCursorType(c)));
    vec_push(a, &ps->k->params, p);
    Var *v = new_var(ps->fe, ps->k, c, NULL);
    v->is_param = true;
    if (!*p->name)
        diag_error(ps->fe->u, cursor_loc(ps->fe, c), "kernel parameters must be named");
    return CXChildVisit_Continue;
}

typedef struct TemplateScan {
    Fe *fe;
    Buf args;
    unsigned last_end;      /* end of the last template parameter */
    int n;
} TemplateScan;

static enum CXChildVisitResult template_param_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    TemplateScan *ts = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter &&
        k != CXCursor_TemplateTemplateParameter)
        return CXChildVisit_Continue;
    char *name = fe_str(ts->fe->u->arena, clang_getCursorSpelling(c));
    char *text = cursor_text(ts->fe, c);
    unsigned b, e;
    cursor_range(c, &b, &e);
    ts->last_end = e;
    buf_printf(&ts->args, "%s%s%s", ts->n++ ? ", " : "", name, strstr(text, "...") ? "..." : "");
    return CXChildVisit_Continue;
}

/* A kernel template: its `template <...>` header and the arguments naming the specialisation
 * being compiled (the block function and the stub stay templates: C++ instantiates them for
 * each launch's types). */
static bool template_of(Fe *fe, Kernel *k, CXCursor fn) {
    Unit *u = fe->u;
    TemplateScan ts = {.fe = fe};
    clang_visitChildren(fn, template_param_visit, &ts);
    unsigned p = ts.last_end;
    while (p < u->len && u->text[p] != '>')
        p++;
    if (ts.n == 0 || p >= u->len || strncmp(u->text + k->decl_begin, "template", 8) != 0) {
        diag_error(u, k->loc, "this kernel template is not supported yet");
        buf_free(&ts.args);
        return false;
    }
    k->tmpl_header = arena_strndup(u->arena, u->text + k->decl_begin, p + 1 - k->decl_begin);
    k->tmpl_args = arena_printf(u->arena, "<%s>", ts.args.data);
    buf_free(&ts.args);
    return true;
}

static void scan_kernel(Fe *fe, CXCursor fn) {
    Unit *u = fe->u;
    Kernel *k = arena_alloc(u->arena, sizeof *k);
    k->name = fe_str(u->arena, clang_getCursorSpelling(fn));
    k->loc = cursor_loc(fe, fn);
    unsigned b, e;
    cursor_range(fn, &b, &e);
    /* `extern "C" __global__ void k(...)`: the linkage goes with the kernel's stub (the
     * functions cu2c puts where the kernel was are static, which such a prefix forbids) */
    CXCursor ls = clang_getCursorLexicalParent(fn);
    if (clang_getCursorKind(ls) == CXCursor_LinkageSpec) {
        unsigned lb, le;
        cursor_range(ls, &lb, &le);
        if (lb < b && le == e && !memchr(u->text + lb, '{', b - lb))
            b = lb;
    }
    k->decl_begin = b;
    k->body_end = e;
    ParamScan ps = {fe, k};
    clang_visitChildren(fn, param_visit, &ps);
    if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate && !template_of(fe, k, fn))
        return;
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(fn, find_body, &body);
    unsigned bb, be;
    cursor_range(body, &bb, &be);
    k->body_begin = bb;
    if (u->text[bb] != '{' || be != e || u->text[be - 1] != '}') {
        diag_error(u, k->loc, "kernel '%s': cannot locate its body (is it defined by a macro?)", k->name);
        return;
    }
    KScan ks = {.fe = fe, .k = k};
    scan_list(&ks, body, &k->body, NULL);
    clang_visitChildren(body, file_shared_visit, &ks);
    vec_push(u->arena, &u->kernels, k);
}

static long long const_int(CXCursor c, bool *ok) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    long long v = 0;
    *ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (*ok)
        v = clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return v;
}

/* A launch's block shape when it is written with constants: `256`, `dim3(16, 16)`, or a dim3
 * variable initialised so. Only a guess: the specialised code is taken when the real shape
 * matches at run time. */
static void guess_shape(CXCursor arg, int shape[3]) {
    bool ok;
    for (int depth = 0; depth < 6; depth++) {
        long long v = const_int(arg, &ok);
        if (ok && v > 0 && v <= 1024) {
            shape[0] = (int)v;
            shape[1] = shape[2] = 1;
            return;
        }
        enum CXCursorKind k = clang_getCursorKind(arg);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor d = clang_getCursorReferenced(arg);
            if (clang_getCursorKind(d) != CXCursor_VarDecl)
                return;
            arg = clang_Cursor_getVarDeclInitializer(d);
            if (clang_Cursor_isNull(arg))
                return;
            continue;
        }
        if (k == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(arg)) == CXCursor_Constructor) {
            int n = clang_Cursor_getNumArguments(arg);
            if (n == 1 && clang_getCursorKind(strip_implicit(clang_Cursor_getArgument(arg, 0))) != CXCursor_IntegerLiteral &&
                !const_int(clang_Cursor_getArgument(arg, 0), &ok) && !ok) {
                arg = clang_Cursor_getArgument(arg, 0);    /* a copy: dim3(other) */
                continue;
            }
            int dims[3] = {1, 1, 1};
            for (int i = 0; i < n && i < 3; i++) {
                long long d = const_int(clang_Cursor_getArgument(arg, (unsigned)i), &ok);
                if (!ok || d <= 0 || d > 1024)
                    return;
                dims[i] = (int)d;
            }
            memcpy(shape, dims, sizeof dims);
            return;
        }
        if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) {
            CXCursor inner = first_child(arg);
            if (clang_Cursor_isNull(inner))
                return;
            arg = inner;
            continue;
        }
        return;
    }
}

static void scan_launch(Fe *fe, CXCursor c, bool in_device_code) {
    Unit *u = fe->u;
    Kids kids = children(c);
    if (kids.n < 2 || clang_getCursorKind(kids.c[1]) != CXCursor_CallExpr)
        return;
    CXString sp = clang_getCursorSpelling(kids.c[1]);
    const char *n = clang_getCString(sp);
    bool is_config = n && (strcmp(n, "cudaConfigureCall") == 0 ||
                           strcmp(n, "__cudaPushCallConfiguration") == 0);
    clang_disposeString(sp);
    if (!is_config)
        return;
    Launch *l = arena_alloc(u->arena, sizeof *l);
    l->loc = cursor_loc(fe, c);
    if (in_device_code) {
        diag_error(u, l->loc, "kernel launch inside device code (dynamic parallelism) is not supported");
        return;
    }
    cursor_range(kids.c[0], &l->callee_begin, &l->callee_end);
    cursor_range(kids.c[1], &l->config_begin, &l->config_end);
    unsigned cb;
    cursor_range(c, &cb, &l->call_end);
    Kids cfg = children(kids.c[1]);
    for (int i = 1; i < cfg.n && i < 5 && i < 8; i++) {
        unsigned b, e;
        cursor_range(cfg.c[i], &b, &e);
        if (e <= b)
            continue;       /* a default argument: not written */
        l->config[l->nconfig++] = cursor_line(fe, cfg.c[i]);
    }
    l->kernel = fe_str(u->arena, clang_getCursorSpelling(clang_getCursorReferenced(kids.c[0])));
    if (cfg.n > 2)
        guess_shape(cfg.c[2], l->shape);
    if (l->callee_end > l->config_begin || l->config_end <= l->config_begin ||
        strncmp(u->text + l->config_begin, "<<<", 3) != 0) {
        diag_error(u, l->loc, "cu2c cannot rewrite this kernel launch (is it written by a macro?)");
        return;
    }
    vec_push(u->arena, &u->launches, l);
}

typedef struct Walk {
    Fe *fe;
    bool in_device_code;
} Walk;

/* Everything in the main file: launches, and the first C++ construct. */
static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Walk *w = d;
    Fe *fe = w->fe;
    Unit *u = fe->u;
    if (!in_main_file(fe, c))
        return CXChildVisit_Continue;
    if (!u->cxx_reason) {
        const char *why = cxx_construct(fe, c);
        if (why) {
            SrcLoc l = cursor_loc(fe, c);
            u->cxx_reason = arena_printf(u->arena, "%s at line %u", why, l.line);
        }
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        scan_launch(fe, c, w->in_device_code);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl && !u->cxx_reason) {
        char *name = fe_str(u->arena, clang_getCursorSpelling(c));
        char *usr = fe_str(u->arena, clang_getCursorUSR(c));
        for (int i = 0; i < fe->fn_names.len; i++)
            if (strcmp(fe->fn_names.items[i], name) == 0 && strcmp(fe->fn_usrs.items[i], usr) != 0)
                u->cxx_reason = arena_printf(u->arena, "the overloaded function '%s' at line %u",
                                             name, cursor_loc(fe, c).line);
        vec_push(u->arena, &fe->fn_names, name);
        vec_push(u->arena, &fe->fn_usrs, usr);
    }
    if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) {
        bool dev = has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr);
        bool host = has_attr(c, CXCursor_CUDAHostAttr) || !dev;
        Walk inner = {fe, dev && !host};
        clang_visitChildren(c, walk_visit, &inner);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

/* Is decl one of the main file's file-scope __shared__ variables? */
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

typedef struct TuScan {
    Fe *fe;
    PtrVec user_fns;        /* UserFn* */
    bool kernels;           /* second walk: check functions and scan kernels */
    PtrVec kernel_names, kernel_scopes; /* kernels seen, with the USR of their scope */
} TuScan;

/* User functions: who reads threadIdx & co., who has barriers, who calls whom; then the
 * transitive closure over calls. */
static enum CXChildVisitResult userfn_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    TuScan *ts = d;
    Fe *fe = ts->fe;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl ||
        k == CXCursor_ClassDecl)
        return CXChildVisit_Recurse;
    if (k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
        return CXChildVisit_Continue;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)) || !clang_isCursorDefinition(c))
        return CXChildVisit_Continue;
    FnScan s = {.fe = fe, .fn = c};
    clang_visitChildren(c, fn_scan_visit, &s);
    if (!ts->kernels) {
        UserFn *f = arena_alloc(fe->u->arena, sizeof *f);
        f->usr = fe_str(fe->u->arena, clang_getCursorUSR(c));
        f->reads_builtin = s.reads_builtin;
        f->asserts = s.asserts;
        /* __shared__ storage is per block: such a function is expanded into the kernel too */
        f->has_barrier = s.has_barrier || s.has_shared || s.uses_file_shared;
        f->has_block_barrier = s.has_block_barrier;
        f->impure = s.impure || s.reads_builtin || s.has_barrier || s.has_shared;
        f->callees = s.callees;
        vec_push(fe->u->arena, &ts->user_fns, f);
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
        vec_push(fe->u->arena, &fe->u->inlined_fns, df);
    }
    /* Threads of a block run one after another here, not in lockstep: code relying on a
     * warp's lockstep through volatile memory would silently compute something else. */
    if (device && s.has_volatile)
        diag_error(fe->u, cursor_loc(fe, s.first_volatile),
                   "volatile in device code (warp-synchronous programming) is not supported yet");
    if (device && s.has_dependent_group) {
        const char *m = s.dependent_name;
        diag_error(fe->u, cursor_loc(fe, s.dependent_group),
                   "%s() on a group whose type depends on a template parameter is not supported yet "
                   "(cu2c needs the group's type where the template is written, e.g. "
                   "thread_block_tile<32>)", m);
    }
    if (kernel && s.has_goto)
        diag_error(fe->u, cursor_loc(fe, s.first_goto), "goto in a kernel is not supported yet");
    if (!kernel && s.uses_file_shared && !is_file_shared(fe, clang_getCursorReferenced(s.first_file_shared)))
        diag_error(fe->u, cursor_loc(fe, s.first_file_shared),
                   "__shared__ variable declared extern inside a function: not supported yet");
    /* functions holding barriers are expanded into kernels: they see the kernel's builtins */
    if (!kernel && s.reads_builtin && !expanded) {
        CXCursor body = clang_getNullCursor();
        clang_visitChildren(c, find_body, &body);
        unsigned b, e;
        cursor_range(body, &b, &e);
        if (!in_main_file(fe, c) || clang_Cursor_isNull(body) || fe->u->text[b] != '{') {
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
    else if (kernel && !in_main_file(fe, c) && fe->may_splice) {
        /* spliced into the .cu and parsed again (see fe_parse) */
        CXFile f;
        clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
        char *path = fe_str(fe->u->arena, clang_getFileName(f));
        if (!usr_in(&fe->splice, path))
            vec_push(fe->u->arena, &fe->splice, path);
    } else if (kernel && !in_main_file(fe, c))
        diag_error(fe->u, cursor_loc(fe, c), "kernel '%s' is defined in a header that the .cu file does "
                   "not include directly: not supported yet", fe_str(fe->u->arena, clang_getCursorSpelling(c)));
    else if (kernel) {
        /* the stub is named after the kernel: two kernels of one name in one scope would
         * make (void *)k ambiguous */
        char *name = fe_str(fe->u->arena, clang_getCursorSpelling(c));
        char *scope = fe_str(fe->u->arena, clang_getCursorUSR(clang_getCursorSemanticParent(c)));
        bool twin = false;
        for (int i = 0; i < ts->kernel_names.len; i++)
            twin |= strcmp(ts->kernel_names.items[i], name) == 0 &&
                    strcmp(ts->kernel_scopes.items[i], scope) == 0;
        vec_push(fe->u->arena, &ts->kernel_names, name);
        vec_push(fe->u->arena, &ts->kernel_scopes, scope);
        if (twin)
            diag_error(fe->u, cursor_loc(fe, c), "overloaded kernel '%s' is not supported yet", name);
        else
            scan_kernel(fe, c);
    }
    return CXChildVisit_Continue;
}

static void close_user_fns(Fe *fe, TuScan *ts) {
    bool changed = true;
    for (int i = 0; i < ts->user_fns.len; i++) {
        UserFn *f = ts->user_fns.items[i];
        if (f->reads_builtin || f->asserts)
            vec_push(fe->u->arena, &fe->tls_fns, f->usr);
        if (f->has_barrier)
            vec_push(fe->u->arena, &fe->barrier_fns, f->usr);
        if (f->has_block_barrier)
            vec_push(fe->u->arena, &fe->block_barrier_fns, f->usr);
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
                if (usr_in(&fe->barrier_fns, f->callees.items[j]) && !usr_in(&fe->barrier_fns, f->usr)) {
                    vec_push(fe->u->arena, &fe->barrier_fns, f->usr);
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

/* File-scope __shared__ variables in the main file. */
static enum CXChildVisitResult file_scope_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Fe *fe = d;
    Unit *u = fe->u;
    if (clang_getCursorKind(c) != CXCursor_VarDecl || !has_attr(c, CXCursor_CUDASharedAttr))
        return CXChildVisit_Continue;
    if (!in_main_file(fe, c)) {
        diag_error(u, cursor_loc(fe, c), "__shared__ variable at file scope in a header is not supported");
        return CXChildVisit_Continue;
    }
    FileShared *fs = arena_alloc(u->arena, sizeof *fs);
    fs->name = fe_str(u->arena, clang_getCursorSpelling(c));
    unsigned b, e;
    cursor_range(c, &b, &e);
    fs->begin = b;
    fs->end = stmt_end(u, e);
    fs->decl_text = arena_strndup(u->arena, u->text + b, e - b);
    fs->type = fe_str(u->arena, clang_getTypeSpelling(clang_getCursorType(c)));
    if (clang_Cursor_getStorageClass(c) == CX_SC_Extern)
        fs->elem_type = fe_str(u->arena, clang_getTypeSpelling(clang_getArrayElementType(clang_getCursorType(c))));
    vec_push(u->arena, &u->file_shared, fs);
    return CXChildVisit_Continue;
}

/* Tokens of the main file: C++-only keywords make the output C++; __CUDA_ARCH__ is refused
 * (the parse sees the host side only, so device-side #if branches would be dropped). */
static void scan_tokens(Fe *fe) {
    static const char *const cxx_keywords[] = {
        "auto", "class", "constexpr", "consteval", "constinit", "decltype", "delete", "explicit",
        "friend", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
        "protected", "public", "static_assert", "template", "this", "throw", "try", "catch",
        "typename", "using", "virtual", "alignas", "alignof", "thread_local", "static_cast",
        "dynamic_cast", "reinterpret_cast", "const_cast", "typeid", "concept", "requires", NULL};
    Unit *u = fe->u;
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(fe->tu, fe->main_file, 0),
                                       clang_getLocationForOffset(fe->tu, fe->main_file, (unsigned)u->len));
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(fe->tu, all, &toks, &n);
    bool arch_reported = false;
    for (unsigned i = 0; i < n; i++) {
        CXTokenKind tk = clang_getTokenKind(toks[i]);
        if (tk != CXToken_Keyword && tk != CXToken_Identifier)
            continue;
        CXString sp = clang_getTokenSpelling(fe->tu, toks[i]);
        const char *t = clang_getCString(sp);
        if (tk == CXToken_Identifier && strcmp(t, "__CUDA_ARCH__") == 0 && !arch_reported) {
            diag_error(u, fe_loc(fe, clang_getTokenLocation(fe->tu, toks[i])),
                       "__CUDA_ARCH__ is not supported yet: cu2c would see only the host side of "
                       "this conditional");
            arch_reported = true;
        }
        for (int k = 0; tk == CXToken_Keyword && !u->cxx_reason && cxx_keywords[k]; k++)
            if (strcmp(t, cxx_keywords[k]) == 0)
                u->cxx_reason = arena_printf(u->arena, "the C++ keyword '%s' at line %u", t,
                                             fe_loc(fe, clang_getTokenLocation(fe->tu, toks[i])).line);
        clang_disposeString(sp);
    }
    clang_disposeTokens(fe->tu, toks, n);
}

/* A C++ standard header included anywhere makes the output C++. */
static void inclusion_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    Fe *fe = d;
    if (fe->u->cxx_reason || depth == 0)
        return;
    /* only what the user's own files include: cu2c's headers pull in C headers that
     * libstdc++ wraps when parsing as CUDA C++ */
    if (clang_Location_isInSystemHeader(stack[0]))
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    const char *base = n ? strrchr(n, '/') : NULL;
    if (n && strstr(n, "/include/c++/") && base && !strchr(base, '.'))
        fe->u->cxx_reason = arena_printf(fe->u->arena, "includes the C++ header <%s>", base + 1);
    clang_disposeString(name);
}

/* A CUDA toolkit header found on the system (e.g. /usr/local/include -> /usr/local/cuda):
 * cu2c provides its own for what it supports; anything else from the toolkit would fail in
 * confusing ways (or be silently mixed with cu2c's), so it is refused where it is included. */
static bool is_toolkit_file(const char *path) {
    char real[4096];
    if (!path || strncmp(path, VIRTUAL_INCLUDE, strlen(VIRTUAL_INCLUDE)) == 0 || !realpath(path, real))
        return false;
    for (const char *p = strstr(real, "/cuda"); p; p = strstr(p + 1, "/cuda"))
        if (p[5] == '/' || p[5] == '-')
            return strstr(real, "/include/") != NULL;
    return false;
}

typedef struct ToolkitScan {
    Fe *fe;
    int reported;
} ToolkitScan;

static void toolkit_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    ToolkitScan *ts = d;
    if (depth == 0 || ts->reported)
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    if (is_toolkit_file(n)) {
        CXFile from;
        clang_getExpansionLocation(stack[0], &from, NULL, NULL, NULL);
        CXString fromname = clang_getFileName(from);
        if (!is_toolkit_file(clang_getCString(fromname))) {
            const char *base = strrchr(n, '/');
            diag_error(ts->fe->u, fe_loc(ts->fe, stack[0]),
                       "'%s' is a CUDA toolkit header cu2c does not provide: not supported yet",
                       base ? base + 1 : n);
            ts->reported++;
        }
        clang_disposeString(fromname);
    }
    clang_disposeString(name);
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    Buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        buf_put(&b, tmp, n);
    fclose(f);
    if (!b.data)
        buf_put(&b, "", 0);
    *len = b.len;
    return b.data;
}

static int forward_diagnostics(Fe *fe) {
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Warning) {
            CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                       CXDiagnostic_DisplayColumn |
                                                       CXDiagnostic_DisplayOption);
            fprintf(stderr, "%s\n", clang_getCString(s));
            clang_disposeString(s);
            SrcLoc l = fe_loc(fe, clang_getDiagnosticLocation(d));
            if (l.file == fe->u->path && l.line > 0) {
                /* the source line and caret, as compilers print them */
                Unit *u = fe->u;
                unsigned st = l.offset, en = l.offset;
                while (st > 0 && u->text[st - 1] != '\n')
                    st--;
                while (en < u->len && u->text[en] != '\n')
                    en++;
                fprintf(stderr, "%.*s\n%*s^\n", (int)(en - st), u->text + st, (int)(l.offset - st), "");
            }
        }
        if (sev >= CXDiagnostic_Error)
            errors++;
        clang_disposeDiagnostic(d);
    }
    return errors;
}

typedef struct SpliceScan {
    Fe *fe;
    PtrVec *headers;        /* char* paths wanted */
    PtrVec at;              /* unsigned[2]*: an #include of one in the main file: offset, index */
} SpliceScan;

static void splice_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    SpliceScan *ss = d;
    if (depth != 1)
        return;
    CXFile from;
    unsigned off;
    clang_getExpansionLocation(stack[0], &from, NULL, NULL, &off);
    if (!from || !clang_File_isEqual(from, ss->fe->main_file))
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    for (int i = 0; i < ss->headers->len; i++)
        if (n && strcmp(n, ss->headers->items[i]) == 0) {
            /* every #include of it in the .cu: the first gets its text, the others nothing */
            unsigned *o = arena_alloc(ss->fe->u->arena, sizeof *o * 2);
            o[0] = off;
            o[1] = (unsigned)i;
            vec_push(ss->fe->u->arena, &ss->at, o);
        }
    clang_disposeString(name);
}

/* One parse of the main text; 0 when it went through, 1 after errors, 2 when headers the .cu
 * includes define kernels (fe->splice names them, splice_at gets their #include offsets). */
static int parse_once(Fe *fe, const Options *opt, PtrVec *args, struct CXUnsavedFile *files, int nfiles,
                      PtrVec *splice_at) {
    Unit *u = fe->u;
    CXIndex index = clang_createIndex(0, 0);
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, opt->input, (const char *const *)args->items, args->len, files, (unsigned)nfiles,
        CXTranslationUnit_KeepGoing, &fe->tu);
    if (rc != CXError_Success || !fe->tu) {
        fprintf(stderr, "cu2c: error: libclang could not parse '%s' (error %d)\n", opt->input, (int)rc);
        clang_disposeIndex(index);
        return 1;
    }
    fe->main_file = clang_getFile(fe->tu, opt->input);
    scan_fe = fe;
    ToolkitScan tks = {fe, 0};
    clang_getInclusions(fe->tu, toolkit_visit, &tks);
    int errors = tks.reported ? tks.reported : forward_diagnostics(fe);
    int result = errors ? 1 : 0;
    if (errors == 0) {
        CXCursor tu = clang_getTranslationUnitCursor(fe->tu);
        clang_visitChildren(tu, file_scope_visit, fe);
        /* first pass: user functions and their facts; then kernels need the closure */
        TuScan ts = {.fe = fe};
        clang_visitChildren(tu, userfn_visit, &ts);
        close_user_fns(fe, &ts);
        ts.kernels = true;
        clang_visitChildren(tu, userfn_visit, &ts);
        if (fe->splice.len) {
            SpliceScan ss = {fe, &fe->splice, {0}};
            clang_getInclusions(fe->tu, splice_visit, &ss);
            *splice_at = ss.at;
            result = 2;
        } else {
            Walk w = {fe, false};
            clang_visitChildren(tu, walk_visit, &w);
            clang_getInclusions(fe->tu, inclusion_visit, fe);
            scan_tokens(fe);
        }
    }
    clang_disposeTranslationUnit(fe->tu);
    clang_disposeIndex(index);
    scan_fe = NULL;
    return u->errors ? 1 : result;
}

/* The output line after those in files/lines shows line `line` of `file`. */
static void map_line(Arena *a, PtrVec *files, PtrVec *lines, const char *file, unsigned line) {
    unsigned *l = arena_alloc(a, sizeof *l);
    *l = line;
    vec_push(a, files, (void *)file);
    vec_push(a, lines, l);
}

/* The main text with each header that defines kernels and is included by it put in place of
 * its #include, between #line directives; line_file/line_no map the result's lines back. */
static bool splice_headers(Unit *u, PtrVec *paths, PtrVec *at) {
    Arena *a = u->arena;
    /* #include lines naming a spliced header that clang skipped (#pragma once, guards) go too */
    for (unsigned p = 0; p < u->len;) {
        unsigned e = p;
        while (e < u->len && u->text[e] != '\n')
            e++;
        const char *q = u->text + p, *end = u->text + e;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        if (q < end && *q == '#') {
            q++;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (end - q > 7 && strncmp(q, "include", 7) == 0) {
                const char *open = memchr(q, '"', (size_t)(end - q));
                const char *close = open ? memchr(open + 1, '"', (size_t)(end - open - 1)) : NULL;
                for (int i = 0; close && i < paths->len; i++) {
                    const char *hp = paths->items[i];
                    const char *base = strrchr(hp, '/') ? strrchr(hp, '/') + 1 : hp;
                    const char *ib = open + 1;
                    for (const char *c = open + 1; c < close; c++)
                        if (*c == '/')
                            ib = c + 1;
                    bool listed = false;
                    for (int j = 0; j < at->len; j++) {
                        unsigned o = ((unsigned *)at->items[j])[0];
                        listed |= o >= p && o <= e;
                    }
                    if (!listed && (size_t)(close - ib) == strlen(base) && strncmp(ib, base, strlen(base)) == 0) {
                        unsigned *o = arena_alloc(a, sizeof *o * 2);
                        o[0] = p;
                        o[1] = (unsigned)i;
                        vec_push(a, at, o);
                    }
                }
            }
        }
        p = e + 1;
    }
    Buf out = {0};
    PtrVec files = {0}, lines = {0};   /* per output line: const char *, unsigned * */
    vec_push(a, &files, NULL);
    vec_push(a, &lines, NULL);
    unsigned pos = 0, main_line = 1;
    for (;;) {
        /* the next #include to replace */
        int next = -1;
        for (int i = 0; i < at->len; i++) {
            unsigned *o = at->items[i];
            if (o && o[0] >= pos && (next < 0 || o[0] < ((unsigned *)at->items[next])[0]))
                next = i;
        }
        unsigned stop = next < 0 ? (unsigned)u->len : ((unsigned *)at->items[next])[0];
        while (stop > pos && u->text[stop - 1] != '\n')
            stop--;
        /* copy main lines up to the directive's line */
        for (unsigned p = pos; p < stop; p++) {
            buf_put(&out, u->text + p, 1);
            if (u->text[p] == '\n')
                map_line(a, &files, &lines, u->path, main_line++);
        }
        if (next < 0) {
            if (u->len > stop && u->text[u->len - 1] != '\n')
                map_line(a, &files, &lines, u->path, main_line);
            break;
        }
        unsigned eol = stop;
        while (eol < u->len && u->text[eol] != '\n')
            eol++;
        unsigned which = ((unsigned *)at->items[next])[1];
        const char *path = paths->items[which];
        at->items[next] = NULL;
        pos = eol < u->len ? eol + 1 : eol;
        if (!path) {
            /* included again: already spliced, the line stays empty */
            buf_puts(&out, "\n");
            map_line(a, &files, &lines, u->path, main_line++);
            continue;
        }
        paths->items[which] = NULL;
        size_t hlen;
        char *h = read_file(path, &hlen);
        if (!h) {
            buf_free(&out);
            return false;
        }
        buf_puts(&out, "#line 1 \"");
        put_path(&out, path);
        buf_puts(&out, "\"\n");
        map_line(a, &files, &lines, path, 0);
        unsigned hline = 1;
        for (size_t p = 0; p < hlen;) {
            size_t e = p;
            while (e < hlen && h[e] != '\n')
                e++;
            const char *ln = h + p;
            while (ln < h + e && (*ln == ' ' || *ln == '\t'))
                ln++;
            if (strncmp(ln, "#pragma once", 12) == 0)
                buf_puts(&out, "");         /* the header is now part of the main file */
            else
                buf_put(&out, h + p, e - p);
            buf_puts(&out, "\n");
            map_line(a, &files, &lines, path, hline++);
            p = e + 1;
        }
        free(h);
        main_line++;        /* the directive's own line */
        buf_printf(&out, "#line %u \"", main_line);
        put_path(&out, u->path);
        buf_puts(&out, "\"\n");
        map_line(a, &files, &lines, u->path, 0);
    }
    u->text = arena_strndup(a, out.data ? out.data : "", out.len);
    u->len = out.len;
    u->nlines = (unsigned)files.len - 1;
    u->line_file = (const char **)files.items;
    u->line_no = arena_alloc(a, sizeof(unsigned) * ((size_t)u->nlines + 1));
    for (unsigned i = 1; i <= u->nlines; i++)
        u->line_no[i] = *(unsigned *)lines.items[i];
    buf_free(&out);
    return true;
}

Unit *fe_parse(Arena *a, const Options *opt) {
    Unit *u = arena_alloc(a, sizeof *u);
    u->arena = a;
    u->path = opt->input;
    size_t len;
    char *text = read_file(opt->input, &len);
    if (!text) {
        fprintf(stderr, "cu2c: error: cannot open '%s': %s\n", opt->input, strerror(errno));
        return NULL;
    }
    u->text = arena_strndup(a, text, len);
    u->len = len;
    free(text);

    PtrVec args = {0};
    static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                       "--cuda-path=/nonexistent", "-std=c++17", "-isystem",
                                       VIRTUAL_INCLUDE, "-idirafter", VIRTUAL_INCLUDE "/cu2c/parse",
                                       "-include", "cuda_runtime.h",
                                       "-DCU2C_PARSING=1", "-D__CU2C__=1", "-Wno-unknown-cuda-version",
                                       "-Wno-reserved-user-defined-literal", "-ferror-limit=50"};
    for (size_t i = 0; i < sizeof base / sizeof *base; i++)
        vec_push(a, &args, (void *)base[i]);
    for (int i = 0; i < opt->clang_args.len; i++)
        vec_push(a, &args, opt->clang_args.items[i]);

    int nfiles = cu2c_embedded_header_count;
    struct CXUnsavedFile *files = arena_alloc(a, sizeof *files * (size_t)(nfiles + 1));
    for (int i = 0; i < nfiles; i++) {
        files[i].Filename = arena_printf(a, "%s/%s", VIRTUAL_INCLUDE, cu2c_embedded_headers[i].name);
        files[i].Contents = cu2c_embedded_headers[i].text;
        files[i].Length = cu2c_embedded_headers[i].size;
    }
    Fe fe = {.u = u, .may_splice = true};
    PtrVec at = {0};
    int rc = parse_once(&fe, opt, &args, files, nfiles, &at);
    if (rc == 2) {
        /* kernels in headers: parse again with those headers spliced into the main text */
        for (int i = 0; i < fe.splice.len; i++) {
            bool found = false;
            for (int j = 0; j < at.len; j++)
                found |= ((unsigned *)at.items[j])[1] == (unsigned)i;
            if (!found) {
                fprintf(stderr, "cu2c: error: '%s' defines kernels but is not included by '%s' directly: "
                        "not supported yet\n", (char *)fe.splice.items[i], opt->input);
                return NULL;
            }
        }
        Unit *u2 = arena_alloc(a, sizeof *u2);
        u2->arena = a;
        u2->path = opt->input;
        u2->text = u->text;
        u2->len = u->len;
        if (!splice_headers(u2, &fe.splice, &at)) {
            fprintf(stderr, "cu2c: error: cannot read the headers defining kernels\n");
            return NULL;
        }
        files[nfiles].Filename = opt->input;
        files[nfiles].Contents = u2->text;
        files[nfiles].Length = u2->len;
        Fe fe2 = {.u = u2};
        PtrVec none = {0};
        rc = parse_once(&fe2, opt, &args, files, nfiles + 1, &none);
        u = u2;
    }
    if (rc != 0)
        return NULL;
    u->is_cxx = opt->lang == 2 || (opt->lang == 0 && u->cxx_reason != NULL);
    return u;
}
