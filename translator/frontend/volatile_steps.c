/* volatile_steps.c - legacy warp-synchronous code: statements reading or writing volatile
 * memory (shared or global, through a pointer, a subscript, a reference or a variable of
 * static storage) are warp steps (Stmt.vstep). Here: finding such accesses, and the stores of
 * a step (VStore), whose text lower_kernel rewrites into per-thread buffers. A volatile local
 * is per thread, no lane sees another's: it is an ordinary local. */
#include "fe.h"

#include <string.h>

/* Is the variable or parameter ref memory other threads may see: a reference, __shared__,
 * static or extern, or not a function's own? */
static bool memory_variable(CXCursor ref) {
    enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(ref)).kind;
    if (tk == CXType_LValueReference || tk == CXType_RValueReference)
        return true;
    enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(ref));
    return has_attr(ref, CXCursor_CUDASharedAttr) || clang_Cursor_getStorageClass(ref) == CX_SC_Static ||
           clang_Cursor_getStorageClass(ref) == CX_SC_Extern ||
           (pk != CXCursor_FunctionDecl && pk != CXCursor_CXXMethod && pk != CXCursor_FunctionTemplate &&
            pk != CXCursor_LambdaExpr && pk != CXCursor_Constructor);
}

/* Does the lvalue e name memory other threads may see (not a local of the function)? */
static bool memory_lvalue(CXCursor e) {
    e = strip_implicit(e);
    while (clang_getCursorKind(e) == CXCursor_ParenExpr)
        e = strip_implicit(first_child(e));
    switch (clang_getCursorKind(e)) {
    case CXCursor_ArraySubscriptExpr:
    case CXCursor_MemberRefExpr: {
        CXCursor base = strip_implicit(first_child(e));
        if (clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Pointer)
            return true;
        return memory_lvalue(base);
    }
    case CXCursor_UnaryOperator:
        return clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref;
    case CXCursor_DeclRefExpr: {
        CXCursor ref = clang_getCursorReferenced(e);
        enum CXCursorKind rk = clang_getCursorKind(ref);
        return (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl) && memory_variable(ref);
    }
    default:
        return false;
    }
}

/* Is e (an lvalue expression) volatile memory? */
bool is_volatile_memory(CXCursor e) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr && k != CXCursor_UnaryOperator &&
        k != CXCursor_DeclRefExpr && k != CXCursor_ParenExpr)
        return false;
    return clang_isVolatileQualifiedType(clang_getCursorType(e)) && memory_lvalue(e);
}

/* The operand a store writes: an assignment's left side, an increment's operand; null if c is
 * no store. */
static CXCursor stored(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_CompoundAssignOperator ||
        (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign))
        return strip_implicit(first_child(c));
    if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        if (op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostInc ||
            op == CXUnaryOperator_PostDec)
            return strip_implicit(first_child(c));
    }
    return clang_getNullCursor();
}

/* A store into volatile memory. */
bool is_volatile_store(CXCursor c) {
    CXCursor lhs = stored(c);
    return !clang_Cursor_isNull(lhs) && is_volatile_memory(lhs);
}

typedef struct VFind {
    bool stores;            /* stores only */
    bool found;
    CXCursor where;
} VFind;

static enum CXChildVisitResult vfind_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    VFind *f = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    /* unevaluated (sizeof, alignof), or only an address taken */
    if (k == CXCursor_UnaryExpr ||
        (k == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(c) == CXUnaryOperator_AddrOf))
        return CXChildVisit_Continue;
    if (f->stores ? is_volatile_store(c) : is_volatile_memory(c)) {
        f->found = true;
        f->where = c;
        return CXChildVisit_Break;
    }
    return CXChildVisit_Recurse;
}

/* Does c read or write volatile memory (stores: write it)? *where: the first such access. */
bool find_volatile(CXCursor c, bool stores, CXCursor *where) {
    VFind f = {stores, false, clang_getNullCursor()};
    if (vfind_visit(c, clang_getNullCursor(), &f) == CXChildVisit_Recurse)
        clang_visitChildren(c, vfind_visit, &f);
    if (f.found && where)
        *where = f.where;
    return f.found;
}

/* Skips spaces and comments from p; the offset of the next token. */
static unsigned skip_blank(const char *t, unsigned p, unsigned end) {
    while (p < end) {
        if (t[p] == ' ' || t[p] == '\t' || t[p] == '\n' || t[p] == '\r') {
            p++;
        } else if (p + 1 < end && t[p] == '/' && t[p + 1] == '/') {
            while (p < end && t[p] != '\n')
                p++;
        } else if (p + 1 < end && t[p] == '/' && t[p + 1] == '*') {
            p += 2;
            while (p + 1 < end && !(t[p] == '*' && t[p + 1] == '/'))
                p++;
            p += 2;
        } else {
            break;
        }
    }
    return p;
}

typedef struct StoreScan {
    KScan *ks;
    Stmt *s;
    CXCursor top;
    int lambda_depth;
} StoreScan;

/* One store into volatile memory of step s, as text lower_kernel can rewrite. */
static void add_store(StoreScan *ss, CXCursor c) {
    Fe *fe = ss->ks->fe;
    Unit *u = fe->u;
    SrcLoc loc = cursor_loc(fe, c);
    CXCursor lhs = stored(c);
    const char *why = NULL;
    VStore *vs = arena_alloc(u->arena, sizeof *vs);
    vs->owner = ss->s;
    vs->loc = loc;
    CXType lt = clang_getCursorType(lhs);
    vs->type = fe_str(u->arena, clang_getTypeSpelling(clang_getUnqualifiedType(lt)));
    enum CXTypeKind ck = clang_getCanonicalType(lt).kind;
    unsigned cb, ce, lb, le;
    cursor_range(c, &cb, &ce);
    cursor_range(lhs, &lb, &le);
    const char *t = u->text;
    if (ss->lambda_depth > 0)
        why = "inside a lambda";
    else if (ck == CXType_Record || ck == CXType_ConstantArray || ck == CXType_Elaborated)
        why = "of a struct, union or array";
    else if (!(cb <= lb && lb < le && le <= ce && ce <= u->len))
        why = "written through a macro";
    if (!why && clang_getCursorKind(c) == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        bool post = op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec;
        vs->incdec = true;
        vs->op = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PostInc ? "+" : "-";
        vs->begin = cb;
        vs->end = ce;
        /* the operator's two characters on the other side of the operand */
        unsigned o = post ? skip_blank(t, le, ce) : cb;
        if (o + 2 > ce || (t[o] != '+' && t[o] != '-') || t[o + 1] != t[o])
            why = "written through a macro";
        else if (post && !clang_equalCursors(c, ss->top)) {
            vs->old_value = true;
            diag_refuse(u, loc, "store into volatile memory (warp-synchronous code) whose old value is used "
                        "(x++ inside an expression): thread loops cannot run it step by step");
        }
    } else if (!why) {
        CXCursor rhs = last_child(c);
        unsigned rb, re;
        cursor_range(rhs, &rb, &re);
        unsigned o = skip_blank(t, le, rb);
        size_t n = rb > o ? rb - o : 0;
        while (n > 0 && (t[o + n - 1] == ' ' || t[o + n - 1] == '\t' || t[o + n - 1] == '\n'))
            n--;
        /* the operator as written: `=` or `op=` */
        if (n < 1 || t[o + n - 1] != '=' || n > 4 || re != ce || re <= rb) {
            why = "written through a macro";
        } else {
            vs->op = arena_strndup(u->arena, t + o, n - 1);
            vs->begin = lb;
            vs->end = o + (unsigned)n;
            vs->rhs_end = re;
        }
    }
    if (why) {
        diag_error(u, loc, "store into volatile memory (warp-synchronous code) %s: not supported yet", why);
        return;
    }
    vs->lhs = one_line(fe_text(ss->ks->fe, lb, le));
    if (strstr(vs->lhs, "//"))
        diag_error(u, loc, "a // comment inside a volatile store's left side is not supported");
    vs->id = ss->ks->k->vstores.len;
    vec_push(u->arena, &ss->ks->k->vstores, vs);
}

static enum CXChildVisitResult store_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    StoreScan *ss = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_UnaryExpr)
        return CXChildVisit_Continue;
    if (k == CXCursor_LambdaExpr) {
        ss->lambda_depth++;
        clang_visitChildren(c, store_visit, ss);
        ss->lambda_depth--;
        return CXChildVisit_Continue;
    }
    if (is_volatile_store(c))
        add_store(ss, c);
    return CXChildVisit_Recurse;
}

/* The stores into volatile memory of part c of construct s's control (a loop's header, a
 * condition), recorded for the fiber engine (thread loops refuse them). */
void scan_control_stores(KScan *ks, Stmt *s, CXCursor c) {
    StoreScan ss = {ks, s, c, 0};
    if (store_visit(c, clang_getNullCursor(), &ss) == CXChildVisit_Recurse)
        clang_visitChildren(c, store_visit, &ss);
}

/* e as B[I + k] (B[I]: k 0; B[I - c]: k -c), B and I variables, k a constant: their
 * declarations, k, and the cursor naming B. */
static bool lane_subscript(CXCursor e, CXCursor *base, CXCursor *index, long long *k, CXCursor *name) {
    e = strip_implicit(e);
    Kids kids = children(e);
    if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || kids.n != 2)
        return false;
    *name = strip_implicit(kids.c[0]);
    CXCursor i = strip_implicit(kids.c[1]);
    *k = 0;
    if (clang_getCursorKind(i) == CXCursor_BinaryOperator) {
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(i);
        Kids terms = children(i);
        long long c;
        if (terms.n != 2 || (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub))
            return false;
        int side = int_constant(terms.c[1], &c) ? 0 : op == CXBinaryOperator_Add && int_constant(terms.c[0], &c) ? 1 : -1;
        if (side < 0 || c < -(1ll << 30) || c > (1ll << 30))
            return false;
        *k = op == CXBinaryOperator_Sub ? -c : c;
        i = strip_implicit(terms.c[side]);
    }
    if (clang_getCursorKind(*name) != CXCursor_DeclRefExpr || clang_getCursorKind(i) != CXCursor_DeclRefExpr)
        return false;
    *base = clang_getCursorReferenced(*name);
    *index = clang_getCursorReferenced(i);
    return true;
}

/* Is d a value not in memory: a constant, or a variable of the function (memory_variable)? */
static bool plain_local(CXCursor d) {
    enum CXCursorKind k = clang_getCursorKind(d);
    if (k == CXCursor_EnumConstantDecl || k == CXCursor_NonTypeTemplateParameter)
        return true;
    return (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && !memory_variable(d);
}

typedef struct LaneScan {
    Arena *a;
    CXCursor top, base, index;
    long long least;        /* the store's k: every read's at least this */
    bool ok;
    PtrVec *names;
} LaneScan;

static enum CXChildVisitResult lane_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    LaneScan *ls = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    CXCursor base, index, name;
    long long off;
    switch (k) {
    case CXCursor_ArraySubscriptExpr:
        if (!lane_subscript(c, &base, &index, &off, &name) || !clang_equalCursors(base, ls->base) ||
            !clang_equalCursors(index, ls->index) || off < ls->least) {
            ls->ok = false;
            break;
        }
        if (!clang_equalCursors(c, strip_implicit(first_child(ls->top)))) {   /* a read, not the store */
            unsigned *at = arena_alloc(ls->a, 2 * sizeof *at);
            cursor_range(name, &at[0], &at[1]);
            vec_push(ls->a, ls->names, at);
        }
        return CXChildVisit_Continue;
    case CXCursor_DeclRefExpr:
        ls->ok = plain_local(clang_getCursorReferenced(c)) &&
                 !clang_equalCursors(clang_getCursorReferenced(c), ls->base);
        break;
    case CXCursor_BinaryOperator:
        ls->ok = clang_getCursorBinaryOperatorKind(c) != CXBinaryOperator_Assign || clang_equalCursors(c, ls->top);
        break;
    case CXCursor_CompoundAssignOperator:
        ls->ok = clang_equalCursors(c, ls->top);
        break;
    case CXCursor_UnaryOperator: {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        ls->ok = op == CXUnaryOperator_Minus || op == CXUnaryOperator_Plus || op == CXUnaryOperator_Not ||
                 op == CXUnaryOperator_LNot;
        break;
    }
    default:
        ls->ok = value_only_kind(k);
    }
    return ls->ok ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* The one store of step c, `B[I + k] = E` or `B[I + k] op= E` as the whole statement: ordered
 * (VStore.lane_base) when every other access to memory is a read B[I + k'], k' >= k, and
 * nothing else reads memory, calls or stores. */
static void scan_ordered_store(KScan *ks, VStore *vs, CXCursor c) {
    CXCursor top = strip_implicit(c);
    enum CXCursorKind k = clang_getCursorKind(top);
    if (vs->incdec || (k != CXCursor_CompoundAssignOperator && k != CXCursor_BinaryOperator))
        return;
    LaneScan ls = {ks->fe->u->arena, top, {0}, {0}, 0, true, &vs->base_names};
    CXCursor name;
    if (!lane_subscript(first_child(top), &ls.base, &ls.index, &ls.least, &name) || !plain_local(ls.index))
        return;
    if (lane_visit(top, clang_getNullCursor(), &ls) == CXChildVisit_Recurse)
        clang_visitChildren(top, lane_visit, &ls);
    Var *b = find_var(ks->k, ls.base, ks->fe), *i = find_var(ks->k, ls.index, ks->fe);
    CXType rt = clang_getUnqualifiedType(clang_getCanonicalType(clang_getCursorType(last_child(top))));
    if (!ls.ok || !b || !i || rt.kind < CXType_Bool || rt.kind > CXType_LongDouble) {
        vs->base_names.len = 0;
        return;
    }
    vs->lane_base = b;
    vs->lane_index = i;
    vs->rhs_type = fe_str(ks->fe->u->arena, clang_getTypeSpelling(rt));
}

/* A leaf c of the kernel (s): a warp step when it reads or writes volatile memory; its stores
 * recorded. Only expression statements and declarations may store (anything else storing
 * into volatile memory is a construct, its statements steps of their own). */
void scan_vstep(KScan *ks, Stmt *s, CXCursor c) {
    if (!find_volatile(c, false, NULL))
        return;
    s->vstep = true;
    StoreScan ss = {ks, s, c, 0};
    int before = ks->k->vstores.len;
    if (store_visit(c, clang_getNullCursor(), &ss) == CXChildVisit_Recurse)
        clang_visitChildren(c, store_visit, &ss);
    if (ks->k->vstores.len > before)
        s->side_effects = true;     /* each thread stores its own */
    if (ks->k->vstores.len == before + 1 && clang_getCursorKind(c) != CXCursor_DeclStmt)
        scan_ordered_store(ks, ks->k->vstores.items[before], c);
}
