/* emit.c - the output file: the input's text copied untouched except where the edit list
 * says, behind a short prelude. Written to a temporary file and renamed, so a failed run
 * never leaves a partial file or clobbers an existing one. */
#include "cu2c.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int edit_cmp(const void *pa, const void *pb) {
    const Edit *a = *(const Edit *const *)pa, *b = *(const Edit *const *)pb;
    if (a->begin != b->begin)
        return a->begin < b->begin ? -1 : 1;
    /* inserts before replacements at the same offset, then in the order added */
    if ((a->end == a->begin) != (b->end == b->begin))
        return a->end == a->begin ? -1 : 1;
    return a->seq - b->seq;
}

/* Writes a string literal's contents for #line. */
static void put_path(Buf *b, const char *path) {
    for (const char *p = path; *p; p++) {
        if (*p == '"' || *p == '\\')
            buf_put(b, "\\", 1);
        buf_put(b, p, 1);
    }
}

int emit_write(Unit *u, const char *output) {
    /* the main file's edits; those of inlined copies live on in their calls' replacements */
    PtrVec main_edits = {0};
    for (int i = 0; i < u->edits.len; i++)
        if (((Edit *)u->edits.items[i])->copy == 0)
            vec_push(u->arena, &main_edits, u->edits.items[i]);
    Edit **edits = (Edit **)main_edits.items;
    qsort(edits, (size_t)main_edits.len, sizeof *edits, edit_cmp);
    Buf out = {0};
    buf_printf(&out, "/* cu2c: %s - translated from ", u->is_cxx ? "C++" : "C");
    put_path(&out, u->path);
    buf_puts(&out, " by cu2c; build with -lcu2c -lpthread -lm */\n");
    buf_puts(&out, "#include <cuda_runtime.h>\n#include <cu2c/kernel.h>\n#line 1 \"");
    put_path(&out, u->path);
    buf_puts(&out, "\"\n");
    unsigned pos = 0;
    for (int i = 0; i < main_edits.len; i++) {
        Edit *e = edits[i];
        if (e->begin < pos) {
            /* Two passes edited the same text: a bug or a construct we cannot place. */
            SrcLoc loc = {u->path, 0, 0, e->begin};
            for (unsigned j = 0; j < e->begin && j < u->len; j++)
                loc.line += u->text[j] == '\n';
            loc.line++;
            diag_error(u, loc, "cu2c cannot rewrite this code: overlapping edits (e.g. a kernel launch inside a macro argument)");
            buf_free(&out);
            return 1;
        }
        buf_put(&out, u->text + pos, e->begin - pos);
        buf_puts(&out, e->text);
        pos = e->end;
    }
    buf_put(&out, u->text + pos, u->len - pos);

    if (!output || strcmp(output, "-") == 0) {
        fwrite(out.data, 1, out.len, stdout);
        buf_free(&out);
        return 0;
    }
    char *tmp = malloc(strlen(output) + 32);
    sprintf(tmp, "%s.cu2c-tmp.%ld", output, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(out.data, 1, out.len, f) == out.len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp, output) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "cu2c: error: cannot write '%s': %s\n", output, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    buf_free(&out);
    return ok ? 0 : 1;
}
