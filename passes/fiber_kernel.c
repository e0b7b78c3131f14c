/* fiber_kernel - the fiber engine's kernels: each CUDA thread of a block runs the kernel's
 * body as written, as a user-space fiber (runtime/fibers.c) that switches at barriers, warp
 * functions and spin-waits; cu2c/fiber.h makes __syncthreads(), the warp functions and
 * __nanosleep() those switches.
 * Expects: the frontend's facts (statements, locals, sites, expanded calls); none of the
 * thread-loop passes ran on the kernel (Kernel.fibers).
 * Guarantees: edits only. The kernel becomes `static void __cu2c_fib_NAME(args, block)`: the
 * parameters bound from the launch's arguments, threadIdx the fiber's own; its __shared__
 * variables (and those of the device functions it calls that hold barriers, kept as
 * functions instead of expanded) static storage of the worker running the block, which runs
 * the block's fibers and nothing else meanwhile; the stub and registration as for thread
 * loops, the block function handing the body to cu2c_fiber_run. */
#include "lower.h"

#include <ctype.h>
#include <string.h>

/* (A kernel on fibers is not marked for the race checker, nor run in a thread order: under
 * those the translator puts on fibers only what thread loops cannot run.)
 * The fiber engine implements the CUDA functions themselves (a kernel spinning on volatile
 * memory stores into it as written: its threads signal each other, they do not step in
 * lockstep); cooperative_groups.h the groups' methods and collectives (grid_group::sync()
 * too), mma.h wmma::mma_sync and cu2c/libcuxx_sync.h cuda::barrier as a real barrier; a
 * kernel's own legacy warp-synchronous steps step in lockstep (lower_fiber_vstore). Those of
 * the device functions it calls keep the kernel on thread loops (Fe.fiber_unsafe_fns). */
bool fiber_supported(Kernel *k) {
    return !k->no_fibers;
}

/* A warp step's store `V = E` (VStore) on fibers: the value and V's address are taken, the
 * lanes of the warp running there meet (each has read what the step reads), the store is
 * made, and they meet again (each has stored), as lanes in lockstep; the meetings' order in
 * the text (where each store starts) lets lanes that went apart reconverge:
 * `({ T volatile *a = &(V); T v = (E); CU2C_FIBER_STEP(...); *a = v; CU2C_FIBER_STEP(...); v; })`.
 * A kernel spinning on volatile memory keeps its stores as written (they are signals). */
static void lower_fiber_vstore(Unit *u, VStore *vs) {
    int order = (int)vs->begin;     /* the text's order: a step's place in its function */
    int id = vs->id;
    /* a kernel's own store: its type as the thread loops spell it; a kept function's (whose
     * VStore comes from a copy, where template parameters have other names): V's own */
    const char *type = vs->owner->copy == 0 ? vs->type : arena_printf(u->arena, "__typeof__(%s)", vs->lhs);
    const char *take = arena_printf(u->arena, "({ __typeof__(%s) volatile *__cu2c_fa%d = &(%s); __typeof__(%s) __cu2c_fv%d = ",
                                    type, id, vs->lhs, type, id);
    const char *put = arena_printf(u->arena, "; CU2C_FIBER_STEP(%d); *__cu2c_fa%d = __cu2c_fv%d; CU2C_FIBER_STEP(%d); "
                                             "__cu2c_fv%d; })", 2 * order, id, id, 2 * order + 1, id);
    const char *old = arena_printf(u->arena, "*__cu2c_fa%d", id);
    if (vs->old_value) {    /* V++ whose value is used: V's value before the step */
        edit_replace_lines(u, vs->begin, vs->end,
                           arena_printf(u->arena, "({ __typeof__(%s) volatile *__cu2c_fa%d = &(%s); __typeof__(%s) "
                                                  "__cu2c_fo%d = *__cu2c_fa%d, __cu2c_fv%d = __cu2c_fo%d %s 1; "
                                                  "CU2C_FIBER_STEP(%d); *__cu2c_fa%d = __cu2c_fv%d; "
                                                  "CU2C_FIBER_STEP(%d); __cu2c_fo%d; })",
                                        type, id, vs->lhs, type, id, id, id, id, vs->op, 2 * order, id, id,
                                        2 * order + 1, id));
    } else if (vs->incdec) {
        edit_replace_lines(u, vs->begin, vs->end, arena_printf(u->arena, "%s%s %s 1%s", take, old, vs->op, put));
    } else {
        edit_replace_lines(u, vs->begin, vs->end,
                           *vs->op ? arena_printf(u->arena, "%s%s %s (", take, old, vs->op) : arena_printf(u->arena, "%s(", take));
        edit_insert(u, vs->rhs_end, arena_printf(u->arena, ")%s", put));
    }
}

/* A kernel the thread loops split into more nests than this runs on fibers where they can
 * take it: each nest is a thread loop or two (and a warp's lanes' loop under a per-thread
 * if), and compilers take time growing faster than the text. HeCBench segsort's kernels (106
 * to 382 nests, warp exchanges under per-thread ifs): 10.7 MB of thread loops that g++ -O3
 * had not compiled after 25 minutes, against 0.6 MB on fibers compiled in 13 s. The tests'
 * and benchmarks' kernels have at most 22. */
#define MAX_LOOP_NESTS 96

/* A kernel the thread-loop engine refused runs on the fiber engine when that can take it;
 * else the refusals are errors. So does one whose barriers pair by design, when it can (else
 * thread loops run it, reporting the divergence at run time). */
void choose_engine(Unit *u, Kernel *k) {
    if (k->nests.len > MAX_LOOP_NESTS && !k->fibers && !k->refusals.len && fiber_supported(k))
        k->fibers = true;
    if (k->pairs_barriers && !k->fibers && fiber_supported(k))
        k->fibers = true;
    if (!k->refusals.len)
        return;
    if (fiber_supported(k))
        k->fibers = true;
    diag_settle(u, k, k->fibers);
}

/* Where `static CU2C_FIBER_SHARED ` goes in a __shared__ declaration starting at `at`: after
 * __shared__ and the attributes before the specifiers (C++ wants alignas(N) in front), and
 * after `static` (then *is_static). */
static unsigned shared_insert_point(Unit *u, unsigned at, bool *is_static) {
    const char *t = u->text;
    *is_static = false;
    for (;;) {
        unsigned p = at;
        while (p < u->len && (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r'))
            p++;
        static const char *const skipped[] = {"__shared__", "alignas", "__align__", "__attribute__", "static"};
        size_t n = 0;
        for (size_t i = 0; i < sizeof skipped / sizeof *skipped && !n; i++) {
            size_t len = strlen(skipped[i]);
            if (p + len <= u->len && strncmp(t + p, skipped[i], len) == 0 &&
                !(p + len < u->len && (t[p + len] == '_' || isalnum((unsigned char)t[p + len])))) {
                n = len;
                *is_static |= i == 4;
            }
        }
        if (!n && p + 1 < u->len && t[p] == '[' && t[p + 1] == '[')
            n = 0;   /* [[...]]: skipped below as a bracketed group */
        else if (!n)
            return at;
        p += n;
        while (p < u->len && (t[p] == ' ' || t[p] == '\t'))
            p++;
        char open = p < u->len && (t[p] == '(' || t[p] == '[') ? t[p] : 0;
        if (open) {
            char close = open == '(' ? ')' : ']';
            int depth = 0;
            do {
                depth += t[p] == open ? 1 : t[p] == close ? -1 : 0;
                p++;
            } while (p < u->len && depth > 0);
        }
        at = p;
    }
}

/* An insert of text at `at` in the main file's own text, once (kernels sharing a function). */
static void insert_once(Unit *u, unsigned at, const char *text) {
    PtrVec near = {0};
    edits_near(u, at, at, &near);
    for (int i = 0; i < near.len; i++) {
        Edit *e = near.items[i];
        if (e->begin == at && e->end == at && strcmp(e->text, text) == 0)
            return;
    }
    edit_insert(u, at, text);
}

/* A __shared__ declaration starting at `at`: the worker's storage. */
static void lower_shared(Unit *u, unsigned at) {
    bool is_static;
    unsigned p = shared_insert_point(u, at, &is_static);
    insert_once(u, p, is_static ? "CU2C_FIBER_SHARED " : "static CU2C_FIBER_SHARED ");
}

/* A function's __shared__ declarations (shared_at: where they start): the block's storage is
 * the worker's (one block at a time); an extern one (FileShared*) the launch's dynamic shared
 * memory, at dyn. */
static void lower_shared_decls(Unit *u, PtrVec *shared_at, PtrVec *extern_shared, const char *dyn) {
    for (int i = 0; i < shared_at->len; i++)
        lower_shared(u, *(unsigned *)shared_at->items[i]);
    for (int i = 0; i < extern_shared->len; i++) {
        FileShared *fs = extern_shared->items[i];
        edit_replace_lines(u, fs->begin, fs->end,
                           arena_printf(u->arena, "__typeof__(%s) *const %s = (__typeof__(%s) *)%s;",
                                        fs->elem_type, fs->name, fs->elem_type, dyn));
    }
}

/* A kept function's warp steps, in lockstep as a kernel's (lower_fiber_vstore): their stores
 * as the kernels' copies of its body found them (each once). */
static void lower_function_vstores(Unit *u, DeviceFn *f) {
    PtrVec done = {0};
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        for (int j = 0; j < k->vstores.len; j++) {
            VStore *vs = k->vstores.items[j];
            if (vs->owner->copy == 0 || vs->begin < f->body_begin || vs->end > f->body_end)
                continue;
            bool seen = false;
            for (int d = 0; d < done.len && !seen; d++)
                seen = ((VStore *)done.items[d])->begin == vs->begin;
            if (seen)
                continue;
            vec_push(u->arena, &done, vs);
            lower_fiber_vstore(u, vs);
        }
    }
}

/* The functions holding barriers: the fiber engine's kernels call them (the thread-loop
 * engine's expand them, whatever stays in the text): kept, reading the thread's builtins from
 * cu2c_tls, their __shared__ variables the worker's too. */
static void keep_functions(Unit *u) {
    u->fiber_kernels = true;
    for (int i = 0; i < u->inlined_fns.len; i++) {
        DeviceFn *f = u->inlined_fns.items[i];
        if (f->kept || f->fiber_unsafe)
            continue;
        f->kept = true;
        edit_insert(u, f->brace, " const __cu2c_uint3 threadIdx __attribute__((unused)) = cu2c_tls.threadIdx; "
                                 "const __cu2c_uint3 blockIdx __attribute__((unused)) = cu2c_tls.blockIdx; "
                                 "const __cu2c_dim3 blockDim __attribute__((unused)) = cu2c_tls.blockDim; "
                                 "const __cu2c_dim3 gridDim __attribute__((unused)) = cu2c_tls.gridDim; ");
        lower_shared_decls(u, &f->shared_at, &f->extern_shared, "cu2c_tls.dyn_shared");
        lower_function_vstores(u, f);
    }
}

void lower_fiber_kernel(Unit *u, Kernel *k) {
    u->cur_copy = 0;
    Buf b = {0};
    if (k->tmpl_header)
        buf_printf(&b, "%s ", k->tmpl_header);
    buf_printf(&b, "static void __cu2c_fib_%s(void **__cu2c_args, cu2c_block *__cu2c_b) { "
                   "const int __cu2c_bx __attribute__((unused)) = (int)__cu2c_b->blockDim.x, "
                   "__cu2c_by __attribute__((unused)) = (int)__cu2c_b->blockDim.y, "
                   "__cu2c_bz __attribute__((unused)) = (int)__cu2c_b->blockDim.z; ", k->tag);
    put_bindings(u, k, true, &b);
    buf_puts(&b, "const __cu2c_uint3 threadIdx __attribute__((unused)) = cu2c_tls.threadIdx; ");
    /* file-scope extern __shared__ arrays declared before it (the worker's pointers, see
     * lower_launches): at the launch's dynamic shared memory, for it and what it calls */
    for (int i = 0; i < u->file_shared.len; i++) {
        FileShared *fs = u->file_shared.items[i];
        if (fs->elem_type && fs->end <= k->decl_begin)
            buf_printf(&b, "%s = (__typeof__(%s) *)__cu2c_b->dyn_shared; ", fs->name, fs->elem_type);
    }
    edit_replace_lines(u, k->decl_begin, k->body_begin + 1, arena_strdup(u->arena, b.data));
    buf_free(&b);
    lower_shared_decls(u, &k->shared_at, &k->extern_shared, "__cu2c_b->dyn_shared");
    for (int i = 0; !k->spins && i < k->vstores.len; i++)
        if (((VStore *)k->vstores.items[i])->owner->copy == 0)
            lower_fiber_vstore(u, k->vstores.items[i]);
    keep_functions(u);
    kernel_stub(u, k);
}
