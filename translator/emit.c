/* emit.c - the output file: the input's text copied untouched except where the edit list
 * says, behind a short prelude. A regular file is written to a temporary file and renamed,
 * so a failed run never leaves a partial file or clobbers an existing one; anything else
 * (/dev/null, a FIFO) is written through, and a symbolic link is followed to its file. */
#include "cu2c.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes data to output as the header comment says. Returns 0 on success. */
static int write_output(const char *output, const char *data, size_t len) {
    struct stat st;
    if (lstat(output, &st) == 0 && S_ISLNK(st.st_mode)) {
        char target[PATH_MAX];
        if (realpath(output, target))
            return write_output(target, data, len);
    }
    bool through = lstat(output, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    if (through || (lstat(output, &st) == 0 && S_ISLNK(st.st_mode))) {
        /* a device, a FIFO, or a link to a file not there yet: open what it names */
        FILE *f = fopen(output, "wb");
        int ok = f && fwrite(data, 1, len, f) == len;
        if (f && fclose(f) != 0)
            ok = 0;
        if (!ok)
            fprintf(stderr, "cu2c: error: cannot write '%s': %s\n", output, strerror(errno));
        return ok ? 0 : 1;
    }
    char *tmp = malloc(strlen(output) + 32);
    sprintf(tmp, "%s.cu2c-tmp.%ld", output, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = 0;
    if (ok && rename(tmp, output) != 0)
        ok = 0;
    if (!ok) {
        fprintf(stderr, "cu2c: error: cannot write '%s': %s\n", output, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    return ok ? 0 : 1;
}

int emit_write(Unit *u, const char *output) {
    /* the main file's edits; those of inlined copies live on in their calls' replacements */
    PtrVec main_edits = {0};
    for (int i = 0; i < u->edits.len; i++)
        if (((Edit *)u->edits.items[i])->copy == 0)
            vec_push(u->arena, &main_edits, u->edits.items[i]);
    Buf out = {0};
    buf_printf(&out, "/* cu2c: %s - translated from ", u->is_cxx ? "C++" : "C");
    put_path(&out, u->path);
    /* cu2cc reads this line: -fopenmp for a program using thrust (frontend/thrust.c) */
    buf_puts(&out, u->openmp ? " by cu2c; build with -fopenmp -lcu2c -lpthread -lm */\n"
                             : " by cu2c; build with -lcu2c -lpthread -lm */\n");
    if (u->cuda_arch)   /* what the parse saw (cu2c/defs.h otherwise) */
        buf_printf(&out, "#define __CU2C_ARCH__ %d\n", u->cuda_arch);
    buf_puts(&out, "#include <cuda_runtime.h>\n#include <cu2c/kernel.h>\n#line 1 \"");
    put_path(&out, u->path);
    buf_puts(&out, "\"\n");
    if (!edits_render(u, &main_edits, 0, (unsigned)u->len, &out)) {
        buf_free(&out);
        return 1;
    }

    if (!output || strcmp(output, "-") == 0) {
        fwrite(out.data, 1, out.len, stdout);
        buf_free(&out);
        return 0;
    }
    int rc = write_output(output, out.data, out.len);
    buf_free(&out);
    return rc;
}
