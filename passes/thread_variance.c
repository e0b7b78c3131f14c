/* thread_variance - which thread dimensions (x, y, z) each statement and each definition of
 * a local can differ in: an analysis, it decides nothing about storage or loops.
 * Expects: statements with the locals they read, write and certainly assign (kills), their
 * direct threadIdx uses, and whether they have side effects every thread performs (atomics,
 * printf, calls to user functions); for a barrier-carrying construct, the same facts about
 * its control only.
 * Guarantees: k->webs, s->read_webs and s->write_webs for every statement, s->entry_webs (and
 * s->body_webs) for leaves, s->dims for every statement, w->dims for every web, v->dims (the
 * union of its webs') and v->whole for every local, s->after_exit for the statements that may
 * run after some (not all) threads have returned, k->has_exits, and s->fret_scopes for those
 * that may run after some threads left an expanded call.
 *
 * Flow-sensitive: reaching definitions over the statement tree (loops iterated to a fixed
 * point, break/continue to every enclosing loop or switch, a declaration or `v = e` killing
 * the definitions before it) give each use its definitions; those reaching a common use form
 * a web, and variance is decided per web. So `int i, j;` with only j varying, a counter
 * reused after a thread-dependent use, or a local re-assigned a uniform value before a
 * barrier loop each get their own answer. A local whose flow the tree does not show (its
 * address taken, a parameter, a reference, an array, a statement in no list reading it, a
 * kernel with goto, labels or asm) has one web for the whole kernel (Var.whole).
 *
 * A definition varies in the dimensions of threadIdx its statement reads, of the webs it
 * reads, and of its side effects; a web in the union of its definitions'; a statement in its
 * definitions' and in the webs it writes (a write into a per-thread value happens per
 * thread); the value a declaration gives a local varies as the statement does (it runs in
 * the thread loop of the locals declared beside it). Control dependence inside a leaf is
 * covered by the leaf's own set; a construct holding a barrier or warp functions whose
 * condition varies (an if or loop with a plain condition) is marked predicated and every
 * leaf under it runs per thread (all three dimensions), each thread by its own flag; its
 * barriers are the block's among the threads reaching them (checked at run time where the
 * others could wait at another barrier: lower_sites.c); other constructs holding a barrier
 * must be uniform (check_barriers), so nothing under them depends on a varying condition.
 * Side effects run per thread: all three dimensions. After a thread may have returned (later
 * in the body, or anywhere in a loop around the return), leaves touching memory or with
 * effects run per thread so ended threads can be skipped. Fixpoint: the sets only grow. */
#include "cu2c.h"

#include <stdint.h>
#include <string.h>

/* ---- reaching definitions ------------------------------------------------------------ */

/* A definition: statement s (NULL: the value on entry) gives local v a value. */
typedef struct Def {
    Var *v;
    Stmt *s;
    int parent;             /* union-find: the web */
} Def;

typedef uint64_t *Set;      /* of definitions, one bit each */

typedef struct Frame {      /* an enclosing loop or switch: where break/continue go */
    struct Frame *up;
    Set jumps;              /* what reaches a break or continue inside it */
    Set entry;              /* a switch: what reaches its cases */
} Frame;

typedef struct Flow {
    Arena *a;
    Kernel *k;
    int nfacts, ndefs, words;
    Def *defs;
    int *first_def;         /* per fact: its first definition (one per local it writes) */
    int **use_def;          /* per fact, per local it reads: a definition reaching it, or -1 */
    Set *var_defs;          /* per local: all its definitions */
    Set *in, *body_in;      /* per leaf (fact id): what reaches it, and its body */
    Frame *frames;
} Flow;

static int fact_id(Flow *f, Stmt *s) {
    Kernel *k = f->k;
    if (s->index >= 0 && s->index < k->stmts.len && k->stmts.items[s->index] == s)
        return s->index + k->headers.len;
    for (int i = 0; i < f->nfacts; i++)
        if (fact_at(k, i - k->headers.len) == s)
            return i;
    return -1;
}

static Set set_new(Flow *f) {
    return arena_alloc(f->a, sizeof(uint64_t) * (size_t)(f->words ? f->words : 1));
}

static Set set_copy(Flow *f, Set s) {
    Set t = set_new(f);
    memcpy(t, s, sizeof(uint64_t) * (size_t)f->words);
    return t;
}

/* a |= b; true if a grew. Only on sets just made: a set handed on may be some leaf's. */
static bool set_or(Flow *f, Set a, Set b) {
    bool grew = false;
    for (int i = 0; i < f->words; i++) {
        grew |= (b[i] & ~a[i]) != 0;
        a[i] |= b[i];
    }
    return grew;
}

static bool set_has(Set s, int d) {
    return (s[d / 64] >> (d % 64)) & 1;
}

static int find(Flow *f, int d) {
    while (f->defs[d].parent != d)
        d = f->defs[d].parent = f->defs[f->defs[d].parent].parent;
    return d;
}

static void unite(Flow *f, int a, int b) {
    a = find(f, a);
    b = find(f, b);
    if (a != b)
        f->defs[b].parent = a;
}

/* What comes out of fact s given what goes in: kills (when asked), then its definitions. */
static Set through(Flow *f, Stmt *s, Set in, bool kill) {
    Set out = set_copy(f, in);
    if (kill)
        for (int j = 0; j < s->kills.len; j++) {
            Var *v = s->kills.items[j];
            for (int w = 0; w < f->words; w++)
                out[w] &= ~f->var_defs[v->id][w];
        }
    int id = fact_id(f, s);
    for (int j = 0; id >= 0 && j < s->writes.len; j++) {
        int d = f->first_def[id] + j;
        out[d / 64] |= (uint64_t)1 << (d % 64);
    }
    return out;
}

/* s reads its locals where `in` reaches. Definitions reaching one use join one web. */
static void use(Flow *f, Stmt *s, Set in) {
    int id = fact_id(f, s);
    if (id < 0)
        return;
    for (int j = 0; j < s->reads.len; j++) {
        Var *v = s->reads.items[j];
        if (v->whole)
            continue;
        for (int d = 0; d < f->ndefs; d++) {
            if (!set_has(in, d) || f->defs[d].v != v)
                continue;
            if (f->use_def[id][j] < 0)
                f->use_def[id][j] = d;
            else
                unite(f, f->use_def[id][j], d);
        }
    }
}

static void jump_from(Flow *f, Set what) {
    for (Frame *fr = f->frames; fr; fr = fr->up)
        set_or(f, fr->jumps, what);
}

static Set walk_list(Flow *f, PtrVec *list, Set in);

static Set walk_loop(Flow *f, Stmt *s, Set in) {
    Frame fr = {f->frames, set_new(f), NULL};
    Set back = set_new(f), out;
    /* a for-loop's init kills what it assigns, once */
    Set pre = s->sync == SK_FOR ? through(f, s, in, true) : in;
    for (;;) {
        Set h = set_copy(f, s->sync == SK_DO ? in : pre);
        set_or(f, h, back);
        f->frames = &fr;
        if (s->sync == SK_DO) {
            Set b = set_copy(f, walk_list(f, s->bodies.items[0], h));
            f->frames = fr.up;
            set_or(f, b, fr.jumps);
            use(f, s, b);
            out = through(f, s, b, false);
        } else {
            use(f, s, h);
            out = through(f, s, h, false);
            Set b = set_copy(f, walk_list(f, s->bodies.items[0], out));
            f->frames = fr.up;
            set_or(f, b, fr.jumps);
            h = b;
        }
        Set next = s->sync == SK_DO ? out : h;
        if (!set_or(f, back, next))
            break;
    }
    set_or(f, out, fr.jumps);
    set_or(f, out, back);
    return out;
}

static Set walk_stmt(Flow *f, Stmt *s, Set in) {
    if (s->kind == ST_BARRIER)
        return in;
    if (s->kind != ST_SYNC) {
        int id = fact_id(f, s);
        f->in[id] = in;
        Set out;
        if (s->header) {
            /* the header's init kills, then the body runs with the header round and round */
            Set b = through(f, s->header, in, true);
            b = through(f, s, b, false);
            f->body_in[id] = b;
            use(f, s->header, b);
            use(f, s, b);
            out = b;
        } else {
            use(f, s, in);
            out = through(f, s, in, !s->jumps.len && !s->has_return && !s->fret);
        }
        if (s->jumps.len) {
            Set j = through(f, s, in, false);
            jump_from(f, j);
        }
        return out;
    }
    switch (s->sync) {
    case SK_IF: {
        use(f, s, in);
        Set c = through(f, s, in, true);
        Set out = set_copy(f, walk_list(f, s->bodies.items[0], c));
        set_or(f, out, s->bodies.len > 1 ? walk_list(f, s->bodies.items[1], c) : c);
        return out;
    }
    case SK_SWITCH: {
        use(f, s, in);
        Set c = through(f, s, in, true);
        Frame fr = {f->frames, set_new(f), c};
        f->frames = &fr;
        Set out = set_copy(f, walk_list(f, s->bodies.items[0], c));
        f->frames = fr.up;
        set_or(f, out, fr.jumps);
        set_or(f, out, c);
        return out;
    }
    case SK_FOR:
    case SK_WHILE:
    case SK_DO:
        return walk_loop(f, s, in);
    default: {
        /* a case is entered from its switch too; blocks, labelled statements and expanded
         * calls run their bodies in order */
        Set x = set_copy(f, in);
        if (s->sync == SK_CASE)
            for (Frame *fr = f->frames; fr; fr = fr->up)
                if (fr->entry)
                    set_or(f, x, fr->entry);
        use(f, s, x);
        x = through(f, s, x, false);
        for (int b = 0; b < s->bodies.len; b++)
            x = walk_list(f, s->bodies.items[b], x);
        return x;
    }
    }
}

static Set walk_list(Flow *f, PtrVec *list, Set in) {
    for (int i = 0; i < list->len; i++)
        in = walk_stmt(f, list->items[i], in);
    return in;
}

/* Locals whose flow the statement tree does not show get one web for the whole kernel. */
static void mark_whole(Kernel *k) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        v->whole = k->irregular_flow || v->escapes || v->is_param || v->alias || v->ref_target ||
                   strchr(v->type, '&') || strchr(v->type, '[');
    }
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        for (int j = 0; j < in->params.len; j++)
            ((Var *)in->params.items[j])->whole = true;
        if (in->result)
            in->result->whole = true;
        if (in->result_tmp)
            in->result_tmp->whole = true;
    }
    for (int i = k->stmts.len, n = k->stmts.len + pseudo_count(k); i < n; i++) {
        Stmt *s = fact_at(k, i);
        for (int j = 0; j < s->reads.len; j++)
            ((Var *)s->reads.items[j])->whole = true;
        for (int j = 0; j < s->writes.len; j++)
            ((Var *)s->writes.items[j])->whole = true;
    }
    /* an if holding warp functions may run per thread: its condition in a loop of its own */
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        if (s->kind == ST_SYNC && s->sync == SK_IF && !s->block_barrier)
            for (int j = 0; j < s->reads.len; j++)
                ((Var *)s->reads.items[j])->whole = true;
        for (int j = 0; j < s->return_facts.len; j++) {
            Stmt *r = s->return_facts.items[j];
            for (int m = 0; m < r->reads.len; m++)
                ((Var *)r->reads.items[m])->whole = true;
        }
    }
}

static Set *set_vec(Flow *f, int n) {
    return arena_alloc(f->a, sizeof(Set) * (size_t)(n ? n : 1));
}

/* Reaching definitions, then webs: fills k->webs and every fact's read_webs, write_webs,
 * and the leaves' entry_webs and body_webs. */
static void find_webs(Unit *u, Kernel *k) {
    Flow f = {.a = u->arena, .k = k};
    f.nfacts = k->headers.len + k->stmts.len + pseudo_count(k);
    mark_whole(k);
    f.ndefs = k->vars.len;      /* one entry definition per local, then the statements' */
    for (int i = 0; i < f.nfacts; i++)
        f.ndefs += fact_at(k, i - k->headers.len)->writes.len;
    f.words = (f.ndefs + 63) / 64;
    f.defs = arena_alloc(f.a, sizeof(Def) * (size_t)f.ndefs);
    f.first_def = arena_alloc(f.a, sizeof(int) * (size_t)(f.nfacts + 1));
    f.use_def = arena_alloc(f.a, sizeof(int *) * (size_t)(f.nfacts + 1));
    f.var_defs = set_vec(&f, k->vars.len);
    f.in = set_vec(&f, f.nfacts);
    f.body_in = set_vec(&f, f.nfacts);
    int d = 0;
    Set entry = set_new(&f);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        f.var_defs[i] = set_new(&f);
        f.defs[d] = (Def){v, NULL, d};
        entry[d / 64] |= (uint64_t)1 << (d % 64);
        d++;
    }
    for (int i = 0; i < f.nfacts; i++) {
        Stmt *s = fact_at(k, i - k->headers.len);
        f.first_def[i] = d;
        f.use_def[i] = arena_alloc(f.a, sizeof(int) * (size_t)(s->reads.len + 1));
        for (int j = 0; j < s->reads.len; j++)
            f.use_def[i][j] = -1;
        for (int j = 0; j < s->writes.len; j++, d++)
            f.defs[d] = (Def){s->writes.items[j], s, d};
    }
    for (int i = 0; i < f.ndefs; i++)
        f.var_defs[f.defs[i].v->id][i / 64] |= (uint64_t)1 << (i % 64);
    walk_list(&f, &k->body, entry);
    /* a local with one web: all its definitions together */
    for (int i = 0; i < f.ndefs; i++)
        if (f.defs[i].v->whole)
            unite(&f, f.defs[i].v->id, i);
    Web **webs = arena_alloc(f.a, sizeof(Web *) * (size_t)f.ndefs);
    k->webs.len = 0;
    for (int i = 0; i < f.ndefs; i++) {
        int r = find(&f, i);
        if (!webs[r]) {
            webs[r] = arena_alloc(f.a, sizeof(Web));
            webs[r]->var = f.defs[i].v;
            webs[r]->id = k->webs.len;
            vec_push(f.a, &k->webs, webs[r]);
        }
        webs[i] = webs[r];
    }
    for (int i = 0; i < f.nfacts; i++) {
        Stmt *s = fact_at(k, i - k->headers.len);
        s->read_webs.len = s->write_webs.len = s->entry_webs.len = s->body_webs.len = 0;
        for (int j = 0; j < s->writes.len; j++)
            vec_push(f.a, &s->write_webs, webs[f.first_def[i] + j]);
        for (int j = 0; j < s->reads.len; j++) {
            Var *v = s->reads.items[j];
            int ud = f.use_def[i][j];
            if (ud < 0 && !v->whole) {
                /* a local it kills: the value it reads is its own; none reaching: no value */
                int own = -1;
                for (int m = 0; m < s->writes.len; m++)
                    if (s->writes.items[m] == v)
                        own = f.first_def[i] + m;
                ud = own >= 0 ? own : v->id;
            }
            vec_push(f.a, &s->read_webs, webs[ud < 0 ? v->id : ud]);
        }
        for (int j = 0; j < f.ndefs; j++) {
            if (f.in[i] && set_has(f.in[i], j) && !vec_contains(&s->entry_webs, webs[j]))
                vec_push(f.a, &s->entry_webs, webs[j]);
            if (f.body_in[i] && set_has(f.body_in[i], j) && !vec_contains(&s->body_webs, webs[j]))
                vec_push(f.a, &s->body_webs, webs[j]);
        }
    }
}

/* ---- variance ------------------------------------------------------------------------- */

static bool grow(unsigned *dims, unsigned d) {
    if ((*dims | d) == *dims)
        return false;
    *dims |= d;
    return true;
}

/* The one web of a local decided as a whole. */
static Web *whole_web(Kernel *k, Var *v) {
    for (int i = 0; i < k->webs.len; i++)
        if (((Web *)k->webs.items[i])->var == v)
            return k->webs.items[i];
    return NULL;
}


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

/* Marks what may run after leaf r returned for some threads; true if anything changed. */
static bool mark_after_exit(Kernel *k, Stmt *r) {
    bool changed = false;
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        bool after = i > r->index;
        for (Stmt *l = r->parent; l && !after; l = l->parent)
            after = is_loop(l) && stmt_inside(s, l);
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
        if (!stmt_inside(s, in->call))
            continue;
        bool after = i > r->index;
        for (Stmt *l = r->parent; l && l != in->call && !after; l = l->parent)
            after = is_loop(l) && stmt_inside(s, l);
        if (after && !vec_contains(&s->fret_scopes, in)) {
            vec_push(a, &s->fret_scopes, in);
            changed = true;
        }
    }
    return changed;
}

void thread_variance(Unit *u, Kernel *k) {
    find_webs(u, k);
    for (int i = 0; i < k->webs.len; i++) {
        Web *w = k->webs.items[i];
        /* (a const local is written by its declaration only, whoever holds its address) */
        w->dims = w->var->escapes && !w->var->is_shared && !w->var->is_const ? DIM_XYZ : 0;
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
            /* d: what its values depend on; all: where it must run (also per thread where
             * it writes a per-thread value) */
            unsigned d = s->tid_dims | (s->side_effects ? DIM_XYZ : 0);
            for (int j = 0; j < s->read_webs.len; j++)
                d |= ((Web *)s->read_webs.items[j])->dims;
            if (s->header)
                d |= s->header->dims;
            unsigned all = d;
            for (int j = 0; j < s->write_webs.len; j++)
                all |= ((Web *)s->write_webs.items[j])->dims;
            /* after a thread may have returned, what touches memory or has effects runs per
             * thread (so ended threads skip it, even when all of a block's have ended); pure
             * computation on locals may still run once per block */
            bool after = s->after_exit || s->fret_scopes.len ||
                         (s->kind == ST_BIND && (s->parent->after_exit || s->parent->fret_scopes.len));
            if (after && s->kind != ST_SYNC && !declares_shared(s) &&
                (s->touches_memory || s->side_effects || s->has_return || s->has_site))
                d = all = DIM_XYZ;
            /* an if or loop holding barriers or warp functions, with a varying condition: per
             * thread, and so is every leaf under it (each thread runs it or not by its own flag) */
            if (s->kind == ST_SYNC && (s->sync == SK_IF || is_loop(s)) && all &&
                s->simple_if && !s->predicated) {
                s->predicated = true;
                changed = true;
            }
            /* a loop some of whose threads break or continue and others not: per thread too
             * (the jump sets the thread's flag) */
            for (int j = 0; s->kind != ST_SYNC && all && j < s->jumps.len; j++) {
                Stmt *t = jump_target(s, s->jumps.items[j]);
                if (t && is_loop(t) && t->simple_if && !t->predicated) {
                    t->predicated = true;
                    changed = true;
                }
            }
            /* such a loop's control runs per thread: what its init and increment write is each
             * thread's (a counter the loop declares, uniform in its values, iterates apart) */
            if (s->predicated && is_loop(s) && !all)
                d = all = DIM_XYZ;
            /* a parameter of a call under such an if, bound to a pure argument, holds the
             * argument's value in every thread that can see it (those running the branch) */
            unsigned bound = d;
            bool pure_bind = s->kind == ST_BIND && !s->touches_memory && !s->side_effects && !s->has_site;
            /* (a loop header computing on locals only, writing only the counters it declares,
             * is the block's, its trips the block's: each thread under the if takes part in
             * them by its flag; a counter declared outside would keep, in the threads not
             * running the loop, the value it had) */
            bool block_header = i < 0 && !s->touches_memory && !s->side_effects && !s->has_site &&
                                writes_own_decls(s);
            if (s->kind != ST_SYNC && !declares_shared(s) && under_predicated(s) && !block_header)
                d = all = DIM_XYZ;
            if (all != s->dims) {
                s->dims = all;
                changed = true;
            }
            for (int j = 0; j < s->write_webs.len; j++) {
                Web *w = s->write_webs.items[j];
                /* a declaration runs where any local it declares varies; the value it gives
                 * one declared beside them is then a thread loop's, per thread like theirs
                 * (`int b, u = *p;` with b varying: u is computed in b's thread loop) */
                bool gives_value = s->kind == ST_DECL && w->var->has_init && vec_contains(&s->decls, w->var);
                changed |= grow(&w->dims, pure_bind ? bound : gives_value ? all : d);
            }
            if (s->fret && all && s->kind != ST_SYNC) {
                /* some threads leave the call here: the result differs between threads */
                Inline *in = s->fret;
                in->varying_returns = true;
                Web *w = in->result_tmp ? whole_web(k, in->result_tmp) : NULL;
                if (w)
                    changed |= grow(&w->dims, DIM_XYZ);
                changed |= mark_after_fret(u->arena, k, s);
            }
            if (s->has_return && all && s->kind != ST_SYNC) {
                k->has_exits = true;
                changed |= mark_after_exit(k, s);
            }
        }
        /* x in `T x = f(...)` varies as the value f's expansion gives it; a reference
         * parameter and the caller's local it names are one object */
        for (int j = 0; j < k->vars.len; j++) {
            Var *v = k->vars.items[j];
            Web *w = v->alias ? whole_web(k, v) : NULL, *from = w ? whole_web(k, v->alias) : NULL;
            if (w && from)
                changed |= grow(&w->dims, from->dims);
            if (w && from && v->ref_param)
                changed |= grow(&from->dims, w->dims);
        }
    }
    for (int i = 0; i < k->vars.len; i++)
        ((Var *)k->vars.items[i])->dims = 0;
    for (int i = 0; i < k->webs.len; i++) {
        Web *w = k->webs.items[i];
        w->var->dims |= w->dims;
    }
}
