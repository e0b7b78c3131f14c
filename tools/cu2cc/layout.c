/* layout.c - where cu2c's pieces are, found relative to cu2cc itself (the build tree's
 * bin/, include/, lib/, or an installed prefix with include/cu2c-cuda), which host compilers
 * build (CU2CC_CC/CU2CC_CXX, or -ccbin), and what nvcc would say about itself: --version
 * and the `#$ NAME=value` lines of -v/--dryrun that CMake reads (TOP, INCLUDES, LIBRARIES). */
#include "cu2cc.h"

#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* True when path names a regular file (or a link to one). */
static bool is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* True when path names a directory. */
static bool is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The directory part of a path, as a new string. */
static char *dir_of(const char *path) {
    char *copy = xstrdup(path);
    char *d = xstrdup(dirname(copy));
    free(copy);
    return d;
}

/* s with its last occurrence of from replaced by to (a new string), or NULL. */
static char *replace_last(const char *s, const char *from, const char *to) {
    const char *at = NULL;
    for (const char *p = strstr(s, from); p; p = strstr(p + 1, from))
        at = p;
    if (!at)
        return NULL;
    return xprintf("%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
}

/* The C and C++ compilers -ccbin names: a directory holding gcc/g++ (or cc/c++, clang/
 * clang++), or one compiler, whose partner is found by name (gcc-12 and g++-12, clang and
 * clang++, cc and c++, mpicc and mpicxx); a compiler without a known partner builds both
 * languages. */
static void host_compilers(const char *ccbin, char **cc, char **cxx) {
    if (is_dir(ccbin)) {
        static const char *const pairs[][2] = {{"gcc", "g++"}, {"cc", "c++"}, {"clang", "clang++"}};
        for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
            char *c = xprintf("%s/%s", ccbin, pairs[i][0]), *cx = xprintf("%s/%s", ccbin, pairs[i][1]);
            if (access(c, X_OK) == 0 && access(cx, X_OK) == 0) {
                *cc = c;
                *cxx = cx;
                return;
            }
            free(c);
            free(cx);
        }
        die("-ccbin %s: no gcc/g++, cc/c++ or clang/clang++ in that directory", ccbin);
    }
    const char *base = strrchr(ccbin, '/') ? strrchr(ccbin, '/') + 1 : ccbin;
    char *partner = NULL;
    if (strstr(base, "clang++"))
        partner = *cc = replace_last(ccbin, "clang++", "clang"), *cxx = xstrdup(ccbin);
    else if (strstr(base, "clang"))
        partner = *cxx = replace_last(ccbin, "clang", "clang++"), *cc = xstrdup(ccbin);
    else if (strstr(base, "mpicxx"))   /* MPI's wrappers: mpicxx and mpicc */
        partner = *cc = replace_last(ccbin, "mpicxx", "mpicc"), *cxx = xstrdup(ccbin);
    else if (strstr(base, "mpic++"))
        partner = *cc = replace_last(ccbin, "mpic++", "mpicc"), *cxx = xstrdup(ccbin);
    else if (strstr(base, "mpicc"))
        partner = *cxx = replace_last(ccbin, "mpicc", "mpicxx"), *cc = xstrdup(ccbin);
    else if (strstr(base, "g++"))
        partner = *cc = replace_last(ccbin, "g++", "gcc"), *cxx = xstrdup(ccbin);
    else if (strstr(base, "gcc"))
        partner = *cxx = replace_last(ccbin, "gcc", "g++"), *cc = xstrdup(ccbin);
    else if (strstr(base, "c++"))
        partner = *cc = replace_last(ccbin, "c++", "cc"), *cxx = xstrdup(ccbin);
    else if (strcmp(base, "cc") == 0)
        partner = *cxx = replace_last(ccbin, "cc", "c++"), *cc = xstrdup(ccbin);
    if (!partner)
        *cc = xstrdup(ccbin), *cxx = xstrdup(ccbin);
}

/* The CUDA release cu2c's headers follow (CUDART_VERSION in cuda_runtime_api.h). */
static void read_version(Layout *l) {
    char *path = xprintf("%s/cuda_runtime_api.h", l->inc);
    FILE *f = fopen(path, "r");
    char line[512];
    long v = -1;
    while (f && v < 0 && fgets(line, sizeof line, f))
        if (sscanf(line, "#define CUDART_VERSION %ld", &v) != 1)
            v = -1;
    if (f)
        fclose(f);
    if (v <= 0)
        die("cannot find CUDART_VERSION in %s", path);
    free(path);
    l->major = (int)(v / 1000);
    l->minor = (int)(v % 1000 / 10);
}

/* Finds cu2c, the headers and libcu2c next to cu2cc, and the host compilers. */
void layout_find(Layout *l, const char *argv0, const Options *o) {
    char exe[PATH_MAX];
    if (!realpath("/proc/self/exe", exe) && !realpath(argv0, exe))
        die("cannot find where cu2cc is");
    l->bindir = dir_of(exe);
    l->root = dir_of(l->bindir);
    l->cu2c = xprintf("%s/cu2c", l->bindir);
    char *probe = xprintf("%s/include/cu2c/kernel.h", l->root);
    l->inc = xprintf(is_file(probe) ? "%s/include" : "%s/include/cu2c-cuda", l->root);
    free(probe);
    l->libdir = xprintf("%s/lib", l->root);
    l->lib = xprintf("%s/libcu2c.a", l->libdir);
    l->cudalibdir = xprintf("%s/lib64", l->root);
    probe = xprintf("%s/cu2c/kernel.h", l->inc);
    if (!is_file(probe))
        die("cannot find cu2c's headers (%s)", l->inc);
    free(probe);
    read_version(l);
    if (o->ccbin) {
        host_compilers(o->ccbin, &l->cc, &l->cxx);
        l->chosen_cxx = true;
    } else {
        const char *cc = getenv("CU2CC_CC"), *cxx = getenv("CU2CC_CXX");
        l->cc = xstrdup(cc && *cc ? cc : "cc");
        l->cxx = xstrdup(cxx && *cxx ? cxx : "c++");
        l->chosen_cxx = cxx && *cxx;
    }
}

/* --version: nvcc's text, whose first line tools match to know nvcc's options apply and
 * whose "release X.Y, VX.Y.Z" CMake and FindCUDAToolkit read; the version is the CUDA
 * release cu2c's runtime implements. */
void layout_version(const Layout *l) {
    printf("nvcc: NVIDIA (R) Cuda compiler driver\n"
           "cu2cc: this is cu2c's nvcc-compatible driver (CUDA on CPU cores with libcu2c), not NVIDIA's\n"
           "Cuda compilation tools, release %d.%d, V%d.%d.0\n"
           "Build cu2c_0.1 (the CUDA %d.%d runtime API on the CPU)\n",
           l->major, l->minor, l->major, l->minor, l->major, l->minor);
}

/* The variable lines nvcc -v and --dryrun start with. CMake takes the toolkit's root from
 * TOP, its headers from INCLUDES, and finds the link line by the LIBRARIES text in it; its
 * own links (the host compiler with -lcudart_static -lcudadevrt) search that directory. */
void layout_print_env(const Layout *l) {
    const char *path = getenv("PATH"), *ld = getenv("LD_LIBRARY_PATH");
    char *libq = quote_arg(xprintf("-L%s", l->cudalibdir));
    char *incq = quote_arg(xprintf("-I%s", l->inc));
    fprintf(stderr,
            "#$ _NVVM_BRANCH_=nvvm\n"
            "#$ _SPACE_= \n"
            "#$ _CUDART_=cudart\n"
            "#$ _HERE_=%s\n"
            "#$ _THERE_=%s\n"
            "#$ _TARGET_SIZE_=\n"
            "#$ _TARGET_DIR_=\n"
            "#$ TOP=%s/..\n"
            "#$ NVVMIR_LIBRARY_DIR=%s/../nvvm/libdevice\n"
            "#$ LD_LIBRARY_PATH=%s/../lib:%s\n"
            "#$ PATH=%s:%s\n"
            "#$ INCLUDES=%s  \n"
            "#$ SYSTEM_INCLUDES=  \n"
            "#$ LIBRARIES=  %s\n"
            "#$ CUDAFE_FLAGS=\n"
            "#$ PTXAS_FLAGS=\n",
            l->bindir, l->bindir, l->bindir, l->bindir, l->bindir, ld ? ld : "", l->bindir,
            path ? path : "", incq, libq);
    free(libq);
    free(incq);
}
