/* clamped_locals.c - locals clamped by one assignment after their declaration, Rodinia
 * pathfinder's and hotspot's neighbour indices:
 *
 *     int W = tx - 1;
 *     W = (W < validXmin) ? validXmin : W;
 *
 * The assignment's value, with the local's initialiser in place of the local, is what the
 * local holds wherever it is read after it (Var.clamp_text); promote_locals recomputes it
 * there instead of keeping a copy per thread (a gather for `prev[W]`). When the assignment is
 * a floor or a ceiling, max(v, X) or min(v, X) of ints, and the initialiser B + threadIdx.x,
 * the threads for which it changes nothing are a range (Var.clamp_kind): lower_kernel runs
 * the x loop in pieces, the middle one reading `prev[tx - 1]`, contiguous. */
#include "fe.h"

#include <string.h>

static bool is_int(CXCursor e) {
    return clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Int;
}

/* The clamp kind of `(c) ? a : b` on v: 1 for max(v, X), -1 for min(v, X), with X's cursor
 * in *x, when every operand is an int and the two X's are written alike; 0 otherwise. */
static int clamp_kind(KScan *ks, CXCursor e, Var *v, CXCursor *x) {
    e = strip_implicit(e);
    Kids kids = children(e);
    if (clang_getCursorKind(e) != CXCursor_ConditionalOperator || kids.n != 3)
        return 0;
    CXCursor cond = strip_implicit(kids.c[0]);
    Kids sides = children(cond);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator || sides.n != 2 || !is_int(sides.c[0]) ||
        !is_int(sides.c[1]) || !is_int(kids.c[1]) || !is_int(kids.c[2]))
        return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    int less = op == CXBinaryOperator_LT || op == CXBinaryOperator_LE ? 1
             : op == CXBinaryOperator_GT || op == CXBinaryOperator_GE ? -1 : 0;
    int side = named_local(ks, sides.c[0]) == v ? 0 : named_local(ks, sides.c[1]) == v ? 1 : -1;
    if (!less || side < 0)
        return 0;
    if (side == 1)          /* X < v  ->  v > X */
        less = -less;
    int arm = named_local(ks, kids.c[2]) == v ? 1 : named_local(ks, kids.c[1]) == v ? 2 : 0;
    if (!arm)
        return 0;
    *x = kids.c[arm];       /* the other arm */
    char *a = cursor_line(ks->fe, *x), *b = cursor_line(ks->fe, sides.c[1 - side]);
    if (!a || !b || strcmp(a, b) != 0)
        return 0;
    /* (v < X) ? X : v is max; (v < X) ? v : X is min; > the other way round */
    return arm == 1 ? less : -less;
}

typedef struct RefScan {
    KScan *ks;
    Var *v;
    unsigned at[16];
    int n;
    bool bad;
} RefScan;

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    RefScan *r = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && named_local(r->ks, c) == r->v) {
        unsigned b, e;
        cursor_range(c, &b, &e);
        size_t len = strlen(r->v->name);
        Unit *u = r->ks->fe->u;
        if (r->n == 16 || e != b + len || e > u->len || strncmp(u->text + b, r->v->name, len) != 0)
            r->bad = true;
        else
            r->at[r->n++] = b;
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

/* `v = e;`, the statement being scanned: counted (Var.assignments); the first one, when e is
 * pure arithmetic on v and locals, free of threadIdx, written in the .cu file outside any
 * macro, gives v's clamped value as text (Var.clamp_text). */
void scan_clamp(KScan *ks, CXCursor assign) {
    Kids kids = children(assign);
    Var *v = kids.n == 2 ? named_local(ks, kids.c[0]) : NULL;
    if (!v || v->is_shared || v->is_param)
        return;
    if (v->assignments++ || !v->init_text || !clang_equalCursors(strip_implicit(ks->top), assign) ||
        macro_written(assign) || !in_main_file(ks->fe, assign))
        return;
    CXCursor rhs = kids.c[1];
    bool tid;
    PtrVec reads = {0};
    if (!pure_scan(ks, rhs, assign, &reads, &tid) || tid)
        return;
    RefScan r = {ks, v, {0}, 0, false};
    if (clang_getCursorKind(rhs) == CXCursor_DeclRefExpr)
        ref_visit(rhs, assign, &r);
    else
        clang_visitChildren(rhs, ref_visit, &r);
    unsigned b, e;
    cursor_range(rhs, &b, &e);
    if (r.bad || !r.n || e <= b)
        return;
    Unit *u = ks->fe->u;
    Buf t = {0};
    const char *value = arena_printf(u->arena, "((%s)(%s))", v->type, v->init_text);
    unsigned p = b;
    for (int i = 0; i < r.n; i++) {
        buf_printf(&t, "%.*s%s", (int)(r.at[i] - p), u->text + p, value);
        p = r.at[i] + (unsigned)strlen(v->name);
    }
    buf_printf(&t, "%.*s", (int)(e - p), u->text + p);
    v->clamp_text = arena_printf(u->arena, "(%s)(%s)", v->type, t.data);
    buf_free(&t);
    if (strchr(v->clamp_text, '\n') || strstr(v->clamp_text, "//") || strchr(v->clamp_text, '#')) {
        v->clamp_text = NULL;
        return;
    }
    v->clamp_stmt = ks->s;
    for (int i = 0; i < reads.len; i++)
        if (reads.items[i] != v)
            vec_push(u->arena, &v->clamp_reads, reads.items[i]);
    CXCursor x;
    v->clamp_kind = strcmp(v->type, "int") == 0 ? clamp_kind(ks, rhs, v, &x) : 0;
    if (v->clamp_kind)
        v->clamp_bound = cursor_line(ks->fe, x);
}
