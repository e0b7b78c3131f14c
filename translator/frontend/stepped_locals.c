/* stepped_locals.c - where a kernel's locals are stepped (`c += plane;`, `++i;`) in statement
 * position: straight-line in the kernel's body (blocks included), or straight-line in the
 * body of a for-loop found there (Var.step_sites). A step anywhere else (in an if, a ?:, a
 * while loop, a loop in a loop's body, an expanded function) is left out, so that
 * promote_locals, comparing the sites with Var.step_writes, knows whether every thread that
 * reaches a for-loop or the kernel's statement takes every step (x_stepped). Kernels with a
 * goto or a label have no sites. */
#include "fe.h"

typedef struct StepWalk {
    KScan *ks;
    unsigned loop;          /* the for-loop whose body is walked (its offset), 0: the kernel's */
} StepWalk;

Var *stepped_local(KScan *ks, CXCursor c) {
    enum CXCursorKind kind = clang_getCursorKind(c);
    bool step = (kind == CXCursor_CompoundAssignOperator &&
                 (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_AddAssign ||
                  clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_SubAssign)) ||
                (kind == CXCursor_UnaryOperator &&
                 (clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_PostInc ||
                  clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_PostDec ||
                  clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_PreInc ||
                  clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_PreDec));
    return step ? named_local(ks, first_child(c)) : NULL;
}

static bool is_goto_or_label(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_LabelStmt;
}

static enum CXChildVisitResult list_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    StepWalk *w = d;
    enum CXCursorKind kind = clang_getCursorKind(c);
    Var *v = stepped_local(w->ks, c);
    if (v) {
        unsigned b, e;
        cursor_range(c, &b, &e);
        StepSite *site = arena_alloc(w->ks->fe->u->arena, sizeof *site);
        site->at = b;
        site->loop = w->loop;
        vec_push(w->ks->fe->u->arena, &v->step_sites, site);
    } else if (kind == CXCursor_CompoundStmt) {
        clang_visitChildren(c, list_visit, w);
    } else if (kind == CXCursor_ForStmt && w->loop == 0) {
        /* its body: the steps of every trip (promote_locals checks the header and the jumps) */
        Kids kids = children(c);
        StepWalk inner = {w->ks, 0};
        unsigned e;
        cursor_range(c, &inner.loop, &e);
        CXCursor body = kids.c[kids.n - 1];
        if (kids.n >= 2 && inner.loop > 0)
            list_visit(body, c, &inner);
    }
    return CXChildVisit_Continue;
}

void scan_step_sites(KScan *ks, CXCursor body) {
    if (find_in(body, is_goto_or_label, NULL))
        return;
    StepWalk w = {ks, 0};
    clang_visitChildren(body, list_visit, &w);
}
