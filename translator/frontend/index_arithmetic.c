/* index_arithmetic.c - locals that are arithmetic on thread indices: pure expressions (what
 * they read, whether they read threadIdx), locals that are a uniform base plus threadIdx.x
 * (induction variables in a fast copy of their loops), subscripts indexed so (the same in
 * that copy), and guards on them or on threadIdx that become thread-loop bounds. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>
typedef struct PureScan {
    KScan *ks;
    PtrVec *reads;          /* the locals it reads go here */
    bool pure;
    bool reads_tid;         /* it reads threadIdx */
    bool reads_x;           /* it reads threadIdx.x */
    bool ranks;             /* a tile's thread_rank() counts as pure (a guard's condition) */
} PureScan;

static bool tile_rank_call(CXCursor e, long long *m);

/* Is d one of cu2c/arithmetic.h's functions (gpu_arithmetic.c writes their calls for `/`, `%`,
 * shifts and conversions): pure arithmetic? */
static bool gpu_arith_fn(CXCursor d) {
    static const char *const prefixes[] = {"__cu2c_div_", "__cu2c_rem_", "__cu2c_shl_", "__cu2c_shr_"};
    if (clang_getCursorKind(d) != CXCursor_FunctionDecl)
        return false;
    CXString sp = clang_getCursorSpelling(d);
    const char *name = clang_getCString(sp);
    bool yes = false;
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0] && !yes; i++)
        yes = strncmp(name, prefixes[i], strlen(prefixes[i])) == 0;
    clang_disposeString(sp);
    return yes;
}

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
    case CXCursor_CallExpr: {
        long long m;
        /* a guard's condition: GPU arithmetic too (`tid % (2 * s) == 0`, a stride guard) */
        if (ps->ranks && gpu_arith_fn(clang_getCursorReferenced(c)))
            return CXChildVisit_Recurse;
        if (!ps->ranks || !tile_rank_call(c, &m))
            break;
        ps->reads_tid = true;
        return CXChildVisit_Continue;   /* the tile (uniform), threadIdx and blockDim */
    }
    case CXCursor_MemberRefExpr: {
        CXCursor base = strip_implicit(first_child(c));
        ps->reads_x |= coord_dim(ps->ks, c) == DIM_X;
        /* none: a member function's object's, through `this` */
        if (clang_Cursor_isNull(base) || clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
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
        if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl || (ps->ranks && gpu_arith_fn(ref)))
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

static PureScan pure_scan_all(KScan *ks, CXCursor e, CXCursor parent, PtrVec *reads, bool ranks) {
    PureScan ps = {ks, reads, true, false, false, ranks};
    if (pure_visit(e, parent, &ps) == CXChildVisit_Recurse)
        clang_visitChildren(e, pure_visit, &ps);
    return ps;
}

/* Is e pure (see pure_visit)? The locals it reads are added to reads. */
bool pure_scan(KScan *ks, CXCursor e, CXCursor parent, PtrVec *reads, bool *reads_tid) {
    PureScan ps = pure_scan_all(ks, e, parent, reads, false);
    if (reads_tid)
        *reads_tid = ps.reads_tid;
    return ps.pure;
}

/* An integer type holding every thread index unchanged. */
bool holds_thread_index(CXType t) {
    enum CXTypeKind tk = clang_getCanonicalType(t).kind;
    return tk == CXType_Int || tk == CXType_UInt || tk == CXType_Long || tk == CXType_ULong ||
           tk == CXType_LongLong || tk == CXType_ULongLong;
}

/* DIM_X/Y/Z when e is threadIdx.x/y/z (through casts and parentheses), or a local initialised
 * so; 0 otherwise. */
unsigned coord_dim(KScan *ks, CXCursor e) {
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
    const char *bname;
    int d = builtin_member(e, &bname);
    return d >= 0 && strcmp(bname, "threadIdx") == 0 ? DIM_X << d : 0;
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
 * type. B is pure (see pure_visit); the locals it reads are added to reads. It reads no
 * thread index, or with sf (a subscript's) no threadIdx.x only. */
typedef struct SubFacts {
    bool yz;                /* B reads threadIdx.y or .z */
    bool wraps;             /* a + or - on the way to the leaf is unsigned */
} SubFacts;

static int x_offset(KScan *ks, CXCursor e, CXCursor parent, CXCursor *leaf, PtrVec *reads, SubFacts *sf) {
    enum CXCursorKind k = clang_getCursorKind(e);
    int r;
    if (is_x_leaf(ks, e)) {
        *leaf = e;
        r = 1;
    } else if (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr || k == CXCursor_CStyleCastExpr) {
        CXCursor c = last_child(e);     /* a cast's operand follows its type */
        r = clang_Cursor_isNull(c) ? X_FAIL : x_offset(ks, c, e, leaf, reads, sf);
    } else if (k == CXCursor_BinaryOperator &&
               (clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Add ||
                clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub)) {
        Kids kids = children(e);
        if (kids.n != 2)
            return X_FAIL;
        int a = x_offset(ks, kids.c[0], e, leaf, reads, sf), b = x_offset(ks, kids.c[1], e, leaf, reads, sf);
        if (a == X_FAIL || b == X_FAIL || (a && b))
            return X_FAIL;
        r = a ? a : clang_getCursorBinaryOperatorKind(e) == CXBinaryOperator_Sub ? -b : b;
        enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(e)).kind;
        if (sf && r && (tk == CXType_UInt || tk == CXType_ULong || tk == CXType_ULongLong))
            sf->wraps = true;
    } else {
        PureScan ps = pure_scan_all(ks, e, parent, reads, false);
        if (sf && ps.pure && !ps.reads_x) {
            sf->yz |= ps.reads_tid;
            return 0;
        }
        return ps.pure && !ps.reads_tid ? 0 : X_FAIL;
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

/* Is [b, e) of the text name, give or take blanks (so not a macro standing for it)? */
static bool written_as(Unit *u, unsigned b, unsigned e, const char *name) {
    for (unsigned i = b; i < e; i++) {
        if (u->text[i] == ' ' || u->text[i] == '\t')
            continue;
        if (*name++ != u->text[i])
            return false;
    }
    return *name == 0;
}

/* An int or unsigned local initialised to B +- threadIdx.x: its sign, B as text, its leaf
 * (Var.x_sign, Var.x_unsigned). */
void scan_x_offset(KScan *ks, Var *v, CXCursor decl, CXCursor init) {
    Unit *u = ks->fe->u;
    CXCursor leaf = clang_getNullCursor();
    enum CXTypeKind vk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
    if (!v->init_text || (vk != CXType_Int && vk != CXType_UInt))
        return;
    PtrVec reads = {0};
    int sign = x_offset(ks, init, decl, &leaf, &reads, NULL);
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
    if (!written_as(u, lb, le, lv ? lv->name : "threadIdx.x"))
        return;
    static const struct { enum CXTypeKind kind; const char *zero; } zeros[] = {
        {CXType_Int, "0"}, {CXType_UInt, "0u"}, {CXType_Long, "0l"}, {CXType_ULong, "0ul"},
        {CXType_LongLong, "0ll"}, {CXType_ULongLong, "0ull"}};
    enum CXTypeKind lk = clang_getCanonicalType(clang_getCursorType(leaf)).kind;
    for (size_t i = 0; i < sizeof zeros / sizeof zeros[0]; i++)
        if (zeros[i].kind == lk) {
            v->x_sign = sign;
            v->x_unsigned = vk == CXType_UInt;
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

#define LIN_MAX_K (1ll << 20)

/* e without the conversions to types holding every thread index (casts, implicit ones). */
static CXCursor strip_index_casts(CXCursor e) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_CStyleCastExpr && holds_thread_index(clang_getCursorType(e)))
        e = strip_implicit(first_child(e));
    return e;
}

/* Is e blockDim.x (*d 0) or blockDim.y (1)? */
static bool block_dim_xy(CXCursor e, int *d) {
    const char *bname;
    *d = builtin_member(e, &bname);
    return (*d == 0 || *d == 1) && strcmp(bname, "blockDim") == 0;
}

/* An int or unsigned local initialised to K * threadIdx.x or threadIdx.x * K (through a local
 * holding it), K pure and free of thread indices, written in the main text: K (Var.x_scale),
 * a guard `v < B` on which bounds the x loop below B / K. */
void scan_x_scale(KScan *ks, Var *v, CXCursor decl, CXCursor init) {
    enum CXTypeKind vk = clang_getCanonicalType(clang_getCursorType(decl)).kind;
    CXCursor e = strip_implicit(init);
    Kids kids = children(e);
    if (!v->init_text || (vk != CXType_Int && vk != CXType_UInt) || clang_getCursorKind(e) != CXCursor_BinaryOperator ||
        clang_getCursorBinaryOperatorKind(e) != CXBinaryOperator_Mul || kids.n != 2 || macro_written(e))
        return;
    for (int side = 0; side < 2; side++) {
        CXCursor t = strip_implicit(kids.c[side]), k = kids.c[1 - side];
        PtrVec reads = {0};
        bool reads_tid;
        if (coord_dim(ks, t) != DIM_X || !pure_scan(ks, k, init, &reads, &reads_tid) || reads_tid)
            continue;
        char *text = cursor_line(ks->fe, k);
        if (strstr(text, "//") || strchr(text, '#'))
            return;
        v->x_scale = text;
        v->x_scale_reads = reads;
        if (clang_getCursorKind(t) == CXCursor_DeclRefExpr)
            v->x_leaf = find_var(ks->k, clang_getCursorReferenced(t), ks->fe);
        return;
    }
}

/* A coefficient's factor: a constant in [0, 2^20], blockDim.x, blockDim.y, or a product. */
static bool lin_factor(CXCursor e, LinCoef *f) {
    e = strip_index_casts(e);
    long long k;
    int d;
    if (int_constant(e, &k)) {
        *f = (LinCoef){k, 0, 0};
        return k >= 0 && k <= LIN_MAX_K;
    }
    if (block_dim_xy(e, &d)) {
        *f = (LinCoef){1, d == 0, d == 1};
        return true;
    }
    Kids kids = children(e);
    LinCoef l, r;
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator || kids.n != 2 ||
        clang_getCursorBinaryOperatorKind(e) != CXBinaryOperator_Mul || !lin_factor(kids.c[0], &l) ||
        !lin_factor(kids.c[1], &r))
        return false;
    *f = (LinCoef){l.k * r.k, l.a + r.a, l.b + r.b};
    return f->k <= LIN_MAX_K && f->a <= 1 && f->b <= 1;
}

/* e as threadIdx.x * c[0].. + threadIdx.y * c[1].. + threadIdx.z * c[2].. (each coordinate
 * possibly a local holding it, a linear index a local holding one, pushed on leaves), through
 * +, * by factors (lin_factor), parentheses and conversions to types holding every thread
 * index. */
static bool lin_form(KScan *ks, CXCursor e, LinCoef c[3], PtrVec *leaves) {
    e = strip_index_casts(e);
    unsigned d = coord_dim(ks, e);
    memset(c, 0, 3 * sizeof *c);
    Var *v = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? find_var(ks->k, clang_getCursorReferenced(e), ks->fe) : NULL;
    if (v && v->lin) {      /* a local holding a linear index */
        c[0] = (LinCoef){1, 0, 0};
        c[1] = v->lin_c[0];
        c[2] = v->lin_c[1];
        vec_push(ks->fe->u->arena, leaves, v);
        for (int i = 0; i < v->lin_leaves.len; i++)
            vec_push(ks->fe->u->arena, leaves, v->lin_leaves.items[i]);
        return true;
    }
    if (d) {
        c[d == DIM_X ? 0 : d == DIM_Y ? 1 : 2] = (LinCoef){1, 0, 0};
        if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
            vec_push(ks->fe->u->arena, leaves, find_var(ks->k, clang_getCursorReferenced(e), ks->fe));
        return true;
    }
    Kids kids = children(e);
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator || kids.n != 2)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if (op == CXBinaryOperator_Add) {
        LinCoef r[3];
        if (!lin_form(ks, kids.c[0], c, leaves) || !lin_form(ks, kids.c[1], r, leaves))
            return false;
        for (int i = 0; i < 3; i++) {
            if (c[i].k && r[i].k && (c[i].a != r[i].a || c[i].b != r[i].b))
                return false;
            c[i] = (LinCoef){c[i].k + r[i].k, c[i].k ? c[i].a : r[i].a, c[i].k ? c[i].b : r[i].b};
            if (c[i].k > LIN_MAX_K)
                return false;
        }
        return true;
    }
    if (op != CXBinaryOperator_Mul)
        return false;
    for (int side = 0; side < 2; side++) {
        LinCoef f;
        if (!lin_factor(kids.c[side], &f) || !lin_form(ks, kids.c[1 - side], c, leaves))
            continue;
        for (int i = 0; i < 3; i++) {
            c[i] = (LinCoef){c[i].k * f.k, c[i].a + f.a, c[i].b + f.b};
            if (c[i].k > LIN_MAX_K || c[i].a > 1 || c[i].b > 1)
                return false;
        }
        return true;
    }
    return false;
}

/* Coefficient c's largest value for any block (blockDim.x, .y <= 1024, their product too). */
static long long lin_coef_max(LinCoef c) {
    return c.k * (c.a || c.b ? 1024 : 1);
}

static const char *lin_coef_text(Arena *a, LinCoef c) {
    if (!c.k)
        return NULL;
    return arena_printf(a, "(%lldll%s%s)", c.k, c.a ? " * __cu2c_bx" : "", c.b ? " * __cu2c_by" : "");
}

/* A local initialised to the block's linear thread index (Var.lin): `ty * TILE + tx`,
 * `threadIdx.y * blockDim.x + threadIdx.x`, `(tz * by + ty) * bx + tx`; threadIdx.x's
 * coefficient 1, the others products of constants and blockDim.x, .y, and the largest value
 * any block gives below 2^31, so that the value is the same in any type holding it. */
void scan_linear_index(KScan *ks, Var *v, CXCursor decl, CXCursor init) {
    LinCoef c[3];
    PtrVec leaves = {0};
    if (!v->init_text || !holds_thread_index(clang_getCursorType(decl)) || !lin_form(ks, init, c, &leaves) ||
        c[0].k != 1 || c[0].a || c[0].b || (!c[1].k && !c[2].k))
        return;
    if (1023 + 1023 * lin_coef_max(c[1]) + 63 * lin_coef_max(c[2]) >= (1ll << 31))
        return;
    v->lin = true;
    v->lin_c[0] = c[1];
    v->lin_c[1] = c[2];
    v->lin_coef[0] = lin_coef_text(ks->fe->u->arena, c[1]);
    v->lin_coef[1] = lin_coef_text(ks->fe->u->arena, c[2]);
    v->lin_leaves = leaves;
}

/* A subscript p[E] with E, unsigned int or int, B +- threadIdx.x (written so, not through a
 * local or a macro) computed in unsigned arithmetic, B pure and free of threadIdx.x: an
 * XSub of s. */
void scan_x_subscript(KScan *ks, Stmt *s, CXCursor sub) {
    Unit *u = ks->fe->u;
    Kids kids = children(sub);
    if (ks->fe->copy != 0 || ks->lambda_depth > 0 || kids.n != 2)
        return;
    CXCursor e = kids.c[1];
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(e)).kind;
    if (tk != CXType_UInt && tk != CXType_Int)
        return;
    CXCursor leaf = clang_getNullCursor();
    PtrVec reads = {0};
    SubFacts sf = {false, false};
    int sign = x_offset(ks, e, sub, &leaf, &reads, &sf);
    /* (int arithmetic does not wrap: an affine index already) */
    if ((sign != 1 && sign != -1) || !sf.wraps)
        return;
    unsigned ib, ie, lb, le;
    cursor_range(e, &ib, &ie);
    cursor_range(leaf, &lb, &le);
    /* (threadIdx.x alone is an induction variable already) */
    if (!(ib <= lb && lb < le && le <= ie && ie <= u->len) || (ib == lb && le == ie) ||
        !written_as(u, lb, le, "threadIdx.x"))
        return;
    char *text = arena_strndup(u->arena, u->text + ib, ie - ib);
    KSearch lr = {ks, false};
    clang_visitChildren(e, local_refs_visit, &lr);
    if (strstr(text, "//") || strchr(text, '#') || lr.found)
        return;
    XSub *x = arena_alloc(u->arena, sizeof *x);
    x->begin = ib;
    x->end = ie;
    x->base = one_line(arena_printf(u->arena, "%.*s0u%.*s", (int)(lb - ib), u->text + ib, (int)(ie - le),
                                    u->text + le));
    x->sign = sign;
    x->is_signed = tk == CXType_Int;
    x->reads_yz = sf.yz;
    x->reads = reads;
    vec_push(u->arena, &s->x_subs, x);
}

/* The dimension of a guard's thread coordinate T: threadIdx.d, a local holding it, an int
 * local holding B +- threadIdx.x or a linear thread index (Var.lin) (DIM_X); 0 if e is none
 * of those. */
static unsigned guard_dim(KScan *ks, CXCursor e) {
    unsigned d = coord_dim(ks, e);
    CXCursor t = strip_implicit(e);
    if (d || clang_getCursorKind(t) != CXCursor_DeclRefExpr)
        return d;
    Var *v = find_var(ks->k, clang_getCursorReferenced(t), ks->fe);
    return v && (v->x_sign || v->lin || v->x_scale) ? DIM_X : 0;
}

static bool pow2(long long m) { return m > 0 && m <= (1ll << 30) && !(m & (m - 1)); }

/* A tile's thread_rank(): cooperative_groups.h's macro makes it the call
 * `g.__cu2c_thread_rank(threadIdx, blockDim)` on a thread_block_tile<N>; *m = N. */
static bool tile_rank_call(CXCursor e, long long *m) {
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
        Var *v = find_var(ks->k, clang_getCursorReferenced(e), ks->fe);
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
    g->in_macro = macro_written(cond) || macro_written(b);
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
    if (!clang_Cursor_isNull(t))
        t = strip_implicit(t);
    g->dim = DIM_X;
    g->coord = !clang_Cursor_isNull(t) && clang_getCursorKind(t) == CXCursor_DeclRefExpr
                   ? find_var(ks->k, clang_getCursorReferenced(t), ks->fe) : NULL;
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
    if (op == CXBinaryOperator_EQ) {
        int before = s->guards.len;
        lane_guard(ks, s, cond, kids);
        if (s->guards.len == before)
            stride_guard(ks, s, cond, kids);
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
    add_guard(ks, s, g, cond, kids.c[1 - side]);
}

/* A leaf `if (cond) stmt;` without else whose condition is pure: its guard terms. */
void scan_if_guards(KScan *ks, Stmt *s, CXCursor c) {
    Kids kids = children(c);
    if (kids.n != 2 || !clang_isExpression(clang_getCursorKind(kids.c[0])))
        return;
    PtrVec reads = {0};
    if (pure_scan_all(ks, kids.c[0], c, &reads, true).pure)
        scan_guards(ks, s, kids.c[0]);
}
