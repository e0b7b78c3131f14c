/* form_loops - groups each region's statements into thread-loop nests: a decision pass.
 * Expects: regions and per-statement dimensions (find_regions, thread_variance).
 * Guarantees: k->nests, each a run of consecutive statements of one region that starts and
 * ends with a varying statement; s->nest for every statement (-1: runs once per block);
 * each nest loops over the union of its statements' dimensions, and no more.
 *
 * A uniform statement between two varying ones joins their nest (fusion) when running it
 * once per thread is the same as running it once: it writes no local declared outside
 * itself and cannot end the kernel, and what it declares is used only inside the nest.
 * Shared-memory declarations always stay outside: they are per-block storage. A nest where
 * threads may end loops over all three dimensions, so each thread records its own end. */
#include "cu2c.h"

#include <stdlib.h>

static bool replicable(Stmt *s, const bool *blocked, int i) {
    if (s->dims || s->has_return || s->kind == ST_BARRIER || blocked[i])
        return false;
    for (int j = 0; j < s->writes.len; j++)
        if (!vec_contains(&s->decls, s->writes.items[j]))
            return false;
    for (int j = 0; j < s->decls.len; j++)
        if (((Var *)s->decls.items[j])->is_shared)
            return false;
    return true;
}

static bool references(Stmt *s, Var *v) {
    return vec_contains(&s->reads, v) || vec_contains(&s->writes, v);
}

static void build(Unit *u, Kernel *k, const bool *blocked) {
    k->nests.len = 0;
    int n = k->stmts.len;
    for (int i = 0; i < n; i++)
        ((Stmt *)k->stmts.items[i])->nest = -1;
    for (int i = 0; i < n;) {
        Stmt *s = k->stmts.items[i];
        if (s->kind == ST_BARRIER || s->dims == 0) {
            i++;
            continue;
        }
        int end = i;
        for (int j = i + 1; j < n; j++) {
            Stmt *t = k->stmts.items[j];
            if (t->region != s->region || t->kind == ST_BARRIER)
                break;
            if (t->dims)
                end = j;
            else if (!replicable(t, blocked, j))
                break;
        }
        Nest *nest = arena_alloc(u->arena, sizeof *nest);
        nest->first = i;
        nest->last = end;
        for (int j = i; j <= end; j++) {
            Stmt *t = k->stmts.items[j];
            t->nest = k->nests.len;
            nest->dims |= t->dims;
            nest->has_return |= t->has_return;
        }
        nest->check_exited = k->exit_from >= 0 && i > k->exit_from;
        /* where threads end, every thread is visited: each marks its own end */
        if (nest->has_return)
            nest->dims = DIM_XYZ;
        vec_push(u->arena, &k->nests, nest);
        i = end + 1;
    }
}

void form_loops(Unit *u, Kernel *k) {
    int n = k->stmts.len;
    bool *blocked = calloc((size_t)n + 1, 1);
    bool changed = true;
    while (changed) {
        changed = false;
        build(u, k, blocked);
        /* a uniform declaration inside a nest whose variable is used outside it stays out */
        for (int i = 0; i < n; i++) {
            Stmt *s = k->stmts.items[i];
            if (s->nest < 0 || s->dims || s->decls.len == 0)
                continue;
            for (int j = 0; j < s->decls.len && !blocked[i]; j++)
                for (int t = 0; t < n; t++) {
                    Stmt *o = k->stmts.items[t];
                    if (o->nest != s->nest && references(o, s->decls.items[j])) {
                        blocked[i] = true;
                        changed = true;
                        break;
                    }
                }
        }
    }
    free(blocked);
    k->needs_exit_flags = false;
    for (int i = 0; i < k->nests.len; i++)
        if (((Nest *)k->nests.items[i])->check_exited)
            k->needs_exit_flags = true;
}
