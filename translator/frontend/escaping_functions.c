/* escaping_functions.c - functions holding barriers whose address is taken: named other than
 * as the callee of a call (`launch<step4>(...)`, `fn_t p = &step4;`). A kernel calling through
 * a pointer or a template argument (`F(p)`, F a function pointer template parameter) may reach
 * one, which the thread loops cannot expand at the call (they do not know which function it
 * is): such a kernel runs on the fiber engine, whose threads call functions holding barriers
 * as written (statement_facts.c refuses the call for the thread loops). */
#include "fe.h"

#include <string.h>

typedef struct EscapeScan {
    Fe *fe;
    PtrVec callee_offsets;  /* unsigned*: where the callees of the calls seen so far are named */
} EscapeScan;

static unsigned name_offset(CXCursor c) {
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL, NULL, &off);
    return off;
}

static bool is_callee_offset(EscapeScan *es, unsigned off) {
    for (int i = 0; i < es->callee_offsets.len; i++)
        if (*(unsigned *)es->callee_offsets.items[i] == off)
            return true;
    return false;
}

static enum CXChildVisitResult escape_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    EscapeScan *es = d;
    Fe *fe = es->fe;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CallExpr) {     /* visited before its callee: its name is a call's */
        CXCursor callee = strip_implicit(first_child(c));
        if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr) {
            unsigned *off = arena_alloc(fe->u->arena, sizeof *off);
            *off = name_offset(callee);
            vec_push(fe->u->arena, &es->callee_offsets, off);
        }
    } else if (k == CXCursor_DeclRefExpr && !fe->escaping_barrier_fn) {
        CXCursor fn = clang_getCursorReferenced(c);
        enum CXCursorKind fk = clang_getCursorKind(fn);
        if ((fk == CXCursor_FunctionDecl || fk == CXCursor_FunctionTemplate) && is_user_fn(fn) &&
            usr_in(&fe->barrier_fns, fe_str(fe->u->arena, fn_usr(fn))) && !is_callee_offset(es, name_offset(c)))
            fe->escaping_barrier_fn = fe_str(fe->u->arena, clang_getCursorSpelling(fn));
    }
    return CXChildVisit_Recurse;
}

void find_escaping_barrier_fns(Fe *fe) {
    fe->escaping_barrier_fn = NULL;
    if (!fe->barrier_fns.len)
        return;     /* the usual case: nothing to look for */
    EscapeScan es = {.fe = fe};
    fe_visit_unit(fe, escape_visit, &es);
}
