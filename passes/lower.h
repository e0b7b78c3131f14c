/* lower.h - what lower_kernel.c, thread_copies.c, block_function.c, fast_subscripts.c, narrow_guards.c, nest_exits.c,
 * warp_step_stores.c,
 * the parts of the lower_kernel pass, share: helpers over the kernel model and the text of generated code. */
#ifndef CU2C_LOWER_H
#define CU2C_LOWER_H

#include "cu2c.h"

/* hoist_textures: at most this many texture objects per kernel, each with a 2-bit kind in
 * the block body's __cu2c_tk (enum cu2c_tex_kind, cu2c/texture.h) */
#define MAX_HOISTED_TEXTURES 8

const char *count_expr(unsigned dims);
const char *storage_type(Arena *a, Var *v);
bool hoisted_shared(Stmt *s);
bool x_hoisted(Var *v);
void put_x_check(Var *v, Buf *b);
void nest_subscripts(Unit *u, Kernel *k, Nest *n, PtrVec *out);
void put_subscript_checks(Nest *n, PtrVec *subs, Buf *cond);
void subscript_edits(Unit *u, PtrVec *subs, PtrVec *fast_edits);
void block_prologue(Unit *u, Kernel *k, Buf *b);
void kernel_stub(Unit *u, Kernel *k);
void put_bindings(Unit *u, Kernel *k, bool report, Buf *b);

const char *index_expr(unsigned dims);
void open_thread_loop(Kernel *k, Stmt *p, PtrVec *scopes, Buf *e);
bool edited(Unit *u, unsigned begin, unsigned end);
void put_store(Arena *a, Var *v, Buf *t);
const char *copies_count(Var *v);
int store_id(Var *v);
bool nest_stores_var(Kernel *k, Nest *n, Var *v);
bool nest_uses(Kernel *k, Nest *n, Var *v, bool write);
/* thread_copies.c */
const char *stored_value(Arena *a, Var *v, const char *value);
const char *store_open(Arena *a, Var *v, const char *index);
void put_load(Var *v, bool row_read, Buf *h);
bool row_loaded(Kernel *k, Nest *n, Var *v);
bool rows_read(Kernel *k, Nest *n, Buf *h);
void rows_tail(Kernel *k, Nest *n, Buf *t);
/* nest_exits.c */
bool nest_jumps(Kernel *k, Nest *n);
void return_pieces(Unit *u, unsigned begin, unsigned end, const unsigned *span, const char *value,
                   const char *pre, const char *post, PtrVec *out);
void exit_edits(Unit *u, Kernel *k, int ni, bool fast, Stmt *s, PtrVec *out);
void put_barrier_check(Unit *u, Kernel *k, Stmt *s, SrcLoc at, const char *name, Buf *e);
bool barrier_needs_check(Kernel *k, Stmt *s);
bool barrier_pairs_by_design(Kernel *k, Stmt *s);
void lower_site(Unit *u, Kernel *k, Site *site);
void lower_warp_site(Unit *u, Kernel *k, Site *site);
Stmt *pred_if(Stmt *s, char *branch);
bool defers_mask_checks(Kernel *k);
bool kernel_splits_warps(Kernel *k);
bool kernel_owes(Kernel *k);
void lower_predicated(Unit *u, Kernel *k, Stmt *s);
void lower_predicated_loop(Unit *u, Kernel *k, Stmt *s);
/* warp_step_stores.c */
void lower_vstore(Unit *u, Kernel *k, VStore *vs);
void commit_stores(Arena *a, Kernel *k, Nest *n, Buf *t);
bool nest_stores(Kernel *k, Nest *n);
void put_store_temps(Kernel *k, Nest *n, Buf *h);
/* narrow_guards.c */
Stmt *guard_stmt(Kernel *k, Nest *n);
Stmt *pred_guard_stmt(Kernel *k, Nest *n);
void narrow_guards(Unit *u, Kernel *k, Nest *n, Stmt *s, Buf *h, PtrVec *fast_edits, PtrVec *offs,
                   const char **flo, const char **fhi);

#endif
