/* thread_variance - which thread dimensions (x, y, z) each statement and each local can
 * differ in: an analysis, it decides nothing about storage or loops.
 * Expects: statements with the locals they read and write, their direct threadIdx uses,
 * and whether they have side effects that every thread performs (atomics, printf, calls to
 * user functions). Guarantees: s->dims for every statement, v->dims for every local, and
 * k->exit_from, the first statement where some threads but maybe not all may end.
 *
 * A statement varies in the dimensions of threadIdx it reads, of the locals it reads, and
 * of the locals it writes (a write into a per-thread copy happens per thread); a local
 * varies in the dimensions of every statement writing it. Dependences through control
 * flow are inside one top-level statement, so they are covered by the statement's own set.
 * Side effects run per thread: all three dimensions. After a thread may have ended,
 * everything runs per thread so that ended threads can be skipped. Fixpoint: sets only grow. */
#include "cu2c.h"

/* __shared__ declarations are per-block storage, whoever has ended: never per thread. */
static bool declares_shared(Stmt *s) {
    for (int j = 0; j < s->decls.len; j++)
        if (((Var *)s->decls.items[j])->is_shared)
            return true;
    return false;
}

void thread_variance(Unit *u, Kernel *k) {
    (void)u;
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->dims = v->escapes && !v->is_shared ? DIM_XYZ : 0;
    }
    k->exit_from = -1;
    bool changed = true;
    while (changed) {
        changed = false;
        for (int i = 0; i < k->stmts.len; i++) {
            Stmt *s = k->stmts.items[i];
            if (s->kind == ST_BARRIER)
                continue;
            unsigned d = s->tid_dims | (s->side_effects ? DIM_XYZ : 0);
            for (int j = 0; j < s->reads.len; j++)
                d |= ((Var *)s->reads.items[j])->dims;
            for (int j = 0; j < s->writes.len; j++)
                d |= ((Var *)s->writes.items[j])->dims;
            if (k->exit_from >= 0 && i > k->exit_from && !declares_shared(s))
                d = DIM_XYZ;
            if (d != s->dims) {
                s->dims = d;
                changed = true;
            }
            for (int j = 0; j < s->writes.len; j++) {
                Var *v = s->writes.items[j];
                if ((v->dims | d) != v->dims) {
                    v->dims |= d;
                    changed = true;
                }
            }
            if (s->has_return && d && (k->exit_from < 0 || i < k->exit_from)) {
                k->exit_from = i;
                changed = true;
            }
        }
    }
}
