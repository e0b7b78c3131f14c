/* diag.c - located messages in the compilers' format: `file:line:col: error: message`,
 * then the source line and a caret under the column. */
#include "cu2c.h"

#include <stdlib.h>
#include <string.h>

/* The source line holding loc, when loc is in the main file (the only text we hold). */
static void show_line(Unit *u, SrcLoc loc) {
    if (!u || !u->text || !loc.file || strcmp(loc.file, u->path) != 0 || loc.offset > u->len)
        return;
    unsigned start = loc.offset, end = loc.offset;
    while (start > 0 && u->text[start - 1] != '\n')
        start--;
    while (end < u->len && u->text[end] != '\n')
        end++;
    fprintf(stderr, "%.*s\n", (int)(end - start), u->text + start);
    for (unsigned i = start; i < loc.offset; i++)
        fputc(u->text[i] == '\t' ? '\t' : ' ', stderr);
    fputs("^\n", stderr);
}

/* The same message at the same place is printed once: a function expanded at two calls is
 * scanned twice. */
static bool seen_before(const char *msg) {
    static char *seen[64];
    static int nseen;
    for (int i = 0; i < nseen; i++)
        if (strcmp(seen[i], msg) == 0)
            return true;
    if (nseen < 64)
        seen[nseen++] = strdup(msg);
    return false;
}

static void report(Unit *u, SrcLoc loc, const char *kind, const char *fmt, va_list ap) {
    const char *file = loc_file(loc);
    char msg[2048];
    int n = snprintf(msg, sizeof msg, "%s:%u:%u: %s: ", file ? file : "<unknown>", loc_line(loc), loc.col, kind);
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    if (seen_before(msg))
        return;
    fprintf(stderr, "%s\n", msg);
    show_line(u, loc);
}

void diag_error(Unit *u, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    report(u, loc, "error", fmt, ap);
    va_end(ap);
    if (u) {
        u->errors++;
        u->deferring = false;
    }
}

/* A refusal kept on the kernel being scanned (its notes with it). */
static void defer(Unit *u, SrcLoc loc, bool note, const char *fmt, va_list ap) {
    Refusal *r = arena_alloc(u->arena, sizeof *r);
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    r->loc = loc;
    r->note = note;
    r->msg = arena_strdup(u->arena, msg);
    vec_push(u->arena, &u->scanning->refusals, r);
}

void diag_note(Unit *u, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (u && u->deferring && u->scanning)
        defer(u, loc, true, fmt, ap);
    else
        report(u, loc, "note", fmt, ap);
    va_end(ap);
}

void diag_refuse(Unit *u, SrcLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (u->scanning) {
        defer(u, loc, false, fmt, ap);
        u->deferring = true;
    } else {
        report(u, loc, "error", fmt, ap);
        u->errors++;
        u->deferring = false;
    }
    va_end(ap);
}

void diag_settle(Unit *u, Kernel *k, bool fibers) {
    for (int i = 0; !fibers && i < k->refusals.len; i++) {
        Refusal *r = k->refusals.items[i];
        if (r->note) {
            diag_note(u, r->loc, "%s", r->msg);
        } else {
            diag_error(u, r->loc, "%s", r->msg);
            u->deferring = false;
        }
    }
    k->refusals.len = 0;
}

void diag_fatal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("cu2c: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}
