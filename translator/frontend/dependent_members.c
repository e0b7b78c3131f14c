/* dependent_members.c - a kernel template's calls of members of a class template that its
 * own template parameters name (`typedef cub::BlockReduce<T, BLOCK> R; R(temp).Sum(x)`), which
 * the parse leaves unresolved: the member of the class template's pattern the call names (by
 * name, argument count and array arguments), the class's template arguments as written (and
 * its defaults) bound for the expanded copy, and whether such a temporary object is made alike
 * by every thread (its constructors are pure). */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

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
    Kids parms = function_params(c);
    if (!same || parms.n != cs->nargs || cs->n >= 8)
        return CXChildVisit_Continue;
    for (int i = 0; i < parms.n && i < KIDS_MAX; i++)
        if (!array_fits(clang_getCursorType(parms.c[i]), clang_Cursor_getArgument(cs->call, (unsigned)i)))
            return CXChildVisit_Continue;
    cs->found[cs->n++] = c;
    return CXChildVisit_Continue;
}

/* The class template a static member's call names (`Algo<N>::run(x)`: a reference clang
 * leaves unresolved, its qualifier naming the template), else a null cursor. */
static CXCursor qualifying_template(CXCursor callee) {
    CXCursor none = clang_getNullCursor();
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr || !clang_Cursor_isNull(clang_getCursorReferenced(callee)))
        return none;
    CXCursor q = first_child(callee);
    if (clang_getCursorKind(q) != CXCursor_TemplateRef)
        return none;
    CXCursor cls = clang_getCursorReferenced(q);
    return clang_getCursorKind(cls) == CXCursor_ClassTemplate ? cls : none;
}

CXCursor dependent_member_callee(CXCursor call, CXCursor *cls_out) {
    CXCursor none = clang_getNullCursor();
    CXCursor callee = strip_implicit(first_child(call));
    CXCursor cls = qualifying_template(callee);
    if (clang_Cursor_isNull(cls)) {
        if (clang_getCursorKind(callee) != CXCursor_MemberRefExpr ||
            !clang_Cursor_isNull(clang_getCursorReferenced(callee)))
            return none;
        CXCursor base = first_child(callee);
        if (clang_Cursor_isNull(base))
            return none;
        cls = clang_getTypeDeclaration(object_class(base, NULL, NULL));
    }
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
    const char *spelled = NULL;
    if (!clang_Cursor_isNull(qualifying_template(callee))) {
        /* `Algo<N>::run`: the class as the qualifier writes it */
        char *text = cursor_line(fe, callee), *sep = strstr(text, "::"), *next;
        while (sep && (next = strstr(sep + 2, "::")))
            sep = next;
        if (sep) {
            *sep = 0;
            spelled = text;
        }
    } else {
        object_class(first_child(callee), &spelled, a);
    }
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
            /* (inside the copy of a function template: its parameters by their temporaries;
             * the kernel's local typedefs by what they name) */
            if (end > start) {
                const char *arg = replace_words(a, arena_strndup(a, start, (size_t)(end - start)),
                                                &fe->tparam_names, &fe->tparam_temps);
                vec_push(a, &args, (void *)without_local_types(a, arg, &fe->local_type_names,
                                                                &fe->local_type_texts));
            }
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
        vec_push(a, &in->tparam_args, k == CXCursor_TemplateTypeParameter ? arena_strdup(a, arg) : arena_printf(a, "(%s)", arg));
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

