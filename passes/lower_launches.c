/* lower_launches - host-side edits for the whole file: kernel launches, device functions
 * that read threadIdx & co. or declare extern __shared__ arrays, file-scope __shared__
 * variables, the registration of __device__ and __constant__ variables.
 * Expects: launches, device functions, file-scope shared variables and device symbols found
 * by the frontend.
 * Guarantees: `k<<<g, b, s, st>>>(args)` becomes
 * `(cu2c_push_call_configuration(CU2C_DIM3(g), CU2C_DIM3(b), s, st) ? (void)0 : k(args))`,
 * nvcc's own scheme: push the configuration, then call the kernel's host stub, which
 * launches; the configuration's arguments are evaluated before the kernel's, and a template
 * kernel's arguments are deduced from the call as usual. A constructor after the unit's last
 * line registers each device symbol's address and size (runtime/symbols.c). */
#include "cu2c.h"

#include <string.h>

/* Launch arguments are copied next to the callee, on one line: a comment or a directive
 * inside them cannot be. */
static const char *checked_config(Unit *u, const char *text, SrcLoc loc) {
    if (strstr(text, "//") || strchr(text, '#'))
        diag_error(u, loc, "cu2c cannot rewrite a launch configuration containing comments or directives");
    return text;
}

void lower_launches(Unit *u) {
    for (int i = 0; i < u->launches.len; i++) {
        Launch *l = u->launches.items[i];
        if (l->nconfig < 2) {
            diag_error(u, l->loc, "kernel launch needs a grid and a block size");
            continue;
        }
        const char *c[4];
        for (int j = 0; j < 4; j++) {
            c[j] = j < l->nconfig ? checked_config(u, l->config[j], l->loc) : "0";
            const char *t = c[j];
            while (*t == ' ' || *t == '\t')
                t++;
            if (j < 2 && strncmp(t, "dim3{", 5) == 0)   /* a braced list (brace_launch_dims): one
                                                         * macro argument */
                c[j] = u->is_cxx ? arena_printf(u->arena, "(%s)", t) : arena_printf(u->arena, "((dim3)%s)", t + 4);
        }
        edit_insert(u, l->callee_begin,
                    arena_printf(u->arena, "(cu2c_push_call_configuration(CU2C_DIM3(%s), CU2C_DIM3(%s), "
                                 "(size_t)(%s), (cudaStream_t)(%s)) ? (void)0 : ", c[0], c[1], c[2], c[3]));
        if (l->in_macro_body) {   /* the #define's line splices kept */
            Buf splices = {0};
            for (unsigned j = l->config_begin; j < l->config_end; j++)
                if (u->text[j] == '\n')
                    buf_puts(&splices, "\\\n");
            edit_add(u, l->config_begin, l->config_end, arena_strdup(u->arena, splices.len ? splices.data : ""));
            buf_free(&splices);
        } else {
            edit_replace_lines(u, l->config_begin, l->config_end, "");
        }
        edit_insert(u, l->call_end, ")");
    }
    for (int i = 0; i < u->device_fns.len; i++) {
        DeviceFn *f = u->device_fns.items[i];
        edit_insert(u, f->body_begin,
                    " const __cu2c_uint3 threadIdx __attribute__((unused)) = cu2c_tls.threadIdx; "
                    "const __cu2c_uint3 blockIdx __attribute__((unused)) = cu2c_tls.blockIdx; "
                    "const __cu2c_dim3 blockDim __attribute__((unused)) = cu2c_tls.blockDim; "
                    "const __cu2c_dim3 gridDim __attribute__((unused)) = cu2c_tls.gridDim; ");
    }
    for (int i = 0; i < u->fn_extern_shared.len; i++) {
        FileShared *fs = u->fn_extern_shared.items[i];
        edit_replace_lines(u, fs->begin, fs->end,
                           arena_printf(u->arena, "__typeof__(%s) *const %s = (__typeof__(%s) *)cu2c_tls.dyn_shared;",
                                        fs->elem_type, fs->name, fs->elem_type));
    }
    for (int i = 0; i < u->inlined_fns.len; i++) {
        DeviceFn *f = u->inlined_fns.items[i];
        if (f->kept || f->for_host)
            continue;
        edit_replace_lines(u, f->body_begin, f->body_end,
                           arena_printf(u->arena, "/* %s: holds a barrier, expanded where kernels call it */",
                                        f->name));
    }
    for (int i = 0; i < u->file_shared.len; i++) {
        FileShared *fs = u->file_shared.items[i];
        if (u->fiber_kernels && fs->elem_type) {
            /* the launch's dynamic shared memory, which each fiber kernel's body points it at */
            edit_replace_lines(u, fs->begin, fs->end,
                               arena_printf(u->arena, "static CU2C_FIBER_SHARED __typeof__(%s) *%s;", fs->elem_type,
                                            fs->name));
            continue;
        }
        if (u->fiber_kernels && !fs->elem_type) {
            /* the fiber engine's kernels and the functions they call name it: the worker's
             * (thread-loop kernels declare their own, which hides it) */
            bool is_static = strncmp(u->text + fs->begin, "static", 6) == 0;
            edit_insert(u, fs->begin, is_static ? "CU2C_FIBER_SHARED " : "static CU2C_FIBER_SHARED ");
            continue;
        }
        edit_replace_lines(u, fs->begin, fs->end,
                           arena_printf(u->arena, "/* __shared__ %s: per-block storage inside each kernel using it */",
                                        fs->name));
    }
    if (u->device_symbols.len) {
        Buf b = {0};
        buf_puts(&b, "\n__attribute__((constructor)) static void __cu2c_register_symbols(void) {");
        for (int i = 0; i < u->device_symbols.len; i++) {
            const char *s = u->device_symbols.items[i];
            buf_printf(&b, " cu2c_register_symbol((const void *)&(%s), sizeof(%s));", s, s);
        }
        buf_puts(&b, " }\n");
        edit_insert(u, u->len, arena_strdup(u->arena, b.data));
        buf_free(&b);
    }
}
