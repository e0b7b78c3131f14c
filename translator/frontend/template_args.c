/* template_args.c - the template arguments of a call of a function template holding a barrier,
 * as text the expanded copy can name them by: those written in the call (`merge<dir>(...)`),
 * then those deduced from the types of the call's arguments (`block_sum(s, v)` with s of type
 * `T[256]` against the parameter `T *`: T is T, the kernel template's own). */
#include "fe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The explicit template arguments written in a call (`merge<sortDir>(...)`), split at the
 * commas outside brackets; false when the text cannot be read (none written: true, none). */
static bool written_template_args(Fe *fe, CXCursor call, PtrVec *args) {
    CXCursor callee = strip_implicit(first_child(call));
    unsigned b, e;
    cursor_range(callee, &b, &e);
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
        /* from the member's name on: the object's text may hold a '<' */
        clang_getExpansionLocation(clang_getCursorLocation(callee), NULL, NULL, NULL, &b);
    }
    char *t = one_line(fe_text(fe, b, e));
    char *open = strchr(t, '<');
    if (!open)
        return true;
    int depth = 0;
    char *start = open + 1;
    for (char *p = open + 1; *p; p++) {
        if (*p == '<' || *p == '(' || *p == '[')
            depth++;
        else if ((*p == '>' || *p == ')' || *p == ']') && depth > 0)
            depth--;
        else if ((*p == ',' || *p == '>') && depth == 0) {
            /* without the spaces around it: `f<T, N>`'s second argument is `N` */
            char *end = p;
            while (start < end && *start == ' ')
                start++;
            while (end > start && end[-1] == ' ')
                end--;
            vec_push(fe->u->arena, args, arena_strndup(fe->u->arena, start, (size_t)(end - start)));
            start = p + 1;
            if (*p == '>')
                return p[1] == '\0' || p[1] == ' ';
        }
    }
    return false;
}

/* A template type parameter's place, from its canonical spelling `type-parameter-D-I`
 * (qualifiers before it allowed): false for other types. */
bool type_parameter(CXType t, int *depth, int *index) {
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    const char *p = clang_getCString(s);
    while (strncmp(p, "const ", 6) == 0 || strncmp(p, "volatile ", 9) == 0)
        p += *p == 'c' ? 6 : 9;
    int n = 0;
    bool ok = sscanf(p, "type-parameter-%d-%d%n", depth, index, &n) == 2 && p[n] == '\0';
    clang_disposeString(s);
    return ok;
}

/* Does t name a template's type parameter anywhere (T, T &, const T *, vector<T>...)? */
bool dependent_spelling(CXType t) {
    CXString s = clang_getTypeSpelling(clang_getCanonicalType(t));
    bool r = t.kind == CXType_Dependent || strstr(clang_getCString(s), "type-parameter-") != NULL;
    clang_disposeString(s);
    return r;
}

/* Matches the parameter's type p against the argument's type a (as C++ deduces, for the
 * shapes T, T *, T &, cv-qualified): the type each template parameter of depth `depth` is
 * found to be goes to found[index] (the first found stays). */
static void deduce(Fe *fe, CXType p, CXType a, int depth, char **found, int n, bool top) {
    if (p.kind == CXType_LValueReference || p.kind == CXType_RValueReference) {
        deduce(fe, clang_getPointeeType(p), a, depth, found, n, false);
        return;
    }
    bool array = a.kind == CXType_ConstantArray || a.kind == CXType_IncompleteArray ||
                 a.kind == CXType_DependentSizedArray || a.kind == CXType_VariableArray;
    if (array && (p.kind == CXType_ConstantArray || p.kind == CXType_DependentSizedArray ||
                  p.kind == CXType_IncompleteArray)) {
        /* `T (&a)[N]` given an array: T is its element type */
        deduce(fe, clang_getArrayElementType(p), clang_getArrayElementType(a), depth, found, n, false);
        return;
    }
    if (top)        /* by value: the argument's own qualifiers go */
        a = clang_getUnqualifiedType(a);
    int d, i;
    if (type_parameter(p, &d, &i)) {
        if (d != depth || i < 0 || i >= n || found[i] || a.kind == CXType_Dependent || a.kind == CXType_Invalid)
            return;
        if (top && array) {     /* it decays */
            found[i] = arena_printf(fe->u->arena, "%s *", fe_str(fe->u->arena, clang_getTypeSpelling(
                                                                      clang_getArrayElementType(a))));
            return;
        }
        /* what p's own qualifiers do not take stays with T */
        bool c = clang_isConstQualifiedType(a) && !clang_isConstQualifiedType(p);
        bool v = clang_isVolatileQualifiedType(a) && !clang_isVolatileQualifiedType(p);
        found[i] = arena_printf(fe->u->arena, "%s%s%s", c ? "const " : "", v ? "volatile " : "",
                                fe_str(fe->u->arena, clang_getTypeSpelling(clang_getUnqualifiedType(a))));
        return;
    }
    if (p.kind == CXType_Pointer) {
        if (array)
            deduce(fe, clang_getPointeeType(p), clang_getArrayElementType(a), depth, found, n, false);
        else if (a.kind == CXType_Pointer)
            deduce(fe, clang_getPointeeType(p), clang_getPointeeType(a), depth, found, n, false);
    }
}

/* A non-type template parameter N deduced from an array the call passes to a parameter
 * `T (&a)[N]` (CUB's items-per-thread arrays): the array's size as text, or NULL. */
static const char *array_size_arg(Fe *fe, CXCursor call, Kids *parms, CXCursor param) {
    char *name = fe_str(fe->u->arena, clang_getCursorSpelling(param));
    int nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; i < nargs && i < parms->n && i < KIDS_MAX; i++) {
        CXType pt = clang_getCursorType(parms->c[i]);
        if (pt.kind == CXType_LValueReference || pt.kind == CXType_RValueReference)
            pt = clang_getPointeeType(pt);
        if (pt.kind != CXType_DependentSizedArray)
            continue;
        char *spelled = fe_str(fe->u->arena, clang_getTypeSpelling(pt));
        char *open = strrchr(spelled, '[');
        size_t n = strlen(name);
        if (!open || strncmp(open + 1, name, n) != 0 || strcmp(open + 1 + n, "]") != 0)
            continue;
        CXType at = clang_getCursorType(clang_Cursor_getArgument(call, (unsigned)i));
        if (at.kind == CXType_LValueReference)
            at = clang_getPointeeType(at);
        if (at.kind == CXType_ConstantArray)
            return arena_printf(fe->u->arena, "%lld", clang_getArraySize(at));
        if (at.kind == CXType_DependentSizedArray) {     /* `T items[IPT]` in a kernel template */
            char *as = fe_str(fe->u->arena, clang_getTypeSpelling(at));
            char *l = strrchr(as, '['), *r = strrchr(as, ']');
            if (l && r > l + 1)
                return arena_strndup(fe->u->arena, l + 1, (size_t)(r - l - 1));
        }
    }
    return NULL;
}

/* The template arguments of the call of tmpl (its parameters params) as text, into args:
 * written ones, then deduced ones; false, with a message, when one cannot be named. */
bool call_template_args(KScan *ks, Stmt *s, CXCursor call, CXCursor tmpl, Kids *params, PtrVec *args) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    const char *name = fe_str(a, clang_getCursorSpelling(tmpl));
    if (!written_template_args(fe, call, args) || args->len > params->n || params->n > 8) {
        diag_refuse(fe->u, s->loc, "call of '%s', a function template holding a barrier: cu2c cannot read the "
                   "template arguments written in the call", name);
        return false;
    }
    if (args->len == params->n)
        return true;
    char *found[8] = {0};
    int depth = -1, index;
    for (int i = 0; i < params->n && depth < 0; i++)
        if (!type_parameter(clang_getCursorType(params->c[i]), &depth, &index))
            depth = -1;
    Kids parms = function_params(tmpl);
    int nargs = clang_Cursor_getNumArguments(call);
    for (int i = 0; depth >= 0 && i < nargs && i < parms.n && i < KIDS_MAX; i++) {
        CXType pt = clang_getCursorType(parms.c[i]);
        if (!dependent_spelling(pt))
            continue;
        char *before[8];
        memcpy(before, found, sizeof before);
        CXCursor arg = clang_Cursor_getArgument(call, (unsigned)i);
        deduce(fe, pt, clang_getCursorType(arg), depth, found, params->n, true);
        /* a local declared `auto` in the template: its type as the kernel's model spells it */
        CXCursor ref = clang_getCursorReferenced(strip_implicit(arg));
        Var *v = clang_getCursorKind(ref) == CXCursor_VarDecl ? find_var(ks->k, ref, fe) : NULL;
        for (int j = 0; j < params->n && j < KIDS_MAX; j++)
            if (found[j] != before[j] && strcmp(found[j], "auto") == 0 && v && !strstr(v->type, "auto"))
                found[j] = arena_strdup(a, v->type);
    }
    for (int i = args->len; i < params->n; i++) {
        int d, pi;
        bool type_param = clang_getCursorKind(params->c[i]) == CXCursor_TemplateTypeParameter;
        const char *size = type_param ? NULL : array_size_arg(fe, call, &parms, params->c[i]);
        if (size) {
            vec_push(a, args, (void *)size);
            continue;
        }
        if (!type_param || !type_parameter(clang_getCursorType(params->c[i]), &d, &pi) || !found[pi]) {
            diag_refuse(fe->u, s->loc, "call of '%s', a function template holding a barrier: cu2c cannot name "
                       "the argument of its template parameter '%s' from the types of the call's arguments "
                       "(write it in the call: %s<...>(...))", name,
                       fe_str(a, clang_getCursorSpelling(params->c[i])), name);
            return false;
        }
        vec_push(a, args, found[pi]);
    }
    return true;
}
