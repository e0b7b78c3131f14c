/* fast_subscripts.c - subscripts p[B + threadIdx.x] in a nest's fast copy (see XSub).
 * E = B + threadIdx.x of type unsigned int wraps at 2^32 when B is large, so the address
 * p + E is not affine in the thread loop's x for the C compiler, which then leaves the loop
 * scalar (gcc has no run-time check of its own for this). The fast copy of the nest (see
 * fast_copy in lower_kernel.c) is taken when, for every y and z of the block, B +- x stays
 * within E's type for every x of the block; there E is exactly the 64-bit B +- x, an
 * affine index. The general copy keeps the subscripts as written. */
#include "lower.h"

#include <stdlib.h>

/* Does a return of s (whose value a fast copy rewrites) hold [b, e)? */
static bool in_return(Stmt *s, unsigned b, unsigned e) {
    for (int j = 0; j < s->returns.len; j++) {
        unsigned rb = ((SrcLoc *)s->returns.items[j])->offset, re = *(unsigned *)s->return_ends.items[j];
        if (rb < e && b < re)
            return true;
    }
    return false;
}

void nest_subscripts(Unit *u, Kernel *k, Nest *n, PtrVec *out) {
    for (int i = n->first; i <= n->last; i++) {
        Stmt *s = k->stmts.items[i];
        for (int j = 0; j < s->x_subs.len; j++) {
            XSub *x = s->x_subs.items[j];
            bool seen = false;
            for (int m = 0; m < out->len; m++)
                seen |= ((XSub *)out->items[m])->begin == x->begin;
            if (x->ok && !seen && s->copy == u->cur_copy && !in_return(s, x->begin, x->end) &&
                !edited(u, x->begin, x->end))
                vec_push(u->arena, out, x);
        }
    }
}

/* B +- x within E's type for every x of the block. */
static void put_check(XSub *x, Buf *b) {
    if (x->is_signed)
        buf_printf(b, "(long long)(int)(%s) %s", x->base,
                   x->sign > 0 ? "+ __cu2c_bx <= 0x80000000ll" : "- __cu2c_bx >= -0x80000001ll");
    else if (x->sign > 0)
        buf_printf(b, "(long long)(unsigned)(%s) + __cu2c_bx <= 0x100000000ll", x->base);
    else
        buf_printf(b, "(long long)(unsigned)(%s) >= (long long)__cu2c_bx - 1", x->base);
}

void put_subscript_checks(Nest *n, PtrVec *subs, Buf *cond) {
    bool yz = false;
    for (int i = 0; i < subs->len; i++)
        yz |= ((XSub *)subs->items[i])->reads_yz;
    buf_puts(cond, cond->len ? " && " : "");
    if (yz) {
        /* a GNU statement expression: B for each y and z of the block */
        buf_puts(cond, "({ int __cu2c_sok = 1; ");
        if (n->dims & DIM_Z)
            buf_puts(cond, "for (int __cu2c_tz = 0; __cu2c_tz < __cu2c_bz; __cu2c_tz++) ");
        if (n->dims & DIM_Y)
            buf_puts(cond, "for (int __cu2c_ty = 0; __cu2c_ty < __cu2c_by; __cu2c_ty++) ");
        buf_printf(cond, "{ const __cu2c_uint3 threadIdx __attribute__((unused)) = {0u, %s, %s}; __cu2c_sok &= ",
                   n->dims & DIM_Y ? "(unsigned)__cu2c_ty" : "0u", n->dims & DIM_Z ? "(unsigned)__cu2c_tz" : "0u");
    }
    for (int i = 0; i < subs->len; i++) {
        buf_puts(cond, i ? " && (" : "(");
        put_check(subs->items[i], cond);
        buf_puts(cond, ")");
    }
    if (yz)
        buf_puts(cond, "; } __cu2c_sok; })");
}

void subscript_edits(Unit *u, PtrVec *subs, PtrVec *fast_edits) {
    for (int i = 0; i < subs->len; i++) {
        XSub *x = subs->items[i];
        Edit *e = arena_alloc(u->arena, sizeof *e);
        e->begin = x->begin;
        e->end = x->end;
        e->text = text_keeping_lines(u, x->begin, x->end,
                                     arena_printf(u->arena, "((long long)(%s)(%s) %c __cu2c_tx)",
                                                  x->is_signed ? "int" : "unsigned", x->base, x->sign > 0 ? '+' : '-'));
        e->copy = u->cur_copy;
        e->weak = true;     /* gives way to an edit replacing the statement around it */
        vec_push(u->arena, fast_edits, e);
    }
}
