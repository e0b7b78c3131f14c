/* args.c - nvcc's command line: every option under its long name (--name) and its short
 * name (-name), with its value as `-name value`, `-name=value`, glued for the one-letter
 * ones (`-Idir`, `-lm`, `-O2`), and comma-separated where nvcc splits lists (`-I a,b`,
 * `-Xcompiler -a,-b`). --options-file/-optf splices a file's shell-quoted words in place.
 * Options that only steer GPU code generation are accepted and ignored; the rest end the
 * run with an error naming the option, unless -forward-unknown-to-host-compiler. */
#include "cu2cc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* How an option takes its value. */
typedef enum Kind {
    K_FLAG,  /* no value */
    K_VALUE, /* one value */
    K_LIST,  /* a value nvcc splits at commas */
} Kind;

/* What an option does (one case each in apply()). */
typedef enum Act {
    A_HELP, A_VERSION, A_VERBOSE, A_DRYRUN, A_KEEP, A_KEEP_DIR, A_OPTIONS_FILE,
    A_COMPILE, A_DEVICE_C, A_DLINK, A_LIB, A_LINK, A_PREPROCESS, A_CUDA,
    A_DEP_M, A_DEP_MM, A_DEP_MD, A_DEP_MMD, A_DEP_MF, A_DEP_MT, A_DEP_MP,
    A_OUTPUT, A_ODIR, A_INCLUDE, A_SYSTEM_INCLUDE, A_PRE_INCLUDE, A_DEFINE, A_UNDEFINE,
    A_LIBRARY_PATH, A_LIBRARY, A_OPTIMIZE, A_DEBUG, A_DEVICE_DEBUG, A_STD, A_X, A_XCOMPILER, A_XLINKER,
    A_SANITIZE, A_SHARED, A_NO_WARNINGS, A_DEFAULT_STREAM, A_RELAXED_CONSTEXPR, A_EXTENDED_LAMBDA,
    A_RDC, A_CCBIN, A_HOST_MARCH, A_FORWARD_UNKNOWN, A_MACHINE, A_ARCH, A_IGNORED, A_NO_DEVICE_CODE,
} Act;

/* One option: nvcc's long and short names (without dashes), its value kind, its action;
 * glued: the value may follow a one-letter short name directly (-Idir). */
typedef struct Spec {
    const char *lng, *shrt;
    Kind kind;
    Act act;
    bool glued;
} Spec;

static const Spec specs[] = {
    {"help", "h", K_FLAG, A_HELP, false},
    {"version", "V", K_FLAG, A_VERSION, false},
    {"verbose", "v", K_FLAG, A_VERBOSE, false},
    {"dryrun", "dryrun", K_FLAG, A_DRYRUN, false},
    {"keep", "keep", K_FLAG, A_KEEP, false},
    {"save-temps", "save-temps", K_FLAG, A_KEEP, false},
    {"keep-dir", "keep-dir", K_VALUE, A_KEEP_DIR, false},
    {"options-file", "optf", K_LIST, A_OPTIONS_FILE, false},
    {"compile", "c", K_FLAG, A_COMPILE, false},
    {"device-c", "dc", K_FLAG, A_DEVICE_C, false},
    {"device-link", "dlink", K_FLAG, A_DLINK, false},
    {"lib", "lib", K_FLAG, A_LIB, false},
    {"link", "link", K_FLAG, A_LINK, false},
    {"preprocess", "E", K_FLAG, A_PREPROCESS, false},
    {"generate-dependencies", "M", K_FLAG, A_DEP_M, false},
    {"generate-nonsystem-dependencies", "MM", K_FLAG, A_DEP_MM, false},
    {"generate-dependencies-with-compile", "MD", K_FLAG, A_DEP_MD, false},
    {"generate-nonsystem-dependencies-with-compile", "MMD", K_FLAG, A_DEP_MMD, false},
    {"dependency-output", "MF", K_VALUE, A_DEP_MF, false},
    {"dependency-target-name", "MT", K_VALUE, A_DEP_MT, false},
    {"generate-dependency-targets", "MP", K_FLAG, A_DEP_MP, false},
    {"output-file", "o", K_VALUE, A_OUTPUT, true},
    {"output-directory", "odir", K_VALUE, A_ODIR, false},
    {"include-path", "I", K_LIST, A_INCLUDE, true},
    {"system-include", "isystem", K_LIST, A_SYSTEM_INCLUDE, false},
    {"pre-include", "include", K_LIST, A_PRE_INCLUDE, false},
    {"define-macro", "D", K_LIST, A_DEFINE, true},
    {"undefine-macro", "U", K_LIST, A_UNDEFINE, true},
    {"library-path", "L", K_LIST, A_LIBRARY_PATH, true},
    {"library", "l", K_LIST, A_LIBRARY, true},
    {"optimize", "O", K_VALUE, A_OPTIMIZE, true},
    {"debug", "g", K_FLAG, A_DEBUG, false},
    {"device-debug", "G", K_FLAG, A_DEVICE_DEBUG, false},
    {"std", "std", K_VALUE, A_STD, false},
    {"x", "x", K_VALUE, A_X, true},
    {"compiler-options", "Xcompiler", K_LIST, A_XCOMPILER, false},
    {"linker-options", "Xlinker", K_LIST, A_XLINKER, false},
    {"shared", "shared", K_FLAG, A_SHARED, false},
    {"disable-warnings", "w", K_FLAG, A_NO_WARNINGS, false},
    {"default-stream", "default-stream", K_VALUE, A_DEFAULT_STREAM, false},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", K_FLAG, A_RELAXED_CONSTEXPR, false},
    {"extended-lambda", "extended-lambda", K_FLAG, A_EXTENDED_LAMBDA, false},
    {"expt-extended-lambda", "expt-extended-lambda", K_FLAG, A_EXTENDED_LAMBDA, false},
    {"relocatable-device-code", "rdc", K_VALUE, A_RDC, false},
    {"compiler-bindir", "ccbin", K_VALUE, A_CCBIN, false},
    /* cu2c's own: the CPU the kernels are compiled for (nvcc has no such choice) */
    {"host-march", "host-march", K_VALUE, A_HOST_MARCH, false},
    /* cu2c's own: the host compiler's sanitizers over the translated kernels (address:
     * out-of-bounds and use-after-free on device allocations, reported at the .cu line) */
    {"fsanitize", "fsanitize", K_VALUE, A_SANITIZE, false},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", K_FLAG,
     A_FORWARD_UNKNOWN, false},
    {"forward-unknown-opts", "forward-unknown-opts", K_FLAG, A_FORWARD_UNKNOWN, false},
    {"machine", "m", K_VALUE, A_MACHINE, true},
    /* GPU code generation, device linking and nvcc's own diagnostics: nothing to do on
     * the CPU (the host compiler's -O decides the kernels' code) */
    {"gpu-architecture", "arch", K_VALUE, A_ARCH, false},
    {"gpu-code", "code", K_VALUE, A_ARCH, false},
    {"generate-code", "gencode", K_VALUE, A_ARCH, false},
    {"maxrregcount", "maxrregcount", K_VALUE, A_IGNORED, false},
    {"ptxas-options", "Xptxas", K_LIST, A_IGNORED, false},
    {"nvlink-options", "Xnvlink", K_LIST, A_IGNORED, false},
    {"archive-options", "Xarchive", K_LIST, A_IGNORED, false},
    {"cudafe-options", "Xcudafe", K_LIST, A_IGNORED, false},
    {"threads", "t", K_VALUE, A_IGNORED, false},
    {"split-compile", "split-compile", K_VALUE, A_IGNORED, false},
    {"resource-usage", "res-usage", K_FLAG, A_IGNORED, false},
    {"generate-line-info", "lineinfo", K_FLAG, A_IGNORED, false},
    {"use_fast_math", "use_fast_math", K_FLAG, A_IGNORED, false},
    {"ftz", "ftz", K_VALUE, A_IGNORED, false},
    {"prec-div", "prec-div", K_VALUE, A_IGNORED, false},
    {"prec-sqrt", "prec-sqrt", K_VALUE, A_IGNORED, false},
    {"fmad", "fmad", K_VALUE, A_IGNORED, false},
    {"extra-device-vectorization", "extra-device-vectorization", K_FLAG, A_IGNORED, false},
    {"cudart", "cudart", K_VALUE, A_IGNORED, false},
    {"cudadevrt", "cudadevrt", K_VALUE, A_IGNORED, false},
    {"extensible-whole-program", "ewp", K_FLAG, A_IGNORED, false},
    {"Werror", "Werror", K_LIST, A_IGNORED, false},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", K_FLAG, A_IGNORED, false},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", K_FLAG, A_IGNORED, false},
    {"Wreorder", "Wreorder", K_FLAG, A_IGNORED, false},
    {"diag-suppress", "diag-suppress", K_LIST, A_IGNORED, false},
    {"diag-warn", "diag-warn", K_LIST, A_IGNORED, false},
    {"diag-error", "diag-error", K_LIST, A_IGNORED, false},
    {"display-error-number", "err-no", K_FLAG, A_IGNORED, false},
    {"no-display-error-number", "no-err-no", K_FLAG, A_IGNORED, false},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", K_FLAG, A_IGNORED, false},
    {"use-local-env", "use-local-env", K_FLAG, A_IGNORED, false},
    {"restrict", "restrict", K_FLAG, A_IGNORED, false},
    {"source-in-ptx", "src-in-ptx", K_FLAG, A_IGNORED, false},
    {"static-global-template-stub", "static-global-template-stub", K_VALUE, A_IGNORED, false},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", K_VALUE,
     A_IGNORED, false},
    {"optimization-info", "opt-info", K_LIST, A_IGNORED, false},
    /* outputs that are GPU code: there is none */
    {"cuda", "cuda", K_FLAG, A_CUDA, false},
    {"ptx", "ptx", K_FLAG, A_NO_DEVICE_CODE, false},
    {"cubin", "cubin", K_FLAG, A_NO_DEVICE_CODE, false},
    {"fatbin", "fatbin", K_FLAG, A_NO_DEVICE_CODE, false},
    {"optix-ir", "optix-ir", K_FLAG, A_NO_DEVICE_CODE, false},
    {"run", "run", K_FLAG, A_NO_DEVICE_CODE, false},
};

/* An -arch, -code or -gencode value (sm_70, compute_80, arch=compute_70,code=[sm_70,...]):
 * device code sees the highest compute capability named, as a GPU of that kind runs the
 * newest code it is given (native, all and all-major leave cu2c's default). */
static void note_arch(Options *o, const char *v) {
    for (const char *p = v; (p = strpbrk(p, "0123456789")); ) {
        char *end;
        long cc = strtol(p, &end, 10);
        bool named = (p - v >= 3 && strncmp(p - 3, "sm_", 3) == 0) ||
                     (p - v >= 8 && strncmp(p - 8, "compute_", 8) == 0) ||
                     (p - v >= 4 && strncmp(p - 4, "lto_", 4) == 0);
        if (named && cc >= 10 && cc < 1000 && cc > o->arch)
            o->arch = (int)cc;
        p = end;
    }
}

/* The libraries nvcc links for CUDA's runtime: libcu2c is all of them here; and NVTX's
 * (nvToolsExt.h is header-only here: no profiler to call). */
static bool is_cuda_library(const char *name) {
    static const char *const names[] = {"cudart", "cudart_static", "cudadevrt", "cuda", "nvToolsExt"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(name, names[i]) == 0)
            return true;
    return false;
}

/* CUDA's libraries cu2c provides as lib64/lib<name>.a (libraries/): -l<name> links that
 * archive by its file name (so that a real toolkit's lib<name>.so on another -L is not taken
 * instead), then the libraries it needs (cuFFTW is FFTW's own API: no archive of its own).
 * One line per library. */
#define FFTW_LIBS {"fftw3f_threads", "fftw3_threads", "fftw3f", "fftw3"}
static const struct CudaLibrary {
    const char *name, *archive;
    const char *needs[5];
} cuda_libraries[] = {
    {"cublas", "libcublas.a", {"openblas"}},
    {"cublas_static", "libcublas.a", {"openblas"}},
    {"cublasLt", "libcublasLt.a", {":libcublas.a", "openblas"}},
    {"cublasLt_static", "libcublasLt.a", {":libcublas.a", "openblas"}},
    {"cusolver", "libcusolver.a", {":libcublas.a", "openblas"}},
    {"cusolver_static", "libcusolver.a", {":libcublas.a", "openblas"}},
    {"nvidia-ml", "libnvidia-ml.a", {NULL}},
    {"cusparse", "libcusparse.a", {NULL}},
    {"cusparse_static", "libcusparse.a", {NULL}},
    {"curand", "libcurand.a", {NULL}},
    {"curand_static", "libcurand.a", {NULL}},
    {"cufft", "libcufft.a", FFTW_LIBS},
    {"cufft_static", "libcufft.a", FFTW_LIBS},
    {"cufftw", NULL, FFTW_LIBS},
    {"cufftw_static", NULL, FFTW_LIBS},
    {"nccl", "libnccl.a", {"rt"}},
    {"nccl_static", "libnccl.a", {"rt"}},
};

/* -lNAME: CUDA's runtime libraries are libcu2c (nothing to add); a library of the table is
 * its archive and what it needs; any other is passed on. */
static void add_library(Options *o, const char *name) {
    for (size_t i = 0; i < sizeof cuda_libraries / sizeof *cuda_libraries; i++)
        if (strcmp(name, cuda_libraries[i].name) == 0) {
            if (cuda_libraries[i].archive)
                sl_pushf(&o->libs, "-l:%s", cuda_libraries[i].archive);
            for (int j = 0; j < 5 && cuda_libraries[i].needs[j]; j++)
                sl_pushf(&o->libs, "-l%s", cuda_libraries[i].needs[j]);
            return;
        }
    if (!is_cuda_library(name))
        sl_pushf(&o->libs, "-l%s", name);
}

/* Prints the usage text, the options grouped as README lists them. */
void args_usage(FILE *f) {
    fputs("usage: cu2cc [nvcc options] inputs...   (.cu, .c, .cpp/.cc/.cxx, .o/.a/.so)\n"
          "cu2c's nvcc: translates .cu files with cu2c, builds them and .c/.cpp files with the\n"
          "host compilers, links with libcu2c (the CUDA runtime on CPU cores).\n"
          "  phases: -c, -dc, -dlink (an empty object), -lib, -link, -E, -M, -MM,\n"
          "          -cuda (the host-side translation, preprocessed, to FILE.cu.cpp.ii)\n"
          "  output: -o FILE, -odir DIR, -MD, -MMD, -MF FILE, -MT TARGET, -MP, --keep,\n"
          "          --keep-dir DIR, -v, --dryrun, --version\n"
          "  host:   -I, -isystem, -include, -D, -U, -L, -l, -O0..-O3, -g, -G, -std=, -x cu|c|c++,\n"
          "          -Xcompiler A,B, -Xlinker A,B, -shared, -w, -ccbin DIR|COMPILER, -m64,\n"
          "          --options-file F, -forward-unknown-to-host-compiler, --default-stream,\n"
          "          -rdc=true, --expt-relaxed-constexpr, --extended-lambda\n"
          "  cu2c:   --host-march native|portable|CPU: the CPU translated .cu files are built\n"
          "          for (default native; an -march=/-mcpu= given with -Xcompiler wins);\n"
          "          -fsanitize=address|undefined|...: the host compiler's sanitizers over the\n"
          "          kernels and host code (-g adds the .cu lines to their reports)\n"
          "  device: -arch, -code, -gencode (__CUDA_ARCH__: the highest named; default 800)\n"
          "  accepted and ignored (GPU code only): -maxrregcount,\n"
          "          -Xptxas, -Xnvlink, -Xarchive, -lineinfo, --resource-usage, --use_fast_math,\n"
          "          -ftz, -prec-div, -prec-sqrt, -fmad, -t/--threads, -Werror, -diag-suppress\n"
          "Environment: CU2CC_CC, CU2CC_CXX (compilers), CU2CC_KEEP=1 (keep the translated sources),\n"
          "             CU2CC_MARCH (--host-march's default), CU2C_CHECK=race (build a program that\n"
          "             reports data races on shared memory between a block's threads, with -g),\n"
          "             CU2C_THREAD_ORDER=reverse|random (run each region's threads in that order),\n"
          "             CU2C_ENGINE=fibers (run every kernel it can on the fiber engine).\n",
          f);
}

/* Splits an options file's text into words as a shell would: blanks separate, quotes
 * group, backslash escapes (outside single quotes). */
static void split_words(const char *text, StrList *out) {
    size_t cap = strlen(text) + 1;
    char *w = xmalloc(cap);
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
            p++;
        if (!*p)
            break;
        size_t n = 0;
        while (*p && !(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) {
            if (*p == '\'') {
                for (p++; *p && *p != '\''; p++)
                    w[n++] = *p;
                if (*p)
                    p++;
            } else if (*p == '"') {
                for (p++; *p && *p != '"'; p++) {
                    if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$' || p[1] == '`'))
                        p++;
                    w[n++] = *p;
                }
                if (*p)
                    p++;
            } else if (*p == '\\' && p[1]) {
                w[n++] = p[1];
                p += 2;
            } else {
                w[n++] = *p++;
            }
        }
        w[n] = 0;
        sl_push(out, w);
    }
    free(w);
}

/* Reads an options file into words. */
static void read_options_file(const char *path, StrList *out) {
    FILE *f = fopen(path, "rb");
    if (!f)
        die("cannot open options file '%s': %s", path, strerror(errno));
    size_t cap = 4096, len = 0;
    char *text = xmalloc(cap);
    size_t got;
    while ((got = fread(text + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            cap *= 2;
            text = realloc(text, cap);
            if (!text)
                die("out of memory");
        }
    }
    fclose(f);
    text[len] = 0;
    split_words(text, out);
    free(text);
}

/* Adds one value of a list option, or the single value of a value option. */
static void apply(Options *o, const Spec *s, const char *name, const char *v, StrList *args,
                  int at) {
    switch (s->act) {
    case A_HELP: o->help = true; break;
    case A_VERSION: o->print_version = true; break;
    case A_VERBOSE: o->verbose = true; break;
    case A_DRYRUN: o->dryrun = true; break;
    case A_KEEP: o->keep = true; break;
    case A_KEEP_DIR: o->keep_dir = xstrdup(v); break;
    case A_OPTIONS_FILE: {
        /* the file's words take the place of the option, before what follows it */
        StrList words = {0}, spliced = {0};
        read_options_file(v, &words);
        for (int i = 0; i <= at; i++)
            sl_push(&spliced, args->v[i]);
        sl_append(&spliced, &words);
        for (int i = at + 1; i < args->n; i++)
            sl_push(&spliced, args->v[i]);
        sl_free(&words);
        sl_free(args);
        *args = spliced;
        break;
    }
    case A_COMPILE: o->phase = PH_COMPILE; break;
    case A_DEVICE_C:
        o->phase = PH_COMPILE;
        sl_push(&o->cu_defs, "-D__CUDACC_RDC__");
        break;
    case A_DLINK: o->phase = PH_DLINK; break;
    case A_LIB: o->phase = PH_LIB; break;
    case A_LINK: o->phase = PH_LINK; break;
    case A_PREPROCESS: o->phase = PH_PREPROCESS; break;
    case A_CUDA: o->phase = PH_CUDA; break;
    case A_DEP_M: o->phase = PH_DEPS; o->deps = 1; break;
    case A_DEP_MM: o->phase = PH_DEPS; o->deps = 2; break;
    case A_DEP_MD: o->deps = 1; break;
    case A_DEP_MMD: o->deps = 2; break;
    case A_DEP_MF: o->dep_file = xstrdup(v); break;
    case A_DEP_MT: o->dep_target = xstrdup(v); break;
    case A_DEP_MP: o->dep_phony = true; break;
    case A_OUTPUT: o->output = xstrdup(v); break;
    case A_ODIR: o->odir = xstrdup(v); break;
    case A_INCLUDE: sl_pushf(&o->pp, "-I%s", v); break;
    case A_SYSTEM_INCLUDE: sl_push(&o->pp, "-isystem"); sl_push(&o->pp, v); break;
    case A_PRE_INCLUDE: sl_push(&o->pp, "-include"); sl_push(&o->pp, v); break;
    case A_DEFINE: sl_pushf(&o->pp, "-D%s", v); break;
    case A_UNDEFINE: sl_pushf(&o->pp, "-U%s", v); break;
    case A_LIBRARY_PATH: sl_pushf(&o->ldflags, "-L%s", v); break;
    case A_LIBRARY: add_library(o, v); break;
    case A_OPTIMIZE:
        if (!*v || strspn(v, "0123456789sfastzg") != strlen(v))
            die("-O takes a level (0..3), not '%s'", v);
        o->opt = xprintf("-O%s", v);
        break;
    case A_DEBUG: o->debug = true; break;
    case A_DEVICE_DEBUG: o->debug = o->device_debug = true; break;
    case A_STD: o->std = xstrdup(v); break;
    case A_X:
        if (strcmp(v, "cu") == 0)
            o->xlang = LANG_CU;
        else if (strcmp(v, "c") == 0)
            o->xlang = LANG_C;
        else if (strcmp(v, "c++") == 0 || strcmp(v, "cpp") == 0)
            o->xlang = LANG_CXX;
        else if (strcmp(v, "none") == 0)
            o->xlang = LANG_NONE;
        else
            die("unknown language '%s' for -x (cu, c, c++ or none)", v);
        break;
    case A_XCOMPILER: sl_push(&o->cflags, v); break;
    case A_SANITIZE:   /* compile and link: the link step passes cflags on */
        o->sanitize = xstrdup(v);
        sl_pushf(&o->cflags, "-fsanitize=%s", v);
        sl_push(&o->cflags, "-fno-omit-frame-pointer");
        break;
    case A_XLINKER: sl_pushf(&o->ldflags, "-Wl,%s", v); break;
    case A_SHARED: o->shared = true; break;
    case A_NO_WARNINGS: o->no_warnings = true; break;
    case A_DEFAULT_STREAM:
        if (strcmp(v, "per-thread") == 0)
            o->per_thread_stream = true;
        else if (strcmp(v, "legacy") == 0 || strcmp(v, "null") == 0)
            o->per_thread_stream = false;
        else
            die("%s takes legacy, null or per-thread, not '%s'", name, v);
        break;
    case A_RELAXED_CONSTEXPR: sl_push(&o->cu_defs, "-D__CUDACC_RELAXED_CONSTEXPR__"); break;
    case A_EXTENDED_LAMBDA: sl_push(&o->cu_defs, "-D__CUDACC_EXTENDED_LAMBDA__"); break;
    case A_RDC:
        /* every function is host code here: separate compilation needs nothing more */
        if (strcmp(v, "true") == 0)
            sl_push(&o->cu_defs, "-D__CUDACC_RDC__");
        else if (strcmp(v, "false") != 0)
            die("%s takes true or false, not '%s'", name, v);
        break;
    case A_CCBIN: o->ccbin = xstrdup(v); break;
    case A_HOST_MARCH:
        if (!*v)
            die("%s takes native, portable or a CPU name for -march=", name);
        o->host_march = xstrdup(v);
        break;
    case A_FORWARD_UNKNOWN: o->forward_unknown = true; break;
    case A_MACHINE:
        if (strcmp(v, "64") != 0)
            die("%s%s: cu2c builds for the host's 64-bit machine only", name, v);
        break;
    case A_ARCH: note_arch(o, v); break;
    case A_IGNORED: break;
    case A_NO_DEVICE_CODE:
        die("%s: cu2c makes no GPU code (kernels run as host code); use -c for an object",
            name);
    }
}

/* Finds the option an argument names. Sets *value to its value when the argument holds
 * one (`-name=value`, `--name=value`, glued `-Ivalue`), else NULL. */
static const Spec *lookup(const char *arg, const char **value) {
    bool dashdash = arg[1] == '-';
    const char *name = arg + (dashdash ? 2 : 1);
    const char *eq = strchr(name, '=');
    size_t n = eq ? (size_t)(eq - name) : strlen(name);
    *value = NULL;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        const char *sn = dashdash ? specs[i].lng : specs[i].shrt;
        if (strlen(sn) == n && strncmp(sn, name, n) == 0) {
            if (eq && specs[i].kind == K_FLAG)
                return NULL;
            *value = eq ? eq + 1 : NULL;
            return &specs[i];
        }
    }
    if (dashdash)
        return NULL;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        size_t sl = strlen(specs[i].shrt);
        if (specs[i].glued && strncmp(specs[i].shrt, name, sl) == 0 && name[sl]) {
            *value = name + sl;
            return &specs[i];
        }
    }
    return NULL;
}

/* Reads the command line into o. Inputs are kept in order, each with the -x in force. */
void args_parse(Options *o, int argc, char **argv) {
    StrList args = {0};
    for (int i = 1; i < argc; i++)
        sl_push(&args, argv[i]);
    const char *unknown = NULL;
    int files_read = 0;
    for (int i = 0; i < args.n; i++) {
        const char *a = args.v[i];
        if (a[0] != '-' || !a[1]) {
            if (o->inputs.n + 1 >= o->langs_cap) {
                o->langs_cap = o->langs_cap ? 2 * o->langs_cap : 16;
                o->langs = realloc(o->langs, sizeof *o->langs * (size_t)o->langs_cap);
                if (!o->langs)
                    die("out of memory");
            }
            o->langs[o->inputs.n] = o->xlang;
            sl_push(&o->inputs, a);
            continue;
        }
        const char *v;
        const Spec *s = lookup(a, &v);
        if (!s) {
            if (!unknown)
                unknown = xstrdup(a);
            sl_push(&o->forwarded, a);
            continue;
        }
        char *name = xstrdup(a);
        char *eq = strchr(name, '=');
        if (eq && v)
            *eq = 0;
        if (s->kind != K_FLAG && !v) {
            if (s->act == A_OPTIMIZE && (i + 1 >= args.n || !*args.v[i + 1] ||
                                         strspn(args.v[i + 1], "0123") != strlen(args.v[i + 1]))) {
                /* a bare -O (as cu2cc always took it): the compiler's default level */
                o->opt = "-O";
                free(name);
                continue;
            }
            if (i + 1 >= args.n)
                die("option '%s' needs a value", name);
            v = args.v[++i];
        }
        if (s->act == A_OPTIONS_FILE && ++files_read > 100)
            die("options files include each other ('%s')", v);
        if (s->kind == K_LIST && v) {
            /* nvcc's lists: each comma-separated value on its own; an options file's
             * words are spliced after the option, so the list is copied first */
            char *copy = xstrdup(v), *save = NULL;
            int at = i;
            for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save))
                apply(o, s, name, item, &args, at);
            free(copy);
        } else {
            apply(o, s, name, v, &args, i);
        }
        free(name);
    }
    if (unknown && !o->forward_unknown)
        die("unknown option '%s' (see cu2cc --help; -forward-unknown-to-host-compiler passes "
            "such options to the host compiler)", unknown);
    if (getenv("CU2CC_KEEP") && strcmp(getenv("CU2CC_KEEP"), "1") == 0)
        o->keep_work = true;
    if (!o->host_march && getenv("CU2CC_MARCH") && *getenv("CU2CC_MARCH"))
        o->host_march = getenv("CU2CC_MARCH");
    o->race_check = getenv("CU2C_CHECK") && strstr(getenv("CU2C_CHECK"), "race");
    const char *order = getenv("CU2C_THREAD_ORDER");
    if (order && *order && strcmp(order, "reverse") != 0 && strcmp(order, "random") != 0)
        die("CU2C_THREAD_ORDER is reverse or random, not '%s'", order);
    o->thread_order = order && *order ? order : NULL;
    const char *engine = getenv("CU2C_ENGINE");
    if (engine && *engine && strcmp(engine, "fibers") != 0 && strcmp(engine, "loops") != 0)
        die("CU2C_ENGINE is fibers or loops, not '%s'", engine);
    o->fibers = engine && strcmp(engine, "fibers") == 0;
    sl_free(&args);
}

/* Decides each input's language: the -x given before it, else its suffix. */
void args_classify(Options *o) {
    for (int i = 0; i < o->inputs.n; i++) {
        if (o->langs[i] != LANG_NONE)
            continue;
        const char *f = o->inputs.v[i];
        const char *dot = strrchr(f, '.');
        const char *slash = strrchr(f, '/');
        if (dot && slash && dot < slash)
            dot = NULL;
        const char *ext = dot ? dot + 1 : "";
        if (strcmp(ext, "cu") == 0)
            o->langs[i] = LANG_CU;
        else if (strcmp(ext, "c") == 0)
            o->langs[i] = LANG_C;
        else if (strcmp(ext, "cpp") == 0 || strcmp(ext, "cc") == 0 || strcmp(ext, "cxx") == 0 ||
                 strcmp(ext, "C") == 0 || strcmp(ext, "c++") == 0)
            o->langs[i] = LANG_CXX;
        else if (strcmp(ext, "o") == 0 || strcmp(ext, "a") == 0 || strcmp(ext, "so") == 0 ||
                 strcmp(ext, "obj") == 0 || strcmp(ext, "lib") == 0 || strstr(f, ".so.") != NULL)
            o->langs[i] = LANG_OBJ;
        else
            die("unknown input file type '%s' (use -x cu|c|c++)", f);
    }
}
