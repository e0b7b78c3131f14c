/* find_regions - splits a kernel into barrier-free regions.
 * Expects: the kernel's statement tree: leaves, barriers (ST_BARRIER) and barrier-carrying
 * constructs (ST_SYNC) whose bodies are statement lists of their own.
 * Guarantees: every statement has a region index; two leaves share a region exactly when
 * they sit in the same list with no barrier and no barrier-carrying construct between them.
 * A region never crosses the edge of a construct: entering a loop body, leaving it, or
 * going round it again is where its barriers sit (loop fission; both branches of an if).
 * A warp step (a leaf reading or writing volatile memory, Stmt.vstep) is a region alone. */
#include "cu2c.h"

static void walk(PtrVec *list, int *next) {
    int cur = (*next)++;
    for (int i = 0; i < list->len; i++) {
        Stmt *s = list->items[i];
        if ((s->has_site || s->vstep) && s->kind != ST_SYNC && i > 0)
            cur = (*next)++;   /* a reduction barrier holder starts where the barrier is */
        s->region = cur;
        if (s->vstep && i + 1 < list->len)
            cur = (*next)++;   /* a warp step is a region of its own: its stores are made after it */
        if (s->kind == ST_BARRIER) {
            cur = (*next)++;
        } else if (s->kind == ST_SYNC) {
            for (int b = 0; b < s->bodies.len; b++)
                walk(s->bodies.items[b], next);
            cur = (*next)++;
        }
    }
}

void find_regions(Unit *u, Kernel *k) {
    (void)u;
    int next = 0;
    walk(&k->body, &next);
    k->nregions = next;
}
