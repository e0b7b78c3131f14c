/* find_regions - splits a kernel at its top-level __syncthreads() into barrier-free regions.
 * Expects: the kernel's top-level statements, barriers marked ST_BARRIER (the frontend
 * refused barriers nested in control flow and in device functions).
 * Guarantees: every statement has a region index; a barrier ends region r and the next
 * statement starts region r + 1; k->nregions counts them. */
#include "cu2c.h"

void find_regions(Unit *u, Kernel *k) {
    (void)u;
    int region = 0;
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        s->region = region;
        if (s->kind == ST_BARRIER)
            region++;
    }
    k->nregions = region + 1;
}
