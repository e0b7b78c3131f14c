/* spin_loops.c - spin-waits in device code made to end. A block's threads run one after
 * another here, so a thread spinning on a flag that a later thread of its block sets (or a
 * block not yet running) would wait for ever where the GPU runs them at once. A loop of a
 * kernel's or device function's body in the main text whose condition reads volatile memory
 * or calls an atomic, and whose body does nothing else (empty, or fences and __nanosleep),
 * is a spin point: its body calls cu2c_spin_wait("FILE:LINE") first (cu2c/device.h), which
 * ends the kernel with cudaErrorLaunchTimeout and a located message once the spin has
 * lasted CU2C_SPIN_TIMEOUT seconds (10 by default) instead of hanging. The edits keep every
 * line where it is (the text is then parsed again). */
#include "fe.h"

#include <string.h>

typedef struct SpinScan {
    Fe *fe;
    PtrVec *edits;
} SpinScan;

/* Does e read volatile memory or call an atomic (a cuda::atomic's load, atomicAdd(p, 0))? */
static enum CXChildVisitResult waits_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    bool *found = d;
    if (is_volatile_memory(c)) {
        *found = true;
        return CXChildVisit_Break;
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        const char *n = call_name(c);
        if (n && (strncmp(n, "atomic", 6) == 0 || strncmp(n, "__atomic", 8) == 0 || strncmp(n, "__nv_atomic", 11) == 0 ||
                  strcmp(n, "load") == 0 ||
                  strncmp(n, "__cu2c_atomic", 13) == 0)) {
            *found = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

static bool reads_shared_state(CXCursor e) {
    bool found = is_volatile_memory(e);
    if (!found)
        clang_visitChildren(e, waits_visit, &found);
    return found;
}

/* Is the loop body s empty, or only fences and __nanosleep? */
static bool idle_body(CXCursor s) {
    enum CXCursorKind k = clang_getCursorKind(s);
    if (k == CXCursor_NullStmt)
        return true;
    if (k == CXCursor_CallExpr) {
        const char *n = call_name(s);
        return n && (strncmp(n, "__threadfence", 13) == 0 || strcmp(n, "__nanosleep") == 0);
    }
    if (k != CXCursor_CompoundStmt)
        return false;
    Kids kids = children(s);
    if (kids.n > KIDS_MAX)
        return false;
    for (int i = 0; i < kids.n; i++)
        if (!idle_body(strip_implicit(kids.c[i])))
            return false;
    return true;
}

static enum CXChildVisitResult spin_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    SpinScan *ss = d;
    Fe *fe = ss->fe;
    Unit *u = fe->u;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_WhileStmt && k != CXCursor_DoStmt && k != CXCursor_ForStmt)
        return CXChildVisit_Recurse;
    Kids kids = children(c);
    if (kids.n < 2 || kids.n > KIDS_MAX || from_macro(c) || !in_main_file(fe, c))
        return CXChildVisit_Recurse;
    /* while (cond) body; do body while (cond); for (...; cond; ...) body */
    CXCursor body = k == CXCursor_DoStmt ? kids.c[0] : kids.c[kids.n - 1];
    CXCursor cond = k == CXCursor_DoStmt ? kids.c[1] : kids.c[kids.n - 2];
    if (!idle_body(body) || !reads_shared_state(cond))
        return CXChildVisit_Recurse;
    unsigned b, e;
    cursor_range(body, &b, &e);
    if (b >= e || e > u->len)
        return CXChildVisit_Recurse;
    SrcLoc at = cursor_loc(fe, c);
    Buf where = {0};
    put_path(&where, loc_file(at));
    const char *call = arena_printf(u->arena, "cu2c_spin_wait(\"%s:%u\"); ", where.data, loc_line(at));
    buf_free(&where);
    TextEdit *t = arena_alloc(u->arena, sizeof *t);
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
        t->begin = t->end = b + 1;      /* after its '{' */
        t->text = call;
    } else if (clang_getCursorKind(body) == CXCursor_NullStmt && u->text[b] == ';') {
        t->begin = b;
        t->end = b + 1;
        t->text = arena_printf(u->arena, "{ %s}", call);
    } else {
        t->begin = t->end = b;          /* a fence: the call before it, both one statement */
        t->text = arena_printf(u->arena, "{ %s", call);
        TextEdit *close = arena_alloc(u->arena, sizeof *close);
        close->begin = close->end = stmt_end(u, e);
        close->text = " }";
        vec_push(u->arena, ss->edits, t);
        vec_push(u->arena, ss->edits, close);
        return CXChildVisit_Continue;
    }
    vec_push(u->arena, ss->edits, t);
    return CXChildVisit_Continue;
}

void spin_loop_edits(Fe *fe, PtrVec *edits) {
    if (fe->u->errors)
        return;
    SpinScan ss = {.fe = fe, .edits = edits};
    fe_visit_device_bodies(fe, true, spin_visit, &ss);
}
