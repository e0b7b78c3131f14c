/* cuda_arch_dispatch.c - device copies (cuda_arch.c) reached from calls in templates whose
 * callee the template's parameters decide: `x.get()` and `p->get()` on an object of
 * dependent type, `side(x)` found by argument-dependent lookup. Which function such a call
 * means is known per instantiation only, so device code calls a dispatch function made for
 * the call, a template of two overloads: the first calls NAME__cu2c_device, the device copy,
 * where the call with these arguments names one; the second (less preferred: `long` against
 * `int` for its first argument 0) the function itself:
 *     template <class O, class... A> __device__ auto __cu2c_dispatch3(int, O &&o, A &&...a)
 *         -> decltype(((O &&)o).get__cu2c_device((A &&)a...)) { return ...; }
 *     template <class O, class... A> __device__ auto __cu2c_dispatch3(long, O &&o, A &&...a)
 *         -> decltype(((O &&)o).get((A &&)a...)) { return ...; }
 * and `x.get(1)` in device code becomes `__cu2c_dispatch3(0, x, 1)` (`p->get()`:
 * `__cu2c_dispatch3(0, *(p))`; `get()` on the implicit this of a class template:
 * `__cu2c_dispatch3(0, *(this))`). So that the copy is chosen exactly where the function is,
 * every function of a copied function's name that such a call names is copied too (a copy
 * of a function that does not use __CUDA_ARCH__ is the function again): the copies' overload
 * set is the functions'. Each dispatch function is written before the outermost declaration
 * holding its call, on that line (no line moves). */
#include "cuda_arch.h"

#include <string.h>

#define DISPATCH_PARAMS "__cu2c_A"

static unsigned ident_end(const char *t, unsigned len, unsigned p) {
    while (p < len && ident_char(t[p]))
        p++;
    return p;
}

/* Is [begin, end) of the call spelled in the main text as written, not by a macro? */
static bool spelled_in_text(Fe *fe, CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXSourceLocation ends[2] = {clang_getRangeStart(r), clang_getRangeEnd(r)};
    for (int i = 0; i < 2; i++) {
        CXFile f, ef;
        unsigned off, eoff;
        clang_getSpellingLocation(ends[i], &f, NULL, NULL, &off);
        clang_getExpansionLocation(ends[i], &ef, NULL, NULL, &eoff);
        if (!f || !ef || !clang_File_isEqual(f, fe->main_file) || !clang_File_isEqual(ef, f) || off != eoff)
            return false;
    }
    return true;
}

/* A member call on an object of dependent type: its object, operator and name, read from the
 * text after the object. A call on the implicit `this` (`get()` in a class template, its name
 * meaning overloads) is read as `this->get()`: the name, at the callee's location. */
static bool read_member_call(Fe *fe, DepCall *dc, CXCursor callee) {
    const char *t = fe->u->text;
    unsigned len = (unsigned)fe->u->len;
    CXCursor base = first_child(callee);
    if (clang_Cursor_isNull(base) || clang_getCursorKind(base) == CXCursor_OverloadedDeclRef) {
        CXCursor named = clang_getCursorReferenced(callee);
        CXString n = clang_getCursorSpelling(clang_Cursor_isNull(named) ? base : named);
        dc->name = arena_strdup(fe->u->arena, clang_getCString(n));
        clang_disposeString(n);
        dc->implicit_this = dc->arrow = true;
        dc->name_off = dc->base_begin = dc->op_off = spelled_at(fe, clang_getCursorLocation(callee), dc->name);
        return *dc->name && dc->name_off;
    }
    unsigned b, e;
    cursor_range(base, &b, &e);
    dc->base_begin = b;
    unsigned p = skip_blanks(fe->u, e);
    dc->op_off = p;
    if (p < len && t[p] == '.')
        p++;
    else if (p + 1 < len && t[p] == '-' && t[p + 1] == '>')
        p += 2, dc->arrow = true;
    else
        return false;
    p = skip_blanks(fe->u, p);
    if (ident_end(t, len, p) == p + 8 && strncmp(t + p, "template", 8) == 0)
        p = skip_blanks(fe->u, p + 8);
    unsigned n = ident_end(t, len, p);
    if (n == p)
        return false;
    dc->name = arena_strndup(fe->u->arena, t + p, n - p);
    dc->name_off = p;
    return true;
}

DepCall *note_dependent_call(Fe *fe, Decl *dl, CXCursor call, CXCursor callee) {
    enum CXCursorKind k = clang_getCursorKind(callee);
    CXCursor named = clang_getCursorReferenced(callee);
    bool member = k == CXCursor_MemberRefExpr &&
                  (clang_Cursor_isNull(named) || clang_getCursorKind(named) == CXCursor_OverloadedDeclRef);
    bool free_call = k == CXCursor_DeclRefExpr && clang_getCursorKind(named) == CXCursor_OverloadedDeclRef;
    if (!member && !free_call)
        return NULL;
    Unit *u = fe->u;
    DepCall *dc = arena_alloc(u->arena, sizeof *dc);
    dc->member = member;
    dc->loc = cursor_loc(fe, call);
    dc->nargs = clang_Cursor_getNumArguments(call);
    unsigned call_end;
    cursor_range(call, &dc->call_off, &call_end);
    dc->in_text = spelled_in_text(fe, call) && dc->nargs >= 0;
    if (member) {   /* a name not read (a macro's text) may mean any member */
        dc->in_text = read_member_call(fe, dc, callee) && dc->in_text;
    } else {
        CXString n = clang_getCursorSpelling(named);
        dc->name = arena_strdup(u->arena, clang_getCString(n));
        clang_disposeString(n);
        dc->name_off = spelled_at(fe, clang_getCursorLocation(callee), dc->name);
        dc->in_text = dc->in_text && dc->name_off;
        if (dc->name_off) {     /* ns::f(x), ::f(x): no argument-dependent lookup */
            unsigned p = dc->name_off;
            while (p > 0 && (u->text[p - 1] == ' ' || u->text[p - 1] == '\t'))
                p--;
            dc->qualified = p >= 2 && u->text[p - 1] == ':' && u->text[p - 2] == ':';
        }
    }
    if (dc->in_text) {
        unsigned b, e;
        cursor_range(callee, &b, &e);
        unsigned after = skip_blanks(u, dc->name_off + (unsigned)strlen(dc->name));
        dc->template_args = after < u->len && u->text[after] == '<';
        dc->lparen = skip_blanks(u, e);
        dc->in_text = dc->lparen < u->len && u->text[dc->lparen] == '(';
    }
    vec_push(u->arena, &dl->dep_calls, dc);
    return dc;
}

/* (A member call whose name cu2c could not read, a macro's text, may mean any member.) */
bool dependent_call_may_mean(DepCall *dc, Decl *d) {
    return d->name && d->member == dc->member && (!dc->name || strcmp(d->name, dc->name) == 0);
}

/* Is d a copied function the call dc may mean? */
static bool copied_callee(DepCall *dc, Decl *d) {
    return d->copied && dependent_call_may_mean(dc, d);
}

/* Is d's code device code, or code of a function both sides call? */
static bool reaches_device(Decl *d) {
    return d->device_only || (d->host_device && (d->sides & SIDE_DEVICE));
}

/* Functions of dc's name in the scope (class or namespace) of a copied one that device code
 * may call, copied: the copies' overload set is the functions'. True if it copied one. */
static bool copy_overloads(ArchScan *as, DepCall *dc) {
    bool more = false;
    for (int i = 0; i < as->decls.len; i++) {
        Decl *c = as->decls.items[i];
        for (int m = 0; copied_callee(dc, c) && m < as->decls.len; m++) {
            Decl *f = as->decls.items[m];
            if (!f->copied && f->body_first && (f->device_only || f->host_device) && dependent_call_may_mean(dc, f) &&
                strcmp(f->scope_usr, c->scope_usr) == 0)
                f->copied = more = true;
        }
    }
    return more;
}

bool copy_dependent_callees(ArchScan *as) {
    bool more = false;
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        for (int j = 0; reaches_device(d) && j < d->dep_calls.len; j++) {
            DepCall *dc = d->dep_calls.items[j];
            bool named = false;
            for (int m = 0; m < as->decls.len && !named; m++)
                named = copied_callee(dc, as->decls.items[m]);
            if (!named)
                continue;
            dc->dispatched = !dc->qualified;
            if (!d->copied && d->host_device && d->body_first && d->sides == (SIDE_HOST | SIDE_DEVICE))
                d->copied = more = true;    /* its device copy calls the copies */
            if (dc->name)   /* (one not read is refused: dispatch_edits) */
                more |= copy_overloads(as, dc);
        }
    }
    return more;
}

/* The outermost declaration holding offset off: where a dispatch function goes. */
static Decl *outermost_at(ArchScan *as, unsigned off) {
    Decl *best = NULL;
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        if (d->begin <= off && off < d->end && (!best || d->begin < best->begin))
            best = d;
    }
    return best;
}

/* The two overloads of dc's dispatch function, on one line. */
static char *dispatch_definition(Arena *a, DepCall *dc) {
    const char *fwd = "static_cast<" DISPATCH_PARAMS " &&>(__cu2c_a)...";
    Buf b = {0};
    for (int copy = 1; copy >= 0; copy--) {
        const char *suffix = copy ? DEVICE_COPY_SUFFIX : "";
        if (dc->member) {
            buf_printf(&b, "template <class __cu2c_O, class... " DISPATCH_PARAMS "> __device__ auto " DISPATCH_PREFIX
                       "%d(%s, __cu2c_O &&__cu2c_o, " DISPATCH_PARAMS " &&...__cu2c_a) -> decltype(static_cast<__cu2c_O "
                       "&&>(__cu2c_o).%s%s(%s)) { return static_cast<__cu2c_O &&>(__cu2c_o).%s%s(%s); } ",
                       dc->id, copy ? "int" : "long", dc->name, suffix, fwd, dc->name, suffix, fwd);
        } else {
            buf_printf(&b, "template <class... " DISPATCH_PARAMS "> __device__ auto " DISPATCH_PREFIX "%d(%s, "
                       DISPATCH_PARAMS " &&...__cu2c_a) -> decltype(%s%s(%s)) { return %s%s(%s); } ",
                       dc->id, copy ? "int" : "long", dc->name, suffix, fwd, dc->name, suffix, fwd);
        }
    }
    char *t = arena_strdup(a, b.data);
    buf_free(&b);
    return t;
}

static void push_edit(Arena *a, PtrVec *edits, unsigned begin, unsigned end, char *text) {
    TextEdit *e = arena_alloc(a, sizeof *e);
    *e = (TextEdit){begin, end, text};
    vec_push(a, edits, e);
}

void dispatch_edits(ArchScan *as, Decl *d, unsigned b, unsigned e, PtrVec *edits, PtrVec *defs) {
    Fe *fe = as->fe;
    Unit *u = fe->u;
    for (int i = 0; i < d->dep_calls.len; i++) {
        DepCall *dc = d->dep_calls.items[i];
        if (!dc->dispatched || dc->call_off < b || dc->call_off >= e)
            continue;
        if (!dc->in_text || dc->template_args) {
            if (!dc->id)
                diag_error(u, dc->loc, "call in a template of %s cu2c makes device copies of (they use "
                           "__CUDA_ARCH__ or clock() and both sides call them), %s: not supported (cu2c chooses the "
                           "device copy at instantiation through a function it writes for the call)",
                           dc->name ? arena_printf(u->arena, "`%s`, a name of functions", dc->name)
                                    : "a member function a macro names, which may mean functions",
                           dc->in_text ? "with explicit template arguments" : "written by a macro");
            dc->id = -1;
            continue;
        }
        if (!dc->id) {
            dc->id = ++fe->arch_dispatches;
            Decl *outer = outermost_at(as, dc->name_off);
            push_edit(u->arena, defs, outer ? outer->begin : d->begin, outer ? outer->begin : d->begin,
                      dispatch_definition(u->arena, dc));
        }
        const char *comma = dc->nargs ? ", " : "";
        if (dc->member) {
            push_edit(u->arena, edits, dc->base_begin, dc->base_begin,
                      arena_printf(u->arena, DISPATCH_PREFIX "%d(0, %s%s", dc->id, dc->arrow ? "*(" : "",
                                   dc->implicit_this ? "this" : ""));
            push_edit(u->arena, edits, dc->op_off, dc->lparen + 1, arena_printf(u->arena, "%s%s", dc->arrow ? ")" : "", comma));
        } else {
            push_edit(u->arena, edits, dc->name_off, dc->lparen + 1, arena_printf(u->arena, DISPATCH_PREFIX "%d(0%s", dc->id, comma));
        }
    }
}
