/* hoist_textures.c - texture objects whose descriptor the block function copies once per
 * block. A fetch through a cudaTextureObject_t reads the descriptor it names; the thread loops
 * store through pointers that, under -fno-strict-aliasing, may alias it, so the C compiler
 * re-loads its fields for every thread and cannot specialise the loop for its filter mode and
 * format. A parameter the kernel names only as the texture of fetches (never assigned, its
 * address never taken) is bound instead to a cu2c_tex_hoisted, a copy of the descriptor that
 * no store reaches (cu2c/texture.h), and the block function specialises the body for the
 * common kinds of texture (block_function.c). Expects the frontend's counts (Var.tex_names,
 * tex_fetches); guarantees Var.tex_hoisted on at most MAX_HOISTED_TEXTURES parameters, in C++
 * output only (fetches are templates: C output has none).
 *
 * A short counted loop fetching from a hoisted texture (Kernel.fetch_loops) is unrolled in
 * full (CU2C_UNROLL_FETCHES): inlined, the fetch makes its body too big for g++ to unroll on
 * its own, and it vectorises the loop over its trips instead, a gather per trip summed in
 * order; unrolled, the thread loop around it vectorises, a gather per trip for as many
 * threads. */
#include "lower.h"

void hoist_textures(Unit *u, Kernel *k) {
    if (!u->is_cxx)
        return;
    int n = 0;
    for (int i = 0; i < k->vars.len && n < MAX_HOISTED_TEXTURES; i++) {
        Var *v = k->vars.items[i];
        /* named only as fetches' textures: never assigned, address never taken (either
         * names it outside a fetch) */
        if (v->is_param && v->tex_object && !v->escapes && v->tex_fetches && v->tex_names == v->tex_fetches)
            v->tex_hoisted = ++n;
    }
    for (int i = 0; i < k->fetch_loops.len; i++) {
        FetchLoop *fl = k->fetch_loops.items[i];
        if (fl->texture->tex_hoisted)
            edit_insert(u, fl->at, "CU2C_UNROLL_FETCHES ");
    }
}
