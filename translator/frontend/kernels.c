/* kernels.c - kernels and launches: a kernel's parameters, template and body; file-scope
 * __shared__ variables; launches with their configuration and constant block shapes. */
#include "fe.h"

#include <ctype.h>

#include <stdlib.h>
#include <string.h>

enum CXChildVisitResult file_shared_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KScan *ks = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_VarDecl && has_attr(ref, CXCursor_CUDASharedAttr) &&
            clang_getCursorKind(clang_getCursorSemanticParent(ref)) != CXCursor_FunctionDecl) {
            SrcLoc l = cursor_loc(ks->fe, ref);
            Unit *u = ks->fe->u;
            for (int i = 0; i < u->file_shared.len; i++) {
                FileShared *fs = u->file_shared.items[i];
                unsigned b, e;
                cursor_range(ref, &b, &e);
                if (l.file == u->path && b >= fs->begin && b < fs->end &&
                    !vec_contains(&ks->k->file_shared, fs))
                    vec_push(u->arena, &ks->k->file_shared, fs);
            }
        }
    }
    return CXChildVisit_Recurse;
}

typedef struct ParamScan {
    Fe *fe;
    Kernel *k;
} ParamScan;

static enum CXChildVisitResult param_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    ParamScan *ps = d;
    if (clang_getCursorKind(c) != CXCursor_ParmDecl)
        return CXChildVisit_Continue;
    Arena *a = ps->fe->u->arena;
    Param *p = arena_alloc(a, sizeof *p);
    p->name = fe_str(a, clang_getCursorSpelling(c));
    p->text = cursor_text(ps->fe, c);
    p->type = fe_str(a, clang_getTypeSpelling(clang_getCursorType(c)));
    /* declared as an array or a function (`float a[4]`, `int f(int)`): its type is the
     * pointer C adjusts it to (`__typeof__(float) *`) */
    CXType t = clang_getCursorType(c);
    if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
        t.kind == CXType_DependentSizedArray)
        p->type = arena_printf(a, "__typeof__(%s) *", fe_str(a, clang_getTypeSpelling(clang_getArrayElementType(t))));
    else if (t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto)
        p->type = arena_printf(a, "__typeof__(%s) *", p->type);
    vec_push(a, &ps->k->params, p);
    Var *v = new_var(ps->fe, ps->k, c, NULL);
    v->is_param = true;
    size_t tl = strlen(p->type);
    if (tl > 3 && strcmp(p->type + tl - 3, "...") == 0) {
        while (tl > 3 && p->type[tl - 4] == ' ')
            tl--;
        p->pack = arena_strndup(a, p->type, tl - 3);
    }
    v->tex_object = strcmp(p->type, "cudaTextureObject_t") == 0 ||
                    strcmp(p->type, "const cudaTextureObject_t") == 0;
    if (!*p->name) {
        /* an unnamed parameter (a tag: `std::bool_constant<A>`) is named where cu2c needs
         * it: the stub and the block function */
        if (strpbrk(p->text, "([=") || !*p->text) {
            diag_error(ps->fe->u, cursor_loc(ps->fe, c), "an unnamed kernel parameter of an array or function "
                       "type, or with a default argument, is not supported yet (name it)");
            return CXChildVisit_Continue;
        }
        unsigned b, e;
        cursor_range(c, &b, &e);
        p->name = arena_printf(a, "__cu2c_p%d", ps->k->params.len);
        p->text = arena_printf(a, "%s %s", p->text, p->name);
        p->name_at = e;
        v->name = p->name;
    }
    return CXChildVisit_Continue;
}

typedef struct TemplateScan {
    Fe *fe;
    Buf args;
    unsigned last_end;      /* end of the last template parameter */
    int n;
    unsigned named_at[16];  /* unnamed parameters (`int = 0`, an enable_if's `::type = 0`):
                             * where their names go, and the names */
    const char *names[16];
    int unnamed;
    bool too_many;          /* more unnamed ones than that, or one written by a macro */
} TemplateScan;

/* Where an unnamed template parameter's name goes: before its default's `=`, else at its end. */
static unsigned name_place(const char *t, unsigned b, unsigned e) {
    int depth = 0;
    for (unsigned p = b; p < e; p++) {
        depth += t[p] == '<' || t[p] == '(' || t[p] == '[' ? 1 : t[p] == '>' || t[p] == ')' || t[p] == ']' ? -1 : 0;
        if (depth == 0 && t[p] == '=')
            return p;
    }
    return e;
}

static enum CXChildVisitResult template_param_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    TemplateScan *ts = d;
    if (!is_template_param(c))
        return CXChildVisit_Continue;
    char *name = fe_str(ts->fe->u->arena, clang_getCursorSpelling(c));
    char *text = cursor_text(ts->fe, c);
    unsigned b, e;
    cursor_range(c, &b, &e);
    ts->last_end = e;
    if (!*name) {   /* the block function and the stub name it: it is given a name */
        if (ts->unnamed == 16 || from_macro(c)) {
            ts->too_many = true;
        } else {
            name = arena_printf(ts->fe->u->arena, "__cu2c_tp%d", ts->n);
            ts->named_at[ts->unnamed] = name_place(ts->fe->u->text, b, e);
            ts->names[ts->unnamed++] = name;
        }
    }
    buf_printf(&ts->args, "%s%s%s", ts->n++ ? ", " : "", name, strstr(text, "...") ? "..." : "");
    return CXChildVisit_Continue;
}

/* A kernel template: its `template <...>` header and the arguments naming the specialisation
 * being compiled (the block function and the stub stay templates: C++ instantiates them for
 * each launch's types). */
static bool template_of(Fe *fe, Kernel *k, CXCursor fn) {
    Unit *u = fe->u;
    TemplateScan ts = {.fe = fe};
    clang_visitChildren(fn, template_param_visit, &ts);
    unsigned p = ts.last_end;
    while (p < u->len && u->text[p] != '>')
        p++;
    if (ts.n == 0 || p >= u->len || strncmp(u->text + k->decl_begin, "template", 8) != 0 || ts.too_many) {
        diag_error(u, k->loc, "this kernel template is not supported yet");
        buf_free(&ts.args);
        return false;
    }
    /* the header as written, with its unnamed parameters named */
    Buf h = {0};
    unsigned from = k->decl_begin;
    for (int i = 0; i < ts.unnamed; i++) {
        buf_put(&h, u->text + from, ts.named_at[i] - from);
        buf_printf(&h, " %s ", ts.names[i]);
        from = ts.named_at[i];
        TemplateName *tn = arena_alloc(u->arena, sizeof *tn);
        *tn = (TemplateName){ts.named_at[i], ts.names[i]};
        vec_push(u->arena, &k->tmpl_names, tn);
    }
    buf_put(&h, u->text + from, p + 1 - from);
    k->tmpl_header = arena_strdup(u->arena, h.data);
    buf_free(&h);
    k->tmpl_args = arena_printf(u->arena, "<%s>", ts.args.data);
    buf_free(&ts.args);
    return true;
}

typedef struct LocalTypes {
    Arena *a;
    PtrVec *names, *texts;  /* char*: a body's local typedefs and what they name */
} LocalTypes;

static enum CXChildVisitResult local_type_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    LocalTypes *lt = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl) {
        vec_push(lt->a, lt->names, fe_str(lt->a, clang_getCursorSpelling(c)));
        vec_push(lt->a, lt->texts, fe_str(lt->a, clang_getTypeSpelling(clang_getTypedefDeclUnderlyingType(c))));
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

/* The local typedefs of a function's body (names) and the types they name (texts). */
void local_types(Fe *fe, CXCursor body, PtrVec *names, PtrVec *texts) {
    LocalTypes lt = {.a = fe->u->arena, .names = names, .texts = texts};
    names->len = texts->len = 0;
    clang_visitChildren(body, local_type_visit, &lt);
}

/* A type's text with the local typedefs (local_types) replaced by what they name; a name
 * after `::` is a member's, not the local. */
const char *without_local_types(Arena *a, const char *type, PtrVec *names, PtrVec *texts) {
    /* later typedefs may name earlier ones: the last first */
    for (int j = names->len - 1; j >= 0; j--) {
        const char *name = names->items[j];
        size_t n = strlen(name);
        Buf b = {0};
        for (const char *p = type; *p;) {
            if (strncmp(p, name, n) == 0 && (p == type || !ident_char(p[-1])) && !ident_char(p[n]) &&
                (p == type || p[-1] != ':')) {
                buf_puts(&b, texts->items[j]);
                p += n;
            } else {
                buf_put(&b, p, 1);
                p++;
            }
        }
        type = arena_strdup(a, b.data ? b.data : "");
        buf_free(&b);
    }
    return type;
}

/* The locals of a kernel (copy 0), or of the copy of a function expanded in a kernel, whose
 * types name the local typedefs of its body (local_types: names, texts) (`__shared__ typename
 * BR::TempStorage t;` after `typedef cub::BlockReduce<T, N> BR;`, `kvp k;` after `using kvp =
 * cub::KeyValuePair<int, float>;`): their types spelled without them, so that per-thread storage declared at the
 * block function's top, and the registration outside the body (__shared__ variables whose
 * size clang does not know), can name them. */
void spell_local_types(Fe *fe, Kernel *k, PtrVec *names, PtrVec *texts, int copy) {
    Arena *a = fe->u->arena;
    for (int i = 0; names->len && i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (v->copy == copy && v->const_init)
            v->const_init = without_local_types(a, v->const_init, names, texts);
        if ((v->is_shared && v->bytes > 0) || !v->type || v->copy != copy)
            continue;
        v->type = without_local_types(a, v->type, names, texts);
    }
    /* a kernel template's per-thread arrays sized by its constants (`constexpr int n =
     * T::n; float x[n][4];`): sized by their values, which the block function's top names */
    for (int i = 0; copy == 0 && k->tmpl_args && i < k->vars.len; i++) {
        Var *v = k->vars.items[i];
        if (!v->is_shared && !v->is_param && v->type && v->copy == 0 && v->bytes <= 0 && strchr(v->type, '['))
            v->type = with_kernel_constants(a, k, v->type, 0);
    }
}

/* text with the words naming the kernel's constant locals (not members: after `::`, `.`,
 * `->`) replaced by their initialisers, in parentheses, to a depth of 8. */
const char *with_kernel_constants(Arena *a, Kernel *k, const char *text, int depth) {
    if (depth >= 8)
        return text;
    Buf b = {0};
    for (const char *p = text; *p;) {
        if (!ident_char(*p) || (p > text && ident_char(p[-1]))) {
            buf_put(&b, p++, 1);
            continue;
        }
        const char *q = p;
        while (ident_char(*q))
            q++;
        bool member = p - text >= 2 && (p[-1] == '.' || (p[-1] == ':' && p[-2] == ':') || (p[-1] == '>' && p[-2] == '-'));
        Var *c = NULL;
        for (int i = 0; i < k->vars.len && !member && !c; i++) {
            Var *v = k->vars.items[i];
            if (v->copy == 0 && v->is_const && v->const_init && !v->is_param && !v->is_shared &&
                strlen(v->name) == (size_t)(q - p) && strncmp(v->name, p, (size_t)(q - p)) == 0)
                c = v;
        }
        if (c)
            buf_printf(&b, "(%s)", with_kernel_constants(a, k, c->const_init, depth + 1));
        else
            buf_put(&b, p, (size_t)(q - p));
        p = q;
    }
    const char *r = arena_strdup(a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* A group's method on a group whose type depends on a template parameter, in the kernel or
 * in a function it calls: thread loops cannot lower it (they need the group's size where
 * the template is written); the fiber engine runs it as written. */
static enum CXChildVisitResult group_dependent_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    KScan *ks = d;
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    char name[32];
    SrcLoc loc;
    const char *method = NULL;
    CXCursor fn = callee_of(c);
    const GroupDependentFn *g = clang_Cursor_isNull(fn) ? NULL
                              : group_dependent_fn(ks->fe, fe_str(ks->fe->u->arena, fn_usr(fn)));
    if (unresolved_group_call(c, name, sizeof name)) {
        loc = cursor_loc(ks->fe, c);
        method = name;
    } else if (g) {
        loc = g->loc;
        method = g->method;
    } else {
        return CXChildVisit_Recurse;
    }
    diag_refuse(ks->fe->u, loc, "%s() on a group whose type depends on a template parameter is not supported yet by "
                "thread loops (cu2c needs the group's type where the template is written, e.g. "
                "thread_block_tile<32>)", method);
    return CXChildVisit_Break;
}

/* What the fiber engine needs to know of a kernel, wherever it is in the body: its
 * __shared__ declarations, and the calls it cannot run as written (Kernel.no_fibers). */
static enum CXChildVisitResult fiber_facts_visit(CXCursor c, CXCursor parent, CXClientData d) {
    KScan *ks = d;
    Unit *u = ks->fe->u;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        CXCursor fn = callee_of(c);
        if (is_barrier_name(call_name(c)) && !fiber_callable(c))
            ks->k->no_fibers = true;
        if (!clang_Cursor_isNull(fn) && is_user_fn(fn) && usr_in(&ks->fe->fiber_unsafe_fns, fe_str(u->arena, fn_usr(fn))))
            ks->k->no_fibers = true;
        return CXChildVisit_Recurse;
    }
    if (clang_getCursorKind(c) != CXCursor_VarDecl || !has_attr(c, CXCursor_CUDASharedAttr))
        return CXChildVisit_Recurse;
    if (is_local_extern(c)) {
        FileShared *fs = fn_extern_shared(ks->fe, c);
        if (fs)
            vec_push(u->arena, &ks->k->extern_shared, fs);
    } else if (in_main_file(ks->fe, c)) {
        unsigned b, e;   /* the declaration statement's start: `__shared__ float a[T], b[T];` */
        cursor_range(clang_getCursorKind(parent) == CXCursor_DeclStmt ? parent : c, &b, &e);
        unsigned *at = arena_alloc(u->arena, sizeof *at);
        *at = b;
        vec_push(u->arena, &ks->k->shared_at, at);
    }
    return CXChildVisit_Continue;
}


/* overload: how many kernels of its name and scope came before; overloaded: other
 * declarations of the name have other parameters (user_functions.c's scan_overload) */
void scan_kernel(Fe *fe, CXCursor fn, int overload, bool overloaded) {
    Unit *u = fe->u;
    Kernel *k = arena_alloc(u->arena, sizeof *k);
    k->name = fe_str(u->arena, clang_getCursorSpelling(fn));
    k->tag = overload ? arena_printf(u->arena, "%s__cu2c_o%d", k->name, overload + 1) : k->name;
    if (overloaded) {
        CXType t = clang_getCursorType(fn);
        Buf b = {0};
        buf_puts(&b, "void (*)(");
        for (int i = 0; i < clang_getNumArgTypes(t); i++)
            buf_printf(&b, "%s%s", i ? ", " : "", fe_str(u->arena, clang_getTypeSpelling(clang_getArgType(t, (unsigned)i))));
        buf_puts(&b, ")");
        k->self_type = arena_strdup(u->arena, b.data);
        buf_free(&b);
    }
    k->loc = cursor_loc(fe, fn);
    k->scope = "";
    if (!clang_equalCursors(clang_getCursorSemanticParent(fn), clang_getCursorLexicalParent(fn)))
        for (CXCursor p = clang_getCursorSemanticParent(fn); clang_getCursorKind(p) == CXCursor_Namespace;
             p = clang_getCursorSemanticParent(p))
            k->scope = arena_printf(u->arena, "%s::%s", fe_str(u->arena, clang_getCursorSpelling(p)), k->scope);
    if (*k->scope)
        k->scope = arena_printf(u->arena, "::%s", k->scope);
    unsigned b, e;
    cursor_range(fn, &b, &e);
    /* `extern "C" __global__ void k(...)`: the linkage goes with the kernel's stub (the
     * functions cu2c puts where the kernel was are static, which such a prefix forbids) */
    CXCursor ls = clang_getCursorLexicalParent(fn);
    if (clang_getCursorKind(ls) == CXCursor_LinkageSpec) {
        unsigned lb, le;
        cursor_range(ls, &lb, &le);
        if (lb < b && le == e && !memchr(u->text + lb, '{', b - lb))
            b = lb;
    }
    k->decl_begin = b;
    k->body_end = e;
    ParamScan ps = {fe, k};
    clang_visitChildren(fn, param_visit, &ps);
    if (clang_getCursorKind(fn) == CXCursor_FunctionTemplate && !template_of(fe, k, fn))
        return;
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(fn, find_body, &body);
    unsigned bb, be;
    cursor_range(body, &bb, &be);
    k->body_begin = bb;
    if (u->text[bb] != '{' || be != e || u->text[be - 1] != '}') {
        diag_error(u, k->loc, "kernel '%s': cannot locate its body (is it defined by a macro?)", k->name);
        return;
    }
    KScan ks = {.fe = fe, .k = k};
    local_types(fe, body, &fe->local_type_names, &fe->local_type_texts);
    clang_visitChildren(body, fiber_facts_visit, &ks);
    u->scanning = k;
    scan_list(&ks, body, &k->body, NULL);
    scan_step_sites(&ks, body);
    clang_visitChildren(body, group_dependent_visit, &ks);
    u->scanning = NULL;
    clang_visitChildren(body, file_shared_visit, &ks);
    spell_local_types(fe, k, &fe->local_type_names, &fe->local_type_texts, 0);
    vec_push(u->arena, &u->kernels, k);
}

static long long const_int(CXCursor c, bool *ok) {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    long long v = 0;
    *ok = r && clang_EvalResult_getKind(r) == CXEval_Int;
    if (*ok)
        v = clang_EvalResult_getAsLongLong(r);
    if (r)
        clang_EvalResult_dispose(r);
    return v;
}

/* A launch's block shape when it is written with constants: `256`, `dim3(16, 16)`, or a dim3
 * variable initialised so. Only a guess: the specialised code is taken when the real shape
 * matches at run time. */
static void guess_shape(CXCursor arg, int shape[3]) {
    bool ok;
    for (int depth = 0; depth < 6; depth++) {
        long long v = const_int(arg, &ok);
        if (ok && v > 0 && v <= 1024) {
            shape[0] = (int)v;
            shape[1] = shape[2] = 1;
            return;
        }
        enum CXCursorKind k = clang_getCursorKind(arg);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor d = clang_getCursorReferenced(arg);
            if (clang_getCursorKind(d) != CXCursor_VarDecl)
                return;
            arg = clang_Cursor_getVarDeclInitializer(d);
            if (clang_Cursor_isNull(arg))
                return;
            continue;
        }
        if (k == CXCursor_CallExpr && clang_getCursorKind(clang_getCursorReferenced(arg)) == CXCursor_Constructor) {
            int n = clang_Cursor_getNumArguments(arg);
            if (n == 1 && clang_getCursorKind(strip_implicit(clang_Cursor_getArgument(arg, 0))) != CXCursor_IntegerLiteral &&
                !const_int(clang_Cursor_getArgument(arg, 0), &ok) && !ok) {
                arg = clang_Cursor_getArgument(arg, 0);    /* a copy: dim3(other) */
                continue;
            }
            int dims[3] = {1, 1, 1};
            for (int i = 0; i < n && i < 3; i++) {
                long long d = const_int(clang_Cursor_getArgument(arg, (unsigned)i), &ok);
                if (!ok || d <= 0 || d > 1024)
                    return;
                dims[i] = (int)d;
            }
            memcpy(shape, dims, sizeof dims);
            return;
        }
        if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) {
            CXCursor inner = first_child(arg);
            if (clang_Cursor_isNull(inner))
                return;
            arg = inner;
            continue;
        }
        return;
    }
}

/* Skips a comment, string or character literal starting at i; returns where it ends (i when
 * there is none). */
static size_t skip_literal(const char *t, size_t n, size_t i) {
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
        while (i < n && t[i] != '\n')
            i++;
        return i;
    }
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '*') {
        for (i += 2; i + 1 < n && !(t[i] == '*' && t[i + 1] == '/'); i++)
            ;
        return i + 2 < n ? i + 2 : n;
    }
    /* a quote after a digit or letter is a digit separator (1'000) or a prefix (u8"...") */
    if (t[i] == '"' || (t[i] == '\'' && !(i > 0 && (t[i - 1] == '_' || (t[i - 1] >= '0' && t[i - 1] <= '9'))))) {
        char q = t[i];
        for (i++; i < n && t[i] != q && t[i] != '\n'; i++)
            if (t[i] == '\\')
                i++;
        return i < n ? i + 1 : n;
    }
    return i;
}

/* A run of exactly three c separated by blanks only, starting at i and not glued together:
 * returns where it ends (0 when it is not one). */
static size_t split_chevron(const char *t, size_t n, size_t i, char c) {
    int count = 0;
    size_t j = i;
    for (; j < n; j++) {
        if (t[j] == c)
            count++;
        else if (t[j] != ' ' && t[j] != '\t' && t[j] != '\n' && t[j] != '\r')
            break;
    }
    while (j > i && t[j - 1] != c)
        j--;
    return count == 3 && j - i > 3 ? j : 0;
}

/* Gathers the three characters of a split chevron at its start, its blanks after them:
 * the text keeps its length and its lines. */
static void glue_chevron(char *t, size_t i, size_t end, char c) {
    size_t w = end;
    for (size_t r = end; r-- > i;)
        if (t[r] != c)
            t[--w] = t[r];
    while (w > i)
        t[--w] = c;
}

/* `__shared__ alignas(N)` (nvcc takes it; clang rejects a C++ attribute after the GNU
 * attribute __shared__ is) becomes `alignas(N) __shared__`: the same characters, the
 * blanks between them kept in place, so the text keeps its length and its lines. */
bool swap_shared_alignas(char *t, size_t n) {
    static const char shared[] = "__shared__", alignas_[] = "alignas";
    const size_t ls = sizeof shared - 1, la = sizeof alignas_ - 1;
    bool changed = false;
    for (size_t i = 0; i + ls < n; i++) {
        size_t e = skip_literal(t, n, i);
        if (e != i) {
            i = e - 1;
            continue;
        }
        bool word = (i == 0 || !(isalnum((unsigned char)t[i - 1]) || t[i - 1] == '_')) &&
                    strncmp(t + i, shared, ls) == 0;
        if (!word)
            continue;
        size_t a = i + ls;
        while (a < n && (t[a] == ' ' || t[a] == '\t'))
            a++;
        if (a == i + ls || a + la >= n || strncmp(t + a, alignas_, la) != 0)
            continue;
        size_t p = a + la;
        while (p < n && (t[p] == ' ' || t[p] == '\t'))
            p++;
        if (p >= n || t[p] != '(')
            continue;
        int depth = 0;
        size_t close = p;
        for (; close < n && t[close] != '\n'; close++)
            if (t[close] == '(')
                depth++;
            else if (t[close] == ')' && --depth == 0)
                break;
        if (close >= n || t[close] != ')')
            continue;
        /* [i, a) "__shared__" and blanks, [a, close] the alignas: written in the other order */
        size_t blanks = a - i - ls, spec = close + 1 - a;
        char *tmp = malloc(close + 1 - i);
        if (!tmp)
            return changed;
        memcpy(tmp, t + a, spec);
        memcpy(tmp + spec, t + i + ls, blanks);
        memcpy(tmp + spec + blanks, shared, ls);
        memcpy(t + i, tmp, close + 1 - i);
        free(tmp);
        changed = true;
        i = close;
    }
    return changed;
}

bool glue_launch_chevrons(char *t, size_t n) {
    bool changed = false;
    for (size_t i = 0; i < n; i++) {
        size_t e = skip_literal(t, n, i);
        if (e != i) {
            i = e - 1;
            continue;
        }
        if (t[i] != '<')
            continue;
        size_t end = split_chevron(t, n, i, '<'), b = i;
        while (b > 0 && (t[b - 1] == ' ' || t[b - 1] == '\t'))
            b--;
        if (b >= 8 && strncmp(t + b - 8, "operator", 8) == 0)
            end = 0;        /* operator<< <T>(...) */
        if (!end) {
            while (i + 1 < n && t[i + 1] == '<')
                i++;
            continue;
        }
        /* `<< <` cannot start anything but a launch's configuration (no expression starts
         * with '<'); its closing `>> >` is the first run of three '>' outside brackets
         * (elsewhere `>> >` may close templates) */
        int depth = 0;
        for (size_t j = end; j < n; j++) {
            size_t f = skip_literal(t, n, j);
            if (f != j) {
                j = f - 1;
                continue;
            }
            if (t[j] == '(' || t[j] == '[' || t[j] == '{')
                depth++;
            else if (t[j] == ')' || t[j] == ']' || t[j] == '}') {
                if (--depth < 0)
                    break;
            } else if (t[j] == ';') {
                break;
            } else if (t[j] == '>' && depth == 0 && t[j - 1] != '-') {
                size_t close = split_chevron(t, n, j, '>');
                if (close) {
                    glue_chevron(t, i, end, '<');
                    glue_chevron(t, j, close, '>');
                    changed = true;
                    break;
                }
                if (j + 2 < n && t[j + 1] == '>' && t[j + 2] == '>') {
                    glue_chevron(t, i, end, '<');
                    changed = true;
                    break;
                }
            }
        }
        i = end - 1;
    }
    return changed;
}

/* A launch configuration's braced lists (`k<<<g, {bx, by, 1}>>>(x)`, which nvcc takes and
 * clang's parser does not) written as dim3s (`dim3{bx, by, 1}`), after the chevrons are
 * glued. Returns the text, reallocated when it grew (*n its new length; *changed set).
 * (Columns after such a list on its line are then 4 further right in messages.) */
char *brace_launch_dims(char *t, size_t *n, bool *changed) {
    for (size_t i = 0; i + 3 <= *n; i++) {
        size_t e = skip_literal(t, *n, i);
        if (e != i) {
            i = e - 1;
            continue;
        }
        if (strncmp(t + i, "<<<", 3) != 0)
            continue;
        int depth = 0;
        bool arg_start = true;
        for (size_t j = i + 3; j + 3 <= *n; j++) {
            size_t f = skip_literal(t, *n, j);
            if (f != j) {
                j = f - 1;
                continue;
            }
            char c = t[j];
            if (depth == 0 && strncmp(t + j, ">>>", 3) == 0)
                break;
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\')
                continue;
            if (c == '{' && depth == 0 && arg_start) {
                char *grown = realloc(t, *n + 5);
                if (!grown)
                    return t;
                t = grown;
                memmove(t + j + 4, t + j, *n - j + 1);
                memcpy(t + j, "dim3", 4);
                *n += 4;
                *changed = true;
                j += 4;
            }
            arg_start = c == ',' && depth == 0;
            if (c == '(' || c == '[' || c == '{')
                depth++;
            else if ((c == ')' || c == ']' || c == '}') && --depth < 0)
                break;
        }
    }
    return t;
}

/* Is a launch's text all in one macro argument written in the main file? Then *begin is
 * where it starts there (checkKernelErrors((k<<<g, b>>>(x)))). */
static bool launch_in_macro_argument(Fe *fe, CXCursor c, unsigned *begin) {
    CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
    unsigned eo;
    CXFile f;
    clang_getExpansionLocation(l, NULL, NULL, NULL, &eo);
    clang_getFileLocation(l, &f, NULL, NULL, begin);
    return eo != *begin && clang_File_isEqual(f, fe->main_file);
}

/* Is offset p in a #define's body (its logical line, line splices followed back, starts
 * with #define)? Then *body is where the body starts (after the name and parameters). */
static bool in_define(Unit *u, unsigned p, unsigned *body) {
    const char *t = u->text;
    unsigned b = p;
    for (;;) {   /* back to the logical line's start */
        while (b > 0 && t[b - 1] != '\n')
            b--;
        if (b < 2)
            break;
        unsigned e = b - 1;     /* the previous line's end */
        if (t[e - 1] == '\r')
            e--;
        if (e == 0 || t[e - 1] != '\\')
            break;
        b = e - 1;
    }
    const char *d = directive_name(t + b, t + p);
    if (!d || d + 6 >= t + p || strncmp(d, "define", 6) != 0)
        return false;
    b = (unsigned)(d + 6 - t);
    while (b < p && (t[b] == ' ' || t[b] == '\t'))
        b++;
    while (b < p && ident_char(t[b]))
        b++;
    if (b < p && t[b] == '(')
        while (b < p && t[b - 1] != ')')
            b++;
    *body = b;
    return b <= p;
}

/* Is a launch's `<<<` (config, the configuration call's cursor) written in the body of a
 * macro defined in the main file (`#define LAUNCH(T) k<T><<<g, b>>>(x)`)? Then *begin is
 * where its callee starts there: the name (and template arguments) before the `<<<`, which
 * may be a parameter of the macro. */
static bool launch_in_macro_body(Fe *fe, CXCursor config, unsigned *begin) {
    Unit *u = fe->u;
    CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(config));
    unsigned at, body;
    CXFile f;
    clang_getSpellingLocation(l, &f, NULL, NULL, &at);
    if (!clang_File_isEqual(f, fe->main_file) || at + 3 > u->len || strncmp(u->text + at, "<<<", 3) != 0 ||
        !in_define(u, at, &body))
        return false;
    unsigned p = at;
    while (p > 0 && strchr(" \t\r\n\\", u->text[p - 1]))   /* blanks, line splices */
        p--;
    if (p > 0 && u->text[p - 1] == '>') {   /* template arguments */
        int depth = 0;
        while (p > 0) {
            char ch = u->text[--p];
            depth += ch == '>' ? 1 : ch == '<' ? -1 : 0;
            if (depth == 0)
                break;
        }
        while (p > 0 && strchr(" \t\r\n\\", u->text[p - 1]))   /* blanks, line splices */
            p--;
    }
    while (p > 0 && (ident_char(u->text[p - 1]) || u->text[p - 1] == ':'))
        p--;
    *begin = p;
    return p >= body && p < at && ident_char(u->text[p]);
}

/* The end of the bracketed run starting at p (open: its opening text, close: its closing),
 * brackets of other kinds nested; 0 when it does not close. commas, unless NULL, gets the
 * offsets of the run's top-level commas (at most max, *ncommas of them). */
static unsigned bracket_end(Unit *u, unsigned p, const char *open, const char *close, unsigned *commas, int max,
                            int *ncommas) {
    size_t lo = strlen(open), lc = strlen(close);
    int depth = 0, nc = 0;
    for (unsigned i = p + (unsigned)lo; i + lc <= u->len; i++) {
        char ch = u->text[i];
        if (depth == 0 && strncmp(u->text + i, close, lc) == 0) {
            if (ncommas)
                *ncommas = nc;
            return i + (unsigned)lc;
        }
        if (ch == '(' || ch == '[' || ch == '{')
            depth++;
        else if (ch == ')' || ch == ']' || ch == '}')
            depth--;
        else if (ch == ',' && depth == 0 && commas && nc < max)
            commas[nc++] = i;
        if (depth < 0)
            return 0;
    }
    return 0;
}

/* A launch written in a macro's argument: its parts found in the text as written (the
 * cursors' ranges are the macro's invocation). False when the text is not `callee<<<...>>>(...)`. */
static bool spelled_launch(Fe *fe, Launch *l, unsigned begin) {
    Unit *u = fe->u;
    const char *cfg = strstr(u->text + begin, "<<<");
    if (!cfg)
        return false;
    l->config_begin = (unsigned)(cfg - u->text);
    l->callee_begin = begin;
    l->callee_end = l->config_begin;
    while (l->callee_end > begin && strchr(" \t\r\n", u->text[l->callee_end - 1]))
        l->callee_end--;
    unsigned commas[3];     /* a launch has 4 arguments at most (more: clang refused it) */
    int nc;
    l->config_end = bracket_end(u, l->config_begin, "<<<", ">>>", commas, 3, &nc);
    if (!l->config_end)
        return false;
    unsigned from = l->config_begin + 3;
    for (int i = 0; i <= nc; i++) {
        unsigned to = i < nc ? commas[i] : l->config_end - 3;
        l->config[l->nconfig++] = one_line(fe_text(fe, from, to));
        from = to + 1;
    }
    unsigned p = skip_blanks(u, l->config_end);
    l->call_end = p < u->len && u->text[p] == '(' ? bracket_end(u, p, "(", ")", NULL, 0, NULL) : 0;
    return l->call_end != 0;
}

void scan_launch(Fe *fe, CXCursor c, bool in_device_code) {
    Unit *u = fe->u;
    Kids kids = children(c);
    if (kids.n < 2 || clang_getCursorKind(kids.c[1]) != CXCursor_CallExpr)
        return;
    CXString sp = clang_getCursorSpelling(kids.c[1]);
    const char *n = clang_getCString(sp);
    bool is_config = n && (strcmp(n, "cudaConfigureCall") == 0 ||
                           strcmp(n, "__cudaPushCallConfiguration") == 0);
    clang_disposeString(sp);
    if (!is_config)
        return;
    Launch *l = arena_alloc(u->arena, sizeof *l);
    l->loc = cursor_loc(fe, c);
    if (in_device_code) {
        diag_error(u, l->loc, "kernel launch inside device code (dynamic parallelism) is not supported");
        return;
    }
    unsigned written_at;
    bool spelled = false;
    if (launch_in_macro_body(fe, kids.c[1], &written_at)) {
        for (int i = 0; i < u->launches.len; i++)   /* another expansion of the macro */
            if (((Launch *)u->launches.items[i])->callee_begin == written_at)
                return;
        spelled = l->in_macro_body = true;
    } else {
        spelled = launch_in_macro_argument(fe, c, &written_at);
    }
    if (spelled && !spelled_launch(fe, l, written_at)) {
        diag_error(u, l->loc, "cu2c cannot rewrite this kernel launch (is it written by a macro?)");
        return;
    }
    for (int i = 0; spelled && !l->in_macro_body && i < u->launches.len; i++)
        if (((Launch *)u->launches.items[i])->callee_begin == l->callee_begin)
            return;     /* a macro argument its macro expands more than once: rewritten once */
    if (!spelled) {
        cursor_range(kids.c[0], &l->callee_begin, &l->callee_end);
        cursor_range(kids.c[1], &l->config_begin, &l->config_end);
        unsigned cb;
        cursor_range(c, &cb, &l->call_end);
    }
    Kids cfg = children(kids.c[1]);
    for (int i = 1; !spelled && i < cfg.n && i < 5 && i < 8; i++) {
        unsigned b, e;
        cursor_range(cfg.c[i], &b, &e);
        if (e <= b)
            continue;       /* a default argument: not written */
        l->config[l->nconfig++] = cursor_line(fe, cfg.c[i]);
    }
    l->kernel = fe_str(u->arena, clang_getCursorSpelling(clang_getCursorReferenced(kids.c[0])));
    if (cfg.n > 2)
        guess_shape(cfg.c[2], l->shape);
    if (l->callee_end > l->config_begin || l->config_end <= l->config_begin ||
        strncmp(u->text + l->config_begin, "<<<", 3) != 0) {
        diag_error(u, l->loc, "cu2c cannot rewrite this kernel launch (is it written by a macro?)");
        return;
    }
    vec_push(u->arena, &u->launches, l);
}

/* File-scope __shared__ variables in the main file. */
enum CXChildVisitResult file_scope_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Fe *fe = d;
    Unit *u = fe->u;
    if (clang_getCursorKind(c) != CXCursor_VarDecl || !has_attr(c, CXCursor_CUDASharedAttr))
        return CXChildVisit_Continue;
    if (!in_main_file(fe, c)) {
        diag_error(u, cursor_loc(fe, c), "__shared__ variable at file scope in a header is not supported");
        return CXChildVisit_Continue;
    }
    FileShared *fs = arena_alloc(u->arena, sizeof *fs);
    fs->name = fe_str(u->arena, clang_getCursorSpelling(c));
    unsigned b, e;
    cursor_range(c, &b, &e);
    fs->begin = b;
    fs->end = stmt_end(u, e);
    fs->decl_text = arena_strndup(u->arena, u->text + b, e - b);
    fs->type = fe_str(u->arena, clang_getTypeSpelling(clang_getCursorType(c)));
    if (clang_Cursor_getStorageClass(c) == CX_SC_Extern)
        fs->elem_type = fe_str(u->arena, clang_getTypeSpelling(clang_getArrayElementType(clang_getCursorType(c))));
    vec_push(u->arena, &u->file_shared, fs);
    return CXChildVisit_Continue;
}

/* Tokens of the main file: C++-only keywords make the output C++; __CUDA_ARCH__ is refused
 * (the parse sees the host side only, so device-side #if branches would be dropped). */
