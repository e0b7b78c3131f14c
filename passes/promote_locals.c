/* promote_locals - which locals need one copy per thread: a decision pass.
 * Expects: nests (form_loops), per-web and per-local dimensions (thread_variance).
 * Guarantees: w->promoted for the webs whose values can differ between threads (dims != 0)
 * and reach a thread loop from outside it (from another nest, or from the same one round a
 * loop holding barriers) that reads them; v->promoted for the locals with such a web. A
 * local decided as a whole (Var.whole) is promoted as before: when it varies and is used in
 * more than one nest (or in a reduction predicate, a warp function's arguments, a per-thread
 * if's condition: each runs in a thread loop of its own), or is a parameter changed per
 * thread inside a loop holding barriers. Everything else keeps one plain C local: declared
 * inside its nest when it varies, once per block when not.
 * Per nest: n->loads, the promoted locals whose per-thread values reach it (loaded from their
 * copies), n->copies, the locals it writes whose value on entry is the block's uniform
 * one (each thread starts its own copy from it, the block's value stays as it was), and
 * n->fresh, those whose value on entry can only be their declaration's indeterminate one
 * (`float a;` then assigned in every branch of an if: nothing to carry, nor to promote). A local
 * declared in a nest whose uniform value is used outside it is v->hoisted: the block gets a
 * scalar of that name (the nest's own declaration shadows it).
 * A kernel parameter that threads modify differently is a local like the others, starting
 * from the launch's value in every thread. A promoted local whose only value is pure
 * arithmetic on thread/block indices and unchanging locals is recomputed instead (remat).
 * An int local B +- threadIdx.x with B computable before the thread loops is marked
 * x_affine, a subscript B +- threadIdx.x (XSub) whose B reads only such locals x->ok. A
 * promoted local updated in a nest looping over more dimensions than it varies
 * in gets a copy per thread of that nest (widen_updated). */
#include "cu2c.h"

#include <string.h>

/* A local never changed, declared outside any thread loop: it holds one value wherever
 * locals declared after it are visible. */
static bool fixed_uniform(Kernel *k, Var *w) {
    return !w->dims && !w->promoted && !w->remat && !w->is_shared && !w->escapes &&
           !written_after_decl(k, w) && (!w->decl_stmt || w->decl_stmt->nest < 0);
}

/* Can v's initialiser be evaluated again wherever v is visible: each local it reads
 * recomputed itself (not a clamped one, whose recomputed value is the one after its clamp,
 * which v's initialiser may not have seen), or uniform, never changed, declared outside any
 * thread loop and hidden by no local declared after v? */
static bool rematerialisable(Kernel *k, Var *v);

static bool init_readable(Kernel *k, Var *v) {
    for (int i = 0; i < v->init_reads.len; i++) {
        Var *w = v->init_reads.items[i];
        if (w->remat && !w->clamped)
            continue;
        /* a varying local used only in its own nest whose value is its initialiser, itself
         * recomputable (`int tx = threadIdx.x;` read by `int ei = bx * N + tx;`): recomputed
         * wherever v is (the nest declaring it keeps its declaration) */
        if (w->dims && !w->promoted && !w->lambda && rematerialisable(k, w)) {
            w->remat = true;
            continue;
        }
        /* a uniform local that never changes, declared outside any thread loop (so it is in
         * scope wherever v is) */
        if (w->dims || w->promoted || written_after_decl(k, w) || w->is_shared ||
            (w->decl_stmt && w->decl_stmt->nest >= 0) || hidden_after(k, v, w))
            return false;
    }
    return true;
}

/* A varying local whose only value is its initialiser, pure arithmetic on thread and block
 * indices, constants and locals that never change (or are recomputed the same way), is
 * recomputed in each thread loop that needs it: cheaper than a per-thread array, and the
 * C compiler still sees `threadIdx.x + ...` (a plain induction variable) in every loop. */
static bool rematerialisable(Kernel *k, Var *v) {
    if (!v->init_text || v->escapes || v->is_param || !v->decl_stmt ||
        (!v->type_deduced && (strchr(v->type, '[') || strchr(v->type, '&'))) || written_after_decl(k, v))
        return false;
    /* a parameter recomputed as threadIdx.d: the local it was bound to holds that always */
    if (v->coord_from && (v->coord_from->escapes || v->coord_from->alias || written_after_decl(k, v->coord_from)))
        return false;
    return init_readable(k, v);
}

/* A linear thread index (Var.lin) that holds that index wherever it is read: neither it nor
 * the locals standing for threadIdx in it change after their declarations. */
static bool lin_fixed(Kernel *k, Var *v) {
    return v->lin && !v->escapes && !v->is_param && !v->alias && !written_after_decl(k, v) &&
           lin_leaves_fixed(k, v);
}

/* Can B of a local B +- threadIdx.x (Var.x_base) be evaluated before the thread loops of
 * any nest where the local is visible: the local standing for threadIdx.x in it never
 * changes, and what it reads is fixed, hidden by no later local? */
static bool x_base_fixed(Kernel *k, Var *v) {
    if (v->x_leaf && (v->x_leaf->escapes || written_after_decl(k, v->x_leaf)))
        return false;
    for (int i = 0; i < v->x_reads.len; i++)
        if (!fixed_uniform(k, v->x_reads.items[i]) || hidden_after(k, v, v->x_reads.items[i]))
            return false;
    return true;
}

/* An int local B +- threadIdx.x whose B can be evaluated before the thread loops of any nest
 * where the local is visible (lower_kernel gives such nests a copy where it is a signed
 * induction variable). */
static bool x_affine(Kernel *k, Var *v) {
    return v->x_sign && !v->escapes && !v->is_param && !v->alias && !written_after_decl(k, v) && x_base_fixed(k, v);
}


/* A local clamped once after its declaration (clamped_locals.c: `int W = tx - 1; W = (W <
 * lo) ? lo : W;`) and read in other nests: recomputed there as its clamped value. The
 * declaration and the assignment are statements of one list in one nest, nothing else
 * writes it, and what both read holds the same value wherever it is visible. */
static bool clamped(Kernel *k, Var *v) {
    Stmt *d = v->decl_stmt, *c = v->clamp_stmt;
    /* (not a local the analyses take for a thread index while it is recomputed: a guard on
     * `tx = threadIdx.x` clamped after would bound the loop by the unclamped value) */
    if (v->coord || v->lin || v->x_scale || v->lane_mod || v->lane_part || v->x_unit)
        return false;
    if (!v->clamp_text || v->assignments != 1 || v->step_writes || v->escapes || v->is_param || v->alias ||
        v->lambda || v->type_deduced || strchr(v->type, '[') || strchr(v->type, '&') || !d || !c ||
        d->nest < 0 || c->nest != d->nest || c->parent != d->parent || c->index <= d->index ||
        written_besides(k, v, c))
        return false;
    if (!init_readable(k, v))
        return false;
    /* what the clamp reads: fixed and declared outside the loops, so that the clamp's bound
     * can also be evaluated before them (lower_kernel's clamp_splits); a local recomputed in
     * the nest would be declared after v there (`int W = tx + 1; int m = tx / 4; W = (W > m)
     * ? m : W;`), v's text naming whatever `m` was in scope before it */
    for (int i = 0; i < v->clamp_reads.len; i++) {
        Var *w = v->clamp_reads.items[i];
        if (!fixed_uniform(k, w) || hidden_after(k, v, w))
            return false;
    }
    return true;
}

/* A clamped local, a floor or a ceiling of B + threadIdx.x with B computed from locals that
 * never change: the threads for which the clamp does nothing are a range lower_kernel can
 * compute before the x loop. */
static bool clamp_pieces(Kernel *k, Var *v) {
    return v->clamped && v->clamp_kind && v->x_sign == 1 && !v->x_unsigned && v->x_base && !k->thread_order &&
           !strstr(v->x_base, "threadIdx") && x_base_fixed(k, v);
}

/* Is w's value the same in every thread wherever it is read: uniform, or recomputed from an
 * initialiser reading no threadIdx and only such locals (`plane = nx * ny` declared beside a
 * varying local)? */
static bool uniform_value(Kernel *k, Var *w, int depth) {
    if (w->is_shared || w->escapes || w->alias || depth > 4)
        return false;
    if (!w->dims)
        return !w->promoted;
    if (!w->remat || w->init_reads_tid || w->lambda || written_after_decl(k, w))
        return false;
    for (int i = 0; i < w->init_reads.len; i++)
        if (!uniform_value(k, w->init_reads.items[i], depth + 1))
            return false;
    return true;
}

/* Is v's initialiser B + threadIdx.x with B the same across each row of the block: the x
 * coordinate once (x_sign 1 or x_unit), every local it reads either the same across a row or
 * holding threadIdx.x or B' + threadIdx.x itself (unchanged since its declaration, or stepped
 * as v may be: locals are decided in the order of their declarations)? */
static bool row_offset_init(Kernel *k, Var *v) {
    if ((v->x_sign != 1 && !v->x_unit) || !v->init_text)
        return false;
    for (int i = 0; i < v->init_reads.len; i++) {
        Var *w = v->init_reads.items[i];
        if (w->escapes || w->alias || w->is_shared)
            return false;
        if ((w->dims & DIM_X) && !((w->x_sign == 1 || w->x_unit || w->coord == DIM_X) &&
                                   (w->x_stepped || !written_after_decl(k, w))))
            return false;
    }
    return true;
}

/* Is every write of v after its declaration a step by a uniform amount that every thread
 * running on from that point takes: a step statement straight-line in the kernel's lists
 * under no per-thread if, or straight-line in the body of a leaf for-loop with a uniform
 * header and no jumps out of its body (Var.step_sites)? */
static bool uniform_steps(Kernel *k, Var *v) {
    if (v->other_writes || v->step_sites.len != v->step_writes)
        return false;
    for (int i = 0; i < v->step_reads.len; i++)
        if (!uniform_value(k, v->step_reads.items[i], 0))
            return false;
    for (int j = -k->headers.len, n = k->stmts.len + pseudo_count(k); j < n; j++) {
        Stmt *s = fact_at(k, j);
        if (s == v->decl_stmt || !vec_contains(&s->writes, v))
            continue;
        if (j < 0 || j >= k->stmts.len || under_predicated(s) || s->predicated)
            return false;
        bool covered = false;
        for (int m = 0; m < v->step_sites.len && !covered; m++) {
            StepSite *site = v->step_sites.items[m];
            covered = (site->loop == 0 && site->at == s->begin && s->kind == ST_EXPR) ||
                      (site->loop == s->begin && s->kind == ST_CONTROL && s->header && !s->header->dims &&
                       !s->body_jumps && !s->has_return && !s->jumps.len && !s->gotos.len);
        }
        if (!covered)
            return false;
    }
    return true;
}

/* Promoted v as one copy per row of the block (Var.x_stepped): an int B + threadIdx.x
 * stepped uniformly, stored by nests that every thread leaves at their end. */
static bool x_stepped(Kernel *k, Var *v) {
    if (!v->promoted || !(v->dims & DIM_X) || v->is_param || v->ref || v->alias || v->escapes || v->lambda ||
        v->is_shared || v->ref_param || v->type_deduced || !v->decl_stmt || !row_offset_init(k, v) ||
        !uniform_steps(k, v))
        return false;
    for (int i = 0; i < k->nests.len; i++) {
        Nest *n = k->nests.items[i];
        if (n->has_return || n->has_fret || n->fret_scopes.len || n->check_exited)
            for (int j = n->first; j <= n->last; j++)
                if (vec_contains(&((Stmt *)k->stmts.items[j])->writes, v))
                    return false;
    }
    return true;
}

/* Does nest n read v with the value of web w (any web when w is NULL)? A leaf for-loop's
 * reads include its header's. */
static bool nest_reads(Kernel *k, Nest *n, Var *v, Web *w) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->reads.len; j++)
            if (s->reads.items[j] == v && (!w || (j < s->read_webs.len && s->read_webs.items[j] == w)))
                return true;
    }
    return false;
}

/* Does nest n compute a return value reading v (see Stmt.return_facts)? */
static bool nest_returns_read(Kernel *k, Nest *n, Var *v) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->return_facts.len; j++)
            if (vec_contains(&((Stmt *)s->return_facts.items[j])->reads, v))
                return true;
    }
    return false;
}

/* Does nest n's thread loop write v (a header inside it included, not an interchanged one's)? */
static bool nest_writes(Kernel *k, Nest *n, Var *v) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        if (vec_contains(&s->writes, v) ||
            (s->header && !n->interchange && vec_contains(&s->header->writes, v)))
            return true;
    }
    return false;
}

/* Is v declared in nest n: by a statement, or by a for-loop leaf's header (its counter)? */
static bool declared_in(Kernel *k, Nest *n, Var *v) {
    for (int i = n->first; v->decl_stmt && i <= n->last; i++)
        if (((Stmt *)k->stmts.items[i])->header == v->decl_stmt)
            return true;
    return nest_declares(k, n, v);
}

/* The webs whose values reach nest n's thread loops from outside (an interchanged loop's:
 * those reaching its body, where the thread loops are). */
static PtrVec *entering_webs(Kernel *k, Nest *n) {
    Stmt *first = k->stmts.items[n->first];
    return n->interchange ? &first->body_webs : &first->entry_webs;
}

/* The web of v whose values reach nest n's thread loops from outside and are read there, or
 * NULL. Only one can be (two reaching one read are one web); *several when that fails. */
static Web *entry_web(Kernel *k, Nest *n, Var *v, bool *several) {
    PtrVec *in = entering_webs(k, n);
    Web *found = NULL;
    *several = false;
    for (int i = 0; i < in->len; i++) {
        Web *w = in->items[i];
        if (w->var != v || !nest_reads(k, n, v, w))
            continue;
        if (found)
            *several = true;
        if (!found || w->promoted)
            found = w;
    }
    return found;
}

/* Is web w's value on entry to nest ni only ever that of its local's declaration without an
 * initialiser (indeterminate: nothing to carry)? Every other statement writing it is in the
 * nest, the nest is not a loop's body (interchanged), and no loop runs round the nest:
 * inside one, even a declaration in the loop's body would start each trip with an
 * indeterminate value that programs built with nvcc may find holding the previous trip's
 * (undefined, but it works there), which a per-thread copy keeps as before. */
static bool entry_indeterminate(Kernel *k, int ni, Web *w) {
    Var *v = w->var;
    Nest *n = k->nests.items[ni];
    /* an interchanged loop's body is entered on every trip: the values of the last come round */
    if (!v->no_init || !v->decl_stmt || v->is_param || n->interchange)
        return false;
    for (Stmt *p = ((Stmt *)k->stmts.items[n->first])->parent; p; p = p->parent)
        if (p->sync == SK_FOR || p->sync == SK_WHILE || p->sync == SK_DO)
            return false;
    for (int j = -k->headers.len, m = k->stmts.len + pseudo_count(k); j < m; j++) {
        Stmt *s = fact_at(k, j);
        if (s != v->decl_stmt && vec_contains(&s->write_webs, w) && (j < 0 || j >= k->stmts.len || s->nest != ni))
            return false;
    }
    return true;
}

/* Is every value of v entering nest ni indeterminate (see entry_indeterminate)? */
static bool entry_all_indeterminate(Kernel *k, int ni, Var *v) {
    PtrVec *in = entering_webs(k, k->nests.items[ni]);
    if (!v->no_init)
        return false;
    for (int i = 0; i < in->len; i++) {
        Web *w = in->items[i];
        if (w->var == v && !entry_indeterminate(k, ni, w))
            return false;
    }
    return true;
}

/* Does a statement of nest n give web w a value? */
static bool nest_defines(Kernel *k, Nest *n, Web *w) {
    for (int i = n->first; i <= n->last; i++)
        if (vec_contains(&((Stmt *)k->stmts.items[i])->write_webs, w))
            return true;
    return false;
}

/* Is v's value on entry to nest ni dead, so that the nest may declare v anew (as for an
 * indeterminate one)? No value of v reaching the nest is read there or by a nest other than the
 * one giving it (so none passes through it), and the nest's own values of v that other nests read are
 * per-thread copies (stored from its declaration). The form: `int ss;` declared in one nest,
 * then `ss = __shfl_sync(m, s, 0); if (lane < ss) ...` in each of several steps between warp
 * functions, each step a nest of its own (HeCBench segsort). */
static bool entry_dead(Kernel *k, int ni, Var *v) {
    Nest *n = k->nests.items[ni];
    PtrVec *in = entering_webs(k, n);
    if (v->is_param || v->escapes || v->alias || v->ref || n->interchange)
        return false;
    for (int i = 0; i < k->nests.len; i++)
        if (nest_returns_read(k, k->nests.items[i], v))
            return false;
    for (int i = 0; i < in->len; i++) {
        Web *w = in->items[i];
        for (int j = 0; w->var == v && j < k->nests.len; j++)
            if (nest_reads(k, k->nests.items[j], v, w) && !nest_defines(k, k->nests.items[j], w))
                return false;
    }
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        if (s->header && vec_contains(&s->header->writes, v))
            return false;
        for (int j = 0; j < s->writes.len; j++) {
            Web *w = j < s->write_webs.len ? s->write_webs.items[j] : NULL;
            if (s->writes.items[j] != v)
                continue;
            if (!w)
                return false;
            for (int m = 0; m < k->nests.len && !w->promoted; m++)
                if (m != ni && nest_reads(k, k->nests.items[m], v, w))
                    return false;
        }
    }
    return true;
}

/* Flow-sensitive locals: a varying web is promoted where its values enter a nest reading them
 * (but for a declaration's indeterminate value). */
static void promote_webs(Kernel *k) {
    for (int i = 0; i < k->nests.len; i++) {
        Nest *n = k->nests.items[i];
        Stmt *first = k->stmts.items[n->first];
        PtrVec *in = entering_webs(k, n);
        for (int j = 0; j < in->len; j++) {
            Web *w = in->items[j];
            /* a grid-stride loop's counter is computed afresh in each trip's thread loop */
            if (n->grid_stride && w->var == first->gs_var)
                continue;
            /* declared in the nest with a value (a for-loop's counter): what comes round a loop
             * holding barriers from the last trip is never read */
            if (declared_in(k, n, w->var) && w->var->has_init)
                continue;
            if (w->dims && !w->var->whole && !w->var->is_shared && nest_reads(k, n, w->var, w) &&
                !entry_indeterminate(k, i, w))
                w->promoted = true;
        }
    }
    /* an if or loop run per thread evaluates its condition (a loop its header) in thread
     * loops of its own: the varying values it reads or writes live per thread */
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; s->predicated && j < s->read_webs.len + s->write_webs.len; j++) {
            Web *w = j < s->read_webs.len ? s->read_webs.items[j] : s->write_webs.items[j - s->read_webs.len];
            if (w->dims && !w->var->whole && !w->var->is_shared)
                w->promoted = true;
        }
    }
    for (int i = 0; i < k->webs.len; i++) {
        Web *w = k->webs.items[i];
        if (w->promoted && !w->var->whole)
            w->var->promoted = true;
    }
}

/* Where each nest's locals come from (Nest.loads, Nest.copies), and which locals declared in
 * a nest need a block-level scalar too (Var.hoisted). */
static void plan_nests(Arena *a, Kernel *k) {
    for (int i = 0; i < k->nests.len; i++) {
        Nest *n = k->nests.items[i];
        n->loads.len = n->copies.len = n->fresh.len = 0;
    }
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->hoisted = false;
        if (v->is_shared || v->remat)
            continue;
        for (int j = 0; j < k->nests.len; j++) {
            Nest *n = k->nests.items[j];
            if (v->promoted && declared_in(k, n, v))
                n->dims |= v->dims;     /* its copies may be per thread of another nest */
            if ((!nest_reads(k, n, v, NULL) && !nest_writes(k, n, v) && !nest_returns_read(k, n, v)) ||
                declared_in(k, n, v))
                continue;
            if (v->whole) {
                if (v->promoted) {
                    vec_push(a, &n->loads, v);
                    n->dims |= v->dims;     /* (as below) */
                }
                continue;
            }
            bool several;
            Web *e = entry_web(k, n, v, &several);
            if (nest_writes(k, n, v) && (entry_all_indeterminate(k, j, v) || (!e && entry_dead(k, j, v))))
                vec_push(a, &n->fresh, v);
            else if (v->promoted && (!e || e->promoted))
                vec_push(a, &n->loads, v);
            else if (e && !several && !e->promoted && nest_writes(k, n, v))
                vec_push(a, &n->copies, v);
            /* its per-thread storage is indexed in every dimension the local varies in: the
             * nest loops over them (pure statements varying in fewer run again, harmlessly) */
            if (v->promoted && (vec_contains(&n->loads, v) || nest_writes(k, n, v)))
                n->dims |= v->dims;
        }
        /* declared in a nest, named outside it where no per-thread copy is made (a local
         * decided as a whole: when it is uniform, declared with others that vary, without
         * a value) */
        Stmt *d = v->decl_stmt;
        if ((v->whole && v->promoted) || !d || d->kind != ST_DECL || d->nest < 0 || d->index < 0 ||
            d->index >= k->stmts.len || k->stmts.items[d->index] != d)
            continue;
        for (int j = 0; j < k->stmts.len && !v->hoisted; j++) {
            Stmt *s = k->stmts.items[j];
            Stmt *h = s->header;
            bool in_header = h && (vec_contains(&h->reads, v) || vec_contains(&h->writes, v));
            if (s->nest == d->nest ||
                (!vec_contains(&s->reads, v) && !vec_contains(&s->writes, v) && !in_header))
                continue;
            Nest *n = s->nest >= 0 ? k->nests.items[s->nest] : NULL;
            /* a nest's copy of the block's value (Nest.copies) reads that scalar too */
            v->hoisted = !n || (n->interchange && in_header) || !vec_contains(&n->loads, v);
        }
    }
}

/* A promoted local that a nest loads and writes back, the nest looping over more dimensions
 * than the local varies in (stepSum += s[threadIdx.x][..] in a loop over x and y): the threads
 * sharing one copy would each update it in turn, the second starting from the first's result.
 * Its copies are made per thread of the nest instead (and the nests using them loop over
 * those dimensions: plan_nests again). True if anything changed. */
static bool widen_updated(Kernel *k) {
    bool changed = false;
    /* so do the control thread loops of an if or loop run per thread (lower_sites.c), which
     * loop over every dimension (`q += blockDim.y` with q varying in y alone) */
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; s->predicated && j < s->writes.len; j++) {
            Var *v = s->writes.items[j];
            if (v->promoted && !v->is_shared && v->dims != DIM_XYZ) {
                v->dims = DIM_XYZ;
                changed = true;
            }
        }
    }
    for (int j = 0; j < k->nests.len; j++) {
        Nest *n = k->nests.items[j];
        for (int i = 0; i < n->loads.len; i++) {
            Var *v = n->loads.items[i];
            if ((n->dims & ~v->dims) && nest_writes(k, n, v)) {
                v->dims |= n->dims;
                changed = true;
            }
        }
    }
    return changed;
}

/* Locals whose per-thread copies need a type the output can spell and a value that survives
 * the thread loop: a lambda (no type name) is declared again in each thread loop using it
 * instead, the same closure when what it captures by value has not changed since (by
 * reference it sees the thread's copies of the locals, loaded there); an auto of a template
 * needs its deduced type spelled; a reference keeps its binding only when bound to memory
 * or a temporary (Var.ref). */
static void check_promoted(Unit *u, Kernel *k, Var *v) {
    /* per-thread locals live in their thread loop; a pointer to one kept from one loop to
     * another would point at a copy that is gone */
    if (v->promoted && v->addr_of && v->addr_of->dims && !v->addr_of->is_shared)
        diag_refuse(u, v->loc, "'%s' holds the address of the per-thread local '%s' across thread loops "
                   "(e.g. a barrier): not supported yet", v->name, v->addr_of->name);
    if (v->promoted && v->lambda) {
        bool same = v->init_text && !(v->lambda & LAMBDA_MUTABLE && v->lambda & LAMBDA_BY_VALUE);
        for (int j = 0; same && (v->lambda & LAMBDA_BY_VALUE) && j < v->init_reads.len; j++)
            same = !written_after_decl(k, v->init_reads.items[j]);
        if (!same)
            diag_refuse(u, v->loc, "lambda '%s' used across thread loops (e.g. a barrier) %s: not "
                       "supported yet", v->name, !v->init_text ? "is written by a macro"
                       : v->lambda & LAMBDA_MUTABLE ? "is mutable" : "captures by value a local "
                       "that changes after it");
        v->promoted = false;
        v->remat = true;
        return;
    }
    if ((v->promoted || v->remat) && !v->type_deduced && strstr(v->type, "auto") &&
        !strchr(v->type, '&'))
        diag_refuse(u, v->loc, "the type of '%s' (auto, depending on the template's parameters) "
                   "cannot be spelled for its per-thread copies: declare it with its type", v->name);
    else if (v->promoted && !v->type_deduced && strchr(v->type, '&') &&
             (!v->ref || v->type[strlen(v->type) - 1] != '&'))
        diag_refuse(u, v->loc, "reference '%s' bound to a local (or through a call) used across "
                   "thread loops (e.g. a barrier): not supported yet (use a pointer)", v->name);
}

/* A member function holding a barrier runs once per block, on one object: not on one that
 * differs between threads. */
static void check_member_objects(Unit *u, Kernel *k) {
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (in->this_arg && in->this_var && (in->this_var->dims || in->this_var->promoted))
            diag_refuse(u, in->this_bind->loc, "call of '%s', a member function holding a barrier, on '%s', a local "
                        "that differs between threads (or that '%s' writes per thread): cu2c binds one object per "
                        "block (not supported yet)", in->name, in->this_var->name, in->name);
        else if (in->this_arg && in->this_ptr->dims)
            diag_refuse(u, in->this_bind->loc, "call of '%s', a member function holding a barrier, on an object "
                        "that differs between threads: cu2c binds one object per block (not supported yet)",
                        in->name);
    }
}

void promote_locals(Unit *u, Kernel *k) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->promoted = v->remat = v->clamped = v->clamp_pieces = false;
        if (v->is_shared || v->dims == 0 || !v->whole)
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
            /* a loop run per thread: its init, condition and increment run in loops of their own */
            if (s->predicated && s->sync != SK_IF)
                v->promoted = true;
            for (Stmt *p = s->parent; p; p = p->parent)
                in_loop |= p->sync == SK_FOR || p->sync == SK_WHILE || p->sync == SK_DO;
        }
        /* a parameter changed per thread inside a loop holding barriers keeps its value from
         * one trip round the loop to the next */
        if (v->is_param && in_loop)
            v->promoted = true;
        v->remat = v->promoted && !v->lambda && rematerialisable(k, v);
        if (v->remat)
            v->promoted = false;
    }
    for (int i = 0; i < k->webs.len; i++) {
        Web *w = k->webs.items[i];
        w->promoted = w->var->whole && w->var->promoted;
    }
    promote_webs(k);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->whole || !v->promoted || v->lambda)
            continue;
        v->remat = rematerialisable(k, v);
        if (v->remat)
            v->promoted = false;
    }
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (!v->promoted || v->remat || !clamped(k, v))
            continue;
        v->clamped = v->remat = true;
        v->promoted = false;
        v->clamp_pieces = clamp_pieces(k, v);
        for (int j = 0; j < k->webs.len; j++)
            if (((Web *)k->webs.items[j])->var == v)
                ((Web *)k->webs.items[j])->promoted = false;
    }
    /* `T x = f(...)` inlined, varying: x reads the per-thread copies of f's result */
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->alias && v->dims) {
            v->promoted = v->alias->promoted = true;
            v->remat = v->alias->remat = false;
        }
    }
    for (int i = 0; i < k->vars.len; i++)
        check_promoted(u, k, k->vars.items[i]);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->x_affine = !v->promoted && !v->coord && x_affine(k, v);
        v->lin_fixed = lin_fixed(k, v);
    }
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->x_subs.len; j++) {
            XSub *x = s->x_subs.items[j];
            x->ok = true;
            for (int m = 0; m < x->reads.len; m++)
                x->ok &= fixed_uniform(k, x->reads.items[m]);
        }
    }
    do
        plan_nests(u->arena, k);
    while (widen_updated(k));
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->x_stepped = !k->thread_order && x_stepped(k, v);
    }
    check_member_objects(u, k);
}
