/* narrow_guards - a nest's guards as bounds of its thread loops: part of the lower_kernel
 * pass. A nest ending in a leaf `if (tid < n && ...)` (guard_stmt), or right inside a
 * per-thread if whose condition is such guards (pred_guard_stmt, Stmt.loop_split), loops
 * over the range of thread coordinates the guards allow instead of testing each thread (for
 * a guard on the block's linear index, `t < s` with t = ty * C + tx, each row's x loop over
 * that row's part: Nest.lin_var); a lane guard (`lane == c`, Guard.lane_mod) makes the x loop
 * step over the lanes it rules out. */
#include "lower.h"

#include <string.h>

/* The statement whose guards may narrow a nest's loops: its last, a leaf `if` without else,
 * after nothing but declarations of locals that live only in this nest, computed without
 * effects or memory accesses (threads left out of the loops would only have computed those). */
Stmt *guard_stmt(Kernel *k, Nest *n) {
    Stmt *s = k->stmts.items[n->last];
    if (!s->guards.len || s->has_return || s->jumps.len)
        return NULL;
    for (int i = n->first; i < n->last; i++) {
        Stmt *d = k->stmts.items[i];
        if (d->kind != ST_DECL || d->side_effects || d->touches_memory || d->calls_user_fn ||
            d->has_site)
            return NULL;
        for (int j = 0; j < d->decls.len; j++) {
            Var *v = d->decls.items[j];
            if (v->promoted || v->is_shared || !v->init_text)   /* pure arithmetic only */
                return NULL;
        }
    }
    return s;
}

/* `lim = max/min(lim, v)`, as text. */
static void bound_term(Arena *a, const char **lim, bool upper, const char *v) {
    *lim = *lim ? arena_printf(a, "CU2C_%sLL(%s, %s)", upper ? "MIN" : "MAX", *lim, v) : v;
}

/* Is g's coordinate an x_affine-style local, base +- threadIdx.x (not a lane guard's)? */
static bool is_offset(Guard *g) {
    return g->coord && !g->coord->coord && !g->coord->lin && !g->coord->x_scale && g->op != '=';
}

/* Is g `v < B` (or <=) with v a multiple of threadIdx.x (Var.x_scale)? */
static bool is_scaled(Guard *g) {
    return g->coord && g->coord->x_scale && (g->op == '<' || g->op == 'l');
}

/* Is g's coordinate a linear thread index (Var.lin)? */
static bool is_linear(Guard *g) {
    return g->coord && g->coord->lin && g->op != '=';
}

/* Does statement s read local w with the value of a uniform web, one the block holds (a loop
 * counter that a per-thread loop elsewhere reuses varies as a whole, not here)? */
static bool uniform_web_read(Stmt *s, Var *w) {
    bool any = false;
    for (int j = 0; j < s->reads.len; j++) {
        if (s->reads.items[j] != w)
            continue;
        Web *web = j < s->read_webs.len ? s->read_webs.items[j] : NULL;
        if (!web || web->dims || web->promoted)
            return false;
        any = true;
    }
    return any;
}

/* Is a guard read through a local (Guard.via) the test it was where the local was
 * initialised: the local never changed after, nor anything its bound reads, and no local
 * declared after it hides one of those (its bound is text, read again at the nest)? */
static bool via_holds(Kernel *k, Guard *g) {
    if (g->via->escapes || written_after_decl(k, g->via))
        return false;
    for (int j = 0; j < g->bound_reads.len; j++) {
        Var *w = g->bound_reads.items[j];
        if (w->escapes || written_after_decl(k, w) || hidden_after(k, g->via, w))
            return false;
    }
    return true;
}

/* Is g's comparison made in a signed 64-bit type (`tid < n`, n a long)? Its coordinate, a
 * 32-bit value, converts to it exactly; its bound is clamped to +-2^32 (bound_value), which
 * decides the same for every 32-bit coordinate and keeps the bounds' sums from wrapping. */
static bool wide_compare(Guard *g) {
    return strcmp(g->cmp_type, "long") == 0 || strcmp(g->cmp_type, "long long") == 0;
}

/* Is g's comparison made as a 32-bit int (or unsigned int, where unsigned allows)? */
static bool compare32(Guard *g, bool allow_unsigned) {
    return strcmp(g->cmp_type, "int") == 0 || (allow_unsigned && strcmp(g->cmp_type, "unsigned int") == 0);
}

/* ... or as a signed 64-bit one (wide_compare)? */
static bool narrowable_compare(Guard *g, bool allow_unsigned) {
    return compare32(g, allow_unsigned) || wide_compare(g);
}

/* g's bound as a long long, `+ 1` added for <= (plus_one). */
static const char *bound_value(Arena *a, Guard *g, bool plus_one) {
    const char *b = arena_printf(a, "(long long)(%s)(%s)", g->cmp_type, g->bound);
    if (wide_compare(g))
        b = arena_printf(a, "CU2C_MAXLL(-0x100000000ll, CU2C_MINLL(0x100000000ll, %s))", b);
    return plus_one ? arena_printf(a, "%s + 1", b) : b;
}

/* Can guard g of a nest's statement s bound the nest's loop over its dimension: its coordinate
 * threadIdx.d or a local recomputed as it (both copies), a linear thread index that is one
 * wherever read (Var.lin_fixed: each row's x loop, both copies), or an x_affine local (the
 * fast copy), compared as a 32-bit int with a bound reading only locals fixed before the
 * nest? (A lane guard, op '=': may its step apply, see narrow_guards.) The comparison is a
 * 32-bit or a signed 64-bit one (narrowable_compare). */
static bool narrows(Kernel *k, Nest *n, Stmt *s, Guard *g) {
    if (g->via && !via_holds(k, g))
        return false;
    if (is_linear(g)) {
        /* the x loop's bounds then read the y and z loops' counters: not under --thread-order,
         * whose loops count other variables */
        if (!g->coord->lin_fixed || k->thread_order || (n->lin_var && n->lin_var != g->coord) ||
            !compare32(g, true))
            return false;
    }
    if (g->coord && g->coord->x_scale && !is_scaled(g))
        return false;
    bool offset = is_offset(g);
    /* T's value is its initialiser's: recomputed in each nest, a local holding threadIdx.d that
     * never changes, or (a lane guard's local, a multiple of x) declared by the pure
     * declarations before the if in this one */
    bool fixed = !g->coord || g->coord->remat || g->coord->lin ||
                 (g->coord->coord && !g->coord->escapes && !written_after_decl(k, g->coord)) ||
                 ((g->op == '=' || is_scaled(g)) && g->coord->decl_stmt && g->coord->decl_stmt->index >= n->first &&
                  g->coord->decl_stmt->index < n->last);
    if (is_scaled(g))   /* K, too, read where the loops start */
        for (int j = 0; fixed && j < g->coord->x_scale_reads.len; j++) {
            Var *w = g->coord->x_scale_reads.items[j];
            fixed = !w->dims && !w->promoted && !w->remat && !w->is_shared && (!w->decl_stmt || w->decl_stmt->nest < 0);
        }
    bool ok = (n->dims & g->dim) &&
              (offset ? g->coord->x_affine && !g->coord->x_unsigned && narrowable_compare(g, false)
                      : fixed && narrowable_compare(g, true));
    for (int j = 0; ok && j < g->bound_reads.len; j++) {
        Var *w = g->bound_reads.items[j];
        ok = (!w->dims || uniform_web_read(s, w)) && !w->promoted && !w->remat && !w->is_shared &&
             (!w->decl_stmt || w->decl_stmt->nest < 0);
    }
    return ok;
}

/* The guards of a nest's last statement (see guard_stmt) `T op B && ...` with B uniform:
 * each term holds for a range of the thread coordinate, so the thread loop runs over that
 * range and the term becomes 1. For T = threadIdx.d (or a local holding it, recomputed) in
 * both copies of the nest; for T an x_affine local, in the fast copy only, where T is
 * exactly its base +- threadIdx.x (the term's edit goes to fast_edits, T to offs, the
 * narrowed range to *flo, *fhi). For 32-bit and signed 64-bit comparisons, computed in long
 * long. */
void narrow_guards(Unit *u, Kernel *k, Nest *n, Stmt *s, Buf *h, PtrVec *fast_edits, PtrVec *offs,
                   const char **flo, const char **fhi) {
    const char *lo[8] = {0}, *hi[8] = {0}, *xlo = NULL, *xhi = NULL, *llo = NULL, *lhi = NULL;
    /* a per-thread if's guards (pred_guard_stmt) are its condition's: kept as written */
    bool edit_terms = s->kind != ST_SYNC;
    int offsets = 0, narrowed = 0;
    /* a condition all of whose terms narrow the loops in both copies, some written by macros
     * (whose text is the macro's call, not the term): the whole condition becomes 1 */
    bool whole = edit_terms && s->guards_whole, macro = false;
    for (int i = 0; i < s->guards.len && whole; i++) {
        Guard *g = s->guards.items[i];
        whole = narrows(k, n, s, g) && g->op != '=' && !is_offset(g);
        macro |= g->in_macro;
    }
    whole &= macro;
    Guard *lane = NULL;
    for (int i = 0; i < s->guards.len; i++) {
        Guard *g = s->guards.items[i];
        bool offset = is_offset(g);
        if (!narrows(k, n, s, g))
            continue;
        if (g->op == '=') {     /* a lane guard: the x loop's step (below); its test stays */
            if (!lane && g->lane_step && edit_terms && !g->in_macro) {
                /* ... but a stride guard's is needless where the loop steps by its M */
                edit_insert(u, g->begin, "(__cu2c_sq || (");
                edit_insert(u, g->end, "))");
            }
            lane = lane ? lane : g;
            continue;
        }
        if (is_scaled(g)) {     /* v = K * x < B: x below B / K, rounded up; its test stays */
            Var *t = g->coord;
            const char *m = arena_printf(u->arena, "(long long)(%s)(%s)", t->type, t->x_scale);
            const char *b = bound_value(u->arena, g, g->op == 'l');
            /* where K * x cannot wrap (K > 0, K * (bx - 1) an int) */
            bound_term(u->arena, &hi[DIM_X], true,
                       arena_printf(u->arena, "(%s > 0 && %s * (__cu2c_bx - 1) <= 0x7fffffffll ? (%s + %s - 1) / %s : "
                                              "(long long)__cu2c_bx)", m, m, b, m, m));
            n->guarded |= DIM_X;
            continue;
        }
        narrowed++;
        offsets += offset;
        const char *b = bound_value(u->arena, g, false);
        int op = g->op;
        if (offset) {   /* base + tx op B  <=>  tx op B - base;  base - tx op B  <=>  tx op' base - B */
            Var *t = g->coord;
            const char *base = arena_printf(u->arena, "(long long)(int)(%s)", t->x_base);
            b = t->x_sign > 0 ? arena_printf(u->arena, "(%s - %s)", b, base)
                              : arena_printf(u->arena, "(%s - %s)", base, b);
            if (t->x_sign < 0)
                op = op == '<' ? '>' : op == '>' ? '<' : op == 'l' ? 'g' : 'l';
            if (!vec_contains(offs, t))
                vec_push(u->arena, offs, t);
        }
        bool upper = op == '<' || op == 'l';
        const char *v = op == '<' || op == 'g' ? b : arena_printf(u->arena, "%s + 1", b);
        if (is_linear(g)) {     /* bounds on the linear index: the x loop's, row by row */
            bound_term(u->arena, upper ? &lhi : &llo, upper, v);
            n->lin_var = g->coord;
            n->guarded |= DIM_X;
            if (edit_terms && !whole && !g->in_macro)
                edit_replace_lines(u, g->begin, g->end, "1");
        } else if (offset) {
            bound_term(u->arena, upper ? &xhi : &xlo, upper, v);
            if (edit_terms && !whole && !g->in_macro) {
                Edit *e = arena_alloc(u->arena, sizeof *e);
                e->begin = g->begin;
                e->end = g->end;
                e->text = text_keeping_lines(u, g->begin, g->end, "1");
                vec_push(u->arena, fast_edits, e);
            }
        } else {
            bound_term(u->arena, upper ? &hi[g->dim] : &lo[g->dim], upper, v);
            n->guarded |= g->dim;
            if (edit_terms && !whole && !g->in_macro)
                edit_replace_lines(u, g->begin, g->end, "1");
        }
    }
    if (whole)
        edit_replace_lines(u, s->cond_begin, s->cond_end, "1");
    static const char names[8] = {0, 'x', 'y', 0, 'z'};
    n->lane_stepped = lane != NULL;
    if (n->guarded || n->lane_stepped)
        buf_puts(h, "{ ");     /* the bounds' scope: closed after the nest */
    /* L == B, L the thread's index mod M: only x = B (mod M) may pass, B within [0, M); a
     * tile's rank is the linear index's, x's too in a block of one dimension or of rows of
     * a multiple of M threads; elsewhere the loop steps by 1. Not counted as narrowing: the
     * test (or a per-thread if's flag) stays. */
    if (lane && lane->lane_step)
        /* a uniform M (Guard.lane_step), where positive: steps of M, or of the block's width
         * when M is wider (then only x = B may pass, which is where the loop starts); from
         * B - C for (x + C) % M (Guard.lane_offset) */
        buf_printf(h, "const long long __cu2c_lc = (long long)(%s)(%s), __cu2c_lm = (long long)(%s)(%s); "
                      "const int __cu2c_sx = __cu2c_lm > 0 && __cu2c_lc >= 0 && __cu2c_lc < __cu2c_lm ? "
                      "(int)CU2C_MINLL(__cu2c_lm, __cu2c_bx) : 1, __cu2c_s0 = __cu2c_sx > 1 ? %s : 0, "
                      "__cu2c_sq = __cu2c_sx > 1 && __cu2c_sx == __cu2c_lm; ",
                   lane->cmp_type, lane->bound, lane->cmp_type, lane->lane_step,
                   lane->lane_offset ? arena_printf(u->arena, "(int)(__cu2c_lc - %lldll)", lane->lane_offset)
                                     : "(int)__cu2c_lc");
    else if (lane)
        buf_printf(h, "const long long __cu2c_lc = (long long)(%s)(%s); const int __cu2c_sx = %s__cu2c_lc >= 0 && "
                      "__cu2c_lc < %u ? %u : 1, __cu2c_s0 = __cu2c_sx > 1 ? (int)__cu2c_lc : 0; ",
                   lane->cmp_type, lane->bound,
                   lane->lane_linear ? arena_printf(u->arena, "(__cu2c_bx %% %u == 0 || __cu2c_by * __cu2c_bz == 1) && ",
                                                    lane->lane_mod) : "",
                   lane->lane_mod, lane->lane_mod);
    for (unsigned d = DIM_X; d <= DIM_Z; d <<= 1)
        if (n->guarded & d)
            buf_printf(h, "const int __cu2c_lo%c = (int)CU2C_MINLL(__cu2c_b%c, CU2C_MAXLL(0, %s)), "
                          "__cu2c_hi%c = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_b%c, %s)); ",
                       names[d], names[d], lo[d] ? lo[d] : "0", names[d], names[d],
                       hi[d] ? hi[d] : arena_printf(u->arena, "__cu2c_b%c", names[d]));
    if (n->lin_var)
        buf_printf(h, "const long long __cu2c_llo = %s, __cu2c_lhi = %s; ", llo ? llo : "0ll",
                   lhi ? lhi : "0x7fffffffll");
    n->fast_guarded = xlo || xhi;
    if (n->fast_guarded) {
        if (xlo)
            bound_term(u->arena, &lo[DIM_X], false, xlo);
        if (xhi)
            bound_term(u->arena, &hi[DIM_X], true, xhi);
        *flo = lo[DIM_X] ? lo[DIM_X] : "0";
        *fhi = hi[DIM_X] ? hi[DIM_X] : "__cu2c_bx";
    }
    /* a per-thread if's flags: needless where every term narrows the loops */
    if (!edit_terms && narrowed == s->guards.len) {
        n->pred_skip_fast = s;
        if (!offsets)
            n->pred_skip = s;
    }
}

/* Does anything inside s (a loop's header included) write v? */
static bool written_inside(Kernel *k, Stmt *s, Var *v) {
    for (int i = s->index + 1; i < k->stmts.len; i++) {
        Stmt *t = k->stmts.items[i];
        if (!stmt_inside(t, s))
            break;
        if (vec_contains(&t->writes, v) || (t->header && vec_contains(&t->header->writes, v)))
            return true;
    }
    return false;
}

/* The per-thread if (Stmt.loop_split) right around a nest (or around the expanded call or
 * block holding it) whose condition is all guards (`tid < n && ...`) reading nothing the
 * if's statements change: its guards may narrow the nest's loops in place of its flags (each
 * thread's flag is exactly the condition, and the nest computes the same bounds from the
 * same values). NULL if none. */
Stmt *pred_guard_stmt(Kernel *k, Nest *n) {
    Stmt *first = k->stmts.items[n->first], *p = first->parent;
    /* (through expanded calls and blocks in its branch: they run once per block) */
    while (p && !p->predicated && (p->sync == SK_INLINE || p->sync == SK_BLOCK))
        p = p->parent;
    if (!p || !p->predicated || !p->loop_split || p->else_begin || !p->guards_whole)
        return NULL;
    for (int i = 0; i < p->guards.len; i++) {
        Guard *g = p->guards.items[i];
        if (g->coord && written_inside(k, p, g->coord))
            return NULL;
        for (int j = 0; j < g->bound_reads.len; j++)
            if (written_inside(k, p, g->bound_reads.items[j]))
                return NULL;
    }
    return p;
}
