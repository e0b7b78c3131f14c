/* language.c - C or C++ output: the first construct C does not have, C++ keywords and
 * headers; the walk over the main file that also finds launches. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

/* ---- C or C++: the first construct C does not have --------------------------------- */

static const char *cxx_construct(Fe *fe, CXCursor c) {
    switch (clang_getCursorKind(c)) {
    case CXCursor_Namespace: return "a namespace";
    case CXCursor_ClassDecl: return "a class";
    case CXCursor_CXXMethod: return "a member function";
    case CXCursor_Constructor: return "a constructor";
    case CXCursor_Destructor: return "a destructor";
    case CXCursor_FunctionTemplate: return "a function template";
    case CXCursor_ClassTemplate: return "a class template";
    case CXCursor_UsingDirective: return "a using directive";
    case CXCursor_UsingDeclaration: return "a using declaration";
    case CXCursor_TypeAliasDecl: return "an alias declaration";
    case CXCursor_LinkageSpec: return "extern \"C\"";
    case CXCursor_TemplateRef: return "a template";
    case CXCursor_NamespaceRef: return "a namespace";
    case CXCursor_OverloadedDeclRef: return "an overloaded name";
    case CXCursor_CXXStaticCastExpr: return "static_cast";
    case CXCursor_CXXDynamicCastExpr: return "dynamic_cast";
    case CXCursor_CXXReinterpretCastExpr: return "reinterpret_cast";
    case CXCursor_CXXConstCastExpr: return "const_cast";
    case CXCursor_CXXFunctionalCastExpr: return "a functional cast";
    case CXCursor_CXXNullPtrLiteralExpr: return "nullptr";
    case CXCursor_CXXThisExpr: return "this";
    case CXCursor_CXXThrowExpr: return "throw";
    case CXCursor_CXXNewExpr: return "new";
    case CXCursor_CXXDeleteExpr: return "delete";
    case CXCursor_LambdaExpr: return "a lambda";
    case CXCursor_CXXTryStmt: return "try";
    case CXCursor_CXXForRangeStmt: return "a range-based for";
    case CXCursor_CXXTypeidExpr: return "typeid";
    case CXCursor_DeclRefExpr: {
        /* f<T>(...): explicit template arguments of a function from a header, e.g.
         * tex2D<float>(obj, x, y) (a template defined in the file is caught above) */
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
            clang_Cursor_getNumTemplateArguments(ref) <= 0)
            return NULL;
        unsigned b, e;
        cursor_range(c, &b, &e);
        CXString sp = clang_getCursorSpelling(c);
        const char *n = clang_getCString(sp);
        size_t len = n ? strlen(n) : 0;
        bool explicit_args = len && e <= fe->u->len && e > b + len &&
                             strncmp(fe->u->text + b, n, len) == 0;
        clang_disposeString(sp);
        while (explicit_args && (fe->u->text[b + len] == ' ' || fe->u->text[b + len] == '\t'))
            len++;
        return explicit_args && fe->u->text[b + len] == '<' ? "explicit template arguments" : NULL;
    }
    case CXCursor_CallExpr: {
        CXCursor ref = clang_getCursorReferenced(c);
        if (clang_getCursorKind(ref) == CXCursor_Constructor) {
            /* launch configurations convert to dim3 implicitly (CU2C_DIM3 does that in C);
             * an explicit dim3(...) starts with the type's name */
            unsigned b, e;
            cursor_range(c, &b, &e);
            CXString sp = clang_getCursorSpelling(ref);
            const char *tn = clang_getCString(sp);
            bool explicit_call = tn && e - b > strlen(tn) && strncmp(fe->u->text + b, tn, strlen(tn)) == 0;
            clang_disposeString(sp);
            /* `T x;` of a plain struct (clang constructs one with an array member, as
             * curandState's v[5]): nothing happens, as in C */
            if (!explicit_call && clang_Cursor_getNumArguments(c) == 0 && clang_isPODType(clang_getCursorType(c)))
                return NULL;
            /* a struct passed or assigned by value (a char4 argument): C copies it alike */
            if (!explicit_call && clang_CXXMethod_isDefaulted(ref) &&
                (clang_CXXConstructor_isCopyConstructor(ref) || clang_CXXConstructor_isMoveConstructor(ref)))
                return NULL;
            for (int i = 0; i < fe->u->launches.len && !explicit_call; i++) {
                Launch *l = fe->u->launches.items[i];
                if (b >= l->config_begin && e <= l->config_end)
                    return NULL;
            }
            return "a constructor call (e.g. dim3 b(16, 16))";
        }
        if (clang_getCursorKind(ref) == CXCursor_CXXMethod)
            return "a member function call";
        return NULL;
    }
    case CXCursor_ParmDecl:
    case CXCursor_VarDecl:
    case CXCursor_FieldDecl: {
        enum CXTypeKind tk = clang_getCursorType(c).kind;
        if (tk == CXType_LValueReference || tk == CXType_RValueReference)
            return "a reference";
        Kids kids = children(c);
        for (int i = 0; i < kids.n && i < KIDS_MAX; i++) {
            enum CXCursorKind ck = clang_getCursorKind(kids.c[i]);
            if (clang_getCursorKind(c) == CXCursor_ParmDecl && clang_isExpression(ck))
                return "a default argument";
            if (ck == CXCursor_DeclRefExpr &&
                clang_getCursorKind(clang_getCursorReferenced(kids.c[i])) == CXCursor_VarDecl)
                return "a const variable as an array size";
            if (ck == CXCursor_InitListExpr) {
                /* int x{4}: list-initialisation without '=' */
                unsigned b, e;
                cursor_range(kids.c[i], &b, &e);
                while (b > 0 && (fe->u->text[b - 1] == ' ' || fe->u->text[b - 1] == '\t'))
                    b--;
                if (b > 0 && fe->u->text[b - 1] != '=')
                    return "list-initialisation without '='";
            }
        }
        return NULL;
    }
    case CXCursor_UnaryExpr: {
        Kids kids = children(c);
        CXCursor op = kids.n ? strip_implicit(kids.c[0]) : clang_getNullCursor();
        if (kids.n && clang_getCursorKind(op) == CXCursor_CharacterLiteral)
            return "sizeof a character literal";
        return NULL;
    }
    case CXCursor_TypeRef: {
        /* `Foo x;` naming a struct without `struct` and without a typedef */
        CXCursor ref = clang_getCursorReferenced(c);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        if (rk != CXCursor_StructDecl && rk != CXCursor_UnionDecl && rk != CXCursor_EnumDecl)
            return NULL;
        if (clang_Location_isInSystemHeader(clang_getCursorLocation(ref)))
            return NULL;
        unsigned b, e;
        cursor_range(c, &b, &e);
        Unit *u = fe->u;
        unsigned p = b;
        while (p > 0 && (u->text[p - 1] == ' ' || u->text[p - 1] == '\t' || u->text[p - 1] == '\n'))
            p--;
        static const char *const kw[] = {"struct", "union", "enum"};
        for (int i = 0; i < 3; i++) {
            size_t n = strlen(kw[i]);
            if (p >= n && strncmp(u->text + p - n, kw[i], n) == 0)
                return NULL;
        }
        return "a struct named without 'struct'";
    }
    default:
        return NULL;
    }
}


/* Everything in the main file: launches, and the first C++ construct. */
enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Walk *w = d;
    Fe *fe = w->fe;
    Unit *u = fe->u;
    if (!in_main_file(fe, c))
        return CXChildVisit_Continue;
    if (!u->cxx_reason) {
        const char *why = cxx_construct(fe, c);
        if (why) {
            SrcLoc l = cursor_loc(fe, c);
            u->cxx_reason = arena_printf(u->arena, "%s at line %u", why, l.line);
        }
    }
    if (clang_getCursorKind(c) == CXCursor_CallExpr)
        scan_launch(fe, c, w->in_device_code);
    rewrite_shadowing_alias(fe, c);
    mark_forceinline_inline(fe, c);
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_FunctionDecl && !u->cxx_reason) {
        char *name = fe_str(u->arena, clang_getCursorSpelling(c));
        char *usr = fe_str(u->arena, clang_getCursorUSR(c));
        /* a declaration not seen before whose name was: another function of that name */
        if (strset_add(u->arena, &fe->fn_decls, arena_printf(u->arena, "%s %s", name, usr)) &&
            !strset_add(u->arena, &fe->fn_names, name))
            u->cxx_reason = arena_printf(u->arena, "the overloaded function '%s' at line %u",
                                         name, cursor_loc(fe, c).line);
    }
    if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) {
        bool dev = has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr);
        bool host = has_attr(c, CXCursor_CUDAHostAttr) || !dev;
        Walk inner = {fe, dev && !host};
        clang_visitChildren(c, walk_visit, &inner);
        return CXChildVisit_Continue;
    }
    return CXChildVisit_Recurse;
}

/* Is decl one of the main file's file-scope __shared__ variables? */
void scan_tokens(Fe *fe) {
    static const char *const cxx_keywords[] = {
        "auto", "class", "constexpr", "consteval", "constinit", "decltype", "delete", "explicit",
        "friend", "mutable", "namespace", "new", "noexcept", "nullptr", "operator", "private",
        "protected", "public", "static_assert", "template", "this", "throw", "try", "catch",
        "typename", "using", "virtual", "alignas", "alignof", "thread_local", "static_cast",
        "dynamic_cast", "reinterpret_cast", "const_cast", "typeid", "concept", "requires", NULL};
    Unit *u = fe->u;
    if (u->cxx_reason)
        return; /* what the tokens could say is said */
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(fe->tu, fe->main_file, 0),
                                       clang_getLocationForOffset(fe->tu, fe->main_file, (unsigned)u->len));
    CXToken *toks = NULL;
    unsigned n = 0;
    clang_tokenize(fe->tu, all, &toks, &n);
    for (unsigned i = 0; i < n && !u->cxx_reason; i++) {
        CXTokenKind tk = clang_getTokenKind(toks[i]);
        if (tk != CXToken_Keyword)
            continue;
        CXString sp = clang_getTokenSpelling(fe->tu, toks[i]);
        const char *t = clang_getCString(sp);
        for (int k = 0; tk == CXToken_Keyword && !u->cxx_reason && cxx_keywords[k]; k++)
            if (strcmp(t, cxx_keywords[k]) == 0)
                u->cxx_reason = arena_printf(u->arena, "the C++ keyword '%s' at line %u", t,
                                             fe_loc(fe, clang_getTokenLocation(fe->tu, toks[i])).line);
        clang_disposeString(sp);
    }
    clang_disposeTokens(fe->tu, toks, n);
}

/* A C++ standard header included anywhere makes the output C++. */
void inclusion_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    Fe *fe = d;
    if (fe->u->cxx_reason || depth == 0)
        return;
    /* only what the user's own files include: cu2c's headers pull in C headers that
     * libstdc++ wraps when parsing as CUDA C++ */
    if (clang_Location_isInSystemHeader(stack[0]))
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    const char *base = n ? strrchr(n, '/') : NULL;
    if (n && strstr(n, "/include/c++/") && base && !strchr(base, '.'))
        fe->u->cxx_reason = arena_printf(fe->u->arena, "includes the C++ header <%s>", base + 1);
    clang_disposeString(name);
}
