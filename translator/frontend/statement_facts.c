/* statement_facts.c - the facts of one statement of a kernel: the locals it reads and
 * writes, the threadIdx components it uses, calls with effects, returns and jumps, guards,
 * locals that are a uniform base plus threadIdx.x. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

/* ---- kernel bodies -------------------------------------------------------------------- */


Var *find_var(Kernel *k, CXCursor decl, Fe *fe) {
    SrcLoc l = cursor_loc(fe, decl);
    for (int i = 0; i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->loc.offset == l.offset && v->loc.file == l.file && v->copy == fe->copy)
            return v;
    }
    return NULL;
}

/* The local variable an lvalue expression stores into, if the store stays in the local
 * (a[i] on a local array, s.f on a local struct); NULL for stores through pointers. */
Var *lvalue_root(KScan *ks, CXCursor e) {
    for (;;) {
        e = strip_implicit(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor ref = clang_getCursorReferenced(e);
            return find_var(ks->k, ref, ks->fe);
        }
        /* in a member function's copy, its object's members (`n`, `this->n`) are parts of
         * the object: of the kernel local it is, if it is one */
        if (k == CXCursor_CXXThisExpr)
            return ks->fe->this_var;
        if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr) {
            CXCursor base = strip_implicit(first_child(e));
            if (clang_Cursor_isNull(base))
                return k == CXCursor_MemberRefExpr ? ks->fe->this_var : NULL;
            if (clang_getCursorKind(base) == CXCursor_CXXThisExpr)
                return ks->fe->this_var;
            CXType t = clang_getCanonicalType(clang_getCursorType(base));
            if (t.kind == CXType_Pointer)
                return NULL;
            e = base;
            continue;
        }
        return NULL;
    }
}

static void note_step_write(KScan *ks, Var *v) {
    if (v && !v->is_shared && !vec_contains(&ks->s->writes, v))
        vec_push(ks->fe->u->arena, &ks->s->writes, v);
}

void note_write(KScan *ks, Var *v) {
    if (v)
        v->other_writes = true;
    note_step_write(ks, v);
}

/* `v += e`, `v -= e` (e pure, reading no threadIdx) or ++v & co. on a plain local
 * (stepped_local): a step (Var.step_writes), the locals e reads noted; other writes, to c's
 * first operand, are note_write's. */
static void note_assignment(KScan *ks, CXCursor c) {
    Var *v = stepped_local(ks, c);
    bool tid = false;
    if (!v || (clang_getCursorKind(c) == CXCursor_CompoundAssignOperator &&
               (!pure_scan(ks, last_child(c), c, &v->step_reads, &tid) || tid))) {
        note_write(ks, lvalue_root(ks, first_child(c)));
        return;
    }
    v->step_writes++;
    note_step_write(ks, v);
}

/* Is the word `auto` in a type's spelling? */
static bool names_auto(const char *t) {
    for (const char *p = strstr(t, "auto"); p; p = strstr(p + 1, "auto"))
        if ((p == t || !ident_char(p[-1])) && !ident_char(p[4]))
            return true;
    return false;
}

typedef struct DeducedScan {
    Fe *fe;
    Kernel *k;
    unsigned begin, end, at; /* the initialiser, and how far it is copied */
    Buf out;
    bool failed;
} DeducedScan;

static enum CXChildVisitResult deduced_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    DeducedScan *ds = d;
    if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
        return CXChildVisit_Recurse;
    CXCursor ref = clang_getCursorReferenced(c);
    const char *builtin = NULL, *type = NULL;
    Var *w = find_var(ds->k, ref, ds->fe);
    if (w && !w->is_param)
        type = w->type;
    else if (!w && is_builtin_var(ref, &builtin) && strcmp(builtin, "threadIdx") == 0)
        type = "uint3";
    if (!type)
        return CXChildVisit_Continue;
    unsigned b, e;
    cursor_range(c, &b, &e);
    if (b >= e || b < ds->at || e > ds->end) {
        ds->failed = true;      /* named through a macro */
        return CXChildVisit_Break;
    }
    Unit *u = ds->fe->u;
    buf_put(&ds->out, u->text + ds->at, b - ds->at);
    buf_printf(&ds->out, "(*(__typeof__(%s) *)0)", type);
    ds->at = e;
    return CXChildVisit_Continue;
}

/* The type of an `auto` local of a kernel template whose initialiser's type depends on the
 * template's parameters, as the output can spell it where per-thread storage is declared
 * (before the thread loops, where only parameters are in scope): __typeof__ of the
 * initialiser with each local (and threadIdx) read as an lvalue of its type. NULL when that
 * cannot be written (a local named inside a macro, or too long). */
static const char *deduced_type(Fe *fe, Kernel *k, CXCursor decl) {
    CXCursor init = clang_Cursor_getVarDeclInitializer(decl);
    return clang_Cursor_isNull(init) ? NULL : expression_type(fe, k, init);
}

/* The type of an expression of a kernel template, as deduced_type spells it. */
const char *expression_type(Fe *fe, Kernel *k, CXCursor init) {
    DeducedScan ds = {.fe = fe, .k = k};
    cursor_range(init, &ds.begin, &ds.end);
    if (ds.begin >= ds.end || ds.end > fe->u->len)
        return NULL;
    ds.at = ds.begin;
    if (deduced_visit(init, init, &ds) == CXChildVisit_Recurse)
        clang_visitChildren(init, deduced_visit, &ds);
    buf_put(&ds.out, fe->u->text + ds.at, ds.end - ds.at);
    /* each local read spells its own type again: chains of autos grow; give up at some point */
    const char *r = ds.failed || ds.out.len > 4096 ? NULL : arena_printf(fe->u->arena, "__typeof__(%s)", one_line(ds.out.data));
    buf_free(&ds.out);
    return r;
}

Var *new_var(Fe *fe, Kernel *k, CXCursor decl, Stmt *s) {
    Arena *a = fe->u->arena;
    Var *v = arena_alloc(a, sizeof *v);
    v->name = fe_str(a, clang_getCursorSpelling(decl));
    CXType t = clang_getCursorType(decl);
    v->type = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    v->is_const = clang_isConstQualifiedType(t) && clang_getCursorKind(decl) == CXCursor_VarDecl;
    CXCursor init = v->is_const ? last_child(decl) : clang_getNullCursor();
    if (!clang_Cursor_isNull(init) && clang_isExpression(clang_getCursorKind(init)) && !macro_written(init))
        v->const_init = cursor_line(fe, init);
    v->bytes = clang_Type_getSizeOf(t);
    /* a parameter declared as an array is a pointer (libclang gives the type as written) */
    if (clang_getCursorKind(decl) == CXCursor_ParmDecl && is_array_type(t))
        v->type = arena_printf(a, "__typeof__(%s) *", fe_str(a, clang_getTypeSpelling(clang_getArrayElementType(t))));
    /* an `auto` local's deduced type prints as its declaration spells it (a function's
     * return type inside its namespace): the canonical type names its scope */
    if (t.kind == CXType_Auto || strstr(v->type, "auto") || strstr(v->type, "(lambda"))
        v->type = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    /* still `auto` (not `auto &`: a reference is no copy): deduced in each specialisation */
    if (names_auto(v->type) && !strchr(v->type, '&') && !strstr(v->type, "decltype")) {
        const char *deduced = deduced_type(fe, k, decl);
        if (deduced) {
            v->type = deduced;
            v->type_deduced = true;
        }
    }
    v->loc = cursor_loc(fe, decl);
    v->copy = fe->copy;
    v->decl_stmt = s;
    v->id = k->vars.len;
    if (has_attr(decl, CXCursor_CUDASharedAttr)) {
        v->is_shared = true;
        if (clang_Cursor_getStorageClass(decl) == CX_SC_Extern) {
            v->is_extern_shared = true;
            v->elem_type = fe_str(a, clang_getTypeSpelling(clang_getArrayElementType(t)));
        }
    }
    vec_push(a, &k->vars, v);
    return v;
}

/* A local cu2c declares itself (a call's result), in the text copy `copy`. */
Var *new_temp(Unit *u, Kernel *k, const char *name, const char *type, SrcLoc loc, Stmt *decl,
                     int copy) {
    Var *v = arena_alloc(u->arena, sizeof *v);
    v->name = name;
    v->type = type;
    v->loc = loc;
    v->decl_stmt = decl;
    v->copy = copy;
    v->id = k->vars.len;
    vec_push(u->arena, &k->vars, v);
    return v;
}


/* A statement in no list, holding the facts of a part of another that runs in a thread loop
 * of its own or ahead of it: a reduction predicate, a return value, a parameter binding, a
 * loop header. */
Stmt *new_fact_stmt(Fe *fe, StmtKind kind, SrcLoc loc, Stmt *parent) {
    Stmt *s = arena_alloc(fe->u->arena, sizeof *s);
    s->kind = kind;
    s->loc = loc;
    s->parent = parent;
    s->nest = -1;
    s->index = -1;
    s->copy = fe->copy;
    return s;
}

/* Scans c's children one level deeper in a lambda, loop or switch (*depth counts them). */
static enum CXChildVisitResult visit_nested(CXCursor c, KScan *ks, int *depth) {
    (*depth)++;
    clang_visitChildren(c, kscan_visit, ks);
    (*depth)--;
    return CXChildVisit_Continue;
}

/* ?:, && and ||: the first operand is evaluated every time, the others only sometimes. */
static enum CXChildVisitResult visit_branches(CXCursor c, KScan *ks) {
    Kids kids = children(c);
    for (int i = 0; i < kids.n; i++) {
        ks->cond_depth += i > 0;
        if (kscan_visit(kids.c[i], c, ks) == CXChildVisit_Recurse)
            clang_visitChildren(kids.c[i], kscan_visit, ks);
        ks->cond_depth -= i > 0;
    }
    return CXChildVisit_Continue;
}

/* A __shared__ declaration is per-block storage: the default construction of a class-typed
 * one (CUDA allows only trivial ones) is no call each thread makes; what its type reads
 * (array bounds) still counts. */
static enum CXChildVisitResult shared_decl_visit(CXCursor c, CXCursor parent, CXClientData d) {
    if (clang_getCursorKind(c) == CXCursor_CallExpr &&
        clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_Constructor)
        return CXChildVisit_Continue;
    return kscan_visit(c, parent, d);
}

/* The texture of a fetch of cu2c's (tex2D<T>(t, x, y) and the like) when it is a kernel's
 * cudaTextureObject_t parameter t, else NULL. */
static Var *fetched_texture(KScan *ks, CXCursor c) {
    static const char *const fetches[] = {"tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered",
                                          "tex2DLayered", "tex1DLod", "tex2DLod", "tex3DLod"};
    CXCursor fn = clang_getCursorReferenced(c);
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_isNull(fn) || is_user_fn(fn) ||
        clang_Cursor_getNumArguments(c) < 1)
        return NULL;
    CXString name = clang_getCursorSpelling(fn);
    bool fetch = false;
    for (size_t i = 0; i < sizeof fetches / sizeof *fetches; i++)
        fetch |= strcmp(clang_getCString(name), fetches[i]) == 0;
    clang_disposeString(name);
    CXCursor arg = strip_implicit(clang_Cursor_getArgument(c, 0));
    if (!fetch || clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
        return NULL;
    Var *v = find_var(ks->k, clang_getCursorReferenced(arg), ks->fe);
    return v && v->tex_object ? v : NULL;
}

/* A fetch whose texture is a parameter: counted (see hoist_textures). */
static void note_fetch(KScan *ks, CXCursor c) {
    Var *v = fetched_texture(ks, c);
    if (v)
        v->tex_fetches++;
}

typedef struct FetchSearch {
    KScan *ks;
    Var *texture;
} FetchSearch;

static enum CXChildVisitResult fetch_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    FetchSearch *fs = d;
    fs->texture = fetched_texture(fs->ks, c);
    return fs->texture ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool names(CXCursor e, CXCursor decl) {
    e = strip_implicit(e);
    return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(e), decl);
}

/* The trip count of `for (int i = A; i < B; ++i)` (or `i <= B`, `i++`, `i += 1`) with A and
 * B constants, else -1. */
static long long constant_trips(Kids kids) {
    if (kids.n != 4 || clang_getCursorKind(kids.c[0]) != CXCursor_DeclStmt)
        return -1;
    CXCursor decl = first_child(kids.c[0]), cond = strip_implicit(kids.c[1]), inc = strip_implicit(kids.c[2]);
    CXCursor init = clang_Cursor_isNull(decl) ? decl : clang_Cursor_getVarDeclInitializer(decl);
    if (clang_Cursor_isNull(init) || clang_getCursorKind(cond) != CXCursor_BinaryOperator)
        return -1;
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(cond);
    Kids ops = children(cond);
    long long lo, hi, by = 0;
    if ((op != CXBinaryOperator_LT && op != CXBinaryOperator_LE) || ops.n != 2 || !names(ops.c[0], decl) ||
        !int_constant(init, &lo) || !int_constant(ops.c[1], &hi))
        return -1;
    Kids i = children(inc);
    if (clang_getCursorKind(inc) == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind uk = clang_getCursorUnaryOperatorKind(inc);
        by = (uk == CXUnaryOperator_PreInc || uk == CXUnaryOperator_PostInc) && i.n == 1 && names(i.c[0], decl);
    } else if (clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator &&
               clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_AddAssign) {
        if (i.n != 2 || !names(i.c[0], decl) || !int_constant(i.c[1], &by))
            by = 0;
    }
    return by == 1 ? hi - lo + (op == CXBinaryOperator_LE) : -1;
}

/* The trips of a for-loop unrolled in full with the constant-trip loops inside it (one
 * trip for any other loop), the most over its inner loops; more than 32 stops the count. */
static long long unrolled_trips(CXCursor c);

static enum CXChildVisitResult inner_loop_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    long long *most = d;
    if (clang_getCursorKind(c) != CXCursor_ForStmt)
        return CXChildVisit_Recurse;
    long long n = unrolled_trips(c);
    *most = n > *most ? n : *most;
    return *most > 32 ? CXChildVisit_Break : CXChildVisit_Continue;
}

static long long unrolled_trips(CXCursor c) {
    Kids kids = children(c);
    long long trips = constant_trips(kids), inner = 1;
    trips = trips < 1 ? 1 : trips;
    if (trips > 32 || kids.n == 0)
        return trips;
    CXCursor body = kids.c[kids.n - 1];
    if (inner_loop_visit(body, c, &inner) == CXChildVisit_Recurse)
        clang_visitChildren(body, inner_loop_visit, &inner);
    return trips * inner;
}

void note_fetch_loop(KScan *ks, CXCursor c) {
    Kids kids = children(c);
    long long trips = constant_trips(kids);
    if (ks->fe->copy != 0 || trips < 1 || from_macro(c) || unrolled_trips(c) > 32)
        return;
    FetchSearch fs = {ks, NULL};
    clang_visitChildren(kids.c[3], fetch_visit, &fs);
    if (!fs.texture)
        return;
    Unit *u = ks->fe->u;
    FetchLoop *fl = arena_alloc(u->arena, sizeof *fl);
    unsigned end;
    cursor_range(c, &fl->at, &end);
    fl->texture = fs.texture;
    vec_push(u->arena, &ks->k->fetch_loops, fl);
}

/* `C == threadIdx.d`, `tx != C` and the like, C an integer constant: Stmt.coord_tests. */
static void note_coord_test(KScan *ks, CXCursor c) {
    Kids kids = children(c);
    long long value;
    for (int i = 0; i < kids.n && kids.n == 2; i++)
        if (int_constant(kids.c[1 - i], &value))
            ks->s->coord_tests |= coord_dim(ks, kids.c[i]) & (DIM_X | DIM_Y);
}

enum CXChildVisitResult kscan_visit(CXCursor c, CXCursor parent, CXClientData d) {
    KScan *ks = d;
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    Stmt *s = ks->s;
    enum CXCursorKind kind = clang_getCursorKind(c);
    switch (kind) {
    case CXCursor_ArraySubscriptExpr:
        s->touches_memory = true;
        scan_x_subscript(ks, s, c);
        break;
    case CXCursor_MemberRefExpr:
        if (clang_Cursor_isNull(first_child(c)) && fe->this_copy) {
            /* a member of a member function's object, named without `this->` */
            if (!fe->this_var)
                s->touches_memory = true;
            else if (!vec_contains(&s->reads, fe->this_var))
                vec_push(u->arena, &s->reads, fe->this_var);
        } else if (clang_getCanonicalType(clang_getCursorType(strip_implicit(first_child(c)))).kind == CXType_Pointer)
            s->touches_memory = true;
        break;
    case CXCursor_CXXThisExpr:
        if (fe->this_var) {
            if (!vec_contains(&s->reads, fe->this_var))
                vec_push(u->arena, &s->reads, fe->this_var);
            /* `this` as a value: the local's address taken */
            if (clang_getCursorKind(parent) != CXCursor_MemberRefExpr)
                fe->this_var->escapes = true;
        }
        break;
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        const char *bname;
        /* a global, __constant__, __device__ or shared variable; an array's name alone is its
         * address (the subscripts and dereferences reading it count where they are) */
        enum CXTypeKind rk = clang_getCanonicalType(clang_getCursorType(ref)).kind;
        bool array = rk == CXType_ConstantArray || rk == CXType_IncompleteArray || rk == CXType_VariableArray ||
                     rk == CXType_DependentSizedArray;
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && !is_builtin_var(ref, NULL) && !array &&
            (clang_getCursorKind(clang_getCursorSemanticParent(ref)) != CXCursor_FunctionDecl ||
             has_attr(ref, CXCursor_CUDASharedAttr) || clang_Cursor_getStorageClass(ref) == CX_SC_Static))
            s->touches_memory = true;
        if (is_builtin_var(ref, &bname)) {
            if (strcmp(bname, "threadIdx") == 0) {
                if (clang_getCursorKind(parent) == CXCursor_MemberRefExpr) {
                    CXString m = clang_getCursorSpelling(parent);
                    const char *mn = clang_getCString(m);
                    s->tid_dims |= mn[0] == 'x' ? DIM_X : mn[0] == 'y' ? DIM_Y : DIM_Z;
                    clang_disposeString(m);
                } else {
                    s->tid_dims |= DIM_XYZ;
                }
            }
            break;
        }
        Var *v = find_var(ks->k, ref, fe);
        if (!v)
            break;
        if (v->is_shared)
            break;
        v->tex_names += v->tex_object;
        if (!vec_contains(&s->reads, v))
            vec_push(u->arena, &s->reads, v);
        /* calling a lambda local reads what it captures (it is declared again where it is
         * used), and may write what it captures by reference */
        for (int i = 0; v->lambda && i < v->init_reads.len; i++) {
            Var *w = v->init_reads.items[i];
            if (!vec_contains(&s->reads, w))
                vec_push(u->arena, &s->reads, w);
            if ((v->lambda & LAMBDA_BY_REF) && !w->is_const && !vec_contains(&s->writes, w)) {
                w->other_writes = true;
                vec_push(u->arena, &s->writes, w);
            }
        }
        if (ks->lambda_depth > 0)
            v->escapes = true;
        /* an array named anywhere but as a subscript's base (it decays to a pointer that
         * can be stored or passed on) has escaped; see the UnexposedExpr case */
        if (is_array_type(clang_getCursorType(ref)) &&
            clang_getCursorKind(parent) != CXCursor_ArraySubscriptExpr &&
            clang_getCursorKind(parent) != CXCursor_UnexposedExpr)
            v->escapes = true;
        break;
    }
    case CXCursor_UnexposedExpr: {
        /* the implicit array-to-pointer decay: fine under a subscript, an escape elsewhere */
        CXCursor inner = first_child(c);
        if (clang_getCursorKind(inner) == CXCursor_DeclRefExpr &&
            clang_getCursorKind(parent) != CXCursor_ArraySubscriptExpr) {
            CXCursor ref = clang_getCursorReferenced(inner);
            Var *v = find_var(ks->k, ref, fe);
            if (v && !v->is_shared && is_array_type(clang_getCursorType(ref)))
                v->escapes = true;
        }
        break;
    }
    case CXCursor_ConditionalOperator:
        return visit_branches(c, ks);
    case CXCursor_BinaryOperator:
    case CXCursor_CompoundAssignOperator: {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr)
            return visit_branches(c, ks);
        if (op == CXBinaryOperator_AddAssign || op == CXBinaryOperator_SubAssign)
            note_assignment(ks, c);
        else if (kind == CXCursor_CompoundAssignOperator ||
                 (op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign))
            note_write(ks, lvalue_root(ks, first_child(c)));
        if (op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE)
            note_coord_test(ks, c);
        if (op == CXBinaryOperator_Assign) {
            scan_clamp(ks, c);
            Var *to = lvalue_root(ks, first_child(c)), *of = address_taken_in(ks, last_child(c));
            if (to && of)
                to->addr_of = of;
        }
        break;
    }
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_Deref)
            s->touches_memory = true;
        if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec ||
            op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
            note_assignment(ks, c);
        else if (op == CXUnaryOperator_AddrOf) {
            /* and what the statement does with the address (a call `inc(&c)`) may write it:
             * a per-thread copy it changes is stored back */
            Var *v = lvalue_root(ks, first_child(c));
            if (v) {
                v->escapes = true;
                note_write(ks, v);
            }
        }
        break;
    }
    case CXCursor_CallExpr: {
        unsigned cb, ce;
        cursor_range(c, &cb, &ce);
        for (int i = 0; i < ks->hoisted.len; i++) {
            Inline *in = ks->hoisted.items[i];
            if (in->call_begin == cb && in->call_end == ce) {
                if (!vec_contains(&s->reads, in->result))
                    vec_push(u->arena, &s->reads, in->result);
                return CXChildVisit_Continue;   /* its arguments were bound before */
            }
        }
        note_fetch(ks, c);
        ReduceOp op;
        if (reduce_op(c, &op)) {
            scan_site(ks, c, op);
            return CXChildVisit_Continue;
        }
        scan_call(ks, c);
        break;
    }
    case CXCursor_ReturnStmt: {
        if (ks->lambda_depth > 0)
            break;
        unsigned b, e;
        cursor_range(c, &b, &e);
        SrcLoc *l = arena_alloc(u->arena, sizeof *l);
        *l = cursor_loc(fe, c);
        l->offset = b;
        unsigned *end = arena_alloc(u->arena, sizeof *end);
        *end = stmt_end(u, e);
        vec_push(u->arena, &s->returns, l);
        vec_push(u->arena, &s->return_ends, end);
        CXCursor value = first_child(c);
        char *vt = NULL;
        unsigned *span = NULL;
        if (!clang_Cursor_isNull(value)) {
            vt = cursor_line(fe, value);
            span = arena_alloc(u->arena, 2 * sizeof *span);
            cursor_range(value, &span[0], &span[1]);
            if (span[0] < b || span[1] > *end || span[0] >= span[1])
                span = NULL;    /* not where the return is (a macro): rewritten whole */
        }
        vec_push(u->arena, &s->return_values, vt);
        vec_push(u->arena, &s->return_spans, span);
        s->has_return = true;
        if (fe->copy != 0) {
            /* in an expanded function: the value's facts apart (see Stmt.return_facts) */
            Stmt *rv = new_fact_stmt(fe, ST_RETVAL, *l, s->parent);
            vec_push(u->arena, &s->return_facts, rv);
            if (!clang_Cursor_isNull(value)) {
                ks->s = rv;
                if (kscan_visit(value, c, ks) == CXChildVisit_Recurse)
                    clang_visitChildren(value, kscan_visit, ks);
                ks->s = s;
            }
            return CXChildVisit_Continue;
        }
        break;
    }
    case CXCursor_VarDecl: {
        if (has_attr(c, CXCursor_CUDASharedAttr) && !clang_equalCursors(parent, ks->top)) {
            diag_refuse(u, cursor_loc(fe, c), "__shared__ variable '%s' declared inside a nested block: "
                       "declare it at the top level of the kernel body (not supported yet)",
                       fe_str(u->arena, clang_getCursorSpelling(c)));
            break;
        }
        if (has_attr(c, CXCursor_CUDASharedAttr)) {
            clang_visitChildren(c, shared_decl_visit, ks);
            return CXChildVisit_Continue;
        }
        CXType t = clang_getCursorType(c);
        if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
            /* int &r = v; : anything written through r is a write of v */
            CXCursor init = clang_Cursor_getVarDeclInitializer(c);
            Var *v = clang_Cursor_isNull(init) ? NULL : lvalue_root(ks, init);
            if (v)
                v->escapes = true;
        }
        break;
    }
    case CXCursor_GCCAsmStmt:
    case CXCursor_MSAsmStmt:
        ks->k->irregular_flow = true;   /* flow the statement tree does not show */
        break;
    case CXCursor_LambdaExpr:
        return visit_nested(c, ks, &ks->lambda_depth);
    case CXCursor_ForStmt:
        if (clang_getCursorKind(parent) != CXCursor_UnexposedStmt)   /* #pragma unroll: the user's */
            note_fetch_loop(ks, c);
        return visit_nested(c, ks, &ks->loop_depth);
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_CXXForRangeStmt:
        return visit_nested(c, ks, &ks->loop_depth);
    case CXCursor_SwitchStmt:
        return visit_nested(c, ks, &ks->switch_depth);
    case CXCursor_LabelStmt:
        ks->k->irregular_flow = true;   /* flow the statement tree does not show */
        if (ks->lambda_depth == 0)
            vec_push(u->arena, &s->labels, fe_str(u->arena, clang_getCursorSpelling(c)));
        break;
    case CXCursor_GotoStmt:
        ks->k->irregular_flow = true;
        if (ks->lambda_depth == 0) {
            if (!s->gotos.len)
                s->goto_loc = cursor_loc(fe, c);
            vec_push(u->arena, &s->gotos, fe_str(u->arena, clang_getCursorSpelling(clang_getCursorReferenced(c))));
        }
        break;
    case CXCursor_IndirectGotoStmt:
        ks->k->irregular_flow = true;
        diag_error(u, cursor_loc(fe, c), "computed goto in device code is not supported");
        break;
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt:
        if (ks->loop_depth == 1 && ks->lambda_depth == 0)
            ks->loop_level_jump = true;
        /* a jump out of the statement, to a loop or switch holding barriers */
        if (ks->lambda_depth == 0 && ks->loop_depth == 0 &&
            (kind == CXCursor_ContinueStmt || ks->switch_depth == 0)) {
            Jump *j = arena_alloc(u->arena, sizeof *j);
            j->is_continue = kind == CXCursor_ContinueStmt;
            j->loc = cursor_loc(fe, c);
            if (!from_macro(c) && in_main_file(fe, c)) {
                cursor_range(c, &j->begin, &j->end);
                j->end = stmt_end(u, j->end);
            }
            vec_push(u->arena, &s->jumps, j);
        }
        break;
    default:
        break;
    }
    return CXChildVisit_Recurse;
}



enum CXChildVisitResult decl_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KScan *ks = d;
    if (clang_getCursorKind(c) == CXCursor_VarDecl) {
        Var *v = new_var(ks->fe, ks->k, c, ks->s);
        CXCursor init = clang_Cursor_getVarDeclInitializer(c);
        /* a coordinate only in a type that holds every thread index unchanged */
        if (!clang_Cursor_isNull(init) && holds_thread_index(clang_getCursorType(c)))
            v->coord = coord_dim(ks, init);
        enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(c)).kind;
        v->no_init = clang_Cursor_isNull(init) && ((tk >= CXType_FirstBuiltin && tk <= CXType_LastBuiltin) ||
                                                   tk == CXType_Pointer || tk == CXType_Enum);
        v->has_init = !clang_Cursor_isNull(init);
        if (!clang_Cursor_isNull(init))
            v->lane_part = lane_linear(ks, init);
        CXCursor lane_coord;
        if (!clang_Cursor_isNull(init) && holds_thread_index(clang_getCursorType(c)))
            v->lane_mod = lane_term(ks, init, false, &v->lane_linear, &lane_coord);
        if (!clang_Cursor_isNull(init)) {
            v->addr_of = address_taken_in(ks, init);
            scan_lambda_local(ks, v, init);
            v->ref = reference_binding(ks, clang_getCursorType(c), init);
        }
        if (!clang_Cursor_isNull(init) && !v->is_shared && !v->lambda && !is_array_type(clang_getCursorType(c))) {
            if (pure_scan(ks, init, c, &v->init_reads, &v->init_reads_tid)) {
                char *t = cursor_line(ks->fe, init);
                if (!strstr(t, "//") && !strchr(t, '#'))
                    v->init_text = t;
            }
            scan_x_offset(ks, v, c, init);
            scan_linear_index(ks, v, c, init);
            scan_x_scale(ks, v, c, init);
            /* B + threadIdx.x with B varying in y or z (`x + y * nx`): consecutive in
             * consecutive threads all the same, for reads_x_contiguous */
            v->x_unit = !v->x_sign && holds_thread_index(clang_getCursorType(c)) && x_unit_expr(ks, init);
        }
        vec_push(ks->fe->u->arena, &ks->s->decls, v);
        if (!v->is_shared) {
            vec_push(ks->fe->u->arena, &ks->s->writes, v);
            vec_push(ks->fe->u->arena, &ks->s->kills, v);   /* a new object: no older value */
        }
    }
    return CXChildVisit_Continue;
}

typedef struct RefCount {
    KScan *ks;
    Var *v;
    int n;
} RefCount;

static enum CXChildVisitResult count_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    RefCount *rc = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
        find_var(rc->ks->k, clang_getCursorReferenced(c), rc->ks->fe) == rc->v)
        rc->n++;
    return CXChildVisit_Recurse;
}

/* `v = e`, `v op= e`, `v++`... (or several joined by commas) at the top of expression e,
 * with v a local: v is certainly assigned (Stmt.kills). Where v is named only as the target
 * of `=`, the old value is not read: v leaves s->reads. strict (a for-loop's init, whose
 * reads are taken as the loop's, after it): only `v = e` with v named nowhere else. */
void scan_kills(KScan *ks, Stmt *s, CXCursor e, CXCursor whole, bool strict) {
    e = strip_implicit(e);
    enum CXCursorKind kind = clang_getCursorKind(e);
    CXCursor target;
    bool plain = false;
    if (kind == CXCursor_BinaryOperator || kind == CXCursor_CompoundAssignOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
        Kids kids = children(e);
        if (kids.n != 2)
            return;
        if (op == CXBinaryOperator_Comma) {
            scan_kills(ks, s, kids.c[0], whole, strict);
            scan_kills(ks, s, kids.c[1], whole, strict);
            return;
        }
        plain = op == CXBinaryOperator_Assign;
        if (!plain && (kind != CXCursor_CompoundAssignOperator || strict))
            return;
        target = kids.c[0];
    } else if (kind == CXCursor_UnaryOperator && !strict) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
        if (op != CXUnaryOperator_PostInc && op != CXUnaryOperator_PostDec &&
            op != CXUnaryOperator_PreInc && op != CXUnaryOperator_PreDec)
            return;
        target = first_child(e);
    } else {
        return;
    }
    target = strip_implicit(target);
    if (clang_getCursorKind(target) != CXCursor_DeclRefExpr)
        return;
    Var *v = find_var(ks->k, clang_getCursorReferenced(target), ks->fe);
    if (!v || v->is_shared || vec_contains(&s->kills, v))
        return;
    RefCount rc = {ks, v, 0};
    if (count_visit(whole, clang_getNullCursor(), &rc) == CXChildVisit_Recurse)
        clang_visitChildren(whole, count_visit, &rc);
    if (strict && rc.n != 1)
        return;
    vec_push(ks->fe->u->arena, &s->kills, v);
    if (plain && rc.n == 1 && !strict) {
        /* only assigned: not a read (the DeclRefExpr visit counted it as one) */
        for (int i = 0; i < s->reads.len; i++)
            if (s->reads.items[i] == v) {
                s->reads.items[i] = s->reads.items[--s->reads.len];
                break;
            }
    }
}

StmtKind stmt_kind(CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_DeclStmt: return ST_DECL;
    case CXCursor_ReturnStmt: return ST_RETURN;
    case CXCursor_NullStmt: return ST_NULL;
    case CXCursor_IfStmt:
    case CXCursor_ForStmt:
    case CXCursor_WhileStmt:
    case CXCursor_DoStmt:
    case CXCursor_SwitchStmt:
    case CXCursor_CompoundStmt:
    case CXCursor_CXXForRangeStmt: return ST_CONTROL;
    case CXCursor_LabelStmt:
    case CXCursor_GotoStmt:
    case CXCursor_GCCAsmStmt:
    case CXCursor_BreakStmt:
    case CXCursor_ContinueStmt: return ST_OTHER;
    default: return clang_isExpression(clang_getCursorKind(c)) ? ST_EXPR : ST_OTHER;
    }
}
