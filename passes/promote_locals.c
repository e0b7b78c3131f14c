/* promote_locals - which locals need one copy per thread: a decision pass.
 * Expects: nests (form_loops) and per-local dimensions (thread_variance).
 * Guarantees: v->promoted exactly for the locals whose value can differ between threads
 * (dims != 0) and that are used in more than one nest (or in a reduction predicate, a warp
 * function's arguments, a per-thread if's condition: each runs in a thread loop of its own),
 * i.e. whose value must survive from one thread loop (often one barrier region) to the next, or parameters changed per thread
 * inside a loop holding barriers. Everything else keeps one
 * plain C local: declared inside its nest when it varies, once per block when not.
 * A kernel parameter that threads modify differently is a local like the others, starting
 * from the launch's value in every thread. A promoted local whose only value is pure
 * arithmetic on thread/block indices and unchanging locals is recomputed instead (remat).
 * An int local B +- threadIdx.x with B computable before the thread loops is marked
 * x_affine. */
#include "cu2c.h"

#include <string.h>

/* Does any statement other than v's declaration write v? */
static bool written_after_decl(Kernel *k, Var *v) {
    for (int j = -k->headers.len, n = k->stmts.len + pseudo_count(k); j < n; j++) {
        Stmt *s = fact_at(k, j);
        if (s != v->decl_stmt && vec_contains(&s->writes, v))
            return true;
    }
    return false;
}

/* A varying local whose only value is its initialiser, pure arithmetic on thread and block
 * indices, constants and locals that never change (or are recomputed the same way), is
 * recomputed in each thread loop that needs it: cheaper than a per-thread array, and the
 * C compiler still sees `threadIdx.x + ...` (a plain induction variable) in every loop. */
static bool rematerialisable(Kernel *k, Var *v) {
    if (!v->init_text || v->escapes || v->is_param || !v->decl_stmt ||
        (!v->type_deduced && (strchr(v->type, '[') || strchr(v->type, '&'))) || written_after_decl(k, v))
        return false;
    for (int i = 0; i < v->init_reads.len; i++) {
        Var *w = v->init_reads.items[i];
        if (w->remat)
            continue;
        /* a uniform local that never changes, declared outside any thread loop (so it is in
         * scope wherever v is) */
        if (w->dims || w->promoted || written_after_decl(k, w) || w->is_shared ||
            (w->decl_stmt && w->decl_stmt->nest >= 0))
            return false;
    }
    return true;
}

/* A local never changed, declared outside any thread loop: it holds one value wherever
 * locals declared after it are visible. */
static bool fixed_uniform(Kernel *k, Var *w) {
    return !w->dims && !w->promoted && !w->remat && !w->is_shared && !w->escapes &&
           !written_after_decl(k, w) && (!w->decl_stmt || w->decl_stmt->nest < 0);
}

/* An int local B +- threadIdx.x whose B can be evaluated before the thread loops of any nest
 * where the local is visible (lower_kernel gives such nests a copy where it is a signed
 * induction variable). */
static bool x_affine(Kernel *k, Var *v) {
    if (!v->x_sign || v->escapes || v->is_param || v->alias || written_after_decl(k, v) ||
        (v->x_leaf && (v->x_leaf->escapes || written_after_decl(k, v->x_leaf))))
        return false;
    for (int i = 0; i < v->x_reads.len; i++)
        if (!fixed_uniform(k, v->x_reads.items[i]))
            return false;
    return true;
}

void promote_locals(Unit *u, Kernel *k) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->promoted = false;
        if (v->is_shared || v->dims == 0)
            continue;
        int first_nest = -1;
        bool in_loop = false;
        /* statements, then reduction predicates and parameter bindings: each of those runs
         * in a thread loop of its own */
        for (int j = 0, n = k->stmts.len + pseudo_count(k); j < n; j++) {
            Stmt *s = fact_at(k, j);
            int nest = j < k->stmts.len ? s->nest : k->nests.len + (j - k->stmts.len);
            /* a per-thread if's condition runs in a thread loop of its own too */
            if (s->predicated)
                nest = k->nests.len + pseudo_count(k) + j;
            if ((s->kind == ST_SYNC && !s->predicated) ||
                (!vec_contains(&s->reads, v) && !vec_contains(&s->writes, v)))
                continue;
            if (first_nest < 0)
                first_nest = nest;
            else if (nest != first_nest)
                v->promoted = true;
            for (Stmt *p = s->parent; p; p = p->parent)
                in_loop |= p->sync == SK_FOR || p->sync == SK_WHILE || p->sync == SK_DO;
        }
        /* a parameter changed per thread inside a loop holding barriers keeps its value from
         * one trip round the loop to the next */
        if (v->is_param && in_loop)
            v->promoted = true;
        /* a lambda is declared again in each thread loop using it: the same closure when
         * what it captures by value has not changed since (by reference, it sees the
         * thread's copies of the locals, loaded there) */
        if (v->promoted && v->lambda) {
            bool same = v->init_text && !(v->lambda & LAMBDA_MUTABLE && v->lambda & LAMBDA_BY_VALUE);
            for (int j = 0; same && (v->lambda & LAMBDA_BY_VALUE) && j < v->init_reads.len; j++)
                same = !written_after_decl(k, v->init_reads.items[j]);
            if (!same)
                diag_error(u, v->loc, "lambda '%s' used across thread loops (e.g. a barrier) %s: not "
                           "supported yet", v->name, !v->init_text ? "is written by a macro"
                           : v->lambda & LAMBDA_MUTABLE ? "is mutable" : "captures by value a local "
                           "that changes after it");
            v->promoted = false;
            v->remat = true;
            continue;
        }
        v->remat = v->promoted && rematerialisable(k, v);
        if (v->remat)
            v->promoted = false;
        if ((v->promoted || v->remat) && !v->type_deduced && strstr(v->type, "auto") &&
            !strchr(v->type, '&'))
            diag_error(u, v->loc, "the type of '%s' (auto, depending on the template's parameters) "
                       "cannot be spelled for its per-thread copies: declare it with its type", v->name);
        else if (v->promoted && !v->type_deduced && strchr(v->type, '&') &&
                 (!v->ref || v->type[strlen(v->type) - 1] != '&'))
            diag_error(u, v->loc, "reference '%s' bound to a local (or through a call) used across "
                       "thread loops (e.g. a barrier): not supported yet (use a pointer)", v->name);
    }
    /* `T x = f(...)` inlined, varying: x reads the per-thread copies of f's result */
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->alias && v->dims) {
            v->promoted = v->alias->promoted = true;
            v->remat = v->alias->remat = false;
        }
    }
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->x_affine = !v->promoted && !v->coord && x_affine(k, v);
    }
}
