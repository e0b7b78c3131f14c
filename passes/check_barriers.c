/* check_barriers - refuses what CUDA leaves undefined and cu2c cannot run faithfully: a
 * barrier under thread-dependent control that cannot run per thread (a varying switch, an
 * if or loop declaring a variable in its condition), and a break/continue under
 * thread-dependent control leaving a loop holding a barrier.
 * Expects: thread_variance. Guarantees: every construct holding a barrier is block-uniform,
 * so its control can run once per block, or runs per thread (Stmt.predicated: its threads
 * agree at run time in correct programs, a barrier under it checked there when some thread
 * kept from it could wait at another, lower_sites.c's put_barrier_check; warp functions
 * combining the lanes taking their branch, their masks checked when they run); located
 * errors otherwise, at the barrier (or the jump), saying which condition varies and where
 * that comes from. A warp function whose mask
 * certainly names every lane of the warp (0xffffffff, __syncwarp(), a 32-lane tile's method)
 * under an if comparing the lane part of the thread index with a constant that splits a warp
 * is refused here: it would name lanes that are not active. A goto must stay inside its
 * statement. A kernel whose threads pass such a barrier, work and end while the others go on
 * to another barrier (Kernel.pairs_barriers) is marked for the fiber engine.
 */
#include "lower.h"

#include <stdlib.h>
#include <string.h>

static const char *construct_name(SyncKind k) {
    switch (k) {
    case SK_IF: return "if";
    case SK_FOR: return "for";
    case SK_WHILE: return "while";
    case SK_DO: return "do-while";
    case SK_SWITCH: return "switch";
    case SK_CASE: return "case";
    case SK_BLOCK: return "block";
    case SK_LABELLED: return "statement";
    case SK_INLINE: return "call";
    }
    return "?";
}

static const char *dim_list(unsigned dims) {
    static const char *names[8] = {"", "threadIdx.x", "threadIdx.y", "threadIdx.x and threadIdx.y",
                                   "threadIdx.z", "threadIdx.x and threadIdx.z",
                                   "threadIdx.y and threadIdx.z", "threadIdx.x, threadIdx.y and threadIdx.z"};
    return names[dims & 7];
}

/* Why s varies: its own threadIdx use, a call, or a varying local (with a note at it). */
static void explain(Unit *u, Stmt *s) {
    if (s->tid_dims)
        return;     /* the message already says it reads threadIdx */
    /* prefer a local the construct only reads: the loop counter it updates varies because
     * of it, not the other way round */
    Var *why = NULL;
    unsigned dims = 0;
    for (int j = 0; j < s->reads.len; j++) {
        Var *v = s->reads.items[j];
        Web *w = j < s->read_webs.len ? s->read_webs.items[j] : NULL;
        unsigned d = w ? w->dims : v->dims;     /* the value it reads here */
        if (d && (!why || (vec_contains(&s->writes, why) && !vec_contains(&s->writes, v)))) {
            why = v;
            dims = d;
        }
    }
    Stmt *per_thread = NULL;     /* an if run per thread around its declaration */
    for (Stmt *p = why && why->decl_stmt ? why->decl_stmt->parent : NULL; p && !per_thread; p = p->parent)
        if (p->predicated)
            per_thread = p;
    if (why && per_thread)
        diag_note(u, why->loc, "'%s' is declared under the 'if' at line %u, which runs per thread (its lanes "
                  "may disagree): its locals are per thread (compute what the condition reads before that if)",
                  why->name, loc_line(per_thread->loc));
    else if (why)
        diag_note(u, why->loc, "'%s' varies with %s%s", why->name, dim_list(dims),
                  why->escapes ? " (its address is taken)" : "");
    else if (s->side_effects)
        diag_note(u, s->loc, "it calls a function whose results may differ between threads");
}

/* Does this warp function's mask name every lane of the warp, whatever the values? */
static bool full_mask(Site *site) {
    if (site->op == WARP_ACTIVEMASK || site->coalesced)
        return false;
    if (site->width)
        return site->width >= 32;
    const char *m = site->args[0];
    if (!m)
        return site->op == WARP_SYNC;   /* __syncwarp() */
    char *end;
    unsigned long long v = strtoull(m, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    return *end == 0 && end != m && (v & 0xffffffffull) == 0xffffffffull;
}

/* An if splitting a warp at a constant around a warp function whose mask names every lane:
 * its lanes that do not take the branch are named but not active, certainly (undefined),
 * unless they leave the kernel without meeting the warp again (exited, which CUDA allows). */
static void check_lane_split(Unit *u, Kernel *k, Stmt *s) {
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        Stmt *c = site->owner;
        while (c->parent && c->parent != s)
            c = c->parent;
        if (site->op >= WARP_SHFL && stmt_inside(site->owner, s) && full_mask(site) &&
            !others_exit_without_meeting(k, s, c)) {
            diag_error(u, site->loc, "%s() under lane-dependent control: the condition of the 'if' at line "
                       "%u (%s) splits a warp, and the call's mask names every lane of it (the lanes not "
                       "taking this branch are not active: name only those that are)", site->name,
                       loc_line(s->loc), s->cond_text);
            return;
        }
    }
}

/* Does every break/continue leaving s go to a loop run per thread (each thread leaving it, or
 * its trip, by its own flag)? */
static bool jumps_run_per_thread(Stmt *s) {
    for (int j = 0; j < s->jumps.len; j++) {
        Stmt *t = jump_target(s, s->jumps.items[j]);
        if (!t || !t->predicated || t->sync == SK_SWITCH)
            return false;
    }
    return true;
}

static void check_statements(Unit *u, Kernel *k) {
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        /* a goto may jump within its statement only: anywhere else it would leave a thread
         * loop (ending it for every later thread) or cross a barrier */
        for (int j = 0; j < s->gotos.len; j++) {
            bool inside = false;
            for (int m = 0; m < s->labels.len; m++)
                inside |= strcmp(s->labels.items[m], s->gotos.items[j]) == 0;
            if (!inside) {
                diag_refuse(u, s->goto_loc, "goto %s jumps out of its statement: cu2c supports gotos to a "
                           "label in the same statement (e.g. inside one loop) only", (char *)s->gotos.items[j]);
                break;
            }
        }
        if (s->kind == ST_SYNC && s->steps_only && s->dims && !s->predicated) {
            /* lanes of a warp would take different numbers of steps: no lockstep for thread
             * loops to follow (the fiber engine's steps reconverge as a warp does) */
            diag_refuse(u, s->barrier_loc, "store into volatile memory (warp-synchronous code) under "
                       "thread-dependent control: the condition of the '%s' at line %u%s%s%s varies with %s",
                       construct_name(s->sync), loc_line(s->loc), s->cond_text ? " (" : "",
                       s->cond_text ? s->cond_text : "", s->cond_text ? ")" : "", dim_list(s->dims));
            explain(u, s);
        } else if (s->predicated && s->lane_split && !s->steps_only) {
            check_lane_split(u, k, s);
        } else if (s->kind == ST_SYNC && s->dims && !s->predicated) {
            diag_refuse(u, s->barrier_loc, "%s%s under %s-dependent control: the condition of the "
                       "'%s' at line %u%s%s%s varies with %s", s->barrier_name ? s->barrier_name : "barrier",
                       s->barrier_name ? "()" : "", s->barrier_name ? "lane" : "thread", construct_name(s->sync), loc_line(s->loc),
                       s->cond_text ? " (" : "", s->cond_text ? s->cond_text : "",
                       s->cond_text ? ")" : "", dim_list(s->dims));
            explain(u, s);
        } else if (s->kind != ST_SYNC && s->jumps.len && s->dims && !jumps_run_per_thread(s)) {
            if (s->after_exit && !s->tid_dims)
                diag_refuse(u, ((Jump *)s->jumps.items[0])->loc, "break/continue in a loop holding a barrier, after some threads "
                           "may have returned: not supported yet");
            else {
                diag_refuse(u, ((Jump *)s->jumps.items[0])->loc, "break/continue under thread-dependent control leaves a loop "
                           "holding a barrier (the statement varies with %s)", dim_list(s->dims));
                explain(u, s);
            }
        }
    }
}

/* Warp functions where the lowering cannot put their gathering: in the condition of a loop
 * (or of an if holding barriers) whose threads agree (its result differs between warps), in
 * a for-loop's init or increment run per thread. */
static void check_warp_sites(Unit *u, Kernel *k) {
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        Stmt *s = site->owner;
        /* its arguments gathered for every thread before the statement runs (lower_sites.c's
         * put_gather) cannot read what the statement itself declares (`for (int i = t;
         * __any_sync(m, i < n); ...)`) */
        for (int j = 0; site->pred && j < site->pred->reads.len; j++) {
            Var *v = site->pred->reads.items[j];
            if (v->decl_stmt == s)
                diag_refuse(u, v->loc, "'%s' is declared in the statement whose warp function reads it: declare "
                            "it in a statement of its own", v->name);
        }
        if (site->op < WARP_SHFL || s->kind != ST_SYNC)
            continue;
        if (!s->predicated) {
            diag_refuse(u, site->loc, "%s() in the condition of a loop (or of an if holding barriers or warp "
                        "functions) is not supported yet: its result differs between warps (assign it to a local "
                        "in the body)", site->name);
            continue;
        }
        unsigned spans[3][2] = {{0, 0}, {s->cond_begin, s->cond_end}, {0, 0}};
        if (s->sync == SK_FOR && for_header_spans(u, s->begin, s->then_begin, spans) &&
            (site->call_begin < spans[1][0] || site->call_end > spans[1][1]))
            diag_refuse(u, site->loc, "%s() in a for-loop's init or increment is not supported yet", site->name);
    }
}

void check_barriers(Unit *u, Kernel *k) {
    check_statements(u, k);
    check_warp_sites(u, k);
    for (int i = 0; i < k->stmts.len && !k->pairs_barriers; i++)
        k->pairs_barriers = barrier_pairs_by_design(k, k->stmts.items[i]);
}
