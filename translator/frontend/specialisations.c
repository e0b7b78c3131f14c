/* specialisations.c - explicit specialisations of device function templates, chosen inside
 * the template. A kernel template's call `warp_sum<T>(mask, v)` of a function template holding
 * warp functions or barriers is expanded from the template's pattern (expand.c); which body
 * runs, the pattern's or an explicit specialisation's (`template <> int warp_sum<int>(...)`),
 * is known per instantiation only. So the pattern is made to choose, in the main text, which
 * is then parsed again:
 *
 *     template <class T> __device__ T warp_sum(unsigned m, T v) { if constexpr (__is_same(T, int))
 *         return warp_sum<int>((unsigned)(m), (int)(v)); else { ...the pattern... }}
 *
 * The arguments, cast to the specialisation's parameter types, make the call non-dependent: it
 * names the specialisation, which is expanded as any non-dependent call is; the branch not
 * taken is discarded by each instantiation. Semantics are unchanged (an instantiation for
 * int never ran the pattern anyway). The text keeps its lines: the choice is written on the
 * line of the body's `{`, and its closing `}` before the body's own.
 *
 * A template whose parameters or specialisations cu2c cannot name so (a parameter pack, an
 * unnamed parameter, a template template parameter, a member function) is left as it is:
 * expand.c refuses dependent calls of it. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

typedef struct SpecScan {
    Fe *fe;
    PtrVec specs;           /* CXCursor*: explicit specialisations of main-file templates */
} SpecScan;

static enum CXChildVisitResult spec_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    SpecScan *ss = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    char walk = decl_walk(k);
    if (walk == 'r')
        return CXChildVisit_Recurse;
    if (k != CXCursor_FunctionDecl || !clang_isCursorDefinition(c) || !in_main_file(ss->fe, c))
        return CXChildVisit_Continue;
    CXCursor tmpl = clang_getSpecializedCursorTemplate(c);
    if (clang_Cursor_isNull(tmpl) || clang_getCursorKind(tmpl) != CXCursor_FunctionTemplate ||
        !has_attr(c, CXCursor_CUDADeviceAttr))
        return CXChildVisit_Continue;
    CXCursor *at = arena_alloc(ss->fe->u->arena, sizeof *at);
    *at = c;
    vec_push(ss->fe->u->arena, &ss->specs, at);
    return CXChildVisit_Continue;
}

/* Is cursor c's text a parameter pack (`T... xs`, `class... Ts`)? */
static bool is_pack(Fe *fe, CXCursor c) {
    return strstr(cursor_text(fe, c), "...") != NULL;
}

/* `__is_same(T, int) && (N) == (4)`: does the specialisation spec's argument list equal the
 * template's parameters (params)? NULL when one cannot be written. */
static const char *spec_condition(Fe *fe, CXCursor spec, Kids *params) {
    Arena *a = fe->u->arena;
    int n = clang_Cursor_getNumTemplateArguments(spec);
    if (n != params->n || n <= 0 || n > KIDS_MAX)
        return NULL;
    Buf b = {0};
    bool ok = true;
    for (int i = 0; ok && i < n; i++) {
        const char *name = fe_str(a, clang_getCursorSpelling(params->c[i]));
        ok = *name && !is_pack(fe, params->c[i]);
        if (i)
            buf_puts(&b, " && ");
        switch (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i)) {
        case CXTemplateArgumentKind_Type:
            buf_printf(&b, "__is_same(%s, %s)", name,
                       fe_str(a, clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(spec, (unsigned)i))));
            break;
        case CXTemplateArgumentKind_Integral:
            buf_printf(&b, "(%s) == (%lld)", name, clang_Cursor_getTemplateArgumentValue(spec, (unsigned)i));
            break;
        default:
            ok = false;
        }
    }
    const char *r = ok ? arena_strdup(a, b.data) : NULL;
    buf_free(&b);
    return r;
}

/* `warp_sum<int>((unsigned)(m), (int)(v))`: the call of spec with the pattern's parameters. */
static const char *spec_call(Fe *fe, CXCursor spec, CXCursor tmpl, Kids *params) {
    Arena *a = fe->u->arena;
    /* (libclang gives a template's parameters as its children only) */
    Kids pparms = function_params(tmpl), sparms = function_params(spec);
    int np = pparms.n;
    if (np > KIDS_MAX || np != sparms.n)
        return NULL;
    Buf b = {0};
    buf_printf(&b, "%s<", fe_str(a, clang_getCursorSpelling(tmpl)));
    for (int i = 0; i < params->n; i++) {
        if (i)
            buf_puts(&b, ", ");
        if (clang_Cursor_getTemplateArgumentKind(spec, (unsigned)i) == CXTemplateArgumentKind_Type)
            buf_puts(&b, fe_str(a, clang_getTypeSpelling(clang_Cursor_getTemplateArgumentType(spec, (unsigned)i))));
        else
            buf_printf(&b, "%lld", clang_Cursor_getTemplateArgumentValue(spec, (unsigned)i));
    }
    buf_puts(&b, ">(");
    bool ok = true;
    for (int i = 0; ok && i < np; i++) {
        const char *name = fe_str(a, clang_getCursorSpelling(pparms.c[i]));
        ok = *name && !is_pack(fe, pparms.c[i]);
        buf_printf(&b, "%s(%s)(%s)", i ? ", " : "",
                   fe_str(a, clang_getTypeSpelling(clang_getCursorType(sparms.c[i]))), name);
    }
    buf_puts(&b, ")");
    const char *r = ok ? arena_strdup(a, b.data) : NULL;
    buf_free(&b);
    return r;
}

/* The choice written into template tmpl's body for its specialisations specs[from..to)
 * (those of tmpl), or false when it cannot be. */
static bool dispatch(Fe *fe, CXCursor tmpl, PtrVec *specs, int from, int to, PtrVec *inserts) {
    Arena *a = fe->u->arena;
    tmpl = clang_getCursorDefinition(tmpl);
    CXCursor body = clang_getNullCursor();
    clang_visitChildren(tmpl, find_body, &body);
    if (clang_Cursor_isNull(body) || !in_main_file(fe, tmpl) || !clang_isCursorDefinition(tmpl) ||
        is_member_fn(tmpl) || children(body).n == 0)
        return false;
    Kids params = template_params(tmpl);
    bool is_void = clang_getResultType(clang_getCursorType(tmpl)).kind == CXType_Void;
    Buf b = {0};
    bool ok = true;
    for (int i = from; ok && i < to; i++) {
        CXCursor spec = *(CXCursor *)specs->items[i];
        const char *cond = spec_condition(fe, spec, &params), *call = spec_call(fe, spec, tmpl, &params);
        ok = cond && call;
        if (ok && is_void)
            buf_printf(&b, "if constexpr (%s) { %s; } else ", cond, call);
        else if (ok)
            buf_printf(&b, "if constexpr (%s) return %s; else ", cond, call);
    }
    if (ok) {
        unsigned begin, end;
        cursor_range(body, &begin, &end);
        TextEdit *open = arena_alloc(a, sizeof *open), *close = arena_alloc(a, sizeof *close);
        *open = (TextEdit){begin + 1, begin + 1, arena_printf(a, " %s{", b.data)};
        *close = (TextEdit){end - 1, end - 1, "}"};
        vec_push(a, inserts, open);
        vec_push(a, inserts, close);
        vec_push(a, &fe->dispatched_fns, fe_str(a, clang_getCursorUSR(tmpl)));
    }
    buf_free(&b);
    return ok;
}

static int by_template(const void *x, const void *y) {
    CXCursor a = clang_getSpecializedCursorTemplate(**(CXCursor *const *)x);
    CXCursor b = clang_getSpecializedCursorTemplate(**(CXCursor *const *)y);
    unsigned ab, ae, bb, be;
    cursor_range(a, &ab, &ae);
    cursor_range(b, &bb, &be);
    return ab < bb ? -1 : ab > bb;
}

int rewrite_specialised_templates(Fe *fe) {
    Unit *u = fe->u;
    if (u->errors || !strstr(u->text, "template"))
        return 0;
    SpecScan ss = {.fe = fe};
    fe_visit_unit(fe, spec_visit, &ss);
    if (ss.specs.len == 0)
        return 0;
    /* grouped by template (a stable order: their places in the text) */
    qsort(ss.specs.items, (size_t)ss.specs.len, sizeof *ss.specs.items, by_template);
    PtrVec inserts = {0};
    int n = 0;
    for (int i = 0; i < ss.specs.len;) {
        CXCursor tmpl = clang_getSpecializedCursorTemplate(*(CXCursor *)ss.specs.items[i]);
        int j = i + 1;
        while (j < ss.specs.len &&
               clang_equalCursors(clang_getSpecializedCursorTemplate(*(CXCursor *)ss.specs.items[j]), tmpl))
            j++;
        n += dispatch(fe, tmpl, &ss.specs, i, j, &inserts);
        i = j;
    }
    if (n == 0)
        return 0;
    edit_main_text(u, &inserts);
    return n;
}
