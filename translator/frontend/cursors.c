/* cursors.c - small helpers over libclang's cursors: text, locations and ranges in the
 * main text, children, attributes, what a call calls, which calls are barriers. */
#include "fe.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- the unit's declarations ---------------------------------------------------------- */

typedef struct UnitVisit {
    CXCursorVisitor visit;
    CXClientData data;
} UnitVisit;

static enum CXChildVisitResult unit_visit(CXCursor c, CXCursor parent, CXClientData d) {
    UnitVisit *uv = d;
    CXCursor pattern = clang_getSpecializedCursorTemplate(c);
    if (!clang_Cursor_isNull(pattern)) {
        /* an instantiation is where its template (or member function) was declared or
         * defined; an explicit specialization, where it is written */
        CXSourceLocation l = clang_getCursorLocation(c);
        if (clang_equalLocations(l, clang_getCursorLocation(pattern)) ||
            clang_equalLocations(l, clang_getCursorLocation(clang_getCursorDefinition(pattern))) ||
            clang_equalLocations(l, clang_getCursorLocation(clang_getCanonicalCursor(pattern))))
            return CXChildVisit_Continue;
    }
    enum CXChildVisitResult r = uv->visit(c, parent, uv->data);
    if (r == CXChildVisit_Recurse)
        return clang_visitChildren(c, uv->visit, uv->data) ? CXChildVisit_Break : CXChildVisit_Continue;
    return r;
}

/* Visits the unit's file-scope declarations as clang_visitChildren on the translation unit
 * does, less those read from the precompiled prefix: the index is made with
 * excludeDeclarationsFromPCH (see fe_parse), so that they are not deserialized, every one, only
 * to be skipped (they are all in cu2c's system headers, which every scan passes over; that
 * was most of a small file's translation time). clang's list of the unit's own declarations
 * also holds the function template instantiations it made, at their templates' places, which
 * a walk of the translation unit does not visit: they are left out here too. (It lacks the
 * instantiated static data members and variable template specializations that walk visits,
 * after their templates: no scan looks for anything in them that it did not find there.) */
void fe_visit_unit(Fe *fe, CXCursorVisitor visit, CXClientData data) {
    UnitVisit uv = {visit, data};
    clang_visitChildren(clang_getTranslationUnitCursor(fe->tu), unit_visit, &uv);
}

typedef struct BodyVisit {
    Fe *fe;
    CXCursorVisitor visit;
    CXClientData data;
    bool device_only;
} BodyVisit;

static enum CXChildVisitResult body_decl_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    BodyVisit *bv = d;
    char walk = decl_walk(clang_getCursorKind(c));
    if (walk != 'f')
        return walk == 'r' ? CXChildVisit_Recurse : CXChildVisit_Continue;
    if ((has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr)) &&
        !(bv->device_only && has_attr(c, CXCursor_CUDAHostAttr)) && clang_isCursorDefinition(c) &&
        !clang_Location_isInSystemHeader(clang_getCursorLocation(c)) && in_main_file(bv->fe, c))
        clang_visitChildren(c, bv->visit, bv->data);
    return CXChildVisit_Continue;
}

void fe_visit_device_bodies(Fe *fe, bool device_only, CXCursorVisitor visit, CXClientData data) {
    BodyVisit bv = {fe, visit, data, device_only};
    fe_visit_unit(fe, body_decl_visit, &bv);
}

/* ---- small helpers ---------------------------------------------------------------- */

char *fe_str(Arena *a, CXString s) {
    const char *c = clang_getCString(s);
    char *r = arena_strdup(a, c ? c : "");
    clang_disposeString(s);
    return r;
}

SrcLoc fe_loc(Fe *fe, CXSourceLocation l) {
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

SrcLoc cursor_loc(Fe *fe, CXCursor c) {
    return fe_loc(fe, clang_getCursorLocation(c));
}

bool in_main_file(Fe *fe, CXCursor c) {
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    return f && clang_File_isEqual(f, fe->main_file);
}

void cursor_range(CXCursor c, unsigned *begin, unsigned *end) {
    CXSourceRange r = clang_getCursorExtent(c);
    clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, begin);
    clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, end);
}

/* The text of [begin, end), inside a member function's copy with its rewrites made (`this`
 * as __cu2c_this3): what generated code copies of it must say. */
char *fe_text(Fe *fe, unsigned begin, unsigned end) {
    Unit *u = fe->u;
    if (end < begin || end > u->len)
        end = begin;
    Buf b = {0};
    unsigned pos = begin;
    for (int i = 0; fe->rewrites && i < fe->rewrites->len; i++) {
        Edit *e = fe->rewrites->items[i];     /* in offset order, none inside another */
        if (e->begin < pos || e->end > end || (e->begin == end && e->end == end))
            continue;
        buf_put(&b, u->text + pos, e->begin - pos);
        buf_puts(&b, e->text);
        pos = e->end;
    }
    buf_put(&b, u->text + pos, end - pos);
    char *r = arena_strdup(u->arena, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

typedef struct Placed {
    TextEdit *e;
    int seq;
} Placed;

/* By offset; at one offset, inserts before a replacement, then in the order given. */
static int by_begin(const void *a, const void *b) {
    const Placed *p = a, *q = b;
    const TextEdit *x = p->e, *y = q->e;
    if (x->begin != y->begin)
        return x->begin < y->begin ? -1 : 1;
    bool xi = x->end == x->begin, yi = y->end == y->begin;
    if (xi != yi)
        return xi ? -1 : 1;
    return (p->seq > q->seq) - (p->seq < q->seq);
}

int edit_main_text(Unit *u, PtrVec *edits) {
    Placed *order = malloc(sizeof *order * (size_t)(edits->len ? edits->len : 1));
    for (int i = 0; i < edits->len; i++)
        order[i] = (Placed){edits->items[i], i};
    qsort(order, (size_t)edits->len, sizeof *order, by_begin);
    for (int i = 0; i < edits->len; i++)
        edits->items[i] = order[i].e;
    free(order);
    Buf b = {0};
    unsigned pos = 0;
    int n = 0;
    for (int i = 0; i < edits->len; i++) {
        TextEdit *e = edits->items[i];
        if (e->begin < pos)
            continue;
        buf_put(&b, u->text + pos, e->begin - pos);
        buf_puts(&b, e->text);
        pos = e->end;
        n++;
    }
    buf_put(&b, u->text + pos, u->len - pos);
    u->text = arena_strndup(u->arena, b.data ? b.data : "", b.len);
    u->len = b.len;
    buf_free(&b);
    return n;
}

char *cursor_text(Fe *fe, CXCursor c) {
    unsigned b, e;
    cursor_range(c, &b, &e);
    return fe_text(fe, b, e);
}

/* t with its line breaks made spaces (in place): text copied into generated code that must
 * stay on one line. (A line splice's backslash too: text from a macro's body.) */
char *one_line(char *t) {
    for (char *q = t; *q; q++)
        if (*q == '\n' || *q == '\r' || (*q == '\\' && (q[1] == '\n' || q[1] == '\r')))
            *q = ' ';
    return t;
}

/* A cursor's text on one line. */
char *cursor_line(Fe *fe, CXCursor c) {
    return one_line(cursor_text(fe, c));
}

/* Skips blanks and comments forward from p. */
unsigned skip_blanks(Unit *u, unsigned p) {
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
unsigned stmt_end(Unit *u, unsigned end) {
    if (end > 0 && (u->text[end - 1] == ';' || u->text[end - 1] == '}'))
        return end;
    unsigned p = skip_blanks(u, end);
    return p < u->len && u->text[p] == ';' ? p + 1 : end;
}

/* stmt_end for statement c: an expression statement, declaration or return whose text ends
 * with a brace (`d[i] = {x, y, z};`, `e = edge{0, 1};`) has its ';' too, also as the last
 * statement of an if, loop or label (`else d[i] = {0, 0};`). */
unsigned stmt_end_of(Unit *u, CXCursor c, unsigned end) {
    for (;;) {
        enum CXCursorKind k = clang_getCursorKind(c);
        if (k != CXCursor_IfStmt && k != CXCursor_ForStmt && k != CXCursor_WhileStmt &&
            k != CXCursor_CXXForRangeStmt && k != CXCursor_LabelStmt && k != CXCursor_CaseStmt &&
            k != CXCursor_DefaultStmt)
            break;
        CXCursor t = last_child(c);
        if (clang_Cursor_isNull(t))
            break;
        c = t;
    }
    enum CXCursorKind k = clang_getCursorKind(c);
    bool simple = clang_isExpression(k) || k == CXCursor_DeclStmt || k == CXCursor_ReturnStmt;
    if (simple && end > 0 && u->text[end - 1] == '}') {
        unsigned p = skip_blanks(u, end);
        if (p < u->len && u->text[p] == ';')
            return p + 1;
    }
    return stmt_end(u, end);
}



static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Kids *k = d;
    if (k->n < KIDS_MAX)
        k->c[k->n] = c;
    k->n++;
    return CXChildVisit_Continue;
}

/* The first (up to KIDS_MAX) children of a cursor; n counts them all. */
Kids children(CXCursor c) {
    Kids k = {.n = 0};
    clang_visitChildren(c, kids_visit, &k);
    return k;
}

bool is_template_param(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_TemplateTypeParameter || k == CXCursor_NonTypeTemplateParameter ||
           k == CXCursor_TemplateTemplateParameter;
}

static enum CXChildVisitResult template_params_visit(CXCursor c, CXCursor parent, CXClientData d) {
    return is_template_param(c) ? kids_visit(c, parent, d) : CXChildVisit_Continue;
}

static enum CXChildVisitResult function_params_visit(CXCursor c, CXCursor parent, CXClientData d) {
    return clang_getCursorKind(c) == CXCursor_ParmDecl ? kids_visit(c, parent, d) : CXChildVisit_Continue;
}

Kids template_params(CXCursor tmpl) {
    Kids k = {.n = 0};
    clang_visitChildren(tmpl, template_params_visit, &k);
    return k;
}

Kids function_params(CXCursor fn) {
    Kids k = {.n = 0};
    clang_visitChildren(fn, function_params_visit, &k);
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

CXCursor first_child(CXCursor c) {
    ChildPick p = {clang_getNullCursor(), true};
    clang_visitChildren(c, child_pick_visit, &p);
    return p.c;
}

CXCursor last_child(CXCursor c) {
    ChildPick p = {clang_getNullCursor(), false};
    clang_visitChildren(c, child_pick_visit, &p);
    return p.c;
}

/* A copy or move the compiler may elide (`auto g = this_thread_block();` before C++17, a
 * class returned or passed by value): libclang names no constructor for an elidable one,
 * whose operand is an object of the same class. It makes no call a thread could see: the
 * object is its operand's value, as it always is from C++17 on. */
bool elided_construction(CXCursor call) {
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(call)))
        return false;
    Kids kids = children(call);
    CXType t = clang_getCanonicalType(clang_getCursorType(call));
    return kids.n == 1 && t.kind == CXType_Record &&
           clang_equalTypes(t, clang_getCanonicalType(clang_getCursorType(kids.c[0])));
}

/* Looks through implicit casts and parentheses. */
CXCursor strip_implicit(CXCursor c) {
    while (clang_getCursorKind(c) == CXCursor_UnexposedExpr ||
           clang_getCursorKind(c) == CXCursor_ParenExpr) {
        CXCursor k = first_child(c);
        if (clang_Cursor_isNull(k))
            break;
        c = k;
    }
    return c;
}

bool is_builtin_var(CXCursor ref, const char **name) {
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


int builtin_member(CXCursor e, const char **name) {
    if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
        return -1;
    CXCursor base = strip_implicit(first_child(e));
    if (clang_getCursorKind(base) != CXCursor_DeclRefExpr || !is_builtin_var(clang_getCursorReferenced(base), name))
        return -1;
    CXString m = clang_getCursorSpelling(e);
    const char *mn = clang_getCString(m);
    int d = mn && mn[0] >= 'x' && mn[0] <= 'z' && !mn[1] ? mn[0] - 'x' : -1;
    clang_disposeString(m);
    return d;
}

/* The name of the preprocessor directive on the line [p, end) (after '#' and blanks), or
 * NULL when the line is not a directive. */
const char *directive_name(const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || *p != '#')
        return NULL;
    p++;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return p;
}

/* Can c be part of an identifier (a letter, a digit, '_')? */
bool ident_char(char c) {
    return c == '_' || isalnum((unsigned char)c);
}

bool is_array_type(CXType t) {
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

bool has_attr(CXCursor c, enum CXCursorKind kind) {
    enum CXCursorKind k = kind;
    clang_visitChildren(c, has_attr_visit, &k);
    return k == CXCursor_InvalidCode;
}

bool is_kernel(CXCursor c) {
    return has_attr(c, CXCursor_CUDAGlobalAttr);
}

bool is_user_fn(CXCursor fn) {
    return !clang_Location_isInSystemHeader(clang_getCursorLocation(fn));
}

/* Calls that must run once per thread even when their arguments are uniform (surf*: a
 * surface access writes memory, or faults, as each thread's own access). */
bool impure_builtin(const char *name) {
    static const char *const prefixes[] = {"atomic", "__atomic", "__nv_atomic", "printf", "fprintf", "puts",
                                           "putchar", "malloc", "free", "__assert", "assert", "__clk",
                                           "clock", "__threadfence", "__nanosleep", "__trap",
                                           "rand", "memset", "memcpy", "__syncwarp", "__shfl",
                                           "__ballot", "__any", "__all", "__activemask",
                                           "__match", "__reduce", "abort", "exit", "surf", "__ptx_globaltimer",
                                           "__ptx_clock", NULL};
    for (int i = 0; prefixes[i]; i++)
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

/* What glibc's assert macro calls on failure. libcu2c's definition reports a failure inside
 * a kernel as CUDA does, with the thread's indices: callers keep cu2c_tls up to date. */
bool is_assert_fail(const char *name) {
    return strcmp(name, "__assert_fail") == 0 || strcmp(name, "__assert") == 0;
}


/* __syncthreads and its reduction variants, a grid barrier (GRID_SYNC, MULTI_GRID_SYNC), and the warp
 * functions (warp-scoped barriers). */
bool is_barrier_name(const char *n) {
    return strcmp(n, "__syncthreads") == 0 || strncmp(n, "__syncthreads_", 14) == 0 ||
           strcmp(n, GRID_SYNC) == 0 || strcmp(n, MULTI_GRID_SYNC) == 0 || is_warp_fn(n);
}

/* The function a call calls; in a template, where the arguments' types depend on its
 * parameters, the first function of the name's overload set (e.g. __shfl_down_sync, a
 * group's shfl_down). Null when nothing is known (a call through a pointer, a method of an
 * object whose type is a template parameter). */
CXCursor callee_of(CXCursor call) {
    CXCursor fn = clang_getCursorReferenced(call);
    if (!clang_Cursor_isNull(fn))
        return fn;
    CXCursor r = clang_getCursorReferenced(strip_implicit(first_child(call)));
    if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(r) > 0) {
        /* the first candidate taking as many arguments as the call gives */
        int nargs = clang_Cursor_getNumArguments(call);
        for (unsigned i = 0; i < clang_getNumOverloadedDecls(r); i++) {
            CXCursor d = clang_getOverloadedDecl(r, i);
            if (function_params(d).n == nargs)
                return d;
        }
        return clang_getOverloadedDecl(r, 0);
    }
    if (clang_getCursorKind(call) == CXCursor_CallExpr)
        return dependent_member_callee(call, NULL);
    return clang_getNullCursor();
}

/* The USR of a called function, as user functions are recorded: a function template's
 * specialisation (warp_sum<float>) by its template, a member of a class template's
 * specialisation by the member of the template (a member template's: through both). */
CXString fn_usr(CXCursor fn) {
    for (CXCursor t = clang_getSpecializedCursorTemplate(fn); !clang_Cursor_isNull(t);
         t = clang_getSpecializedCursorTemplate(t))
        fn = t;
    return clang_getCursorUSR(fn);
}

bool usr_in(PtrVec *v, const char *usr) {
    for (int i = 0; i < v->len; i++)
        if (strcmp(v->items[i], usr) == 0)
            return true;
    return false;
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

bool find_in(CXCursor c, bool (*match)(CXCursor), CXCursor *where) {
    Finder f = {match, false, clang_getNullCursor()};
    if (finder_visit(c, clang_getNullCursor(), &f) == CXChildVisit_Recurse)
        clang_visitChildren(c, finder_visit, &f);
    if (f.found && where)
        *where = f.where;
    return f.found;
}

/* The parse being scanned, for the finders' predicates (one parse at a time). */
Fe *scan_fe;

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
bool is_barrier_call(CXCursor c) {
    return barrier_call(c, false);
}

/* A __syncthreads* call, or a call of a user function holding one. */
bool is_block_barrier_call(CXCursor c) {
    return barrier_call(c, true);
}

/* A barrier call that is not a reduction barrier (those are sites, see scan_site). */
static bool is_plain_barrier_call(CXCursor c) {
    ReduceOp op;
    return is_barrier_call(c) && !reduce_op(c, &op);
}

/* A __syncthreads() (or _count/_and/_or-free variant) written in the statement itself. */
bool is_written_barrier(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    ReduceOp op;
    return is_barrier_name(call_name(c)) && !reduce_op(c, &op);
}

/* A barrier or warp function, or a call of a user function holding one (or __shared__
 * memory): not a function expanded for its warp steps only. */
static bool is_sync_call(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(c);
    if (is_barrier_name(call_name(c)))
        return true;
    return scan_fe && !clang_Cursor_isNull(fn) && is_user_fn(fn) &&
           usr_in(&scan_fe->sync_fns, fe_str(scan_fe->u->arena, fn_usr(fn)));
}

/* Does c hold a barrier or warp function, directly or in a function it calls? */
bool find_sync(CXCursor c) {
    return find_in(c, is_sync_call, NULL);
}

/* Does c hold a barrier (not counting lambdas)? */
bool find_barrier(CXCursor c, CXCursor *where) {
    return find_in(c, is_barrier_call, where);
}

/* Does c hold a barrier other than a reduction barrier? */
bool find_plain_barrier(CXCursor c, CXCursor *where) {
    return find_in(c, is_plain_barrier_call, where);
}


/* Does an integer constant expression hold e's value? */
bool int_constant(CXCursor e, long long *value) {
    CXEvalResult r = clang_Cursor_Evaluate(e);
    bool ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
        *value = clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return ok;
}

/* Was c written by a macro (its text is elsewhere than where it stands)? */
/* Is the text at l elsewhere than where it stands (a macro wrote it)? */
bool loc_from_macro(CXSourceLocation l) {
    unsigned spelled, expanded;
    CXFile sf, ef;
    clang_getSpellingLocation(l, &sf, NULL, NULL, &spelled);
    clang_getExpansionLocation(l, &ef, NULL, NULL, &expanded);
    return spelled != expanded || !clang_File_isEqual(sf, ef);
}

bool from_macro(CXCursor c) {
    return loc_from_macro(clang_getRangeStart(clang_getCursorExtent(c)));
}

/* Does any of c's text come from a macro (its start or its end, or an expression a macro's
 * argument wrote inside another macro, whose range in the file is empty)? Its text as written
 * is then not the expression: copies rebuild it from the parse. */
bool macro_written(CXCursor c) {
    if (from_macro(c) || loc_from_macro(clang_getRangeEnd(clang_getCursorExtent(c))))
        return true;
    unsigned b, e;
    cursor_range(c, &b, &e);
    return b >= e;
}

/* c's range in the main text with a macro's call it ends in taken whole (`i < LIM`, `i <
 * BOUND(N, n)`: the end clang gives is where the call starts). */
void expr_range(Fe *fe, CXCursor c, unsigned *begin, unsigned *end) {
    Unit *u = fe->u;
    cursor_range(c, begin, end);
    if (!loc_from_macro(clang_getRangeEnd(clang_getCursorExtent(c))))
        return;
    unsigned p = *end;
    while (p < u->len && ident_char(u->text[p]))
        p++;
    unsigned q = skip_blanks(u, p);
    if (q < u->len && u->text[q] == '(') {   /* a function-like macro's arguments */
        int depth = 0;
        for (; q < u->len; q++) {
            depth += u->text[q] == '(';
            if (u->text[q] == ')' && --depth == 0)
                break;
        }
        p = q < u->len ? q + 1 : p;
    }
    *end = p;
}

/* A walk over the unit's declarations looking for functions: it recurses ('r') into
 * namespaces, extern "C" blocks and classes (templates and partial specialisations too),
 * looks at functions of every kind ('f'), skips anything else (0). */
char decl_walk(enum CXCursorKind k) {
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl ||
        k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization)
        return 'r';
    if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
        k == CXCursor_ConversionFunction || k == CXCursor_Constructor || k == CXCursor_Destructor)
        return 'f';
    return 0;
}

/* A function reading the device clock (cu2c/device.h; clock() renamed __clk in device code,
 * cuda_arch.c; inline PTX's timers, ptx.c). */
bool is_device_clock(const char *name) {
    static const char *const clocks[] = {"__clk", "clock64", "__ptx_clock", "__ptx_clock64", "__ptx_globaltimer",
                                         "__ptx_globaltimer_lo", "__ptx_globaltimer_hi"};
    for (size_t i = 0; name && i < sizeof clocks / sizeof clocks[0]; i++)
        if (strcmp(name, clocks[i]) == 0)
            return true;
    return false;
}

/* The text of a call's i-th argument, NULL when it is defaulted (not written). */
const char *written_arg(Fe *fe, CXCursor call, unsigned i) {
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

/* The annotation of fn (or of the template it instantiates) that starts with prefix: true
 * when there is one, its text past the prefix into out. */
typedef struct Annot {
    const char *prefix;
    char *out;
    size_t cap;
    bool found;
} Annot;

static enum CXChildVisitResult annot_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Annot *an = d;
    if (clang_getCursorKind(c) != CXCursor_AnnotateAttr)
        return CXChildVisit_Continue;
    CXString sp = clang_getCursorSpelling(c);
    const char *s = clang_getCString(sp);
    size_t n = strlen(an->prefix);
    if (s && strncmp(s, an->prefix, n) == 0) {
        snprintf(an->out, an->cap, "%s", s + n);
        an->found = true;
    }
    clang_disposeString(sp);
    return an->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

bool annotation(CXCursor fn, const char *prefix, char *out, size_t cap) {
    Annot an = {prefix, out, cap, false};
    for (int i = 0; i < 3 && !clang_Cursor_isNull(fn) && !an.found; i++) {
        clang_visitChildren(fn, annot_visit, &an);
        fn = clang_getSpecializedCursorTemplate(fn);
    }
    return an.found;
}
