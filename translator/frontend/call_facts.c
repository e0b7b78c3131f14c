/* call_facts.c - the facts of a call in a kernel's statement (scan_call): which locals it
 * may write (arguments bound to non-const references, a member call's object, an assignment
 * operator's left operand, every local given to a call resolved per instantiation or made
 * through a pointer), and whether it may synchronise. Split out of statement_facts.c. */
#include "fe.h"

#include <string.h>

typedef struct ArgScan {
    int index;
    CXCursor want;
    int found;
} ArgScan;

/* A constructor the compiler writes (or `= default`) of a plain struct: it does nothing a
 * thread could see (`Reducer r;` declares a block-uniform local like `int i;`). */
static bool trivial_constructor(CXCursor fn) {
    return clang_getCursorKind(fn) == CXCursor_Constructor && clang_CXXMethod_isDefaulted(fn) &&
           clang_isPODType(clang_getCursorType(clang_getCursorSemanticParent(fn)));
}

/* A parameter type through which the callee can write its argument: a reference to
 * non-const (and, in a template's call, a forwarding reference: `T &&` binds lvalues). */
static bool writes_through(CXType t, bool forwarding) {
    return (t.kind == CXType_LValueReference && !clang_isConstQualifiedType(clang_getPointeeType(t))) ||
           (forwarding && t.kind == CXType_RValueReference);
}

/* A member call's object (callee `obj.f` or `p->f`... as lvalue_root finds it; none written:
 * `this`). */
static Var *member_object(KScan *ks, CXCursor callee) {
    CXCursor object = first_child(callee);
    return clang_Cursor_isNull(object) ? ks->fe->this_var : lvalue_root(ks, object);
}

/* An assignment operator's name (operator=, operator+=, ..., operator++, operator--): the
 * operators that write their first operand. */
static bool assigning_operator(const char *n) {
    static const char *const ops[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--"};
    if (strncmp(n, "operator", 8) != 0)
        return false;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (strcmp(n + 8, ops[i]) == 0)
            return true;
    return false;
}

/* A template's call resolved per instantiation (its callee depends on the template's
 * parameters), or a call through a pointer: what it may write. Where the candidates are
 * known (the overloads its name finds), an argument bound to a non-const or forwarding
 * reference parameter of one of them, and an assignment operator's left operand; else every
 * local it is given and its object's (set(x, threadIdx.x) writes x; b.put(v) writes b). */
static void dependent_call_writes(KScan *ks, CXCursor c) {
    int nargs = clang_Cursor_getNumArguments(c);
    Kids kids = children(c);
    CXCursor ov = clang_getNullCursor();
    for (int i = 0; i < kids.n && clang_Cursor_isNull(ov); i++) {
        CXCursor r = clang_getCursorReferenced(strip_implicit(kids.c[i]));
        if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(r) > 0)
            ov = r;
    }
    if (clang_Cursor_isNull(ov)) {
        for (int i = 0; i < nargs; i++)
            note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, (unsigned)i)));
        CXCursor callee = strip_implicit(first_child(c));
        if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr)
            note_write(ks, member_object(ks, callee));
        return;
    }
    for (unsigned d = 0; d < clang_getNumOverloadedDecls(ov); d++) {
        CXCursor fn = clang_getOverloadedDecl(ov, d);
        CXString sp = clang_getCursorSpelling(fn);
        const char *name = clang_getCString(sp);
        bool op = name && strncmp(name, "operator", 8) == 0, assigns = name && assigning_operator(name);
        clang_disposeString(sp);
        if (op) {
            if (assigns && nargs > 0)
                note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, 0)));
            continue;
        }
        Kids params = function_params(fn);
        for (int i = 0; i < nargs; i++) {
            /* past the parameters: a parameter pack, C varargs: unknown */
            if (i >= params.n || writes_through(clang_getCursorType(params.c[i]), true))
                note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, (unsigned)i)));
        }
    }
}

/* `f(args)` in a template, f an object of a template parameter's type: which operator() it
 * calls is known per instantiation only. True when some operator() of the program holds a
 * barrier or warp function (a functor handed to a kernel template, HeCBench axpby's). */
static bool dependent_functor_may_sync(Fe *fe, CXCursor call, bool *fiber_unsafe) {
    CXCursor callee = strip_implicit(first_child(call));
    *fiber_unsafe = false;
    if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
        return false;
    CXCursor obj = clang_getCursorReferenced(callee);
    enum CXCursorKind k = clang_getCursorKind(obj);
    if ((k != CXCursor_ParmDecl && k != CXCursor_VarDecl) || clang_getCursorType(obj).kind != CXType_Unexposed)
        return false;
    bool found = false;
    for (int i = 0; i < fe->barrier_fns.len; i++)
        if (strstr(fe->barrier_fns.items[i], "@F@operator()#")) {
            found = true;
            *fiber_unsafe |= usr_in(&fe->fiber_unsafe_fns, fe->barrier_fns.items[i]);
        }
    return found;
}

void scan_call(KScan *ks, CXCursor c) {
    Fe *fe = ks->fe;
    Unit *u = fe->u;
    CXCursor fn = clang_getCursorReferenced(c);
    if (clang_Cursor_isNull(fn) || (clang_getCursorKind(fn) != CXCursor_FunctionDecl &&
                                    clang_getCursorKind(fn) != CXCursor_CXXMethod &&
                                    clang_getCursorKind(fn) != CXCursor_FunctionTemplate &&
                                    clang_getCursorKind(fn) != CXCursor_ConversionFunction &&
                                    clang_getCursorKind(fn) != CXCursor_Constructor)) {
        if (clang_Cursor_isNull(fn) && pure_dependent_construction(fe, c))
            return;     /* `BlockReduce<T, N>(storage)`: a temporary object, made alike by every thread */
        if (elided_construction(c))
            return;     /* its operand's value */
        /* a kernel template's call of a function template holding a barrier or warp function
         * (`step<W>(n)`), left in an expression (a do-while's condition): as a resolved call's */
        CXCursor callee = callee_of(c);
        if (!clang_Cursor_isNull(callee) && is_user_fn(callee) &&
            usr_in(&fe->barrier_fns, fe_str(u->arena, fn_usr(callee))))
            diag_refuse(u, cursor_loc(fe, c), "call to '%s', which holds a barrier or __shared__ memory, "
                       "inside an expression: not supported yet (call it as a statement of its own)",
                       fe_str(u->arena, clang_getCursorSpelling(callee)));
        if (fe->escaping_barrier_fn && clang_getCursorKind(fn) != CXCursor_Constructor &&
            !calls_no_barrier_fn(fe, c))
            diag_refuse(u, cursor_loc(fe, c), "call through a pointer or template argument ('%s'), while the program "
                        "takes the address of '%s', which holds a barrier: thread loops cannot expand a function "
                        "they do not know", shown_name(c), fe->escaping_barrier_fn);
        bool fiber_unsafe;
        if (dependent_functor_may_sync(fe, c, &fiber_unsafe))
            (fiber_unsafe ? diag_error : diag_refuse)(
                u, cursor_loc(fe, c), "call of '%s', an object whose type is a template parameter, whose operator() may "
                "hold a barrier, warp function or warp-synchronous volatile access (one of the program's does): "
                "thread loops cannot expand it per instantiation yet%s", shown_name(c),
                fiber_unsafe ? ", nor can the fiber engine run such an operator() as written" : "");
        if (clang_getCursorKind(fn) != CXCursor_Constructor && !dependent_partition_call(c)) {
            ks->s->side_effects = true;     /* call through a pointer: anything can happen */
            dependent_call_writes(ks, c);
        }
        if (clang_Cursor_isNull(fn) && fe->tls_fns.len > 0) {
            /* a kernel template's dependent call (SharedMemory<T>() converted to T *) may
             * reach a function reading the builtins or the block's shared memory */
            ks->s->calls_user_fn = true;
            ks->k->uses_tls = true;
        }
        return;
    }
    char *name = fe_str(u->arena, clang_getCursorSpelling(fn));
    ks->s->reads_clock |= is_device_clock(name);
    if (is_barrier_name(call_name(c))) {
        diag_refuse(u, cursor_loc(fe, c), "%s() inside an expression is not supported yet", shown_name(c));
        return;
    }
    unsigned arch_group = is_user_fn(fn) && !has_attr(fn, CXCursor_CUDADeviceAttr) ? host_arch_group_of(fe, fn) : 0;
    if (arch_group)
        diag_error(u, cursor_loc(fe, c), "device code calls '%s', declared for the host in the #if on __CUDA_ARCH__ "
                   "at line %u: cu2c compiles one text for both sides, and that conditional keeps the host's "
                   "branch there (it declares host functions): not supported (give the device's version "
                   "another name, or mark one function __host__ __device__)", name, arch_group);
    if (is_user_fn(fn)) {
        char *usr = fe_str(u->arena, fn_usr(fn));
        ks->s->reads_clock |= usr_in(&fe->clock_fns, usr);
        /* a pure function's result depends on its arguments only (and on memory, read alike
         * by every thread): the call varies as they do; anything else runs per thread */
        if (!usr_in(&fe->pure_fns, usr) && !trivial_constructor(fn))
            ks->s->side_effects = true;
        if (usr_in(&fe->barrier_fns, usr))
            diag_refuse(u, cursor_loc(fe, c), "call to '%s', which holds a barrier or __shared__ memory, "
                       "inside an expression: not supported yet (call it as a statement of its own)", name);
        if (usr_in(&fe->tls_fns, usr)) {
            ks->s->calls_user_fn = true;
            ks->k->uses_tls = true;
        }
    } else if (impure_builtin(name) || libcuxx_fn(fn)) {
        ks->s->side_effects = true;
        libcuxx_partial_barrier(fe, c);
        if (is_assert_fail(name)) {
            ks->s->calls_user_fn = true;
            ks->k->uses_tls = true;
        }
    }
    /* arguments bound to non-const references, and objects of non-const member calls, may
     * be written by the callee */
    CXType ft = clang_getCursorType(fn);
    int nargs = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < nargs; i++) {
        if (writes_through(clang_getArgType(ft, (unsigned)i), false))
            note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, (unsigned)i)));
    }
    if (clang_getCursorKind(fn) == CXCursor_CXXMethod && !clang_CXXMethod_isConst(fn) &&
        !clang_CXXMethod_isStatic(fn)) {
        CXCursor callee = strip_implicit(first_child(c));
        if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr)
            note_write(ks, member_object(ks, callee));
        else if (nargs > 0 && clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
            note_write(ks, lvalue_root(ks, clang_Cursor_getArgument(c, 0)));
    }
}

