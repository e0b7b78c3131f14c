/* gpu_arithmetic.c - integer arithmetic in device code made what NVIDIA GPUs compute where C
 * leaves it undefined (cu2c/arithmetic.h): in the bodies of kernels and device functions of
 * the main text, `a << s`, `a >> s` whose amount is not a constant within the width, and `a /
 * b`, `a % b` whose divisor is not a constant other than 0 and -1, become calls
 * (__cu2c_shl_i32(a, s), __cu2c_div_u64(a, b)...) chosen by the operation's type after C's
 * promotions; so do `v <<= s` & co. on a plain lvalue (`v = __cu2c_shl_i32(v, s)`); and a
 * conversion of a float or double to a 32- or 64-bit integer type, written (`(int)x`,
 * `int(x)`, static_cast) or implicit (`int i = x;`, an argument, a return), saturates
 * (`(int)__cu2c_f2i_i32f(x)`), and so does `i += x` (-=, *=, /=) on a plain lvalue
 * (`i = __cu2c_f2i_i32f(i + (x))`). Text written by a macro, constant expressions and operands of
 * a type depending on a template's parameters stay as written: C's behaviour there. The
 * edits keep every line where it is (the text is then parsed again). */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

typedef struct ArithScan {
    Fe *fe;
    PtrVec *edits;          /* TextEdit*, see gpu_arithmetic_edits */
    PtrVec prefixes;        /* TextEdit*: the inserts made before operands, by offset */
    PtrVec floors;          /* IndexFloor*: what the guards seen so far say of thread indices */
} ArithScan;

/* The suffix of cu2c/arithmetic.h's functions for an integer type, or NULL. */
static const char *int_suffix(CXType t) {
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Int: return "i32";
    case CXType_UInt: return "u32";
    case CXType_Long: return "il";
    case CXType_ULong: return "ul";
    case CXType_LongLong: return "i64";
    case CXType_ULongLong: return "u64";
    default: return NULL;
    }
}

/* Is the [begin, end) of c the main file's own text (no macro between)? */
static bool own_text(Fe *fe, CXCursor c, unsigned *begin, unsigned *end) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f1, f2, s1, s2;
    unsigned b, e, sb, se;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
    clang_getSpellingLocation(clang_getRangeStart(r), &s1, NULL, NULL, &sb);
    clang_getSpellingLocation(clang_getRangeEnd(r), &s2, NULL, NULL, &se);
    if (!f1 || !f2 || !clang_File_isEqual(f1, fe->main_file) || !clang_File_isEqual(f2, fe->main_file) ||
        !clang_File_isEqual(s1, f1) || !clang_File_isEqual(s2, f2) || sb != b || se != e || b >= e ||
        e > fe->u->len)
        return false;
    *begin = b;
    *end = e;
    return true;
}

static void add_edit(ArithScan *as, unsigned begin, unsigned end, const char *text) {
    Unit *u = as->fe->u;
    if (begin == end && *text != ')') {
        /* prefixes at one offset: the outer operation's first (found first, pre-order) */
        for (int i = 0; i < as->prefixes.len; i++) {
            TextEdit *p = as->prefixes.items[i];
            if (p->begin == begin) {
                p->text = arena_printf(u->arena, "%s%s", p->text, text);
                return;
            }
        }
    }
    TextEdit *e = arena_alloc(u->arena, sizeof *e);
    e->begin = begin;
    e->end = end;
    e->text = text;
    vec_push(u->arena, as->edits, e);
    if (begin == end && *text != ')')
        vec_push(u->arena, &as->prefixes, e);
}

/* The operator between an operation's operands: [*at, *at + strlen(op)), blanks and
 * comments skipped. */
static bool find_operator(Unit *u, unsigned from, unsigned to, const char *op, unsigned *at) {
    unsigned p = skip_blanks(u, from);
    size_t n = strlen(op);
    if (p + n > to || strncmp(u->text + p, op, n) != 0)
        return false;
    *at = p;
    return skip_blanks(u, p + (unsigned)n) == to;
}

/* Can the text of lvalue e be written twice (`v = f(v, s)` for `v op= s`)? */
static bool plain_lvalue(CXCursor e) {
    switch (clang_getCursorKind(e)) {
    case CXCursor_DeclRefExpr:
    case CXCursor_IntegerLiteral:
        return true;
    case CXCursor_MemberRefExpr:
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_ParenExpr:
    case CXCursor_UnexposedExpr: {
        Kids k = children(e);
        if (k.n > KIDS_MAX)
            return false;
        for (int i = 0; i < k.n; i++)
            if (!plain_lvalue(k.c[i]))
                return false;
        return true;
    }
    case CXCursor_UnaryOperator:
        return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref && plain_lvalue(first_child(e));
    case CXCursor_BinaryOperator: {
        enum CXBinaryOperatorKind o = clang_getCursorBinaryOperatorKind(e);
        return (o == CXBinaryOperator_Add || o == CXBinaryOperator_Sub || o == CXBinaryOperator_Mul) && plain_lvalue(first_child(e)) &&
               plain_lvalue(last_child(e));
    }
    default:
        return false;
    }
}

/* The integer type of an arithmetic operation on l and r after C's conversions (shifts: the
 * left operand's promoted type), or NULL when it is not one of cu2c/arithmetic.h's. */
static const char *op_suffix(CXCursor op, CXCursor l, CXCursor r, bool shift) {
    if (clang_getCursorKind(op) == CXCursor_BinaryOperator)
        return int_suffix(clang_getCursorType(op));
    /* a compound assignment: its type is the left operand's; the operation's is promoted */
    static const char *const rank[] = {"i32", "u32", "il", "ul", "i64", "u64"};
    CXType lt = clang_getCanonicalType(clang_getCursorType(l));
    if (lt.kind == CXType_Bool || lt.kind == CXType_Char_S || lt.kind == CXType_SChar ||
        lt.kind == CXType_Char_U || lt.kind == CXType_UChar || lt.kind == CXType_Short ||
        lt.kind == CXType_UShort)
        lt.kind = CXType_Int;
    const char *ls = int_suffix(lt);
    if (shift || !ls)
        return ls;
    CXType rt = clang_getCanonicalType(clang_getCursorType(r));
    const char *rs = rt.kind == CXType_Int || rt.kind == CXType_Short || rt.kind == CXType_Char_S ||
                     rt.kind == CXType_SChar || rt.kind == CXType_UChar || rt.kind == CXType_UShort ||
                     rt.kind == CXType_Bool || rt.kind == CXType_Char_U ? "i32" : int_suffix(rt);
    if (!rs)
        return NULL;
    int li = 0, ri = 0;
    for (int i = 0; i < 6; i++) {
        li = strcmp(rank[i], ls) == 0 ? i : li;
        ri = strcmp(rank[i], rs) == 0 ? i : ri;
    }
    /* LP64: long and long long of one signedness are the same width; the higher rank wins,
     * except that long long cannot hold every unsigned long: unsigned long long then */
    if ((li == 3 && ri == 4) || (li == 4 && ri == 3))
        return "u64";
    return rank[li > ri ? li : ri];
}

/* `l OP r` (or `l OP= r`): the call of cu2c/arithmetic.h in its place. */
static void rewrite_operation(ArithScan *as, CXCursor op, const char *name, const char *token, bool shift) {
    Fe *fe = as->fe;
    Unit *u = fe->u;
    Kids k = children(op);
    if (k.n != 2)
        return;
    CXCursor l = k.c[0], r = k.c[1];
    long long v;
    if (int_constant(op, &v))
        return;             /* a constant expression stays one */
    bool compound = clang_getCursorKind(op) == CXCursor_CompoundAssignOperator;
    const char *sfx = op_suffix(op, l, r, shift);
    if (!sfx)
        return;
    int width = strcmp(sfx, "i32") == 0 || strcmp(sfx, "u32") == 0 ? 32 : 64;
    if (int_constant(r, &v) && (shift ? v >= 0 && v < width : v != 0 && (v != -1 || sfx[0] == 'u')))
        return;             /* defined in C as on the GPU */
    unsigned ob, oe, lb, le, rb, re, at;
    if (!own_text(fe, op, &ob, &oe) || !own_text(fe, l, &lb, &le) || !own_text(fe, r, &rb, &re) ||
        lb != ob || re != oe || !find_operator(u, le, rb, token, &at))
        return;
    if (compound) {
        if (!plain_lvalue(strip_implicit(l)))
            return;
        add_edit(as, at, at + (unsigned)strlen(token),
                 arena_printf(u->arena, "= __cu2c_%s_%s(%s,", name, sfx, one_line(fe_text(fe, lb, le))));
    } else {
        add_edit(as, lb, lb, arena_printf(u->arena, "__cu2c_%s_%s(", name, sfx));
        add_edit(as, at, at + (unsigned)strlen(token), ",");
    }
    add_edit(as, re, re, ")");
}

/* A conversion to an integer type of a float or double operand: it saturates. */
static void rewrite_conversion(ArithScan *as, CXCursor conv, CXCursor operand) {
    const char *sfx = int_suffix(clang_getCursorType(conv));
    enum CXTypeKind from = clang_getCanonicalType(clang_getCursorType(operand)).kind;
    long long v;
    if (!sfx || (from != CXType_Float && from != CXType_Double) || int_constant(conv, &v))
        return;
    unsigned b, e;
    if (!own_text(as->fe, operand, &b, &e))
        return;
    add_edit(as, b, b, arena_printf(as->fe->u->arena, "__cu2c_f2i_%s%c(", sfx, from == CXType_Float ? 'f' : 'd'));
    add_edit(as, e, e, ")");
}

/* `x += f` (-=, *=, /=) with x of an integer type and f a float or double: the operation is
 * in f's type and its result converted to x's, which saturates (`x = __cu2c_f2i_i32f(x + f)`,
 * x a plain lvalue). */
static void rewrite_compound_conversion(ArithScan *as, CXCursor op, const char *token) {
    Fe *fe = as->fe;
    Unit *u = fe->u;
    Kids k = children(op);
    if (k.n != 2)
        return;
    CXCursor l = k.c[0], r = k.c[1];
    const char *sfx = int_suffix(clang_getCursorType(l));
    enum CXTypeKind from = clang_getCanonicalType(clang_getCursorType(r)).kind;
    if (!sfx || (from != CXType_Float && from != CXType_Double) || !plain_lvalue(strip_implicit(l)))
        return;
    unsigned ob, oe, lb, le, rb, re, at;
    if (!own_text(fe, op, &ob, &oe) || !own_text(fe, l, &lb, &le) || !own_text(fe, r, &rb, &re) ||
        lb != ob || re != oe || !find_operator(u, le, rb, token, &at))
        return;
    add_edit(as, at, at + (unsigned)strlen(token),
             arena_printf(u->arena, "= __cu2c_f2i_%s%c(%s %c (", sfx, from == CXType_Float ? 'f' : 'd',
                          one_line(fe_text(fe, lb, le)), token[0]));
    add_edit(as, re, re, "))");
}

/* Is decl a __shared__ array, or a local pointer that points into one: every value given it
 * (its initialiser, assignments; += and -= keep it there) computed from such an array or
 * pointer, its address never taken? depth bounds the chain of pointers. */
static bool shared_window_decl(CXCursor decl, int depth);

typedef struct SharedFlow {
    CXCursor var;           /* the pointer followed */
    int depth;
    bool from_shared;       /* a value read names a shared array or such pointer */
    bool escapes;           /* given a value from elsewhere, or its address taken */
} SharedFlow;

static enum CXChildVisitResult names_shared_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    SharedFlow *sf = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && shared_window_decl(clang_getCursorReferenced(c), sf->depth + 1))
        sf->from_shared = true;
    return CXChildVisit_Recurse;
}

/* Does expression e compute its value from a shared array or a pointer into one? */
static bool names_shared(CXCursor e, int depth) {
    SharedFlow sf = {.depth = depth};
    names_shared_visit(e, clang_getNullCursor(), &sf);
    clang_visitChildren(e, names_shared_visit, &sf);
    return sf.from_shared;
}

static bool refers_to(CXCursor e, CXCursor var) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_ParenExpr)
        e = strip_implicit(first_child(e));
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(e), var);
}

static enum CXChildVisitResult pointer_writes_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    SharedFlow *sf = d;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign &&
        refers_to(first_child(c), sf->var) && !names_shared(last_child(c), sf->depth))
        sf->escapes = true;
    if (kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf &&
        refers_to(first_child(c), sf->var))
        sf->escapes = true;
    return sf->escapes ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool shared_window_decl(CXCursor decl, int depth) {
    if (depth > 8 || clang_getCursorKind(decl) != CXCursor_VarDecl)
        return false;
    CXType t = clang_getCanonicalType(clang_getCursorType(decl));
    if (has_attr(decl, CXCursor_CUDASharedAttr))
        return is_array_type(t);
    if (t.kind != CXType_Pointer)
        return false;
    CXCursor fn = clang_getCursorSemanticParent(decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_FunctionTemplate && fk != CXCursor_CXXMethod)
        return false;   /* a pointer of file or class scope: anyone may set it */
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    if (clang_Cursor_isNull(init) || !names_shared(init, depth))
        return false;
    SharedFlow sf = {.var = decl, .depth = depth};
    clang_visitChildren(fn, pointer_writes_visit, &sf);
    return !sf.escapes;
}

/* `p[i]` with p a __shared__ array or a pointer into one and i an unsigned int: a GPU adds the
 * index to the 32-bit shared-memory address, modulo 2^32, so an index of 2^32 - k reaches k
 * elements before p (HeCBench merge's `BSm1[~Ax]`). C adds it as 64 bits, far beyond: the index
 * is taken as an int, the same element wherever the GPU's access is valid. Only indices that
 * can pass below 0 are rewritten (a subtraction, ~ or unary - in them, and no proof that the
 * value stays at or above 0: unsigned_bounds.c): others are the same either way. */
static void rewrite_shared_index(ArithScan *as, CXCursor sub) {
    Kids k = children(sub);
    if (k.n != 2)
        return;
    CXCursor base = strip_implicit(k.c[0]), index = k.c[1];
    long long v;
    if (clang_getCanonicalType(clang_getCursorType(index)).kind != CXType_UInt || int_constant(index, &v) ||
        !may_go_below_zero(index) || never_below_zero(index, &as->floors) || clang_getCursorKind(base) != CXCursor_DeclRefExpr || !shared_window_decl(clang_getCursorReferenced(base), 0))
        return;
    unsigned b, e;
    if (!own_text(as->fe, index, &b, &e))
        return;
    add_edit(as, b, b, "(int)(");
    add_edit(as, e, e, ")");
}

static enum CXChildVisitResult arith_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    ArithScan *as = d;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) {
        switch (clang_getCursorBinaryOperatorKind(c)) {
        case CXBinaryOperator_Shl: rewrite_operation(as, c, "shl", "<<", true); break;
        case CXBinaryOperator_Shr: rewrite_operation(as, c, "shr", ">>", true); break;
        case CXBinaryOperator_Div: rewrite_operation(as, c, "div", "/", false); break;
        case CXBinaryOperator_Rem: rewrite_operation(as, c, "rem", "%", false); break;
        case CXBinaryOperator_ShlAssign: rewrite_operation(as, c, "shl", "<<=", true); break;
        case CXBinaryOperator_ShrAssign: rewrite_operation(as, c, "shr", ">>=", true); break;
        case CXBinaryOperator_DivAssign:   /* one of the two, by the divisor's type */
            rewrite_operation(as, c, "div", "/=", false);
            rewrite_compound_conversion(as, c, "/=");
            break;
        case CXBinaryOperator_RemAssign: rewrite_operation(as, c, "rem", "%=", false); break;
        case CXBinaryOperator_AddAssign: rewrite_compound_conversion(as, c, "+="); break;
        case CXBinaryOperator_SubAssign: rewrite_compound_conversion(as, c, "-="); break;
        case CXBinaryOperator_MulAssign: rewrite_compound_conversion(as, c, "*="); break;
        default: break;
        }
    } else if (kind == CXCursor_ArraySubscriptExpr) {
        rewrite_shared_index(as, c);
    } else if (kind == CXCursor_IfStmt || kind == CXCursor_ConditionalOperator) {
        index_floors(as->fe->u->arena, c, &as->floors);
    } else if (kind == CXCursor_CStyleCastExpr || kind == CXCursor_CXXStaticCastExpr ||
               kind == CXCursor_CXXFunctionalCastExpr || kind == CXCursor_UnexposedExpr) {
        /* written casts, and implicit ones (libclang's unexposed ImplicitCastExpr): the
         * operand is the last child (a written cast's first may be its type) */
        CXCursor operand = last_child(c);
        if (!clang_Cursor_isNull(operand) && clang_isExpression(clang_getCursorKind(operand)))
            rewrite_conversion(as, c, operand);
    }
    return CXChildVisit_Recurse;
}

void gpu_arithmetic_edits(Fe *fe, PtrVec *edits) {
    if (fe->u->errors)
        return;
    ArithScan as = {.fe = fe, .edits = edits};
    fe_visit_device_bodies(fe, false, arith_visit, &as);
}
