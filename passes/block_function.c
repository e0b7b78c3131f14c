/* block_function.c - lower_kernel's frame around a kernel's statements: the block
 * function's prologue (parameters bound from the launch's argument array, builtins, per-thread
 * scratch arrays, the check that a fast copy is exact), and after the body the host stub
 * under the kernel's name, the registration, and the bodies specialised for the launches'
 * constant block shapes. */
#include "lower.h"

#include <stdlib.h>
#include <string.h>

static const char *type_outside_kernel(Unit *u, Kernel *k, const char *type, int depth, bool temps);

/* The hoist_textures index of parameter p (0: not hoisted). */
static int hoisted_texture(Kernel *k, Param *p) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->is_param && strcmp(v->name, p->name) == 0)
            return v->tex_hoisted;
    }
    return 0;
}

static bool has_hoisted_textures(Kernel *k) {
    for (int i = 0; i < k->vars.len; i++)
        if (((Var *)k->vars.items[i])->tex_hoisted)
            return true;
    return false;
}

/* The kernel's parameters, taken from the launch's arguments, and the block's builtins. In the body
 * (report), hoisted texture objects become copies of their descriptors, given their kinds
 * by the block function (__cu2c_tk). */
void put_bindings(Unit *u, Kernel *k, bool report, Buf *b) {
    /* the builtins first: a parameter may be named like a CUDA type (`int dim3`) */
    buf_puts(b, "const __cu2c_uint3 blockIdx __attribute__((unused)) = __cu2c_b->blockIdx; "
                "const __cu2c_dim3 gridDim __attribute__((unused)) = __cu2c_b->gridDim; ");
    buf_printf(b, "const __cu2c_dim3 blockDim __attribute__((unused)) %s(unsigned)__cu2c_bx, (unsigned)__cu2c_by, "
                  "(unsigned)__cu2c_bz%s; ", u->is_cxx ? "(" : "= {", u->is_cxx ? ")" : "}");
    for (int i = 0; i < k->params.len; i++) {
        Param *p = k->params.items[i];
        const char *text = p->text;
        const char *eq = strchr(text, '=');
        if (p->pack) {
            /* the rest of the body is a lambda taking the pack, closed by kernel_stub (not in
             * the x checks' function, which read no pack) */
            if (report)
                buf_printf(b, "cu2c_unpack<%s...>(__cu2c_args + %d, [&](%s... %s) { ", p->pack, i, p->pack, p->name);
            continue;
        }
        if (strchr(text, '[') || strchr(text, '(')) {
            /* declared as an array or a function (`float a[4]`, `int (*f)(int)`): the type
             * it has, adjusted to a pointer as C does, spelled by itself */
            buf_printf(b, "__typeof__(%s) %s = *(__typeof__(%s) *)__cu2c_args[%d]; (void)%s; ", p->type, p->name,
                       p->type, i, p->name);
            continue;
        }
        int tex = report ? hoisted_texture(k, p) : 0;
        if (tex) {
            buf_printf(b, "const cu2c_tex_hoisted %s(*(cudaTextureObject_t *)__cu2c_args[%d], "
                          "(__cu2c_tk >> %d) & 3); (void)%s; ", p->name, i, 2 * (tex - 1), p->name);
            continue;
        }
        buf_printf(b, "%.*s = *(__typeof__(%s) *)__cu2c_args[%d]; (void)%s; ",
                   (int)(eq ? (size_t)(eq - text) : strlen(text)), text, p->name, i, p->name);
    }
}

/* Does v's base read only kernel parameters (besides builtins and constants declared outside
 * the kernel)? Then its check (see fast_copy) is made once per block, before the body, where
 * nothing else of the kernel is in scope: __cu2c_xf. */
bool x_hoisted(Var *v) {
    if (v->x_names_local)
        return false;
    for (int i = 0; i < v->x_reads.len; i++)
        if (!((Var *)v->x_reads.items[i])->is_param)
            return false;
    return true;
}

/* The check that makes an x_affine local an exact signed induction variable over x: its
 * base +- threadIdx.x stays within int for every thread of the block (an unsigned one's within
 * [0, INT_MAX], where its value is the int's). */
void put_x_check(Var *v, Buf *b) {
    if (v->x_unsigned && v->x_sign > 0)
        buf_printf(b, "((long long)(int)(%s) >= 0 && (long long)(int)(%s) + __cu2c_bx <= 0x80000000ll)", v->x_base,
                   v->x_base);
    else if (v->x_unsigned)
        buf_printf(b, "(long long)(int)(%s) - __cu2c_bx >= -1ll", v->x_base);
    else
        buf_printf(b, "(long long)(int)(%s) %s", v->x_base,
                   v->x_sign > 0 ? "+ __cu2c_bx <= 0x80000000ll" : "- __cu2c_bx >= -0x80000001ll");
}

/* A per-thread array in the block's scratch area (see prologue). */
typedef struct ScratchArray {
    const char *type, *name, *count;
} ScratchArray;

static void add_scratch(Unit *u, PtrVec *arrays, const char *type, const char *name, const char *count) {
    ScratchArray *a = arena_alloc(u->arena, sizeof *a);
    a->type = type;
    a->name = name;
    a->count = count;
    vec_push(u->arena, arrays, a);
}

/* Calls of the body for a block shape: with hoisted textures (ntex of them), specialised for
 * every one being a float texture with clamping and point filtering, every one the same with
 * linear filtering, or every one a one-channel such texture (enum cu2c_tex_kind), the common
 * kinds, where fetches are straight-line code; else given the kinds as they are. */
static void put_body_calls(Kernel *k, const char *targs, const char *shape, int ntex, Buf *b) {
    if (!ntex) {
        buf_printf(b, "__cu2c_body_%s%s(__cu2c_args, __cu2c_b, %s);", k->tag, targs, shape);
        return;
    }
    int point = 0;  /* CU2C_TEX_POINT_F32 (1) in every texture's bits */
    for (int i = 0; i < ntex; i++)
        point |= 1 << 2 * i;
    buf_printf(b, "{ ");
    for (int kind = 1; kind <= 3; kind++)   /* POINT_F32, LINEAR_F32, LINEAR_F32_ONE */
        buf_printf(b, "if (__cu2c_tk == %d) __cu2c_body_%s%s(__cu2c_args, __cu2c_b, %s, %d); else ",
                   kind * point, k->tag, targs, shape, kind * point);
    buf_printf(b, "__cu2c_body_%s%s(__cu2c_args, __cu2c_b, %s, __cu2c_tk); }", k->tag, targs, shape);
}

void block_prologue(Unit *u, Kernel *k, Buf *b) {
    /* the body takes the block's shape as arguments: the dispatcher after the kernel (see
     * stub) calls it with constants for the shapes the launches use, so that the C compiler
     * knows the thread loops' trip counts there */
    if (k->tmpl_header)
        buf_printf(b, "%s ", k->tmpl_header);
    buf_printf(b, "static inline __attribute__((always_inline)) void __cu2c_body_%s(void **__cu2c_args, "
                  "cu2c_block *__cu2c_b, const int __cu2c_bx, const int __cu2c_by, const int __cu2c_bz, "
                  "const int __cu2c_xf%s) { ", k->tag, has_hoisted_textures(k) ? ", const int __cu2c_tk" : "");
    put_bindings(u, k, true, b);
    if (k->race_check)
        buf_puts(b, "CU2C_RACE_BLOCK(__cu2c_b) ");
    if (k->thread_order == 2)
        buf_puts(b, "const unsigned __cu2c_oseed __attribute__((unused)) = cu2c_thread_order_seed(__cu2c_b); ");
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (in->tmpl_pre) { /* dependent expansions' template arguments (expand.c), which may
                             * name the kernel's constants (`constexpr int n = ...;`) */
            const char *pre = type_outside_kernel(u, k, in->tmpl_pre, 0, false);
            buf_puts(b, pre ? pre : in->tmpl_pre);
        }
    }
    if (k->uses_tls)
        buf_puts(b, "cu2c_tls.blockIdx = blockIdx; cu2c_tls.blockDim = blockDim; "
                    "cu2c_tls.gridDim = gridDim; cu2c_tls.dyn_shared = __cu2c_b->dyn_shared; ");
    for (int i = 0; i < k->file_shared.len; i++) {
        FileShared *fs = k->file_shared.items[i];
        if (fs->elem_type)
            buf_printf(b, "__typeof__(%s) *%s = (__typeof__(%s) *)__cu2c_b->dyn_shared; ",
                       fs->elem_type, fs->name, fs->elem_type);
        else
            buf_printf(b, "%s; ", fs->decl_text);
        if (k->race_check && !fs->elem_type)
            buf_printf(b, "CU2C_RACE_SHARED(%s) ", fs->name);
    }
    /* __shared__ arrays declared in nested bodies: per-block storage for the whole kernel */
    for (int i = 0; i < k->stmts.len; i++) {
        Stmt *s = k->stmts.items[i];
        if (hoisted_shared(s))
            buf_printf(b, "%.*s ", (int)(s->end - s->begin), u->text + s->begin);
        for (int j = 0; k->race_check && hoisted_shared(s) && j < s->decls.len; j++)
            buf_printf(b, "CU2C_RACE_SHARED(%s) ", ((Var *)s->decls.items[j])->name);
    }
    bool warp = false, split = kernel_splits_warps(k);
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->op >= WARP_SHFL)
            warp = true;
        else
            buf_printf(b, "unsigned __cu2c_rc%d = 0, __cu2c_ra%d = 0; ", i, i);
    }
    /* per-thread storage: one scratch area per block, carved into arrays */
    PtrVec arrays = {0};
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->promoted && !v->alias)
            add_scratch(u, &arrays, storage_type(u->arena, v),
                        arena_printf(u->arena, "__cu2c_p%d", v->id), copies_count(v));
    }
    if (k->needs_exit_flags)
        add_scratch(u, &arrays, "unsigned char", "__cu2c_exited", count_expr(DIM_XYZ));
    /* warp functions: who runs, masks, lane arguments and widths (shared by all of them),
     * then each one's values and results */
    if (warp) {
        add_scratch(u, &arrays, "unsigned char", "__cu2c_wact", count_expr(DIM_XYZ));
        add_scratch(u, &arrays, "unsigned", "__cu2c_wmk", count_expr(DIM_XYZ));
        add_scratch(u, &arrays, "int", "__cu2c_wln", count_expr(DIM_XYZ));
        add_scratch(u, &arrays, "int", "__cu2c_wwd", count_expr(DIM_XYZ));
    }
    bool owes = split && kernel_owes(k);
    if (split)  /* lanes in another branch of an if around a warp function (put_mask_check) */
        add_scratch(u, &arrays, "unsigned char", "__cu2c_wdv", count_expr(DIM_XYZ));
    if (owes) { /* lanes a mask named in another branch, which must not meet the warp again */
        add_scratch(u, &arrays, "unsigned char", "__cu2c_wowe", count_expr(DIM_XYZ));
        buf_puts(b, "const char *__cu2c_wowe_at = 0; ");
    }
    for (int i = 0; i < k->sites.len; i++) {
        Site *site = k->sites.items[i];
        if (site->type)
            add_scratch(u, &arrays, site->type, arena_printf(u->arena, "__cu2c_wv%d", i),
                        arena_printf(u->arena, "(%s + 32)", count_expr(DIM_XYZ)));  /* CU2C_WARP_SHFL_ALL */
        if (site->op >= WARP_SHFL && site->op != WARP_SYNC)
            add_scratch(u, &arrays, site->result_type, arena_printf(u->arena, "__cu2c_wr%d", i),
                        count_expr(DIM_XYZ));
    }
    /* warp steps' stores: each thread's address (null: nothing to store) and value */
    for (int i = 0; i < k->vstores.len; i++) {
        VStore *vs = k->vstores.items[i];
        add_scratch(u, &arrays, arena_printf(u->arena, "__typeof__(%s) volatile *", vs->type),
                    arena_printf(u->arena, "__cu2c_va%d", i), count_expr(DIM_XYZ));
        add_scratch(u, &arrays, arena_printf(u->arena, "__typeof__(%s)", vs->type),
                    arena_printf(u->arena, "__cu2c_vv%d", i), count_expr(DIM_XYZ));
    }
    for (int i = 0; i < k->stmts.len; i++)
        if (((Stmt *)k->stmts.items[i])->predicated)
            add_scratch(u, &arrays, "unsigned char", arena_printf(u->arena, "__cu2c_pf%d", i), count_expr(DIM_XYZ));
    /* per expanded call returning for some threads only: who has left it (cleared per call) */
    for (int i = 0; i < k->inlines.len; i++) {
        Inline *in = k->inlines.items[i];
        if (in->varying_returns)
            add_scratch(u, &arrays, "unsigned char", arena_printf(u->arena, "__cu2c_fr%d", in->copy),
                        count_expr(DIM_XYZ));
    }
    if (arrays.len == 0)
        return;
    buf_puts(b, "char *__cu2c_scr = (char *)cu2c_block_scratch(__cu2c_b, 0");
    for (int i = 0; i < arrays.len; i++) {
        ScratchArray *a = arrays.items[i];
        buf_printf(b, " + CU2C_ROUND64(sizeof(%s) * %s)", a->type, a->count);
    }
    buf_puts(b, "); if (!__cu2c_scr) return; size_t __cu2c_off = 0; ");
    for (int i = 0; i < arrays.len; i++) {
        ScratchArray *a = arrays.items[i];
        buf_printf(b, "%s *__restrict %s = (%s *)(__cu2c_scr + __cu2c_off); "
                      "__cu2c_off += CU2C_ROUND64(sizeof(%s) * %s); ",
                   a->type, a->name, a->type, a->type, a->count);
    }
    /* parameters threads modify start as the launch's values; nobody has exited yet */
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->promoted && v->is_param)
            buf_printf(b, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_p%d[__cu2c_i] = %s; ",
                       count_expr(v->dims), v->id, v->name);
    }
    if (k->needs_exit_flags)
        buf_printf(b, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_exited[__cu2c_i] = 0; ",
                   count_expr(DIM_XYZ));
    for (int i = 0; i < k->vstores.len; i++)
        buf_printf(b, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_va%d[__cu2c_i] = 0; ",
                   count_expr(DIM_XYZ), i);
    if (owes)
        buf_printf(b, "for (size_t __cu2c_i = 0; __cu2c_i < %s; __cu2c_i++) __cu2c_wowe[__cu2c_i] = 0; ",
                   count_expr(DIM_XYZ));
}


/* The kernel's signature as written, on one line without its comments: the stub repeats it
 * where the rest of the line is generated code. A conditional directive in it (`#if
 * (USE_TEXTURE)` around a parameter) keeps a line of its own, so that the host compiler
 * chooses the parameters the parse chose (the stub follows the kernel: the same macros). */
static void put_signature(Unit *u, Kernel *k, Buf *b) {
    const char *p = u->text + k->decl_begin, *end = u->text + k->body_begin;
    bool line_start = false;    /* only blanks since a newline */
    while (p < end) {
        for (int i = 0; i < k->params.len; i++) {   /* an unnamed parameter's name */
            Param *pa = k->params.items[i];
            if (pa->name_at && u->text + pa->name_at == p)
                buf_printf(b, " %s", pa->name);
        }
        for (int i = 0; i < k->tmpl_names.len; i++) {   /* an unnamed template parameter's */
            TemplateName *tn = k->tmpl_names.items[i];
            if (u->text + tn->at == p)
                buf_printf(b, " %s ", tn->name);
        }
        if (*p == '#' && line_start) {
            const char *q = p + 1;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            static const char *const conditionals[] = {"if", "ifdef", "ifndef", "elif", "else", "endif"};
            size_t n = 0;
            while (q + n < end && ((q[n] >= 'a' && q[n] <= 'z')))
                n++;
            bool conditional = false;
            for (size_t i = 0; i < sizeof conditionals / sizeof *conditionals; i++)
                conditional |= strlen(conditionals[i]) == n && strncmp(q, conditionals[i], n) == 0;
            if (!conditional) {
                diag_error(u, k->loc, "kernel '%s': a preprocessor directive other than #if, #ifdef, #ifndef, "
                           "#elif, #else, #endif inside its signature is not supported", k->name);
                return;
            }
            buf_puts(b, "\n");
            while (p < end && *p != '\n') {
                if (*p == '\\' && p + 1 < end && p[1] == '\n') {     /* a continued line */
                    buf_puts(b, "\\\n");
                    p += 2;
                    continue;
                }
                buf_put(b, p, 1);
                p++;
            }
            buf_puts(b, "\n");
            continue;
        }
        if (*p == '\n' || *p == '\r')
            line_start = true;
        else if (*p != ' ' && *p != '\t')
            line_start = false;
        if (p + 1 < end && p[0] == '\\' && p[1] == '\n') {     /* a continued line */
            p += 2;
        } else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else if (p + 1 < end && p[0] == '/' && p[1] == '*') {
            p += 2;
            while (p + 1 < end && !(p[0] == '*' && p[1] == '/'))
                p++;
            p += 2;
            buf_puts(b, " ");
        } else {
            buf_put(b, *p == '\n' || *p == '\r' ? " " : p, 1);
            p++;
        }
    }
}

/* The kernel's parameter pack, if it has one. */
static Param *pack_param(Kernel *k) {
    Param *last = k->params.len ? k->params.items[k->params.len - 1] : NULL;
    return last && last->pack ? last : NULL;
}

/* The registration's arguments after the stub: arg sizes, then static shared bytes. */
static void put_sizes(Kernel *k, Buf *b) {
    buf_puts(b, "{");
    for (int i = 0; i < k->params.len; i++) {
        Param *p = k->params.items[i];
        if (p->pack)
            buf_printf(b, "%ssizeof(__typeof__(%s))...", i ? ", " : "", p->pack);
        else
            buf_printf(b, "%ssizeof(__typeof__(%s))", i ? ", " : "", p->type);
    }
    /* 0 ends an empty list, and a pack's (the count leaves it out: param_count) */
    if (k->params.len == 0 || pack_param(k))
        buf_printf(b, "%s0", k->params.len ? ", " : "");
    buf_puts(b, "}");
}

/* How many arguments the registration names, given its sizes array sz: with a pack, as many
 * as it expands to. */
static const char *param_count(Unit *u, Kernel *k, const char *sz) {
    return pack_param(k) ? arena_printf(u->arena, "(int)(sizeof %s / sizeof *%s) - 1", sz, sz)
                         : arena_printf(u->arena, "%d", k->params.len);
}

/* A __shared__ variable's type as the registration (outside the kernel) can name it: the
 * kernel's const locals it names (`const unsigned n = 256 / sizeof(T); __shared__ T buf[n];`
 * in a kernel template) replaced by their initialisers, and (temps) the temporaries of
 * dependent expansions' template arguments by those arguments; NULL when it names another
 * local or is a type without a name. Also any text naming the kernel's constants. */
static const char *type_outside_kernel(Unit *u, Kernel *k, const char *type, int depth, bool temps) {
    if (strstr(type, "(unnamed") || strstr(type, "(anonymous"))
        return NULL;    /* a type declared with the variable (`__shared__ union { ... } t;`) */
    Buf out = {0};
    bool ok = depth < 8;
    for (const char *p = type; ok && *p;) {
        if (!ident_char(*p) || (p > type && ident_char(p[-1]))) {
            buf_put(&out, p++, 1);
            continue;
        }
        const char *q = p;
        while (ident_char(*q))
            q++;
        Var *local = NULL;
        bool member = p - type >= 2 && (p[-1] == '.' || (p[-1] == ':' && p[-2] == ':') || (p[-1] == '>' && p[-2] == '-'));
        for (int i = 0; i < k->vars.len && !local && !member; i++) {
            Var *v = k->vars.items[i];
            if (!v->is_param && !v->is_shared && v->copy == 0 && strlen(v->name) == (size_t)(q - p) &&
                strncmp(v->name, p, (size_t)(q - p)) == 0)
                local = v;
        }
        const char *temp_arg = NULL;   /* a dependent expansion's template argument (expand.c) */
        for (int i = 0; temps && i < k->inlines.len && !local && !temp_arg && !member; i++) {
            Inline *in = k->inlines.items[i];
            for (int j = 0; j < in->tparam_temps.len && j < in->tparam_args.len && !temp_arg; j++) {
                const char *t = in->tparam_temps.items[j];
                if (strlen(t) == (size_t)(q - p) && strncmp(t, p, (size_t)(q - p)) == 0 &&
                    strcmp(t, in->tparam_names.items[j]) != 0)
                    temp_arg = in->tparam_args.items[j];
            }
        }
        if (temp_arg) {
            const char *sub = type_outside_kernel(u, k, temp_arg, depth + 1, temps);
            ok = sub != NULL;
            if (ok)
                buf_puts(&out, sub);
        } else if (!local) {
            buf_put(&out, p, (size_t)(q - p));
        } else if (local->const_init) {
            const char *sub = type_outside_kernel(u, k, local->const_init, depth + 1, temps);
            ok = sub != NULL;
            if (ok)
                buf_printf(&out, "(%s)", sub);
        } else {
            ok = false;
        }
        p = q;
    }
    const char *r = ok ? arena_strdup(u->arena, out.data ? out.data : "") : NULL;
    buf_free(&out);
    return r;
}

static void put_static_shared(Unit *u, Kernel *k, Buf *b) {
    buf_puts(b, "0");
    /* the fiber engine keeps the functions holding barriers functions: those the scan did not
     * expand a copy of (a call after a label) are counted by function (Kernel.called_shared) */
    if (k->fibers && k->called_shared > 0)
        buf_printf(b, " + %lld", k->called_shared);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->is_shared && !v->is_extern_shared && v->bytes > 0) {
            buf_printf(b, " + %lld", v->bytes);     /* its type may name the kernel's locals */
        } else if (v->is_shared && !v->is_extern_shared) {
            /* (a type naming a local that is not a constant: not counted) */
            const char *t = type_outside_kernel(u, k, v->type, 0, true);
            if (t)
                buf_printf(b, " + sizeof(__typeof__(%s))", t);
        }
    }
    for (int i = 0; i < k->file_shared.len; i++) {
        FileShared *fs = k->file_shared.items[i];
        if (!fs->elem_type)
            buf_printf(b, " + sizeof(__typeof__(%s))", fs->type);
    }
}

/* The thread-loop engine's block function: the body specialised for the constant block
 * shapes of launches (blocks passing the x_affine checks). */
static void put_block_function(Unit *u, Kernel *k, const char *targs, Buf *b) {
    /* the checks of the x_affine locals whose bases read only parameters: once per block */
    Buf xf = {0};
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->x_affine && x_hoisted(v)) {
            buf_puts(&xf, xf.len ? " && " : "");
            put_x_check(v, &xf);
        }
    }
    if (xf.len) {
        /* out of line: inlined into the block function, the range facts its test gives made
         * gcc 12 unroll the body's thread loops into slower code (tiled matmul ~15% slower) */
        buf_printf(b, "static __attribute__((noinline)) int __cu2c_xok_%s(void **__cu2c_args, cu2c_block *__cu2c_b, "
                       "const int __cu2c_bx, const int __cu2c_by, const int __cu2c_bz) { ", k->tag);
        put_bindings(u, k, false, b);
        buf_printf(b, "return %s; }\n", xf.data);
        if (k->tmpl_header)
            buf_printf(b, "%s ", k->tmpl_header);
    }
    /* the block function: the body specialised for the constant block shapes of launches
     * (blocks passing the checks above) */
    buf_printf(b, "static void __cu2c_blk_%s(void **__cu2c_args, cu2c_block *__cu2c_b) { "
                   "const int __cu2c_bx = (int)__cu2c_b->blockDim.x, __cu2c_by = (int)__cu2c_b->blockDim.y, "
                   "__cu2c_bz = (int)__cu2c_b->blockDim.z; ", k->tag);
    if (xf.len)
        buf_printf(b, "const int __cu2c_xf = __cu2c_xok_%s%s(__cu2c_args, __cu2c_b, __cu2c_bx, __cu2c_by, "
                       "__cu2c_bz); ", k->tag, targs);
    else
        buf_puts(b, "const int __cu2c_xf = 1; ");
    buf_free(&xf);
    int shapes[2][3], nshapes = 0;
    for (int i = 0; i < u->launches.len && nshapes < 2; i++) {
        Launch *l = u->launches.items[i];
        if (!l->shape[0] || strcmp(l->kernel, k->name) != 0)
            continue;
        bool seen = false;
        for (int j = 0; j < nshapes; j++)
            seen |= memcmp(shapes[j], l->shape, sizeof shapes[j]) == 0;
        if (!seen)
            memcpy(shapes[nshapes++], l->shape, sizeof shapes[0]);
    }
    /* the kinds of the hoisted textures (hoist_textures), 2 bits each */
    int ntex = 0;
    for (int i = 0; i < k->params.len; i++) {
        Param *p = k->params.items[i];
        int tex = hoisted_texture(k, p);
        if (tex) {
            buf_printf(b, "%s cu2c_tex_kind(*(cudaTextureObject_t *)__cu2c_args[%d]) << %d",
                       ntex ? " |" : "const int __cu2c_tk =", i, 2 * (tex - 1));
            ntex++;
        }
    }
    if (ntex)
        buf_puts(b, "; ");
    char shape[64];
    for (int j = 0; j < nshapes; j++) {
        snprintf(shape, sizeof shape, "%d, %d, %d, 1", shapes[j][0], shapes[j][1], shapes[j][2]);
        buf_printf(b, "if (__cu2c_bx == %d && __cu2c_by == %d && __cu2c_bz == %d && __cu2c_xf) ",
                   shapes[j][0], shapes[j][1], shapes[j][2]);
        put_body_calls(k, targs, shape, ntex, b);
        buf_puts(b, " else ");
    }
    put_body_calls(k, targs, "__cu2c_bx, __cu2c_by, __cu2c_bz, __cu2c_xf", ntex, b);
    buf_puts(b, " }\n");
}

/* After the kernel: the block function (dispatching on the block shape), the host stub under
 * the kernel's name, and the registration (a constructor; for a kernel template, a
 * registration template that each specialisation's stub instantiates to run before main). */
void kernel_stub(Unit *u, Kernel *k) {
    const char *targs = k->tmpl_args ? k->tmpl_args : "";
    const char *name = arena_printf(u->arena, "%s%s", k->scope, k->name);
    const char *self = k->tmpl_args ? arena_printf(u->arena, "&%s%s", name, targs) : name;
    if (k->self_type)   /* an overloaded name: this kernel by its type */
        self = arena_printf(u->arena, "static_cast<%s>(%s)", k->self_type, self);
    const char *tag = k->tag;
    Buf b = {0};
    buf_puts(&b, "\n");
    if (k->tmpl_header)
        buf_printf(&b, "%s ", k->tmpl_header);
    if (k->fibers)   /* each thread a fiber running the body as written (fiber_kernel.c) */
        buf_printf(&b, "static void __cu2c_blk_%s(void **__cu2c_args, cu2c_block *__cu2c_b) { "
                       "cu2c_fiber_run(__cu2c_args, __cu2c_b, __cu2c_fib_%s%s); }\n", tag, tag, targs);
    else
        put_block_function(u, k, targs, &b);
    if (k->tmpl_args) {
        /* a specialisation's registration, given its stub (which it cannot name: the stub's
         * template comes next, and a second declaration could not repeat the header's default
         * arguments) */
        buf_printf(&b, "%s static void __cu2c_reg_%s(const void *__cu2c_self) { static const size_t __cu2c_sz[] = ",
                   k->tmpl_header, tag);
        put_sizes(k, &b);
        buf_printf(&b, "; cu2c_register_kernel(__cu2c_self, __cu2c_blk_%s%s, \"%s\", %s, __cu2c_sz); "
                       "cu2c_set_static_shared(__cu2c_self, ",
                   tag, targs, k->name, param_count(u, k, "__cu2c_sz"));
        put_static_shared(u, k, &b);
        buf_puts(&b, "); }\n");
    }
    put_signature(u, k, &b);
    buf_puts(&b, "{ ");
    if (k->tmpl_args) {
        /* every specialisation the program instantiates (a launch, its address taken) registers
         * before main, as nvcc's do (cu2c/kernel.h: cu2c_at_load); and at its first launch, for
         * launches from other static initialisers that may run before */
        buf_printf(&b, "(void)&cu2c_at_load<__cu2c_reg_%s%s, decltype(%s), %s >::done; "
                       "static const int __cu2c_reg = (__cu2c_reg_%s%s((const void *)%s), 0); (void)__cu2c_reg; ",
                   tag, targs, self, self, tag, targs, self);
    }
    buf_puts(&b, "void *__cu2c_a[] = {");
    for (int i = 0; i < k->params.len; i++) {
        Param *p = k->params.items[i];
        buf_printf(&b, "%s(void *)&%s%s", i ? ", " : "", p->name, p->pack ? "..." : "");
    }
    if (k->params.len == 0 || pack_param(k))
        buf_printf(&b, "%s0", k->params.len ? ", " : "");
    buf_printf(&b, "}; cu2c_launch_stub((const void *)%s, __cu2c_a); } ", self);
    if (!k->tmpl_args) {
        buf_printf(&b, "static const size_t __cu2c_sz_%s[] = ", tag);
        put_sizes(k, &b);
        buf_printf(&b, "; __attribute__((constructor)) static void __cu2c_reg_%s(void) { "
                       "cu2c_register_kernel((const void *)%s, __cu2c_blk_%s, \"%s\", %d, __cu2c_sz_%s); "
                       "cu2c_set_static_shared((const void *)%s, ",
                   tag, self, tag, k->name, k->params.len, tag, self);   /* (a pack makes a template) */
        put_static_shared(u, k, &b);
        buf_puts(&b, "); }");
    }
    put_line_directive(u, k->body_end, &b);
    if (pack_param(k))   /* the lambda taking the pack (put_bindings) ends with the body */
        edit_insert(u, k->body_end - 1, "}); ");
    edit_insert(u, k->body_end, arena_strdup(u->arena, b.data));
    buf_free(&b);
}
