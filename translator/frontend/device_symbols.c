/* device_symbols.c - the unit's file-scope __device__ and __constant__ variables, which the
 * runtime learns of (address and size) so that the symbol calls can tell a variable from
 * anything else a program passes them: a string, as before CUDA 5 (runtime/symbols.c).
 * Each is recorded as an expression naming it from the end of the unit, where the
 * registration goes (lower_launches): qualified by its namespaces, unnamed ones left out. */
#include "fe.h"

#include <string.h>

/* The name of v as written at the end of the unit, or NULL when it cannot be named there
 * (a class member: not at file scope). */
static const char *name_from_end(Fe *fe, CXCursor v) {
    Arena *a = fe->u->arena;
    const char *name = fe_str(a, clang_getCursorSpelling(v));
    bool qualified = false;
    for (CXCursor p = clang_getCursorSemanticParent(v);
         clang_getCursorKind(p) != CXCursor_TranslationUnit; p = clang_getCursorSemanticParent(p)) {
        enum CXCursorKind k = clang_getCursorKind(p);
        if (k == CXCursor_LinkageSpec)
            continue;
        if (k != CXCursor_Namespace)
            return NULL;
        const char *ns = fe_str(a, clang_getCursorSpelling(p));
        if (*ns) {   /* an unnamed namespace's members are found in the one around it */
            name = arena_printf(a, "%s::%s", ns, name);
            qualified = true;
        }
    }
    return qualified ? arena_printf(a, "::%s", name) : name;
}

static enum CXChildVisitResult symbol_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Fe *fe = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
        return CXChildVisit_Recurse;
    /* definitions only (an extern declaration's variable may be defined nowhere), of a
     * complete, non-dependent type */
    if (k != CXCursor_VarDecl || !clang_isCursorDefinition(c) ||
        has_attr(c, CXCursor_CUDASharedAttr) ||
        !(has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAConstantAttr)) ||
        clang_Type_getSizeOf(clang_getCursorType(c)) < 0)
        return CXChildVisit_Continue;
    const char *name = name_from_end(fe, c);
    if (name)
        vec_push(fe->u->arena, &fe->u->device_symbols, (void *)name);
    return CXChildVisit_Continue;
}

void scan_device_symbols(Fe *fe) {
    fe_visit_unit(fe, symbol_visit, fe);
}
