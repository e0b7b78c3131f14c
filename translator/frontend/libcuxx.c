/* libcuxx.c - libcu++'s synchronisation (cuda::barrier, cuda::pipeline, <cuda/barrier> and
 * <cuda/pipeline>) and atomics as the frontend sees them. cu2c's headers say which of their
 * functions stand for the block's barrier (annotate("cu2c_block_barrier"): a barrier's wait,
 * a block pipeline's producer_acquire and consumer_wait) and which are refused where they
 * are called (annotate("cu2c_refused:why"): a pipeline with producer and consumer roles);
 * see include/cu2c/libcuxx_sync.h. Every other function of namespace cuda (an atomic's
 * fetch_add, a barrier's arrive, memcpy_async) has effects: it runs per thread. */
#include "fe.h"

#include <string.h>

static bool in_cuda_namespace(CXCursor fn) {
    CXString usr = clang_getCursorUSR(fn);
    const char *u = clang_getCString(usr);
    bool r = u && strncmp(u, "c:@N@cuda@", 10) == 0;
    clang_disposeString(usr);
    return r;
}

/* A function of libcu++ (namespace cuda, cuda::std included) or a pipeline primitive: its
 * calls have effects, whatever their arguments (an atomic's load included: what it reads
 * may change between threads). */
bool libcuxx_fn(CXCursor fn) {
    if (clang_Cursor_isNull(fn) || !clang_Location_isInSystemHeader(clang_getCursorLocation(fn)))
        return false;
    if (in_cuda_namespace(fn))
        return true;
    CXString sp = clang_getCursorSpelling(fn);
    const char *n = clang_getCString(sp);
    bool r = n && strncmp(n, "__pipeline_", 11) == 0;
    clang_disposeString(sp);
    return r;
}

/* A call of a libcu++ function that is the block's barrier: "__syncthreads", or as messages
 * name it (shown), "cuda::barrier::arrive_and_wait"; NULL for any other call. */
const char *libcuxx_barrier(CXCursor call, bool shown) {
    static char buf[160];
    if (clang_getCursorKind(call) != CXCursor_CallExpr)
        return NULL;
    CXCursor fn = callee_of(call);
    if (clang_Cursor_isNull(fn) || !in_cuda_namespace(fn))
        return NULL;
    if (!annotation(fn, "cu2c_block_barrier", buf, sizeof buf))
        return NULL;
    if (!shown)
        return "__syncthreads";
    CXCursor cls = clang_getCursorSemanticParent(fn);
    CXString c = clang_getCursorSpelling(cls), f = clang_getCursorSpelling(fn);
    bool member = clang_getCursorKind(cls) != CXCursor_Namespace;
    snprintf(buf, sizeof buf, "cuda::%s%s%s", member ? clang_getCString(c) : "", member ? "::" : "",
             clang_getCString(f));
    clang_disposeString(c);
    clang_disposeString(f);
    return buf;
}

/* What runs where a cuda::barrier's wait was, once per block: the check that the barrier
 * expects the block's thread count (cuda::__cu2c_barrier_check); NULL for a pipeline's
 * barriers (they are the whole block's by construction), or after a located error. */
const char *libcuxx_barrier_check(Fe *fe, CXCursor call) {
    Unit *u = fe->u;
    CXCursor fn = callee_of(call);
    CXString cs = clang_getCursorSpelling(clang_getCursorSemanticParent(fn));
    bool barrier = strcmp(clang_getCString(cs), "barrier") == 0;
    clang_disposeString(cs);
    if (!barrier)
        return NULL;
    CXCursor callee = strip_implicit(first_child(call));
    CXCursor object = clang_getCursorKind(callee) == CXCursor_MemberRefExpr ? first_child(callee)
                                                                              : clang_getNullCursor();
    SrcLoc l = cursor_loc(fe, call);
    if (clang_Cursor_isNull(object) || from_macro(call)) {
        diag_error(u, l, "%s() written this way is not supported yet (write `bar.%s(...)` on the barrier itself)",
                   libcuxx_barrier(call, true), fe_str(u->arena, clang_getCursorSpelling(fn)));
        return NULL;
    }
    /* the barrier the object names is the same for every thread: it runs outside the
     * thread loops, so it may name no per-thread value */
    const char *obj = cursor_line(fe, object);
    if (strstr(obj, "threadIdx") || strchr(obj, '(')) {
        diag_error(u, l, "%s() on a barrier chosen per thread (`%s`) is not supported: cu2c runs a cuda::barrier "
                   "as the block's barrier", libcuxx_barrier(call, true), obj);
        return NULL;
    }
    bool arrow = false;
    unsigned b, e;
    cursor_range(callee, &b, &e);
    unsigned ob, oe;
    cursor_range(object, &ob, &oe);
    for (unsigned p = oe; p + 1 < e && p + 1 < u->len; p++)
        if (u->text[p] == '-' && u->text[p + 1] == '>')
            arrow = true;
    return arena_printf(u->arena, "cuda::__cu2c_barrier_check(%s(%s), __cu2c_b, \"%s:%u\");", arrow ? "" : "&",
                        obj, loc_file(l), loc_line(l));
}

/* Is count (an expression) the block's thread count as written: a product of blockDim's
 * fields (blockDim.x alone included: the wait's check catches 2-D blocks), or a thread
 * block group's size()/num_threads()? */
static bool block_count_written(Fe *fe, CXCursor count) {
    count = strip_implicit(count);
    if (clang_getCursorKind(count) == CXCursor_CallExpr) {
        const char *m = call_name(count);
        CXCursor fn = callee_of(count);
        if (clang_Cursor_isNull(fn) || (strcmp(m, "size") != 0 && strcmp(m, "num_threads") != 0))
            return false;
        CXString cls = clang_getCursorSpelling(clang_getCursorSemanticParent(fn));
        bool block = strcmp(clang_getCString(cls), "thread_block") == 0;
        clang_disposeString(cls);
        return block;
    }
    const char *t = cursor_text(fe, count);
    for (;;) {
        while (*t == ' ' || *t == '(')
            t++;
        if (strncmp(t, "blockDim.", 9) != 0 || !strchr("xyz", t[9]))
            return false;
        t += 10;
        while (*t == ' ' || *t == ')')
            t++;
        if (!*t)
            return true;
        if (*t++ != '*')
            return false;
    }
}

/* A call the thread loops cannot run as the block's barrier: cuda::init of a barrier with a
 * count other than the block's as written, or a barrier's arrive(n) with n other than 1. The
 * kernel runs on the fiber engine, where a cuda::barrier is the GPU's (any count): the
 * refusal is reported only where that engine cannot take the kernel. */
void libcuxx_partial_barrier(Fe *fe, CXCursor call) {
    CXCursor fn = callee_of(call);
    if (clang_Cursor_isNull(fn) || !in_cuda_namespace(fn))
        return;
    const char *name = call_name(call);
    int nargs = clang_Cursor_getNumArguments(call);
    CXCursor owner = clang_getCursorSemanticParent(fn);
    CXString os = clang_getCursorSpelling(owner);
    bool member = strcmp(clang_getCString(os), "barrier") == 0;
    clang_disposeString(os);
    if (member && strcmp(name, "arrive") == 0 && nargs == 1) {
        CXCursor arg = clang_Cursor_getArgument(call, 0);
        const char *n = cursor_text(fe, arg);
        if (strcmp(n, "1") != 0)
            diag_refuse(fe->u, cursor_loc(fe, call), "cuda::barrier::arrive(%s): cu2c's thread loops run a "
                        "cuda::barrier only as the whole block's barrier, each thread arriving once", n);
    }
    if (!member && strcmp(name, "init") == 0 && nargs == 2) {
        CXCursor arg = clang_Cursor_getArgument(call, 1);
        CXType t = clang_getPointeeType(clang_getCursorType(clang_Cursor_getArgument(call, 0)));
        CXString ts = clang_getTypeSpelling(clang_getCanonicalType(t));
        bool barrier = strstr(clang_getCString(ts), "barrier<") != NULL;
        clang_disposeString(ts);
        if (barrier && !block_count_written(fe, arg))
            diag_refuse(fe->u, cursor_loc(fe, call), "cuda::barrier initialised with `%s` arrivals, not the block's "
                        "thread count as written (blockDim or the block's size()): cu2c's thread loops run a "
                        "cuda::barrier only as the whole block's barrier", cursor_text(fe, arg));
    }
}

/* ---- refusals: calls of the functions cu2c's headers mark refused ------------------------- */

static enum CXChildVisitResult refuse_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    Fe *fe = d;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        CXCursor fn = callee_of(c);
        char why[512];
        if (!clang_Cursor_isNull(fn) && in_cuda_namespace(fn) && annotation(fn, "cu2c_refused:", why, sizeof why))
            diag_error(fe->u, cursor_loc(fe, c), "%s", why);
    }
    return CXChildVisit_Recurse;
}

/* Reports each call of a refused libcu++ function, at the call: the number of errors. */
int libcuxx_refusals(Fe *fe) {
    int before = fe->u->errors;
    fe_visit_unit(fe, refuse_visit, fe);
    return fe->u->errors - before;
}
