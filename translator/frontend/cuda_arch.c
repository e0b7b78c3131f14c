/* cuda_arch.c - __CUDA_ARCH__, as nvcc's two passes see it: device code takes the device
 * branch, host code the host branch. cu2c compiles one text for both, so it chooses per place:
 * - inside the body of a device-only function (a kernel, a __device__ function without
 *   __host__), every __CUDA_ARCH__ is the device's: cu2c reports compute capability 8.0;
 * - a conditional at file scope whose branches hold device-only declarations and nothing else
 *   (no host functions, no #define/#undef/#include: those would change the host's view too)
 *   takes the device branch as well, so device functions defined only for the GPU exist;
 * - in a __host__ __device__ function, the side it is called from: the device's when only
 *   device code calls it (directly or through other such functions), the host's when only host
 *   code does; called from both, it is refused (cu2c compiles one copy of it);
 * - anywhere else (host functions, macros) it stays undefined: the host branch, as in nvcc's
 *   host pass.
 * The choice is made on the parse of the host view: each __CUDA_ARCH__ taken as the device's
 * is renamed __CU2C_ARCH__, a name of the same length (edits keep their offsets), defined in
 * cu2c/defs.h; the text is then parsed again.
 * clock() is chosen the same way: in device code (the same bodies as above) it is the GPU's
 * cycle counter, elsewhere libc's process time. Calls of libc's clock in device bodies are
 * renamed __clk (cu2c/device.h), also five letters; a __host__ __device__ function calling
 * it from both sides is refused, as is a clock written in a macro defined outside the body
 * (renaming the macro would change the host's uses too). */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

#define ARCH_NAME "__CUDA_ARCH__"
#define DEVICE_ARCH_NAME "__CU2C_ARCH__"
#define CLOCK_NAME "clock"
#define DEVICE_CLOCK_NAME "__clk"   /* as long as CLOCK_NAME */

/* A declaration of the main text, by lines. */
typedef struct Decl {
    unsigned first, last;   /* its lines */
    unsigned body_first, body_last; /* a function's body (0: none) */
    bool device_only;       /* exists for the GPU only: its body sees the device's __CUDA_ARCH__ */
    bool host_device;       /* __host__ __device__ */
    char *usr;              /* a function's (its template's for a specialisation) */
    PtrVec calls;           /* char*: USRs of the functions its body calls */
    unsigned sides;         /* a __host__ __device__ function's callers: SIDE_HOST | SIDE_DEVICE */
    SrcLoc loc;
    PtrVec clocks;          /* unsigned*: offsets of the names of its body's uses of libc's clock */
    bool clock_use;         /* its body uses libc's clock (clock_at: the first use) */
    bool clock_in_macro;    /* a use spelled in a macro defined outside the body */
    SrcLoc clock_at;
    unsigned body_begin, body_end; /* the body's offsets */
} Decl;

enum { SIDE_HOST = 1, SIDE_DEVICE = 2 };

typedef struct ArchScan {
    Fe *fe;
    PtrVec decls;           /* Decl*, in source order */
} ArchScan;

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

static enum CXChildVisitResult calls_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    void **ctx = d;
    Fe *fe = ctx[0];
    Decl *dl = ctx[1];
    if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && is_libc_clock(c))
        note_clock(fe, dl, c);
    if (clang_getCursorKind(c) == CXCursor_CallExpr) {
        CXCursor fn = clang_getCursorReferenced(c);
        if (!clang_Cursor_isNull(fn) && is_user_fn(fn))
            vec_push(fe->u->arena, &dl->calls, fe_str(fe->u->arena, fn_usr(fn)));
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
    dl->device_only = device_only(c);
    dl->host_device = has_attr(c, CXCursor_CUDAHostAttr) && has_attr(c, CXCursor_CUDADeviceAttr);
    dl->loc = cursor_loc(as->fe, c);
    bool fn = k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
              k == CXCursor_Constructor || k == CXCursor_Destructor;
    CXCursor body = clang_getNullCursor();
    if (fn && clang_isCursorDefinition(c))
        clang_visitChildren(c, find_body, &body);
    if (!clang_Cursor_isNull(body)) {
        CXSourceRange br = clang_getCursorExtent(body);
        dl->body_first = line_at(as->fe, clang_getRangeStart(br));
        dl->body_last = line_at(as->fe, clang_getRangeEnd(br));
        dl->usr = fe_str(as->fe->u->arena, fn_usr(c));
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
        if (d->host_device && d->sides == (SIDE_HOST | SIDE_DEVICE)) {
            diag_error(fe->u, d->clock_at, "clock() in a __host__ __device__ function called from both host "
                       "and device code: not supported (cu2c compiles one copy of it; on the host it is "
                       "libc's process time, on the device the cycle counter)");
            continue;
        }
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
    int renamed = rename_clocks(fe, &as, text);
    if (!has_arch) {
        u->text = text;
        return renamed;
    }
    unsigned char *where = arena_alloc(u->arena, nlines + 2);   /* 0 file scope, 1 device, 2 host */
    for (int i = 0; i < as.decls.len; i++) {
        Decl *d = as.decls.items[i];
        bool device = d->device_only || (d->host_device && d->sides == SIDE_DEVICE);
        if (d->host_device && d->sides == (SIDE_HOST | SIDE_DEVICE) && mentions_arch(d, start, nlines)) {
            diag_error(u, d->loc, "__host__ __device__ function using __CUDA_ARCH__ called from both host "
                       "and device code: not supported (cu2c compiles one copy of it)");
            continue;
        }
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
    return renamed;
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
