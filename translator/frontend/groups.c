/* groups.c - warp functions and cooperative groups: which calls are warp sites or reduction
 * barriers, what a group method stands for, and the facts of a site (its operands, mask, width). */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

/* ---- cooperative groups: the barriers and warp functions their methods are ------------ */

/* A call of a method of a group of cooperative_groups.h, or of cg::sync, cg::reduce or
 * cg::coalesced_threads, and what it stands for. */

static bool in_cg_namespace(CXCursor fn) {
    CXString usr = clang_getCursorUSR(fn);
    const char *u = clang_getCString(usr);
    bool r = u && strncmp(u, "c:@N@cooperative_groups@", 24) == 0 && !strstr(u, "@N@__cu2c@");
    clang_disposeString(usr);
    return r;
}

/* Which group a type is: 't' a tile (*width its size), 'c' coalesced, 'b' block, 'g' grid,
 * 'm' the grids of a multi-device launch,
 * 'a' a thread_group (any of them); 0 and *width -1 for a tile whose size is a template's
 * parameter. */
char group_kind(CXType t, int *width) {
    CXString sp = clang_getTypeSpelling(clang_getCanonicalType(clang_getNonReferenceType(t)));
    const char *n = clang_getCString(sp);
    const char *tile = n ? strstr(n, "cooperative_groups::thread_block_tile<") : NULL;
    char r = 0;
    if (tile) {
        /* thread_block_tile<N> with N a template parameter is no group cu2c can size */
        const char *size = tile + strlen("cooperative_groups::thread_block_tile<");
        r = *size >= '0' && *size <= '9' ? 't' : 0;
        *width = r ? atoi(size) : -1;
    } else if (n && strstr(n, "cooperative_groups::coalesced_group")) {
        r = 'c';
        *width = 32;
    } else if (n && strstr(n, "cooperative_groups::thread_block")) {
        r = 'b';
    } else if (n && strstr(n, "cooperative_groups::grid_group")) {
        r = 'g';
    } else if (n && strstr(n, "cooperative_groups::multi_grid_group")) {
        r = 'm';
    } else if (n && strstr(n, "cooperative_groups::thread_group")) {
        r = 'a';
    } else if (n && strncmp(n, "thread_block_tile<", 18) == 0) {
        /* a dependent type prints unqualified: cooperative_groups' by its declaration */
        CXCursor d = clang_getTypeDeclaration(clang_getNonReferenceType(t));
        if (!clang_Cursor_isNull(d) && in_cg_namespace(d))
            *width = -1;
    }
    clang_disposeString(sp);
    return r;
}

/* A call of cooperative_groups' tiled_partition that clang cannot resolve where the template
 * holding it is written (`auto t = tiled_partition<N>(block)`, N a template parameter): a
 * group is a uniform value (the sizes of the tile), so the call is pure. */
bool dependent_partition_call(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(c)))
        return false;
    CXCursor fn = callee_of(c);
    if (clang_Cursor_isNull(fn) || !in_cg_namespace(fn))
        return false;
    CXString sp = clang_getCursorSpelling(fn);
    bool r = strcmp(clang_getCString(sp), "tiled_partition") == 0;
    clang_disposeString(sp);
    return r;
}

/* The warp functions tiles' and coalesced groups' methods (and cg::sync, cg::reduce) are. */
static const struct { const char *method, *builtin; } warp_methods[] = {
    {"sync", "__syncwarp"}, {"shfl", "__shfl_sync"}, {"shfl_up", "__shfl_up_sync"},
    {"shfl_down", "__shfl_down_sync"}, {"shfl_xor", "__shfl_xor_sync"}, {"ballot", "__ballot_sync"},
    {"any", "__any_sync"}, {"all", "__all_sync"}, {"match_any", "__match_any_sync"},
    {"match_all", "__match_all_sync"}, {"reduce", CG_REDUCE_NAME},
    {"inclusive_scan", CG_INCLUSIVE_SCAN_NAME}, {"exclusive_scan", CG_EXCLUSIVE_SCAN_NAME},
};

/* cg::reduce and the scans: a group's combination of values, written as functions */
static bool is_combination(const char *name) {
    return strcmp(name, "reduce") == 0 || strcmp(name, "inclusive_scan") == 0 ||
           strcmp(name, "exclusive_scan") == 0;
}

static bool is_partition(const char *name) {
    return strcmp(name, "labeled_partition") == 0 || strcmp(name, "binary_partition") == 0;
}

static bool group_call(CXCursor c, GroupCall *g) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(c);
    if (clang_Cursor_isNull(fn) || !in_cg_namespace(fn))
        return false;
    memset(g, 0, sizeof *g);
    CXString sp = clang_getCursorSpelling(fn);
    const char *written = clang_getCString(sp), *name = written;
    static char shown[96];
    /* cg::wait(g) and cg::wait_prior<N>(g) (cooperative_groups/memcpy_async.h): its copies are
     * made when called, so waiting for them is making them visible, the group's sync */
    bool wait = strcmp(name, "wait") == 0 || strcmp(name, "wait_prior") == 0;
    if (wait)
        name = "sync";
    if (strcmp(name, "coalesced_threads") == 0) {
        g->builtin = "__activemask";
        g->shown = "coalesced_threads";
        g->width = 32;
        g->coalesced = true;
        clang_disposeString(sp);
        return true;
    }
    CXCursor callee = strip_implicit(first_child(c));
    if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
        g->group = strip_implicit(first_child(callee));
    } else if (strcmp(name, "sync") == 0 || is_combination(name) || is_partition(name)) {
        g->group = clang_Cursor_getArgument(c, 0);
        g->first_arg = 1;
    } else {
        g->group = clang_getNullCursor();
    }
    char kind = clang_Cursor_isNull(g->group) ? 0 : group_kind(clang_getCursorType(g->group), &g->width);
    g->coalesced = kind == 'c';
    static const char *const group_names[] = {['t'] = "thread_block_tile", ['c'] = "coalesced_group",
                                              ['b'] = "thread_block", ['g'] = "grid_group",
                                              ['m'] = "multi_grid_group",
                                              ['a'] = "thread_group"};
    snprintf(shown, sizeof shown, "%s%s%s", g->first_arg ? "cooperative_groups::" : kind ? group_names[(int)kind] : "",
             g->first_arg || !kind ? "" : "::", written);
    g->shown = shown;
    if (kind == 'b' && (strcmp(name, "sync") == 0 || strcmp(name, "barrier_wait") == 0))
        g->builtin = "__syncthreads";
    /* a thread_group's sync: a warp function over its lanes, known at run time (see
     * cooperative_groups.h) */
    if (kind == 'a' && strcmp(name, "sync") == 0) {
        g->builtin = "__syncwarp";
        g->width = 0;       /* not a tile cu2c can size: the mask says which lanes */
        g->any_group = true;
    }
    else if (kind == 'g' && strcmp(name, "sync") == 0)
        g->builtin = GRID_SYNC;
    else if (kind == 'm' && strcmp(name, "sync") == 0)
        g->builtin = MULTI_GRID_SYNC;
    /* cg::reduce(g, v, op) (or a scan) in a template where g's type is a parameter:
     * whichever tile or coalesced group it is, the output asks it for its width and lanes */
    bool dependent = !kind && !clang_Cursor_isNull(g->group) && is_combination(name) &&
                     (g->width < 0 || dependent_spelling(clang_getCursorType(g->group)));
    if (dependent)
        g->width = -1;
    for (size_t i = 0; (kind == 't' || kind == 'c' || dependent) && i < sizeof warp_methods / sizeof warp_methods[0]; i++)
        if (strcmp(name, warp_methods[i].method) == 0)
            g->builtin = warp_methods[i].builtin;
    /* a partition of a tile or coalesced group: __match_any_sync over its lanes */
    if ((kind == 't' || kind == 'c') && g->first_arg && is_partition(name)) {
        g->builtin = "__match_any_sync";
        g->partition = name[0];
    }
    clang_disposeString(sp);
    return g->builtin != NULL;
}

/* A call of a group's barrier or warp method (GroupCall) that clang cannot resolve where the
 * template holding it is written (the group's type depends on a template parameter). */
bool unresolved_group_call(CXCursor c, char *name, size_t cap) {
    CXCursor callee = first_child(c);
    if (!clang_Cursor_isNull(callee_of(c)) || clang_Cursor_isNull(callee) ||
        clang_getCursorKind(callee) != CXCursor_MemberRefExpr)
        return false;
    /* the member's name is the callee's last token (`g.shfl_down`, `g->sync`) */
    CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
    CXToken *toks;
    unsigned n;
    clang_tokenize(tu, clang_getCursorExtent(callee), &toks, &n);
    bool r = false;
    if (n > 0) {
        CXString sp = clang_getTokenSpelling(tu, toks[n - 1]);
        snprintf(name, cap, "%s", clang_getCString(sp));
        clang_disposeString(sp);
        r = strcmp(name, "barrier_wait") == 0;     /* thread_block's, the others are warp methods */
        for (size_t i = 0; i < sizeof warp_methods / sizeof warp_methods[0]; i++)
            r |= strcmp(name, warp_methods[i].method) == 0;
    }
    clang_disposeTokens(tu, toks, n);
    return r;
}

/* nvcuda::wmma::mma_sync (mma.h): a warp function over the warp's fragments */
static bool wmma_mma_call(CXCursor c) {
    if (clang_getCursorKind(c) != CXCursor_CallExpr)
        return false;
    CXCursor fn = callee_of(c);
    if (clang_Cursor_isNull(fn))
        return false;
    CXString usr = clang_getCursorUSR(fn), sp = clang_getCursorSpelling(fn);
    const char *us = clang_getCString(usr), *n = clang_getCString(sp);
    bool r = us && n && strncmp(us, "c:@N@nvcuda@N@wmma@", 19) == 0 && strcmp(n, "mma_sync") == 0;
    clang_disposeString(usr);
    clang_disposeString(sp);
    return r;
}

/* The function a call stands for: a group's method or function (group_call) as the barrier
 * or warp function it is (shown: as messages name it, `group::method`), anything else as its
 * callee's name. Valid until the next call. */
static const char *group_or_callee_name(CXCursor c, bool shown) {
    static char buf[256];
    GroupCall g;
    if (group_call(c, &g))
        return shown ? g.shown : g.builtin;
    if (wmma_mma_call(c))
        return shown ? "nvcuda::wmma::mma_sync" : WMMA_MMA_NAME;
    const char *lx = libcuxx_barrier(c, shown);    /* cuda::barrier's wait & co. (libcuxx.c) */
    if (lx)
        return lx;
    CXString sp = clang_getCursorSpelling(callee_of(c));
    const char *n = clang_getCString(sp);
    snprintf(buf, sizeof buf, "%s", n ? n : "");
    clang_disposeString(sp);
    return buf;
}

const char *call_name(CXCursor c) {
    return group_or_callee_name(c, false);
}

const char *shown_name(CXCursor c) {
    return group_or_callee_name(c, true);
}

bool fiber_callable(CXCursor call) {
    /* cooperative_groups.h's methods run as written on fibers (its __cu2c_fb), whatever the
     * group (a tile's size known per instantiation too); so do wmma::mma_sync and libcu++'s
     * waits */
    GroupCall g;
    if (group_call(call, &g))
        return true;
    if (wmma_mma_call(call) || libcuxx_barrier(call, false))
        return true;
    char n[64];
    snprintf(n, sizeof n, "%s", call_name(call));
    return (strcmp(n, "__syncthreads") == 0 || (strncmp(n, "__", 2) == 0 && strncmp(n, "__cu2c", 6) != 0)) &&
           strcmp(n, shown_name(call)) == 0;
}

/* The sites' functions: the reduction barriers, then the warp functions. */
static const struct { const char *name; ReduceOp op; } site_fns[] = {
    {"__syncthreads_count", RED_COUNT}, {"__syncthreads_and", RED_AND}, {"__syncthreads_or", RED_OR},
    {"__shfl_sync", WARP_SHFL}, {"__shfl_up_sync", WARP_SHFL_UP}, {"__shfl_down_sync", WARP_SHFL_DOWN},
    {"__shfl_xor_sync", WARP_SHFL_XOR}, {"__ballot_sync", WARP_BALLOT}, {"__any_sync", WARP_ANY},
    {"__all_sync", WARP_ALL}, {"__activemask", WARP_ACTIVEMASK}, {"__syncwarp", WARP_SYNC},
    {"__match_any_sync", WARP_MATCH_ANY}, {"__match_all_sync", WARP_MATCH_ALL},
    {"__reduce_add_sync", WARP_REDUCE_ADD}, {"__reduce_min_sync", WARP_REDUCE_MIN},
    {"__reduce_max_sync", WARP_REDUCE_MAX}, {"__reduce_and_sync", WARP_REDUCE_AND},
    {"__reduce_or_sync", WARP_REDUCE_OR}, {"__reduce_xor_sync", WARP_REDUCE_XOR},
    {CG_REDUCE_NAME, CG_REDUCE}, {CG_INCLUSIVE_SCAN_NAME, CG_INCLUSIVE_SCAN},
    {CG_EXCLUSIVE_SCAN_NAME, CG_EXCLUSIVE_SCAN}, {WMMA_MMA_NAME, WMMA_MMA},
};

static bool site_name(const char *n, ReduceOp *op) {
    for (size_t i = 0; n && i < sizeof site_fns / sizeof site_fns[0]; i++)
        if (strcmp(n, site_fns[i].name) == 0) {
            *op = site_fns[i].op;
            return true;
        }
    return false;
}

/* The name of a site's function. */
static const char *site_fn(ReduceOp op) {
    for (size_t i = 0; i < sizeof site_fns / sizeof site_fns[0]; i++)
        if (site_fns[i].op == op)
            return site_fns[i].name;
    return "?";
}

bool is_warp_fn(const char *n) {
    ReduceOp op;
    return site_name(n, &op) && op >= WARP_SHFL;
}

/* Is c a call of __syncthreads_count/_and/_or or of a warp function? */
bool reduce_op(CXCursor c, ReduceOp *op) {
    return site_name(call_name(c), op);
}

/* ---- warp functions written in a macro's body ------------------------------------------ */

/* Skips blanks, comments and line continuations inside a #define from p; stops at its end. */
static size_t skip_macro_blanks(const char *t, size_t n, size_t p) {
    for (;;) {
        if (p < n && (t[p] == ' ' || t[p] == '\t' || t[p] == '\r'))
            p++;
        else if (p + 1 < n && t[p] == '\\' && (t[p + 1] == '\n' || t[p + 1] == '\r'))
            p += 2;
        else if (p + 1 < n && t[p] == '/' && t[p + 1] == '*') {
            const char *e = strstr(t + p + 2, "*/");
            p = e ? (size_t)(e - t) + 2 : n;
        } else
            return p;
    }
}

/* The comma-separated parts of the parenthesised list opening at t[p] == '(', into parts
 * (as written, on one line): their number, or -1 when the list does not close on one
 * logical line or has more than max parts. *end becomes the offset past its ')'. */
static int split_list(Arena *a, const char *t, size_t n, size_t p, const char **parts, int max,
                      size_t *end) {
    int depth = 0, count = 0;
    size_t start = p + 1;
    for (; p < n; p++) {
        char ch = t[p];
        if (ch == '"' || ch == '\'') {
            for (p++; p < n && t[p] != ch && t[p] != '\n'; p++)
                if (t[p] == '\\')
                    p++;
        } else if (ch == '(' || ch == '[' || ch == '{') {
            depth++;
        } else if ((ch == ',' && depth == 1) || ((ch == ')' || ch == ']' || ch == '}') && --depth == 0)) {
            if (count == max)
                return -1;
            size_t b = start, e = p;
            while (b < e && (t[b] == ' ' || t[b] == '\t' || t[b] == '\n' || t[b] == '\\'))
                b++;
            while (e > b && (t[e - 1] == ' ' || t[e - 1] == '\t' || t[e - 1] == '\n' || t[e - 1] == '\\'))
                e--;
            parts[count++] = one_line(arena_strndup(a, t + b, e - b));
            start = p + 1;
            if (ch != ',') {
                *end = p + 1;
                return count == 1 && !*parts[0] ? 0 : count;
            }
        }
    }
    return -1;
}

/* text with each identifier among params[0..np) replaced by the matching argument, as the
 * preprocessor substitutes them. */
static char *substitute(Arena *a, const char *text, const char **params, const char **args, int np) {
    Buf b = {0};
    for (const char *p = text; *p;) {
        if (ident_char(*p) && !(*p >= '0' && *p <= '9')) {
            const char *q = p;
            while (ident_char(*q))
                q++;
            int i = 0;
            while (i < np && !(strlen(params[i]) == (size_t)(q - p) && strncmp(params[i], p, (size_t)(q - p)) == 0))
                i++;
            if (i < np)
                buf_puts(&b, args[i]);
            else
                buf_put(&b, p, (size_t)(q - p));
            p = q;
        } else if (*p >= '0' && *p <= '9') {
            const char *q = p;
            while (ident_char(*q) || *q == '.')
                q++;
            buf_put(&b, p, (size_t)(q - p));
            p = q;
        } else {
            buf_put(&b, p++, 1);
        }
    }
    char *r = arena_strdup(a, b.data ? b.data : "");
    buf_free(&b);
    return r;
}

/* A call spelled at offset at of t, the body of a macro, whole (`#define NAME(params) call`):
 * the call's arguments as the invocation written at u->text + inv makes them, into args
 * (NULL for those not written); false when the body is more than the call, the macro is
 * another than the one invoked there, or it uses # or ##. */
static bool macro_call_args(Unit *u, const char *t, size_t n, size_t at, unsigned inv,
                            const char **args, int max) {
    Arena *a = u->arena;
    /* the definition's first line: back over continued lines */
    size_t line = at;
    for (;;) {
        while (line > 0 && t[line - 1] != '\n')
            line--;
        if (line >= 2 && t[line - 2] == '\\')
            line -= 2;
        else if (line >= 3 && t[line - 2] == '\r' && t[line - 3] == '\\')
            line -= 3;
        else
            break;
    }
    size_t p = skip_macro_blanks(t, n, line);
    if (p >= n || t[p] != '#')
        return false;
    p = skip_macro_blanks(t, n, p + 1);
    if (n - p < 6 || strncmp(t + p, "define", 6) != 0)
        return false;
    p = skip_macro_blanks(t, n, p + 6);
    size_t nb = p;
    while (p < n && ident_char(t[p]))
        p++;
    size_t len = p - nb;
    /* the invocation names this macro */
    if (len == 0 || inv + len > u->len || strncmp(u->text + inv, t + nb, len) != 0 ||
        ident_char(u->text[inv + len]))
        return false;
    const char *params[16], *inv_args[16];
    int np = 0;
    size_t e;
    if (p < n && t[p] == '(') {
        np = split_list(a, t, n, p, params, 16, &e);
        size_t q = inv + len;
        while (q < u->len && (u->text[q] == ' ' || u->text[q] == '\t' || u->text[q] == '\n'))
            q++;
        if (np < 0 || q >= u->len || u->text[q] != '(' ||
            split_list(a, u->text, u->len, q, inv_args, 16, &q) != np)
            return false;
        for (int i = 0; i < np; i++)
            if (!strcmp(params[i], "...") || strchr(params[i], ' '))
                return false;
        p = e;
    }
    if (skip_macro_blanks(t, n, p) != at)
        return false;
    /* the call: its name, then its argument list, then the definition's end */
    p = at;
    while (p < n && (ident_char(t[p]) || t[p] == ':'))
        p++;
    p = skip_macro_blanks(t, n, p);
    const char *call_args[8];
    int nc = p < n && t[p] == '(' ? split_list(a, t, n, p, call_args, 8, &e) : -1;
    if (nc < 0 || nc > max)
        return false;
    p = skip_macro_blanks(t, n, e);
    if (p < n && t[p] != '\n' && !(t[p] == '/' && p + 1 < n && t[p + 1] == '/'))
        return false;
    for (int i = 0; i < max; i++) {
        if (i < nc && strchr(call_args[i], '#'))
            return false;
        args[i] = i < nc ? substitute(a, call_args[i], params, inv_args, np) : NULL;
    }
    return true;
}

/* A warp function or reduction barrier spelled in a macro's body: 0 when it is not, 1 when
 * the macro written where the call is (`SHFL(v, o)`) is that macro and its body is the call,
 * whole (the invocation then stands for the call; args receive the call's arguments with
 * the invocation's substituted, NULL for those not written), -1 when thread loops cannot
 * copy it (refused to them: the fiber engine, whose calls stay as written, runs the kernel). */
static int site_in_macro(Fe *fe, CXCursor c, bool group, const char **args, int max) {
    Unit *u = fe->u;
    CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(c));
    CXFile ef, sf;
    unsigned eo, so;
    clang_getExpansionLocation(l, &ef, NULL, NULL, &eo);
    clang_getSpellingLocation(l, &sf, NULL, NULL, &so);
    if (clang_File_isEqual(ef, sf) && eo == so)
        return 0;
    if (group) {
        diag_refuse(u, cursor_loc(fe, c), "%s() written inside a macro is not supported yet", shown_name(c));
        return -1;
    }
    const char *t = NULL;
    size_t n = 0;
    if (clang_File_isEqual(sf, fe->main_file)) {
        t = u->text;
        n = u->len;
    } else if (sf) {
        t = clang_getFileContents(fe->tu, sf, &n);
    }
    if (!t || so >= n || !clang_File_isEqual(ef, fe->main_file) ||
        !macro_call_args(u, t, n, so, eo, args, max)) {
        diag_refuse(u, cursor_loc(fe, c), "%s() written inside a macro whose body is more than "
                   "this call (or a macro of a macro) is not supported yet", shown_name(c));
        return -1;
    }
    return 1;
}


/* The type of a site's value or result as the output can name it: a group's method's in
 * canonical form (its declared type is a template parameter of the method), unless that is
 * a parameter of the template holding the call, which keeps its name there. */
static const char *site_type(Arena *a, CXType t, bool canonical) {
    const char *plain = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(t)));
    if (!canonical)
        return plain;
    const char *c = fe_str(a, clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCanonicalType(t))));
    return strstr(c, "type-parameter-") ? plain : c;
}

/* A group's warp method or function (see GroupCall) as a site: the arguments of the warp
 * function it is (the mask of the tile's or coalesced group's lanes, the width of a tile),
 * and what turns that function's result into the method's. Returns the index of the call's
 * value argument; *write_arg becomes that of match_all's predicate. */
static int scan_group_site(KScan *ks, CXCursor c, GroupCall *g, Site *site, int *write_arg) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    int f = g->first_arg;
    const char *grp = clang_Cursor_isNull(g->group) ? NULL : cursor_line(fe, g->group);
    const char *a0 = written_arg(fe, c, (unsigned)f), *a1 = written_arg(fe, c, (unsigned)f + 1);
    site->width = g->width;
    site->coalesced = g->coalesced;
    if (g->any_group && grp) {
        site->args[0] = arena_printf(a, "(%s).__cu2c_sync_mask(threadIdx, blockDim)", grp);
        site->any_group = grp;
    }
    else if (g->coalesced && grp)
        site->args[0] = arena_printf(a, "(%s).__cu2c_mask", grp);
    else if (g->width < 0 && grp) {
        site->args[0] = arena_printf(a, "cooperative_groups::__cu2c_group_mask(%s, threadIdx, blockDim)", grp);
        site->args[3] = arena_printf(a, "cooperative_groups::__cu2c_group_width(%s)", grp);
    }
    else if (!g->coalesced)
        site->args[0] = arena_printf(a, "CU2C_CG_TILE_MASK(%d, threadIdx, blockDim)", g->width);
    site->args[1] = a0;
    switch (site->op) {
    case WARP_SHFL: case WARP_SHFL_UP: case WARP_SHFL_DOWN: case WARP_SHFL_XOR:
        if (g->coalesced && site->op == WARP_SHFL_XOR)
            diag_error(fe->u, site->loc, "coalesced_group has no shfl_xor (CUDA's neither)");
        if (g->coalesced) {
            /* ranks, not lanes: the source lane is found from the group's mask */
            site->args[2] = arena_printf(a, "cooperative_groups::__cu2c_coalesced_src((%s).__cu2c_mask, threadIdx, "
                                         "blockDim, (%s), %d)", grp, a1, (int)(site->op - WARP_SHFL));
            site->op = WARP_SHFL;
            site->args[3] = "32";
        } else {
            site->args[2] = a1;
            site->args[3] = arena_printf(a, "%d", g->width);
        }
        break;
    case WARP_MATCH_ANY:
        if (g->partition) {
            /* the lanes with the same label (predicate), as a coalesced group */
            if (g->partition == 'b') {
                site->args[1] = arena_printf(a, "(int)(bool)(%s)", a0);
                site->type = "int";
            }
            site->wrap_pre = "cooperative_groups::coalesced_group(";
            site->wrap_post = ")";
            site->result_type = "unsigned int";
            break;
        }
        site->wrap_pre = g->coalesced ? arena_printf(a, "cooperative_groups::__cu2c_pack_lanes((%s).__cu2c_mask, ", grp)
                                      : arena_printf(a, "CU2C_CG_TILE_BITS(%d, threadIdx, blockDim, ", g->width);
        site->wrap_post = ")";
        break;
    case WARP_MATCH_ALL:
        site->args[2] = arena_printf(a, "&(%s)", a1);
        *write_arg = f + 1;
        /* fall through */
    case WARP_BALLOT:
        site->wrap_pre = g->coalesced ? arena_printf(a, "cooperative_groups::__cu2c_pack_lanes((%s).__cu2c_mask, ", grp)
                                      : arena_printf(a, "CU2C_CG_TILE_BITS(%d, threadIdx, blockDim, ", g->width);
        site->wrap_post = ")";
        break;
    case CG_REDUCE:
    case CG_INCLUSIVE_SCAN:
    case CG_EXCLUSIVE_SCAN:
        site->args[2] = a1;     /* a scan's op: NULL for its default, cg::plus */
        break;
    case WARP_ACTIVEMASK:   /* coalesced_threads() */
        site->wrap_pre = "cooperative_groups::coalesced_group(";
        site->wrap_post = ")";
        site->result_type = "unsigned int";
        break;
    default:
        break;
    }
    return f;
}

/* wmma::mma_sync(d, a, b, c[, satf]) as a site: each lane gives its shares of A, B and C
 * packed (mma.h's __cu2c_mma_args), the warp's product comes back as the lane's share of D,
 * assigned to d where the call was. False after a located error. */
static bool scan_wmma_site(KScan *ks, CXCursor c, Site *site, int in_macro) {
    Fe *fe = ks->fe;
    Arena *a = fe->u->arena;
    int nargs = clang_Cursor_getNumArguments(c);
    const char *satf = nargs > 4 ? written_arg(fe, c, 4) : NULL;     /* NULL: defaulted */
    if (in_macro || !site->args[0] || !site->args[1] || !site->args[2] || !site->args[3]) {
        diag_error(fe->u, site->loc, "nvcuda::wmma::mma_sync() written inside a macro (or with an argument "
                   "that is) is not supported yet");
        return false;
    }
    const char *t[3];
    for (unsigned i = 0; i < 3; i++)
        t[i] = site_type(a, clang_getCursorType(clang_Cursor_getArgument(c, i + 1)), true);
    site->type = arena_printf(a, "::nvcuda::wmma::__cu2c_mma_args<%s, %s, %s >", t[0], t[1], t[2]);
    site->result_type = t[2];
    site->wrap_pre = arena_printf(a, "::nvcuda::wmma::__cu2c_mma_assign(%s, ", site->args[0]);
    site->wrap_post = ")";
    site->args[1] = arena_printf(a, "::nvcuda::wmma::__cu2c_mma_pack(%s, %s, %s%s%s)", site->args[1], site->args[2],
                                 site->args[3], satf ? ", " : "", satf ? satf : "");
    site->args[0] = "0xffffffffu";
    site->args[2] = site->args[3] = NULL;
    site->width = 32;
    return true;
}

/* A reduction barrier inside the statement being scanned: its predicate's facts go to a
 * statement of their own, the call's uniform result is all the holder sees. A warp
 * function likewise, but its result varies: the holder runs per thread. */
void scan_site(KScan *ks, CXCursor c, ReduceOp op) {
    Unit *u = ks->fe->u;
    Stmt *owner = ks->s;
    bool warp = op >= WARP_SHFL;
    int nargs = clang_Cursor_getNumArguments(c);
    GroupCall g;
    bool group = group_call(c, &g);
    const char *name = group ? g.shown : op == WMMA_MMA ? "nvcuda::wmma::mma_sync" : site_fn(op);
    /* what the fiber engine runs as written waits for it (diag_refuse) */
    void (*refuse)(Unit *, SrcLoc, const char *, ...) = fiber_callable(c) ? diag_refuse : diag_error;
    if (ks->lambda_depth > 0 || (!warp && nargs != 1)) {
        refuse(u, cursor_loc(ks->fe, c), "this use of a reduction barrier is not supported yet");
        return;
    }
    if (warp && (owner->kind == ST_REDUCE || ks->cond_depth > 0)) {
        refuse(u, cursor_loc(ks->fe, c), "%s() inside %s is not supported yet (assign its result to a "
                   "local first)", name, owner->kind == ST_REDUCE ? "another warp function's "
                   "argument" : "a part of an expression evaluated for some threads only (a branch of ?:, the "
                   "right operand of && or ||)");
        return;
    }
    Site *site = arena_alloc(u->arena, sizeof *site);
    site->op = op;
    site->name = arena_strdup(u->arena, name);
    site->loc = cursor_loc(ks->fe, c);
    cursor_range(c, &site->call_begin, &site->call_end);
    int value_arg = 1, write_arg = op == WARP_MATCH_ALL && nargs == 3 ? 2 : -1;
    const char *macro_args[4];
    int in_macro = site_in_macro(ks->fe, c, group, macro_args, nargs < 4 ? nargs : 4);
    if (in_macro < 0)
        return;
    if (!warp)
        site->pred_text = in_macro ? macro_args[0] : cursor_line(ks->fe, clang_Cursor_getArgument(c, 0));
    if (group)
        value_arg = scan_group_site(ks, c, &g, site, &write_arg);
    else
        for (int i = 0; warp && i < nargs && i < 4; i++)
            site->args[i] = in_macro ? macro_args[i] : written_arg(ks->fe, c, (unsigned)i);
    if (op == WMMA_MMA) {
        if (!scan_wmma_site(ks, c, site, in_macro))
            return;
        write_arg = 0;      /* d: written where the result is used */
    }
    if (warp && nargs > value_arg && op != WARP_ACTIVEMASK) {
        site->pred_text = site->args[1];
        CXCursor value = clang_Cursor_getArgument(c, (unsigned)value_arg);
        if (!site->type)
            site->type = site_type(u->arena, clang_getCursorType(value), group);
        if (strstr(site->type, "dependent type") || strcmp(site->type, "auto") == 0) {
            /* a kernel template's value of a type it spells through its locals (`sum.x`,
             * sum a T; an auto local's): deduced in each specialisation */
            const char *deduced = in_macro ? NULL : expression_type(ks->fe, ks->k, value);
            if (deduced)
                site->type = deduced;
        }
    }
    if (warp && !site->result_type) {
        CXType rt = clang_getCursorType(c);
        if (rt.kind == CXType_Dependent)    /* in a template: as the function is declared */
            site->result_type = op == WARP_ANY || op == WARP_ALL ? "int"
                              : op == WARP_BALLOT || op == WARP_MATCH_ANY || op == WARP_MATCH_ALL ||
                                op == WARP_ACTIVEMASK ? "unsigned int" : site->type;
        else
            site->result_type = site_type(u->arena, rt, group);
    }
    site->owner = owner;
    site->id = ks->k->sites.len;
    Stmt *pred = new_fact_stmt(ks->fe, ST_REDUCE, site->loc, owner->parent);
    site->pred = pred;
    owner->has_site = true;
    if (warp)
        owner->side_effects = true;     /* each thread gets its own result */
    vec_push(u->arena, &ks->k->sites, site);
    ks->s = pred;
    if (write_arg >= 0) {
        /* the predicate is written where the result is used */
        for (unsigned i = 0; i < (unsigned)nargs; i++) {
            CXCursor a = clang_Cursor_getArgument(c, i);
            ks->s = (int)i != write_arg ? pred : owner;
            if (kscan_visit(a, c, ks) == CXChildVisit_Recurse)
                clang_visitChildren(a, kscan_visit, ks);
        }
        ks->s = pred;
        if (group && !clang_Cursor_isNull(g.group) && kscan_visit(g.group, c, ks) == CXChildVisit_Recurse)
            clang_visitChildren(g.group, kscan_visit, ks);
    } else {
        clang_visitChildren(c, kscan_visit, ks);
    }
    ks->s = owner;
    /* mma_sync's d: the holder assigns it the result */
    Var *d = op == WMMA_MMA ? lvalue_root(ks, clang_Cursor_getArgument(c, 0)) : NULL;
    if (d && !d->is_shared && !vec_contains(&owner->writes, d)) {
        d->other_writes = true;
        vec_push(u->arena, &owner->writes, d);
    }
    /* a coalesced group's ballot packs the result by the group's mask where it is used */
    if (group && g.coalesced && site->wrap_pre && !clang_Cursor_isNull(g.group) &&
        kscan_visit(g.group, c, ks) == CXChildVisit_Recurse)
        clang_visitChildren(g.group, kscan_visit, ks);
}
