/* member_calls.c - member functions holding barriers, expanded where a kernel calls them (see
 * expand.c): the copy of the body reaches its object through a pointer bound once per block,
 * __cu2c_this<copy>; `this`, and the members the body names without `this->`, are rewritten
 * to go through it (weak edits: Edit.weak). While the copy is scanned, its object's members
 * are parts of the kernel local the object is, when it is one (Fe.this_var): a member written
 * per thread makes that local vary, and the call is then refused (lower_kernel). A temporary
 * object (`R(storage).f(x)`) is kept in a local of the copy, made once per block; an object
 * the body never reaches (no member, no `this`) is not bound at all, so it may differ between
 * threads (CUB's warp classes: `WarpReduce(storage[warp]).Sum(x)`). */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

static bool is_class(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    return k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl ||
           k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

/* The class a declaration is a member of (an enumerator: of its enumeration's), or null. */
static CXCursor owner_class(CXCursor decl) {
    CXCursor p = clang_getCursorSemanticParent(decl);
    if (clang_getCursorKind(decl) == CXCursor_EnumConstantDecl)
        p = clang_getCursorSemanticParent(p);
    return is_class(p) ? p : clang_getNullCursor();
}

bool is_member_fn(CXCursor def) {
    return is_class(clang_getCursorSemanticParent(def));
}

typedef struct RewriteScan {
    Fe *fe;
    Inline *in;
    const char *fn;         /* the member function, for messages */
    const char *via;        /* what a member named alone is prefixed with: "__cu2c_this3->", or
                             * "R::" in a static member function */
    bool ok;
} RewriteScan;

static void add_rewrite(RewriteScan *rs, unsigned begin, unsigned end, const char *text) {
    Edit *e = arena_alloc(rs->fe->u->arena, sizeof *e);
    e->begin = begin;
    e->end = end;
    e->text = text;
    e->weak = true;
    vec_push(rs->fe->u->arena, &rs->in->rewrites, e);
}

/* Is the reference c written as the bare name of what it references (not `R::n`)? */
static bool bare_name(Fe *fe, CXCursor c, CXCursor ref) {
    unsigned b, e;
    cursor_range(c, &b, &e);
    char *name = fe_str(fe->u->arena, clang_getCursorSpelling(ref));
    size_t n = strlen(name);
    return n > 0 && b + n <= fe->u->len && strncmp(fe->u->text + b, name, n) == 0 &&
           !ident_char(fe->u->text[b + n]);
}

static enum CXChildVisitResult rewrite_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    RewriteScan *rs = d;
    Fe *fe = rs->fe;
    Arena *a = fe->u->arena;
    enum CXCursorKind k = clang_getCursorKind(c);
    unsigned b, e;
    cursor_range(c, &b, &e);
    if (k == CXCursor_CXXThisExpr) {
        /* an implicit `this` is not visited: this one is written */
        if (e == b + 4 && strncmp(fe->u->text + b, "this", 4) == 0)
            add_rewrite(rs, b, e, arena_printf(a, "__cu2c_this%d", rs->in->copy));
        return CXChildVisit_Recurse;
    }
    if (k == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(c) > 0 &&
        !clang_Cursor_isNull(owner_class(clang_getOverloadedDecl(c, 0))) &&
        !clang_CXXMethod_isStatic(clang_getOverloadedDecl(c, 0)) && bare_name(fe, c, clang_getOverloadedDecl(c, 0))) {
        /* a class template's call of its own overloaded member, by bare name: through `this` */
        add_rewrite(rs, b, b, rs->via);
        return CXChildVisit_Continue;
    }
    if (k != CXCursor_MemberRefExpr && k != CXCursor_DeclRefExpr && k != CXCursor_TypeRef)
        return CXChildVisit_Recurse;
    CXCursor ref = clang_getCursorReferenced(c);
    if (is_template_param(ref))
        return CXChildVisit_Recurse;    /* the class template's parameters: bound by the copy */
    CXCursor cls = owner_class(ref);
    if (clang_Cursor_isNull(cls))
        return CXChildVisit_Recurse;
    enum CX_CXXAccessSpecifier access = clang_getCXXAccessSpecifier(ref);
    char *name = fe_str(a, clang_getCursorSpelling(ref));
    if (access == CX_CXXPrivate || access == CX_CXXProtected) {
        diag_refuse(fe->u, cursor_loc(fe, c), "'%s' is a %s member of '%s': '%s', which holds a barrier, is "
                   "expanded into the kernel, where only public members can be named (not supported yet)",
                   name, access == CX_CXXPrivate ? "private" : "protected",
                   fe_str(a, clang_getCursorSpelling(cls)), rs->fn);
        rs->ok = false;
        return CXChildVisit_Recurse;
    }
    if (k == CXCursor_TypeRef) {
        if (bare_name(fe, c, ref)) {
            diag_refuse(fe->u, cursor_loc(fe, c), "'%s' names '%s', a type declared in '%s', without its class: "
                       "not supported yet in a member function holding a barrier (write %s::%s)", rs->fn,
                       name, fe_str(a, clang_getCursorSpelling(cls)), fe_str(a, clang_getCursorSpelling(cls)), name);
            rs->ok = false;
        }
        return CXChildVisit_Recurse;
    }
    if (k == CXCursor_MemberRefExpr) {
        /* `n` for this->n (a base's member, `B::n`, too); `p->n` and `this->n` keep theirs */
        if (clang_Cursor_isNull(first_child(c)))
            add_rewrite(rs, b, b, rs->via);
        return CXChildVisit_Recurse;
    }
    /* a static member, an enumerator of the class, a static member function, by bare name */
    enum CXCursorKind rk = clang_getCursorKind(ref);
    if ((rk == CXCursor_VarDecl || rk == CXCursor_CXXMethod || rk == CXCursor_EnumConstantDecl ||
         rk == CXCursor_FunctionTemplate) && bare_name(fe, c, ref))
        add_rewrite(rs, b, b, rs->via);
    return CXChildVisit_Recurse;
}

static int rewrite_order(const void *pa, const void *pb) {
    const Edit *x = *(const Edit *const *)pa, *y = *(const Edit *const *)pb;
    return x->begin != y->begin ? (x->begin < y->begin ? -1 : 1) : 0;
}

/* The kernel local the object e of a member call is (`r`, `a[i]`, `*this` or `this->m` in a
 * member function's copy), or NULL when it is memory; *is_this when it is the copy's own. */
Var *this_root(KScan *ks, CXCursor e, bool *is_this) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_ParenExpr)
        e = strip_implicit(first_child(e));
    *is_this = false;
    if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref &&
        clang_getCursorKind(strip_implicit(first_child(e))) == CXCursor_CXXThisExpr)
        e = strip_implicit(first_child(e));
    if (clang_getCursorKind(e) == CXCursor_CXXThisExpr) {
        *is_this = true;
        return ks->fe->this_var;
    }
    Var *v = lvalue_root(ks, e);
    return v && !v->is_shared ? v : NULL;
}

/* Is the object e of a member call a temporary (`R(storage).sum(x)`: a constructor's
 * result, a cast to the class, a function returning the class by value)? */
static bool temporary_object(CXCursor e) {
    e = strip_implicit(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_CXXFunctionalCastExpr)
        return true;
    if (k != CXCursor_CallExpr)
        return false;
    CXCursor fn = clang_getCursorReferenced(e);
    enum CXCursorKind first = clang_getCursorKind(first_child(e));
    if (clang_Cursor_isNull(fn) && (first == CXCursor_TypeRef || first == CXCursor_NamespaceRef ||
                                    first == CXCursor_TemplateRef))
        return true;    /* a kernel template's `R<T>(storage)`: a dependent construction */
    if (clang_getCursorKind(fn) == CXCursor_Constructor)
        return true;
    CXType rt = clang_getCanonicalType(clang_getResultType(clang_getCursorType(fn)));
    return !clang_Cursor_isNull(fn) && rt.kind == CXType_Record;
}

/* The class cls as its own members name it: a class template's pattern by its parameters
 * (`Transform<N>`, which the copy of a member binds), any other class by its type. */
static const char *class_named_inside(Fe *fe, CXCursor cls) {
    Arena *a = fe->u->arena;
    if (clang_getCursorKind(cls) != CXCursor_ClassTemplate)
        return fe_str(a, clang_getTypeSpelling(clang_getCursorType(cls)));
    Buf b = {0};
    buf_printf(&b, "%s<", fe_str(a, clang_getCursorSpelling(cls)));
    Kids ps = template_params(cls);
    for (int i = 0; i < ps.n && i < KIDS_MAX; i++)
        buf_printf(&b, "%s%s%s", i ? ", " : "", fe_str(a, clang_getCursorSpelling(ps.c[i])),
                   strstr(cursor_text(fe, ps.c[i]), "...") ? "..." : "");
    buf_puts(&b, ">");
    const char *r = arena_strdup(a, b.data);
    buf_free(&b);
    return r;
}

/* A call of member function fn: its object bound to __cu2c_this<copy> (in->this_arg, a last
 * binding in in->binds), and the rewrites of its body (in->rewrites); false after an error. */
bool member_call_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor fn, CXCursor body, Inline *in) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    Arena *a = u->arena;
    char *name = fe_str(a, clang_getCursorSpelling(fn));
    if (strncmp(name, "operator", 8) == 0 && !ident_char(name[8])) {
        diag_refuse(u, s->loc, "call of '%s', which holds a barrier: operators are not supported yet (call a "
                   "named member function)", name);
        return false;
    }
    RewriteScan rs = {.fe = fe, .in = in, .fn = name, .ok = true};
    CXCursor cls = clang_getCursorSemanticParent(fn);
    /* the body's rewrites first: a body naming neither `this` nor a member needs no object */
    rs.via = clang_CXXMethod_isStatic(fn) ? arena_printf(a, "%s::", class_named_inside(fe, cls))
                                          : arena_printf(a, "__cu2c_this%d->", in->copy);
    clang_visitChildren(body, rewrite_visit, &rs);
    if (in->rewrites.len)
        qsort(in->rewrites.items, (size_t)in->rewrites.len, sizeof(void *), rewrite_order);
    if (!clang_CXXMethod_isStatic(fn)) {
        CXCursor callee = strip_implicit(first_child(call));
        CXCursor base = clang_getCursorKind(callee) == CXCursor_MemberRefExpr ? strip_implicit(first_child(callee))
                                                                             : clang_getNullCursor();
        if (!clang_Cursor_isNull(base) && !clang_isExpression(clang_getCursorKind(base)))
            base = clang_getNullCursor();   /* a class template's `f(x)` naming its own overloaded f */
        Stmt *bind = new_fact_stmt(fe, ST_BIND, cursor_loc(fe, call), s);
        bool is_this = clang_Cursor_isNull(base);
        if (is_this && !fe->this_copy) {
            diag_refuse(u, s->loc, "call of '%s', which holds a barrier: cu2c cannot tell its object here", name);
            return false;
        }
        if (is_this) {
            in->this_arg = arena_printf(a, "__cu2c_this%d", fe->this_copy);
            in->this_var = fe->this_var;
        } else {
            Stmt *saved = ks->s;
            scan_facts(ks, bind, base);
            ks->s = saved;
            if (!in->rewrites.len && !bind->side_effects)
                /* an object the body never reaches (CUB's warp classes, stateless here) may
                 * differ between threads (`WarpReduce(storage[warp]).Sum(x)`): not bound */
                return rs.ok;
            char *text = cursor_line(fe, base);
            bool arrow = clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer;
            /* a temporary lives in a local of the expansion, made once per block */
            in->this_temp = !arrow && temporary_object(base);
            in->this_arg = arrow || in->this_temp ? arena_printf(a, "(%s)", text)
                                                  : arena_printf(a, "__builtin_addressof(%s)", text);
            in->this_var = arrow && clang_getCursorKind(base) != CXCursor_CXXThisExpr ? NULL
                                                                                      : this_root(ks, base, &is_this);
            if (strstr(text, "//"))
                diag_error(u, bind->loc, "a // comment inside this call's object is not supported");
        }
        in->this_const = clang_CXXMethod_isConst(fn);
        in->this_bind = bind;
        in->this_ptr = new_temp(u, ks->k, arena_printf(a, "__cu2c_this%d", in->copy),
                                arena_printf(a, "%s *", fe_str(a, clang_getTypeSpelling(clang_getCursorType(cls)))),
                                bind->loc, bind, in->copy);
        vec_push(a, &bind->writes, in->this_ptr);
        vec_push(a, &in->binds, bind);
    }
    return rs.ok;
}
