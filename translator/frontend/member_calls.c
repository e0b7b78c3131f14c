/* member_calls.c - member functions holding barriers, expanded where a kernel calls them (see
 * expand.c): the copy of the body reaches its object through a pointer bound once per block,
 * __cu2c_this<copy>; `this`, and the members the body names without `this->`, are rewritten
 * to go through it (weak edits: Edit.weak). While the copy is scanned, its object's members
 * are parts of the kernel local the object is, when it is one (Fe.this_var): a member written
 * per thread makes that local vary, and the call is then refused (lower_kernel). */
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
    enum CXCursorKind refk = clang_getCursorKind(ref);
    if (refk == CXCursor_TemplateTypeParameter || refk == CXCursor_NonTypeTemplateParameter ||
        refk == CXCursor_TemplateTemplateParameter)
        return CXChildVisit_Recurse;    /* the class template's parameters: bound by the copy */
    CXCursor cls = owner_class(ref);
    if (clang_Cursor_isNull(cls))
        return CXChildVisit_Recurse;
    enum CX_CXXAccessSpecifier access = clang_getCXXAccessSpecifier(ref);
    char *name = fe_str(a, clang_getCursorSpelling(ref));
    if (access == CX_CXXPrivate || access == CX_CXXProtected) {
        diag_error(fe->u, cursor_loc(fe, c), "'%s' is a %s member of '%s': '%s', which holds a barrier, is "
                   "expanded into the kernel, where only public members can be named (not supported yet)",
                   name, access == CX_CXXPrivate ? "private" : "protected",
                   fe_str(a, clang_getCursorSpelling(cls)), rs->fn);
        rs->ok = false;
        return CXChildVisit_Recurse;
    }
    if (k == CXCursor_TypeRef) {
        if (bare_name(fe, c, ref)) {
            diag_error(fe->u, cursor_loc(fe, c), "'%s' names '%s', a type declared in '%s', without its class: "
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

/* ---- members of a class template the kernel template's parameters name -------------------- */

/* The class type of a member call's object (through typedefs, elaboration and a pointer), and
 * (when spelled is given) its spelling with template arguments (`cub::BlockReduce<T, BLOCK>`). */
static CXType object_class(CXCursor base, const char **spelled, Arena *a) {
    CXType t = clang_getCursorType(base);
    if (spelled)
        *spelled = NULL;
    for (int i = 0; i < 16; i++) {
        if (spelled) {
            CXString sp = clang_getTypeSpelling(t);
            const char *txt = clang_getCString(sp);
            if (txt && strchr(txt, '<') && (t.kind == CXType_Elaborated || t.kind == CXType_Unexposed))
                *spelled = arena_strdup(a, txt);
            clang_disposeString(sp);
        }
        if (t.kind == CXType_Elaborated)
            t = clang_Type_getNamedType(t);
        else if (t.kind == CXType_Typedef)
            t = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(t));
        else if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference)
            t = clang_getPointeeType(t);
        else
            break;
    }
    return t;
}

typedef struct Candidates {
    const char *name;
    int nargs;
    CXCursor call;
    CXCursor found[8];
    int n;
} Candidates;

static int count_params(CXCursor fn) {
    int n = 0;
    Kids k = children(fn);
    for (int i = 0; i < k.n && i < KIDS_MAX; i++)
        n += clang_getCursorKind(k.c[i]) == CXCursor_ParmDecl;
    return n;
}

/* Could the argument passed to a parameter of type pt be one (arrays to array references)? */
static bool array_fits(CXType pt, CXCursor arg) {
    if (pt.kind == CXType_LValueReference)
        pt = clang_getPointeeType(pt);
    bool want = pt.kind == CXType_ConstantArray || pt.kind == CXType_DependentSizedArray;
    CXType at = clang_getCursorType(arg);
    bool have = at.kind == CXType_ConstantArray || at.kind == CXType_DependentSizedArray ||
                at.kind == CXType_IncompleteArray;
    return want == have;
}

static enum CXChildVisitResult candidate_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Candidates *cs = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_CXXMethod && k != CXCursor_FunctionTemplate)
        return CXChildVisit_Continue;
    CXString sp = clang_getCursorSpelling(c);
    bool same = strcmp(clang_getCString(sp), cs->name) == 0;
    clang_disposeString(sp);
    if (!same || count_params(c) != cs->nargs || cs->n >= 8)
        return CXChildVisit_Continue;
    Kids kids = children(c);
    int p = 0;
    for (int i = 0; i < kids.n && i < KIDS_MAX; i++)
        if (clang_getCursorKind(kids.c[i]) == CXCursor_ParmDecl &&
            !array_fits(clang_getCursorType(kids.c[i]), clang_Cursor_getArgument(cs->call, (unsigned)p++)))
            return CXChildVisit_Continue;
    cs->found[cs->n++] = c;
    return CXChildVisit_Continue;
}

CXCursor dependent_member_callee(CXCursor call, CXCursor *cls_out) {
    CXCursor none = clang_getNullCursor();
    CXCursor callee = strip_implicit(first_child(call));
    if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr ||
        !clang_Cursor_isNull(clang_getCursorReferenced(callee)))
        return none;
    CXCursor base = first_child(callee);
    if (clang_Cursor_isNull(base))
        return none;
    CXType t = object_class(base, NULL, NULL);
    CXCursor cls = clang_getTypeDeclaration(t);
    if (clang_getCursorKind(cls) != CXCursor_ClassTemplate)
        return none;
    /* the member's name: the last identifier of the callee's text (`R<T>(s).Sum`) */
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(call);
    CXToken *toks;
    unsigned ntoks;
    clang_tokenize(tu, clang_getCursorExtent(callee), &toks, &ntoks);
    CXString name = {0};
    bool named = false;
    for (unsigned i = ntoks; i-- > 0 && !named;)
        if (clang_getTokenKind(toks[i]) == CXToken_Identifier) {
            name = clang_getTokenSpelling(tu, toks[i]);
            named = true;
        }
    clang_disposeTokens(tu, toks, ntoks);
    if (!named)
        return none;
    Candidates cs = {.name = clang_getCString(name), .nargs = clang_Cursor_getNumArguments(call), .call = call};
    clang_visitChildren(cls, candidate_visit, &cs);
    clang_disposeString(name);
    if (cs.n == 0)
        return none;
    /* of several (an overload taking the class's T and a template taking any type), the
     * plain member, as C++ prefers it for an exact match */
    CXCursor pick = cs.found[0];
    for (int i = 0; i < cs.n; i++)
        if (clang_getCursorKind(cs.found[i]) == CXCursor_CXXMethod) {
            pick = cs.found[i];
            break;
        }
    if (cls_out)
        *cls_out = cls;
    return pick;
}

/* The class template's parameters bound for the copy of a member dependent_member_callee
 * found: each argument (written, or the parameter's default) taken into a temporary at the top
 * of the block function, like a dependent function template's (expand.c dependent_binds). */
bool dependent_class_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor cls, Inline *in) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    CXCursor callee = strip_implicit(first_child(call));
    const char *spelled;
    object_class(first_child(callee), &spelled, a);
    const char *cname = fe_str(a, clang_getCursorSpelling(cls));
    PtrVec args = {0};
    const char *open = spelled ? strchr(spelled, '<') : NULL;
    if (!open) {
        diag_error(fe->u, s->loc, "call of a member of '%s' on an object whose type depends on the kernel "
                   "template's parameters: cu2c cannot read its template arguments (write the class "
                   "with them, or a typedef of it)", cname);
        return false;
    }
    int depth = 0;
    const char *start = open + 1;
    for (const char *p = open + 1; *p; p++) {
        if (*p == '<' || *p == '(' || *p == '[')
            depth++;
        else if ((*p == '>' || *p == ')' || *p == ']') && depth > 0)
            depth--;
        else if ((*p == ',' || *p == '>') && depth == 0) {
            const char *end = p;
            while (start < end && *start == ' ')
                start++;
            while (end > start && end[-1] == ' ')
                end--;
            if (end > start)
                vec_push(a, &args, arena_strndup(a, start, (size_t)(end - start)));
            start = p + 1;
            if (*p == '>')
                break;
        }
    }
    Kids kids = children(cls);
    Buf pre = {0}, binds = {0};
    int n = 0;
    bool ok = true;
    for (int i = 0; ok && i < kids.n && i < KIDS_MAX; i++) {
        CXCursor prm = kids.c[i];
        enum CXCursorKind k = clang_getCursorKind(prm);
        if (k != CXCursor_TemplateTypeParameter && k != CXCursor_NonTypeTemplateParameter)
            continue;
        char *pname = fe_str(a, clang_getCursorSpelling(prm));
        char *temp = arena_printf(a, "__cu2c_t%d_c%d", in->copy, n);
        const char *arg = n < args.len ? args.items[n] : NULL;
        n++;
        if (k == CXCursor_TemplateTypeParameter) {
            if (!arg) {     /* the default: its type, as the compiler spells it in full */
                CXCursor dflt = first_child(prm);
                if (clang_Cursor_isNull(dflt)) {
                    ok = false;
                    break;
                }
                arg = fe_str(a, clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(dflt))));
            }
            buf_printf(&pre, "typedef %s %s; ", arg, temp);
            if (strcmp(arg, pname) != 0)
                buf_printf(&binds, "typedef %s %s; ", temp, pname);
        } else {
            char *ty = fe_str(a, clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(prm))));
            if (!arg) {     /* the default: its value */
                Kids pk = children(prm);
                long long v;
                if (pk.n == 0 || !int_constant(pk.c[pk.n - 1], &v)) {
                    ok = false;
                    break;
                }
                arg = arena_printf(a, "(%s)%lld", ty, v);
            }
            buf_printf(&pre, "constexpr auto %s = (%s); ", temp, arg);
            if (strcmp(arg, pname) != 0)
                buf_printf(&binds, "constexpr %s %s = (%s)%s; ", ty, pname, ty, temp);
        }
        vec_push(a, &in->tparam_names, pname);
        vec_push(a, &in->tparam_temps, strcmp(arg, pname) != 0 ? temp : pname);
    }
    if (!ok)
        diag_error(fe->u, s->loc, "call of a member of '%s' whose template arguments cu2c cannot name here: "
                   "not supported yet (write every template argument)", cname);
    in->tmpl_pre = arena_printf(a, "%s%s", in->tmpl_pre ? in->tmpl_pre : "", pre.data ? pre.data : "");
    in->tmpl_binds = arena_printf(a, "%s%s", binds.data ? binds.data : "", in->tmpl_binds ? in->tmpl_binds : "");
    in->dependent = true;
    buf_free(&pre);
    buf_free(&binds);
    return ok;
}

typedef struct CtorScan {
    Fe *fe;
    int pure, impure;
} CtorScan;

static enum CXChildVisitResult ctor_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    CtorScan *cs = d;
    if (clang_getCursorKind(c) == CXCursor_Constructor) {
        char *usr = fe_str(cs->fe->u->arena, clang_getCursorUSR(c));
        if (usr_in(&cs->fe->pure_fns, usr) && !usr_in(&cs->fe->tls_fns, usr))
            cs->pure++;
        else
            cs->impure++;
    }
    return CXChildVisit_Continue;
}

bool pure_dependent_construction(Fe *fe, CXCursor call) {
    enum CXCursorKind first = clang_getCursorKind(first_child(call));
    if (clang_getCursorKind(call) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(call)) ||
        (first != CXCursor_TypeRef && first != CXCursor_TemplateRef && first != CXCursor_NamespaceRef))
        return false;
    CXCursor cls = clang_getTypeDeclaration(object_class(call, NULL, NULL));
    if (clang_getCursorKind(cls) != CXCursor_ClassTemplate)
        return false;
    CtorScan cs = {fe, 0, 0};
    clang_visitChildren(cls, ctor_visit, &cs);
    return cs.pure > 0 && cs.impure == 0;
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

/* A call of member function fn: its object bound to __cu2c_this<copy> (in->this_arg, a last
 * binding in in->binds), and the rewrites of its body (in->rewrites); false after an error. */
bool member_call_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor fn, CXCursor body, Inline *in) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    Arena *a = u->arena;
    char *name = fe_str(a, clang_getCursorSpelling(fn));
    if (strncmp(name, "operator", 8) == 0 && !ident_char(name[8])) {
        diag_error(u, s->loc, "call of '%s', which holds a barrier: operators are not supported yet (call a "
                   "named member function)", name);
        return false;
    }
    RewriteScan rs = {.fe = fe, .in = in, .fn = name, .ok = true};
    CXCursor cls = clang_getCursorSemanticParent(fn);
    /* the body's rewrites first: a body naming neither `this` nor a member needs no object */
    rs.via = clang_CXXMethod_isStatic(fn) ? arena_printf(a, "%s::", fe_str(a, clang_getTypeSpelling(clang_getCursorType(cls))))
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
            diag_error(u, s->loc, "call of '%s', which holds a barrier: cu2c cannot tell its object here", name);
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
