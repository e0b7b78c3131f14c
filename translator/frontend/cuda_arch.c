/* cuda_arch.c - __CUDA_ARCH__, as nvcc's two passes see it: device code takes the device
 * branch, host code the host branch. cu2c compiles one text for both, so it chooses per place:
 * - inside the body of a device-only function (a kernel, a __device__ function without
 *   __host__), every __CUDA_ARCH__ is the device's: cu2c reports compute capability 8.0;
 * - a conditional at file scope whose branches hold device-only declarations and nothing else
 *   (no host functions, no #define/#undef/#include: those would change the host's view too)
 *   takes the device branch as well, so device functions defined only for the GPU exist;
 * - in a __host__ __device__ function, the side it is called from: the device's when only
 *   device code calls it (directly or through other such functions), the host's when only host
 *   code does; called from both, it gets a device copy that device code calls (device_copies);
 * - anywhere else (host functions, macros) it stays undefined: the host branch, as in nvcc's
 *   host pass.
 * The choice is made on the parse of the host view: each __CUDA_ARCH__ taken as the device's
 * is renamed __CU2C_ARCH__, a name of the same length (edits keep their offsets), defined in
 * cu2c/defs.h; the text is then parsed again.
 * clock() is chosen the same way: in device code (the same bodies as above) it is the GPU's
 * cycle counter, elsewhere libc's process time. Calls of libc's clock in device bodies are
 * renamed __clk (cu2c/device.h), also five letters; a __host__ __device__ function calling
 * it from both sides gets a device copy; a clock written in a macro defined outside the body
 * is refused (renaming the macro would change the host's uses too). */
#include "cuda_arch.h"

#include <stdlib.h>
#include <string.h>

#define ARCH_NAME "__CUDA_ARCH__"
#define DEVICE_ARCH_NAME "__CU2C_ARCH__"
#define CLOCK_NAME "clock"
#define DEVICE_CLOCK_NAME "__clk"   /* as long as CLOCK_NAME */

static unsigned line_at(Fe *fe, CXSourceLocation l) {
    CXFile f;
    unsigned line;
    clang_getExpansionLocation(l, &f, &line, NULL, NULL);
    return f && clang_File_isEqual(f, fe->main_file) ? line : 0;
}

static bool device_only(CXCursor c) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_VarDecl)
        return has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDASharedAttr) ||
               has_attr(c, CXCursor_CUDAConstantAttr);
    return (has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr)) &&
           !has_attr(c, CXCursor_CUDAHostAttr);
}

/* A reference to libc's clock() (not a user's function of that name). */
static bool is_libc_clock(CXCursor ref) {
    CXCursor fn = clang_getCursorReferenced(ref);
    if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || is_user_fn(fn))
        return false;
    CXString n = clang_getCursorSpelling(fn);
    bool clock = strcmp(clang_getCString(n), CLOCK_NAME) == 0;
    clang_disposeString(n);
    return clock;
}

/* A use of libc's clock in dl's body: where its name is spelled, if that is in the body. */
static void note_clock(Fe *fe, Decl *dl, CXCursor ref) {
    if (!dl->clock_use)
        dl->clock_at = cursor_loc(fe, ref);
    dl->clock_use = true;
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(clang_getCursorLocation(ref), &f, NULL, NULL, &off);
    size_t len = strlen(CLOCK_NAME);
    Unit *u = fe->u;
    if (!f || !clang_File_isEqual(f, fe->main_file) || off < dl->body_begin || off + len > dl->body_end ||
        strncmp(u->text + off, CLOCK_NAME, len) != 0 || ident_char(u->text[off + len])) {
        if (!dl->clock_in_macro)
            dl->clock_at = cursor_loc(fe, ref);
        dl->clock_in_macro = true;
        return;
    }
    unsigned *at = arena_alloc(u->arena, sizeof *at);
    *at = off;
    vec_push(u->arena, &dl->clocks, at);
}

/* Where `name` is spelled in the main text at l, not by a macro: its offset, or 0. */
unsigned spelled_at(Fe *fe, CXSourceLocation l, const char *name) {
    CXFile f, ef;
    unsigned off, eoff;
    clang_getSpellingLocation(l, &f, NULL, NULL, &off);
    clang_getExpansionLocation(l, &ef, NULL, NULL, &eoff);
    size_t len = strlen(name);
    Unit *u = fe->u;
    if (!f || !ef || !clang_File_isEqual(f, fe->main_file) || !clang_File_isEqual(ef, f) || eoff != off || !len ||
        off == 0 || off + len > u->len ||
        strncmp(u->text + off, name, len) != 0 || ident_char(u->text[off + len]) || ident_char(u->text[off - 1]))
        return 0;
    return off;
}

/* A call of the user's function fn in dl's body: where the callee's name is spelled (the
 * callee expression's name: `f(x)`, `ns::f<T>(x)`, `obj.f(x)`). */
static void note_callsite(Fe *fe, Decl *dl, CXCursor call, CXCursor fn, const char *usr) {
    CallSite *cs = arena_alloc(fe->u->arena, sizeof *cs);
    cs->usr = usr;
    cs->loc = cursor_loc(fe, call);
    CXCursor callee = strip_implicit(first_child(call));
    enum CXCursorKind k = clang_getCursorKind(callee);
    CXString n = clang_getCursorSpelling(fn);
    const char *name = clang_getCString(n);
    if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && strncmp(name, "operator", 8) != 0) {
        cs->off = spelled_at(fe, clang_getCursorLocation(callee), name);
        cs->len = cs->off ? (unsigned)strlen(name) : 0;
    }
    clang_disposeString(n);
    vec_push(fe->u->arena, &dl->callsites, cs);
}

static enum CXChildVisitResult calls_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    void **ctx = d;
    Fe *fe = ctx[0];
    Decl *dl = ctx[1];
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && is_libc_clock(c))
        note_clock(fe, dl, c);
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        CXCursor fn = clang_getCursorReferenced(c);
        if (!clang_Cursor_isNull(fn) && is_user_fn(fn)) {
            const char *usr = fe_str(fe->u->arena, fn_usr(fn));
            vec_push(fe->u->arena, &dl->calls, (void *)usr);
            note_callsite(fe, dl, c, fn, usr);
        }
        /* a call in a template whose callee depends on its parameters (`scaled(x)`, x of
         * type T): it may call each function of that name found where it is written */
        CXCursor callee = strip_implicit(first_child(c));
        DepCall *dep = clang_Cursor_isNull(fn) ? note_dependent_call(fe, dl, c, callee) : NULL;
        CXCursor named = clang_Cursor_isNull(fn) && clang_getCursorKind(callee) == CXCursor_DeclRefExpr
                             ? clang_getCursorReferenced(callee) : clang_getNullCursor();
        bool overloaded = clang_getCursorKind(named) == CXCursor_OverloadedDeclRef;
        unsigned ncand = overloaded ? clang_getNumOverloadedDecls(named) : !clang_Cursor_isNull(named);
        for (unsigned i = 0; i < ncand; i++) {
            CXCursor cand = overloaded ? clang_getOverloadedDecl(named, i) : named;
            if (!is_user_fn(cand))
                continue;
            const char *usr = fe_str(fe->u->arena, fn_usr(cand));
            vec_push(fe->u->arena, &dl->calls, (void *)usr);
            CallSite *cs = arena_alloc(fe->u->arena, sizeof *cs);
            CXString n = clang_getCursorSpelling(cand);
            cs->usr = usr;
            cs->loc = cursor_loc(fe, c);
            cs->off = spelled_at(fe, clang_getCursorLocation(callee), clang_getCString(n));
            cs->len = cs->off ? (unsigned)strlen(clang_getCString(n)) : 0;
            cs->candidates = ncand;
            cs->dep = dep;
            clang_disposeString(n);
            vec_push(fe->u->arena, &dl->callsites, cs);
        }
    }
    return CXChildVisit_Recurse;
}

static enum CXChildVisitResult arch_decl_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    ArchScan *as = d;
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
        return CXChildVisit_Recurse;
    CXSourceRange r = clang_getCursorExtent(c);
    unsigned first = line_at(as->fe, clang_getRangeStart(r)), last = line_at(as->fe, clang_getRangeEnd(r));
    if (!first || !last)
        return CXChildVisit_Continue;
    Decl *dl = arena_alloc(as->fe->u->arena, sizeof *dl);
    dl->first = first;
    dl->last = last;
    cursor_range(c, &dl->begin, &dl->end);
    dl->device_only = device_only(c);
    dl->host_device = has_attr(c, CXCursor_CUDAHostAttr) && has_attr(c, CXCursor_CUDADeviceAttr);
    dl->loc = cursor_loc(as->fe, c);
    bool fn = k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
              k == CXCursor_Constructor || k == CXCursor_Destructor;
    CXCursor body = clang_getNullCursor();
    if (fn && clang_isCursorDefinition(c))
        clang_visitChildren(c, find_body, &body);
    if (fn) {
        dl->usr = fe_str(as->fe->u->arena, fn_usr(c));
        CXString n = clang_getCursorSpelling(c);
        dl->name = arena_strdup(as->fe->u->arena, clang_getCString(n));
        clang_disposeString(n);
        dl->name_off = spelled_at(as->fe, clang_getCursorLocation(c), dl->name);
        CXCursor scope = clang_getCursorSemanticParent(c);
        enum CXCursorKind pk = clang_getCursorKind(scope);
        dl->scope_usr = fe_str(as->fe->u->arena, clang_getCursorUSR(scope));
        dl->member = k == CXCursor_CXXMethod || pk == CXCursor_ClassDecl || pk == CXCursor_StructDecl ||
                     pk == CXCursor_UnionDecl || pk == CXCursor_ClassTemplate ||
                     pk == CXCursor_ClassTemplatePartialSpecialization;
        /* (a member function defined outside its class: its declaration in the class is
         * copied too, as other declarations are) */
        dl->copyable = (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod) &&
                       dl->name_off && strncmp(dl->name, "operator", 8) != 0;
    }
    /* a dispatch function cu2c wrote (cuda_arch_dispatch.c): its calls are the device's copies */
    bool dispatch = dl->name && strncmp(dl->name, DISPATCH_PREFIX, strlen(DISPATCH_PREFIX)) == 0;
    if (!clang_Cursor_isNull(body) && !dispatch) {
        CXSourceRange br = clang_getCursorExtent(body);
        dl->body_first = line_at(as->fe, clang_getRangeStart(br));
        dl->body_last = line_at(as->fe, clang_getRangeEnd(br));
        cursor_range(body, &dl->body_begin, &dl->body_end);
        void *ctx[2] = {as->fe, dl};
        clang_visitChildren(body, calls_visit, ctx);
    }
    vec_push(as->fe->u->arena, &as->decls, dl);
    /* member functions of classes: their bodies too */
    if (k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate)
        clang_visitChildren(c, arch_decl_visit, as);
    return CXChildVisit_Continue;
}

/* The main text by lines: where each starts, and what kind of directive it is. */
typedef enum LineKind {
    LN_CODE,                /* not a directive */
    LN_IF,                  /* #if, #ifdef, #ifndef: opens a conditional */
    LN_ELSE,                /* #elif..., #else: a further branch */
    LN_ENDIF,
    LN_DEFINES,             /* #define, #undef, #include: changes what the host sees */
    LN_OTHER,               /* another directive */
} LineKind;

static LineKind line_kind(const char *p, const char *end) {
    p = directive_name(p, end);
    if (!p)
        return LN_CODE;
    static const struct { const char *word; LineKind kind; } words[] = {
        {"ifdef", LN_IF}, {"ifndef", LN_IF}, {"if", LN_IF}, {"elif", LN_ELSE}, {"else", LN_ELSE},
        {"endif", LN_ENDIF}, {"define", LN_DEFINES}, {"undef", LN_DEFINES}, {"include", LN_DEFINES},
        {"import", LN_DEFINES},
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i].word);
        if ((size_t)(end - p) >= n && strncmp(p, words[i].word, n) == 0)
            return words[i].kind;
    }
    return LN_OTHER;
}

/* Renames each __CUDA_ARCH__ on a line; the number renamed. */
static int rename_on_line(char *p, char *end) {
    int n = 0;
    size_t len = strlen(ARCH_NAME);
    for (char *q = p; q + len <= end; q++) {
        if (strncmp(q, ARCH_NAME, len) != 0)
            continue;
        if ((q == p || !ident_char(q[-1])) && (q + len == end || !ident_char(q[len]))) {
            memcpy(q, DEVICE_ARCH_NAME, len);
            n++;
        }
    }
    return n;
}

/* A conditional at file scope, by lines: may it take the device's branch? */
static bool device_conditional(ArchScan *as, LineKind *kinds, unsigned first, unsigned last) {
    for (unsigned l = first; l <= last; l++)
        if (kinds[l] == LN_DEFINES)
            return false;
    /* an empty host branch too: the device's may hold anything device-only */
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        if (d->first > first && d->first < last && !d->device_only)
            return false;
    }
    return true;
}

/* The #if/#elif/#else lines of the group first..last itself, not of groups nested in it, into
 * lines; how many. */
static int own_conditions(const LineKind *kinds, unsigned first, unsigned last, unsigned *lines) {
    int n = 0, nest = 0;
    for (unsigned m = first; m < last; m++) {
        if (kinds[m] == LN_IF && m > first)
            nest++;
        else if (kinds[m] == LN_ENDIF)
            nest--;
        else if (nest == 0 && (kinds[m] == LN_IF || kinds[m] == LN_ELSE))
            lines[n++] = m;
    }
    return n;
}

/* Who calls each __host__ __device__ function: device-only functions are the device side,
 * other functions the host's, __host__ __device__ ones pass on their own callers' sides. */
static void call_sides(ArchScan *as) {
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < as->decls.len; i++) {
            Decl *caller = as->decls.items[i];
            unsigned side = caller->device_only ? SIDE_DEVICE : caller->host_device ? caller->sides : SIDE_HOST;
            for (int j = 0; side && j < caller->calls.len; j++)
                for (int m = 0; m < as->decls.len; m++) {
                    Decl *callee = as->decls.items[m];
                    if (callee->host_device && callee->usr && strcmp(callee->usr, caller->calls.items[j]) == 0 &&
                        (callee->sides | side) != callee->sides) {
                        callee->sides |= side;
                        changed = true;
                    }
                }
            /* a call its template's parameters decide: each function of its name */
            for (int j = 0; side && j < caller->dep_calls.len; j++)
                for (int m = 0; m < as->decls.len; m++) {
                    Decl *callee = as->decls.items[m];
                    if (callee->host_device && dependent_call_may_mean(caller->dep_calls.items[j], callee) &&
                        (callee->sides | side) != callee->sides) {
                        callee->sides |= side;
                        changed = true;
                    }
                }
        }
    }
}

static bool line_mentions_arch(char **start, unsigned l) {
    return memmem(start[l], (size_t)(start[l + 1] - start[l]), ARCH_NAME, strlen(ARCH_NAME)) != NULL;
}

static bool mentions_arch(Decl *d, char **start, unsigned nlines) {
    for (unsigned l = d->body_first; d->body_first && l <= d->body_last && l <= nlines; l++)
        if (line_mentions_arch(start, l))
            return true;
    return false;
}

/* Does the text name clock followed by a parenthesis (a call)? A cheap test before the scan. */
static bool mentions_clock_call(const char *text) {
    size_t len = strlen(CLOCK_NAME);
    for (const char *p = strstr(text, CLOCK_NAME); p; p = strstr(p + 1, CLOCK_NAME)) {
        const char *q = p + len;
        while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
            q++;
        if ((p == text || !ident_char(p[-1])) && *q == '(')
            return true;
    }
    return false;
}

/* The uses of libc's clock in device code renamed DEVICE_CLOCK_NAME in text; how many. */
static int rename_clocks(Fe *fe, ArchScan *as, char *text) {
    int n = 0;
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        if (!d->clock_use)
            continue;
        bool device = d->device_only || (d->host_device && d->sides == SIDE_DEVICE);
        if (d->host_device && d->sides == (SIDE_HOST | SIDE_DEVICE))
            continue;   /* its device copy calls the cycle counter (device_copies) */
        if (!device)
            continue;
        if (d->clock_in_macro) {
            diag_error(fe->u, d->clock_at, "clock() in device code written in a macro defined outside the "
                       "function: not supported (cu2c renames device code's clock to the cycle counter "
                       "where it is written; call clock() in the function itself)");
            continue;
        }
        for (int j = 0; j < d->clocks.len; j++) {
            unsigned off = *(unsigned *)d->clocks.items[j];
            memcpy(text + off, DEVICE_CLOCK_NAME, strlen(DEVICE_CLOCK_NAME));
            n++;
        }
    }
    return n;
}

/* A __host__ __device__ function reading __CUDA_ARCH__ or calling clock() that both sides
 * call gets a device copy: its text again after it, named NAME__cu2c_device, with the
 * device's __CUDA_ARCH__ and clock, its own calls of such functions made to their copies;
 * device code calls the copy, host code the original (nvcc's two passes compile both
 * views). So do the __host__ __device__ functions both sides call that call such a
 * function, and the declarations before the definition. Each copy is placed between #line
 * directives naming the original's lines. */
bool is_copied(ArchScan *as, const char *usr) {
    for (int i = 0; usr && i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        if (d->copied && d->usr && strcmp(d->usr, usr) == 0)
            return true;
    }
    return false;
}

/* Are d's lines its own: no other declaration on them but those around it, nothing before or
 * after it on its first and last lines but blanks? */
static bool lines_alone(ArchScan *as, Decl *d, char **start, unsigned nlines, const char *text) {
    if (d->last >= nlines)
        return false;
    for (const char *p = start[d->first]; p < text + d->begin; p++)
        if (*p != ' ' && *p != '\t')
            return false;
    for (const char *p = text + d->end; p < start[d->last + 1]; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != ';')
            return false;
    for (int i = 0; i < as->decls.len; i++) {
        Decl *e = as->decls.items[i];
        bool around = e->begin <= d->begin && e->end >= d->end && e != d;
        if (e != d && !around && e->first <= d->last && e->last >= d->first)
            return false;
    }
    return true;
}

/* Which functions get a device copy (Decl.copied); false after an error. */
static bool choose_copies(Fe *fe, ArchScan *as, char **start, unsigned nlines, const char *text) {
    bool ok = true;
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        d->copied = d->host_device && d->body_first && d->sides == (SIDE_HOST | SIDE_DEVICE) &&
                    (mentions_arch(d, start, nlines) || d->clock_use);
    }
    for (bool changed = true; changed;) {   /* and those both sides call that call one */
        changed = false;
        for (int i = 0; i < as->decls.len; i++) {
            Decl *d = as->decls.items[i];
            for (int j = 0; !d->copied && d->host_device && d->body_first && d->sides == (SIDE_HOST | SIDE_DEVICE) &&
                            j < d->callsites.len; j++)
                if (is_copied(as, ((CallSite *)d->callsites.items[j])->usr))
                    d->copied = changed = true;
        }
        changed |= copy_dependent_callees(as);
    }
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        if (!d->copied)
            continue;
        if (!d->copyable || !lines_alone(as, d, start, nlines, text) || d->clock_in_macro) {
            diag_error(fe->u, d->loc, "__host__ __device__ function using __CUDA_ARCH__ or clock() (or calling "
                       "one that does) called from both host and device code: not supported %s (cu2c compiles "
                       "a device copy of a function or of a member function, on lines of its own)", !d->copyable ?
                       "for an operator, constructor or destructor" : d->clock_in_macro ? "with clock() written in a macro" :
                       "where other declarations share its lines");
            d->copied = false;
            ok = false;
            continue;
        }
        for (int j = 0; j < as->decls.len; j++) {   /* its other declarations: copied too */
            Decl *p = as->decls.items[j];
            if (p != d && !p->body_first && p->usr && strcmp(p->usr, d->usr) == 0 &&
                !lines_alone(as, p, start, nlines, text)) {
                diag_error(fe->u, p->loc, "declaration of a __host__ __device__ function cu2c makes a device "
                           "copy of, sharing its lines with other declarations: not supported (declare it on "
                           "lines of its own)");
                ok = false;
            }
        }
    }
    return ok;
}

static int by_offset(const void *a, const void *b) {
    const TextEdit *x = *(TextEdit *const *)a, *y = *(TextEdit *const *)b;
    return x->begin < y->begin ? -1 : x->begin > y->begin;
}

/* The text of d's lines as its device copy: its name and its calls of copied functions
 * renamed, the device's clock and __CUDA_ARCH__, between #line directives. */
static char *device_copy_text(Fe *fe, ArchScan *as, Decl *d, char **start, const char *text, PtrVec *defs) {
    Unit *u = fe->u;
    unsigned b = (unsigned)(start[d->first] - text), e = (unsigned)(start[d->last + 1] - text);
    PtrVec ren = {0};
    TextEdit *name = arena_alloc(u->arena, sizeof *name);
    *name = (TextEdit){d->name_off, d->name_off + (unsigned)strlen(d->name), arena_printf(u->arena, "%s" DEVICE_COPY_SUFFIX, d->name)};
    vec_push(u->arena, &ren, name);
    for (int i = 0; i < d->callsites.len; i++) {
        CallSite *cs = d->callsites.items[i];
        if (cs->off >= b && cs->off < e && is_copied(as, cs->usr) && !(cs->dep && cs->dep->dispatched)) {
            TextEdit *r = arena_alloc(u->arena, sizeof *r);
            *r = (TextEdit){cs->off, cs->off + cs->len, arena_printf(u->arena, "%.*s" DEVICE_COPY_SUFFIX, (int)cs->len, text + cs->off)};
            vec_push(u->arena, &ren, r);
        }
    }
    dispatch_edits(as, d, b, e, &ren, defs);
    for (int i = 0; i < d->clocks.len; i++) {
        unsigned off = *(unsigned *)d->clocks.items[i];
        TextEdit *r = arena_alloc(u->arena, sizeof *r);
        *r = (TextEdit){off, off + (unsigned)strlen(CLOCK_NAME), DEVICE_CLOCK_NAME};
        vec_push(u->arena, &ren, r);
    }
    qsort(ren.items, (size_t)ren.len, sizeof *ren.items, by_offset);
    CXString file;
    unsigned line;
    clang_getPresumedLocation(clang_getLocation(fe->tu, fe->main_file, d->first, 1), &file, &line, NULL);
    Buf name_text = {0}, out = {0};
    for (const char *f = clang_getCString(file); *f; f++)
        buf_printf(&name_text, "%s%c", *f == '"' || *f == '\\' ? "\\" : "", *f);
    clang_disposeString(file);
    buf_printf(&out, "#line %u \"%s\"\n", line, name_text.data ? name_text.data : "");
    unsigned body = (unsigned)out.len, pos = b;
    for (int i = 0; i < ren.len; i++) {
        TextEdit *r = ren.items[i];
        if (r->begin < pos)
            continue;
        buf_put(&out, text + pos, r->begin - pos);
        buf_puts(&out, r->text);
        pos = r->end;
    }
    buf_put(&out, text + pos, e - pos);
    rename_on_line(out.data + body, out.data + out.len);
    buf_printf(&out, "#line %u \"%s\"\n", line + (d->last - d->first) + 1, name_text.data ? name_text.data : "");
    buf_free(&name_text);
    char *t = arena_strdup(u->arena, out.data);
    buf_free(&out);
    return t;
}

/* Is every function the dependent call cs (in d) may mean given a device copy? */
static bool all_candidates_copied(ArchScan *as, Decl *d, CallSite *cs) {
    unsigned copied = 0;
    for (int i = 0; i < d->callsites.len; i++) {
        CallSite *o = d->callsites.items[i];
        copied += o->off == cs->off && o->candidates && is_copied(as, o->usr);
    }
    return copied == cs->candidates;
}

/* Device code's calls of the functions given device copies made to the copies, and the
 * copies placed after their originals (and declarations); how many edits. */
static int device_copies(Fe *fe, ArchScan *as, char **start, const char *text) {
    Unit *u = fe->u;
    bool any = false;
    for (int i = 0; i < as->decls.len && !any; i++)
        any = ((Decl *)as->decls.items[i])->copied;
    if (!any)
        return 0;   /* the usual case: no lookups of every call in every body */
    PtrVec edits = {0};
    for (int i = 0; i < as->decls.len; i++) {
        Decl *d = as->decls.items[i];
        if (d->copied || is_copied(as, d->usr)) {   /* a copied definition, or a declaration of one */
            TextEdit *e = arena_alloc(u->arena, sizeof *e);
            unsigned at = (unsigned)(start[d->last + 1] - text);
            *e = (TextEdit){at, at, device_copy_text(fe, as, d, start, text, &edits)};
            vec_push(u->arena, &edits, e);
        }
        bool device = d->device_only || (d->host_device && d->sides == SIDE_DEVICE && !d->copied);
        if (device)
            dispatch_edits(as, d, d->body_begin, d->body_end, &edits, &edits);
        for (int j = 0; device && j < d->callsites.len; j++) {
            CallSite *cs = d->callsites.items[j];
            if (!is_copied(as, cs->usr) || (cs->dep && cs->dep->dispatched))
                continue;
            if (!cs->off) {
                diag_error(u, cs->loc, "call of a __host__ __device__ function that cu2c makes a device copy "
                           "of, written by a macro: not supported (device code must call the copy; call it by "
                           "name)");
                continue;
            }
            if (cs->candidates && !all_candidates_copied(as, d, cs)) {
                diag_error(u, cs->loc, "call in a template of a function name that means several functions, "
                           "some with a device copy (they use __CUDA_ARCH__ and both sides call them) and some "
                           "without: not supported (cu2c cannot tell which the call means before instantiation)");
                continue;
            }
            TextEdit *e = arena_alloc(u->arena, sizeof *e);
            *e = (TextEdit){cs->off, cs->off + cs->len, arena_printf(u->arena, "%.*s" DEVICE_COPY_SUFFIX, (int)cs->len, text + cs->off)};
            vec_push(u->arena, &edits, e);
        }
    }
    if (!edits.len || u->errors)
        return 0;
    return edit_main_text(u, &edits);
}

int rewrite_cuda_arch(Fe *fe) {
    Unit *u = fe->u;
    bool has_arch = strstr(u->text, ARCH_NAME) != NULL;
    fe->host_arch_groups.len = 0;   /* found again on this parse */
    /* after an error (reported once) the text is not parsed again */
    if (u->errors || (!has_arch && !mentions_clock_call(u->text)))
        return 0;
    ArchScan as = {.fe = fe};
    fe_visit_unit(fe, arch_decl_visit, &as);
    unsigned nlines = 1;
    for (size_t i = 0; i < u->len; i++)
        nlines += u->text[i] == '\n';
    char **start = arena_alloc(u->arena, sizeof *start * (nlines + 2));
    LineKind *kinds = arena_alloc(u->arena, sizeof *kinds * (nlines + 2));
    char *text = arena_strndup(u->arena, u->text, u->len);
    unsigned n = 1;
    start[1] = text;
    for (size_t i = 0; i < u->len; i++)
        if (text[i] == '\n')
            start[++n] = text + i + 1;
    start[nlines + 1] = text + u->len + 1;
    for (unsigned l = 1; l <= nlines; l++)
        kinds[l] = line_kind(start[l], start[l + 1] - 1);
    /* which lines are in a device-only body (or a __host__ __device__ one called from device
     * code only), which in another function's body */
    call_sides(&as);
    if (!choose_copies(fe, &as, start, nlines, text))
        return 0;
    int renamed = rename_clocks(fe, &as, text);
    if (!has_arch) {
        u->text = text;
        return renamed + device_copies(fe, &as, start, text);
    }
    unsigned char *where = arena_alloc(u->arena, nlines + 2);   /* 0 file scope, 1 device, 2 host */
    for (int i = 0; i < as.decls.len; i++) {
        Decl *d = as.decls.items[i];
        bool device = d->device_only || (d->host_device && d->sides == SIDE_DEVICE);
        if (d->copied && !d->device_only)
            device = false;     /* the host's view; its device copy the device's */
        for (unsigned l = d->body_first; d->body_first && l <= d->body_last && l <= nlines; l++)
            if (where[l] != 1)
                where[l] = device ? 1 : 2;
    }
    for (unsigned l = 1; l <= nlines; l++)
        if (where[l] == 1)
            renamed += rename_on_line(start[l], start[l + 1] - 1);
    /* conditionals at file scope: #if ... #endif groups, by their lines */
    unsigned stack[256];
    unsigned *conds = arena_alloc(u->arena, sizeof *conds * (nlines + 1));
    int depth = 0;
    for (unsigned l = 1; l <= nlines; l++) {
        if (where[l] != 0)
            continue;
        if (kinds[l] == LN_IF && depth < 256) {
            stack[depth++] = l;
        } else if (kinds[l] == LN_ENDIF && depth > 0) {
            unsigned first = stack[--depth];
            /* the group's own condition lines (nested groups decide for themselves) */
            int nconds = own_conditions(kinds, first, l, conds);
            bool arch = false;
            for (int c = 0; c < nconds; c++)
                arch |= line_mentions_arch(start, conds[c]);
            if (!arch)
                continue;
            if (!device_conditional(&as, kinds, first, l)) {
                unsigned *g = arena_alloc(u->arena, 2 * sizeof *g);
                g[0] = first;
                g[1] = l;
                vec_push(u->arena, &fe->host_arch_groups, g);
                continue;
            }
            for (int c = 0; c < nconds; c++)
                renamed += rename_on_line(start[conds[c]], start[conds[c] + 1] - 1);
            /* and its code's uses (`SHM_BANKS = (__CUDA_ARCH__ >= 200) ? 32 : 16,` in a class
             * template's enum): the branch taken is the device's (nested groups' conditions
             * decided for themselves) */
            for (unsigned m = first + 1; m < l; m++)
                if (kinds[m] == LN_CODE && where[m] == 0)
                    renamed += rename_on_line(start[m], start[m + 1] - 1);
        }
    }
    u->text = text;
    return renamed + device_copies(fe, &as, start, text);
}

unsigned host_arch_group_of(Fe *fe, CXCursor fn) {
    if (!fe->host_arch_groups.len || !in_main_file(fe, fn))
        return 0;
    unsigned line;
    clang_getExpansionLocation(clang_getCursorLocation(fn), NULL, &line, NULL, NULL);
    for (int i = 0; i < fe->host_arch_groups.len; i++) {
        unsigned *g = fe->host_arch_groups.items[i];
        if (line > g[0] && line < g[1])
            return g[0];
    }
    return 0;
}
