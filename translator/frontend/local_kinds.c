/* local_kinds.c - locals that need more than a value copied across thread loops:
 * references (per-thread storage of the address they are bound to) and lambdas (declared
 * again in each thread loop calling them). */
#include "fe.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
static char *canonical_unqualified(Arena *a, CXType t) {
    return fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
}

/* Is e an lvalue in memory that outlives the thread loops (not in a kernel local)? */
static bool memory_lvalue(KScan *ks, CXCursor e) {
    for (;;) {
        e = strip_implicit(e);
        switch (clang_getCursorKind(e)) {
        case CXCursor_ArraySubscriptExpr:
        case CXCursor_MemberRefExpr: {
            CXCursor base = strip_implicit(first_child(e));
            if (clang_Cursor_isNull(base))
                return false;
            if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
                return true;
            e = base;
            continue;
        }
        case CXCursor_UnaryOperator:
            return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref;
        case CXCursor_DeclRefExpr: {
            CXCursor d = clang_getCursorReferenced(e);
            Var *w = find_var(ks->k, d, ks->fe);
            if (w)
                return w->is_shared || w->ref == REF_MEMORY;
            /* a variable of static storage (a __device__ or __constant__ global) */
            enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
            return clang_getCursorKind(d) == CXCursor_VarDecl &&
                   (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace ||
                    clang_Cursor_getStorageClass(d) == CX_SC_Static);
        }
        default:
            return false;
        }
    }
}

unsigned reference_binding(KScan *ks, CXType t, CXCursor init) {
    if ((t.kind != CXType_LValueReference && t.kind != CXType_RValueReference) || clang_Cursor_isNull(init))
        return 0;
    Arena *a = ks->fe->u->arena;
    CXType pointee = clang_getPointeeType(t);
    bool may_bind_temporary = t.kind == CXType_RValueReference || clang_isConstQualifiedType(pointee);
    CXCursor e = strip_implicit(init);
    bool same = strcmp(canonical_unqualified(a, pointee), canonical_unqualified(a, clang_getCursorType(e))) == 0;
    enum CXCursorKind k = clang_getCursorKind(e);
    bool lvalue_form = k == CXCursor_ArraySubscriptExpr || k == CXCursor_MemberRefExpr ||
                       k == CXCursor_DeclRefExpr || k == CXCursor_CallExpr ||
                       (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref);
    if (same && lvalue_form)
        return memory_lvalue(ks, e) ? REF_MEMORY : 0;
    /* a temporary (made from a value, or converted from an lvalue of another type): private
     * to the thread, it may be kept by value */
    return may_bind_temporary && (!same || !lvalue_form) ? REF_VALUE : 0;
}

/* A reference parameter of an expanded function bound to a local of the caller (`f(x)` for
 * `void f(T &p)`, x of type T): that local, or NULL. */
Var *reference_to_local(KScan *ks, CXType t, CXCursor arg) {
    if (t.kind != CXType_LValueReference || clang_Cursor_isNull(arg))
        return NULL;
    CXCursor e = strip_implicit(arg);
    while (clang_getCursorKind(e) == CXCursor_ParenExpr)
        e = strip_implicit(first_child(e));
    if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
        return NULL;
    CXCursor decl = clang_getCursorReferenced(e);
    if (clang_getCursorKind(decl) != CXCursor_VarDecl && clang_getCursorKind(decl) != CXCursor_ParmDecl)
        return NULL;
    Arena *a = ks->fe->u->arena;
    Var *v = find_var(ks->k, decl, ks->fe);
    /* a reference parameter passed on (an expansion inside another): the local it names,
     * whose binding was checked when it was made */
    bool passed_on = v && v->alias && v->ref_param;
    while (v && v->alias && v->ref_param)
        v = v->alias;
    /* (a function template's `T &p` binds the caller's local itself, T deduced as its type) */
    int depth, index;
    if (!passed_on && !type_parameter(clang_getPointeeType(t), &depth, &index) &&
        !dependent_spelling(clang_getPointeeType(t)) &&
        strcmp(canonical_unqualified(a, clang_getPointeeType(t)), canonical_unqualified(a, clang_getCursorType(e))) != 0)
        return NULL;
    if (!v || v->is_shared || v->ref || v->alias || v->lambda ||
        (!passed_on && clang_getCursorType(decl).kind == CXType_LValueReference))
        return NULL;
    return v;
}

/* ---- lambda locals ------------------------------------------------------------------- */

typedef struct LambdaScan {
    KScan *ks;
    PtrVec *reads;
} LambdaScan;

static enum CXChildVisitResult lambda_reads_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    LambdaScan *ls = d;
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
        Var *w = find_var(ls->ks->k, clang_getCursorReferenced(c), ls->ks->fe);
        if (w && !w->is_shared && !vec_contains(ls->reads, w))
            vec_push(ls->ks->fe->u->arena, ls->reads, w);
    }
    return CXChildVisit_Recurse;
}

/* [b, e) on one line without its comments, for re-declaring it in each thread loop; NULL
 * when it holds a preprocessor directive. */
static char *one_line_code(Fe *fe, unsigned begin, unsigned end) {
    Buf out = {0};
    const char *t = fe_text(fe, begin, end);    /* a member function's copy: `this` rewritten */
    unsigned b = 0, e = (unsigned)strlen(t);
    for (unsigned i = b; i < e; i++) {
        if (t[i] == '/' && i + 1 < e && t[i + 1] == '/') {
            while (i < e && t[i] != '\n')
                i++;
            buf_puts(&out, " ");
        } else if (t[i] == '/' && i + 1 < e && t[i + 1] == '*') {
            for (i += 2; i + 1 < e && !(t[i] == '*' && t[i + 1] == '/'); i++)
                ;
            i++;
            buf_puts(&out, " ");
        } else if (t[i] == '"' || (t[i] == '\'' && !(i > b && isalnum((unsigned char)t[i - 1])))) {
            unsigned s = i;
            for (i++; i < e && t[i] != t[s] && t[i] != '\n'; i++)
                if (t[i] == '\\')
                    i++;
            buf_put(&out, t + s, i + 1 - s);
        } else if (t[i] == '#') {
            buf_free(&out);
            return NULL;
        } else {
            buf_put(&out, (t[i] == '\n' || t[i] == '\r') ? " " : t + i, 1);
        }
    }
    char *r = arena_strdup(fe->u->arena, out.data ? out.data : "");
    buf_free(&out);
    return r;
}

/* A local initialised with a lambda: how it captures (Var.lambda), its text and the locals
 * it reads (its captures), so that each thread loop using it can declare it again. */
void scan_lambda_local(KScan *ks, Var *v, CXCursor init) {
    Unit *u = ks->fe->u;
    CXCursor lam = strip_implicit(init);
    if (clang_getCursorKind(lam) != CXCursor_LambdaExpr)
        return;
    v->lambda = LAMBDA;
    unsigned b, e, bb, be;
    cursor_range(lam, &b, &e);
    CXCursor body = last_child(lam);
    cursor_range(body, &bb, &be);
    if (b >= e || e > u->len || u->text[b] != '[' || bb <= b || bb > e)
        return;                 /* written by a macro: no text (refused if needed) */
    /* the captures, item by item */
    int depth = 0;
    unsigned p = b, item = b + 1;
    for (; p < bb; p++) {
        char ch = u->text[p];
        bool close = ch == ']' || ch == ')' || ch == '}';
        if (ch == '[' || ch == '(' || ch == '{')
            depth++;
        else if (close)
            depth--;
        if ((ch == ',' && depth == 1) || (close && depth == 0)) {
            while (item < p && isspace((unsigned char)u->text[item]))
                item++;
            if (item < p)
                v->lambda |= u->text[item] == '&' ? LAMBDA_BY_REF : LAMBDA_BY_VALUE;
            item = p + 1;
            if (depth == 0)
                break;
        }
    }
    for (unsigned q = p; q + 7 <= bb; q++)
        if (strncmp(u->text + q, "mutable", 7) == 0 && !isalnum((unsigned char)u->text[q - 1]) &&
            !isalnum((unsigned char)u->text[q + 7]))
            v->lambda |= LAMBDA_MUTABLE;
    v->init_text = one_line_code(ks->fe, b, e);
    LambdaScan ls = {ks, &v->init_reads};
    clang_visitChildren(lam, lambda_reads_visit, &ls);
}

/* ---- addresses of locals ------------------------------------------------------------- */

typedef struct AddrScan {
    KScan *ks;
    Var *found;
} AddrScan;

static enum CXChildVisitResult addr_visit(CXCursor c, CXCursor parent, CXClientData d) {
    AddrScan *as = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_LambdaExpr)
        return CXChildVisit_Continue;
    Var *v = NULL;
    if (k == CXCursor_ArraySubscriptExpr) {
        /* an element is read, not the array's address: only the index is looked into, and
         * the base when it is not an array itself */
        Kids kids = children(c);
        for (int i = 0; i < kids.n && !as->found; i++) {
            CXCursor e = strip_implicit(kids.c[i]);
            if (i == 0 && clang_getCursorKind(e) == CXCursor_DeclRefExpr && is_array_type(clang_getCursorType(e)))
                continue;
            if (addr_visit(kids.c[i], c, as) == CXChildVisit_Recurse)
                clang_visitChildren(kids.c[i], addr_visit, as);
        }
        return as->found ? CXChildVisit_Break : CXChildVisit_Continue;
    }
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf)
        v = lvalue_root(as->ks, first_child(c));
    else if (k == CXCursor_DeclRefExpr && clang_getCursorKind(parent) != CXCursor_ArraySubscriptExpr &&
             clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_VarDecl &&
             is_array_type(clang_getCursorType(clang_getCursorReferenced(c))))
        /* an array local decays to a pointer (a parameter declared as an array is a pointer
         * already, whatever libclang's type of it says) */
        v = find_var(as->ks->k, clang_getCursorReferenced(c), as->ks->fe);
    if (v && !v->is_shared) {
        as->found = v;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

Var *address_taken_in(KScan *ks, CXCursor e) {
    AddrScan as = {ks, NULL};
    /* only pointers hold addresses here (references are reference_binding's); in a template's
     * pattern an array argument is not yet decayed (`f<N>(arr)`, arr's type dependent), and a
     * call's value may be of a type not yet known */
    if (clang_Cursor_isNull(e))
        return NULL;
    CXType t = clang_getCanonicalType(clang_getCursorType(e));
    if (t.kind != CXType_Pointer && !is_array_type(t) && t.kind != CXType_Dependent)
        return NULL;
    if (addr_visit(e, clang_getNullCursor(), &as) == CXChildVisit_Recurse)
        clang_visitChildren(e, addr_visit, &as);
    return as.found;
}
