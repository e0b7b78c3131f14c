/* index_arithmetic.c - locals that are arithmetic on thread indices: pure expressions (what
 * they read, whether they read threadIdx), locals that are a uniform base plus threadIdx.x
 * (induction variables in a fast copy of their loops), subscripts indexed so (the same in
 * that copy); guards on them are guards.c's. */
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
    bool memory;            /* reads of memory (not volatile) count as pure: effect-free */
} PureScan;

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

bool value_only_kind(enum CXCursorKind k) {
    return k == CXCursor_IntegerLiteral || k == CXCursor_FloatingLiteral || k == CXCursor_CharacterLiteral ||
           k == CXCursor_CXXBoolLiteralExpr || k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
           k == CXCursor_CStyleCastExpr || k == CXCursor_ConditionalOperator;
}

/* Is an initialiser pure arithmetic on locals, builtins and constants (no memory, no calls
 * with effects), so that it can be evaluated again anywhere the local is visible? */
static enum CXChildVisitResult pure_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    PureScan *ps = d;
    if (value_only_kind(clang_getCursorKind(c)))
        return CXChildVisit_Recurse;
    switch (clang_getCursorKind(c)) {
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
        if (ps->memory && op == CXUnaryOperator_Deref && !clang_isVolatileQualifiedType(clang_getCursorType(c)))
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
    case CXCursor_ArraySubscriptExpr:
        if (ps->memory && !clang_isVolatileQualifiedType(clang_getCursorType(c)))
            return CXChildVisit_Recurse;
        break;
    case CXCursor_MemberRefExpr: {
        CXCursor base = strip_implicit(first_child(c));
        ps->reads_x |= coord_dim(ps->ks, c) == DIM_X;
        if (ps->memory && !clang_isVolatileQualifiedType(clang_getCursorType(c)))
            return CXChildVisit_Recurse;
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
        if (ps->memory && clang_getCursorKind(ref) == CXCursor_VarDecl &&
            !clang_isVolatileQualifiedType(clang_getCursorType(ref)) && (!u || u->is_shared))
            return CXChildVisit_Continue;   /* shared or global memory */
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
    PureScan ps = {ks, reads, true, false, false, ranks, false};
    if (pure_visit(e, parent, &ps) == CXChildVisit_Recurse)
        clang_visitChildren(e, pure_visit, &ps);
    return ps;
}

/* Is e pure, a tile's thread_rank() counting as pure (a guard's condition)? The locals it
 * reads are added to reads. */
bool pure_scan_ranks(KScan *ks, CXCursor e, CXCursor parent, PtrVec *reads) {
    return pure_scan_all(ks, e, parent, reads, true).pure;
}

/* Is e free of effects, a guard's condition: pure, with a tile's thread_rank() and reads of
 * memory, not volatile (a thread left out of the loop by one of its guards would only have
 * read, or not even that: the terms after a false one are not evaluated)? */
bool effect_free_condition(KScan *ks, CXCursor e, CXCursor parent) {
    PtrVec reads = {0};
    PureScan ps = {ks, &reads, true, false, false, true, true};
    if (pure_visit(e, parent, &ps) == CXChildVisit_Recurse)
        clang_visitChildren(e, pure_visit, &ps);
    return ps.pure;
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
