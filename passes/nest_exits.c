/* nest_exits.c - lower_kernel for what ends a thread's run of a nest early: `return` (the
 * thread ends, or leaves an expanded function), and break/continue leaving a loop run per
 * thread (the thread leaves the loop or its trip). Each becomes edits keeping the line count,
 * made for a nest's general copy and for its fast copy (labels with the copy's suffix); the
 * thread then goes to the end of its thread loop's body (__cu2c_next<nest>). */
#include "lower.h"

/* Does a statement of nest n break or continue a loop run per thread (Stmt.predicated)? */
bool nest_jumps(Kernel *k, Nest *n) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->jumps.len; j++) {
            Stmt *t = jump_target(s, s->jumps.items[j]);
            if (t && t->predicated)
                return true;
        }
    }
    return false;
}

/* A return rewritten as pre, its value, post, as edits (not yet made) keeping the line count:
 * the value's text stays where it is, so that the edits inside it (a hoisted call's result
 * local) survive; a value that could not be located is copied as written, without one the
 * return becomes pre post. */
static Edit *piece(Unit *u, unsigned begin, unsigned end, const char *text) {
    Edit *e = arena_alloc(u->arena, sizeof *e);
    e->begin = begin;
    e->end = end;
    e->text = text_keeping_lines(u, begin, end, arena_strdup(u->arena, text));
    e->copy = u->cur_copy;
    return e;
}

void return_pieces(Unit *u, unsigned begin, unsigned end, const unsigned *span, const char *value,
                          const char *pre, const char *post, PtrVec *out) {
    if (value && span) {
        vec_push(u->arena, out, piece(u, begin, span[0], pre));
        vec_push(u->arena, out, piece(u, span[1], end, post));
    } else {
        vec_push(u->arena, out, piece(u, begin, end, arena_printf(u->arena, "%s%s%s", pre, value ? value : "", post)));
    }
}

/* What `return` in an expanded function becomes in a nest: this thread leaves the call
 * (its flag set, its value stored in its copy of the result). */
static void fret_pieces(Unit *u, Stmt *s, int j, int ni, bool fast, PtrVec *out) {
    Inline *in = s->fret;
    const char *value = s->return_values.items[j];
    Var *tmp = in->result_tmp;
    const char *pre = tmp && value ? arena_printf(u->arena, "{ %s", store_open(u->arena, tmp, index_expr(tmp->dims)))
                    : value ? "{ (void)(" : "{ ";
    const char *post = arena_printf(u->arena, "%s__cu2c_fr%d[%s] = 1; goto __cu2c_next%d%s; }", value ? "); " : "",
                                    in->copy, index_expr(DIM_XYZ), ni, fast ? "f" : "");
    SrcLoc *r = s->returns.items[j];
    return_pieces(u, r->offset, *(unsigned *)s->return_ends.items[j], s->return_spans.items[j], value, pre, post, out);
}

/* What `return` becomes in a nest: this thread ends. */
static const char *return_text(Unit *u, Kernel *k, int ni, bool fast) {
    const char *sfx = fast ? "f" : "";
    if (k->needs_exit_flags)
        return arena_printf(u->arena, "{ __cu2c_exited[%s] = 1; goto __cu2c_next%d%s; }",
                            index_expr(DIM_XYZ), ni, sfx);
    return arena_printf(u->arena, "goto __cu2c_next%d%s;", ni, sfx);
}

/* A break or continue in statement s of nest ni leaving a loop run per thread: this thread
 * leaves the loop (its flag 1) or this trip (3, made 2 again by the loop's next control
 * loop), its promoted locals in scope are stored, and it goes on to the next thread. The
 * loop's agreement (__cu2c_pu) no longer holds: the nests after it take their flags. */
static void jump_edits(Unit *u, Kernel *k, int ni, bool fast, Stmt *s, PtrVec *out) {
    Nest *n = k->nests.items[ni];
    for (int j = 0; j < s->jumps.len; j++) {
        Jump *jp = s->jumps.items[j];
        Stmt *t = jump_target(s, jp);
        if (!t || !t->predicated)
            continue;
        if (!jp->end) {
            diag_error(u, jp->loc, "%s written by a macro, leaving a loop whose threads may disagree: not "
                       "supported (write it out)", jp->is_continue ? "continue" : "break");
            continue;
        }
        Buf b = {0};
        buf_printf(&b, "{ __cu2c_pf%d[%s] = %d; ", t->index, index_expr(DIM_XYZ), jp->is_continue ? 3 : 1);
        if (t->block_barrier)
            buf_printf(&b, "__cu2c_pu%d = 0; ", t->index);
        for (int i = 0; i < k->vars.len; i++) {
            Var *v = k->vars.items[i];
            bool in_scope = !nest_declares(k, n, v) || v->decl_stmt->index < s->index;
            if (in_scope && nest_stores_var(k, n, v))
                put_store(u->arena, v, &b);
        }
        buf_printf(&b, "goto __cu2c_next%d%s; }", ni, fast ? "f" : "");
        vec_push(u->arena, out, piece(u, jp->begin, jp->end, arena_strdup(u->arena, b.data)));
        buf_free(&b);
    }
}

/* `return` in a nest, as edits keeping the line count of what they replace. */
static void return_edits(Unit *u, Kernel *k, int ni, bool fast, Stmt *s, int j, PtrVec *out) {
    if (s->fret) {
        fret_pieces(u, s, j, ni, fast, out);
        return;
    }
    SrcLoc *r = s->returns.items[j];
    vec_push(u->arena, out, piece(u, r->offset, *(unsigned *)s->return_ends.items[j], return_text(u, k, ni, fast)));
}

/* Every return and break/continue in statement s of nest ni, as edits into out. */
void exit_edits(Unit *u, Kernel *k, int ni, bool fast, Stmt *s, PtrVec *out) {
    for (int j = 0; j < s->returns.len; j++)
        return_edits(u, k, ni, fast, s, j, out);
    jump_edits(u, k, ni, fast, s, out);
}
