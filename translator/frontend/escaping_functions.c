/* escaping_functions.c - functions holding barriers whose address is taken: named other than
 * as the callee of a call (`launch<step4>(...)`, `fn_t p = &step4;`). A kernel calling through
 * a pointer or a template argument (`F(p)`, F a function pointer template parameter) may reach
 * one, which the thread loops cannot expand at the call (they do not know which function it
 * is): such a kernel runs on the fiber engine, whose threads call functions holding barriers
 * as written (statement_facts.c refuses the call for the thread loops). A dependent call that
 * names its functions is no such call (calls_no_barrier_fn). */
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

/* Whether any function of the program holding a barrier is named name (its USR spells the
 * name before a '#'; a longer name ending in it counts too: the answer may only err towards
 * yes). */
static bool barrier_fn_named(Fe *fe, const char *name) {
    size_t n = strlen(name);
    for (int i = 0; i < fe->barrier_fns.len; i++)
        for (const char *u = fe->barrier_fns.items[i]; (u = strstr(u, name)) != NULL; u++)
            if (u[n] == '#')
                return true;
    return false;
}

/* Whether the first token after callee's text, inside call's, is '(' (a call of what callee
 * names) rather than an operator (callee is an operand). Where either is written by a macro
 * the answer is yes (so the call counts as one through a pointer). */
static bool paren_follows(Fe *fe, CXCursor call, CXCursor callee) {
    CXSourceLocation at = clang_getRangeEnd(clang_getCursorExtent(callee));
    CXFile sf, ef;
    unsigned soff, eoff;
    clang_getSpellingLocation(at, &sf, NULL, NULL, &soff);
    clang_getExpansionLocation(at, &ef, NULL, NULL, &eoff);
    if (!sf || !ef || !clang_File_isEqual(sf, ef) || soff != eoff)
        return true;
    CXToken *toks;
    unsigned n;
    clang_tokenize(fe->tu, clang_getCursorExtent(call), &toks, &n);
    bool paren = true;
    for (unsigned i = 0; i < n; i++) {
        unsigned off;
        clang_getSpellingLocation(clang_getTokenLocation(fe->tu, toks[i]), NULL, NULL, NULL, &off);
        if (off >= soff) {
            CXString t = clang_getTokenSpelling(fe->tu, toks[i]);
            paren = strcmp(clang_getCString(t), "(") == 0;
            clang_disposeString(t);
            break;
        }
    }
    clang_disposeTokens(fe->tu, toks, n);
    return paren;
}

/* Whether a dependent call (its function chosen per instantiation) certainly calls no function
 * holding a barrier: its callee is written as a name (f(x), f<T>(x), ns::f(x)) that lookup
 * found only functions for, none holding a barrier, and no function of the program holding a
 * barrier has that name (argument-dependent lookup can add only functions of that name); or
 * it is an operator between operands of dependent types (p + i, a[i] * b[i]) while no
 * operator holds a barrier. A call through a pointer or a template argument (F(x)) is neither.
 * Such calls need not send a kernel to the fibers when the program takes a barrier function's
 * address. */
bool calls_no_barrier_fn(Fe *fe, CXCursor call) {
    CXCursor callee = strip_implicit(first_child(call));
    CXCursor r = clang_getCursorReferenced(callee);
    enum CXCursorKind rk = clang_getCursorKind(r);
    if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr &&
        (rk == CXCursor_OverloadedDeclRef || rk == CXCursor_FunctionDecl || rk == CXCursor_FunctionTemplate)) {
        unsigned n = rk == CXCursor_OverloadedDeclRef ? clang_getNumOverloadedDecls(r) : 1;
        for (unsigned i = 0; i < n; i++) {
            CXCursor d = rk == CXCursor_OverloadedDeclRef ? clang_getOverloadedDecl(r, i) : r;
            enum CXCursorKind dk = clang_getCursorKind(d);
            if ((dk != CXCursor_FunctionDecl && dk != CXCursor_FunctionTemplate) ||
                usr_in(&fe->barrier_fns, fe_str(fe->u->arena, fn_usr(d))))
                return false;
        }
        return n > 0 && !barrier_fn_named(fe, fe_str(fe->u->arena, clang_getCursorSpelling(r)));
    }
    if (!paren_follows(fe, call, callee))
        return !barrier_fn_named(fe, "operator");
    return false;
}
