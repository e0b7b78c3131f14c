/* includes.c - the files a .cu includes: CUDA toolkit headers refused where included;
 * headers defining kernels spliced into the main text with #line directives. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

/* A CUDA toolkit header found on the system (e.g. /usr/local/include -> /usr/local/cuda):
 * cu2c provides its own for what it supports; anything else from the toolkit would fail in
 * confusing ways (or be silently mixed with cu2c's), so it is refused where it is included. */
static bool is_toolkit_file(const char *path) {
    char real[4096];
    if (!path || strncmp(path, VIRTUAL_INCLUDE, strlen(VIRTUAL_INCLUDE)) == 0 || !realpath(path, real))
        return false;
    for (const char *p = strstr(real, "/cuda"); p; p = strstr(p + 1, "/cuda"))
        if (p[5] == '/' || p[5] == '-')
            return strstr(real, "/include/") != NULL;
    return false;
}

void toolkit_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    ToolkitScan *ts = d;
    if (depth == 0 || ts->reported)
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    if (is_toolkit_file(n)) {
        CXFile from;
        clang_getExpansionLocation(stack[0], &from, NULL, NULL, NULL);
        CXString fromname = clang_getFileName(from);
        if (!is_toolkit_file(clang_getCString(fromname))) {
            const char *base = strrchr(n, '/');
            diag_error(ts->fe->u, fe_loc(ts->fe, stack[0]),
                       "'%s' is a CUDA toolkit header cu2c does not provide: not supported yet",
                       base ? base + 1 : n);
            ts->reported++;
        }
        clang_disposeString(fromname);
    }
    clang_disposeString(name);
}

char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    Buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        buf_put(&b, tmp, n);
    fclose(f);
    if (!b.data)
        buf_put(&b, "", 0);
    *len = b.len;
    return b.data;
}

void splice_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    SpliceScan *ss = d;
    if (depth != 1)
        return;
    CXFile from;
    unsigned off;
    clang_getExpansionLocation(stack[0], &from, NULL, NULL, &off);
    if (!from || !clang_File_isEqual(from, ss->fe->main_file))
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    for (int i = 0; i < ss->headers->len; i++)
        if (n && strcmp(n, ss->headers->items[i]) == 0) {
            /* every #include of it in the .cu: the first gets its text, the others nothing */
            unsigned *o = arena_alloc(ss->fe->u->arena, sizeof *o * 2);
            o[0] = off;
            o[1] = (unsigned)i;
            vec_push(ss->fe->u->arena, &ss->at, o);
        }
    clang_disposeString(name);
}

/* The output line after those in files/lines shows line `line` of `file`. */
static void map_line(Arena *a, PtrVec *files, PtrVec *lines, const char *file, unsigned line) {
    unsigned *l = arena_alloc(a, sizeof *l);
    *l = line;
    vec_push(a, files, (void *)file);
    vec_push(a, lines, l);
}

/* The main text with each header that defines kernels and is included by it put in place of
 * its #include, between #line directives; line_file/line_no map the result's lines back. */
bool splice_headers(Unit *u, PtrVec *paths, PtrVec *at) {
    Arena *a = u->arena;
    /* #include lines naming a spliced header that clang skipped (#pragma once, guards) go too */
    for (unsigned p = 0; p < u->len;) {
        unsigned e = p;
        while (e < u->len && u->text[e] != '\n')
            e++;
        const char *q = u->text + p, *end = u->text + e;
        while (q < end && (*q == ' ' || *q == '\t'))
            q++;
        if (q < end && *q == '#') {
            q++;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (end - q > 7 && strncmp(q, "include", 7) == 0) {
                const char *open = memchr(q, '"', (size_t)(end - q));
                const char *close = open ? memchr(open + 1, '"', (size_t)(end - open - 1)) : NULL;
                for (int i = 0; close && i < paths->len; i++) {
                    const char *hp = paths->items[i];
                    const char *base = strrchr(hp, '/') ? strrchr(hp, '/') + 1 : hp;
                    const char *ib = open + 1;
                    for (const char *c = open + 1; c < close; c++)
                        if (*c == '/')
                            ib = c + 1;
                    bool listed = false;
                    for (int j = 0; j < at->len; j++) {
                        unsigned o = ((unsigned *)at->items[j])[0];
                        listed |= o >= p && o <= e;
                    }
                    if (!listed && (size_t)(close - ib) == strlen(base) && strncmp(ib, base, strlen(base)) == 0) {
                        unsigned *o = arena_alloc(a, sizeof *o * 2);
                        o[0] = p;
                        o[1] = (unsigned)i;
                        vec_push(a, at, o);
                    }
                }
            }
        }
        p = e + 1;
    }
    Buf out = {0};
    PtrVec files = {0}, lines = {0};   /* per output line: const char *, unsigned * */
    vec_push(a, &files, NULL);
    vec_push(a, &lines, NULL);
    unsigned pos = 0, main_line = 1;
    for (;;) {
        /* the next #include to replace */
        int next = -1;
        for (int i = 0; i < at->len; i++) {
            unsigned *o = at->items[i];
            if (o && o[0] >= pos && (next < 0 || o[0] < ((unsigned *)at->items[next])[0]))
                next = i;
        }
        unsigned stop = next < 0 ? (unsigned)u->len : ((unsigned *)at->items[next])[0];
        while (stop > pos && u->text[stop - 1] != '\n')
            stop--;
        /* copy main lines up to the directive's line */
        for (unsigned p = pos; p < stop; p++) {
            buf_put(&out, u->text + p, 1);
            if (u->text[p] == '\n')
                map_line(a, &files, &lines, u->path, main_line++);
        }
        if (next < 0) {
            if (u->len > stop && u->text[u->len - 1] != '\n')
                map_line(a, &files, &lines, u->path, main_line);
            break;
        }
        unsigned eol = stop;
        while (eol < u->len && u->text[eol] != '\n')
            eol++;
        unsigned which = ((unsigned *)at->items[next])[1];
        const char *path = paths->items[which];
        at->items[next] = NULL;
        pos = eol < u->len ? eol + 1 : eol;
        if (!path) {
            /* included again: already spliced, the line stays empty */
            buf_puts(&out, "\n");
            map_line(a, &files, &lines, u->path, main_line++);
            continue;
        }
        paths->items[which] = NULL;
        size_t hlen;
        char *h = read_file(path, &hlen);
        if (!h) {
            buf_free(&out);
            return false;
        }
        buf_puts(&out, "#line 1 \"");
        put_path(&out, path);
        buf_puts(&out, "\"\n");
        map_line(a, &files, &lines, path, 0);
        unsigned hline = 1;
        for (size_t p = 0; p < hlen;) {
            size_t e = p;
            while (e < hlen && h[e] != '\n')
                e++;
            const char *ln = h + p;
            while (ln < h + e && (*ln == ' ' || *ln == '\t'))
                ln++;
            if (strncmp(ln, "#pragma once", 12) == 0)
                buf_puts(&out, "");         /* the header is now part of the main file */
            else
                buf_put(&out, h + p, e - p);
            buf_puts(&out, "\n");
            map_line(a, &files, &lines, path, hline++);
            p = e + 1;
        }
        free(h);
        main_line++;        /* the directive's own line */
        buf_printf(&out, "#line %u \"", main_line);
        put_path(&out, u->path);
        buf_puts(&out, "\"\n");
        map_line(a, &files, &lines, u->path, 0);
    }
    u->text = arena_strndup(a, out.data ? out.data : "", out.len);
    u->len = out.len;
    u->nlines = (unsigned)files.len - 1;
    u->line_file = (const char **)files.items;
    u->line_no = arena_alloc(a, sizeof(unsigned) * ((size_t)u->nlines + 1));
    for (unsigned i = 1; i <= u->nlines; i++)
        u->line_no[i] = *(unsigned *)lines.items[i];
    buf_free(&out);
    return true;
}
