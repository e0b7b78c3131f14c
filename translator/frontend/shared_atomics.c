/* shared_atomics.c - atomics on the block's own __shared__ memory made a relaxed load and
 * store. A block's threads run one after another on one worker, and no other block can
 * reach its shared memory, so `atomicAdd(&hit, 1)` on a __shared__ `hit` needs neither a lock
 * prefix nor a fence (cu2c/device.h says why they stay atomic accesses). Each call of
 * atomicAdd/Sub/Exch/Min/Max/Inc/Dec/CAS/And/Or/Xor (or its _block/_system form) written in a
 * device function's body whose pointer is `&v`, `&v[i]`, `&v.m` (or an array v itself) with v
 * a __shared__ variable (a path through no pointer) and whose element type is one CUDA has the
 * atomic for, is renamed atomicAdd_cu2c_shared & co. (cu2c/device.h) in the main text, which
 * is then parsed again (the names still start with "atomic": impure_builtin). Not under
 * --check=race, whose checker must see the accesses as atomics. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

#define SHARED_SUFFIX "_cu2c_shared"

typedef struct AtomScan {
    Fe *fe;
    PtrVec renames;         /* TextEdit*: a written name and its replacement, in the order found */
} AtomScan;

/* The atomic a written name is (its CUDA name without _block/_system), else NULL. */
static const char *atomic_base(const char *p, const char *end, unsigned *len) {
    static const char *const names[] = {"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax",
                                        "atomicInc", "atomicDec", "atomicCAS", "atomicAnd", "atomicOr",
                                        "atomicXor"};
    static const char *const scopes[] = {"", "_block", "_system"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        for (size_t j = 0; j < sizeof scopes / sizeof *scopes; j++) {
            size_t n = strlen(names[i]), m = strlen(scopes[j]);
            if ((size_t)(end - p) > n + m && strncmp(p, names[i], n) == 0 &&
                strncmp(p + n, scopes[j], m) == 0 && !ident_char(p[n + m])) {
                *len = (unsigned)(n + m);
                return names[i];
            }
        }
    return NULL;
}

/* Is e an lvalue inside a __shared__ variable, reached through no pointer? */
static bool shared_lvalue(CXCursor e) {
    for (;;) {
        e = strip_implicit(e);
        enum CXCursorKind k = clang_getCursorKind(e);
        if (k == CXCursor_DeclRefExpr) {
            CXCursor ref = clang_getCursorReferenced(e);
            return clang_getCursorKind(ref) == CXCursor_VarDecl && has_attr(ref, CXCursor_CUDASharedAttr) &&
                   clang_getCanonicalType(clang_getCursorType(ref)).kind != CXType_LValueReference;
        }
        if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
            return false;
        CXCursor base = strip_implicit(first_child(e));
        if (clang_Cursor_isNull(base))
            return false;   /* a member of `this` */
        CXType bt = clang_getCanonicalType(clang_getCursorType(base));
        if (bt.kind == CXType_Pointer || !(k == CXCursor_MemberRefExpr || is_array_type(bt)))
            return false;
        if (k == CXCursor_MemberRefExpr) {
            CXType mt = clang_getCanonicalType(clang_getCursorType(clang_getCursorReferenced(e)));
            if (mt.kind == CXType_LValueReference || mt.kind == CXType_RValueReference)
                return false;
        }
        e = base;
    }
}

/* Is e the address of an lvalue inside a __shared__ variable: `&lvalue`, an array decaying to
 * its first element's, or `c ? a : b` of two such? */
static bool shared_address(CXCursor e) {
    e = strip_implicit(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
        return shared_lvalue(first_child(e));
    if (k == CXCursor_ConditionalOperator) {
        Kids kids = children(e);
        return kids.n == 3 && shared_address(kids.c[1]) && shared_address(kids.c[2]);
    }
    return is_array_type(clang_getCursorType(e)) && shared_lvalue(e);
}

/* Does the atomic's pointer argument point into the block's shared memory, at an element of
 * a type the plain forms serve as the atomic ones do? */
static bool shared_pointer(CXCursor arg) {
    CXType pt = clang_getCanonicalType(clang_getCursorType(arg));
    if (pt.kind != CXType_Pointer)
        return false;
    CXType t = clang_getPointeeType(pt);
    if (clang_isVolatileQualifiedType(t) || clang_isConstQualifiedType(t))
        return false;
    switch (t.kind) {
    case CXType_Int: case CXType_UInt: case CXType_LongLong: case CXType_ULongLong:
    case CXType_UShort: case CXType_Float: case CXType_Double:
        break;
    default:
        return false;
    }
    return shared_address(arg);
}

static enum CXChildVisitResult call_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    AtomScan *as = d;
    Fe *fe = as->fe;
    Unit *u = fe->u;
    if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) < 2)
        return CXChildVisit_Recurse;
    CXCursor fn = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(fn) || is_user_fn(fn) || !in_main_file(fe, c))
        return CXChildVisit_Recurse;
    /* the name as written where the call stands (atomicAdd_block is a macro of cu2c's) */
    CXCursor callee = strip_implicit(first_child(c));
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
        return CXChildVisit_Recurse;
    CXFile f;
    unsigned off;
    clang_getExpansionLocation(clang_getCursorLocation(callee), &f, NULL, NULL, &off);
    unsigned len;
    const char *base = f && clang_File_isEqual(f, fe->main_file) && off < u->len
                       ? atomic_base(u->text + off, u->text + u->len, &len) : NULL;
    if (!base || (off > 0 && ident_char(u->text[off - 1])) || !shared_pointer(clang_Cursor_getArgument(c, 0)))
        return CXChildVisit_Recurse;
    /* the callee declared by cu2c as that atomic (not a user's macro of the same name) */
    CXString sp = clang_getCursorSpelling(fn);
    bool same = strncmp(clang_getCString(sp), base, strlen(base)) == 0;
    clang_disposeString(sp);
    if (!same)
        return CXChildVisit_Recurse;
    TextEdit *r = arena_alloc(u->arena, sizeof *r);
    r->begin = off;
    r->end = off + len;
    r->text = arena_printf(u->arena, "%s%s", base, SHARED_SUFFIX);
    vec_push(u->arena, &as->renames, r);
    return CXChildVisit_Recurse;
}

void shared_atomic_edits(Fe *fe, PtrVec *edits) {
    Unit *u = fe->u;
    if (u->errors || !strstr(u->text, "atomic"))
        return;
    AtomScan as = {.fe = fe};
    fe_visit_device_bodies(fe, false, call_visit, &as);
    for (int i = 0; i < as.renames.len; i++)
        vec_push(u->arena, edits, as.renames.items[i]);
}
