/* thread_variance - which thread dimensions (x, y, z) each statement and each local can
 * differ in: an analysis, it decides nothing about storage or loops.
 * Expects: statements with the locals they read and write, their direct threadIdx uses,
 * and whether they have side effects every thread performs (atomics, printf, calls to user
 * functions); for a barrier-carrying construct, the same facts about its control only.
 * Guarantees: s->dims for every statement, v->dims for every local, s->after_exit for the
 * statements that may run after some (not all) threads have returned, k->has_exits, and
 * s->fret_scopes for those that may run after some threads left an expanded call.
 *
 * A statement varies in the dimensions of threadIdx it reads, of the locals it reads, and
 * of the locals it writes (a write into a per-thread copy happens per thread); a local
 * varies in the dimensions of every statement writing it. Control dependence inside a leaf
 * is covered by the leaf's own set; a construct holding a barrier must be uniform (see
 * check_barriers), so nothing under it depends on a varying condition, except an if holding
 * warp functions only: it is marked predicated and every leaf under it runs per thread
 * (all three dimensions), each thread by its own flag. Side effects run
 * per thread: all three dimensions. After a thread may have returned (later in the body, or
 * anywhere in a loop around the return), leaves touching memory or with effects run per
 * thread so ended threads can be skipped. Fixpoint: the sets only grow. */
#include "cu2c.h"

/* __shared__ declarations are per-block storage, whoever has ended: never per thread. */
static bool declares_shared(Stmt *s) {
    for (int j = 0; j < s->decls.len; j++)
        if (((Var *)s->decls.items[j])->is_shared)
            return true;
    return false;
}

static bool is_loop(Stmt *s) {
    return s->kind == ST_SYNC && (s->sync == SK_FOR || s->sync == SK_WHILE || s->sync == SK_DO);
}

static bool inside(Stmt *s, Stmt *ancestor) {
    for (Stmt *p = s->parent; p; p = p->parent)
        if (p == ancestor)
            return true;
    return false;
}

/* Does s run under an if that runs per thread (Stmt.predicated)? */
static bool under_predicate(Stmt *s) {
    for (Stmt *p = s->parent; p; p = p->parent)
        if (p->predicated)
            return true;
    return false;
}

/* Marks what may run after leaf r returned for some threads; true if anything changed. */
static bool mark_after_exit(Kernel *k, Stmt *r) {
    bool changed = false;
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        bool after = i > r->index;
        for (Stmt *l = r->parent; l && !after; l = l->parent)
            after = is_loop(l) && inside(s, l);
        if (after && !s->after_exit) {
            s->after_exit = true;
            changed = true;
        }
    }
    return changed;
}

/* Marks what may run after leaf r returned from its expanded function for some threads:
 * later statements of that expansion, and those of loops around r inside it. */
static bool mark_after_fret(Arena *a, Kernel *k, Stmt *r) {
    bool changed = false;
    Inline *in = r->fret;
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        if (!inside(s, in->call))
            continue;
        bool after = i > r->index;
        for (Stmt *l = r->parent; l && l != in->call && !after; l = l->parent)
            after = is_loop(l) && inside(s, l);
        if (after && !vec_contains(&s->fret_scopes, in)) {
            vec_push(a, &s->fret_scopes, in);
            changed = true;
        }
    }
    return changed;
}

void thread_variance(Unit *u, Kernel *k) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->dims = v->escapes && !v->is_shared ? DIM_XYZ : 0;
    }
    k->has_exits = false;
    bool changed = true;
    while (changed) {
        changed = false;
        /* loop headers first (a leaf for-loop varies with its header), then the statements,
         * then reduction predicates and parameter bindings */
        for (int i = -k->headers.len, n = k->stmts.len + pseudo_count(k); i < n; i++) {
            Stmt *s = fact_at(k, i);
            if (s->kind == ST_BARRIER)
                continue;
            unsigned d = s->tid_dims | (s->side_effects ? DIM_XYZ : 0);
            for (int j = 0; j < s->reads.len; j++)
                d |= ((Var *)s->reads.items[j])->dims;
            for (int j = 0; j < s->writes.len; j++)
                d |= ((Var *)s->writes.items[j])->dims;
            if (s->header)
                d |= s->header->dims;
            /* after a thread may have returned, what touches memory or has effects runs per
             * thread (so ended threads skip it, even when all of a block's have ended); pure
             * computation on locals may still run once per block */
            bool after = s->after_exit || s->fret_scopes.len ||
                         (s->kind == ST_BIND && (s->parent->after_exit || s->parent->fret_scopes.len));
            if (after && s->kind != ST_SYNC && !declares_shared(s) &&
                (s->touches_memory || s->side_effects || s->has_return || s->has_site))
                d = DIM_XYZ;
            /* an if holding warp functions only, with a varying condition: per thread, and so
             * is every leaf under it (each thread runs it or not by its own flag) */
            if (s->kind == ST_SYNC && s->sync == SK_IF && d && !s->block_barrier && s->simple_if &&
                !s->predicated) {
                s->predicated = true;
                changed = true;
            }
            /* a parameter of a call under such an if, bound to a pure argument, holds the
             * argument's value in every thread that can see it (those running the branch) */
            unsigned bound = d;
            bool pure_bind = s->kind == ST_BIND && !s->touches_memory && !s->side_effects && !s->has_site;
            if (s->kind != ST_SYNC && !declares_shared(s) && under_predicate(s))
                d = DIM_XYZ;
            if (d != s->dims) {
                s->dims = d;
                changed = true;
            }
            for (int j = 0; j < s->writes.len; j++) {
                Var *v = s->writes.items[j];
                unsigned vd = pure_bind ? bound : d;
                if ((v->dims | vd) != v->dims) {
                    v->dims |= vd;
                    changed = true;
                }
            }
            if (s->fret && d && s->kind != ST_SYNC) {
                /* some threads leave the call here: the result differs between threads */
                Inline *in = s->fret;
                in->varying_returns = true;
                if (in->result_tmp && (in->result_tmp->dims | DIM_XYZ) != in->result_tmp->dims) {
                    in->result_tmp->dims |= DIM_XYZ;
                    changed = true;
                }
                changed |= mark_after_fret(u->arena, k, s);
            }
            if (s->has_return && d && s->kind != ST_SYNC) {
                k->has_exits = true;
                changed |= mark_after_exit(k, s);
            }
        }
        /* x in `T x = f(...)` varies as the value f's expansion gives it */
        for (int j = 0; j < k->vars.len; j++) {
            Var *v = k->vars.items[j];
            if (v->alias && (v->dims | v->alias->dims) != v->dims) {
                v->dims |= v->alias->dims;
                changed = true;
            }
        }
    }
}
