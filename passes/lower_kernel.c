/* lower_kernel - the edits that turn one kernel into plain C: a block function running all
 * threads of a block in loops, a host stub under the kernel's name, a registration.
 * Expects: regions, nests and promotions decided (find_regions .. promote_locals).
 * Guarantees: edits only; the user's text between them is copied untouched, on the same
 * lines (inserted text has no newlines, except around the stub where #line restores them).
 *
 * A nest becomes
 *   for (tz) for (ty) for (tx) { const __cu2c_uint3 threadIdx = {tx, ty, tz}; <loads>
 *     { <statements> <stores> } next_N: ; }
 * where a promoted local is loaded from its per-thread array before the statements that
 * use it and stored back after those that write it: uses stay as written, so macros and
 * the user's expressions need no rewriting. `return` in a nest ends only that thread:
 * it jumps to next_N (and marks the thread ended when later nests must skip it).
 * A nest computing int locals B +- threadIdx.x (x_affine: the global index and its kin) is
 * emitted twice: a fast copy where they are signed induction variables, for blocks where
 * that is exact (see fast_copy), and the general one. Also here: locals recomputed instead of
 * promoted (put_remats), guards turned into loop bounds and lane guards into the x loop's
 * step (narrow_guards.c), reduction barriers
 * (lower_site), warp functions (lower_warp_site), ifs and loops run per thread
 * (lower_predicated, lower_predicated_loop),
 * expanded device functions (expand_inline), warp steps' stores into volatile memory
 * (warp_step_stores.c), the body specialised for the launches' constant block
 * shapes (block_function.c). */
#include "lower.h"

#include <stdlib.h>
#include <string.h>

/* Does a statement of nest n other than besides use (write: write) v? */
static bool nest_uses_besides(Kernel *k, Nest *n, Var *v, bool write, Stmt *besides) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        if (s != besides && (vec_contains(&s->writes, v) || (!write && vec_contains(&s->reads, v))))
            return true;
        /* a header inside the thread loops (not an interchanged one, around them) */
        if (s->header && !n->interchange && vec_contains(&s->header->writes, v))
            return true;
        /* the values of returns leaving an expanded function are computed in the nest too */
        for (int j = 0; !write && j < s->return_facts.len; j++)
            if (vec_contains(&((Stmt *)s->return_facts.items[j])->reads, v))
                return true;
    }
    return false;
}

bool nest_uses(Kernel *k, Nest *n, Var *v, bool write) {
    return nest_uses_besides(k, n, v, write, NULL);
}

/* Does nest n only declare v, without an initialiser (no value to store)? */
static bool declares_only(Kernel *k, Nest *n, Var *v) {
    return v->no_init && nest_declares(k, n, v) && v->decl_stmt->kind == ST_DECL &&
           !nest_uses_besides(k, n, v, true, v->decl_stmt);
}

/* Does nest n store v, a promoted local it uses, into v's per-thread copy: it declares v with
 * a value or writes it? */
bool nest_stores_var(Kernel *k, Nest *n, Var *v) {
    return v->promoted && nest_uses(k, n, v, false) && (nest_declares(k, n, v) || nest_uses(k, n, v, true)) &&
           !declares_only(k, n, v);
}

/* Skips, in a thread loop, the threads that have left the expanded calls around it. */
static void put_fret_checks(PtrVec *scopes, Buf *h) {
    for (int i = 0; scopes && i < scopes->len; i++)
        buf_printf(h, "if (__cu2c_fr%d[%s]) continue; ", ((Inline *)scopes->items[i])->copy,
                   index_expr(DIM_XYZ));
}

/* Skips, in a thread loop, the threads that do not run the branch of each per-thread if
 * around s (Stmt.predicated): flag 2 runs the then branch, 1 the else branch, 0 neither.
 * agreed: in a copy taken where the threads of each such if or loop holding barriers agree
 * (agreement_terms), which need no test. */
static void put_pred_checks(Stmt *s, Stmt *skip, bool agreed, Buf *h) {
    Stmt *c = s;
    for (Stmt *p = s->parent; p; c = p, p = p->parent)
        if (p->predicated && p != skip && !(agreed && p->block_barrier))
            buf_printf(h, "if (__cu2c_pf%d[%s] != %d) continue; ", p->index, index_expr(DIM_XYZ),
                       in_else_branch(p, c) ? 1 : 2);
}

/* Which rematerialised locals (need[v->id]) a thread loop whose statements read `reads` must
 * recompute: those read and those their initialisers read. Freed by the caller. */
static bool *remat_closure(Kernel *k, PtrVec *reads) {
    bool *need = calloc((size_t)k->vars.len + 1, 1);
    for (int i = 0; i < reads->len; i++) {
        Var *v = reads->items[i];
        if (v->remat)
            need[v->id] = true;
    }
    /* initialisers read only earlier locals: one backward sweep closes the set */
    for (int i = k->vars.len - 1; i >= 0; i--) {
        Var *v = k->vars.items[i];
        if (!need[i])
            continue;
        for (int j = 0; j < v->init_reads.len; j++) {
            Var *w = v->init_reads.items[j];
            if (w->remat)
                need[w->id] = true;
        }
        for (int j = 0; v->clamped && j < v->clamp_reads.len; j++) {
            Var *w = v->clamp_reads.items[j];
            if (w->remat)
                need[w->id] = true;
        }
    }
    return need;
}

/* An x_affine local's value in a nest's fast copy: a signed induction variable over x (for an
 * unsigned local, known not negative: cu2c_nonneg). */
static const char *x_value(Arena *a, Var *v) {
    const char *value = arena_printf(a, "((int)(%s) %c __cu2c_tx)", v->x_base, v->x_sign > 0 ? '+' : '-');
    return v->x_unsigned ? arena_printf(a, "cu2c_nonneg%s", value) : value;
}

/* A recomputed local's value: its initialiser, a clamped local's clamped value (in the middle
 * piece of a loop run in pieces, where the clamp does nothing, the initialiser's), in a
 * nest's fast copy an x_affine local as a signed induction variable. */
static const char *remat_value(Arena *a, Var *v, bool fast, bool pieces) {
    if (v->clamped && pieces && v->clamp_pieces)
        return arena_printf(a, "__cu2c_pc == 1 ? (%s)(%s) : %s", v->type, v->init_text, v->clamp_text);
    return v->clamped ? v->clamp_text : fast && v->x_affine ? x_value(a, v) : v->init_text;
}

/* Recomputes, in dependence order, the rematerialised locals a thread loop needs (need, see
 * remat_closure) but does not declare. */
static void put_remats(Arena *a, Kernel *k, const bool *need, Nest *n, bool fast, bool pieces, Buf *h) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (need[i] && !v->lambda && !(n && nest_declares(k, n, v)))
            buf_printf(h, "%s__typeof__(%s) %s = (%s); ", v->is_const ? "const " : "", v->type, v->name,
                       remat_value(a, v, fast, pieces));
    }
}

/* Where the x loop of a nest needing clamped locals (Var.clamp_pieces, need: remat_closure)
 * it does not declare may split: *lo the least x from which every floor does nothing (max over them of X - B),
 * *hi one past the last x up to which every ceiling does nothing, as long long text; NULL
 * where there is none. False when the nest reads no such local. */
static bool clamp_splits(Arena *a, Kernel *k, Nest *n, const bool *need, const char **lo, const char **hi) {
    *lo = *hi = NULL;
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (!need[i] || !v->clamp_pieces || nest_declares(k, n, v))
            continue;
        const char *at = arena_printf(a, "((long long)(int)(%s) - (long long)(int)(%s))", v->clamp_bound, v->x_base);
        if (v->clamp_kind > 0)
            *lo = *lo ? arena_printf(a, "CU2C_MAXLL(%s, %s)", *lo, at) : at;
        else
            *hi = *hi ? arena_printf(a, "CU2C_MINLL(%s, %s + 1)", *hi, at) : arena_printf(a, "%s + 1", at);
    }
    return *lo || *hi;
}

/* Declares again the lambda locals statements of a thread loop call but do not declare,
 * after the thread's copies of what they capture are loaded. */
static void put_lambdas(Kernel *k, PtrVec *reads, Nest *n, Buf *h) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->lambda && v->remat && vec_contains(reads, v) && !(n && nest_declares(k, n, v)))
            buf_printf(h, "auto %s = %s; ", v->name, v->init_text);
    }
}

/* The locals a nest's statements read, each once. */
static void nest_reads(Arena *a, Kernel *k, Nest *n, PtrVec *out) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->reads.len; j++)
            if (!vec_contains(out, s->reads.items[j]))
                vec_push(a, out, s->reads.items[j]);
    }
}

/* The x_affine locals a nest computes: recomputed ones it reads, and those it declares. */
static void nest_offsets(Arena *a, Kernel *k, Nest *n, PtrVec *out) {
    PtrVec reads = {0};
    nest_reads(a, k, n, &reads);
    bool *need = remat_closure(k, &reads);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->x_affine && (need[i] || nest_declares(k, n, v)))
            vec_push(a, out, v);
    }
    free(need);
}

/* A __shared__ declaration inside a construct's body: moved to the kernel's top, as the
 * storage lasts for the whole block. One at the top of an inlined function's body stays: it
 * lasts for the call, which runs once per block. */
bool hoisted_shared(Stmt *s) {
    if (!s->parent || s->kind != ST_DECL || !s->decls.len)
        return false;
    Var *v = s->decls.items[0];
    if (!v->is_shared || v->is_extern_shared)
        return false;
    return !(s->parent->kind == ST_SYNC && s->parent->sync == SK_INLINE);
}

/* The linear index (Nest.lin_var) of thread (0, ty, tz), as long long: the row's offset. */
static const char *row_offset(Arena *a, Nest *n) {
    Var *v = n->lin_var;
    const char *y = v->lin_coef[0] && (n->dims & DIM_Y) ? v->lin_coef[0] : NULL;
    const char *z = v->lin_coef[1] && (n->dims & DIM_Z) ? v->lin_coef[1] : NULL;
    return arena_printf(a, "(%s%s%s%s%s)", y ? "(long long)__cu2c_ty * " : "", y ? y : "", y && z ? " + " : "",
                        z ? "(long long)__cu2c_tz * " : "", z ? z : (y ? "" : "0ll"));
}

/* A grid-stride loop `for (T v = E + threadIdx.x; v < B; v += S)` run trip by trip (see
 * Nest.grid_stride), in place of the loop's header: a uniform loop over the trips k, which
 * goes on while thread 0's counter E + k * S (the threads' counters ascend with threadIdx.x)
 * is within the bound, and whose thread loops run x over the threads within it only
 * (__cu2c_lox, __cu2c_hix: Nest.guarded; the block opened here is closed after the nest).
 * A block-stride loop (v starting at the linear thread index, E 0) bounds that index instead
 * (__cu2c_llo, __cu2c_lhi: Nest.lin_var), each row's x loop running over the threads within. */
static const char *grid_stride_header(Arena *a, Stmt *s) {
    Var *v = s->gs_var;
    const char *next = arena_printf(a, "for (long long __cu2c_k = 0; ; __cu2c_k++) { const __typeof__(%s) __cu2c_g0 = "
                                    "(__typeof__(%s))((%s) + (__typeof__(%s))__cu2c_k * (%s)); if (!(__cu2c_g0 %s (%s))) "
                                    "break; ", v->type, v->type, v->lin ? "0" : v->x_base, v->type, s->gs_step,
                                    s->gs_le ? "<=" : "<", s->gs_bound);
    const char *left = arena_printf(a, "(long long)(%s) - (long long)__cu2c_g0%s", s->gs_bound, s->gs_le ? " + 1" : "");
    if (v->lin)
        return arena_printf(a, "%sconst int __cu2c_lox = 0, __cu2c_hix = __cu2c_bx; const long long __cu2c_llo = 0, "
                            "__cu2c_lhi = %s; ", next, left);
    return arena_printf(a, "%sconst int __cu2c_lox = 0, __cu2c_hix = (int)CU2C_MINLL(__cu2c_bx, %s); ", next, left);
}

/* In a trip's thread loop: this thread's counter, thread 0's plus its x (its threads' x being
 * those within the bound, the sum cannot leave the counter's range), an induction variable
 * over x the C compiler vectorises; for a block-stride loop, plus its row's linear index. */
static void put_grid_stride_trip(Arena *a, Nest *n, Stmt *s, Buf *h) {
    Var *v = s->gs_var;
    buf_printf(h, "__typeof__(%s) %s = __cu2c_g0 + %s(__typeof__(%s))__cu2c_tx; ", v->type, v->name,
               v->lin ? arena_printf(a, "(__typeof__(%s))%s + ", v->type, row_offset(a, n)) : "", v->type);
}

/* The dimensions whose thread loops a nest runs in pieces: threads 0, 1 .. n - 2 and n - 1
 * of a block of n apart (CU2C_PIECE_LO/HI), where its statements compare the thread's
 * coordinate with a constant (Stmt.coord_tests: `if (tx == 0) ... else if (tx == BLOCK - 1)
 * ... else ...`, edge threads of a stencil's tile). The pieces' loop is unrolled, so in each
 * copy the C compiler knows the coordinate's range, folds the comparisons and vectorises the
 * middle piece, branch-free. Loops over a range of their own (guards, lane steps, an if's
 * running threads, a grid-stride loop) and kernels with labels or asm stay whole. */
static unsigned split_dims(Kernel *k, Nest *n, bool over_own_range) {
    unsigned tests = 0;
    for (int i = n->first; i <= n->last; i++)
        tests |= ((Stmt *)k->stmts.items[i])->coord_tests;
    tests &= n->dims & ~n->guarded;
    if (over_own_range)
        tests &= ~DIM_X;
    return n->grid_stride || k->irregular_flow ? 0 : tests;
}

/* The start of a thread's turn in a thread loop reading the device clock (cu2c/kernel.h). */
#define CLOCK_THREAD "CU2C_CLOCK_THREAD(((long long)threadIdx.z * __cu2c_by + threadIdx.y) * __cu2c_bx + " \
                     "threadIdx.x, (long long)__cu2c_bx * __cu2c_by * __cu2c_bz) "

/* A thread loop over dimension c ('x', 'y', 'z') from lo to hi. Under --thread-order the
 * loop counts __cu2c_oC and *order receives the thread it stands for, to declare first in
 * the body: `const int __cu2c_tC = CU2C_ORDERED_REVERSE(__cu2c_oC, lo, hi);`. */
static void put_thread_loop(Kernel *k, char c, const char *lo, const char *hi, Buf *h, Buf *order) {
    if (!k->thread_order) {
        buf_printf(h, "for (int __cu2c_t%c = %s; __cu2c_t%c < %s; __cu2c_t%c++) ", c, lo, c, hi, c);
        return;
    }
    buf_printf(h, "for (int __cu2c_o%c = %s; __cu2c_o%c < %s; __cu2c_o%c++) ", c, lo, c, hi, c);
    buf_printf(order, "const int __cu2c_t%c = CU2C_ORDERED_%s(__cu2c_o%c, %s, %s); ", c,
               k->thread_order == 1 ? "REVERSE" : "RANDOM", c, lo, hi);
}

/* The text opening a nest's loops (up to the statements' block) and the text closing it.
 * In the fast copy (see lower_nest) the x_affine locals are signed induction variables and
 * x may run over a range narrowed by their guards too. Labels get the copy's suffix, so the
 * two copies of a nest can share a function. */
static void nest_text(Arena *a, Kernel *k, int ni, bool fast, Buf *h, Buf *t) {
    Nest *n = k->nests.items[ni];
    const char *sfx = fast ? "f" : "";
    /* under an if run per thread: x over its branch's running threads (pred_if) */
    char br;
    Stmt *pi = n->guarded & DIM_X ? NULL : pred_if(k->stmts.items[n->first], &br);
    if (fast && pi && pi->block_barrier)
        pi = NULL;      /* its threads agree: all of the block's */
    unsigned split = split_dims(k, n, pi || n->lane_stepped || (fast && n->fast_guarded));
    bool rows = false;
    PtrVec reads = {0};
    nest_reads(a, k, n, &reads);
    bool *need = remat_closure(k, &reads);
    /* clamped locals: the x loop in three pieces, the clamps doing nothing in the middle one */
    const char *clo, *chi;
    bool pieces = (n->dims & DIM_X) && !n->lane_stepped && !(split & DIM_X) && !k->thread_order &&
                  clamp_splits(a, k, n, need, &clo, &chi);
    Buf order = {0};
    if (n->dims & DIM_Z)
        put_thread_loop(k, 'z', n->guarded & DIM_Z ? "__cu2c_loz" : "0", n->guarded & DIM_Z ? "__cu2c_hiz" : "__cu2c_bz",
                        h, &order);
    for (int d = 1; d >= 0; d--) {
        char c = "xy"[d];
        if (split & (d ? DIM_Y : DIM_X))
            buf_printf(h, "CU2C_PIECES for (int __cu2c_p%c = 0; __cu2c_p%c < 3; __cu2c_p%c++) ", c, c, c);
    }
    if (split) {
        buf_puts(h, "{ ");
        for (int d = 1; d >= 0; d--) {
            char c = "xy"[d];
            if (split & (d ? DIM_Y : DIM_X))
                buf_printf(h, "const int __cu2c_%clo = CU2C_PIECE_LO(__cu2c_p%c, __cu2c_b%c), "
                              "__cu2c_%chi = CU2C_PIECE_HI(__cu2c_p%c, __cu2c_b%c); ", c, c, c, c, c, c);
        }
    }
    if (n->dims & DIM_Y)
        put_thread_loop(k, 'y', split & DIM_Y ? "__cu2c_ylo" : n->guarded & DIM_Y ? "__cu2c_loy" : "0",
                        split & DIM_Y ? "__cu2c_yhi" : n->guarded & DIM_Y ? "__cu2c_hiy" : "__cu2c_by", h, &order);
    if (n->dims & DIM_X) {
        const char *pl = pi ? arena_printf(a, "__cu2c_p%c%d", br, pi->index) : NULL;
        const char *lo = fast && n->fast_guarded ? "__cu2c_flox" : n->guarded & DIM_X ? "__cu2c_lox"
                       : pl ? arena_printf(a, "%s.xlo", pl) : split & DIM_X ? "__cu2c_xlo" : "0";
        const char *hi = fast && n->fast_guarded ? "__cu2c_fhix" : n->guarded & DIM_X ? "__cu2c_hix"
                       : pl ? arena_printf(a, "%s.xhi", pl) : split & DIM_X ? "__cu2c_xhi" : "__cu2c_bx";
        if (n->lin_var) {       /* guards on a linear index: this row's threads within them */
            const char *r = row_offset(a, n);
            const char *rlo = arena_printf(a, "(int)CU2C_MINLL(%s, CU2C_MAXLL(%s, __cu2c_llo - %s))", hi, lo, r);
            hi = arena_printf(a, "(int)CU2C_MINLL(%s, CU2C_MAXLL(%s, __cu2c_lhi - %s))", hi, lo, r);
            lo = rlo;
        }
        rows = rows_read(k, n, h);
        if (pieces) {   /* [lo, m0), [m0, m1), [m1, hi) */
            buf_printf(h, "{ const int __cu2c_m0 = (int)CU2C_MINLL(%s, CU2C_MAXLL(%s, %s)), "
                          "__cu2c_m1 = (int)CU2C_MAXLL(__cu2c_m0, CU2C_MINLL(%s, %s)); "
                          "CU2C_PIECES for (int __cu2c_pc = 0; __cu2c_pc < 3; __cu2c_pc++) { "
                          "const int __cu2c_plo = __cu2c_pc == 0 ? %s : __cu2c_pc == 1 ? __cu2c_m0 : __cu2c_m1, "
                          "__cu2c_phi = __cu2c_pc == 0 ? __cu2c_m0 : __cu2c_pc == 1 ? __cu2c_m1 : %s; ",
                       hi, lo, clo ? clo : lo, hi, chi ? chi : hi, lo, hi);
            lo = "__cu2c_plo";      /* (a ?: in the loop's condition loses its annotations) */
            hi = "__cu2c_phi";
        }
        if (n->lane_stepped)    /* a lane guard: the threads it may let through only */
            buf_printf(h, "CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = CU2C_STEP_FROM(%s, __cu2c_s0, __cu2c_sx); "
                          "__cu2c_tx < %s; __cu2c_tx += __cu2c_sx) ", lo, hi);
        else {
            buf_puts(h, pieces && !(n->dims & (DIM_Y | DIM_Z)) ? "CU2C_PIECE_INDEPENDENT " : "CU2C_THREADS_INDEPENDENT ");
            put_thread_loop(k, 'x', lo, hi, h, &order);
        }
    }
    buf_puts(h, "{ ");
    /* labels are local to each rendering of their statements (a fast and a general copy, an
     * expanded function called twice): GNU C's local labels */
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->labels.len; j++)
            buf_printf(h, "__label__ %s; ", (char *)s->labels.items[j]);
    }
    if (order.len)
        buf_puts(h, order.data);
    buf_free(&order);
    buf_printf(h, "const __cu2c_uint3 threadIdx __attribute__((unused)) = {%s, %s, %s}; ",
               n->dims & DIM_X ? "(unsigned)__cu2c_tx" : "0", n->dims & DIM_Y ? "(unsigned)__cu2c_ty" : "0",
               n->dims & DIM_Z ? "(unsigned)__cu2c_tz" : "0");
    bool clock = false;
    for (int i = n->first; i <= n->last; i++)
        clock |= ((Stmt *)k->stmts.items[i])->reads_clock;
    if (clock)
        buf_puts(h, CLOCK_THREAD);
    if (k->track_threads)
        buf_puts(h, "CU2C_TRACK_THREAD(threadIdx) ");
    if (k->race_check)
        buf_puts(h, "CU2C_RACE_THREAD(threadIdx) ");
    if (n->check_exited)
        buf_printf(h, "if (__cu2c_exited[%s]) continue; ", index_expr(DIM_XYZ));
    put_fret_checks(&n->fret_scopes, h);
    put_pred_checks(k->stmts.items[n->first], fast ? n->pred_skip_fast : n->pred_skip, fast, h);
    bool tls = false;
    for (int i = n->first; i <= n->last; i++)
        tls |= ((Stmt *)k->stmts.items[i])->calls_user_fn;
    if (tls)
        buf_puts(h, "cu2c_tls.threadIdx = threadIdx; ");
    put_remats(a, k, need, n, fast, pieces, h);
    free(need);
    buf_puts(t, " ");
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        /* a parameter threads modify in this nest only: a per-thread copy of the launch's value */
        if (v->is_param && v->dims && !v->promoted && nest_uses(k, n, v, false))
            buf_printf(h, "__typeof__(%s) __cu2c_v%d = %s; __typeof__(%s) %s = __cu2c_v%d; ",
                       v->name, v->id, v->name, v->name, v->name, v->id);
        /* written here, indeterminate on entry: declared anew */
        if (vec_contains(&n->fresh, v))
            buf_printf(h, "__typeof__(%s) %s; ", v->type, v->name);
        /* written here, uniform on entry: this thread's own copy of the block's value */
        if (vec_contains(&n->copies, v))
            buf_printf(h, "__typeof__(%s) __cu2c_c%d = %s; __typeof__(%s) %s = __cu2c_c%d; ",
                       v->type, v->id, v->name, v->type, v->name, v->id);
        if (!v->promoted || !nest_uses(k, n, v, false))
            continue;
        if (vec_contains(&n->loads, v) && !(rows && row_loaded(k, n, v)))
            put_load(v, rows, h);
        if (nest_stores_var(k, n, v))
            put_store(a, v, t);
    }
    put_lambdas(k, &reads, n, h);
    if (n->grid_stride)
        put_grid_stride_trip(a, n, k->stmts.items[n->first], h);
    buf_puts(h, "{ ");
    buf_puts(t, "}");
    if (n->has_return || n->has_fret || nest_jumps(k, n))
        buf_printf(t, " __cu2c_next%d%s: ;", ni, sfx);
    buf_puts(t, pieces ? " } } }" : " }");
    if (rows)
        rows_tail(k, n, t);
    buf_puts(t, split ? " }" : "");
}

/* A nest may start with a directive (#pragma unroll before a loop): it must begin a line. */
static void directive_break(Unit *u, unsigned begin, Buf *h) {
    if (u->text[begin] == '#')
        put_line_directive(u, begin, h);
}

/* Do the conditional directives of [begin, end) close every one they open (a copy of the
 * text cannot take half of an `#ifdef ... #endif`: `if (x) { #ifdef F ... } #endif`)? */
static bool directives_balanced(Unit *u, unsigned begin, unsigned end) {
    int depth = 0;
    for (unsigned p = begin; p < end && p < u->len && depth >= 0; p++) {
        if (p > begin && u->text[p - 1] != '\n')
            continue;
        unsigned q = p;
        while (q < end && (u->text[q] == ' ' || u->text[q] == '\t'))
            q++;
        if (q >= end || u->text[q] != '#')
            continue;
        for (q++; q < end && (u->text[q] == ' ' || u->text[q] == '\t'); q++)
            ;
        if (strncmp(u->text + q, "if", 2) == 0)
            depth++;
        else if (strncmp(u->text + q, "endif", 5) == 0)
            depth--;
    }
    return depth == 0;
}

/* The text of [begin, end) with the edits already made inside it and the extra ones:
 * a second copy of a nest's statements. */
static void render_copy(Unit *u, unsigned begin, unsigned end, PtrVec *extra, Buf *out) {
    PtrVec near = {0}, all = {0};
    edits_near(u, begin, end, &near);
    for (int i = 0; i < near.len; i++) {
        Edit *e = near.items[i];
        if ((e->begin > begin || (e->begin == begin && (e->end > e->begin || e->weak))) && e->begin < end &&
            e->end <= end && e->copy == u->cur_copy)
            vec_push(u->arena, &all, e);
    }
    for (int i = 0; i < extra->len; i++)
        vec_push(u->arena, &all, extra->items[i]);
    edits_render(u, &all, begin, end, out);
}

/* Does an edit of the current text touch [begin, end]? */
bool edited(Unit *u, unsigned begin, unsigned end) {
    PtrVec near = {0};
    edits_near(u, begin, end, &near);
    return near.len > 0;
}

/* The terms saying that the running threads of every if or loop holding barriers run per
 * thread around s agree (each takes the branch holding s, or iterates: lower_predicated's
 * __cu2c_pu), as they do in correct programs (`if (row < n)` with n a multiple of the
 * block): the fast copy of s's nest runs without their flags, as the uniform construct's
 * would. False when there is none. */
static bool agreement_terms(Stmt *s, Buf *cond) {
    bool any = false;
    Stmt *c = s;
    for (Stmt *p = s->parent; p; c = p, p = p->parent)
        if (p->predicated && p->block_barrier) {
            buf_printf(cond, "%s__cu2c_pu%d == %d", cond->len ? " && " : "", p->index,
                       in_else_branch(p, c) ? 1 : 2);
            any = true;
        }
    return any;
}

/* The fast copy of a nest looping over x that computes x_affine locals (offs) or holds
 * subscripts B +- threadIdx.x (subs, see fast_subscripts.c): taken when every such local's
 * base +- threadIdx.x stays within int for the block's threads, which makes each an exact
 * signed induction variable over x (the C compiler then vectorises loads and stores indexed
 * by it, and the guards on it become loop bounds), and likewise every subscript's within its
 * type, and where the threads of the ifs and loops holding barriers run per thread around
 * it agree (agreement_terms). The user's declarations of such locals and the subscripts are
 * rewritten in this copy; their values are the same. */
static void fast_copy(Unit *u, Kernel *k, int ni, unsigned begin, unsigned end, PtrVec *offs, PtrVec *subs,
                      PtrVec *fast_edits, const char *flo, const char *fhi, Buf *h) {
    Nest *n = k->nests.items[ni];
    Buf cond = {0};
    bool hoisted = false;
    for (int i = 0; i < offs->len; i++) {
        Var *v = offs->items[i];
        if (!x_hoisted(v) || !hoisted)
            buf_puts(&cond, cond.len ? " && " : "");
        if (!x_hoisted(v))
            put_x_check(v, &cond);
        else if (!hoisted)
            buf_puts(&cond, "__cu2c_xf");
        hoisted |= x_hoisted(v);
        if (nest_declares(k, n, v) && v->copy == u->cur_copy && !edited(u, v->init_begin, v->init_end)) {
            Edit *e = arena_alloc(u->arena, sizeof *e);
            e->begin = v->init_begin;
            e->end = v->init_end;
            e->text = text_keeping_lines(u, v->init_begin, v->init_end, x_value(u->arena, v));
            vec_push(u->arena, fast_edits, e);
        }
    }
    if (subs->len) {
        put_subscript_checks(n, subs, &cond);
        subscript_edits(u, subs, fast_edits);
    }
    agreement_terms(k->stmts.items[n->first], &cond);
    buf_printf(h, "if (%s) { ", cond.data);
    buf_free(&cond);
    if (n->fast_guarded)
        buf_printf(h, "const int __cu2c_flox = (int)CU2C_MINLL(__cu2c_bx, CU2C_MAXLL(0, %s)), "
                      "__cu2c_fhix = (int)CU2C_MAXLL(0, CU2C_MINLL(__cu2c_bx, %s)); ", flo, fhi);
    /* the statements' text with the edits inside it and its own, between #line directives
     * so both copies report the .cu's lines */
    put_line_directive(u, begin, h);
    Buf ft = {0};
    nest_text(u->arena, k, ni, true, h, &ft);
    directive_break(u, begin, h);
    for (int i = n->first; i <= n->last; i++)
        exit_edits(u, k, ni, true, k->stmts.items[i], fast_edits);
    render_copy(u, begin, end, fast_edits, h);
    buf_puts(h, ft.data);
    buf_puts(h, " } else");
    put_line_directive(u, begin, h);
    buf_free(&ft);
}

static void lower_nest(Unit *u, Kernel *k, int ni) {
    Nest *n = k->nests.items[ni];
    Stmt *first = k->stmts.items[n->first], *last = k->stmts.items[n->last];
    /* the text the thread loops wrap: the statements, or an interchanged loop's body */
    unsigned begin = n->interchange ? first->body_begin : first->begin, end = last->end;
    Buf h = {0}, t = {0};
    PtrVec offs = {0}, subs = {0}, fast_edits = {0};
    const char *flo = NULL, *fhi = NULL;
    bool stores = nest_stores(k, n);
    if (stores) {
        buf_puts(&h, "{ ");     /* the nest and its stores: one statement */
        put_store_temps(k, n, &h);
    }
    if (n->dims & DIM_X) {
        nest_offsets(u->arena, k, n, &offs);
        nest_subscripts(u, k, n, &subs);
    }
    Stmt *gs = n->grid_stride ? NULL : guard_stmt(k, n);
    if (!gs && !n->grid_stride)
        gs = pred_guard_stmt(k, n);
    if (gs)
        narrow_guards(u, k, n, gs, &h, &fast_edits, &offs, &flo, &fhi);
    if (n->grid_stride) {
        n->guarded = DIM_X;     /* its trips' bounds (grid_stride_header) */
        if (first->gs_var->lin)
            n->lin_var = first->gs_var;
    }
    Buf agree = {0};
    if ((offs.len || subs.len || agreement_terms(first, &agree)) && directives_balanced(u, begin, end))
        fast_copy(u, k, ni, begin, end, &offs, &subs, &fast_edits, flo, fhi, &h);
    buf_free(&agree);
    nest_text(u->arena, k, ni, false, &h, &t);
    if (n->guarded || n->lane_stepped)
        buf_puts(&t, " }");
    /* the block opened before the warp functions' gathering loops (lower_warp_site) */
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->owner == first && site->op >= WARP_SHFL)
            buf_puts(&t, " }");
    }
    if (stores) {
        commit_stores(u->arena, k, n, &t);
        buf_puts(&t, " }");
    }
    directive_break(u, begin, &h);
    if (n->grid_stride)
        edit_replace_lines(u, first->begin, begin, grid_stride_header(u->arena, first));
    edit_insert(u, begin, arena_strdup(u->arena, h.data));
    edit_insert(u, end, arena_strdup(u->arena, t.data));
    buf_free(&h);
    buf_free(&t);
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        PtrVec edits = {0};
        exit_edits(u, k, ni, false, s, &edits);
        for (int j = 0; j < edits.len; j++) {
            Edit *e = edits.items[j];
            edit_add(u, e->begin, e->end, e->text);
        }
    }
}

/* Opens a loop over every running thread of the block for a statement outside any list (a
 * reduction predicate, a parameter binding), loading the per-thread locals it reads. */
void open_thread_loop(Kernel *k, Stmt *p, PtrVec *scopes, Buf *e) {
    char br;
    Stmt *pi = pred_if(p, &br);     /* under an if run per thread: its branch's x range */
    Buf order = {0};
    put_thread_loop(k, 'z', "0", "__cu2c_bz", e, &order);
    put_thread_loop(k, 'y', "0", "__cu2c_by", e, &order);
    char xlo[64], xhi[64];
    snprintf(xlo, sizeof xlo, pi ? "__cu2c_p%c%d.xlo" : "0", br, pi ? pi->index : 0);
    snprintf(xhi, sizeof xhi, pi ? "__cu2c_p%c%d.xhi" : "__cu2c_bx", br, pi ? pi->index : 0);
    put_thread_loop(k, 'x', xlo, xhi, e, &order);
    buf_puts(e, "{ ");
    if (order.len)
        buf_puts(e, order.data);
    buf_free(&order);
    buf_puts(e, "const __cu2c_uint3 threadIdx __attribute__((unused)) = {(unsigned)__cu2c_tx, (unsigned)__cu2c_ty, (unsigned)__cu2c_tz}; ");
    if (p->reads_clock)
        buf_puts(e, CLOCK_THREAD);
    if (k->track_threads)
        buf_puts(e, "CU2C_TRACK_THREAD(threadIdx) ");
    if (k->race_check)
        buf_puts(e, "CU2C_RACE_THREAD(threadIdx) ");
    if (k->needs_exit_flags)
        buf_printf(e, "if (__cu2c_exited[%s]) continue; ", index_expr(DIM_XYZ));
    put_fret_checks(scopes, e);
    put_pred_checks(p, NULL, false, e);
    if (p->calls_user_fn)
        buf_puts(e, "cu2c_tls.threadIdx = threadIdx; ");
    bool *need = remat_closure(k, &p->reads);
    put_remats(NULL, k, need, NULL, false, false, e);
    free(need);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->promoted && vec_contains(&p->reads, v))
            put_load(v, false, e);
    }
    put_lambdas(k, &p->reads, NULL, e);
}

/* An inlined call: a block binding the parameters (once per block when the argument is
 * uniform, in a loop over the threads into their per-thread copies when it varies), then the
 * copy of the body with its own edits, between #line directives. Inner calls are expanded
 * first: their text is an edit of the copy holding them. */
static void expand_inline(Unit *u, Kernel *k, Inline *in) {
    Buf b = {0};
    if (in->result)
        buf_printf(&b, "%s; __typeof__(%s) %s; ", in->result_decl, in->result_tmp->type, in->result_tmp->name);
    buf_puts(&b, "{ ");
    /* a member function's object: one for the block (the copy runs once per block; one that
     * differs between threads was refused: promote_locals' check_member_objects) */
    if (in->this_arg && in->this_temp)
        buf_printf(&b, "auto __cu2c_o%d = %s; %sauto *const __cu2c_this%d __attribute__((unused)) = &__cu2c_o%d; ",
                   in->copy, in->this_arg, in->this_const ? "const " : "", in->copy, in->copy);
    else if (in->this_arg)
        buf_printf(&b, "%sauto *const __cu2c_this%d __attribute__((unused)) = %s; ", in->this_const ? "const " : "",
                   in->copy, in->this_arg);
    /* every argument is evaluated before any parameter is declared: a parameter may have the
     * name of a variable another argument reads */
    for (int i = 0; i < in->params.len; i++) {
        Var *v = in->params.items[i];
        if (v->dims == 0 && v->ref_param)   /* a uniform local: bound through its address */
            buf_printf(&b, "__typeof__(%s) *__cu2c_a%d = &(%s); ", v->type, v->id, (char *)in->args.items[i]);
        else if (v->dims == 0)
            buf_printf(&b, "__typeof__(%s) __cu2c_a%d = (%s); ", v->type, v->id, (char *)in->args.items[i]);
    }
    for (int i = 0; i < in->params.len; i++) {
        Var *v = in->params.items[i];
        /* a reference to a caller's local varying per thread shares its storage: no copy */
        if (v->dims && v->promoted && !v->ref_param) {
            open_thread_loop(k, in->binds.items[i], &in->call->fret_scopes, &b);
            buf_printf(&b, "__cu2c_p%d[%s] = %s; } ", v->id, index_expr(v->dims),
                       stored_value(u->arena, v, arena_printf(u->arena, "(%s)", (char *)in->args.items[i])));
        }
    }
    if (in->tmpl_binds)     /* a template's parameters, once the arguments no longer need the caller's names */
        buf_puts(&b, in->tmpl_binds);
    for (int i = 0; i < in->params.len; i++) {
        Var *v = in->params.items[i];
        const char *eq = strchr(v->param_text, '=');
        if (v->dims == 0)
            buf_printf(&b, "%.*s = %s__cu2c_a%d; ", (int)(eq ? (size_t)(eq - v->param_text) : strlen(v->param_text)),
                       v->param_text, v->ref_param ? "*" : "", v->id);
    }
    if (in->varying_returns)
        buf_printf(&b, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_fr%d[__cu2c_i] = 0; ",
                   count_expr(DIM_XYZ), in->copy);
    if (in->early_returns)
        buf_puts(&b, "{ ");     /* the body's scope ends before the label its returns jump to */
    put_line_directive(u, in->body_begin, &b);
    u->cur_copy = in->copy;
    PtrVec none = {0};
    render_copy(u, in->body_begin, in->body_end, &none, &b);
    if (in->early_returns)
        buf_printf(&b, "\n} __cu2c_fend%d: ;", in->copy);
    buf_puts(&b, "\n}");
    if (in->result && !in->result->dims)
        buf_printf(&b, " %s = %s;", in->result->name, in->result_tmp->name);
    /* what follows: the rest of the call statement's line, or the statement it moved out of */
    put_line_directive(u, in->hoisted ? in->user->begin : in->call->end, &b);
    u->cur_copy = in->parent_copy;
    if (in->hoisted)
        in->anchor->text = arena_strdup(u->arena, b.data);
    else
        edit_add(u, in->call->begin, in->call->end, arena_strdup(u->arena, b.data));
    u->cur_copy = 0;
    buf_free(&b);
}

/* The first call moved out of statement s. */
static Inline *first_hoisted(Kernel *k, Stmt *s) {
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (in->hoisted && in->user == s)
            return in;
    }
    return NULL;
}

void lower_kernel(Unit *u, Kernel *k) {
    /* member functions' copies: `this` through __cu2c_this<copy>, before any text is taken */
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        u->cur_copy = in->copy;
        for (int j = 0; j < in->rewrites.len; j++) {
            Edit *r = in->rewrites.items[j];
            edit_add(u, r->begin, r->end, r->text)->weak = true;
        }
    }
    u->cur_copy = 0;
    Buf b = {0};
    block_prologue(u, k, &b);
    edit_replace_lines(u, k->decl_begin, k->body_begin + 1, arena_strdup(u->arena, b.data));
    buf_free(&b);
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        u->cur_copy = s->copy;
        if (s->kind == ST_BARRIER) {
            const char *grid = s->multi_grid_sync ? "cu2c_multi_grid_sync(__cu2c_b);" : "cu2c_grid_sync(__cu2c_b);";
            const char *bar = s->grid_sync ? (k->race_check ? arena_printf(u->arena, "CU2C_RACE_BARRIER() %s", grid) : grid)
                                         : (k->race_check ? "/* __syncthreads() */ CU2C_RACE_BARRIER()"
                                                          : "/* __syncthreads() */;");
            if (s->barrier_check)
                bar = arena_printf(u->arena, "%s %s", bar, s->barrier_check);
            Buf check = {0};
            put_barrier_check(u, k, s, s->loc, s->multi_grid_sync ? "multi_grid.sync" : s->grid_sync ? "grid.sync" : "__syncthreads", &check);
            if (check.len)
                bar = arena_printf(u->arena, "%s%s", check.data, bar);
            buf_free(&check);
            edit_replace_lines(u, s->begin, s->end, bar);
        }
        if (k->race_check && s->kind == ST_DECL && !s->parent && !hoisted_shared(s))
            for (int j = 0; j < s->decls.len; j++) {   /* shared arrays in place: after their declaration */
                Var *v = s->decls.items[j];
                if (v->is_shared && !v->is_extern_shared)
                    edit_insert(u, s->end, arena_printf(u->arena, " CU2C_RACE_SHARED(%s)", v->name));
            }
        if (hoisted_shared(s))
            edit_replace_lines(u, s->begin, s->end, "/* __shared__: declared at the kernel's top */;");
        if (s->kind == ST_DECL && s->decls.len > 0 && ((Var *)s->decls.items[0])->is_extern_shared) {
            Var *v = s->decls.items[0];
            if (s->decls.len > 1) {
                diag_error(u, v->loc, "declare extern __shared__ arrays one per declaration");
                continue;
            }
            edit_replace_lines(u, s->begin, s->end,
                               arena_printf(u->arena, "__typeof__(%s) *%s = (__typeof__(%s) *)__cu2c_b->dyn_shared;",
                                            v->elem_type, v->name, v->elem_type));
        }
    }
    /* a call moved out of its statement: the statement reads the result local, and a place
     * just before the statement receives the expansion (made now, so that it comes before any
     * thread loop opening there) */
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (!in->hoisted)
            continue;
        u->cur_copy = in->user->copy;
        edit_replace_lines(u, in->call_begin, in->call_end, in->result->name);
        u->cur_copy = in->parent_copy;
        if (in->user->lone && in == first_hoisted(k, in->user))
            edit_insert(u, in->call->begin, "{ ");     /* closed below */
        in->anchor = edit_insert(u, in->call->begin, "");
    }
    /* a (uniform) return before the end of an expanded function: to the end of its block */
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        if (!s->fret || s->dims)
            continue;
        u->cur_copy = s->copy;
        for (int j = 0; j < s->returns.len; j++) {
            SrcLoc *r = s->returns.items[j];
            const char *value = s->return_values.items[j];
            Stmt *rv = j < s->return_facts.len ? s->return_facts.items[j] : NULL;
            Var *tmp = s->fret->result_tmp;
            Buf pre = {0}, post = {0};
            buf_puts(&pre, "{ ");
            if (value && tmp && !tmp->promoted) {
                buf_printf(&pre, "%s = (", tmp->name);
                buf_puts(&post, "); ");
            } else if (value && rv) {
                /* a value varying per thread: each running thread's copy takes its own */
                open_thread_loop(k, rv, &s->fret_scopes, &pre);
                if (tmp)
                    buf_puts(&pre, store_open(u->arena, tmp, index_expr(tmp->dims)));
                else
                    buf_puts(&pre, "(void)(");
                buf_puts(&post, "); } ");
            } else {
                value = NULL;   /* no value, or none to keep: the return goes whole */
            }
            buf_printf(&post, "goto __cu2c_fend%d; }", s->fret->copy);
            PtrVec edits = {0};
            return_pieces(u, r->offset, *(unsigned *)s->return_ends.items[j], s->return_spans.items[j], value,
                          pre.data, post.data, &edits);
            for (int m = 0; m < edits.len; m++) {
                Edit *e = edits.items[m];
                edit_add(u, e->begin, e->end, e->text);
            }
            buf_free(&pre);
            buf_free(&post);
        }
    }
    /* an inlined body's final return gives the call's value (before the nests copy texts) */
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (!in->ret)
            continue;
        u->cur_copy = in->copy;
        if (in->ret_expr && in->ret->begin < in->ret_begin && in->ret_begin < in->ret_end &&
            in->ret_end < in->ret->end) {
            /* `return e;` -> `x = (e);`, e's own edits kept (a call expanded before it) */
            edit_replace_lines(u, in->ret->begin, in->ret_begin,
                               in->result ? arena_printf(u->arena, "%s = (", in->result_tmp->name) : "(void)(");
            edit_replace_lines(u, in->ret_end, in->ret->end, ");");
            continue;
        }
        const char *text = in->result ? arena_printf(u->arena, "%s = (%s);", in->result_tmp->name, in->ret_expr)
                         : in->ret_expr ? arena_printf(u->arena, "(void)(%s);", in->ret_expr) : ";";
        edit_replace_lines(u, in->ret->begin, in->ret->end, text);
    }
    for (int i = 0; i < k->vstores.len; i++) {
        VStore *vs = k->vstores.items[i];
        u->cur_copy = vs->owner->copy;
        lower_vstore(u, k, vs);
    }
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        u->cur_copy = site->owner->copy;
        if (site->op >= WARP_SHFL)
            lower_warp_site(u, k, site);
        else
            lower_site(u, k, site);
    }
    for (int i = 0; i < k->nests.len; i++) {
        Stmt *first = k->stmts.items[((Nest *)k->nests.items[i])->first];
        u->cur_copy = first->copy;
        /* a local declared in this nest whose uniform value is used outside it: the block's
         * scalar, declared just before (the nest's own declaration shadows it) */
        for (int j = 0; j < k->vars.len; j++) {
            Var *v = k->vars.items[j];
            if (v->hoisted && v->decl_stmt->nest == i)
                edit_insert(u, first->begin, arena_printf(u->arena, "__typeof__(%s) %s __attribute__((unused)); ",
                                                          v->type, v->name));
        }
        lower_nest(u, k, i);
    }
    /* a braceless body that calls moved out of made several statements: one block again
     * (closed after its nest's end, before the copies' texts are taken) */
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (in->hoisted && in->user->lone && in == first_hoisted(k, in->user)) {
            u->cur_copy = in->user->copy;
            edit_insert(u, in->user->end, " }");
        }
    }
    /* ifs and loops run per thread, inner ones first: the text they add where their bodies
     * end follows that of what their bodies hold */
    for (int i = k->stmts.len - 1; i >= 0; i--) {
        Stmt *s = k->stmts.items[i];
        u->cur_copy = s->copy;
        if (s->predicated && s->sync == SK_IF)
            lower_predicated(u, k, s);
        else if (s->predicated)
            lower_predicated_loop(u, k, s);
    }
    for (int i = k->inlines.len - 1; i >= 0; i--)
        expand_inline(u, k, k->inlines.items[i]);
    u->cur_copy = 0;
    kernel_stub(u, k);
}
