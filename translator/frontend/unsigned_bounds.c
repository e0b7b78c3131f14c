/* unsigned_bounds.c - proofs that an integer expression in device code never has a value
 * below 0, for the rewrites that would otherwise have to allow for one (gpu_arithmetic.c's
 * shared-memory index, which is taken modulo 2^32 when it may pass below 0).
 *
 * The expression is read as a linear form over threadIdx.d, blockIdx.d, blockDim.d, gridDim.d,
 * integer constants and unsigned terms it cannot see into (each >= 0, none subtracted), through
 * +, -, * by a constant and locals of the same function that are never written after their
 * initialiser. With 0 <= threadIdx.d <= blockDim.d - 1, 0 <= blockIdx.d <= gridDim.d - 1 and
 * every extent >= 1, the form's least value follows; unsigned arithmetic that wraps below 0
 * on the way and comes back (`blockDim.x - 1 - t`) ends with the form's value, modulo 2^32.
 * A guard of an if or ?: around the expression (`threadIdx.y > 0 ? tile[threadIdx.y - 1]...`)
 * raises its index's least value (IndexFloor). */
#include "fe.h"

#include <string.h>

enum { PAIRS = 6 };     /* x, y, z of (threadIdx, blockDim), then of (blockIdx, gridDim) */

typedef struct Linear {
    long long constant;
    long long index[PAIRS];     /* coefficients of threadIdx.x, .y, .z, blockIdx.x, .y, .z */
    long long extent[PAIRS];    /* of blockDim.x, .y, .z, gridDim.x, .y, .z */
    int opaque;                 /* +1: unseen terms >= 0 added; -1: one subtracted (no bound) */
} Linear;

/* threadIdx.d & co.: its slot and whether it is an extent (blockDim, gridDim); -1 if not one */
static int builtin_slot(CXCursor e, bool *extent) {
    const char *name;
    int d = builtin_member(e, &name);
    if (d < 0)
        return -1;
    bool grid = strcmp(name, "blockIdx") == 0 || strcmp(name, "gridDim") == 0;
    *extent = strcmp(name, "blockDim") == 0 || strcmp(name, "gridDim") == 0;
    return grid ? 3 + d : d;
}

typedef struct UseScan {
    CXCursor var;
    bool written;
} UseScan;

/* A use of the local other than a read: its parent is not an implicit conversion (an
 * assignment's left side, ++, &, a reference bound to it, a cast of it as an lvalue). */
static enum CXChildVisitResult use_visit(CXCursor c, CXCursor parent, CXClientData d) {
    UseScan *us = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), us->var) &&
        clang_getCursorKind(parent) != CXCursor_UnexposedExpr) {
        us->written = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* The initialiser of a local integer variable of a function that is only read after it, or a
 * null cursor. */
static CXCursor fixed_local_init(CXCursor var) {
    CXCursor none = clang_getNullCursor();
    CXType t = clang_getCanonicalType(clang_getCursorType(var));
    CXCursor fn = clang_getCursorSemanticParent(var);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (clang_getCursorKind(var) != CXCursor_VarDecl ||
        clang_Cursor_getStorageClass(var) == CX_SC_Static ||
        (t.kind != CXType_Int && t.kind != CXType_UInt && t.kind != CXType_Long && t.kind != CXType_ULong &&
         t.kind != CXType_LongLong && t.kind != CXType_ULongLong) ||
        (fk != CXCursor_FunctionDecl && fk != CXCursor_FunctionTemplate && fk != CXCursor_CXXMethod))
        return none;
    CXCursor init = last_child(var);
    if (clang_Cursor_isNull(init) || !clang_isExpression(clang_getCursorKind(init)))
        return none;
    UseScan us = {var, false};
    clang_visitChildren(fn, use_visit, &us);
    return us.written ? none : init;
}

static enum CXChildVisitResult subtracts_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    enum CXCursorKind kind = clang_getCursorKind(c);
    if ((kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Sub) ||
        (kind == CXCursor_UnaryOperator && (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Not ||
                                            clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Minus))) {
        *(bool *)d = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

bool may_go_below_zero(CXCursor e) {
    bool found = false;
    subtracts_visit(e, clang_getNullCursor(), &found);
    if (!found)
        clang_visitChildren(e, subtracts_visit, &found);
    return found;
}

static bool linear_form(CXCursor e, Linear *l, int depth);

static bool combine(CXCursor e, Linear *l, int depth) {
    Kids k = children(e);
    Linear a = {0}, b = {0};
    if (k.n != 2)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    long long scale;
    if (op == CXBinaryOperator_Mul) {
        int side = int_constant(k.c[0], &scale) ? 0 : int_constant(k.c[1], &scale) ? 1 : -1;
        if (side < 0 || scale < 0 || scale > 1 << 20 || !linear_form(k.c[1 - side], &a, depth))
            return false;
        l->constant = a.constant * scale;
        for (int i = 0; i < PAIRS; i++) {
            l->index[i] = a.index[i] * scale;
            l->extent[i] = a.extent[i] * scale;
        }
        l->opaque = scale ? a.opaque : 0;
        return true;
    }
    if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || !linear_form(k.c[0], &a, depth) ||
        !linear_form(k.c[1], &b, depth))
        return false;
    long long sign = op == CXBinaryOperator_Add ? 1 : -1;
    l->constant = a.constant + sign * b.constant;
    for (int i = 0; i < PAIRS; i++) {
        l->index[i] = a.index[i] + sign * b.index[i];
        l->extent[i] = a.extent[i] + sign * b.extent[i];
    }
    int bo = (int)sign * b.opaque;
    l->opaque = a.opaque < 0 || bo < 0 ? -1 : a.opaque > 0 || bo > 0 ? 1 : 0;
    return true;
}

/* e as a linear form; false where a term is neither one of the form's nor an unsigned term
 * without subtraction, ~ or unary minus. */
static bool linear_form(CXCursor e, Linear *l, int depth) {
    memset(l, 0, sizeof *l);
    e = strip_implicit(e);
    if (depth > 8)
        return false;
    long long v;
    if (int_constant(e, &v)) {
        l->constant = v;
        return true;
    }
    bool extent;
    int slot = builtin_slot(e, &extent);
    if (slot >= 0) {
        (extent ? l->extent : l->index)[slot] = 1;
        return true;
    }
    switch (clang_getCursorKind(e)) {
    case CXCursor_BinaryOperator:
        return combine(e, l, depth);
    case CXCursor_DeclRefExpr: {
        CXCursor init = fixed_local_init(clang_getCursorReferenced(e));
        if (!clang_Cursor_isNull(init))
            return linear_form(init, l, depth + 1);
        break;
    }
    default:
        break;
    }
    CXType t = clang_getCanonicalType(clang_getCursorType(e));
    if ((t.kind != CXType_UInt && t.kind != CXType_ULong && t.kind != CXType_ULongLong) || may_go_below_zero(e))
        return false;
    l->opaque = 1;
    return true;
}

/* The slot of the index that e is, alone (threadIdx.y, or a local holding it), or -1. */
static int index_slot(CXCursor e) {
    Linear l;
    if (!linear_form(e, &l, 0) || l.opaque || l.constant)
        return -1;
    int slot = -1;
    for (int p = 0; p < PAIRS; p++) {
        if (l.extent[p] || (l.index[p] && (l.index[p] != 1 || slot >= 0)))
            return -1;
        if (l.index[p])
            slot = p;
    }
    return slot;
}

/* The floor that comparison c sets on an index where it holds (holds) or where it does not;
 * false if it sets none. */
static bool comparison_floor(CXCursor c, bool holds, int *slot, long long *least) {
    c = strip_implicit(c);
    Kids k = children(c);
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator || k.n != 2)
        return false;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (holds && op == CXBinaryOperator_LAnd)
        return comparison_floor(k.c[0], true, slot, least) || comparison_floor(k.c[1], true, slot, least);
    if (!holds && op == CXBinaryOperator_LOr)
        return comparison_floor(k.c[0], false, slot, least) || comparison_floor(k.c[1], false, slot, least);
    long long v;
    int side = int_constant(k.c[1], &v) ? 0 : int_constant(k.c[0], &v) ? 1 : -1;
    if (side < 0 || (*slot = index_slot(k.c[side])) < 0)
        return false;
    if (side == 1) {    /* K < X is X > K, and so on */
        op = op == CXBinaryOperator_LT ? CXBinaryOperator_GT : op == CXBinaryOperator_GT ? CXBinaryOperator_LT :
             op == CXBinaryOperator_LE ? CXBinaryOperator_GE : op == CXBinaryOperator_GE ? CXBinaryOperator_LE : op;
    }
    if (!holds) {       /* where X < K does not hold, X >= K; where X == 0 does not, X != 0 */
        op = op == CXBinaryOperator_LT ? CXBinaryOperator_GE : op == CXBinaryOperator_LE ? CXBinaryOperator_GT :
             op == CXBinaryOperator_EQ && v == 0 ? CXBinaryOperator_NE : CXBinaryOperator_Comma;
    }
    switch (op) {
    case CXBinaryOperator_GT: *least = v + 1; return true;
    case CXBinaryOperator_GE: *least = v; return true;
    case CXBinaryOperator_NE: *least = 1; return v == 0;
    default: return false;
    }
}

/* The floors that an if statement or ?: c sets in its branches, added to floors. */
void index_floors(Arena *a, CXCursor c, PtrVec *floors) {
    enum CXCursorKind kind = clang_getCursorKind(c);
    if (kind != CXCursor_IfStmt && kind != CXCursor_ConditionalOperator)
        return;
    Kids k = children(c);
    if (k.n != 2 && k.n != 3)
        return;
    for (int branch = 1; branch < k.n; branch++) {
        IndexFloor f;
        if (!comparison_floor(k.c[0], branch == 1, &f.slot, &f.least) || f.least <= 0)
            continue;
        cursor_range(k.c[branch], &f.begin, &f.end);
        IndexFloor *p = arena_alloc(a, sizeof *p);
        *p = f;
        vec_push(a, floors, p);
    }
}

bool never_below_zero(CXCursor e, const PtrVec *floors) {
    Linear l;
    if (!linear_form(e, &l, 0) || l.opaque < 0)
        return false;
    unsigned at, end;
    cursor_range(e, &at, &end);
    long long floor[PAIRS] = {0};
    for (int f = 0; floors && f < floors->len; f++) {
        const IndexFloor *p = floors->items[f];
        if (p->begin <= at && end <= p->end && p->least > floor[p->slot])
            floor[p->slot] = p->least;
    }
    /* per pair: index I, extent E with floor F <= I <= E - 1; x*E + i*I is least at I = F,
     * E = F + 1 (value x*(F + 1) + i*F) where x >= 0 and x + i >= 0, and unbounded below
     * otherwise */
    long long least = l.constant;
    for (int p = 0; p < PAIRS; p++) {
        long long x = l.extent[p], i = l.index[p];
        if (x < 0 || x + i < 0)
            return false;
        least += x * (floor[p] + 1) + i * floor[p];
    }
    return least >= 0;
}
