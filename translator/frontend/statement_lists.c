/* statement_lists.c - a kernel's body as lists of statements: leaves, barriers, and
 * block-uniform control holding barriers (whose bodies are lists again); calls of functions
 * holding barriers hoisted out of expressions and expanded. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

bool lane_linear(KScan *ks, CXCursor e) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_ParenExpr)
        e = strip_implicit(first_child(e));
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_MemberRefExpr) {
        const char *b;
        CXCursor base = strip_implicit(first_child(e));
        CXString m = clang_getCursorSpelling(e);
        bool x = strcmp(clang_getCString(m), "x") == 0;
        clang_disposeString(m);
        return x && clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
               is_builtin_var(clang_getCursorReferenced(base), &b) && strcmp(b, "threadIdx") == 0;
    }
    if (k == CXCursor_DeclRefExpr) {
        Var *v = find_var(ks->k, clang_getCursorReferenced(e), ks->fe);
        return v && (v->coord == DIM_X || v->lane_part);
    }
    if (k == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
        Kids kids = children(e);
        return (op == CXBinaryOperator_Rem || op == CXBinaryOperator_And) && kids.n == 2 &&
               (lane_linear(ks, kids.c[0]) || lane_linear(ks, kids.c[1]));
    }
    return false;
}

/* A comparison of the lane part of the thread index with a constant that splits a warp:
 * `threadIdx.x < 16`, `lane == 0` (`tid < 64` splits none: it is uniform per warp in a
 * one-dimensional block). */
static enum CXChildVisitResult lane_split_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KSearch *ls = d;
    if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
        return CXChildVisit_Recurse;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op < CXBinaryOperator_LT || op > CXBinaryOperator_NE)
        return CXChildVisit_Recurse;
    Kids kids = children(c);
    long long v;
    for (int side = 0; kids.n == 2 && side < 2; side++) {
        if (!lane_linear(ls->ks, kids.c[side]) || !int_constant(kids.c[1 - side], &v))
            continue;
        /* t < v and t >= v split at v; t <= v and t > v at v + 1 (either side) */
        bool at_plus_one = (op == CXBinaryOperator_LE || op == CXBinaryOperator_GT) == (side == 0);
        long long cut = at_plus_one ? v + 1 : v;
        if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE || cut % 32 != 0)
            ls->found = true;
    }
    return CXChildVisit_Recurse;
}

static Stmt *new_stmt(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent) {
    Unit *u = ks->fe->u;
    Stmt *s = arena_alloc(u->arena, sizeof *s);
    s->kind = stmt_kind(c);
    s->loc = cursor_loc(ks->fe, c);
    unsigned b, e;
    cursor_range(c, &b, &e);
    s->begin = b;
    s->end = stmt_end_of(u, c, e);
    s->nest = -1;
    s->parent = parent;
    s->copy = ks->fe->copy;
    s->index = ks->k->stmts.len;
    vec_push(u->arena, &ks->k->stmts, s);
    vec_push(u->arena, list, s);
    return s;
}

/* Is the declaration c `constexpr` (the word before its first `=`, `{` or `;`)? */
static bool constexpr_declaration(Unit *u, CXCursor c) {
    unsigned b, e;
    cursor_range(c, &b, &e);
    for (unsigned p = b; p + 9 <= e && p + 9 <= u->len; p++) {
        char ch = u->text[p];
        if (ch == '=' || ch == '{' || ch == ';' || ch == '(')
            return false;
        if (strncmp(u->text + p, "constexpr", 9) == 0 && (p == b || !ident_char(u->text[p - 1])) &&
            !ident_char(u->text[p + 9]))
            return true;
    }
    return false;
}

/* The facts of one piece of a statement (a leaf, or an ST_SYNC's condition or header). */
void scan_facts(KScan *ks, Stmt *s, CXCursor c) {
    ks->s = s;
    if (clang_getCursorKind(c) == CXCursor_DeclStmt)
        clang_visitChildren(c, decl_visit, ks);
    if (kscan_visit(c, clang_getNullCursor(), ks) == CXChildVisit_Recurse)
        clang_visitChildren(c, kscan_visit, ks);
    if (clang_getCursorKind(c) == CXCursor_DeclStmt && constexpr_declaration(ks->fe->u, c)) {
        /* a constant expression: the calls in it (`cilog2(N)`) run at compile time, the same
         * in every thread */
        s->side_effects = s->calls_user_fn = s->touches_memory = false;
    }
}

/* Is kid, a child of the for-loop c, its init: the expression right after `for (`? (A
 * declaration always is; a loop written by a macro gets no answer: false.) */
static bool is_for_init(Unit *u, CXCursor c, CXCursor kid) {
    if (clang_getCursorKind(kid) == CXCursor_DeclStmt)
        return true;
    if (!clang_isExpression(clang_getCursorKind(kid)))
        return false;
    unsigned b, e, kb, ke;
    cursor_range(c, &b, &e);
    cursor_range(kid, &kb, &ke);
    if (b + 3 > u->len || strncmp(u->text + b, "for", 3) != 0)
        return false;
    unsigned p = b + 3;
    while (p < u->len && (u->text[p] == ' ' || u->text[p] == '\t' || u->text[p] == '\n'))
        p++;
    if (p >= u->len || u->text[p] != '(')
        return false;
    p++;
    while (p < u->len && (u->text[p] == ' ' || u->text[p] == '\t' || u->text[p] == '\n'))
        p++;
    return p == kb;
}

/* A for-loop's init `v = e` assigns v before anything of the loop reads it (Stmt.kills; a
 * declared init's locals are killed by decl_visit). */
static void scan_for_init_kills(KScan *ks, Stmt *s, CXCursor c, CXCursor kid) {
    if (clang_getCursorKind(kid) != CXCursor_DeclStmt && is_for_init(ks->fe->u, c, kid))
        scan_kills(ks, s, kid, kid, true);
}

/* An if/for/while/do/switch/case/block holding a barrier: its control is scanned as facts
 * of s, its bodies become statement lists. */
static void scan_sync(KScan *ks, Stmt *s, CXCursor c, CXCursor barrier) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    s->kind = ST_SYNC;
    s->barrier_loc = cursor_loc(fe, barrier);
    if (clang_getCursorKind(barrier) == CXCursor_CallExpr && is_warp_fn(call_name(barrier)))
        s->barrier_name = arena_strdup(u->arena, shown_name(barrier));
    Kids kids = children(c);
    /* (a block's statements are its bodies, scanned as one list: any number of them) */
    if (kids.n > 8 && clang_getCursorKind(c) != CXCursor_CompoundStmt) {
        diag_error(u, s->loc, "statement too complex for cu2c");
        return;
    }
    /* bodies are kids[first_body .. first_body+nbodies): most kinds have one, their last child */
    int first_body = kids.n - 1, nbodies = 1;
    CXCursor cond = clang_getNullCursor();
    switch (clang_getCursorKind(c)) {
    case CXCursor_IfStmt: {
        s->sync = SK_IF;
        /* [init] [condition variable] condition then [else]: the condition is the first
         * expression, the branches follow it */
        int ci = 0;
        while (ci < kids.n && !clang_isExpression(clang_getCursorKind(kids.c[ci])))
            ci++;
        if (ci == kids.n) {
            diag_error(u, s->loc, "cu2c cannot find this if's condition");
            return;
        }
        cond = kids.c[ci];
        first_body = ci + 1;
        nbodies = kids.n - first_body;
        s->simple_if = ci == 0;
        cursor_range(kids.c[first_body], &s->then_begin, &s->then_end);
        if (nbodies == 2) {
            unsigned eb, ee;
            cursor_range(kids.c[first_body + 1], &eb, &ee);
            s->else_begin = eb;
        }
        KSearch ls = {ks, false};
        if (lane_split_visit(cond, c, &ls) == CXChildVisit_Recurse)
            clang_visitChildren(cond, lane_split_visit, &ls);
        s->lane_split = ls.found;
        break;
    }
    case CXCursor_ForStmt:
        s->sync = SK_FOR;
        /* a declaration after the init is a condition variable */
        s->simple_if = true;
        for (int i = 1; i < first_body; i++)
            if (clang_getCursorKind(kids.c[i]) == CXCursor_VarDecl)
                s->simple_if = false;
        break;
    case CXCursor_WhileStmt:
        s->sync = SK_WHILE;
        s->simple_if = kids.n == 2;
        cond = kids.c[kids.n - 2];
        break;
    case CXCursor_DoStmt:
        s->sync = SK_DO;
        s->simple_if = true;
        first_body = 0;
        cond = kids.c[kids.n - 1];
        break;
    case CXCursor_SwitchStmt:
        s->sync = SK_SWITCH;
        cond = kids.c[0];
        break;
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt:
        s->sync = SK_CASE;
        break;
    case CXCursor_CompoundStmt:
        s->sync = SK_BLOCK;     /* no control: all of it is the body */
        first_body = 0;
        nbodies = kids.n;
        break;
    case CXCursor_UnexposedStmt:    /* #pragma unroll and attributes before a loop */
        s->sync = SK_LABELLED;
        break;
    case CXCursor_LabelStmt:
        diag_refuse(u, s->barrier_loc, "barrier in a labelled statement: cu2c supports gotos within one "
                   "statement only, never to a barrier");
        return;
    default:
        diag_refuse(u, s->barrier_loc, "barrier inside this kind of statement is not supported");
        return;
    }
    /* where an if's branches or a loop's body are, should it run per thread (see
     * Stmt.predicated) */
    s->block_barrier = find_in(c, is_block_barrier_call, NULL);
    if (s->sync == SK_FOR || s->sync == SK_WHILE || s->sync == SK_DO)
        cursor_range(kids.c[first_body], &s->then_begin, &s->then_end);
    /* a for-loop's condition from its header's text (its children do not say which
     * expression is which when some are not written) */
    unsigned spans[3][2];
    if (s->sync == SK_FOR && for_header_spans(u, s->begin, s->then_begin, spans) && spans[1][1] > spans[1][0]) {
        s->cond_begin = spans[1][0];
        s->cond_end = spans[1][1];
    } else if (!clang_Cursor_isNull(cond)) {
        cursor_range(cond, &s->cond_begin, &s->cond_end);
    }
    if (s->cond_end > s->cond_begin)
        s->cond_text = one_line(fe_text(fe, s->cond_begin, s->cond_end));
    /* warp steps only (volatile stores), no barrier: see Stmt.steps_only */
    s->steps_only = !find_sync(c) && !s->loop_split;
    /* control parts: everything but the bodies (a case's constant included: it is uniform) */
    for (int i = 0; i < kids.n; i++)
        if (i < first_body || i >= first_body + nbodies) {
            CXCursor vs;
            if (find_volatile(kids.c[i], true, &vs)) {
                /* on the fiber engine, its store made in place */
                diag_refuse(u, cursor_loc(fe, vs), "store into volatile memory in the condition or header of "
                            "a statement holding barriers, warp functions or other volatile stores: thread "
                            "loops cannot run it step by step");
                scan_control_stores(ks, s, kids.c[i]);
            }
            scan_facts(ks, s, kids.c[i]);
            if (s->sync == SK_FOR && i == 0)
                scan_for_init_kills(ks, s, c, kids.c[i]);
        }
    if (s->sync == SK_BLOCK) {
        PtrVec *list = arena_alloc(u->arena, sizeof *list);
        vec_push(u->arena, &s->bodies, list);
        scan_list(ks, c, list, s);
        return;
    }
    for (int i = first_body; i < first_body + nbodies; i++) {
        PtrVec *list = arena_alloc(u->arena, sizeof *list);
        vec_push(u->arena, &s->bodies, list);
        scan_list(ks, kids.c[i], list, s);
    }
}

Var *named_local(KScan *ks, CXCursor e) {
    e = strip_implicit(e);
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return NULL;
    return find_var(ks->k, clang_getCursorReferenced(e), ks->fe);
}

/* A leaf for-loop written `for (T v = E + threadIdx.x; v < B (or <=); v += S)`, the grid-stride
 * loop, or `for (T v = L; ...)` with L the block's linear thread index (Var.lin, a block-stride
 * loop): its counter and parts (Stmt.gs_var); whether E, B and S are uniform, unchanging and
 * the threads' starts ascend is form_loops' question. */
static void grid_stride_shape(KScan *ks, Stmt *s, Kids kids) {
    if (kids.n != 4 || clang_getCursorKind(kids.c[0]) != CXCursor_DeclStmt || children(kids.c[0]).n != 1)
        return;
    Var *v = find_var(ks->k, first_child(kids.c[0]), ks->fe);
    CXCursor cond = strip_implicit(kids.c[1]), inc = strip_implicit(kids.c[2]);
    if (!v || ((v->x_sign != 1 || v->x_unsigned) && !v->lin) || !v->init_text || clang_getCursorKind(cond) != CXCursor_BinaryOperator ||
        clang_getCursorKind(inc) != CXCursor_CompoundAssignOperator)
        return;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    Kids c = children(cond), i = children(inc);
    if ((op != CXBinaryOperator_LT && op != CXBinaryOperator_LE) || c.n != 2 || i.n != 2 ||
        clang_getCursorBinaryOperatorKind(inc) != CXBinaryOperator_AddAssign || named_local(ks, c.c[0]) != v ||
        named_local(ks, i.c[0]) != v)
        return;
    s->gs_var = v;
    s->gs_init = v->init_text;
    s->gs_bound = cursor_line(ks->fe, c.c[1]);
    s->gs_step = cursor_line(ks->fe, i.c[1]);
    s->gs_le = op == CXBinaryOperator_LE;
}

static void scan_for_leaf(KScan *ks, Stmt *s, CXCursor c) {
    Unit *u = ks->fe->u;
    Kids kids = children(c);
    note_fetch_loop(ks, c);
    if (kids.n < 1 || kids.n > 8) {
        scan_facts(ks, s, c);
        return;
    }
    Stmt *h = new_fact_stmt(ks->fe, ST_OTHER, s->loc, s->parent);
    s->header = h;
    vec_push(u->arena, &ks->k->headers, h);
    for (int i = 0; i < kids.n - 1; i++) {
        scan_facts(ks, h, kids.c[i]);
        if (i == 0)
            scan_for_init_kills(ks, h, c, kids.c[i]);
        /* the condition `i < N` with N a small constant */
        if (clang_getCursorKind(kids.c[i]) == CXCursor_BinaryOperator) {
            Kids ops = children(kids.c[i]);
            if (ops.n == 2) {
                CXEvalResult r = clang_Cursor_Evaluate(ops.c[1]);
                if (r) {
                    if (clang_EvalResult_getKind(r) == CXEval_Int &&
                        clang_EvalResult_getAsLongLong(r) <= 64)
                        s->short_trip = true;
                    clang_EvalResult_dispose(r);
                }
            }
        }
    }
    grid_stride_shape(ks, s, kids);
    s->x_contiguous = reads_x_contiguous(ks, kids.c[kids.n - 1]);
    unsigned b, e;
    cursor_range(kids.c[kids.n - 1], &b, &e);
    s->body_begin = b;
    /* the body: break/continue at its level stay in the loop */
    ks->loop_depth++;
    ks->loop_level_jump = false;
    scan_facts(ks, s, kids.c[kids.n - 1]);
    ks->loop_depth--;
    s->body_jumps = ks->loop_level_jump || s->has_return;
    /* the leaf runs its header too: what the header reads, the leaf reads */
    for (int i = 0; i < h->reads.len; i++)
        if (!vec_contains(&s->reads, h->reads.items[i]))
            vec_push(u->arena, &s->reads, h->reads.items[i]);
    s->tid_dims |= h->tid_dims;
    s->side_effects |= h->side_effects;
    s->calls_user_fn |= h->calls_user_fn;
    for (int i = 0; i < h->decls.len; i++)
        vec_push(u->arena, &s->decls, h->decls.items[i]);
}

typedef struct HoistScan {
    Fe *fe;
    KScan *ks;
    PtrVec calls;           /* CXCursor* of calls to expand, in source order */
    int cond_depth;         /* inside a part evaluated only sometimes (&&, ||, ?:) */
    CXCursor bad;           /* a call that cannot be moved out */
    bool has_bad;
} HoistScan;

static bool is_expanded_call(Fe *fe, CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(c);
    return !clang_Cursor_isNull(fn) && is_user_fn(fn) &&
           usr_in(&fe->barrier_fns, fe_str(fe->u->arena, fn_usr(fn)));
}

static enum CXChildVisitResult hoist_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    HoistScan *hs = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr)
        return CXChildVisit_Continue;
    /* a function holding a loop to interchange: expanded where it runs every time, with no
     * such call in its arguments (else left a call) */
    if (!is_expanded_call(hs->fe, c) && hs->cond_depth == 0 && clang_getCursorType(c).kind != CXType_Void &&
        loop_call(hs->ks, c)) {
        bool nested = false;
        for (int i = 0, n = clang_Cursor_getNumArguments(c); i < n; i++)
            nested |= find_in(clang_Cursor_getArgument(c, (unsigned)i), is_barrier_call, NULL) ||
                      holds_loop_call(hs->ks, clang_Cursor_getArgument(c, (unsigned)i));
        if (!nested) {
            CXCursor *copy = arena_alloc(hs->fe->u->arena, sizeof *copy);
            *copy = c;
            vec_push(hs->fe->u->arena, &hs->calls, copy);
            return CXChildVisit_Continue;
        }
    }
    if (is_expanded_call(hs->fe, c)) {
        /* its arguments must not hold such calls themselves, and it must run every time */
        CXCursor inner;
        bool nested = false;
        int n = clang_Cursor_getNumArguments(c);
        for (int i = 0; i < n; i++)
            nested |= find_in(clang_Cursor_getArgument(c, (unsigned)i), is_barrier_call, &inner);
        if ((hs->cond_depth > 0 || nested) && !hs->has_bad) {
            hs->has_bad = true;
            hs->bad = c;
        }
        CXCursor *copy = arena_alloc(hs->fe->u->arena, sizeof *copy);
        *copy = c;
        vec_push(hs->fe->u->arena, &hs->calls, copy);
        return CXChildVisit_Continue;
    }
    if (k == CXCursor_BinaryOperator || k == CXCursor_ConditionalOperator) {
        enum CXBinaryOperatorKind op = k == CXCursor_BinaryOperator ? clang_getCursorBinaryOperatorKind(c)
                                                                     : CXBinaryOperator_Invalid;
        if (k == CXCursor_ConditionalOperator || op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
            Kids kids = children(c);
            for (int i = 0; i < kids.n && i < 3; i++) {
                hs->cond_depth += i > 0;
                if (hoist_visit(kids.c[i], c, hs) == CXChildVisit_Recurse)
                    clang_visitChildren(kids.c[i], hoist_visit, hs);
                hs->cond_depth -= i > 0;
            }
            return CXChildVisit_Continue;
        }
    }
    return CXChildVisit_Recurse;
}

/* `... f(a) ...` where f is expanded in place: f's expansion goes just before the statement,
 * into a result local the statement then reads. True when the statement was handled. */
static bool hoist_calls(KScan *ks, Stmt *s, CXCursor c, PtrVec *list, Stmt *parent) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    HoistScan hs = {.fe = fe, .ks = ks};
    clang_visitChildren(c, hoist_visit, &hs);
    if (hs.calls.len == 0)
        return false;
    if (hs.has_bad) {
        diag_refuse(u, cursor_loc(fe, hs.bad), "call to '%s', which holds a barrier or __shared__ memory, "
                   "in a part of an expression that runs only sometimes, or with such a call in its "
                   "arguments: not supported yet",
                   fe_str(u->arena, clang_getCursorSpelling(clang_getCursorReferenced(hs.bad))));
        return true;
    }
    /* the statement's place in the list goes to the expansions, the statement after them */
    list->len--;
    ks->k->stmts.len--;
    unsigned anchor = s->begin;
    PtrVec hoisted = {0};
    for (int i = 0; i < hs.calls.len; i++) {
        CXCursor call = *(CXCursor *)hs.calls.items[i];
        CXCursor fn = callee_of(call);    /* a kernel template's call of a function template: unresolved */
        char *usr = fe_str(u->arena, fn_usr(fn));
        CXType rt = clang_getCursorType(call);
        if (rt.kind == CXType_Void) {
            diag_refuse(u, cursor_loc(fe, call), "a call of '%s' (void) inside an expression",
                       fe_str(u->arena, clang_getCursorSpelling(fn)));
            return true;
        }
        Stmt *is = new_stmt(ks, call, list, parent);
        is->begin = is->end = anchor;
        Var *h = new_temp(u, ks->k, arena_printf(u->arena, "__cu2c_h%d", u->ncopies + 1),
                          fe_str(u->arena, clang_getTypeSpelling(clang_getUnqualifiedType(rt))),
                          cursor_loc(fe, call), is, fe->copy);
        vec_push(u->arena, &is->decls, h);
        int at = ks->k->inlines.len;    /* its Inline's place (those of calls inside it follow) */
        scan_inline(ks, is, call, fn, usr, h, NULL);     /* declared by its type */
        if (is->kind != ST_SYNC)
            return true;        /* refused inside scan_inline */
        Inline *in = ks->k->inlines.items[at];
        in->hoisted = true;
        cursor_range(call, &in->call_begin, &in->call_end);
        vec_push(u->arena, &hoisted, in);
    }
    /* the statement itself, reading the result locals */
    Stmt *leaf = new_stmt(ks, c, list, parent);
    ks->top = c;
    for (int i = 0; i < hoisted.len; i++)
        ((Inline *)hoisted.items[i])->user = leaf;
    ks->hoisted = hoisted;
    scan_facts(ks, leaf, c);
    scan_vstep(ks, leaf, c);
    ks->hoisted.len = 0;
    return true;
}

/* One statement of a list: a barrier, a barrier-carrying construct, or a leaf. Inside a
 * switch that holds barriers, case labels are constructs too: no thread loop may span one. */
/* Is the return c the final statement of the body of a function expanded in place (parent
 * its call)? Other returns leave the call early, by flags. */
static bool final_return_of_expansion(KScan *ks, CXCursor c, Stmt *parent) {
    if (!parent || parent->kind != ST_SYNC || parent->sync != SK_INLINE)
        return false;
    unsigned b, e;
    cursor_range(c, &b, &e);
    for (int i = 0; i < ks->k->inlines.len; i++) {
        Inline *in = ks->k->inlines.items[i];
        if (in->call == parent)
            return in->ret_at == b;
    }
    return false;
}

/* Are barrier b and statement s, one after the other, written by one macro's expansion
 * (`#define STEP v = f(v); __syncthreads();`)? Thread loops cannot place their edits in the
 * macro's one invocation: refused to them (the fiber engine runs the statements as written). */
static bool barrier_in_macro_with(Unit *u, Stmt *b, Stmt *s) {
    if (b->begin != s->begin)
        return false;
    diag_refuse(u, b->loc, "__syncthreads() written in a macro with other statements is not supported by the "
                "thread loops yet");
    return true;
}

static void scan_stmt(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    /* a call statement whose arguments are temporaries (`f(cg::tiled_partition<32>(b));`)
     * comes wrapped in their cleanups */
    if (clang_getCursorKind(c) == CXCursor_UnexposedExpr &&
        clang_getCursorKind(strip_implicit(c)) == CXCursor_CallExpr)
        c = strip_implicit(c);
    Stmt *s = new_stmt(ks, c, list, parent);
    ks->top = c;
    CXCursor barrier = clang_getNullCursor();
    enum CXCursorKind kind = clang_getCursorKind(c);
    Stmt *prev = list->len >= 2 ? list->items[list->len - 2] : NULL;
    if (prev && prev->kind == ST_BARRIER && barrier_in_macro_with(u, prev, s))
        return;
    if (kind == CXCursor_CallExpr) {
        const char *n = arena_strdup(u->arena, call_name(c));
        ReduceOp op;
        if (strcmp(n, "__syncthreads") == 0 || strcmp(n, GRID_SYNC) == 0 || strcmp(n, MULTI_GRID_SYNC) == 0) {
            s->kind = ST_BARRIER;
            if (prev && barrier_in_macro_with(u, s, prev))
                return;
            s->multi_grid_sync = strcmp(n, MULTI_GRID_SYNC) == 0;
            s->grid_sync = strcmp(n, GRID_SYNC) == 0 || s->multi_grid_sync;
            if (libcuxx_barrier(c, false))
                s->barrier_check = libcuxx_barrier_check(fe, c);
            return;
        }
        if (reduce_op(c, &op)) {
            /* a reduction barrier whose result is unused: a leaf holding a site, so that its
             * predicate still runs (for its side effects) in a thread loop of its own */
            scan_facts(ks, s, c);
            return;
        }
        if (is_barrier_name(n)) {
            diag_refuse(u, s->loc, "%s is not supported yet", n);
            return;
        }
    }
    if (kind == CXCursor_CallExpr) {
        CXCursor fn = callee_of(c);
        char *usr = clang_Cursor_isNull(fn) ? NULL : fe_str(u->arena, fn_usr(fn));
        if (usr && is_user_fn(fn) && (usr_in(&fe->barrier_fns, usr) || loop_call(ks, c))) {
            scan_inline(ks, s, c, fn, usr, NULL, NULL);
            return;
        }
    }
    if (kind == CXCursor_DeclStmt) {
        /* `T x = f(args);` with f holding a barrier */
        Kids d = children(c);
        CXCursor init = d.n == 1 && clang_getCursorKind(d.c[0]) == CXCursor_VarDecl
                            ? clang_Cursor_getVarDeclInitializer(d.c[0]) : clang_getNullCursor();
        CXCursor call = clang_Cursor_isNull(init) ? init : strip_implicit(init);
        CXCursor fn = clang_getCursorKind(call) == CXCursor_CallExpr ? callee_of(call) : clang_getNullCursor();
        char *usr = clang_Cursor_isNull(fn) ? NULL : fe_str(u->arena, fn_usr(fn));
        bool barrier_fn = usr && is_user_fn(fn) && usr_in(&fe->barrier_fns, usr);
        if (barrier_fn || (usr && loop_call(ks, call))) {
            unsigned b, e;
            cursor_range(init, &b, &e);
            unsigned p = b;
            while (p > s->begin && (u->text[p - 1] == ' ' || u->text[p - 1] == '\t'))
                p--;
            /* the declaration comes before the expansion, the value after: a leading const
             * goes (the local is written once, by the expansion) */
            const char *decl = arena_strndup(u->arena, u->text + s->begin, p - 1 - s->begin);
            bool is_const = clang_isConstQualifiedType(clang_getCursorType(d.c[0]));
            if (is_const && strncmp(decl, "const", 5) == 0 && (decl[5] == ' ' || decl[5] == '\t'))
                decl += 6;
            else if (is_const)
                decl = NULL;
            bool plain = p > s->begin && u->text[p - 1] == '=' && decl;
            if (!plain && barrier_fn) {
                diag_refuse(u, s->loc, "this declaration initialised by a function holding a barrier is "
                           "not supported yet (write `T x = f(...);` or `const T x = f(...);`)");
                return;
            }
            if (plain) {
                Var *x = new_var(fe, ks->k, d.c[0], s);
                vec_push(u->arena, &s->decls, x);
                scan_inline(ks, s, call, fn, usr, x, decl);
                return;
            }
        }
    }
    if ((clang_isExpression(kind) || kind == CXCursor_DeclStmt || kind == CXCursor_ReturnStmt) &&
        !find_in(c, is_written_barrier, NULL) && (find_barrier(c, NULL) || holds_loop_call(ks, c))) {
        /* calls of expanded functions inside the statement's expressions */
        if (hoist_calls(ks, s, c, list, parent))
            return;
    }
    bool case_label = parent && parent->kind == ST_SYNC && parent->sync == SK_SWITCH &&
                      (kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt);
    /* an expanded function's final return whose value calls warp functions (sites) only: a
     * leaf like `x = f(...);`, which is what it becomes */
    bool expression = clang_isExpression(kind) || kind == CXCursor_DeclStmt || kind == CXCursor_NullStmt ||
                      (kind == CXCursor_ReturnStmt && final_return_of_expansion(ks, c, parent) &&
                       find_barrier(c, NULL) && !find_plain_barrier(c, NULL) && !find_volatile(c, true, NULL));
    /* a construct: it holds a __syncthreads(), or (not being an expression) a call expanded in
     * place, or it is a case label among barriers */
    bool construct = find_plain_barrier(c, &barrier) ||
                     ((case_label || !expression) && find_barrier(c, &barrier)) || case_label;
    /* a statement (not an expression) storing into volatile memory holds warp steps: its own
     * statements are steps, each for all lanes before the next */
    CXCursor vstore;
    if (!construct && !expression && find_volatile(c, true, &vstore)) {
        if (kind == CXCursor_ReturnStmt) {
            /* a leaf on the fiber engine, its store made in place */
            diag_refuse(u, cursor_loc(fe, vstore), "store into volatile memory (warp-synchronous code) in a "
                        "return statement: thread loops cannot run it step by step");
        } else {
            construct = true;
            barrier = vstore;
        }
    }
    /* an if whose condition only holds warp functions (sites), its branches nothing: a leaf
     * holding them, run per thread like any leaf */
    if (construct && kind == CXCursor_IfStmt && !find_plain_barrier(c, NULL)) {
        Kids kids = children(c);
        int ci = 0;
        while (ci < kids.n && !clang_isExpression(clang_getCursorKind(kids.c[ci])))
            ci++;
        bool branches = ci > 0;     /* an init statement or a condition variable: a construct */
        for (int i = ci + 1; i < kids.n; i++)
            branches |= find_barrier(kids.c[i], NULL) || find_volatile(kids.c[i], true, NULL);
        construct = branches;
    }
    /* an if whose branches hold a loop the block may run around the thread loops */
    if (!construct && loop_split_if(ks, c)) {
        s->loop_split = true;
        construct = true;
        barrier = c;
    }
    if (!construct) {
        /* a leaf: reduction barriers in it are sites (scan_site) */
        if (kind == CXCursor_ForStmt)
            scan_for_leaf(ks, s, c);
        else
            scan_facts(ks, s, c);
        if (clang_isExpression(kind))
            scan_kills(ks, s, c, c, false);
        if (kind == CXCursor_IfStmt)
            scan_split_guards(ks, s, c);
        scan_vstep(ks, s, c);
        return;
    }
    if (clang_isExpression(kind) || kind == CXCursor_DeclStmt || kind == CXCursor_ReturnStmt) {
        const char *n = fe_str(u->arena, clang_getCursorSpelling(callee_of(barrier)));
        if (is_barrier_name(call_name(barrier)))
            diag_refuse(u, cursor_loc(fe, barrier), "%s() inside an expression is not supported yet",
                       shown_name(barrier));
        else
            diag_refuse(u, cursor_loc(fe, barrier), "call to '%s', which holds a barrier or __shared__ "
                       "memory, inside an expression: not supported yet (call it as a statement of "
                       "its own, or as `T x = %s(...);`)", n, n);
        return;
    }
    if (clang_Cursor_isNull(barrier))
        barrier = c;
    scan_sync(ks, s, c, barrier);
    if (s->loop_split)
        scan_split_guards(ks, s, c);
}

/* The statements of a body: a { } block's children, or a single statement. */
static enum CXChildVisitResult list_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    void **ctx = d;
    scan_stmt(ctx[0], c, ctx[1], ctx[2]);
    return CXChildVisit_Continue;
}

void scan_list(KScan *ks, CXCursor c, PtrVec *list, Stmt *parent) {
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        void *ctx[3] = {ks, list, parent};
        clang_visitChildren(c, list_visit, ctx);
    } else {
        int before = list->len;
        scan_stmt(ks, c, list, parent);
        if (list->len > before + 1)
            ((Stmt *)list->items[list->len - 1])->lone = true;
    }
}

/* File-scope __shared__ variables this kernel names. */
