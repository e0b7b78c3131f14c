/* host_cxx.c - C++ that nvcc's front end accepts and the host compiler rejects, rewritten in
 * the user's text so that the output builds as the program did with nvcc.
 * - A member alias naming the outer type it shadows (`using cfg = cfg<I, E>;` or
 *   `typedef cfg<I, E> cfg;` inside a class): g++ rejects the declaration as changing the
 *   meaning of `cfg` in the class. The outer name is written qualified (`::cfg<I, E>`,
 *   `::ns::cfg<I, E>`), which names the same type and is not looked up again.
 * - A __forceinline__ function defined neither inline nor static (`__device__ __forceinline__
 *   int f()` in a header): CUDA's __forceinline__ makes it inline, so every file including
 *   the header may define it; cu2c's (cu2c/defs.h) cannot say `inline` (C++ rejects `inline
 *   inline`), so the translator writes __cu2c_forceinline_linkage (C++: `inline`) before it.
 *   (Templates and members defined in their class are inline already.) */
#include "fe.h"

#include <string.h>

typedef struct ShadowScan {
    const char *name;       /* the alias's name */
    CXCursor alias;
    CXCursor ref;           /* the first reference to another declaration of that name */
} ShadowScan;

static enum CXChildVisitResult shadow_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    ShadowScan *s = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_TemplateRef || k == CXCursor_TypeRef) {
        CXCursor decl = clang_getCursorReferenced(c);
        CXString n = clang_getCursorSpelling(decl);
        bool same = strcmp(clang_getCString(n), s->name) == 0 && !clang_equalCursors(decl, s->alias);
        clang_disposeString(n);
        if (same) {
            s->ref = c;
            return CXChildVisit_Break;
        }
    }
    return CXChildVisit_Recurse;
}

static bool is_class(enum CXCursorKind k) {
    return k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate ||
           k == CXCursor_ClassTemplatePartialSpecialization || k == CXCursor_UnionDecl;
}

/* `::ns::inner::` for a declaration in namespaces only; NULL if a class encloses it. */
static const char *qualifier(Fe *fe, CXCursor decl) {
    const char *q = "::";
    for (CXCursor p = clang_getCursorSemanticParent(decl); clang_getCursorKind(p) != CXCursor_TranslationUnit;
         p = clang_getCursorSemanticParent(p)) {
        if (clang_getCursorKind(p) != CXCursor_Namespace)
            return NULL;
        char *n = fe_str(fe->u->arena, clang_getCursorSpelling(p));
        if (!*n)            /* an anonymous namespace: not nameable, but found from outside */
            continue;
        q = arena_printf(fe->u->arena, "::%s%s", n, q);
    }
    return q;
}

/* c, any cursor of the main file: rewrites it if it is a member alias shadowing its type. */
void rewrite_shadowing_alias(Fe *fe, CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if ((k != CXCursor_TypeAliasDecl && k != CXCursor_TypedefDecl) ||
        !is_class(clang_getCursorKind(clang_getCursorSemanticParent(c))) || from_macro(c))
        return;
    ShadowScan s = {fe_str(fe->u->arena, clang_getCursorSpelling(c)), c, clang_getNullCursor()};
    clang_visitChildren(c, shadow_visit, &s);
    if (clang_Cursor_isNull(s.ref) || from_macro(s.ref))
        return;
    const char *q = qualifier(fe, clang_getCursorReferenced(s.ref));
    unsigned b, e;
    cursor_range(s.ref, &b, &e);
    if (!q || (b >= 2 && fe->u->text[b - 1] == ':' && fe->u->text[b - 2] == ':'))
        return;     /* already qualified */
    edit_insert(fe->u, b, q);
}

/* c, any cursor of the main file: marks it inline if it is a __forceinline__ function's
 * definition that is not (see above). */
void mark_forceinline_inline(Fe *fe, CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    char unused[2];
    if ((k != CXCursor_FunctionDecl && k != CXCursor_CXXMethod) || !clang_isCursorDefinition(c) ||
        clang_Cursor_isFunctionInlined(c) || clang_Cursor_getStorageClass(c) == CX_SC_Static ||
        loc_from_macro(clang_getCursorLocation(c)) || !annotation(c, "cu2c_forceinline", unused, sizeof unused))
        return;
    /* a member defined in its class is inline; one of a class template, a template */
    if (k == CXCursor_CXXMethod && (clang_equalCursors(clang_getCursorSemanticParent(c), clang_getCursorLexicalParent(c)) ||
                                    clang_getCursorKind(clang_getCursorSemanticParent(c)) == CXCursor_ClassTemplate))
        return;
    if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(c)))
        return;     /* an explicit specialisation: left as written */
    unsigned b, e;
    cursor_range(c, &b, &e);
    /* weak: it gives way to an edit replacing the definition (a function expanded into the
     * kernels that call it leaves a comment) */
    edit_insert(fe->u, b, "__cu2c_forceinline_linkage ")->weak = true;
}
