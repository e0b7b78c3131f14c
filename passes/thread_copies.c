/* thread_copies.c - where the per-thread copies of promoted locals live and how thread loops
 * read and write them: a per-thread array each (index_expr over the dimensions the local
 * varies in, count_expr elements), loaded into a plain local at the top of a thread loop's
 * body and stored back at its end; a reference bound to memory keeps its address. An
 * x_stepped local (promote_locals) holds B + threadIdx.x with one B per row of the block: its
 * array has a B per row, which a nest reads once per row before its x loop and writes after
 * it (rows_read, rows_tail). Part of the lower_kernel pass (lower.h). */
#include "lower.h"

#include <string.h>

/* The per-thread index of a value varying in dims, over a block of (bx, by, bz). */
const char *index_expr(unsigned dims) {
    switch (dims) {
    case DIM_X: return "__cu2c_tx";
    case DIM_Y: return "__cu2c_ty";
    case DIM_Z: return "__cu2c_tz";
    case DIM_X | DIM_Y: return "(__cu2c_ty * __cu2c_bx + __cu2c_tx)";
    case DIM_X | DIM_Z: return "(__cu2c_tz * __cu2c_bx + __cu2c_tx)";
    case DIM_Y | DIM_Z: return "(__cu2c_tz * __cu2c_by + __cu2c_ty)";
    default: return "((__cu2c_tz * __cu2c_by + __cu2c_ty) * __cu2c_bx + __cu2c_tx)";
    }
}

const char *count_expr(unsigned dims) {
    switch (dims) {
    case DIM_X: return "(size_t)__cu2c_bx";
    case DIM_Y: return "(size_t)__cu2c_by";
    case DIM_Z: return "(size_t)__cu2c_bz";
    case DIM_X | DIM_Y: return "((size_t)__cu2c_bx * __cu2c_by)";
    case DIM_X | DIM_Z: return "((size_t)__cu2c_bx * __cu2c_bz)";
    case DIM_Y | DIM_Z: return "((size_t)__cu2c_by * __cu2c_bz)";
    default: return "((size_t)__cu2c_bx * __cu2c_by * __cu2c_bz)";
    }
}

/* The number of a promoted local's copies: one per thread, or per row (Var.x_stepped). */
const char *copies_count(Var *v) {
    unsigned rows = v->dims & ~DIM_X;
    return v->x_stepped ? (rows ? count_expr(rows) : "(size_t)1") : count_expr(v->dims);
}

/* A thread's copy of a promoted local in its per-thread array: its index there. */
static const char *copy_index(Var *v) {
    unsigned rows = v->dims & ~DIM_X;
    return v->x_stepped ? (rows ? index_expr(rows) : "0") : index_expr(v->dims);
}

/* The per-thread array a promoted local lives in (x = f(...) shares its copy's result's). */
int store_id(Var *v) {
    return v->alias ? v->alias->id : v->id;
}

static bool is_array_type(const Var *v) {
    return !v->type_deduced && strchr(v->type, '[') != NULL;
}

/* A promoted reference's type without its '&' (and without const for REF_VALUE: the
 * storage holds the temporary itself). */
static const char *referred_type(Arena *a, Var *v) {
    size_t n = strlen(v->type);
    while (n > 0 && (v->type[n - 1] == '&' || v->type[n - 1] == ' '))
        n--;
    const char *t = v->type;
    if (v->ref == REF_VALUE && strncmp(t, "const ", 6) == 0) {
        t += 6;
        n -= 6;
    }
    return arena_strndup(a, t, n);
}

/* A bool local's copies are ints: g++ vectorises no thread loop that loads a bool flag from
 * memory to mask a float's load or store (`if (computed) t[ty][tx] = ...`), and does an int's.
 * What is stored is converted to bool first (stored_value). */
static bool widened_bool(const Var *v) {
    return !v->ref && !v->type_deduced && (strcmp(v->type, "bool") == 0 || strcmp(v->type, "_Bool") == 0);
}

/* The element type of a promoted local's per-thread array. */
const char *storage_type(Arena *a, Var *v) {
    if (widened_bool(v))
        return "int";
    if (v->ref == REF_MEMORY)
        return arena_printf(a, "__typeof__(%s) *", referred_type(a, v));
    return arena_printf(a, "__typeof__(%s)", v->ref == REF_VALUE ? referred_type(a, v) : v->type);
}

/* What a thread loop stores into a promoted local's per-thread array (its address for a
 * reference bound to memory). */
const char *stored_value(Arena *a, Var *v, const char *value) {
    if (widened_bool(v))
        return arena_printf(a, "(bool)(%s)", value);
    return v->ref == REF_MEMORY ? arena_printf(a, "__builtin_addressof(%s)", value) : value;
}

/* `__cu2c_pN[i] = (`: the start of a store of a value into a thread's copy of v, closed by
 * `)` (converted to bool where the copies are ints). */
const char *store_open(Arena *a, Var *v, const char *index) {
    return arena_printf(a, "__cu2c_p%d[%s] = %s(", store_id(v), index, widened_bool(v) ? "(bool)" : "");
}

/* Stores a thread loop's copy of a promoted local into its per-thread array. */
void put_store(Arena *a, Var *v, Buf *t) {
    if (is_array_type(v))
        buf_printf(t, "__builtin_memcpy(&__cu2c_p%d[%s], &%s, sizeof %s); ", store_id(v), index_expr(v->dims),
                   v->name, v->name);
    else if (v->x_stepped)  /* B, the same from every thread of the row (rows_read) */
        buf_printf(t, "__cu2c_n%d = %s - __cu2c_tx; ", v->id, v->name);
    else
        buf_printf(t, "__cu2c_p%d[%s] = %s; ", store_id(v), index_expr(v->dims), stored_value(a, v, v->name));
}

/* Declares a thread loop's copy of a promoted local, loaded from its per-thread array (an
 * x_stepped local from its row's B read before the x loop when row_read, see rows_read). */
void put_load(Var *v, bool row_read, Buf *h) {
    if (v->ref)
        buf_printf(h, "%s %s = %s__cu2c_p%d[%s]; ", v->type, v->name, v->ref == REF_MEMORY ? "*" : "",
                   store_id(v), index_expr(v->dims));
    else if (is_array_type(v))
        buf_printf(h, "__typeof__(%s) %s; __builtin_memcpy(&%s, &__cu2c_p%d[%s], sizeof %s); ",
                   v->type, v->name, v->name, store_id(v), index_expr(v->dims), v->name);
    else if (v->x_stepped && row_read)
        buf_printf(h, "__typeof__(%s) %s = __cu2c_r%d + __cu2c_tx; ", v->type, v->name, v->id);
    else if (v->x_stepped)  /* a thread loop of its own (open_thread_loop) */
        buf_printf(h, "__typeof__(%s) %s = __cu2c_p%d[%s] + __cu2c_tx; ", v->type, v->name, store_id(v),
                   copy_index(v));
    else
        buf_printf(h, "__typeof__(%s) %s = __cu2c_p%d[%s]; ", v->type, v->name, store_id(v),
                   index_expr(v->dims));
}

/* Does nest n load promoted v, varying in y or z only and not written by the nest, once per
 * row before its x loop (rows_read) rather than in every thread? */
bool row_loaded(Kernel *k, Nest *n, Var *v) {
    return v->promoted && !v->x_stepped && v->dims && !(v->dims & DIM_X) && !v->ref && !is_array_type(v) &&
           !k->thread_order && vec_contains(&n->loads, v) && !nest_uses(k, n, v, true);
}

/* Before nest n's x loop, the rows' B of the x_stepped locals it uses: read once per row as
 * __cu2c_rN (in the x loop, a store into any memory might have changed the array for all the
 * C compiler knows, and the local would not be an induction variable), and, where the nest
 * changes the local, the new B as __cu2c_nN, which each thread sets (put_store) and the row
 * stores after its x loop (rows_tail): a thread storing into the array a B its row's next
 * thread then read would have that thread step twice. Likewise the promoted locals varying
 * in y or z only that it reads (row_loaded), under their own names: `tile[S][tx]` with S
 * invariant in the x loop is a contiguous row. Opens a block if any. */
bool rows_read(Kernel *k, Nest *n, Buf *h) {
    bool any = false;
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        bool stepped = v->x_stepped && nest_uses(k, n, v, false), row = row_loaded(k, n, v);
        if (!stepped && !row)
            continue;
        if (!any)
            buf_puts(h, "{ ");
        any = true;
        if (row) {
            put_load(v, false, h);
            continue;
        }
        buf_printf(h, "const __typeof__(%s) __cu2c_r%d = __cu2c_p%d[%s]; ", v->type, v->id, v->id, copy_index(v));
        if (nest_stores_var(k, n, v))
            buf_printf(h, "__typeof__(%s) __cu2c_n%d = __cu2c_r%d; ", v->type, v->id, v->id);
    }
    return any;
}

/* After the x loop: the rows' new B stored, and rows_read's block closed. */
void rows_tail(Kernel *k, Nest *n, Buf *t) {
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->x_stepped && nest_uses(k, n, v, false) && nest_stores_var(k, n, v))
            buf_printf(t, " __cu2c_p%d[%s] = __cu2c_n%d;", v->id, copy_index(v), v->id);
    }
    buf_puts(t, " }");
}
