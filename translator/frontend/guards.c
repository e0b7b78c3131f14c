/* guards.c - the terms of a leaf if's condition that compare a thread coordinate with
 * something uniform (Guard): lower_kernel's narrow_guards makes them bounds or steps of the
 * thread loops instead of tests in them. */
#include "fe.h"

#include <string.h>

/* The dimension of a guard's thread coordinate T: threadIdx.d, a local holding it, an int
 * local holding B +- threadIdx.x or a linear thread index (Var.lin) (DIM_X); 0 if e is none
 * of those. */
static unsigned guard_dim(KScan *ks, CXCursor e) {
    unsigned d = coord_dim(ks, e);
    Var *v = d ? NULL : named_local(ks, e);
    return d ? d : v && (v->x_sign || v->lin || v->x_scale) ? DIM_X : 0;
}

static bool pow2(long long m) { return m > 0 && m <= (1ll << 30) && !(m & (m - 1)); }

/* A tile's thread_rank(): cooperative_groups.h's macro makes it the call
 * `g.__cu2c_thread_rank(threadIdx, blockDim)` on a thread_block_tile<N>; *m = N. */
bool tile_rank_call(CXCursor e, long long *m) {
    if (clang_getCursorKind(e) != CXCursor_CallExpr)
        return false;
    CXString sp = clang_getCursorSpelling(e);
    bool rank = strcmp(clang_getCString(sp), "__cu2c_thread_rank") == 0;
    clang_disposeString(sp);
    CXCursor callee = strip_implicit(first_child(e));
    if (!rank || clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
        return false;
    CXCursor obj = strip_implicit(first_child(callee));
    int width = 0;
    if (clang_Cursor_isNull(obj) || group_kind(clang_getCursorType(obj), &width) != 't')
        return false;
    *m = width;
    return width <= 32 && pow2(width);
}

/* The lane part L of a lane guard `L == B` (Guard.lane_mod): threadIdx.x % M or
 * threadIdx.x & (M - 1) (threadIdx.x itself, or a local initialised to it: *coord), M a
 * power of two; a tile's thread_rank() (*linear); with locals, a local initialised to one of
 * those (Var.lane_mod: *coord). 0 when e is none of those. */
unsigned lane_term(KScan *ks, CXCursor e, bool locals, bool *linear, CXCursor *coord) {
    e = strip_implicit(e);      /* (parentheses too) */
    long long m = 0;
    *linear = false;
    *coord = clang_getNullCursor();
    if (locals && clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
        Var *v = named_local(ks, e);
        if (!v || !v->lane_mod)
            return 0;
        *linear = v->lane_linear;
        *coord = e;
        return v->lane_mod;
    }
    if (tile_rank_call(e, &m)) {
        *linear = true;
        *coord = clang_getNullCursor();
        return (unsigned)m;
    }
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
        return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    Kids kids = children(e);
    if (kids.n != 2 || (op != CXBinaryOperator_Rem && op != CXBinaryOperator_And))
        return 0;
    for (int side = 0; side < (op == CXBinaryOperator_And ? 2 : 1); side++) {
        CXCursor t = kids.c[side], c = kids.c[1 - side];
        if (coord_dim(ks, t) != DIM_X || !holds_thread_index(clang_getCursorType(t)))
            continue;
        long long k;
        if (!int_constant(c, &k))
            continue;
        m = op == CXBinaryOperator_Rem ? k : k + 1;     /* x & (M - 1) */
        if (pow2(m)) {
            *coord = strip_implicit(t);
            return (unsigned)m;
        }
    }
    return 0;
}

/* Pure integer arithmetic e as C text rebuilt from the parse (macros expanded): names of
 * locals and parameters, constants (with their types), + - * / % << >> & | ^, unary - and ~,
 * casts; NULL for anything else. */
static char *printed(Arena *a, CXCursor e) {
    e = strip_implicit(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    CXType t = clang_getCanonicalType(clang_getCursorType(e));
    CXEvalResult r = k == CXCursor_DeclRefExpr ? NULL : clang_Cursor_Evaluate(e);
    if (r) {
        char *c = NULL;
        if (clang_EvalResult_getKind(r) == CXEval_Int)
            c = clang_EvalResult_isUnsignedInt(r)
                    ? arena_printf(a, "((%s)%lluull)", fe_str(a, clang_getTypeSpelling(t)),
                                   clang_EvalResult_getAsUnsigned(r))
                    : arena_printf(a, "((%s)%lldll)", fe_str(a, clang_getTypeSpelling(t)),
                                   clang_EvalResult_getAsLongLong(r));
        clang_EvalResult_dispose(r);
        return c;
    }
    if (k == CXCursor_DeclRefExpr) {
        enum CXCursorKind rk = clang_getCursorKind(clang_getCursorReferenced(e));
        return rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl ? fe_str(a, clang_getCursorSpelling(e)) : NULL;
    }
    Kids kids = children(e);
    if (k == CXCursor_BinaryOperator && kids.n == 2) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
        if (op < CXBinaryOperator_Mul || op > CXBinaryOperator_Or || (op >= CXBinaryOperator_LT && op <= CXBinaryOperator_NE))
            return NULL;
        char *l = printed(a, kids.c[0]), *rt = printed(a, kids.c[1]);
        return l && rt ? arena_printf(a, "(%s %s %s)", l, fe_str(a, clang_getBinaryOperatorKindSpelling(op)), rt)
                       : NULL;
    }
    if (k == CXCursor_UnaryOperator && kids.n == 1) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
        char *o = printed(a, kids.c[0]);
        return o && (op == CXUnaryOperator_Minus || op == CXUnaryOperator_Not || op == CXUnaryOperator_Plus)
                   ? arena_printf(a, "(%s%s)", fe_str(a, clang_getUnaryOperatorKindSpelling(op)), o) : NULL;
    }
    if (k == CXCursor_CStyleCastExpr && kids.n >= 1 && t.kind >= CXType_Char_U && t.kind <= CXType_LongLong) {
        char *o = printed(a, kids.c[kids.n - 1]);
        return o ? arena_printf(a, "((%s)%s)", fe_str(a, clang_getTypeSpelling(t)), o) : NULL;
    }
    return NULL;
}

/* Guard g of s, term cond, completed with its bound b when b is pure and free of thread
 * indices; a term a macro wrote, wholly or in part (`IN_RANGE(tx, lo, hi)`, `tx < LIM` with
 * LIM spelled through nested macros), gets b as the parser saw it, and is left as written
 * (its text holds the macro's call). */
static void add_guard(KScan *ks, Stmt *s, Guard *g, CXCursor cond, CXCursor b) {
    Unit *u = ks->fe->u;
    bool reads_tid;
    if (!pure_scan(ks, b, cond, &g->bound_reads, &reads_tid) || reads_tid)
        return;
    g->via = ks->guard_via;
    g->in_macro = g->via || macro_written(cond) || macro_written(b);
    char *text = g->in_macro ? printed(u->arena, b) : cursor_line(ks->fe, b);
    if (!text || strstr(text, "//") || strchr(text, '#'))
        return;
    g->bound = text;
    cursor_range(cond, &g->begin, &g->end);
    vec_push(u->arena, &s->guards, g);
}

/* A new lane guard (op '=', over x) on the coordinate t, a local or threadIdx.x (a null
 * cursor: a tile's rank), compared as type ct: lane_guard's and stride_guard's. */
static Guard *new_lane_guard(KScan *ks, CXCursor t, CXType ct) {
    Unit *u = ks->fe->u;
    Guard *g = arena_alloc(u->arena, sizeof *g);
    g->dim = DIM_X;
    g->coord = clang_Cursor_isNull(t) ? NULL : named_local(ks, t);
    g->op = '=';
    g->cmp_type = fe_str(u->arena, clang_getTypeSpelling(ct));
    return g;
}

/* A term `L == B` (or `B == L`) of a leaf if's condition, L the lane part of the thread
 * index (lane_term) and B pure, free of thread indices: a lane guard (Guard.lane_mod). */
static void lane_guard(KScan *ks, Stmt *s, CXCursor cond, Kids kids) {
    for (int side = 0; side < 2; side++) {
        bool linear;
        CXCursor t;
        unsigned m = lane_term(ks, kids.c[side], true, &linear, &t);
        CXType ct = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
        if (!m || !holds_thread_index(ct))
            continue;
        Guard *g = new_lane_guard(ks, t, ct);
        g->lane_mod = m;
        g->lane_linear = linear;
        add_guard(ks, s, g, cond, kids.c[1 - side]);
        return;
    }
}

/* L of a stride guard `L == B` (Guard.lane_step): threadIdx.x % M (threadIdx.x or a local
 * holding it, M not a constant), which gpu_arithmetic.c has made __cu2c_rem_u32(T, M) (or
 * _i32): T in *coord, M in *m; or (T + C) % M, C in *offset (Rodinia srad's `(tx + 1) % i`). */
static bool stride_term(KScan *ks, CXCursor e, CXCursor *coord, CXCursor *m, long long *offset) {
    e = strip_implicit(e);
    *offset = 0;
    Kids kids = children(e);
    long long k;
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Rem &&
        kids.n == 2 && !int_constant(kids.c[1], &k)) {
        *coord = kids.c[0];
        *m = kids.c[1];
    } else if (clang_getCursorKind(e) == CXCursor_CallExpr && clang_Cursor_getNumArguments(e) == 2) {
        CXString sp = clang_getCursorSpelling(e);
        const char *name = clang_getCString(sp);
        bool rem = strcmp(name, "__cu2c_rem_u32") == 0 || strcmp(name, "__cu2c_rem_i32") == 0;
        clang_disposeString(sp);
        if (!rem)
            return false;
        *coord = clang_Cursor_getArgument(e, 0);
        *m = clang_Cursor_getArgument(e, 1);
    } else {
        return false;
    }
    /* (T + C) % M, C a constant >= 0: T % M == B - C (mod M) where T + C stays >= 0 */
    CXCursor sum = strip_implicit(*coord);
    Kids terms = children(sum);
    long long c;
    if (clang_getCursorKind(sum) == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(sum) == CXBinaryOperator_Add &&
        terms.n == 2 && holds_thread_index(clang_getCursorType(sum)))
        for (int side = 0; side < 2; side++)
            if (int_constant(terms.c[side], &c) && c >= 0 && c <= 1 << 20 && coord_dim(ks, terms.c[1 - side]) == DIM_X) {
                *coord = terms.c[1 - side];
                *offset = c;
                break;
            }
    return coord_dim(ks, *coord) == DIM_X && holds_thread_index(clang_getCursorType(*coord));
}

/* A term `threadIdx.x % M == B` (or `B == ...`), M and B pure and uniform: a stride guard
 * (Guard.lane_step), whose x loop steps by M. */
static void stride_guard(KScan *ks, Stmt *s, CXCursor cond, Kids kids) {
    for (int side = 0; side < 2; side++) {
        CXCursor t, m;
        long long offset;
        CXType ct = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
        if (!stride_term(ks, kids.c[side], &t, &m, &offset) || !holds_thread_index(ct))
            continue;
        Guard *g = new_lane_guard(ks, t, ct);
        bool reads_tid;
        char *text = cursor_line(ks->fe, m);
        if (!pure_scan(ks, m, cond, &g->bound_reads, &reads_tid) || reads_tid || macro_written(m) ||
            strstr(text, "//") || strchr(text, '#'))
            return;
        g->lane_step = text;
        g->lane_offset = offset;
        add_guard(ks, s, g, cond, kids.c[1 - side]);
        return;
    }
}

int and_terms(CXCursor e) {
    e = strip_implicit(e);      /* (parentheses too) */
    Kids kids = children(e);
    if (clang_getCursorKind(e) == CXCursor_BinaryOperator && kids.n == 2 &&
        clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_LAnd)
        return and_terms(kids.c[0]) + and_terms(kids.c[1]);
    return 1;
}

static int scan_guards(KScan *ks, Stmt *s, CXCursor cond, int depth);

/* A term that is a local, bool or integer, initialised with a conjunction of guards
 * (`bool valid = IN_RANGE(tx, lo, hi);`, Rodinia pathfinder's): those guards, each reading
 * as the term (Guard.via), all or none. narrows() checks that neither the local nor what
 * the bounds read changes after its declaration. 1 if they are the term's. */
static int local_guards(KScan *ks, Stmt *s, CXCursor term, int depth) {
    CXCursor t = strip_implicit(term), d = clang_getCursorReferenced(t);
    if (clang_getCursorKind(t) != CXCursor_DeclRefExpr || clang_getCursorKind(d) != CXCursor_VarDecl || depth > 3)
        return 0;
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(d)).kind;
    CXCursor init = clang_Cursor_getVarDeclInitializer(d);
    Var *v = find_var(ks->k, d, ks->fe);
    PtrVec reads = {0};
    if (!v || clang_Cursor_isNull(init) || tk < CXType_Bool || tk > CXType_Int128 ||
        !pure_scan_ranks(ks, init, d, &reads))
        return 0;
    int before = s->guards.len;
    Var *outer = ks->guard_via;
    ks->guard_via = v;
    int terms = scan_guards(ks, s, init, depth + 1);
    ks->guard_via = outer;
    if (terms != and_terms(init) || s->guards.len - before != terms) {
        s->guards.len = before;
        return 0;
    }
    for (int i = before; i < s->guards.len; i++) {    /* each one the term itself */
        Guard *g = s->guards.items[i];
        cursor_range(term, &g->begin, &g->end);
        g->via = v;
    }
    return 1;
}

/* The terms of a leaf `if (a && b && ...)` comparing a thread coordinate with something
 * pure: how many of cond's &&-terms became guards. */
static int scan_guards(KScan *ks, Stmt *s, CXCursor cond, int depth) {
    Unit *u = ks->fe->u;
    cond = strip_implicit(cond);
    if (clang_getCursorKind(cond) == CXCursor_DeclRefExpr)
        return local_guards(ks, s, cond, depth);
    if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return 0;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    Kids kids = children(cond);
    if (kids.n != 2)
        return 0;
    if (op == CXBinaryOperator_LAnd)
        return scan_guards(ks, s, kids.c[0], depth) + scan_guards(ks, s, kids.c[1], depth);
    int before = s->guards.len;
    if (op == CXBinaryOperator_EQ) {
        lane_guard(ks, s, cond, kids);
        if (s->guards.len == before)
            stride_guard(ks, s, cond, kids);
        return s->guards.len > before;
    }
    int opc = op == CXBinaryOperator_LT ? '<' : op == CXBinaryOperator_LE ? 'l'
            : op == CXBinaryOperator_GT ? '>' : op == CXBinaryOperator_GE ? 'g' : 0;
    if (!opc)
        return 0;
    int side = guard_dim(ks, kids.c[0]) ? 0 : guard_dim(ks, kids.c[1]) ? 1 : -1;
    if (side < 0)
        return 0;
    CXType ct = clang_getCanonicalType(clang_getCursorType(kids.c[0]));
    if (!holds_thread_index(ct))
        return 0;
    Guard *g = arena_alloc(u->arena, sizeof *g);
    g->dim = guard_dim(ks, kids.c[side]);
    g->coord = named_local(ks, kids.c[side]);
    if (side == 1)   /* B op T  ->  T op' B */
        opc = opc == '<' ? '>' : opc == '>' ? '<' : opc == 'l' ? 'g' : 'l';
    g->op = opc;
    g->cmp_type = fe_str(u->arena, clang_getTypeSpelling(ct));
    add_guard(ks, s, g, cond, kids.c[1 - side]);
    return s->guards.len > before;
}

/* A leaf `if (cond) stmt;` without else whose condition is free of effects (it may read
 * memory): its guard terms. How many of its &&-terms they are. */
int scan_if_guards(KScan *ks, Stmt *s, CXCursor c) {
    Kids kids = children(c);
    if (kids.n != 2 || !clang_isExpression(clang_getCursorKind(kids.c[0])))
        return 0;
    return effect_free_condition(ks, kids.c[0], c) ? scan_guards(ks, s, kids.c[0], 0) : 0;
}
