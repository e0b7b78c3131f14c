/* openmp.c - when a build needs OpenMP without the user asking for it: a .cu including
 * thrust (whose device algorithms are OpenMP's here) is translated by cu2c into a file whose
 * first line asks for -fopenmp; objects built so (by an earlier cu2cc -c) call libgomp
 * (GOMP_*) or LLVM's OpenMP runtime (__kmpc_*), and their link needs -fopenmp too. Other
 * files keep nvcc's meaning: their `#pragma omp` only with -Xcompiler -fopenmp. */
#include "cu2cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool translation_needs_openmp(const char *translated) {
    FILE *f = fopen(translated, "r");
    if (!f)
        return false;
    char line[4096];
    bool needs = fgets(line, sizeof line, f) && strncmp(line, "/* cu2c: ", 9) == 0 &&
                 strstr(line, "build with -fopenmp ") != NULL;
    fclose(f);
    return needs;
}

bool object_needs_openmp(const char *path) {
    size_t n = strlen(path);
    if (!(n > 2 && strcmp(path + n - 2, ".o") == 0) && !(n > 2 && strcmp(path + n - 2, ".a") == 0))
        return false;   /* a shared library names its own dependencies */
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    /* the names of the OpenMP runtimes' entry points, in the symbol string table; read in
     * chunks overlapping by a name's length */
    static const char *const names[] = {"GOMP_parallel", "__kmpc_fork_call"};
    enum { OVERLAP = 32 };
    char buf[65536];
    size_t keep = 0, got;
    bool found = false;
    while (!found && (got = fread(buf + keep, 1, sizeof buf - keep, f)) > 0) {
        size_t len = keep + got;
        for (size_t i = 0; i < sizeof names / sizeof *names && !found; i++)
            found = memmem(buf, len, names[i], strlen(names[i])) != NULL;
        keep = len < OVERLAP ? len : OVERLAP;
        memmove(buf, buf + len - keep, keep);
    }
    fclose(f);
    return found;
}
