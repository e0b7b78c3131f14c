/* ptx.c - the inline PTX cu2c translates: a few idioms real code uses, each recognised by its
 * exact template (whitespace aside; %% or % before a register) and operand constraints:
 *   mov.u64 %0, %globaltimer;     "=l"  nanoseconds (clock64()'s clock, runtime/device.c)
 *   mov.u32 %0, %globaltimer_lo;  "=r"  its low and high 32 bits
 *   mov.u32 %0, %globaltimer_hi;  "=r"
 *   mov.u32 %0, %laneid;          "=r"  linear thread index in the block & 31
 *   mov.u32 %0, %warpid;          "=r"  linear thread index in the block / 32
 *   mov.u32 %0, %smid;            "=r"  the worker running the block
 *   mov.u32 %0, %nsmid;           "=r"  the number of workers (multiProcessorCount)
 *   mov.u32 %0, %clock;           "=r"  clock()'s counter
 *   mov.u64 %0, %clock64;         "=l"  clock64()'s counter
 *   nanosleep.u32 %0;  "r" input, or nanosleep.u32 N;  __nanosleep
 *   membar.{cta,gl,sys};  fence.{sc,acq_rel}.{cta,cluster,gpu,sys};  __threadfence()
 *   lop3.b32 %0, %1, %2, %3, LUT;  "=r" out, "r" ins (LUT a literal, or %4 with "n")
 *   ld[.order][.scope][.space].T %0, [%1];   st[...].T [%0], %1;   with a memory order
 *   (acquire/release: ordered; relaxed, volatile or none: relaxed), T u/s/b 8..64, f32, f64
 *   red[.space][.scope].OP.T [%0], %1;   atom[...].OP.T %0, [%1], %2;   atom...cas.T %0, [%1], %2, %3;
 *   (OP add, min, max, and, or, xor, inc, dec, exch) atomically, cu2c/ptx.h's __ptx_* functions
 * Each such asm statement written in a device function's body (a kernel, a __device__
 * function, a __host__ __device__ one's device branch) is replaced in the main text by an expression calling
 * cu2c/device.h: `(out)=__ptx_lane(threadIdx,blockDim)` (the thread's indices as arguments,
 * so that the variance analysis sees the lane vary between threads, as thread_rank() does),
 * padded with spaces to the statement's length, its lines kept, and the text is parsed
 * again. Anything else (other PTX, symbolic operand names, an asm written in a macro) stays
 * inline assembly, refused in device code with its template named (user_functions.c). */
#include "fe.h"

#include <string.h>

/* An asm statement's text, taken apart. */
typedef struct AsmText {
    char tmpl[256];         /* the template: its string literals joined, escapes decoded */
    int nout, nin;          /* operands */
    char out_con[8], in_con[4][8];  /* the first output's and the first 4 inputs' constraints */
    unsigned out_b, out_e, in_b[4], in_e[4];  /* their expressions, parentheses included */
    bool other_clobbers;    /* a clobber other than "memory" */
    unsigned end;           /* just past the closing parenthesis */
} AsmText;

static const char *skip_space(const char *p, const char *end) {
    for (;;) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v'))
            p++;
        if (p + 1 < end && p[0] == '/' && p[1] == '*') {
            const char *q = p + 2;
            while (q + 1 < end && !(q[0] == '*' && q[1] == '/'))
                q++;
            if (q + 1 >= end)
                return end;
            p = q + 2;
        } else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
        } else {
            return p;
        }
    }
}

/* A word at p (followed by no identifier character): past it, else NULL. */
static const char *word(const char *p, const char *end, const char *w) {
    size_t n = strlen(w);
    if ((size_t)(end - p) < n || strncmp(p, w, n) != 0 || (p + n < end && ident_char(p[n])))
        return NULL;
    return p + n;
}

/* A string literal at p decoded onto out (at *len, room for cap): past it, else NULL. */
static const char *string_lit(const char *p, const char *end, char *out, size_t *len, size_t cap) {
    if (p >= end || *p != '"')
        return NULL;
    for (p++; p < end && *p != '"'; p++) {
        char c = *p;
        if (c == '\n')
            return NULL;
        if (c == '\\') {
            if (++p >= end)
                return NULL;
            switch (*p) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case '\\': case '"': case '\'': c = *p; break;
            default: return NULL;
            }
        }
        if (*len + 1 >= cap)
            return NULL;
        out[(*len)++] = c;
    }
    if (p >= end)
        return NULL;
    out[*len] = 0;
    return p + 1;
}

/* A parenthesised expression at p: past its closing parenthesis, else NULL. */
static const char *paren_expr(const char *p, const char *end) {
    if (p >= end || *p != '(')
        return NULL;
    int depth = 0;
    for (; p < end; p++) {
        if (*p == '"' || *p == '\'') {
            char q = *p;
            for (p++; p < end && *p != q; p++)
                if (*p == '\\')
                    p++;
            if (p >= end)
                return NULL;
        } else if (*p == '(') {
            depth++;
        } else if (*p == ')' && --depth == 0) {
            return p + 1;
        } else if (*p == '#' || (*p == '/' && p + 1 < end && (p[1] == '/' || p[1] == '*'))) {
            return NULL;    /* a comment or a directive: not copied elsewhere */
        }
    }
    return NULL;
}

/* One operand list (outputs or inputs): `"c"(e), ...` up to the next ':' or ')'. The first
 * `keep` operands' constraints (8 bytes each) and expressions are kept. */
static const char *operands(const char *t, const char *p, const char *end, int *n, int keep, char (*con)[8],
                            unsigned *b, unsigned *e) {
    p = skip_space(p, end);
    while (p < end && *p == '"') {
        char c[8];
        size_t len = 0;
        p = string_lit(p, end, c, &len, sizeof c);
        if (!p)
            return NULL;
        p = skip_space(p, end);
        const char *q = paren_expr(p, end);
        if (!q)
            return NULL;
        if (*n < keep) {
            strcpy(con[*n], c);
            b[*n] = (unsigned)(p - t);
            e[*n] = (unsigned)(q - t);
        }
        ++*n;
        p = skip_space(q, end);
        if (p < end && *p == ',')
            p = skip_space(p + 1, end);
        else
            break;
    }
    return p;
}

/* The asm statement written at off: false if it is not one this file reads (goto labels,
 * symbolic operand names, a template too long). */
static bool asm_text(const char *t, unsigned len, unsigned off, AsmText *a) {
    const char *end = t + len, *p = t + off, *q;
    *a = (AsmText){0};
    if (!(q = word(p, end, "asm")) && !(q = word(p, end, "__asm")) && !(q = word(p, end, "__asm__")))
        return false;
    for (p = skip_space(q, end);; p = skip_space(q, end))
        if (!(q = word(p, end, "volatile")) && !(q = word(p, end, "__volatile__")) &&
            !(q = word(p, end, "__volatile")) && !(q = word(p, end, "inline")) &&
            !(q = word(p, end, "__inline__")))
            break;
    if (p >= end || *p != '(')
        return false;
    p = skip_space(p + 1, end);
    size_t n = 0;
    if (!(p = string_lit(p, end, a->tmpl, &n, sizeof a->tmpl)))
        return false;
    for (p = skip_space(p, end); p < end && *p == '"'; p = skip_space(p, end))
        if (!(p = string_lit(p, end, a->tmpl, &n, sizeof a->tmpl)))
            return false;
    for (int section = 0; p < end && *p == ':'; section++) {
        if (section == 0)
            p = operands(t, p + 1, end, &a->nout, 1, &a->out_con, &a->out_b, &a->out_e);
        else if (section == 1)
            p = operands(t, p + 1, end, &a->nin, 4, a->in_con, a->in_b, a->in_e);
        else if (section == 2)
            for (p = skip_space(p + 1, end); p && p < end && *p == '"';) {
                char c[16];
                size_t cl = 0;
                if (!(p = string_lit(p, end, c, &cl, sizeof c)))
                    return false;
                a->other_clobbers |= strcmp(c, "memory") != 0;
                p = skip_space(p, end);
                if (p < end && *p == ',')
                    p = skip_space(p + 1, end);
            }
        else
            return false;   /* asm goto's labels */
        if (!p)
            return false;
        p = skip_space(p, end);
    }
    if (p >= end || *p != ')')
        return false;
    a->end = (unsigned)(p + 1 - t);
    return true;
}

/* The template as compared: %% read as %, whitespace runs as one space, none around ',' and
 * ';' nor at the ends. */
static void normalise(const char *in, char *out, size_t cap) {
    size_t n = 0;
    bool space = false;
    for (const char *p = in; *p && n + 2 < cap; p++) {
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            space = n > 0;
            continue;
        }
        if (p[0] == '%' && p[1] == '%')
            p++;
        if (space && *p != ',' && *p != ';' && out[n - 1] != ',' && out[n - 1] != ';')
            out[n++] = ' ';
        space = false;
        out[n++] = *p;
    }
    out[n] = 0;
}

/* Operand `%k` (or `[%k]` when bracket) of a: its expression's text, NULL when the operand is
 * not one asm_text kept (the first output, the first 4 inputs). */
static char *operand_text(Arena *ar, const char *t, const AsmText *a, const char *op, bool bracket) {
    size_t len = strlen(op);
    if (bracket) {
        if (len < 3 || op[0] != '[' || op[len - 1] != ']')
            return NULL;
        op++;
        len -= 2;
    }
    if (len != 2 || op[0] != '%' || op[1] < '0' || op[1] > '9')
        return NULL;
    int k = op[1] - '0';
    if (k == 0 && a->nout == 1)
        return arena_printf(ar, "%.*s", (int)(a->out_e - a->out_b), t + a->out_b);
    k -= a->nout;
    if (k < 0 || k >= a->nin || k >= 4)
        return NULL;
    return arena_printf(ar, "%.*s", (int)(a->in_e[k] - a->in_b[k]), t + a->in_b[k]);
}

/* ld, st, red and atom with a state space, a memory order and a scope (cu2c/ptx.h's
 * __ptx_* functions): `ld.acquire.sys.global.u8 %0,[%1];` becomes
 * `(out)=__ptx_ld_u8((void*)(in))`; NULL when n is none of them. */
static char *memory_op_replacement(Arena *ar, const char *t, const AsmText *a, const char *n) {
    static const char *const modifiers[] = {"global", "shared", "shared::cta", "shared::cluster", "sys", "gpu",
                                            "cta", "cluster", "relaxed", "acquire", "release", "acq_rel",
                                            "volatile", "nc", "ca", "cg", "cs", "lu", "cv", "weak", NULL};
    static const char *const ops[] = {"add", "min", "max", "and", "or", "xor", "inc", "dec", "exch", "cas", NULL};
    char insn[64], rest[160];
    size_t wl = strcspn(n, " ");
    if (wl >= sizeof insn || !n[wl] || strlen(n + wl + 1) >= sizeof rest)
        return NULL;
    memcpy(insn, n, wl);
    insn[wl] = 0;
    strcpy(rest, n + wl + 1);
    size_t rl = strlen(rest);
    if (rl < 2 || rest[rl - 1] != ';')
        return NULL;
    rest[rl - 1] = 0;
    char *operand[4];
    int nops = 0;
    for (char *tok = strtok(rest, ","); tok && nops < 4; tok = strtok(NULL, ","))
        operand[nops++] = tok;
    /* the instruction: its name, modifiers, an operation (red, atom), a type last */
    char *part[10];
    int np = 0;
    for (char *tok = strtok(insn, "."); tok && np < 10; tok = strtok(NULL, "."))
        part[np++] = tok;
    if (np < 2)
        return NULL;
    const char *type = part[np - 1], *op = NULL;
    bool ordered = false;
    for (int i = 1; i < np - 1; i++) {
        bool known = false;
        for (int k = 0; modifiers[k]; k++)
            known |= strcmp(part[i], modifiers[k]) == 0;
        for (int k = 0; !known && ops[k]; k++)
            if (strcmp(part[i], ops[k]) == 0 && !op)
                op = ops[k], known = true;
        if (!known)
            return NULL;
        ordered |= !strcmp(part[i], "acquire") || !strcmp(part[i], "release") || !strcmp(part[i], "acq_rel");
    }
    static const char *const types[][2] = {{"u8", "u8"}, {"s8", "s8"}, {"b8", "u8"}, {"u16", "u16"}, {"s16", "s16"},
                                           {"b16", "u16"}, {"u32", "u32"}, {"s32", "s32"}, {"b32", "u32"},
                                           {"u64", "u64"}, {"s64", "s64"}, {"b64", "u64"}, {"f32", "f32"},
                                           {"f64", "f64"}};
    const char *ty = NULL;
    for (size_t k = 0; k < sizeof types / sizeof *types; k++)
        if (strcmp(type, types[k][0]) == 0)
            ty = types[k][1];
    if (!ty)
        return NULL;
    bool is_float = ty[0] == 'f';
    const char *name = part[0];
    if (!strcmp(name, "ld") && !op && a->nout == 1 && nops == 2) {
        char *out = operand_text(ar, t, a, operand[0], false), *addr = operand_text(ar, t, a, operand[1], true);
        if (out && addr && strcmp(operand[0], "%0") == 0)
            return arena_printf(ar, "%s=__ptx_ld%s_%s((void*)%s)", out, ordered ? "" : "r", ty, addr);
    } else if (!strcmp(name, "st") && !op && a->nout == 0 && nops == 2) {
        char *addr = operand_text(ar, t, a, operand[0], true), *val = operand_text(ar, t, a, operand[1], false);
        if (addr && val)
            return arena_printf(ar, "__ptx_st%s_%s((void*)%s,%s)", ordered ? "" : "r", ty, addr, val);
    } else if ((!strcmp(name, "red") || !strcmp(name, "atom")) && op) {
        bool red = name[0] == 'r', cas = !strcmp(op, "cas");
        if ((red && (cas || !strcmp(op, "exch"))) || (is_float && strcmp(op, "add") && strcmp(op, "exch")) ||
            ((!strcmp(op, "inc") || !strcmp(op, "dec")) && strcmp(ty, "u32")))
            return NULL;
        int first = red ? 0 : 1;
        if (a->nout != (red ? 0 : 1) || nops != first + (cas ? 3 : 2) || (!red && strcmp(operand[0], "%0")))
            return NULL;
        char *addr = operand_text(ar, t, a, operand[first], true), *v1 = operand_text(ar, t, a, operand[first + 1], false);
        char *v2 = cas ? operand_text(ar, t, a, operand[first + 2], false) : NULL;
        if (!addr || !v1 || (cas && !v2))
            return NULL;
        char *call = cas ? arena_printf(ar, "__ptx_cas_%s((void*)%s,%s,%s)", ty, addr, v1, v2)
                         : arena_printf(ar, "__ptx_%s_%s((void*)%s,%s)", op, ty, addr, v1);
        if (red)
            return call;
        char *out = operand_text(ar, t, a, operand[0], false);
        return out ? arena_printf(ar, "%s=%s", out, call) : NULL;
    }
    return NULL;
}

/* What replaces the asm statement a (arena text), or NULL when it is not one of the
 * idioms. */
static char *ptx_replacement(Arena *ar, const char *t, const AsmText *a) {
    static const struct {
        const char *tmpl;   /* normalised */
        const char *con;    /* its output's constraint */
        const char *call;   /* the value's expression */
    } reads[] = {
        {"mov.u64 %0,%globaltimer;", "=l", "__ptx_globaltimer()"},
        {"mov.u32 %0,%globaltimer_lo;", "=r", "(unsigned)__ptx_globaltimer()"},
        {"mov.u32 %0,%globaltimer_hi;", "=r", "(unsigned)(__ptx_globaltimer()>>32)"},
        {"mov.u32 %0,%laneid;", "=r", "__ptx_lane(threadIdx,blockDim)"},
        {"mov.u32 %0,%warpid;", "=r", "__ptx_warp(threadIdx,blockDim)"},
        {"mov.u32 %0,%smid;", "=r", "__ptx_smid()"},
        {"mov.u32 %0,%nsmid;", "=r", "__ptx_nsmid()"},
        {"mov.u32 %0,%clock;", "=r", "__ptx_clock()"},
        {"mov.u64 %0,%clock64;", "=l", "__ptx_clock64()"},
    };
    static const char *const fences[] = {
        "membar.cta;", "membar.gl;", "membar.sys;",
        "fence.sc.cta;", "fence.sc.cluster;", "fence.sc.gpu;", "fence.sc.sys;",
        "fence.acq_rel.cta;", "fence.acq_rel.cluster;", "fence.acq_rel.gpu;", "fence.acq_rel.sys;",
    };
    char n[256];
    normalise(a->tmpl, n, sizeof n);
    if (a->other_clobbers)
        return NULL;
    if (a->nout == 1 && a->nin == 0)
        for (size_t i = 0; i < sizeof reads / sizeof *reads; i++)
            if (strcmp(n, reads[i].tmpl) == 0 && strcmp(a->out_con, reads[i].con) == 0)
                return arena_printf(ar, "%.*s=%s", (int)(a->out_e - a->out_b), t + a->out_b, reads[i].call);
    if (a->nout == 0 && a->nin == 1 && strcmp(n, "nanosleep.u32 %0;") == 0 && strcmp(a->in_con[0], "r") == 0)
        return arena_printf(ar, "__nanosleep(%.*s)", (int)(a->in_e[0] - a->in_b[0]), t + a->in_b[0]);
    if (a->nout == 1 && strcmp(a->out_con, "=r") == 0 && strncmp(n, "lop3.b32 %0,%1,%2,%3,", 21) == 0 &&
        (a->nin == 3 || a->nin == 4) && !strcmp(a->in_con[0], "r") && !strcmp(a->in_con[1], "r") &&
        !strcmp(a->in_con[2], "r")) {
        const char *lut = n + 21, *lut_end = strchr(lut, ';');
        char lut_text[64];
        if (!lut_end || lut_end[1] || (size_t)(lut_end - lut) >= sizeof lut_text)
            return NULL;
        if (a->nin == 4 && strcmp(lut, "%4;") == 0 && strcmp(a->in_con[3], "n") == 0)
            snprintf(lut_text, sizeof lut_text, "%.*s", (int)(a->in_e[3] - a->in_b[3]), t + a->in_b[3]);
        else if (a->nin == 3 && lut_end > lut && strspn(lut, "0123456789abcdefABCDEFxX") == (size_t)(lut_end - lut))
            snprintf(lut_text, sizeof lut_text, "%.*s", (int)(lut_end - lut), lut);
        else
            return NULL;
        return arena_printf(ar, "%.*s=__ptx_lop3(%.*s,%.*s,%.*s,%s)", (int)(a->out_e - a->out_b), t + a->out_b,
                            (int)(a->in_e[0] - a->in_b[0]), t + a->in_b[0], (int)(a->in_e[1] - a->in_b[1]),
                            t + a->in_b[1], (int)(a->in_e[2] - a->in_b[2]), t + a->in_b[2], lut_text);
    }
    if (a->nout == 0 && a->nin == 0 && strncmp(n, "nanosleep.u32 ", 14) == 0) {
        const char *d = n + 14;
        size_t digits = strspn(d, "0123456789");
        if (digits > 0 && digits <= 9 && strcmp(d + digits, ";") == 0)
            return arena_printf(ar, "__nanosleep(%.*su)", (int)digits, d);
    }
    for (size_t i = 0; a->nout == 0 && a->nin == 0 && i < sizeof fences / sizeof *fences; i++)
        if (strcmp(n, fences[i]) == 0)
            return arena_strdup(ar, "__threadfence()");
    return memory_op_replacement(ar, t, a, n);
}

/* ---- Finding them ------------------------------------------------------------------------ */

typedef struct PtxScan {
    Fe *fe;
    char *text;             /* the main text being rewritten */
    int replaced;
} PtxScan;

/* Writes r over text[b, e): on the first line of the span when it fits there, the span's
 * other characters blanked but its line breaks kept, so that nothing after it moves; else r
 * (its line breaks made spaces), then the span's line breaks, then blanks. */
static bool overwrite(char *text, unsigned b, unsigned e, const char *r) {
    size_t rl = strlen(r), first = 0, breaks = 0;
    while (b + first < e && text[b + first] != '\n')
        first++;
    for (unsigned i = b; i < e; i++)
        breaks += text[i] == '\n';
    if (rl + breaks > e - b)
        return false;
    if (rl <= first) {
        for (unsigned i = b; i < e; i++)
            if (text[i] != '\n')
                text[i] = ' ';
    } else {
        memset(text + b, ' ', e - b);
        memset(text + e - breaks, '\n', breaks);
    }
    for (size_t i = 0; i < rl; i++)
        text[b + i] = r[i] == '\n' || r[i] == '\r' ? ' ' : r[i];
    return true;
}

static enum CXChildVisitResult asm_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    PtxScan *ps = d;
    Fe *fe = ps->fe;
    if (clang_getCursorKind(c) != CXCursor_GCCAsmStmt)
        return CXChildVisit_Recurse;
    if (!in_main_file(fe, c) || from_macro(c))
        return CXChildVisit_Continue;
    unsigned b, e;
    cursor_range(c, &b, &e);
    AsmText a;
    Unit *u = fe->u;
    if (e > u->len || !asm_text(ps->text, (unsigned)u->len, b, &a) || a.end != e)
        return CXChildVisit_Continue;
    char *r = ptx_replacement(u->arena, ps->text, &a);
    if (r && overwrite(ps->text, b, e, r))
        ps->replaced++;
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult ptx_decl_visit(CXCursor c, CXCursor parent, CXClientData d) {
    (void)parent;
    enum CXCursorKind k = clang_getCursorKind(c);
    char walk = decl_walk(k);
    if (walk != 'f')
        return walk == 'r' ? CXChildVisit_Recurse : CXChildVisit_Continue;
    /* a __host__ __device__ function's PTX is its device branch (__CUDA_ARCH__ taken as the
     * device's: cuda_arch.c), as the host's assembler takes none of these templates */
    bool device = has_attr(c, CXCursor_CUDADeviceAttr) || has_attr(c, CXCursor_CUDAGlobalAttr);
    if (device && clang_isCursorDefinition(c))
        clang_visitChildren(c, asm_visit, d);
    return CXChildVisit_Continue;
}

int rewrite_ptx(Fe *fe) {
    Unit *u = fe->u;
    if (u->errors || (!strstr(u->text, "asm")))
        return 0;
    PtxScan ps = {.fe = fe, .text = arena_strndup(u->arena, u->text, u->len)};
    fe_visit_unit(fe, ptx_decl_visit, &ps);
    if (ps.replaced)
        u->text = ps.text;
    return ps.replaced;
}

void ptx_refuse(Fe *fe, CXCursor c) {
    Unit *u = fe->u;
    CXFile f;
    unsigned off;
    clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, &off);
    AsmText a;
    char shown[128] = "";
    if (f && clang_File_isEqual(f, fe->main_file) && off < u->len && asm_text(u->text, (unsigned)u->len, off, &a)) {
        /* on one line: whitespace runs as one space, %% as written */
        size_t n = 0;
        for (const char *p = a.tmpl; *p && n + 4 < sizeof shown; p++) {
            bool space = *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r';
            if (!space || (n > 0 && shown[n - 1] != ' '))
                shown[n++] = space ? ' ' : *p;
        }
        while (n > 0 && shown[n - 1] == ' ')
            n--;
        shown[n] = 0;
    }
    const char *what = *shown ? arena_printf(u->arena, " \"%s\"", shown) : "";
    if (from_macro(c))
        diag_error(u, cursor_loc(fe, c), "inline assembly (PTX)%s written in a macro in device code is not "
                   "supported (cu2c translates the PTX idioms it knows only in an asm statement written "
                   "in the function itself)", what);
    else
        diag_error(u, cursor_loc(fe, c), "inline assembly (PTX)%s in device code is not supported (cu2c "
                   "translates only mov.u32/.u64 %%0 of %%globaltimer(_lo/_hi), %%laneid, %%warpid, %%smid, "
                   "%%nsmid, %%clock, %%clock64 (\"=r\" for .u32, \"=l\" for .u64), nanosleep.u32, "
                   "membar, fence.sc/acq_rel, lop3.b32, and ld/st (relaxed, acquire/release), red and atom of scalars)", what);
}
