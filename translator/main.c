/* main.c - the cu2c command line and the pass pipeline. Every pass is listed here, once, in
 * the order it runs, with why it is there; `--dump-after=PASS` prints the model after it. */
#include "cu2c.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct Pass {
    const char *name;
    void (*per_kernel)(Unit *u, Kernel *k);
    void (*per_unit)(Unit *u);
    int engine;     /* the kernels it runs on: ANY, LOOPS (not Kernel.fibers), FIBERS */
    bool defers;    /* makes no edits: what it refuses (diag_refuse) may run on fibers instead */
    const char *why;
} Pass;

enum { ANY, LOOPS, FIBERS };

static const Pass passes[] = {
    {"find_regions", find_regions, NULL, LOOPS, true, "split each kernel at its __syncthreads() into barrier-free regions"},
    {"thread_variance", thread_variance, NULL, LOOPS, true, "find the thread dimensions each statement and local varies in"},
    {"check_barriers", check_barriers, NULL, LOOPS, true, "refuse barriers under thread-dependent control that cannot run per thread"},
    {"form_loops", form_loops, NULL, LOOPS, true, "group statements into thread-loop nests over just the dimensions they need"},
    {"promote_locals", promote_locals, NULL, LOOPS, true, "give per-thread storage to varying locals that cross nests"},
    {"hoist_textures", hoist_textures, NULL, LOOPS, true, "copy texture objects' descriptors once per block, for fetches to read"},
    {"lower_kernel", lower_kernel, NULL, LOOPS, false, "edit each kernel into a block function, a host stub and a registration"},
    {"lower_fiber_kernel", lower_fiber_kernel, NULL, FIBERS, false, "edit a fiber engine's kernel into a fiber body, a host stub and a registration"},
    {"lower_launches", NULL, lower_launches, ANY, false, "edit launches, device functions and file-scope shared memory; register device symbols"},
};

static void usage(FILE *f) {
    fputs("usage: cu2c [options] file.cu [-o out.c]\n"
          "Translates CUDA into C (or C++ when the host code is C++) that runs on the CPU with libcu2c.\n"
          "  -o FILE            output file ('-' for stdout; default: FILE.cu.c or .cu.cpp)\n"
          "  -I DIR, -D NAME[=V], -U NAME, -std=c++NN, -include FILE, -isystem DIR, -idirafter DIR,\n"
          "  -iquote DIR,\n"
          "  -fopenmp           passed to the parser (-fopenmp: _OPENMP as the compiler will see it)\n"
          "  -arch compute_NN   the GPU architecture device code sees (__CUDA_ARCH__ = NN0; default 800)\n"
          "  --lang=c|c++|auto  output language (default auto: C++ if the host code uses C++)\n"
          "  --print-lang       print the output language (c or c++) and translate nothing\n"
          "  --no-pch           parse cu2c's headers even where a precompiled prefix fits\n"
          "  --check=race       mark kernels for the race checker (cu2cc does this under CU2C_CHECK=race)\n"
          "  --engine=fibers    run every kernel the fiber engine can take on it (cu2cc: under\n"
          "                     CU2C_ENGINE=fibers, which cu2c reads too); default: thread loops,\n"
          "                     fibers where they cannot\n"
          "  --track-threads    keep the running thread known, for fault lines (cu2cc -G does this)\n"
          "  --thread-order=reverse|random  run each region's threads in that order (cu2cc: under\n"
          "                     CU2C_THREAD_ORDER): a program whose output changes depends on the order\n"
          "  --build-pch FILE   save the parse of cu2c's headers with these options (make does)\n"
          "  --dump-after=PASS  print the kernel model after PASS to stderr; passes:\n", f);
    for (size_t i = 0; i < sizeof passes / sizeof *passes; i++)
        fprintf(f, "                       %-16s %s\n", passes[i].name, passes[i].why);
}

/* True when arg is the option name with its value glued on (-isystem/usr/include). */
static bool glued(const char *arg, const char *name) {
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && arg[n] != 0;
}

static int translate(int argc, char **argv) {
    Arena *a = arena_new();
    Options opt = {0};
    /* CU2C_ENGINE=fibers, as cu2cc takes it, unless --engine says otherwise */
    opt.fibers = getenv("CU2C_ENGINE") && strcmp(getenv("CU2C_ENGINE"), "fibers") == 0;
    bool print_lang = false;
    const char *build_pch = NULL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-o") == 0 && i + 1 < argc) {
            opt.output = argv[++i];
        } else if (strncmp(arg, "--dump-after=", 13) == 0) {
            opt.dump_after = arg + 13;
            bool known = false;
            for (size_t p = 0; p < sizeof passes / sizeof *passes; p++)
                known |= strcmp(passes[p].name, opt.dump_after) == 0;
            if (!known)
                diag_fatal("unknown pass '%s' in --dump-after (see cu2c --help)", opt.dump_after);
        } else if (strcmp(arg, "--lang=c") == 0) {
            opt.lang = 1;
        } else if (strcmp(arg, "--lang=c++") == 0) {
            opt.lang = 2;
        } else if (strcmp(arg, "--lang=auto") == 0) {
            opt.lang = 0;
        } else if (strcmp(arg, "--thread-order=reverse") == 0 || strcmp(arg, "--thread-order=random") == 0) {
            opt.thread_order = arg[15] == 'r' && arg[16] == 'e' ? 1 : 2;
        } else if (strncmp(arg, "--thread-order=", 15) == 0) {
            diag_fatal("--thread-order takes reverse or random, not '%s'", arg + 15);
        } else if (strcmp(arg, "--engine=fibers") == 0 || strcmp(arg, "--engine=loops") == 0) {
            opt.fibers = arg[9] == 'f';
        } else if (strncmp(arg, "--engine=", 9) == 0) {
            diag_fatal("--engine takes fibers or loops, not '%s'", arg + 9);
        } else if (strcmp(arg, "--track-threads") == 0) {
            opt.track_threads = true;
        } else if (strcmp(arg, "--check=race") == 0) {
            opt.race_check = true;
        } else if (strcmp(arg, "--no-pch") == 0) {
            opt.no_pch = true;
        } else if (strcmp(arg, "--build-pch") == 0 && i + 1 < argc) {
            build_pch = argv[++i];
        } else if (strcmp(arg, "--print-lang") == 0) {
            print_lang = true;
        } else if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(arg, "--version") == 0) {
            puts("cu2c 0.1 (libclang 19)");
            return 0;
        } else if ((strcmp(arg, "-I") == 0 || strcmp(arg, "-D") == 0 || strcmp(arg, "-U") == 0 ||
                    strcmp(arg, "-include") == 0 || strcmp(arg, "-isystem") == 0 ||
                    strcmp(arg, "-idirafter") == 0 || strcmp(arg, "-iquote") == 0) &&
                   i + 1 < argc) {
            vec_push(a, &opt.clang_args, (void *)arg);
            vec_push(a, &opt.clang_args, argv[++i]);
        } else if (glued(arg, "-isystem") || glued(arg, "-idirafter") || glued(arg, "-iquote") ||
                   glued(arg, "-include")) {
            /* the value glued on (-isystem/usr/x), as clang and gcc take it */
            vec_push(a, &opt.clang_args, (void *)arg);
        } else if ((strcmp(arg, "-arch") == 0 && i + 1 < argc) || strncmp(arg, "-arch=", 6) == 0) {
            /* the GPU architecture device code is compiled for: __CUDA_ARCH__ */
            const char *v = arg[5] == '=' ? arg + 6 : argv[++i];
            const char *n = strncmp(v, "compute_", 8) == 0 ? v + 8 : strncmp(v, "sm_", 3) == 0 ? v + 3 : NULL;
            char *end = NULL;
            long cc = n ? strtol(n, &end, 10) : 0;
            if (!n || end == n || *end || cc < 10 || cc >= 1000)
                diag_fatal("-arch takes compute_NN or sm_NN (e.g. compute_80), not '%s'", v);
            opt.cuda_arch = (int)cc * 10;
            vec_push(a, &opt.clang_args, arena_printf(a, "-D__CU2C_ARCH__=%d", opt.cuda_arch));
        } else if (strcmp(arg, "-fopenmp") == 0) {
            /* _OPENMP as the compiler will define it; the pragmas themselves are the
             * compiler's: parsed as OpenMP, the statements under them would be hidden from
             * cu2c's scans (a launch inside `#pragma omp parallel`) */
            vec_push(a, &opt.clang_args, (void *)"-D_OPENMP=201511");
            vec_push(a, &opt.clang_args, (void *)"-Wno-source-uses-openmp");
        } else if (strncmp(arg, "-I", 2) == 0 || strncmp(arg, "-D", 2) == 0 ||
                   strncmp(arg, "-U", 2) == 0 || strncmp(arg, "-std=", 5) == 0) {
            vec_push(a, &opt.clang_args, (void *)arg);
        } else if (arg[0] == '-' && arg[1]) {
            diag_fatal("unknown option '%s' (see cu2c --help)", arg);
        } else if (opt.input) {
            diag_fatal("more than one input file ('%s' and '%s')", opt.input, arg);
        } else {
            opt.input = arg;
        }
    }
    if (build_pch && !opt.input) {
        bool ok = fe_build_pch(a, &opt, build_pch);
        arena_free(a);
        return ok ? 0 : 1;
    }
    if (!opt.input) {
        usage(stderr);
        return 1;
    }
    Unit *u = fe_parse(a, &opt);
    if (!u) {
        arena_free(a);
        return 1;
    }
    u->cuda_arch = opt.cuda_arch;
    if (print_lang) {
        puts(u->is_cxx ? "c++" : "c");
        arena_free(a);
        return 0;
    }
    for (size_t p = 0; p < sizeof passes / sizeof *passes && !u->errors; p++) {
        if (passes[p].per_unit)
            passes[p].per_unit(u);
        for (int i = 0; passes[p].per_kernel && i < u->kernels.len; i++) {
            Kernel *k = u->kernels.items[i];
            if (passes[p].engine != ANY && (passes[p].engine == FIBERS) != k->fibers)
                continue;
            u->scanning = passes[p].defers ? k : NULL;
            passes[p].per_kernel(u, k);
            u->scanning = NULL;
            choose_engine(u, k);
        }
        if (opt.dump_after && strcmp(opt.dump_after, passes[p].name) == 0)
            model_dump(u, passes[p].name, stderr);
    }
    const char *out = opt.output;
    if (!out)
        out = arena_printf(a, "%s.%s", opt.input, u->is_cxx ? "cpp" : "c");
    int rc = u->errors ? 1 : emit_write(u, out);
    arena_free(a);
    return rc;
}

typedef struct Run {
    int argc;
    char **argv;
    int rc;
} Run;

static void *translate_thread(void *arg) {
    Run *r = arg;
    r->rc = translate(r->argc, r->argv);
    return NULL;
}

/* Deeply nested input (10,000 nested ifs, 20,000-term expressions) recurses deeply in
 * libclang's parser and in the scans: the translation runs on a thread with a stack of
 * 1 GiB (address space, touched only as deep as it goes), and libclang parses on that
 * thread instead of on one of its own with 8 MiB. */
int main(int argc, char **argv) {
    setenv("LIBCLANG_NOTHREADS", "1", 1);
    Run r = {argc, argv, 1};
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    if (pthread_attr_setstacksize(&attr, (size_t)1 << 30) != 0 ||
        pthread_create(&t, &attr, translate_thread, &r) != 0)
        return translate(argc, argv);   /* no big stack to be had: as before */
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    return r.rc;
}
