/* flat_subscripts.c - `A[X / C][X % C]` on a two-dimensional array whose rows hold C elements
 * (a block loading a tile through a flat index: `for (i = tid; i < N; i += threads) tile[i /
 * W][i % W] = ...`) written `CU2C_FLAT2(A, X / C, X % C)` (cu2c/device.h): one subscript
 * (X / C) * C + X % C of A's first element, which the C compiler folds to X. The same element
 * wherever the original is within A, but now an access contiguous in X, where the two
 * subscripts were a scatter (or gather) no compiler vectorises. Only the brackets change (in
 * the bodies of kernels and device functions of the main text), so edits inside X stay. */
#include "fe.h"

#include <string.h>

typedef struct FlatScan {
    Fe *fe;
    PtrVec *edits;
} FlatScan;

/* e (stripped) as `X op C`, op / or %, C a constant: X and C. */
static bool by_constant(CXCursor e, enum CXBinaryOperatorKind op, CXCursor *x, long long *c) {
    e = strip_implicit(e);
    Kids kids = children(e);
    if (clang_getCursorKind(e) != CXCursor_BinaryOperator || clang_getCursorBinaryOperatorKind(e) != op ||
        kids.n != 2 || !int_constant(kids.c[1], c))
        return false;
    *x = kids.c[0];
    return true;
}

/* Is [begin, end) of the main text exactly c's (no macro at either end)? */
static bool own_range(Fe *fe, CXCursor c, unsigned *begin, unsigned *end) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile f1, f2;
    unsigned b, e, sb, se;
    clang_getExpansionLocation(clang_getRangeStart(r), &f1, NULL, NULL, &b);
    clang_getExpansionLocation(clang_getRangeEnd(r), &f2, NULL, NULL, &e);
    clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, &sb);
    clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &se);
    if (!f1 || !f2 || !clang_File_isEqual(f1, fe->main_file) || !clang_File_isEqual(f2, fe->main_file) ||
        sb != b || se != e || b >= e || e > fe->u->len)
        return false;
    *begin = b;
    *end = e;
    return true;
}

static void push(FlatScan *fs, unsigned begin, unsigned end, const char *text) {
    TextEdit *e = arena_alloc(fs->fe->u->arena, sizeof *e);
    *e = (TextEdit){begin, end, text};
    vec_push(fs->fe->u->arena, fs->edits, e);
}

/* The position of the bracket ch at or after p (past blanks), or 0 if something else is. */
static unsigned bracket_at(Unit *u, unsigned p, unsigned limit, char ch) {
    while (p < limit && (u->text[p] == ' ' || u->text[p] == '\t' || u->text[p] == '\n' || u->text[p] == '\r'))
        p++;
    return p < limit && u->text[p] == ch ? p : 0;
}

static enum CXChildVisitResult flat_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    FlatScan *fs = d;
    Unit *u = fs->fe->u;
    if (clang_getCursorKind(c) != CXCursor_ArraySubscriptExpr)
        return CXChildVisit_Recurse;
    Kids outer = children(c);
    if (outer.n != 2)
        return CXChildVisit_Recurse;
    CXCursor inner = strip_implicit(outer.c[0]);
    Kids in = children(inner);
    if (clang_getCursorKind(inner) != CXCursor_ArraySubscriptExpr || in.n != 2)
        return CXChildVisit_Recurse;
    CXCursor base = strip_implicit(in.c[0]), x1, x2;
    CXType at = clang_getCanonicalType(clang_getCursorType(base));
    CXType row = clang_getCanonicalType(clang_getArrayElementType(at));
    long long c1, c2;
    if (at.kind != CXType_ConstantArray || row.kind != CXType_ConstantArray ||
        !by_constant(in.c[1], CXBinaryOperator_Div, &x1, &c1) || !by_constant(outer.c[1], CXBinaryOperator_Rem, &x2, &c2) ||
        c1 != c2 || c1 != clang_getArraySize(row) || c1 <= 0)
        return CXChildVisit_Recurse;
    unsigned ob, oe, bb, be, ib, ie, xb1, xe1, xb2, xe2;
    if (!own_range(fs->fe, c, &ob, &oe) || !own_range(fs->fe, base, &bb, &be) || !own_range(fs->fe, inner, &ib, &ie) ||
        !own_range(fs->fe, x1, &xb1, &xe1) || !own_range(fs->fe, x2, &xb2, &xe2) || xe1 - xb1 != xe2 - xb2 ||
        memcmp(u->text + xb1, u->text + xb2, xe1 - xb1) != 0)
        return CXChildVisit_Recurse;
    /* A [ X / C ] [ X % C ]: the four brackets */
    unsigned l1 = bracket_at(u, be, ie, '['), l2 = bracket_at(u, ie, oe, '[');
    if (bb != ob || !l1 || !l2 || u->text[ie - 1] != ']' || u->text[oe - 1] != ']')
        return CXChildVisit_Recurse;
    push(fs, ob, ob, "CU2C_FLAT2(");
    push(fs, l1, l1 + 1, ", ");
    push(fs, ie - 1, ie, ", ");
    push(fs, l2, l2 + 1, "");
    push(fs, oe - 1, oe, ")");
    return CXChildVisit_Continue;
}

void flat_subscript_edits(Fe *fe, PtrVec *edits) {
    if (fe->u->errors)
        return;
    FlatScan fs = {fe, edits};
    fe_visit_device_bodies(fe, false, flat_visit, &fs);
}
