/* lower_sites.c - lower_kernel for what runs in thread loops of its own around a statement:
 * reduction barriers (__syncthreads_count/_and/_or), warp functions (gathering every thread's
 * arguments, combining them warp by warp, checking masks under ifs run per thread), and the
 * ifs run per thread themselves (their flags, where each branch's threads are, then both
 * branches). */
#include "lower.h"

#include <stdlib.h>
#include <string.h>

/* The innermost if run per thread (Stmt.predicated) around s, *branch saying which of its
 * branches holds s ('r' then, 'e' else), or NULL when s is under no such if. Its flags give
 * where that branch's threads are (cu2c_lanes __cu2c_p<branch><index>, see lower_predicated):
 * thread loops there run x over that range, warp functions combine those warps only; the
 * per-thread flag checks stay, so the range is only an outer bound. */
Stmt *pred_if(Stmt *s, char *branch) {
    Stmt *c = s;
    for (Stmt *p = s->parent; p; c = p, p = p->parent)
        if (p->predicated && p->sync == SK_IF) {
            *branch = in_else_branch(p, c) ? 'e' : 'r';
            return p;
        }
    return NULL;
}

/* Is s a block barrier: __syncthreads() & co., or a statement (or control) holding a
 * __syncthreads_count/_and/_or? */
static bool holds_block_barrier(Kernel *k, Stmt *s) {
    if (s->kind == ST_BARRIER)
        return true;
    for (int i = 0; s->has_site && i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->owner == s && site->op < WARP_SHFL)
            return true;
    }
    return false;
}

/* Does some warp function of the kernel sit under an if or loop run per thread (its lanes may
 * be split: block_function gives it __cu2c_wdv, and the deferred checks' arrays)? */
bool kernel_splits_warps(Kernel *k) {
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->op >= WARP_SHFL && (under_predicated(site->owner) || site->owner->predicated))
            return true;
    }
    return false;
}

/* Are the kernel's mask checks deferred (it holds no block barrier)? A mask naming lanes
 * that took another branch is then undefined only if those lanes meet the warp again before
 * they exit, which no translation-time rule decides (`if (i < m) { shuffles }` followed by
 * `if (i < n) ...` that the same lanes skip as well: segmented sorts): the lanes named are
 * marked as owing, and a later warp function they take part in ends the kernel
 * (cu2c/warp.h). With a block barrier, a lane owing could reach it while the others wait at
 * the call (a hang on a GPU), so the check stays immediate. */
bool defers_mask_checks(Kernel *k) {
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        if (holds_block_barrier(k, s) || (s->kind == ST_SYNC && s->block_barrier))
            return false;
    }
    return true;
}

/* The ifs and loops run per thread around a barrier at s (and s itself, a loop whose
 * condition holds it): the threads reaching it take every one of them. */
static Stmt *first_chained(Stmt *s, Stmt **child) {
    *child = s;
    return s->kind == ST_SYNC && s->predicated && s->sync != SK_IF ? s : s->parent;
}

/* Could a running thread that a per-thread if or loop around the barrier at s keeps from it
 * wait at another block barrier? Not when every other barrier lies inside those constructs,
 * or before them and in no loop around them: such a thread only goes on to its end, and a
 * barrier completes when every thread that has not exited arrives, as on Volta and later
 * (`if (i < n) { ...; __syncthreads(); ... }` at a kernel's end with n not a multiple of the
 * block). */
static bool others_may_wait(Kernel *k, Stmt *s) {
    Stmt *c;
    for (Stmt *p = first_chained(s, &c); p; p = p->parent) {
        if (!p->predicated)
            continue;
        for (int i = 0; i < k->stmts.len; i++) {
            Stmt *b = k->stmts.items[i];
            if (b == s || b == p || stmt_inside(b, p) || !holds_block_barrier(k, b))
                continue;
            if (b->index > p->index)
                return true;
            for (Stmt *l = p->parent; l; l = l->parent)
                if ((l->sync == SK_FOR || l->sync == SK_WHILE || l->sync == SK_DO) && stmt_inside(b, l))
                    return true;
        }
    }
    return false;
}

/* Does a thread passing the barrier at s only end, waiting at plain barriers at most on the
 * way (`__syncthreads(); return;`, at the end of a function the kernel ends by calling)?
 * Then the barrier is its exit: a thread that has exited counts as arrived, as on Volta and
 * later, and what it did before came before any later barrier completes. So a few threads
 * may take it while the others go on to another (vLLM's moe_align fill threads). With work,
 * straight-line statements may come before the end too, and barriers before the thread
 * leaves the if holding it (`if (warp == 3) { ...; __syncthreads(); ...; return; }`; not
 * one where it rejoins the others', which CUDA leaves undefined). */
static bool ends_after(Kernel *k, Stmt *s, bool work) {
    bool rejoined = false;
    for (;;) {
        PtrVec *list = &k->body;
        for (int b = 0; s->parent && b < s->parent->bodies.len; b++) {
            PtrVec *body = s->parent->bodies.items[b];
            for (int i = 0; i < body->len; i++)
                if (body->items[i] == s)
                    list = body;
        }
        int at = 0;
        while (at < list->len && list->items[at] != s)
            at++;
        for (int i = at + 1; i < list->len; i++) {
            Stmt *t = list->items[i];
            if (t->kind == ST_NULL || (t->kind == ST_BARRIER && !t->grid_sync && !t->barrier_check && !rejoined))
                continue;
            if (work && (t->kind == ST_DECL || t->kind == ST_EXPR || t->kind == ST_CONTROL) && !t->has_return &&
                !t->jumps.len)
                continue;
            if (t->kind != ST_RETURN)
                return false;
            if (!t->fret)
                return true;
            list = NULL;    /* it leaves an expanded function: on after the call */
            s = t->fret->call;
            break;
        }
        if (!list)
            continue;
        /* the list's end: the kernel's, or on after the construct holding it */
        if (!s->parent)
            return true;
        s = s->parent;
        if (s->sync != SK_IF && s->sync != SK_BLOCK && s->sync != SK_LABELLED && s->sync != SK_INLINE)
            return false;
        rejoined |= work && s->sync == SK_IF;
    }
}

/* Must the block barrier at s count its threads at run time (put_barrier_check)? When an
 * if or loop around it runs per thread, a thread kept from it could wait at another, and a
 * thread passing it does more than end. */
bool barrier_needs_check(Kernel *k, Stmt *s) {
    Stmt *c;
    Stmt *p = first_chained(s, &c);
    while (p && !p->predicated)
        p = p->parent;
    return p && others_may_wait(k, s) && !(s->kind == ST_BARRIER && ends_after(k, s, false));
}

/* Do the threads disagree there by design: after it they do some work and end, while those
 * kept from it go on to another barrier (pairing with it on a GPU)? Then only the fiber
 * engine runs the kernel as the GPU does. */
bool barrier_pairs_by_design(Kernel *k, Stmt *s) {
    return s->kind == ST_BARRIER && !s->grid_sync && !s->barrier_check && barrier_needs_check(k, s) &&
           ends_after(k, s, true);
}

/* A block barrier at s under ifs or loops whose conditions vary (Stmt.predicated): their
 * threads agree at run time in correct programs (`if (row < n)` with n a multiple of the
 * block's size, equal trip counts), and the barrier runs as the uniform one. Once per block
 * before it, the threads still running are counted, and those of them reaching it; when they
 * differ, some reach it, and the others may wait at another barrier, the kernel ends with a located error
 * (cu2c_barrier_diverged) instead of running on. */
void put_barrier_check(Unit *u, Kernel *k, Stmt *s, SrcLoc at, const char *name, Buf *e) {
    Stmt *c, *p;
    if (!barrier_needs_check(k, s))
        return;
    buf_printf(e, "{ size_t __cu2c_bl = 0, __cu2c_ba = 0; for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) { ",
               count_expr(DIM_XYZ));
    if (k->needs_exit_flags)
        buf_puts(e, "if (__cu2c_exited[__cu2c_i]) continue; ");
    for (int i = 0; i < s->fret_scopes.len; i++)
        buf_printf(e, "if (__cu2c_fr%d[__cu2c_i]) continue; ", ((Inline *)s->fret_scopes.items[i])->copy);
    buf_puts(e, "__cu2c_bl++; __cu2c_ba += ");
    Buf why = {0};
    for (p = first_chained(s, &c); p; c = p, p = p->parent) {
        if (!p->predicated)
            continue;
        bool other = p->sync == SK_IF && in_else_branch(p, c);
        buf_printf(e, "__cu2c_pf%d[__cu2c_i] == %d && ", p->index, other ? 1 : 2);
        if (p->sync == SK_IF)
            buf_printf(&why, "%staking the other branch of the 'if' at line %u", why.len ? ", or " : "",
                       loc_line(p->loc));
        else
            buf_printf(&why, "%shaving left the loop at line %u", why.len ? ", or " : "", loc_line(p->loc));
    }
    /* (no thread reaching it: none waits there, as when all have left by a break) */
    buf_puts(e, "1; } if (__cu2c_ba != __cu2c_bl && __cu2c_ba) cu2c_barrier_diverged(__cu2c_b, \"");
    put_path(e, loc_file(at));
    buf_printf(e, ":%u\", \"%s\", __cu2c_ba, __cu2c_bl, \"%s\"); } ", loc_line(at), name, why.data);
    buf_free(&why);
    (void)u;
}

/* A reduction barrier: a GNU statement expression running the predicate in a loop over the
 * block's threads (still running ones) where the call was, giving the uniform result. A leaf
 * holding one computes it just before itself; a construct's condition computes it in place. */
void lower_site(Unit *u, Kernel *k, Site *site) {
    Stmt *p = site->pred;
    Buf e = {0};
    buf_puts(&e, "({ ");
    put_barrier_check(u, k, site->owner, site->loc, site->name, &e);
    buf_printf(&e, "__cu2c_rc%d = 0; __cu2c_ra%d = 0; ", site->id, site->id);
    open_thread_loop(k, p, &site->owner->fret_scopes, &e);
    buf_printf(&e, "__cu2c_ra%d++; __cu2c_rc%d += ((", site->id, site->id);
    buf_puts(&e, site->pred_text);
    buf_puts(&e, ") != 0); } ");
    if (k->race_check)
        buf_puts(&e, "CU2C_RACE_BARRIER() ");
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

/* The per-thread test of put_mask_check's lanes away, into `away` (when given), with the
 * lines of the ifs and loops they are away from (when given) and how many of each; how many
 * in all. */
static int mask_away_flags(Kernel *k, Site *site, Buf *away, Buf *ifs, Buf *loops, int *if_count,
                           int *loop_count) {
    int nifs = 0, nloops = 0;
    /* a call in the condition of a loop run per thread: the lanes that left it are inactive */
    Stmt *c = site->owner, *p = c->predicated && c->sync != SK_IF ? c : c->parent;
    for (; p; c = p, p = p->parent) {
        if (!p->predicated || others_exit_without_meeting(k, p, c))
            continue;
        if (away)
            buf_printf(away, "%s__cu2c_pf%d[__cu2c_i] == %d", nifs + nloops ? " || " : "", p->index,
                       p->sync == SK_IF && in_else_branch(p, c) ? 2 : 1);
        if (p->sync == SK_IF && ifs)
            buf_printf(ifs, "%s%u", nifs ? ", " : "", loc_line(p->loc));
        else if (p->sync != SK_IF && loops)
            buf_printf(loops, "%s%u", nloops ? ", " : "", loc_line(p->loc));
        nifs += p->sync == SK_IF;
        nloops += p->sync != SK_IF;
    }
    if (if_count)
        *if_count = nifs;
    if (loop_count)
        *loop_count = nloops;
    return nifs + nloops;
}

/* Does a warp function of the kernel defer its mask check (defers_mask_checks), so that
 * lanes may owe: the block keeps __cu2c_wowe, and every warp function checks it? */
bool kernel_owes(Kernel *k) {
    if (!defers_mask_checks(k))
        return false;
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->op >= WARP_SHFL && site->op != WARP_ACTIVEMASK &&
            (under_predicated(site->owner) || site->owner->predicated) &&
            mask_away_flags(k, site, NULL, NULL, NULL, NULL, NULL))
            return true;
    }
    return false;
}

static void put_mask_check(Kernel *k, Site *site, const char *w0, const char *wn, Buf *e) {
    Buf ifs = {0}, loops = {0}, away = {0};
    int nifs, nloops;
    mask_away_flags(k, site, &away, &ifs, &loops, &nifs, &nloops);
    if (!nifs && !nloops)
        return;     /* every lane the mask may name is active, or has exited */
    buf_printf(e, "for (size_t __cu2c_i = %s; __cu2c_i < %s; __cu2c_i++) __cu2c_wdv[__cu2c_i] = %s; ", w0, wn,
               away.data);
    buf_free(&away);
    SrcLoc at = site->loc;
    if (defers_mask_checks(k)) {
        buf_printf(e, "cu2c_warp_mask_defer(%s, %s, __cu2c_wact, __cu2c_wmk, __cu2c_wdv, __cu2c_wowe, &__cu2c_wowe_at, \"", w0, wn);
        put_path(e, loc_file(at));
        buf_printf(e, ":%u:%u: %s()\"); ", loc_line(at), at.col, site->name);
        buf_free(&ifs);
        buf_free(&loops);
        return;
    }
    buf_printf(e, "cu2c_warp_mask_check(%s, %s, __cu2c_wact, __cu2c_wmk, __cu2c_wdv, __cu2c_b, \"", w0, wn);
    put_path(e, loc_file(at));
    buf_printf(e, ":%u:%u\", \"%s\", \"%s\", \"", loc_line(at), at.col, site->name,
               !nloops ? "an if" : !nifs ? "a loop" : "an if or loop");
    if (nifs)
        buf_printf(e, "did not take this branch of the %s at line%s %s", nifs > 1 ? "ifs" : "if",
                   nifs > 1 ? "s" : "", ifs.data);
    if (nloops)
        buf_printf(e, "%sleft the loop%s at line%s %s", nifs ? ", or " : "", nloops > 1 ? "s" : "",
                   nloops > 1 ? "s" : "", loops.data);
    buf_puts(e, "\"); ");
    buf_free(&ifs);
    buf_free(&loops);
}

static const char *const combine_names[] = {
    [WARP_SHFL] = "CU2C_WARP_SHFL(CU2C_SHFL_IDX", [WARP_SHFL_UP] = "CU2C_WARP_SHFL(CU2C_SHFL_UP",
    [WARP_SHFL_DOWN] = "CU2C_WARP_SHFL(CU2C_SHFL_DOWN", [WARP_SHFL_XOR] = "CU2C_WARP_SHFL(CU2C_SHFL_XOR",
    [WARP_BALLOT] = "CU2C_WARP_VOTE(CU2C_VOTE_BALLOT", [WARP_ANY] = "CU2C_WARP_VOTE(CU2C_VOTE_ANY",
    [WARP_ALL] = "CU2C_WARP_VOTE(CU2C_VOTE_ALL", [WARP_ACTIVEMASK] = "CU2C_WARP_VOTE(CU2C_VOTE_ACTIVE",
    [WARP_SYNC] = NULL, [WARP_MATCH_ANY] = "CU2C_WARP_MATCH(0", [WARP_MATCH_ALL] = "CU2C_WARP_MATCH(1",
    [WARP_REDUCE_ADD] = "CU2C_WARP_REDUCE(CU2C_RED_ADD", [WARP_REDUCE_MIN] = "CU2C_WARP_REDUCE(CU2C_RED_MIN",
    [WARP_REDUCE_MAX] = "CU2C_WARP_REDUCE(CU2C_RED_MAX", [WARP_REDUCE_AND] = "CU2C_WARP_REDUCE(CU2C_RED_AND",
    [WARP_REDUCE_OR] = "CU2C_WARP_REDUCE(CU2C_RED_OR", [WARP_REDUCE_XOR] = "CU2C_WARP_REDUCE(CU2C_RED_XOR",
    [CG_REDUCE] = NULL, [CG_INCLUSIVE_SCAN] = NULL, [CG_EXCLUSIVE_SCAN] = NULL, [WMMA_MMA] = NULL,
};

/* A warp function's gathering and combining: a loop over the running threads (those still
 * iterating the loop `loop` too, when the call is in its condition) gathers each one's
 * arguments, then cu2c/warp.h combines them warp by warp into every thread's result. */
static void put_gather(Unit *u, Kernel *k, Site *site, Stmt *loop, PtrVec *scopes, Buf *e) {
    for (int i = 0; i < 4; i++)
        if (site->args[i] && strstr(site->args[i], "//"))
            diag_error(u, site->loc, "a // comment inside a warp function's arguments is not supported");
    for (int i = 0; i < site->pred->reads.len; i++) {
        Var *v = site->pred->reads.items[i];
        if (v->decl_stmt == site->owner)
            diag_error(u, v->loc, "'%s' is declared in the statement whose warp function reads it: declare "
                       "it in a statement of its own", v->name);
    }
    const char *lin = index_expr(DIM_XYZ), *n = count_expr(DIM_XYZ);
    int id = site->id;
    ReduceOp op = site->op;
    bool shfl = op <= WARP_SHFL_XOR;
    bool check = op != WARP_ACTIVEMASK && (loop || under_predicated(site->owner));
    /* a tile of several warps (cooperative_groups.h): combined over the whole block, its
     * tiles aligned to the block's first thread */
    bool multi_warp = site->width > 32 || site->width < 0;     /* < 0: maybe (cg::reduce decides) */
    /* a shuffle every thread of the block runs: no flags of who runs (CU2C_WARP_SHFL_ALL) */
    bool all = shfl && !check && !multi_warp && !k->needs_exit_flags && !(scopes && scopes->len);
    /* under an if run per thread: the warps holding its branch's running threads only, the
     * arrays from the first of them (lanes are relative to a warp's start) */
    char br;
    Stmt *pi = multi_warp ? NULL : pred_if(site->owner, &br);
    const char *lanes = pi ? arena_printf(u->arena, "__cu2c_p%c%d", br, pi->index) : NULL;
    const char *w0 = lanes ? arena_printf(u->arena, "%s.w0", lanes) : "0";
    const char *wn = lanes ? arena_printf(u->arena, "%s.wn", lanes) : n;
    const char *at = lanes ? arena_printf(u->arena, " + %s.w0", lanes) : "";
    const char *cnt = lanes ? arena_printf(u->arena, "(%s.wn - %s.w0)", lanes, lanes) : n;
    /* a group whose type is a template parameter: its width, the same in every thread,
     * taken where the group is in scope (in the thread loop) */
    if (site->width < 0)
        buf_printf(e, "int __cu2c_gw%d = 0; ", id);
    if (!all)
        buf_printf(e, "for (size_t __cu2c_i = %s; __cu2c_i < %s; __cu2c_i++) __cu2c_wact[__cu2c_i] = 0; ", w0, wn);
    open_thread_loop(k, site->pred, scopes, e);
    if (site->width < 0)
        buf_printf(e, "__cu2c_gw%d = %s; ", id, site->args[3]);
    if (loop)
        buf_printf(e, "if (__cu2c_pf%d[%s] != 2) continue; ", loop->index, lin);
    if (!all)
        buf_printf(e, "__cu2c_wact[%s] = 1; ", lin);
    if (!shfl || check)     /* a shuffle's source lane does not depend on its mask */
        buf_printf(e, "__cu2c_wmk[%s] = (unsigned)(%s); ", lin,
                   op != WARP_ACTIVEMASK && site->args[0] ? site->args[0] : "0xffffffffu");
    if (site->type)
        buf_printf(e, "__cu2c_wv%d[%s] = (%s); ", id, lin, site->args[1]);
    if (shfl)
        buf_printf(e, "__cu2c_wln[%s] = (int)(%s); __cu2c_wwd[%s] = (int)(%s); ", lin, site->args[2], lin,
                   site->args[3] ? site->args[3] : "32");
    buf_puts(e, "} ");
    /* lanes a deferred check marked as owing must not meet the warp again (defers_mask_checks) */
    if (op != WARP_ACTIVEMASK && kernel_owes(k)) {
        buf_printf(e, "if (__cu2c_wowe_at) cu2c_warp_owe_check(%s, %s, %s, __cu2c_wowe, __cu2c_b, __cu2c_wowe_at, \"",
                   w0, wn, all ? "0" : "__cu2c_wact");
        put_path(e, loc_file(site->loc));
        buf_printf(e, ":%u:%u\", \"%s\"); ", loc_line(site->loc), site->loc.col, site->name);
    }
    if (check)
        put_mask_check(k, site, w0, wn, e);
    if (all)
        buf_printf(e, "CU2C_WARP_SHFL_ALL(%s, %s, __cu2c_wln, __cu2c_wwd, __cu2c_wv%d, __cu2c_wr%d); ",
                   strchr(combine_names[op], '(') + 1, n, id, id);
    else if (multi_warp && shfl)
        buf_printf(e, "cooperative_groups::__cu2c_tile_shfl(%d, %s, __cu2c_wact, __cu2c_wln, __cu2c_wv%d, "
                      "__cu2c_wr%d); ", site->width, n, id, id);
    else if (multi_warp && (op == WARP_ANY || op == WARP_ALL))
        buf_printf(e, "cooperative_groups::__cu2c_tile_vote(%d, %d, %s, __cu2c_wact, __cu2c_wv%d, __cu2c_wr%d); ",
                   op == WARP_ALL, site->width, n, id, id);
    else if (shfl)
        buf_printf(e, "%s, %s, __cu2c_wact%s, __cu2c_wln%s, __cu2c_wwd%s, __cu2c_wv%d%s, __cu2c_wr%d%s); ",
                   combine_names[op], cnt, at, at, at, id, at, id, at);
    else if (op == WARP_ACTIVEMASK)
        buf_printf(e, "%s, %s, __cu2c_wact%s, __cu2c_wmk%s, __cu2c_wact%s, __cu2c_wr%d%s); ", combine_names[op], cnt,
                   at, at, at, id, at);
    else if (op == CG_REDUCE || op == CG_INCLUSIVE_SCAN || op == CG_EXCLUSIVE_SCAN) {
        /* cooperative_groups.h: width 0 for a coalesced group */
        const char *width = site->width < 0 ? arena_printf(u->arena, "__cu2c_gw%d", id)
                                            : arena_printf(u->arena, "%d", site->coalesced ? 0 : site->width);
        const char *fn = op == CG_REDUCE ? "__cu2c_reduce("
                       : op == CG_INCLUSIVE_SCAN ? "__cu2c_scan(0, " : "__cu2c_scan(1, ";
        const char *fop = site->args[2] ? site->args[2]
                        : arena_printf(u->arena, "cooperative_groups::plus<%s>()", site->type);
        buf_printf(e, "cooperative_groups::%s%s, %s, __cu2c_wact%s, __cu2c_wmk%s, __cu2c_wv%d%s, __cu2c_wr%d%s, "
                      "%s); ", fn, width, cnt, at, at, id, at, id, at, fop);
    }
    else if (op == WMMA_MMA)
        buf_printf(e, "::nvcuda::wmma::__cu2c_mma_warps(%s, __cu2c_wact%s, __cu2c_wv%d%s, __cu2c_wr%d%s); ", cnt, at,
                   id, at, id, at);
    else if (op != WARP_SYNC)
        buf_printf(e, "%s, %s, __cu2c_wact%s, __cu2c_wmk%s, __cu2c_wv%d%s, __cu2c_wr%d%s); ", combine_names[op], cnt,
                   at, at, id, at, id, at);
}

/* What a warp function's call becomes: this thread's element of its result. */
static const char *site_result(Unit *u, Kernel *k, Site *site) {
    const char *lin = index_expr(DIM_XYZ);
    int id = site->id;
    /* (a tile of several warps orders the block for the race checker, as a thread_group's
     * sync of more than a warp does) */
    const char *sync = !k->race_check ? "((void)0)"
                     : site->any_group ? arena_printf(u->arena, "CU2C_RACE_GROUP_SYNC(%s)", site->any_group)
                     : site->width > 32 ? "cu2c_race_barrier()"
                                        : "CU2C_RACE_SYNCWARP()";
    const char *result = site->op == WARP_SYNC ? sync
                       : site->op == WARP_MATCH_ALL && site->args[2]
                           ? arena_printf(u->arena, "(*(%s) = __cu2c_wr%d[%s] != 0, __cu2c_wr%d[%s])", site->args[2],
                                          id, lin, id, lin)
                           : arena_printf(u->arena, "__cu2c_wr%d[%s]", id, lin);
    if (site->wrap_pre)
        result = arena_printf(u->arena, "%s%s%s", site->wrap_pre, result, site->wrap_post);
    return result;
}

/* A warp function: before the statement holding it (a leaf, starting a region), its
 * gathering and combining (put_gather); its result replaces the call. One in the condition
 * of an if or loop run per thread is gathered where that condition is evaluated (see
 * control_text). */
void lower_warp_site(Unit *u, Kernel *k, Site *site) {
    Stmt *owner = site->owner;
    if (owner->kind == ST_SYNC && owner->predicated)
        return;
    if (owner->kind == ST_SYNC) {   /* never: check_warp_sites refuses it */
        diag_error(u, site->loc, "cu2c cannot place %s() here (a translator bug)", site->name);
        return;
    }
    /* one statement with the holder's nest (closed by lower_nest): the holder may be the
     * body of a loop without braces */
    Buf e = {0};
    buf_puts(&e, "{ ");
    put_gather(u, k, site, NULL, &owner->fret_scopes, &e);
    edit_insert(u, owner->begin, arena_strdup(u->arena, e.data));
    buf_free(&e);
    edit_replace_lines(u, site->call_begin, site->call_end, site_result(u, k, site));
}

/* The text of [begin, end) in an if's or loop's control, on one line, with the edits made
 * inside it (a member function's rewrites) and each warp function called there replaced by
 * its result; *gather receives their gathering (put_gather, over the threads iterating
 * `loop` when that is not NULL). NULL after a located error. */
static const char *control_text(Unit *u, Kernel *k, Stmt *s, unsigned begin, unsigned end, Stmt *loop,
                                PtrVec *scopes, Buf *gather) {
    PtrVec near = {0}, edits = {0};
    edits_near(u, begin, end, &near);
    for (int i = 0; i < near.len; i++) {
        Edit *e = near.items[i];
        if (e->copy == u->cur_copy && e->begin >= begin && e->end <= end && e->begin < end)
            vec_push(u->arena, &edits, e);
    }
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->owner != s || site->call_begin < begin || site->call_end > end)
            continue;
        Edit *e = arena_alloc(u->arena, sizeof *e);
        e->begin = site->call_begin;
        e->end = site->call_end;
        e->text = site_result(u, k, site);
        e->copy = u->cur_copy;
        vec_push(u->arena, &edits, e);
        put_gather(u, k, site, loop, scopes, gather);
    }
    Buf t = {0};
    bool ok = edits_render(u, &edits, begin, end, &t);
    char *r = arena_strdup(u->arena, t.data ? t.data : "");
    buf_free(&t);
    if (!ok)
        return NULL;
    if (strstr(r, "//")) {
        diag_error(u, s->loc, "a // comment inside this %s's condition or header is not supported",
                   s->sync == SK_IF ? "if" : "loop");
        return NULL;
    }
    for (char *p = r; *p; p++)
        if (*p == '\n' || *p == '\r' || *p == '\\')
            *p = ' ';
    return r;
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

/* An if or loop holding barriers run per thread: __cu2c_pu<index>, the flag all its running
 * threads have when they agree (2: all take the then branch or iterate), else 0; where they
 * agree, the thread loops inside run without their flags (lower_kernel's fast copy). */
static void put_agreement(Kernel *k, Stmt *s, const char *decl, Buf *e) {
    buf_printf(e, "%s__cu2c_pu%d = cu2c_flags_agree(__cu2c_pf%d, %s, %s); ", decl, s->index, s->index,
               k->needs_exit_flags ? "__cu2c_exited" : "(const unsigned char *)0", count_expr(DIM_XYZ));
}

/* An if holding warp functions whose condition varies (Stmt.predicated): a block where a
 * loop over the running threads sets each one's flag (see put_pred_checks), then runs both
 * branches, whose thread loops each skip the threads not taking it. The lanes of a warp may
 * disagree, as on the GPU: those not taking a branch are inactive for the warp functions in
 * it, which combine the active lanes only (and check their masks: put_mask_check). */
void lower_predicated(Unit *u, Kernel *k, Stmt *s) {
    const char *lin = index_expr(DIM_XYZ), *n = count_expr(DIM_XYZ);
    Buf e = {0};
    buf_puts(&e, "{ ");
    const char *cond = control_text(u, k, s, s->cond_begin, s->cond_end, NULL, &s->fret_scopes, &e);
    if (!cond) {
        buf_free(&e);
        return;
    }
    buf_printf(&e, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_pf%d[__cu2c_i] = 0; ", n, s->index);
    open_thread_loop(k, s, &s->fret_scopes, &e);
    buf_printf(&e, "__cu2c_pf%d[%s] = (%s) ? 2 : 1; } ", s->index, lin, cond);
    if (s->block_barrier)
        put_agreement(k, s, "const unsigned char ", &e);
    /* where each branch's threads are (pred_if) */
    for (int want = 2; want >= (s->else_begin ? 1 : 2); want--)
        buf_printf(&e, "const cu2c_lanes __cu2c_p%c%d __attribute__((unused)) = cu2c_flag_lanes(__cu2c_pf%d, %s, %d, "
                       "__cu2c_bx, __cu2c_by * __cu2c_bz == 1); ", want == 2 ? 'r' : 'e', s->index, s->index, n, want);
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

/* The expanded calls whose "returned" flags a thread loop of a loop's control must respect:
 * those around it that threads may have left before it, and those around it that a return
 * inside it leaves (the loop runs round again after it). */
static void loop_scopes(Arena *a, Kernel *k, Stmt *s, PtrVec *out) {
    for (int i = 0; i < s->fret_scopes.len; i++)
        vec_push(a, out, s->fret_scopes.items[i]);
    for (int i = s->index + 1; i < k->stmts.len; i++) {
        Stmt *r = k->stmts.items[i];
        bool inside = false, around = false;
        for (Stmt *p = r->parent; p && !inside; p = p->parent)
            inside = p == s;
        for (Stmt *p = s->parent; r->fret && p && !around; p = p->parent)
            around = p == r->fret->call;
        if (inside && around && !vec_contains(out, r->fret))
            vec_push(a, out, r->fret);
    }
}

/* Does a statement inside loop s continue it (Jump)? */
static bool continued(Kernel *k, Stmt *s) {
    for (int i = s->index + 1; i < k->stmts.len && stmt_inside(k->stmts.items[i], s); i++) {
        Stmt *t = k->stmts.items[i];
        for (int j = 0; j < t->jumps.len; j++) {
            Jump *jp = t->jumps.items[j];
            if (jp->is_continue && jump_target(t, jp) == s)
                return true;
        }
    }
    return false;
}

/* A thread loop over the threads running a loop's control (those iterating: flag 2), doing
 * `code` then storing the promoted locals the control writes. */
static void put_control_loop(Arena *a, Kernel *k, Stmt *s, PtrVec *scopes, const char *code, Buf *e) {
    open_thread_loop(k, s, scopes, e);
    if (continued(k, s))     /* a thread that continued the trip (flag 3) iterates again */
        buf_printf(e, "if (__cu2c_pf%d[%s] == 3) __cu2c_pf%d[%s] = 2; ", s->index, index_expr(DIM_XYZ), s->index,
                   index_expr(DIM_XYZ));
    buf_printf(e, "if (__cu2c_pf%d[%s] != 2) continue; { %s ", s->index, index_expr(DIM_XYZ), code);
    for (int i = 0; i < s->writes.len; i++)
        if (((Var *)s->writes.items[i])->promoted)
            put_store(a, s->writes.items[i], e);
    buf_puts(e, "} } ");
}

/* A loop holding warp functions whose condition varies (Stmt.predicated): the block runs it
 * round while any of its threads still iterates. Each thread's flag says whether it does (2),
 * has left the loop (1) or never reached it (0); the init, the condition and the increment
 * run in thread loops of their own over the iterating threads, and every thread loop of the
 * body skips the others. The lanes of a warp may iterate apart, as on the GPU: those that
 * have left are inactive for the warp functions inside (whose masks are checked:
 * put_mask_check). */
void lower_predicated_loop(Unit *u, Kernel *k, Stmt *s) {
    Arena *a = u->arena;
    const char *lin = index_expr(DIM_XYZ), *n = count_expr(DIM_XYZ);
    unsigned spans[3][2] = {{0, 0}, {s->cond_begin, s->cond_end}, {0, 0}};
    if (s->sync == SK_FOR && !for_header_spans(u, s->begin, s->then_begin, spans)) {
        diag_error(u, s->loc, "cu2c cannot read this for-loop's header");
        return;
    }
    /* (a warp function in the init or increment: check_warp_sites refused it) */
    PtrVec scopes = {0};
    loop_scopes(a, k, s, &scopes);
    /* each round: the warp functions of the condition, then the condition, by each thread
     * still iterating */
    Buf test = {0};
    buf_printf(&test, "int __cu2c_li%d = 0; ", s->index);
    const char *init = control_text(u, k, s, spans[0][0], spans[0][1], s, &scopes, &test);
    const char *cond = control_text(u, k, s, spans[1][0], spans[1][1], s, &scopes, &test);
    const char *inc = control_text(u, k, s, spans[2][0], spans[2][1], s, &scopes, &test);
    if (!init || !cond || !inc) {
        buf_free(&test);
        return;
    }
    put_control_loop(a, k, s, &scopes, arena_printf(a, "if (%s) __cu2c_li%d = 1; else __cu2c_pf%d[%s] = 1;",
                                                    *cond ? cond : "1", s->index, s->index, lin), &test);
    buf_printf(&test, "if (!__cu2c_li%d) break; ", s->index);
    if (s->block_barrier)
        put_agreement(k, s, "", &test);
    /* who reaches the loop; the init, run by them */
    Buf e = {0};
    buf_printf(&e, "{ for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_pf%d[__cu2c_i] = 0; ", n, s->index);
    open_thread_loop(k, s, &scopes, &e);
    buf_printf(&e, "__cu2c_pf%d[%s] = 2; } ", s->index, lin);
    if (*init)
        put_control_loop(a, k, s, &scopes, arena_printf(a, "%s;", init), &e);
    if (s->block_barrier)
        buf_printf(&e, "unsigned char __cu2c_pu%d = 0; ", s->index);
    buf_puts(&e, "for (;;) { ");
    if (s->sync != SK_DO)
        buf_puts(&e, test.data);
    edit_replace_lines(u, s->begin, s->then_begin, arena_strdup(a, e.data));
    Buf t = {0};
    if (*inc)
        put_control_loop(a, k, s, &scopes, arena_printf(a, "(void)(%s);", inc), &t);
    if (s->sync == SK_DO)
        buf_puts(&t, test.data);
    buf_puts(&t, "} }");
    if (s->sync == SK_DO)
        edit_replace_lines(u, s->then_end, s->end, arena_strdup(a, t.data));
    else
        edit_insert(u, s->end, arena_strdup(a, t.data));
    buf_free(&e);
    buf_free(&test);
    buf_free(&t);
}
