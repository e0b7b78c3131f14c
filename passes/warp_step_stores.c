/* warp_step_stores - the stores of legacy warp-synchronous steps (VStore: a statement storing
 * into volatile memory, run by a warp's lanes in lockstep, every lane's reads before any
 * lane's store): part of the lower_kernel pass.
 *
 * In general each thread of the step's thread loop takes the store's address and value into
 * buffers, and after the loop every thread's value is stored (commit_stores). An ordered
 * store into shared memory (VStore.lane_base: `s[tid] += s[tid + 16]`, tid the thread's x
 * coordinate, every read at or above the element stored) gives the same values stored
 * directly in ascending threads, where the threads of the block are one row (its lanes' x
 * coordinates then differ): no lane reads an element a lower lane stored. There the store is
 * direct and the reads and the store drop the volatile (shared memory is the block's alone,
 * and its threads run in this loop), so that the C compiler may vectorise the step. */
#include "lower.h"

#include <string.h>

/* The text true where the block's threads form one row (a constant in a body specialised for
 * the launches' block shape). */
#define ONE_ROW "(__cu2c_by * __cu2c_bz == 1)"

/* Is v the thread's x coordinate wherever it is read: a local initialised to threadIdx.x
 * that never changes, or a parameter recomputed as threadIdx.x? */
static bool lane_coordinate(Kernel *k, Var *v) {
    if (v->escapes || v->alias || v->addr_of || written_after_decl(k, v))
        return false;
    return v->coord == DIM_X || (v->remat && v->init_text && strcmp(v->init_text, "threadIdx.x") == 0);
}

/* May vs store directly in the block's one row of threads (see above): an ordered store
 * (never a ++ or --) through a __shared__ array or a parameter bound to one, indexed by the
 * x coordinate? */
static bool direct_store(Kernel *k, VStore *vs) {
    Var *b = vs->lane_base;
    if (!b || k->race_check || k->thread_order || !lane_coordinate(k, vs->lane_index))
        return false;
    return b->is_shared || (b->shared_param && !b->dims && !b->promoted && !b->escapes && !written_after_decl(k, b));
}

/* A warp step's store `V = E` (VStore): in the step's thread loop, each thread takes V's
 * address and its new value into its buffers, `(va = &(V), vv = (E))` having the value the
 * store has; after the loop (see commit_stores), every thread's value is stored, so that all
 * lanes' reads came first. A direct store takes E first, `(vt = (E), ONE_ROW ? (void)(V' op=
 * vt) : (void)(va = &(V), vv = *va op vt))`, V' and the reads of E V's array without volatile. */
void lower_vstore(Unit *u, Kernel *k, VStore *vs) {
    const char *lin = index_expr(DIM_XYZ);
    int id = vs->id;
    const char *take = arena_printf(u->arena, "(__cu2c_va%d[%s] = &(%s), __cu2c_vv%d[%s] = ", id, lin, vs->lhs, id, lin);
    const char *old = arena_printf(u->arena, "*__cu2c_va%d[%s]", id, lin);
    if (vs->incdec) {
        edit_replace_lines(u, vs->begin, vs->end, arena_printf(u->arena, "%s%s %s 1)", take, old, vs->op));
    } else if (direct_store(k, vs)) {
        const char *plain = arena_printf(u->arena, "(__typeof__(%s) *)", vs->type);
        edit_replace_lines(u, vs->begin, vs->end, arena_printf(u->arena, "(__cu2c_vt%d = (", id));
        edit_insert(u, vs->rhs_end,
                    arena_printf(u->arena, "), %s ? (void)(*%s&(%s) %s= __cu2c_vt%d) : (void)%s%s%s__cu2c_vt%d))",
                                 ONE_ROW, plain, vs->lhs, vs->op, id, take, *vs->op ? old : "", vs->op, id));
        for (int i = 0; i < vs->base_names.len; i++) {
            unsigned *at = vs->base_names.items[i];
            edit_replace_lines(u, at[0], at[1], arena_printf(u->arena, "(%s(%s))", plain, vs->lane_base->name));
        }
    } else {
        edit_replace_lines(u, vs->begin, vs->end,
                           *vs->op ? arena_printf(u->arena, "%s%s %s (", take, old, vs->op)
                                   : arena_printf(u->arena, "%s(", take));
        edit_insert(u, vs->rhs_end, "))");
    }
}

/* The temporaries of a nest's direct stores (E's values), before its thread loops. */
void put_store_temps(Kernel *k, Nest *n, Buf *h) {
    for (int i = 0; i < k->vstores.len; i++) {
        VStore *vs = k->vstores.items[i];
        if (vs->owner->index >= n->first && vs->owner->index <= n->last && direct_store(k, vs))
            buf_printf(h, "%s __cu2c_vt%d; ", vs->rhs_type, i);
    }
}

/* After the thread loop of a nest holding warp steps' stores: the stores, thread by thread
 * (a direct store's only where the block is more than one row). */
void commit_stores(Arena *a, Kernel *k, Nest *n, Buf *t) {
    /* under an if run per thread, only its branch's threads stored: in a block of one
     * dimension those from the first to the last of them (its flags' lanes) */
    char br;
    Stmt *pi = pred_if(k->stmts.items[n->first], &br);
    const char *lo = "0", *hi = count_expr(DIM_XYZ);
    if (pi) {
        const char *pl = arena_printf(a, "__cu2c_p%c%d", br, pi->index);
        lo = arena_printf(a, "(__cu2c_by * __cu2c_bz == 1 ? (size_t)%s.xlo : 0)", pl);
        hi = arena_printf(a, "(__cu2c_by * __cu2c_bz == 1 ? (size_t)%s.xhi : %s)", pl, hi);
    }
    for (int i = 0; i < k->vstores.len; i++) {
        VStore *vs = k->vstores.items[i];
        if (vs->owner->index >= n->first && vs->owner->index <= n->last)
            buf_printf(t, " %sfor (size_t __cu2c_i = %s; __cu2c_i < %s; __cu2c_i++) if (__cu2c_va%d[__cu2c_i]) { %s"
                          "*__cu2c_va%d[__cu2c_i] = __cu2c_vv%d[__cu2c_i]; __cu2c_va%d[__cu2c_i] = 0; }%s",
                       direct_store(k, vs) ? "if (!" ONE_ROW ") " : "", lo, hi, i,
                       k->race_check ? "CU2C_RACE_LANE(__cu2c_i) " : "", i, i, i,
                       k->race_check ? " CU2C_RACE_LANES_DONE()" : "");
    }
}

bool nest_stores(Kernel *k, Nest *n) {
    for (int i = 0; i < k->vstores.len; i++) {
        VStore *vs = k->vstores.items[i];
        if (vs->owner->index >= n->first && vs->owner->index <= n->last)
            return true;
    }
    return false;
}
