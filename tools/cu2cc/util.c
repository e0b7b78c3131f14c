/* util.c - the driver's small helpers: string lists (argvs), allocation that cannot fail
 * silently, and the one way a run ends on a user error (`cu2cc: error: ...`, exit 1). */
#include "cu2cc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* malloc that ends the run rather than returning NULL. */
void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p)
        die("out of memory");
    return p;
}

/* strdup through xmalloc. */
char *xstrdup(const char *s) {
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

/* A string formatted from ap, the caller's. */
static char *vxprintf(const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = xmalloc((size_t)n + 1);
    vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

/* A formatted string the caller owns. */
char *xprintf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = vxprintf(fmt, ap);
    va_end(ap);
    return s;
}

/* Reports a user error as `cu2cc: error: ...` and exits 1 (temporaries go with the exit
 * handler in main.c). */
void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("cu2cc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

/* Appends a copy of s, keeping the list NULL-terminated for execvp. */
void sl_push(StrList *l, const char *s) {
    if (l->n + 2 > l->cap) {
        l->cap = l->cap ? l->cap * 2 : 8;
        char **v = realloc(l->v, sizeof *v * (size_t)l->cap);
        if (!v)
            die("out of memory");
        l->v = v;
    }
    l->v[l->n++] = xstrdup(s);
    l->v[l->n] = NULL;
}

/* Appends a formatted string. */
void sl_pushf(StrList *l, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = vxprintf(fmt, ap);
    va_end(ap);
    sl_push(l, s);
    free(s);
}

/* Appends every string of another list. */
bool sl_contains(const StrList *l, const char *s) {
    for (int i = 0; i < l->n; i++)
        if (strcmp(l->v[i], s) == 0)
            return true;
    return false;
}

void sl_append(StrList *l, const StrList *from) {
    for (int i = 0; i < from->n; i++)
        sl_push(l, from->v[i]);
}

/* Frees the strings and the list, leaving it empty and reusable. */
void sl_free(StrList *l) {
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    *l = (StrList){0};
}
