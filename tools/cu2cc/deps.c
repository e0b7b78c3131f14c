/* deps.c - dependency rules as nvcc writes them (-M, -MM, -MD, -MMD with -MF, -MT, -MP).
 * The host preprocessor reads the real source with the flags of its compile (for a .cu: as
 * C++ with nvcc's macros and cu2c's cuda_runtime.h pre-included, as nvcc does), so the
 * rule names the source and the headers it includes, never a translated temporary; its
 * gcc-style output is then re-laid in nvcc's shape: `target : source \` and one dependency
 * per line, indented by four spaces; -MP adds an empty rule per header. */
#include "cu2cc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* nvcc's default target for -M: the source's name without its directory, as an object. */
char *deps_default_target(const char *src) {
    const char *base = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
    const char *dot = strrchr(base, '.');
    return xprintf("%.*s.o", (int)(dot ? dot - base : (long)strlen(base)), base);
}

/* Reads a whole file into a string, or NULL. */
static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0, got;
    char *s = xmalloc(cap);
    while ((got = fread(s + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            cap *= 2;
            s = realloc(s, cap);
            if (!s)
                die("out of memory");
        }
    }
    fclose(f);
    s[len] = 0;
    return s;
}

/* Splits a gcc-style rule's prerequisites (after "target:") into file names: blanks and
 * backslash-newlines separate, `\ ` is a space in a name, `$$` a dollar. */
static void prerequisites(const char *rule, StrList *out) {
    const char *p = strstr(rule, ": ");
    if (!p)
        return;
    p += 1;
    char *w = xmalloc(strlen(p) + 1);
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || (*p == '\\' && p[1] == '\n'))
            p += *p == '\\' ? 2 : 1;
        if (!*p)
            break;
        size_t n = 0;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && !(*p == '\\' && p[1] == '\n')) {
            if (*p == '\\' && p[1] == ' ')
                p++;
            else if (*p == '$' && p[1] == '$')
                p++;
            w[n++] = *p++;
        }
        w[n] = 0;
        bool seen = false;
        for (int i = 0; i < out->n && !seen; i++)
            seen = strcmp(out->v[i], w) == 0;
        if (!seen)
            sl_push(out, w);
    }
    free(w);
}

/* Appends a name escaped for make (spaces, dollars). */
static void put_name(char **buf, size_t *len, size_t *cap, const char *name) {
    size_t need = *len + 2 * strlen(name) + 16;
    if (need > *cap) {
        *cap = need * 2;
        *buf = realloc(*buf, *cap);
        if (!*buf)
            die("out of memory");
    }
    for (const char *p = name; *p; p++) {
        if (*p == ' ' || *p == '#')
            (*buf)[(*len)++] = '\\';
        else if (*p == '$')
            (*buf)[(*len)++] = '$';
        (*buf)[(*len)++] = *p;
    }
    (*buf)[*len] = 0;
}

/* Appends literal text. */
static void put_text(char **buf, size_t *len, size_t *cap, const char *text) {
    size_t n = strlen(text);
    if (*len + n + 1 > *cap) {
        *cap = (*len + n + 1) * 2;
        *buf = realloc(*buf, *cap);
        if (!*buf)
            die("out of memory");
    }
    memcpy(*buf + *len, text, n + 1);
    *len += n;
}

/* The dependency rule of one source in nvcc's shape, or NULL when the preprocessor failed.
 * pp_cmd is the host preprocessor with the flags of the source's compile; n is a number
 * that keeps this source's temporary apart from the others'. */
char *deps_rule(const Options *o, const StrList *pp_cmd, const char *src, const char *target,
                const char *work, int n) {
    char *tmp = xprintf("%s/%d.deps", work, n);
    StrList cmd = {0};
    sl_append(&cmd, pp_cmd);
    sl_push(&cmd, o->deps == 2 ? "-MM" : "-M");
    sl_push(&cmd, "-MF");
    sl_push(&cmd, tmp);
    sl_push(&cmd, src);
    Options quiet = *o;
    quiet.verbose = quiet.dryrun = false; /* the step nvcc prints is the filter, below */
    int rc = run_cmd(&quiet, &cmd);
    sl_free(&cmd);
    if (rc != 0) {
        free(tmp);
        return NULL;
    }
    char *rule = slurp(tmp);
    if (!rule)
        die("cannot read the dependencies of '%s': %s", src, strerror(errno));
    StrList files = {0};
    prerequisites(rule, &files);
    free(rule);
    free(tmp);
    size_t len = 0, cap = 256;
    char *out = xmalloc(cap);
    out[0] = 0;
    put_name(&out, &len, &cap, target);
    put_text(&out, &len, &cap, " :");
    for (int i = 0; i < files.n; i++) {
        put_text(&out, &len, &cap, i == 0 ? " " : " \\\n    ");
        put_name(&out, &len, &cap, files.v[i]);
    }
    put_text(&out, &len, &cap, "\n");
    for (int i = 1; o->dep_phony && i < files.n; i++) {
        put_text(&out, &len, &cap, "\n");
        put_name(&out, &len, &cap, files.v[i]);
        put_text(&out, &len, &cap, ":\n");
    }
    sl_free(&files);
    return out;
}
