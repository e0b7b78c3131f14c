/* form_loops - groups each region's leaves into thread-loop nests: a decision pass.
 * Expects: regions and per-statement dimensions (find_regions, thread_variance), barriers
 * under uniform control only (check_barriers).
 * Guarantees: k->nests, each a run of consecutive leaves of one statement list and region
 * that starts and ends with a varying leaf; s->nest for every statement (-1: runs once per
 * block: uniform leaves, barriers, barrier-carrying constructs); each nest loops over the
 * union of its leaves' dimensions, and no more.
 *
 * A uniform leaf between two varying ones joins their nest (fusion) when running it once
 * per thread is the same as running it once: it writes no local declared outside itself,
 * cannot end the kernel or leave a loop, and what it declares is used only inside the nest.
 * Shared-memory declarations always stay outside: they are per-block storage. A nest where
 * threads may end (or may have ended, the kernel or an expanded call) loops over all three
 * dimensions, so each thread records or checks its own end. A lone for-loop with a uniform
 * header is marked for interchange with the thread loops (not one of a short constant
 * trip count, which the C compiler unrolls inside the vectorised thread loop instead), and
 * one whose body reads consecutive elements in consecutive threads gets a nest of its own
 * to be interchanged in (see loop_splits.c for the ifs split around such loops); a
 * grid-stride loop (`for (i = E + threadIdx.x; i < B; i += S)`, E, B, S uniform) gets a nest
 * of its own, interchanged trip by trip, so that each trip's thread loop reads consecutive
 * elements instead of each thread striding through the whole array. */
#include "cu2c.h"

#include <stdlib.h>
#include <string.h>

static bool replicable(Stmt *s, const bool *blocked) {
    if (s->dims || s->has_return || s->fret || s->jumps.len || s->kind == ST_BARRIER ||
        s->kind == ST_SYNC || blocked[s->index] || !writes_own_decls(s))
        return false;
    for (int j = 0; j < s->decls.len; j++)
        if (((Var *)s->decls.items[j])->is_shared)
            return false;
    return true;
}

/* A leaf for-loop written as a grid-stride loop (Stmt.gs_var) whose trips can run trip by
 * trip over the threads: its start E (E + threadIdx.x without the thread), bound and stride
 * uniform, read from locals nothing in it changes, no effects or memory in its header, the
 * body leaving the counter alone and not jumping out. Each thread's counter then ascends
 * with threadIdx.x, so when thread 0 is past the bound, all are. A block-stride loop, its
 * start the linear thread index, likewise (thread (0, 0, 0)'s the least), where nothing
 * changes the locals standing for the thread indices in it. */
static bool grid_stride(Kernel *k, Stmt *s) {
    Var *v = s->gs_var;
    Stmt *h = s->header;
    if (!v || !h || s->body_jumps || s->has_return || s->jumps.len || s->fret || s->gotos.len ||
        s->labels.len || h->side_effects || h->touches_memory || h->calls_user_fn || h->has_site ||
        vec_contains(&s->writes, v))
        return false;
    if (v->lin) {
        /* its x loops' bounds read the y and z loops' counters: not under --thread-order */
        if (k->thread_order || !lin_leaves_fixed(k, v))
            return false;
    } else if (strstr(v->x_base, "threadIdx") || (v->x_leaf && v->x_leaf->coord != DIM_X)) {
        return false;
    }
    for (int j = 0; j < h->reads.len; j++) {
        Var *w = h->reads.items[j];
        Web *web = j < h->read_webs.len ? h->read_webs.items[j] : NULL;
        if (w != v && w != v->x_leaf && !vec_contains(&v->lin_leaves, w) &&
            ((web ? web->dims : w->dims) || vec_contains(&s->writes, w)))
            return false;
    }
    return true;
}

/* A leaf for-loop the block can run around the thread loops: a uniform header, a body that
 * stays in it, and no short constant trip count. */
static bool interchangeable(Stmt *s) {
    return s->header && s->header->dims == 0 && !s->body_jumps && !s->has_return && !s->jumps.len &&
           !s->short_trip && !s->gotos.len;
}

/* One whose body reads consecutive elements in consecutive threads: a nest of its own,
 * interchanged, whatever its neighbours (each thread striding through the elements instead
 * would make every access a gather). */
static bool alone(Kernel *k, Stmt *s) {
    return grid_stride(k, s) || (s->x_contiguous && interchangeable(s));
}

/* A leaf `if (tid < n && ...)` whose guards may bound its thread loops (lower_kernel's
 * narrow_guards): it starts a nest of its own after anything but declarations, so that it
 * ends a nest whose threads outside the range have nothing else to do. */
static bool guarded(Stmt *s) {
    return s->guards.len && !s->has_return && !s->jumps.len && s->dims;
}

/* Does s read or write v, read it in a guard's bound (one read through a local, Guard.via:
 * narrow_guards reads the bound where s's nest starts) or read a local clamped once whose
 * initialiser or clamp reads v (clamped_locals.c: recomputed in s's nest, promote_locals)? */
static bool references(Stmt *s, Var *v) {
    if (vec_contains(&s->reads, v) || vec_contains(&s->writes, v))
        return true;
    for (int i = 0; i < s->guards.len; i++)
        if (vec_contains(&((Guard *)s->guards.items[i])->bound_reads, v))
            return true;
    for (int i = 0; i < s->reads.len; i++) {
        Var *c = s->reads.items[i];
        if (c->clamp_text && c->assignments == 1 &&
            (vec_contains(&c->clamp_reads, v) || vec_contains(&c->init_reads, v)))
            return true;
    }
    return false;
}

static bool is_leaf(Stmt *s) {
    return s->kind != ST_BARRIER && s->kind != ST_SYNC;
}

static void build_list(Unit *u, Kernel *k, PtrVec *list, const bool *blocked) {
    for (int i = 0; i < list->len;) {
        Stmt *s = list->items[i];
        if (s->kind == ST_SYNC)
            for (int b = 0; b < s->bodies.len; b++)
                build_list(u, k, s->bodies.items[b], blocked);
        if (!is_leaf(s) || s->dims == 0) {
            i++;
            continue;
        }
        /* a grid-stride loop runs trip by trip in a nest of its own */
        bool strided = grid_stride(k, s), lone = alone(k, s);
        int end = i;
        bool decls_only = s->kind == ST_DECL;
        for (int j = i + 1; j < list->len && !lone; j++) {
            Stmt *t = list->items[j];
            if (!is_leaf(t) || t->region != s->region || alone(k, t) || (guarded(t) && !decls_only))
                break;
            decls_only &= t->kind == ST_DECL;
            if (t->dims)
                end = j;
            else if (!replicable(t, blocked))
                break;
        }
        Nest *nest = arena_alloc(u->arena, sizeof *nest);
        nest->first = s->index;
        nest->last = ((Stmt *)list->items[end])->index;
        for (int j = i; j <= end; j++) {
            Stmt *t = list->items[j];
            t->nest = k->nests.len;
            nest->dims |= t->dims;
            nest->has_return |= t->has_return;
            nest->check_exited |= t->after_exit;
            nest->has_fret |= t->fret != NULL;
            for (int f = 0; f < t->fret_scopes.len; f++)
                if (!vec_contains(&nest->fret_scopes, t->fret_scopes.items[f]))
                    vec_push(u->arena, &nest->fret_scopes, t->fret_scopes.items[f]);
        }
        /* where threads end, or may have ended, every thread is visited: each marks or
         * checks its own end */
        if (nest->has_return || nest->check_exited || nest->has_fret || nest->fret_scopes.len)
            nest->dims = DIM_XYZ;
        /* a lone for-loop with a uniform header runs once per block around the thread loops:
         * each thread still runs its trips in order, and the loop over threads innermost
         * vectorises (barrier-free code may interleave threads any way) */
        nest->interchange = i == end && interchangeable(s);
        nest->grid_stride = strided;
        nest->interchange |= strided;
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
        k->nests.len = 0;
        for (int i = 0; i < n; i++)
            ((Stmt *)k->stmts.items[i])->nest = -1;
        build_list(u, k, &k->body, blocked);
        /* a uniform declaration inside a nest whose variable is used outside it stays out;
         * reduction predicates, warp functions' arguments and parameter bindings run in
         * thread loops of their own, outside every nest */
        for (int i = 0; i < n; i++) {
            Stmt *s = k->stmts.items[i];
            if (s->nest < 0 || s->dims || s->decls.len == 0)
                continue;
            for (int j = 0; j < s->decls.len && !blocked[i]; j++)
                for (int t = 0, m = n + pseudo_count(k); t < m; t++) {
                    Stmt *o = fact_at(k, t);
                    if ((t >= n || o->nest != s->nest) && references(o, s->decls.items[j])) {
                        blocked[i] = true;
                        changed = true;
                        break;
                    }
                }
        }
    }
    free(blocked);
    /* a reduction barrier or a parameter binding after a return visits only the threads
     * still running */
    k->needs_exit_flags = k->has_exits && pseudo_count(k) > 0;
    for (int i = 0; i < k->nests.len; i++)
        if (((Nest *)k->nests.items[i])->check_exited)
            k->needs_exit_flags = true;
    /* so do an if or loop run per thread (its flags) and the check of a barrier under one */
    for (int i = 0; k->has_exits && i < k->stmts.len; i++)
        if (((Stmt *)k->stmts.items[i])->predicated)
            k->needs_exit_flags = true;
}
