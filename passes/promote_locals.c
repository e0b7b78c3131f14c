/* promote_locals - which locals need one copy per thread: a decision pass.
 * Expects: nests (form_loops) and per-local dimensions (thread_variance).
 * Guarantees: v->promoted exactly for the locals whose value can differ between threads
 * (dims != 0) and that are used in more than one nest, i.e. whose value must survive from
 * one thread loop (often one barrier region) to the next, or parameters changed per thread
 * inside a loop holding barriers. Everything else keeps one
 * plain C local: declared inside its nest when it varies, once per block when not.
 * A kernel parameter that threads modify differently is a local like the others, starting
 * from the launch's value in every thread. */
#include "cu2c.h"

#include <string.h>

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
        for (int j = 0; j < k->stmts.len + pseudo_count(k); j++) {
            Stmt *s = j < k->stmts.len ? k->stmts.items[j] : pseudo_at(k, j - k->stmts.len);
            int nest = j < k->stmts.len ? s->nest : k->nests.len + (j - k->stmts.len);
            if (s->kind == ST_SYNC || (!vec_contains(&s->reads, v) && !vec_contains(&s->writes, v)))
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
        if (v->promoted && strchr(v->type, '&'))
            diag_error(u, v->loc, "reference '%s' used across thread loops (e.g. a barrier): not "
                       "supported yet (use a pointer)", v->name);
    }
}
