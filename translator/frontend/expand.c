/* expand.c - device functions holding barriers, expanded where a kernel calls them: the
 * body is scanned again as a copy whose parameters are locals bound to the arguments. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
        *(CXCursor *)d = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Continue;
}


/* Does every path through statement c end in a return (`if (...) return a; else return b;`)? */
static bool always_returns(CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_ReturnStmt:
        return true;
    case CXCursor_CompoundStmt:
        return children(c).n > 0 && always_returns(last_child(c));
    case CXCursor_IfStmt: {
        Kids k = children(c);
        /* [init] [condition variable] condition then else: the branches are the last two */
        return k.n >= 3 && k.n <= KIDS_MAX && always_returns(k.c[k.n - 2]) && always_returns(k.c[k.n - 1]);
    }
    default:
        return false;
    }
}

/* Is `name` one of the kernel template's own parameters (k->tmpl_args: "<T, N>")? */
static bool kernel_tparam(Kernel *k, const char *name) {
    size_t n = strlen(name);
    for (const char *p = k->tmpl_args; p && (p = strstr(p, name)); p += n)
        if ((p[-1] == '<' || p[-1] == ' ') && (p[n] == ',' || p[n] == '>' || p[n] == '.'))
            return true;
    return false;
}

/* A call of a function template's specialisation (warp_sum<float>), or of a member of a
 * class template's (Reducer<float>::sum; spec is then the class): its template parameters as
 * declarations the expanded copy of its body starts with; "" for a plain function. */
static const char *template_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor spec) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    CXCursor tmpl = clang_getSpecializedCursorTemplate(spec);
    enum CXCursorKind tk = clang_getCursorKind(tmpl);
    if (clang_Cursor_isNull(tmpl) || (tk != CXCursor_FunctionTemplate && tk != CXCursor_ClassTemplate))
        return "";      /* a member of a class template's specialisation: the class's are bound */
    Kids params = template_params(tmpl);
    int n = clang_Cursor_getNumTemplateArguments(spec);
    PtrVec texts = {0};
    if (n < 0 && tk == CXCursor_FunctionTemplate) {
        /* a member function template's specialisation: libclang gives no arguments of those;
         * the call's, written or deduced, name them */
        if (!call_template_args(ks, s, call, tmpl, &params, &texts))
            return NULL;
        n = texts.len;
    }
    Buf b = {0};
    bool ok = n == params.n && n <= KIDS_MAX;
    for (int i = 0; ok && i < n; i++) {
        char *name = fe_str(a, clang_getCursorSpelling(params.c[i]));
        if (kernel_tparam(ks->k, name)) {
            /* the copy is inside the kernel template: its parameter cannot be declared again */
            diag_refuse(fe->u, s->loc, "call of '%s': the template parameter '%s' of '%s' has the name of the "
                       "kernel template's own: not supported yet (rename one)",
                       fe_str(a, clang_getCursorSpelling(clang_getCursorReferenced(call))), name,
                       fe_str(a, clang_getCursorSpelling(spec)));
            return NULL;
        }
        if (texts.len) {
            if (clang_getCursorKind(params.c[i]) == CXCursor_TemplateTypeParameter)
                buf_printf(&b, "typedef %s %s; ", (char *)texts.items[i], name);
            else if (clang_getCursorKind(params.c[i]) == CXCursor_NonTypeTemplateParameter)
                buf_printf(&b, "constexpr %s %s = (%s); ", fe_str(a, clang_getTypeSpelling(clang_getCursorType(params.c[i]))),
                           name, (char *)texts.items[i]);
            else
                ok = false;
            continue;
        }
        switch (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i)) {
        case CXTemplateArgumentKind_Type:
            buf_printf(&b, "typedef %s %s; ", fe_str(a, clang_getTypeSpelling(
                                                          clang_Cursor_getTemplateArgumentType(spec, (unsigned)i))), name);
            break;
        case CXTemplateArgumentKind_Integral: {
            /* the canonical type names an enumeration with its namespace; the value is cast */
            char *ty = fe_str(a, clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(params.c[i]))));
            buf_printf(&b, "constexpr %s %s = (%s)%lld; ", ty, name, ty,
                       clang_Cursor_getTemplateArgumentValue(spec, (unsigned)i));
            break;
        }
        default:
            ok = false;
        }
    }
    const char *r = ok ? arena_strdup(a, b.data ? b.data : "") : NULL;
    buf_free(&b);
    if (!ok)
        diag_refuse(fe->u, s->loc, "call of '%s', which holds a barrier, with template arguments of '%s' other "
                   "than types and integers: not supported yet",
                   fe_str(a, clang_getCursorSpelling(clang_getCursorReferenced(call))),
                   fe_str(a, clang_getCursorSpelling(spec)));
    return r;
}

/* Is def (a function's definition) an explicit specialisation of a template (`template <>
 * int f<int>(...) {...}`), not the template's pattern instantiated? */
static bool explicit_specialisation(CXCursor def) {
    CXCursor tmpl = clang_getSpecializedCursorTemplate(def);
    return clang_getCursorKind(def) == CXCursor_FunctionDecl && !clang_Cursor_isNull(tmpl) &&
           !clang_equalLocations(clang_getCursorLocation(def), clang_getCursorLocation(tmpl));
}

/* `text` with each whole word equal to one of from[] replaced by to[] at the same index (the
 * last that matches: an inner copy's names). */
char *replace_words(Arena *a, const char *text, PtrVec *from, PtrVec *to) {
    Buf b = {0};
    for (const char *p = text; *p;) {
        bool word = ident_char(*p) && !(*p >= '0' && *p <= '9') && (p == text || !ident_char(p[-1]));
        size_t n = 0;
        while (word && ident_char(p[n]))
            n++;
        int hit = -1;
        for (int i = 0; n && i < from->len; i++)
            if (strlen(from->items[i]) == n && strncmp(p, from->items[i], n) == 0)
                hit = i;
        if (hit >= 0)
            buf_puts(&b, to->items[hit]);
        else
            buf_put(&b, p, n ? n : 1);
        p += n ? n : 1;
    }
    char *r = arena_strdup(a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* A kernel template's call of a function template with arguments that depend on the kernel's
 * own template parameters (`merge<sortDir>(...)`): each template argument is taken into a
 * temporary at the top of the block function (in->tmpl_pre: only the kernel's names are
 * needed there; those of expansions around this one are replaced by their temporaries), the
 * copy names it as its parameter (in->tmpl_binds), and the types of the copy's locals name
 * the temporaries, so that per-thread storage can be declared at the top too. */
static bool dependent_binds(KScan *ks, Stmt *s, CXCursor call, CXCursor tmpl, Inline *in) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    const char *name = fe_str(a, clang_getCursorSpelling(tmpl));
    Kids params = template_params(tmpl);
    PtrVec args = {0};
    if (!call_template_args(ks, s, call, tmpl, &params, &args))
        return false;
    Buf pre = {0}, binds = {0};
    bool ok = true;
    for (int i = 0; ok && i < params.n; i++) {
        char *pname = fe_str(a, clang_getCursorSpelling(params.c[i]));
        char *temp = arena_printf(a, "__cu2c_t%d_%d", in->copy, i);
        /* (the kernel's local typedefs by what they name: the temporaries are declared at the
         * block function's top) */
        const char *arg = without_local_types(a, replace_words(a, args.items[i], &fe->tparam_names, &fe->tparam_temps),
                                              &fe->local_type_names, &fe->local_type_texts);
        bool same = kernel_tparam(ks->k, pname);
        if (same && strcmp(arg, pname) != 0) {
            diag_refuse(fe->u, s->loc, "call of '%s': its template parameter '%s' has the name of the kernel "
                       "template's own, with another argument: not supported yet (rename one)", name, pname);
            ok = false;
        } else if (clang_getCursorKind(params.c[i]) == CXCursor_TemplateTypeParameter) {
            buf_printf(&pre, "typedef %s %s; ", arg, temp);
            if (!same)
                buf_printf(&binds, "typedef %s %s; ", temp, pname);
        } else if (clang_getCursorKind(params.c[i]) == CXCursor_NonTypeTemplateParameter) {
            buf_printf(&pre, "constexpr auto %s = (%s); ", temp, arg);
            if (!same)
                buf_printf(&binds, "constexpr %s %s = %s; ",
                           fe_str(a, clang_getTypeSpelling(clang_getCursorType(params.c[i]))), pname, temp);
        } else {
            diag_refuse(fe->u, s->loc, "call of '%s', a function template holding a barrier, with a "
                       "template template argument: not supported yet", name);
            ok = false;
        }
        /* the kernel's own parameter (same name, same argument) stays itself: expansions
         * inside this one may pass it on under that name */
        vec_push(a, &in->tparam_names, pname);
        vec_push(a, &in->tparam_temps, same ? pname : temp);
        vec_push(a, &in->tparam_args, clang_getCursorKind(params.c[i]) == CXCursor_TemplateTypeParameter
                                          ? arena_strdup(a, arg) : arena_printf(a, "(%s)", arg));
    }
    in->tmpl_pre = arena_strdup(a, pre.data ? pre.data : "");
    in->tmpl_binds = arena_strdup(a, binds.data ? binds.data : "");
    in->dependent = true;
    buf_free(&pre);
    buf_free(&binds);
    return ok;
}

static enum CXChildVisitResult parm_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    if (clang_getCursorKind(c) == CXCursor_ParmDecl) {
        CXCursor *at = arena_alloc(((Fe *)((void **)d)[0])->u->arena, sizeof *at);
        *at = c;
        vec_push(((Fe *)((void **)d)[0])->u->arena, ((void **)d)[1], at);
    }
    return CXChildVisit_Continue;
}

typedef struct NameScan {
    Arena *a;
    CXCursor def;           /* the callee */
    bool filled;            /* names holds what it declares (gathered on first need) */
    PtrVec names;           /* char* */
    bool clash;
} NameScan;

static enum CXChildVisitResult callee_names_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    NameScan *ns = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl || k == CXCursor_TypedefDecl)
        vec_push(ns->a, &ns->names, fe_str(ns->a, clang_getCursorSpelling(c)));
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult arg_names_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    NameScan *ns = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        char *n = fe_str(ns->a, clang_getCursorSpelling(c));
        for (int i = 0; i < ns->names.len && !ns->clash; i++)
            ns->clash = strcmp(ns->names.items[i], n) == 0;
    }
    return ns->clash ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A parameter bound to pure arithmetic on locals whose names the callee does not declare
 * again (ns: the callee's names), or to threadIdx.d (through a local holding it: coord): it
 * may be recomputed from the argument's text (or as threadIdx.d) inside the copy, like a
 * local from its initialiser (promote_locals' remat), instead of being stored per thread. */
static void recomputable_param(KScan *ks, Var *v, Stmt *bind, CXCursor arg, NameScan *ns, const char *text,
                               bool x_unit, unsigned coord, bool index_type) {
    Arena *a = ks->fe->u->arena;
    if (bind->touches_memory || bind->side_effects || bind->calls_user_fn || bind->has_site || v->ref ||
        v->alias || v->addr_of || strstr(text, "//"))
        return;
    /* the argument threadIdx.d, or a local holding it (`warp_reduce(s, tid)` into a parameter
     * named tid too): recomputed as threadIdx.d where that local never changes (Var.coord_from,
     * promote_locals) */
    if (coord && holds_thread_index(clang_getCursorType(arg)) && index_type && bind->reads.len <= 1) {
        v->init_text = coord == DIM_X ? "threadIdx.x" : coord == DIM_Y ? "threadIdx.y" : "threadIdx.z";
        v->coord_from = bind->reads.len ? bind->reads.items[0] : NULL;
        return;
    }
    if (!ns->filled)
        clang_visitChildren(ns->def, callee_names_visit, ns);
    ns->filled = true;
    ns->clash = false;
    if (arg_names_visit(arg, arg, ns) == CXChildVisit_Recurse)
        clang_visitChildren(arg, arg_names_visit, ns);
    if (ns->clash)
        return;
    v->init_text = text;
    for (int i = 0; i < bind->reads.len; i++)
        vec_push(a, &v->init_reads, bind->reads.items[i]);
    v->x_unit = x_unit;
}

/* A type in copy in as the block function's top names it: the callee's template parameters
 * (a dependent copy's), then those of the copies it is inside (fe's), by their temporaries. */
static const char *type_at_top(Fe *fe, Inline *in, const char *t) {
    Arena *a = fe->u->arena;
    if (in->dependent)
        t = replace_words(a, t, &in->tparam_names, &in->tparam_temps);
    if (fe->tparam_names.len)
        t = replace_words(a, t, &fe->tparam_names, &fe->tparam_temps);
    return t;
}

/* A dependent copy's result type: the callee's, its template parameters named by the
 * temporaries. */
static const char *callee_result_type(Unit *u, CXCursor def, Inline *in) {
    return replace_words(u->arena, fe_str(u->arena, clang_getTypeSpelling(clang_getResultType(clang_getCursorType(def)))),
                         &in->tparam_names, &in->tparam_temps);
}

/* Is a declaration's text (before its `=`) `auto NAME`? */
static bool auto_declaration(const char *decl, const char *name) {
    while (*decl == ' ' || *decl == '\t')
        decl++;
    if (strncmp(decl, "auto", 4) != 0 || (decl[4] != ' ' && decl[4] != '\t'))
        return false;
    decl += 4;
    while (*decl == ' ' || *decl == '\t')
        decl++;
    size_t n = strlen(name);
    if (strncmp(decl, name, n) != 0)
        return false;
    for (decl += n; *decl == ' ' || *decl == '\t'; decl++)
        ;
    return *decl == 0;
}

/* `f(args);` where f holds a barrier: f's body is scanned again as a copy of its own, its
 * parameters becoming locals of the copy that take the arguments (ST_BIND statements). */
void scan_inline(KScan *ks, Stmt *s, CXCursor call, CXCursor fn, char *usr, Var *result,
                        const char *result_decl) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    char *name = fe_str(u->arena, clang_getCursorSpelling(fn));
    CXCursor def = clang_getCursorDefinition(fn);
    CXCursor body = clang_getNullCursor();
    if (!clang_Cursor_isNull(def))
        clang_visitChildren(def, find_body, &body);
    /* (by the definition expanded: an explicit specialisation is another body than its
     * template's, which may call it: see specialisations.c) */
    char *def_usr = clang_Cursor_isNull(def) ? usr : fe_str(u->arena, clang_getCursorUSR(def));
    if (usr_in(&fe->inlining, def_usr)) {
        diag_refuse(u, s->loc, "recursive call of '%s', which holds a barrier: not supported", name);
        return;
    }
    /* a function template called with arguments that depend on the kernel template's: its
     * pattern is expanded (the kernel itself is scanned as a pattern) */
    bool dependent = clang_getCursorKind(def) == CXCursor_FunctionTemplate;
    bool member = is_member_fn(def);
    /* which body runs (the pattern's or an explicit specialisation's) is known per
     * instantiation only, and the pattern is what is expanded */
    if (dependent && usr_in(&fe->specialized_fns, def_usr) && !usr_in(&fe->dispatched_fns, def_usr)) {
        diag_refuse(u, s->loc, "call of '%s', a function template holding a barrier or warp function, with "
                   "template arguments depending on the kernel's: '%s' has explicit specialisations, and "
                   "cu2c cannot tell which one runs (its pattern chooses them where it is a function whose "
                   "parameters and template parameters are all named, with no pack or template template "
                   "parameter; not supported yet otherwise)", name, name);
        return;
    }
    if (clang_Cursor_isNull(body) || !in_main_file(fe, def) ||
        (clang_getCursorKind(def) != CXCursor_FunctionDecl && clang_getCursorKind(def) != CXCursor_CXXMethod &&
         !dependent)) {
        diag_refuse(u, s->loc, "call of '%s', which holds a barrier: it must be a function, function template "
                   "or member function (not supported yet otherwise)", name);
        return;
    }
    /* an explicit specialisation's body is its own, naming no template parameter */
    const char *tmpl_binds = dependent ? NULL : explicit_specialisation(def) ? "" : template_binds(ks, s, call, fn);
    if (member && !dependent)   /* a class template's parameters come first: the member's may use them */
        tmpl_binds = arena_printf(u->arena, "%s%s", template_binds(ks, s, call, clang_getCursorSemanticParent(fn)),
                                  tmpl_binds ? tmpl_binds : "");
    /* one return at most: the body's last statement, giving the result */
    CXCursor last = last_child(body);
    bool final_return = clang_getCursorKind(last) == CXCursor_ReturnStmt;
    if (final_return) {
        if (result && children(last).n == 0) {
            diag_refuse(u, cursor_loc(fe, last), "'%s' returns no value", name);
            return;
        }
    } else if (result && !always_returns(last)) {
        diag_refuse(u, s->loc, "'%s' holds a barrier and ends without a return: its value is unknown", name);
        return;
    }
    Inline *in = arena_alloc(u->arena, sizeof *in);
    in->tmpl_binds = tmpl_binds;
    in->name = name;
    in->copy = ++u->ncopies;
    if (dependent && !dependent_binds(ks, s, call, def, in))
        return;
    /* a member of a class template the kernel template's parameters name: the class's
     * parameters bound too (the members of a copy's own object see them already) */
    CXCursor dcls;
    if (member && !clang_Cursor_isNull(dependent_member_callee(call, &dcls)) &&
        !dependent_class_binds(ks, s, call, dcls, in))
        return;
    if (result && result_decl && auto_declaration(result_decl, result->name)) {
        /* `auto x = f(...)`: the declaration comes before the expansion, without the value
         * that would deduce it; x's type is the call's (a dependent one: the callee's) */
        CXType ct = clang_getCursorType(call);
        const char *t = fe_str(u->arena, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(ct))));
        if (in->dependent && (ct.kind == CXType_Dependent || strstr(t, "dependent type")))
            t = callee_result_type(u, def, in);
        result->type = t;
        result->type_deduced = false;
        result_decl = arena_printf(u->arena, "__typeof__(%s) %s", t, result->name);
    }
    if (result && !result_decl) {
        /* a call moved out of its statement (hoist_calls): a local of its type, which a
         * dependent call's is not yet: the callee's, its parameters named by the temporaries */
        if (in->dependent && (clang_getCursorType(call).kind == CXType_Dependent || strstr(result->type, "dependent type")))
            result->type = callee_result_type(u, def, in);
        result_decl = arena_printf(u->arena, "__typeof__(%s) %s", result->type, result->name);
    }
    in->parent_copy = fe->copy;
    in->call = s;
    if (final_return) {
        unsigned rb, re;
        cursor_range(last, &rb, &re);
        in->ret_at = rb;
    }
    unsigned b, e;
    cursor_range(body, &b, &e);
    /* a definition after the kernel, with macros defined between: its copy in the kernel would
     * come before them */
    for (unsigned p = ks->k->body_end; p < b && p < u->len; p++)
        if (u->text[p] == '#' && (p == 0 || u->text[p - 1] == '\n') && strncmp(u->text + p, "#define", 7) == 0) {
            diag_refuse(u, s->loc, "call of '%s', which holds a barrier and is defined after the kernel, with "
                        "macros defined between: its body cannot be expanded into the kernel", name);
            return;
        }
    in->body_begin = b + 1;
    in->body_end = e - 1;
    s->kind = ST_SYNC;
    s->sync = SK_INLINE;
    s->barrier_loc = cursor_loc(fe, call);
    vec_push(u->arena, &ks->k->inlines, in);
    int nargs = clang_Cursor_getNumArguments(call);
    PtrVec parms = {0};
    void *pctx[2] = {fe, &parms};
    clang_visitChildren(def, parm_visit, pctx);
    int np = parms.len;
    unsigned *refs = arena_alloc(u->arena, sizeof *refs * (size_t)(nargs + 1));
    Var **addrs = arena_alloc(u->arena, sizeof *addrs * (size_t)(nargs + 1));   /* caller's locals */
    Var **aliases = arena_alloc(u->arena, sizeof *aliases * (size_t)(nargs + 1));
    bool *x_units = arena_alloc(u->arena, sizeof *x_units * (size_t)(nargs + 1));
    unsigned *coords = arena_alloc(u->arena, sizeof *coords * (size_t)(nargs + 1));
    bool *shared_args = arena_alloc(u->arena, sizeof *shared_args * (size_t)(nargs + 1));
    /* the arguments: in the caller's text, so scanned before switching to the copy */
    for (int i = 0; i < nargs; i++) {
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        if (i < np)
            refs[i] = reference_binding(ks, clang_getCursorType(*(CXCursor *)parms.items[i]), arg);
        addrs[i] = address_taken_in(ks, arg);
        x_units[i] = x_unit_expr(ks, arg);     /* (the caller's locals are found in its copy only) */
        coords[i] = coord_dim(ks, arg);
        CXCursor named = clang_getCursorReferenced(strip_implicit(arg));
        shared_args[i] = clang_getCursorKind(strip_implicit(arg)) == CXCursor_DeclRefExpr &&
                         clang_getCursorKind(named) == CXCursor_VarDecl && has_attr(named, CXCursor_CUDASharedAttr);
        if (i < np)
            aliases[i] = reference_to_local(ks, clang_getCursorType(*(CXCursor *)parms.items[i]), arg);
        Stmt *bind = new_fact_stmt(fe, ST_BIND, cursor_loc(fe, arg), s);
        Stmt *saved = ks->s;
        scan_facts(ks, bind, arg);
        ks->s = saved;
        const char *text = written_arg(fe, call, (unsigned)i);
        long long v;
        if (!text) {
            /* a default argument (not written in the call): its value, where it is a constant */
            if (!int_constant(arg, &v)) {
                diag_refuse(u, cursor_loc(fe, call), "call of '%s' leaving out an argument whose default is not an "
                            "integer constant: not supported yet (write the argument)", name);
                return;
            }
            text = arena_printf(u->arena, "%lld", v);
        }
        if (strstr(text, "//"))
            diag_error(u, bind->loc, "a // comment inside this argument is not supported");
        vec_push(u->arena, &in->binds, bind);
        vec_push(u->arena, &in->args, (void *)text);
    }
    if (member && !member_call_binds(ks, s, call, fn, body, in))
        return;
    int saved_copy = fe->copy;
    fe->copy = in->copy;
    int saved_this = fe->this_copy;
    Var *saved_this_var = fe->this_var;
    PtrVec *saved_rewrites = fe->rewrites;
    fe->this_copy = in->this_arg ? in->copy : 0;
    fe->this_var = in->this_var;
    fe->rewrites = member ? &in->rewrites : NULL;
    vec_push(u->arena, &fe->inlining, def_usr);
    NameScan callee_names = {.a = u->arena, .def = def};
    for (int i = 0; i < np && i < nargs; i++) {
        CXCursor parm = *(CXCursor *)parms.items[i];
        Stmt *bind = in->binds.items[i];
        Var *v = new_var(fe, ks->k, parm, bind);
        v->addr_of = addrs[i];
        if (aliases[i]) {
            /* `T &p` bound to the caller's local x: p is x under another name, x's per-thread
             * storage its own (Var.alias); a copy of x where p is named cannot be told apart */
            v->alias = aliases[i];
            v->alias->ref_target = true;    /* written through the reference: one answer for it */
            v->ref_param = true;
            v->ref = 0;
            /* its type as the parameter names it (the caller's spelling may need names the
             * callee's scope lacks) */
            v->type = fe_str(u->arena, clang_getTypeSpelling(clang_getPointeeType(clang_getCursorType(parm))));
        }
        v->ref = refs[i];
        v->shared_param = shared_args[i];
        v->param_text = cursor_text(fe, parm);
        vec_push(u->arena, &bind->writes, v);
        vec_push(u->arena, &bind->decls, v);
        vec_push(u->arena, &in->params, v);
        if (!dependent && !member)
            recomputable_param(ks, v, bind, clang_Cursor_getArgument(call, (unsigned)i), &callee_names,
                               in->args.items[i], x_units[i], coords[i], holds_thread_index(clang_getCursorType(parm)));
    }
    if (np != nargs)
        diag_refuse(u, s->loc, "call of '%s' with default arguments: not supported yet", name);
    PtrVec *list = arena_alloc(u->arena, sizeof *list);
    vec_push(u->arena, &s->bodies, list);
    int first_index = ks->k->stmts.len, first_var = ks->k->vars.len, first_vstore = ks->k->vstores.len;
    int first_site = ks->k->sites.len;
    int saved_names = fe->tparam_names.len;
    for (int i = 0; i < in->tparam_names.len; i++) {
        vec_push(u->arena, &fe->tparam_names, in->tparam_names.items[i]);
        vec_push(u->arena, &fe->tparam_temps, in->tparam_temps.items[i]);
    }
    scan_list(ks, body, list, s);
    fe->tparam_names.len = fe->tparam_temps.len = saved_names;
    /* the copy's locals (its parameters among them), its sites' arrays and volatile buffers
     * are declared at the top, where neither the callee's template parameters nor those of
     * the copies around it (a class template's member calling another: the class's T) are in
     * scope: their types name the temporaries */
    PtrVec alias_names = {0}, alias_texts = {0};
    local_types(fe, body, &alias_names, &alias_texts);
    spell_local_types(fe, ks->k, &alias_names, &alias_texts, in->copy);
    for (int i = first_var; i < ks->k->vars.len; i++) {
        Var *v = ks->k->vars.items[i];
        if (v->copy == in->copy)
            v->type = type_at_top(fe, in, v->type);
    }
    for (int i = 0; i < in->params.len; i++) {
        Var *v = in->params.items[i];
        v->type = type_at_top(fe, in, v->type);
    }
    for (int i = first_site; i < ks->k->sites.len; i++) {
        Site *site = ks->k->sites.items[i];
        if (site->owner->copy == in->copy && site->type)
            site->type = type_at_top(fe, in, site->type);
        if (site->owner->copy == in->copy && site->result_type)
            site->result_type = type_at_top(fe, in, site->result_type);
    }
    for (int i = first_vstore; i < ks->k->vstores.len; i++) {
        VStore *vs = ks->k->vstores.items[i];
        if (vs->owner->copy == in->copy)
            vs->type = type_at_top(fe, in, vs->type);
    }
    clang_visitChildren(body, file_shared_visit, ks);   /* the kernel declares what the copy uses */
    /* returns before the end leave the call, not the thread (see check_barriers, lower_kernel) */
    PtrVec early = {0};
    for (int i = first_index; i < ks->k->stmts.len; i++) {
        Stmt *r = ks->k->stmts.items[i];
        if (r->copy != in->copy || !r->has_return || (final_return && list->len > 0 && r == list->items[list->len - 1]))
            continue;
        r->has_return = false;
        r->fret = in;
        in->early_returns = true;
        vec_push(u->arena, &early, r);
        for (int j = 0; j < r->return_facts.len; j++)
            vec_push(u->arena, &ks->k->retvals, r->return_facts.items[j]);
    }
    if (final_return && list->len > 0) {
        /* the final return ends the call, not the thread: it becomes `x = (e);` or nothing */
        Stmt *r = list->items[list->len - 1];
        r->has_return = false;
        r->returns.len = r->return_ends.len = r->return_values.len = r->return_spans.len = 0;
        in->ret = r;
        /* the final return is an assignment in the leaf itself: its value's facts are the leaf's */
        for (int j = 0; j < r->return_facts.len; j++) {
            Stmt *rv = r->return_facts.items[j];
            for (int m = 0; m < rv->reads.len; m++)
                if (!vec_contains(&r->reads, rv->reads.items[m]))
                    vec_push(u->arena, &r->reads, rv->reads.items[m]);
            for (int m = 0; m < rv->writes.len; m++)
                if (!vec_contains(&r->writes, rv->writes.items[m]))
                    vec_push(u->arena, &r->writes, rv->writes.items[m]);
            r->tid_dims |= rv->tid_dims;
            r->side_effects |= rv->side_effects;
            r->calls_user_fn |= rv->calls_user_fn;
            r->touches_memory |= rv->touches_memory;
            /* a warp function in the value is gathered before the leaf (lower_warp_site) */
            for (int m = 0; m < ks->k->sites.len; m++) {
                Site *site = ks->k->sites.items[m];
                if (site->owner == rv) {
                    site->owner = r;
                    site->pred->parent = r->parent;
                    r->has_site = true;
                }
            }
        }
        r->return_facts.len = 0;
        CXCursor value = first_child(last);
        if (!clang_Cursor_isNull(value)) {
            char *t = cursor_line(fe, value);
            if (strstr(t, "//"))
                diag_error(u, r->loc, "a // comment inside this return is not supported");
            in->ret_expr = t;
            cursor_range(value, &in->ret_begin, &in->ret_end);
        }
    }
    if (result) {
        /* the returns assign a local of a unique name (the callee may have a local of the
         * result's name); x takes its value. Without a final return every path ends in an
         * early one (always_returns). */
        Var *tmp = new_temp(u, ks->k, arena_printf(u->arena, "__cu2c_r%d", in->copy), result->type,
                            result->loc, s, saved_copy);
        result->alias = tmp;
        in->result = result;
        in->result_tmp = tmp;
        in->result_decl = result_decl;
        if (in->ret)
            vec_push(u->arena, &in->ret->writes, tmp);
        for (int i = 0; i < early.len; i++) {
            Stmt *er = early.items[i];
            for (int j = 0; j < er->return_facts.len; j++)
                vec_push(u->arena, &((Stmt *)er->return_facts.items[j])->writes, tmp);
        }
    }
    fe->inlining.len--;
    fe->copy = saved_copy;
    fe->this_copy = saved_this;
    fe->this_var = saved_this_var;
    fe->rewrites = saved_rewrites;
}

/* A for-loop leaf: its header's facts go to s->header, its body's to s (the counter then
 * varies only if the header or the body makes it). */
