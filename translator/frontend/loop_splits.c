/* loop_splits.c - ifs whose branches hold loops worth running once per block around the
 * thread loops (form_loops' interchange): such an if becomes a construct (an ST_SYNC without
 * a barrier) so that the loop is a leaf of its own; where its condition varies it runs per
 * thread by a flag (Stmt.predicated), the loop's trips by the block, each thread taking part
 * by its flag. `if (i < n) { ... for (d = 0; d < dims; d++) s += a[d * n + i]; ... }` then
 * reads consecutive elements per trip instead of striding per thread.
 *
 * Chosen from the text alone: an if without init statement or condition variable, with no
 * return, goto, label, break or continue anywhere inside, nothing a construct would refuse
 * (volatile stores: warp steps), whose branches hold, as statements of their own lists, a
 * for-loop that is no short constant-trip loop, whose header reads only parameters,
 * constants and its own counter (no memory, no builtin index: the same for every thread as
 * far as the text tells; thread_variance has the last word) and whose body reads consecutive
 * elements in consecutive threads. When the condition is all guards (`tid < n && ...`, see
 * scan_guards), the thread loops under the if run over the range they allow instead of
 * testing each thread's flag (passes/narrow_guards.c). Calls of device functions holding
 * such a loop over an argument that is the thread's index are expanded in place
 * (loop_call). */
#include "fe.h"

#include <string.h>

static bool is_jump_or_exit(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt ||
           k == CXCursor_LabelStmt || k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt ||
           k == CXCursor_LambdaExpr || k == CXCursor_AsmStmt || k == CXCursor_MSAsmStmt;
}

static bool is_builtin_ref(CXCursor c) {
    const char *name;
    return clang_getCursorKind(c) == CXCursor_DeclRefExpr && is_builtin_var(clang_getCursorReferenced(c), &name);
}

/* While a callee's body is examined (loop_call): its parameters whose arguments are the
 * lane's x coordinate plus something, and those whose arguments are uniform as far as the
 * text tells (header_visit). */
static CXCursor x_params[8], uniform_params[8];
static int x_param_count, uniform_param_count;

/* How many times e adds the lane's x coordinate: threadIdx.x, or a local holding it or
 * B + threadIdx.x (Var.coord, Var.x_sign, Var.x_unit), through +, - (not on the right),
 * parentheses, casts and the branches of a ?: whose condition has none; -1 when it scales it
 * or takes it apart (a stride between threads). */
static int x_units(KScan *ks, CXCursor e) {
    e = strip_implicit(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_ParenExpr || k == CXCursor_CStyleCastExpr || k == CXCursor_UnexposedExpr)
        return clang_Cursor_isNull(last_child(e)) ? -1 : x_units(ks, last_child(e));
    unsigned coord = coord_dim(ks, e);
    if (coord)      /* threadIdx.y is the same across the x coordinates */
        return coord == DIM_X;
    const char *name;
    if (builtin_member(e, &name) >= 0)
        return 0;   /* blockIdx.x & co. (threadIdx's are coordinates): the block's */
    if (k == CXCursor_ConditionalOperator) {
        /* `y == 0 ? c : c - nx`: a condition the same across them, branches alike */
        Kids kids = children(e);
        if (kids.n != 3 || x_units(ks, kids.c[0]) != 0)
            return -1;
        int a = x_units(ks, kids.c[1]), b = x_units(ks, kids.c[2]);
        return a == b ? a : -1;
    }
    if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(e);
        for (int i = 0; i < x_param_count; i++)
            if (clang_equalCursors(ref, x_params[i]))
                return 1;
        Var *v = find_var(ks->k, ref, ks->fe);
        return v && (v->x_sign == 1 || v->x_unit) ? 1 : v && (v->x_sign || v->coord) ? -1 : 0;
    }
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
        Kids kids = children(e);
        if (kids.n != 2)
            return -1;
        int a = x_units(ks, kids.c[0]), b = x_units(ks, kids.c[1]);
        if (op == CXBinaryOperator_Add && a >= 0 && b >= 0)
            return a + b;
        if (op == CXBinaryOperator_Sub && a >= 0 && b == 0)
            return a;
        return a || b ? -1 : 0;
    }
    return find_in(e, is_builtin_ref, NULL) ? -1 : 0;
}

static enum CXChildVisitResult contiguous_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *ks = d;
    /* (an element, not a row of a multi-dimensional array: s[threadIdx.x][j] strides) */
    if (clang_getCursorKind(c) == CXCursor_ArraySubscriptExpr && !is_array_type(clang_getCursorType(c))) {
        Kids kids = children(c);
        if (kids.n == 2 && x_units(ks->ks, kids.c[1]) == 1) {
            ks->found = true;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

bool reads_x_contiguous(KScan *ks, CXCursor c) {
    KSearch x = {ks, false};
    clang_visitChildren(c, contiguous_visit, &x);
    return x.found;
}

/* Does a loop header's part read only what is the same for every thread as far as the text
 * tells: the kernel's parameters, locals the header itself declares or its init assigns
 * (the counter), constants; no memory, no calls, no builtin index? */
typedef struct HeaderScan {
    KScan *ks;
    CXCursor counters[4];   /* the header's own locals' declarations */
    int ncounters;
    bool varies;
} HeaderScan;

static enum CXChildVisitResult header_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    HeaderScan *hs = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        Var *v = find_var(hs->ks->k, ref, hs->ks->fe);
        bool ok = rk == CXCursor_EnumConstantDecl || rk == CXCursor_NonTypeTemplateParameter ||
                  (v && v->is_param);
        for (int i = 0; i < uniform_param_count; i++)
            ok |= clang_equalCursors(ref, uniform_params[i]) != 0;
        for (int i = 0; i < hs->ncounters; i++)
            ok |= clang_equalCursors(ref, hs->counters[i]) != 0;
        hs->varies |= !ok;
    } else if (k == CXCursor_CallExpr || k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
               (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_Deref)) {
        hs->varies = true;
    }
    return hs->varies ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The locals a for-loop's init declares or assigns (`int i = 0`, `i = 0`). */
static enum CXChildVisitResult counter_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    HeaderScan *hs = d;
    CXCursor decl = clang_getNullCursor();
    if (clang_getCursorKind(c) == CXCursor_VarDecl)
        decl = c;
    else if (clang_getCursorKind(c) == CXCursor_BinaryOperator &&
             clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
        CXCursor l = strip_implicit(first_child(c));
        if (clang_getCursorKind(l) == CXCursor_DeclRefExpr)
            decl = clang_getCursorReferenced(l);
    }
    if (!clang_Cursor_isNull(decl) && hs->ncounters < 4)
        hs->counters[hs->ncounters++] = decl;
    return CXChildVisit_Continue;
}

/* A for-loop the block may run around the thread loops: its header names no threadIdx &
 * co., its bound is not a small constant (the C compiler unrolls those in place), and its
 * body reads consecutive elements in consecutive threads. */
static bool block_loop(KScan *ks, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_ForStmt)
        return false;
    Kids kids = children(c);
    if (kids.n < 2 || kids.n > 4)
        return false;
    HeaderScan hs = {.ks = ks};
    if (clang_getCursorKind(kids.c[0]) == CXCursor_DeclStmt)
        clang_visitChildren(kids.c[0], counter_visit, &hs);
    else
        counter_visit(strip_implicit(kids.c[0]), c, &hs);
    for (int i = 0; i < kids.n - 1; i++) {
        CXCursor part = kids.c[i];
        if (header_visit(part, c, &hs) == CXChildVisit_Recurse)
            clang_visitChildren(part, header_visit, &hs);
        if (hs.varies)
            return false;
        enum CXBinaryOperatorKind op = clang_getCursorKind(part) == CXCursor_BinaryOperator
                                           ? clang_getCursorBinaryOperatorKind(part) : CXBinaryOperator_Invalid;
        if (op >= CXBinaryOperator_LT && op <= CXBinaryOperator_NE) {
            Kids ops = children(part);
            long long bound;
            if (ops.n == 2 && int_constant(ops.c[1], &bound))
                return false;
        }
    }
    return reads_x_contiguous(ks, kids.c[kids.n - 1]);
}

static enum CXChildVisitResult list_has_loop(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *ls = d;
    if (block_loop(ls->ks, c) || holds_loop_call(ls->ks, c)) {
        ls->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

/* Does branch b (a block's statements, or one statement) hold such a loop? */
static bool branch_has_loop(KScan *ks, CXCursor b) {
    KSearch ls = {ks, false};
    if (clang_getCursorKind(b) == CXCursor_CompoundStmt)
        clang_visitChildren(b, list_has_loop, &ls);
    else
        ls.found = block_loop(ks, b) || holds_loop_call(ks, b);
    return ls.found;
}

bool loop_split_if(KScan *ks, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_IfStmt)
        return false;
    Kids kids = children(c);
    /* condition then [else], nothing before the condition */
    if (kids.n < 2 || kids.n > 3 || !clang_isExpression(clang_getCursorKind(kids.c[0])))
        return false;
    if (find_in(c, is_jump_or_exit, NULL) || find_volatile(c, true, NULL))
        return false;
    for (int i = 1; i < kids.n; i++)
        if (branch_has_loop(ks, kids.c[i]))
            return true;
    return false;
}

void scan_split_guards(KScan *ks, Stmt *s, CXCursor c) {
    int terms = scan_if_guards(ks, s, c);
    s->guards_whole = terms > 0 && terms == and_terms(first_child(c));
    if (s->guards_whole && s->kind != ST_SYNC)     /* (an ST_SYNC's is its control's already) */
        expr_range(ks->fe, first_child(c), &s->cond_begin, &s->cond_end);
}

static bool is_exit_or_opaque(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_VarDecl && clang_Cursor_getStorageClass(c) == CX_SC_Static)
        return true;
    return is_jump_or_exit(c) || is_builtin_ref(c) || k == CXCursor_CXXThisExpr;
}

static enum CXChildVisitResult body_loop_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *ls = d;
    if (block_loop(ls->ks, c)) {
        ls->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}

bool loop_call(KScan *ks, CXCursor call) {
    Fe *fe = ks->fe;
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(call);
    if (clang_Cursor_isNull(fn) || !is_user_fn(fn))
        return false;
    char *usr = fe_str(fe->u->arena, fn_usr(fn));
    CXCursor def = clang_getCursorDefinition(fn);
    if (usr_in(&fe->barrier_fns, usr) || usr_in(&fe->inlining, usr) || clang_Cursor_isNull(def) ||
        clang_getCursorKind(def) != CXCursor_FunctionDecl || !in_main_file(fe, def) ||
        !has_attr(def, CXCursor_CUDADeviceAttr))
        return false;
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(def, find_body, &body);
    if (clang_Cursor_isNull(body) || clang_getCursorKind(body) != CXCursor_CompoundStmt)
        return false;
    /* a short body (Kids holds 8 statements); one return at most, its last statement;
     * nothing the expansion could not copy */
    Kids stmts = children(body);
    if (stmts.n > 7 || find_volatile(body, false, NULL))
        return false;
    CXCursor last = stmts.n ? stmts.c[stmts.n - 1] : body;
    bool final_return = clang_getCursorKind(last) == CXCursor_ReturnStmt;
    if (clang_getResultType(clang_getCursorType(def)).kind != CXType_Void && !final_return)
        return false;
    for (int i = 0; i < stmts.n - final_return; i++)
        if (is_exit_or_opaque(stmts.c[i]) || find_in(stmts.c[i], is_exit_or_opaque, NULL))
            return false;
    if (final_return && children(last).n && find_in(first_child(last), is_exit_or_opaque, NULL))
        return false;
    /* written as a call of its name (not by a macro), every argument written out (no
     * default ones) */
    unsigned cb, ce;
    cursor_range(call, &cb, &ce);
    const char *name = fe_str(fe->u->arena, clang_getCursorSpelling(fn));
    size_t len = strlen(name);
    if (ce <= cb || ce > fe->u->len || strncmp(fe->u->text + cb, name, len) != 0 || ident_char(fe->u->text[cb + len]))
        return false;
    /* which parameters the arguments make the lane's x coordinate plus something, or uniform */
    int n = clang_Cursor_getNumArguments(call);
    if (n > 8 || n != clang_Cursor_getNumArguments(def))
        return false;
    for (int i = 0; i < n; i++) {
        unsigned ab, ae;
        cursor_range(clang_Cursor_getArgument(call, (unsigned)i), &ab, &ae);
        if (ae <= ab || ab < cb || ae > ce)
            return false;
    }
    x_param_count = uniform_param_count = 0;
    for (int i = 0; i < n; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i), parm = clang_Cursor_getArgument(def, (unsigned)i);
        HeaderScan hs = {.ks = ks};
        if (x_units(ks, arg) == 1)
            x_params[x_param_count++] = parm;
        else if (header_visit(arg, call, &hs) == CXChildVisit_Recurse &&
                 (clang_visitChildren(arg, header_visit, &hs), !hs.varies))
            uniform_params[uniform_param_count++] = parm;
    }
    KSearch ls = {ks, false};
    if (x_param_count)
        clang_visitChildren(body, body_loop_visit, &ls);
    x_param_count = uniform_param_count = 0;
    return ls.found;
}

static enum CXChildVisitResult loop_call_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *ls = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr || k == CXCursor_ConditionalOperator ||
        (k == CXCursor_BinaryOperator && (clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LAnd ||
                                          clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_LOr)))
        return CXChildVisit_Continue;
    if (loop_call(ls->ks, c)) {
        ls->found = true;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

bool holds_loop_call(KScan *ks, CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (!clang_isExpression(k) && k != CXCursor_DeclStmt)
        return false;
    KSearch ls = {ks, false};
    if (loop_call_visit(c, c, &ls) == CXChildVisit_Recurse)
        clang_visitChildren(c, loop_call_visit, &ls);
    return ls.found;
}

bool x_unit_expr(KScan *ks, CXCursor e) {
    return x_units(ks, e) == 1;
}
