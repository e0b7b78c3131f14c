/* lower_sites.c - lower_kernel for what runs in thread loops of its own around a statement:
 * reduction barriers (__syncthreads_count/_and/_or), warp functions (gathering every thread's
 * arguments, combining them warp by warp, checking masks under ifs run per thread), and the
 * ifs run per thread themselves (their flags, then both branches). */
#include "lower.h"

#include <stdlib.h>
#include <string.h>

/* A reduction barrier: a GNU statement expression running the predicate in a loop over the
 * block's threads (still running ones) where the call was, giving the uniform result. A leaf
 * holding one computes it just before itself; a construct's condition computes it in place. */
void lower_site(Unit *u, Kernel *k, Site *site) {
    Stmt *p = site->pred;
    Buf e = {0};
    buf_printf(&e, "({ __cu2c_rc%d = 0; __cu2c_ra%d = 0; ", site->id, site->id);
    open_thread_loop(k, p, &site->owner->fret_scopes, &e);
    buf_printf(&e, "__cu2c_ra%d++; __cu2c_rc%d += ((", site->id, site->id);
    buf_puts(&e, site->pred_text);
    buf_puts(&e, ") != 0); } ");
    switch (site->op) {
    case RED_COUNT: buf_printf(&e, "(int)__cu2c_rc%d; })", site->id); break;
    case RED_AND: buf_printf(&e, "(int)(__cu2c_rc%d == __cu2c_ra%d); })", site->id, site->id); break;
    case RED_OR: buf_printf(&e, "(int)(__cu2c_rc%d != 0); })", site->id); break;
    default: break;
    }
    if (strstr(site->pred_text, "//"))
        diag_error(u, site->loc, "a // comment inside a reduction barrier's argument is not supported");
    if (site->owner->kind == ST_SYNC) {
        edit_replace_lines(u, site->call_begin, site->call_end, arena_strdup(u->arena, e.data));
    } else {
        edit_insert(u, site->owner->begin,
                    arena_printf(u->arena, "const int __cu2c_rv%d = %s; ", site->id, e.data));
        edit_replace_lines(u, site->call_begin, site->call_end, arena_printf(u->arena, "__cu2c_rv%d", site->id));
    }
    buf_free(&e);
}

/* A warp function under ifs run per thread: which lanes took another branch of one of them
 * (flag 1 where the call is in the then branch, 2 in the else branch; 0: the if never
 * reached them), then the check that no active lane's mask names one (cu2c/warp.h). */
static void put_mask_check(Site *site, Buf *e) {
    const char *n = count_expr(DIM_XYZ);
    Buf ifs = {0};
    int nifs = 0;
    buf_printf(e, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_wdv[__cu2c_i] = ", n);
    Stmt *c = site->owner;
    for (Stmt *p = c->parent; p; c = p, p = p->parent) {
        if (!p->predicated)
            continue;
        bool in_else = p->else_begin && c->loc.offset >= p->else_begin;
        buf_printf(e, "%s__cu2c_pf%d[__cu2c_i] == %d", nifs ? " || " : "", p->index, in_else ? 2 : 1);
        buf_printf(&ifs, "%s%u", nifs++ ? ", " : "", loc_line(p->loc));
    }
    buf_puts(e, "; ");
    SrcLoc at = site->loc;
    buf_printf(e, "cu2c_warp_mask_check(%s, __cu2c_wact, __cu2c_wmk, __cu2c_wdv, __cu2c_b, \"", n);
    put_path(e, loc_file(at));
    buf_printf(e, ":%u:%u\", \"%s\", \"the %s at line%s %s\"); ", loc_line(at), at.col, site->name,
               nifs > 1 ? "ifs" : "if", nifs > 1 ? "s" : "", ifs.data);
    buf_free(&ifs);
}

/* A warp function: before the statement holding it (a leaf, starting a region), a loop over
 * the running threads gathers each one's arguments, then cu2c/warp.h combines them warp by
 * warp into every thread's result, which replaces the call. */
void lower_warp_site(Unit *u, Kernel *k, Site *site) {
    static const char *const names[] = {
        [WARP_SHFL] = "CU2C_WARP_SHFL(CU2C_SHFL_IDX", [WARP_SHFL_UP] = "CU2C_WARP_SHFL(CU2C_SHFL_UP",
        [WARP_SHFL_DOWN] = "CU2C_WARP_SHFL(CU2C_SHFL_DOWN", [WARP_SHFL_XOR] = "CU2C_WARP_SHFL(CU2C_SHFL_XOR",
        [WARP_BALLOT] = "CU2C_WARP_VOTE(CU2C_VOTE_BALLOT", [WARP_ANY] = "CU2C_WARP_VOTE(CU2C_VOTE_ANY",
        [WARP_ALL] = "CU2C_WARP_VOTE(CU2C_VOTE_ALL", [WARP_ACTIVEMASK] = "CU2C_WARP_VOTE(CU2C_VOTE_ACTIVE",
        [WARP_SYNC] = NULL, [WARP_MATCH_ANY] = "CU2C_WARP_MATCH(0", [WARP_MATCH_ALL] = "CU2C_WARP_MATCH(1",
        [WARP_REDUCE_ADD] = "CU2C_WARP_REDUCE(CU2C_RED_ADD", [WARP_REDUCE_MIN] = "CU2C_WARP_REDUCE(CU2C_RED_MIN",
        [WARP_REDUCE_MAX] = "CU2C_WARP_REDUCE(CU2C_RED_MAX", [WARP_REDUCE_AND] = "CU2C_WARP_REDUCE(CU2C_RED_AND",
        [WARP_REDUCE_OR] = "CU2C_WARP_REDUCE(CU2C_RED_OR", [WARP_REDUCE_XOR] = "CU2C_WARP_REDUCE(CU2C_RED_XOR",
        [CG_REDUCE] = NULL,
    };
    Stmt *owner = site->owner;
    if (owner->kind == ST_SYNC) {
        diag_error(u, site->loc, "%s() in the condition of a loop (or of an if holding barriers or warp "
                   "functions) is not supported yet: its result differs between warps (assign it to a local "
                   "in the body)", site->name);
        return;
    }
    for (int i = 0; i < 4; i++)
        if (site->args[i] && strstr(site->args[i], "//"))
            diag_error(u, site->loc, "a // comment inside a warp function's arguments is not supported");
    for (int i = 0; i < site->pred->reads.len; i++) {
        Var *v = site->pred->reads.items[i];
        if (v->decl_stmt == owner)
            diag_error(u, v->loc, "'%s' is declared in the statement whose warp function reads it: declare "
                       "it in a statement of its own", v->name);
    }
    const char *lin = index_expr(DIM_XYZ), *n = count_expr(DIM_XYZ);
    int id = site->id;
    ReduceOp op = site->op;
    bool shfl = op <= WARP_SHFL_XOR;
    bool check = op != WARP_ACTIVEMASK && under_predicated(owner);
    /* one statement with the holder's nest (closed by lower_nest): the holder may be the
     * body of a loop without braces */
    Buf e = {0};
    buf_printf(&e, "{ for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_wact[__cu2c_i] = 0; ", n);
    open_thread_loop(k, site->pred, &owner->fret_scopes, &e);
    buf_printf(&e, "__cu2c_wact[%s] = 1; ", lin);
    if (!shfl || check)     /* a shuffle's source lane does not depend on its mask */
        buf_printf(&e, "__cu2c_wmk[%s] = (unsigned)(%s); ", lin,
                   op != WARP_ACTIVEMASK && site->args[0] ? site->args[0] : "0xffffffffu");
    if (site->type)
        buf_printf(&e, "__cu2c_wv%d[%s] = (%s); ", id, lin, site->args[1]);
    if (shfl)
        buf_printf(&e, "__cu2c_wln[%s] = (int)(%s); __cu2c_wwd[%s] = (int)(%s); ", lin, site->args[2], lin,
                   site->args[3] ? site->args[3] : "32");
    buf_puts(&e, "} ");
    if (check)
        put_mask_check(site, &e);
    if (shfl)
        buf_printf(&e, "%s, %s, __cu2c_wact, __cu2c_wln, __cu2c_wwd, __cu2c_wv%d, __cu2c_wr%d); ", names[op], n, id, id);
    else if (op == WARP_ACTIVEMASK)
        buf_printf(&e, "%s, %s, __cu2c_wact, __cu2c_wmk, __cu2c_wact, __cu2c_wr%d); ", names[op], n, id);
    else if (op == CG_REDUCE)     /* cooperative_groups.h: 0 for a coalesced group */
        buf_printf(&e, "cooperative_groups::__cu2c_reduce(%d, %s, __cu2c_wact, __cu2c_wmk, __cu2c_wv%d, __cu2c_wr%d, %s); ",
                   site->coalesced ? 0 : site->width, n, id, id, site->args[2]);
    else if (op != WARP_SYNC)
        buf_printf(&e, "%s, %s, __cu2c_wact, __cu2c_wmk, __cu2c_wv%d, __cu2c_wr%d); ", names[op], n, id, id);
    edit_insert(u, owner->begin, arena_strdup(u->arena, e.data));
    buf_free(&e);
    const char *result = op == WARP_SYNC ? "((void)0)"
                       : op == WARP_MATCH_ALL && site->args[2]
                           ? arena_printf(u->arena, "(*(%s) = __cu2c_wr%d[%s] != 0, __cu2c_wr%d[%s])", site->args[2],
                                          id, lin, id, lin)
                           : arena_printf(u->arena, "__cu2c_wr%d[%s]", id, lin);
    if (site->wrap_pre)
        result = arena_printf(u->arena, "%s%s%s", site->wrap_pre, result, site->wrap_post);
    edit_replace_lines(u, site->call_begin, site->call_end, result);
}

/* Where the `else` between an if's branches is (past the then branch's ';' and comments),
 * 0 if not found. */
static unsigned else_keyword(Unit *u, unsigned from, unsigned to) {
    const char *t = u->text;
    unsigned i = from;
    while (i < to) {
        if (t[i] == ';' || t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r') {
            i++;
        } else if (t[i] == '/' && t[i + 1] == '/') {
            while (i < to && t[i] != '\n')
                i++;
        } else if (t[i] == '/' && t[i + 1] == '*') {
            const char *e = strstr(t + i + 2, "*/");
            if (!e)
                return 0;
            i = (unsigned)(e - t) + 2;
        } else {
            return i + 4 <= to && strncmp(t + i, "else", 4) == 0 ? i : 0;
        }
    }
    return 0;
}

/* An if holding warp functions whose condition varies (Stmt.predicated): a block where a
 * loop over the running threads sets each one's flag (see put_pred_checks), then runs both
 * branches, whose thread loops each skip the threads not taking it. The lanes of a warp may
 * disagree, as on the GPU: those not taking a branch are inactive for the warp functions in
 * it, which combine the active lanes only (and check their masks: put_mask_check). */
void lower_predicated(Unit *u, Kernel *k, Stmt *s) {
    const char *lin = index_expr(DIM_XYZ), *n = count_expr(DIM_XYZ);
    Buf e = {0};
    buf_printf(&e, "{ for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_pf%d[__cu2c_i] = 0; ", n, s->index);
    open_thread_loop(k, s, &s->fret_scopes, &e);
    buf_printf(&e, "__cu2c_pf%d[%s] = (%s) ? 2 : 1; } ", s->index, lin, s->cond_text);
    if (strstr(s->cond_text, "//"))
        diag_error(u, s->loc, "a // comment inside this if's condition is not supported");
    edit_replace_lines(u, s->begin, s->then_begin, arena_strdup(u->arena, e.data));
    if (s->else_begin) {
        /* the `else` only: the then branch's last statement ends after its ';', which a thread
         * loop's closing text may follow */
        unsigned at = else_keyword(u, s->then_end, s->else_begin);
        if (at)
            edit_replace_lines(u, at, at + 4, " ");
        else
            diag_error(u, s->loc, "cu2c cannot find this if's else");
    }
    edit_insert(u, s->end, " }");
    buf_free(&e);
}
