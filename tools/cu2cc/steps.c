/* steps.c - the build steps, as commands: a .cu is translated by cu2c (always as C++, as
 * nvcc builds every .cu) and compiled by the C++ compiler; .c and .cpp inputs go to the C
 * and C++ compilers with nvcc's macros; the objects are linked with libcu2c (-dlink makes
 * an empty object, -lib an archive). -E and -M/-MM stop at the preprocessor. With -v or
 * --dryrun every command is printed as nvcc prints its steps (`#$ ...` on stderr). */
#include "cu2cc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* An argument as it is printed in a step: double-quoted when it holds a path or anything
 * a shell would read specially (nvcc quotes its paths the same way). */
char *quote_arg(const char *a) {
    bool plain = *a != 0;
    for (const char *p = a; *p && plain; p++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:@%^",
                       *p) != NULL;
    if (plain)
        return xstrdup(a);
    char *q = xmalloc(2 * strlen(a) + 3), *w = q;
    *w++ = '"';
    for (const char *p = a; *p; p++) {
        if (strchr("\"\\$`", *p))
            *w++ = '\\';
        *w++ = *p;
    }
    *w++ = '"';
    *w = 0;
    return q;
}

/* Prints a step as nvcc does: `#$ ` and the command. */
static void print_step(const StrList *argv) {
    fputs("#$", stderr);
    for (int i = 0; i < argv->n; i++) {
        char *q = quote_arg(argv->v[i]);
        fprintf(stderr, " %s", q);
        free(q);
    }
    fputc('\n', stderr);
}

/* Runs one step (printed first under -v/--dryrun; not run under --dryrun). Returns 0 when
 * it succeeded. */
int run_cmd(const Options *o, const StrList *argv) {
    if (o->verbose || o->dryrun)
        print_step(argv);
    if (o->dryrun)
        return 0;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        die("cannot start '%s': %s", argv->v[0], strerror(errno));
    if (pid == 0) {
        execvp(argv->v[0], argv->v);
        fprintf(stderr, "cu2cc: error: cannot run '%s': %s\n", argv->v[0], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            die("waiting for '%s': %s", argv->v[0], strerror(errno));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

/* Runs argv, quietly (probing the host compiler), with what it writes to fd (STDOUT_FILENO,
 * or STDERR_FILENO: its output then goes to /dev/null) read into buf, at most cap - 1 bytes,
 * NUL-ended; whether it ran and exited with status 0. */
static bool capture_output(const StrList *argv, int fd, char *buf, size_t cap) {
    buf[0] = 0;
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return false;
    }
    if (pid == 0) {
        if (fd == STDERR_FILENO) {
            int null = open("/dev/null", O_RDWR);
            dup2(null, STDOUT_FILENO);
        }
        dup2(fds[1], fd);
        close(fds[0]);
        close(fds[1]);
        execvp(argv->v[0], argv->v);
        _exit(127);
    }
    close(fds[1]);
    size_t len = 0;
    ssize_t n;
    while (len < cap - 1 && (n = read(fds[0], buf + len, cap - 1 - len)) > 0)
        len += (size_t)n;
    close(fds[0]);
    int status;
    waitpid(pid, &status, 0);
    buf[len] = 0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* The first line a command prints, or NULL. */
static char *capture_line(const StrList *argv) {
    char buf[4096];
    if (!capture_output(argv, STDOUT_FILENO, buf, sizeof buf) || !buf[0])
        return NULL;
    buf[strcspn(buf, "\n")] = 0;
    return xstrdup(buf);
}

/* The directories a C++ compiler searches for <...> includes, in order, as `-E -v` lists
 * them (a wrapper's own -I directories first: mpicxx's mpi.h), each pushed after
 * -idirafter onto out. Quietly nothing when the compiler cannot tell. */
static void push_search_dirs(const char *cxx, StrList *out) {
    StrList probe = {0};
    sl_push(&probe, cxx);
    sl_push(&probe, "-E");
    sl_push(&probe, "-v");
    sl_push(&probe, "-x");
    sl_push(&probe, "c++");
    sl_push(&probe, "/dev/null");
    char buf[16384];
    capture_output(&probe, STDERR_FILENO, buf, sizeof buf);
    sl_free(&probe);
    bool in_list = false;
    char *save = NULL;
    for (char *line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strstr(line, "#include <...> search starts here:"))
            in_list = true;
        else if (strstr(line, "End of search list."))
            in_list = false;
        else if (in_list && line[0] == ' ' && line[1] == '/' && !strstr(line, "(framework directory)")) {
            sl_push(out, "-idirafter");
            sl_push(out, line + 1);
        }
    }
}

/* A path's last component without its suffix. */
static char *stem(const char *path) {
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    return xprintf("%.*s", (int)(dot && dot != base ? dot - base : (long)strlen(base)), base);
}

/* A path's directory ("." when it has none). */
static char *dir_part(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    return xprintf("%.*s", (int)(slash == path ? 1 : slash - path), path);
}

/* path with its suffix replaced (nvcc's x.o -> x.d beside it). */
static char *with_suffix(const char *path, const char *suffix) {
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t keep = dot && dot != base ? (size_t)(dot - path) : strlen(path);
    return xprintf("%.*s%s", (int)keep, path, suffix);
}

/* One run's shared state: the options, the layout, the temporary directory, the flags
 * every compile takes, and the dependency files being written. */
typedef struct Build {
    const Options *o;
    const Layout *l;
    char *work;
    StrList nvcc_defs; /* __NVCC__ and the versions: every file */
    StrList common;    /* -O, -g, the headers, the macros, -Xcompiler: every compile */
    StrList parse;     /* what cu2c's parse must see as the compiler will */
    StrList target;    /* the CPU translated .cu files (and the link) are built for */
    StrList dep_dests; /* dependency files, in order */
    StrList dep_texts; /* their rules so far */
    bool openmp;       /* a .cu compiled here needed -fopenmp (thrust): so does the link */
} Build;

/* Is -fopenmp among the user's host compiler options (-Xcompiler, or forwarded)? */
static bool user_openmp(const Options *o) {
    return sl_contains(&o->cflags, "-fopenmp") || sl_contains(&o->forwarded, "-fopenmp");
}

/* Adds a rule to the text bound for a dependency file (several sources may share one). */
static void add_rule(Build *b, const char *dest, const char *rule) {
    for (int i = 0; i < b->dep_dests.n; i++) {
        if (strcmp(b->dep_dests.v[i], dest) == 0) {
            char *joined = xprintf("%s%s", b->dep_texts.v[i], rule);
            free(b->dep_texts.v[i]);
            b->dep_texts.v[i] = joined;
            return;
        }
    }
    sl_push(&b->dep_dests, dest);
    sl_push(&b->dep_texts, rule);
}

/* The preprocessor command of a source: its compile's compiler and flags, with -E. */
static void preprocessor(const Build *b, Lang lang, const char *src, StrList *cmd) {
    const Options *o = b->o;
    if (lang == LANG_C) {
        sl_push(cmd, b->l->cc);
        sl_push(cmd, "-E");
        sl_push(cmd, "-x");
        sl_push(cmd, "c");
    } else {
        sl_push(cmd, b->l->cxx);
        sl_push(cmd, "-E");
        sl_push(cmd, "-x");
        sl_push(cmd, "c++");
        if (o->std)
            sl_pushf(cmd, "-std=%s", o->std);
        else if (lang == LANG_CU)
            sl_push(cmd, "-std=gnu++17");
    }
    if (lang == LANG_CU) {
        char *dir = dir_part(src);
        sl_push(cmd, "-D__CUDACC__");
        sl_append(cmd, &o->cu_defs);
        sl_push(cmd, "-iquote");
        sl_push(cmd, dir);
        free(dir);
    }
    sl_append(cmd, &b->common);
    if (lang == LANG_CU) {
        sl_push(cmd, "-include");
        sl_push(cmd, "cuda_runtime.h");
    }
}

/* Writes (or, under --dryrun, announces) one source's dependency rule. */
static void dependencies(Build *b, Lang lang, const char *src, const char *target,
                         const char *dest, int n) {
    if (b->o->verbose || b->o->dryrun)
        fprintf(stderr, "#$ -- Filter Dependencies -- > %s\n", dest);
    if (b->o->dryrun)
        return;
    StrList cmd = {0};
    preprocessor(b, lang, src, &cmd);
    char *rule = deps_rule(b->o, &cmd, src, target, b->work, n);
    sl_free(&cmd);
    if (!rule)
        exit(1);
    add_rule(b, dest, rule);
    free(rule);
}

/* Compiles one source into obj (a temporary). */
/* cu2c's translation of the n-th input, a .cu, into the build's working directory (or -keep's):
 * its path. nvcc's semantics: every .cu is C++ with C++ linkage, however C-like its host
 * code (cu2c alone picks C for C-looking code; --lang=c++ asks for C++ output here). */
static char *translate(Build *b, const char *src, int n) {
    const Options *o = b->o;
    char *base = stem(src);
    char *tr = o->keep ? xprintf("%s/%s.cu.cpp", o->keep_dir ? o->keep_dir : ".", base)
                       : xprintf("%s/%d-%s.cu.cpp", b->work, n, base);
    free(base);
    StrList cmd = {0};
    sl_push(&cmd, b->l->cu2c);
    sl_push(&cmd, "--lang=c++");
    if (o->race_check)
        sl_push(&cmd, "--check=race");
    if (o->race_check || o->device_debug)
        sl_push(&cmd, "--track-threads");
    if (o->thread_order)
        sl_pushf(&cmd, "--thread-order=%s", o->thread_order);
    if (o->fibers)
        sl_push(&cmd, "--engine=fibers");
    sl_push(&cmd, "-arch");
    sl_pushf(&cmd, "compute_%d", o->arch ? o->arch : 80);
    sl_append(&cmd, &b->parse);
    if (o->std)
        sl_pushf(&cmd, "-std=%s", o->std);
    sl_push(&cmd, src);
    sl_push(&cmd, "-o");
    sl_push(&cmd, tr);
    if (run_cmd(o, &cmd) != 0)
        exit(1);
    sl_free(&cmd);
    return tr;
}

/* Does a flag in flags start with prefix? */
static bool has_prefix_flag(const StrList *flags, const char *prefix) {
    for (int i = 0; i < flags->n; i++)
        if (strncmp(flags->v[i], prefix, strlen(prefix)) == 0)
            return true;
    return false;
}

static void compile(Build *b, Lang lang, const char *src, const char *obj, int n) {
    const Options *o = b->o;
    const Layout *l = b->l;
    StrList cmd = {0};
    if (lang == LANG_CU) {
        char *base = stem(src);
        char *tr = translate(b, src, n);
        /* thrust's device algorithms are OpenMP's (openmp.c) */
        bool openmp = !o->dryrun && translation_needs_openmp(tr) && !user_openmp(o);
        b->openmp |= openmp;
        /* the translation lives elsewhere: #include "x.h" must still find the .cu's
         * neighbours first */
        char *dir = dir_part(src);
        sl_push(&cmd, l->cxx);
        sl_pushf(&cmd, "-std=%s", o->std ? o->std : "gnu++17");
        sl_push(&cmd, "-iquote");
        sl_push(&cmd, dir);
        sl_append(&cmd, &b->common);
        sl_append(&cmd, &b->target);
        sl_append(&cmd, &o->cu_defs);
        /* the general (any block shape) copy of a kernel may index shared arrays past what
         * the launches use; gcc would warn about shapes the program never launches */
        sl_push(&cmd, "-Wno-aggressive-loop-optimizations");
        /* loops start on a 64-byte line: a kernel's short inner loop (a search, a few
         * instructions) otherwise runs at the mercy of where it lands, twice as slow on Zen 4
         * when it straddles a line (Rodinia particlefilter's CDF search: 1.02 s against 0.55) */
        if (!has_prefix_flag(&o->cflags, "-falign-loops"))
            sl_push(&cmd, "-falign-loops=64");
        if (openmp)
            sl_push(&cmd, "-fopenmp");
        if (o->race_check) {
            /* every load and store a call into the race checker (runtime/race_check.c),
             * volatile ones told apart (legacy warp-synchronous code); -g for its lines */
            sl_push(&cmd, "-g");
            sl_push(&cmd, "-fsanitize=thread");
            if (strstr(l->cxx, "clang")) {
                sl_push(&cmd, "-mllvm");
                sl_push(&cmd, "-tsan-distinguish-volatile=1");
            } else {
                sl_push(&cmd, "--param=tsan-distinguish-volatile=1");
            }
            sl_push(&cmd, "-DCU2C_RACE_CHECK=1");
        }
        sl_push(&cmd, "-c");
        sl_push(&cmd, tr);
        free(dir);
        free(tr);
        free(base);
    } else if (lang == LANG_C) {
        sl_push(&cmd, l->cc);
        sl_append(&cmd, &b->common);
        sl_push(&cmd, "-x");
        sl_push(&cmd, "c");
        sl_push(&cmd, "-c");
        sl_push(&cmd, src);
    } else {
        sl_push(&cmd, l->cxx);
        if (o->std)
            sl_pushf(&cmd, "-std=%s", o->std);
        sl_append(&cmd, &b->common);
        sl_push(&cmd, "-x");
        sl_push(&cmd, "c++");
        sl_push(&cmd, "-c");
        sl_push(&cmd, src);
    }
    sl_push(&cmd, "-o");
    sl_push(&cmd, obj);
    if (run_cmd(o, &cmd) != 0)
        exit(1);
    sl_free(&cmd);
}

/* The host compiler options cu2c's parse must see too: the preprocessor's (-D, -U, -I,
 * -isystem...) and -fopenmp, once. */
static void parse_host_flags(StrList *parse, const StrList *flags) {
    static const char *const with_value[] = {"-isystem", "-include", "-idirafter", "-iquote"};
    for (int i = 0; i < flags->n; i++) {
        const char *f = flags->v[i];
        if (strncmp(f, "-D", 2) == 0 || strncmp(f, "-U", 2) == 0 || strncmp(f, "-I", 2) == 0) {
            sl_push(parse, f);
            continue;
        }
        if (strcmp(f, "-fopenmp") == 0) {
            bool seen = false;
            for (int j = 0; j < parse->n && !seen; j++)
                seen = strcmp(parse->v[j], "-fopenmp") == 0;
            if (!seen)
                sl_push(parse, f);
            continue;
        }
        for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++) {
            size_t n = strlen(with_value[k]);
            if (strncmp(f, with_value[k], n) != 0)
                continue;
            sl_push(parse, f);
            if (!f[n] && i + 1 < flags->n)
                sl_push(parse, flags->v[++i]);
            break;
        }
    }
}

/* Whether host compiler options choose the CPU themselves (-march=, -mcpu=). */
static bool chooses_cpu(const StrList *flags) {
    return has_prefix_flag(flags, "-march=") || has_prefix_flag(flags, "-mcpu=");
}

/* Kernels are host code here, and their thread loops vectorise as wide as the target's
 * vectors: translated .cu files are built for this CPU (-march=native, or -mcpu=native where
 * that is the compiler's spelling), unless the user chose a CPU with -Xcompiler, or asked
 * with --host-march / CU2CC_MARCH for another one or for the compiler's portable default. */
static void host_target(Build *b) {
    const Options *o = b->o;
    const char *m = o->host_march ? o->host_march : "native";
    if (chooses_cpu(&o->cflags) || strcmp(m, "portable") == 0)
        return;
    if (strcmp(m, "native") != 0) {
        sl_pushf(&b->target, "-march=%s", m);
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    sl_push(&b->target, "-march=native");
#elif defined(__aarch64__) || defined(__arm__) || defined(__powerpc__)
    sl_push(&b->target, "-mcpu=native");
#endif
}

/* Sets up the flags every compile, and cu2c's parse, take. */
static void build_init(Build *b) {
    const Options *o = b->o;
    const Layout *l = b->l;
    /* nvcc's macros for every file it compiles, .c and .cpp too; the version is the CUDA
     * release cu2c's headers follow, which cuda_runtime.h gives translated code as well */
    sl_push(&b->nvcc_defs, "-D__NVCC__");
    sl_pushf(&b->nvcc_defs, "-D__CUDACC_VER_MAJOR__=%d", l->major);
    sl_pushf(&b->nvcc_defs, "-D__CUDACC_VER_MINOR__=%d", l->minor);
    sl_push(&b->nvcc_defs, "-D__CUDACC_VER_BUILD__=0");
    sl_pushf(&b->nvcc_defs, "-D__CUDA_API_VER_MAJOR__=%d", l->major);
    sl_pushf(&b->nvcc_defs, "-D__CUDA_API_VER_MINOR__=%d", l->minor);
    /* MPI's C++ bindings (deprecated, gone from MPI 3) are left out: OpenMPI's and MPICH's
     * mpi.h otherwise pull their out-of-line parts from libmpi_cxx into every C++ file that
     * includes it, and MPI + CUDA link lines name -lmpi only (llm.c, nccl-tests) */
    sl_push(&b->nvcc_defs, "-DOMPI_SKIP_MPICXX=1");
    sl_push(&b->nvcc_defs, "-DMPICH_SKIP_MPICXX=1");
    /* kernels run as host code here: optimise them as nvcc optimises device code */
    sl_push(&b->common, o->opt ? o->opt : "-O3");
    if (o->debug)
        sl_push(&b->common, "-g");
    sl_push(&b->common, "-fno-strict-aliasing");
    sl_pushf(&b->common, "-I%s", l->inc);
    sl_append(&b->common, &b->nvcc_defs);
    sl_append(&b->common, &o->pp);
    if (o->per_thread_stream)
        sl_push(&b->common, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    sl_append(&b->common, &o->cflags);
    sl_append(&b->common, &o->forwarded);
    if (o->no_warnings)
        sl_push(&b->common, "-w");
    if (o->shared)
        sl_push(&b->common, "-fPIC");
    host_target(b);

    /* what the parser must see as the compiler will: headers only the C++ compiler has
     * (gcc's omp.h...) after all of its own, and OpenMP's macro when the compiler gets
     * -fopenmp */
    sl_append(&b->parse, &b->nvcc_defs);
    sl_append(&b->parse, &o->cu_defs);
    sl_append(&b->parse, &o->pp);
    if (o->per_thread_stream)
        sl_push(&b->parse, "-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
    StrList probe = {0};
    sl_push(&probe, l->cxx);
    sl_push(&probe, "-print-file-name=include");
    char *host_inc = capture_line(&probe);
    sl_free(&probe);
    if (host_inc && host_inc[0] == '/') {
        sl_push(&b->parse, "-idirafter");
        sl_push(&b->parse, host_inc);
    }
    free(host_inc);
    if (l->chosen_cxx)
        push_search_dirs(l->cxx, &b->parse);
    parse_host_flags(&b->parse, &o->cflags);
    parse_host_flags(&b->parse, &o->forwarded);
}

/* Copies a finished temporary to its path (not under --dryrun). */
static void deliver(const Options *o, const char *tmp, const char *out) {
    if (!o->dryrun)
        deliver_file(tmp, out);
}

/* The link: the objects, then libcu2c (CUDA's runtime libraries are it), with the
 * libraries -l names after it; all in one group, so that the order of archives does not
 * matter (nvcc links in a group too). The compiler options go to the link too, as nvcc
 * passes them (-fopenmp and -fsanitize need their libraries). */
static void link_step(Build *b, const StrList *objs, const char *tmp_out) {
    const Options *o = b->o;
    StrList cmd = {0};
    sl_push(&cmd, b->l->cxx);
    if (o->shared)
        sl_push(&cmd, "-shared");
    if (o->debug)
        sl_push(&cmd, "-g");
    sl_append(&cmd, &o->cflags);
    sl_append(&cmd, &o->forwarded);
    sl_append(&cmd, &b->target);   /* as the objects were built (link-time optimisation) */
    bool openmp = b->openmp;       /* objects using thrust need the OpenMP runtime */
    for (int i = 0; i < objs->n && !openmp; i++)
        openmp = object_needs_openmp(objs->v[i]);
    if (openmp && !user_openmp(o))
        sl_push(&cmd, "-fopenmp");
    sl_push(&cmd, "-o");
    sl_push(&cmd, tmp_out);
    sl_append(&cmd, objs);
    sl_append(&cmd, &o->ldflags);
    sl_pushf(&cmd, "-L%s", b->l->cudalibdir);   /* the LIBRARIES of -v: CMake finds the link by it */
    sl_push(&cmd, "-Wl,--start-group");
    /* -fsanitize=address: the runtime built with it too (frame pointers: the reports'
     * allocation stacks reach the program's cudaMalloc) */
    char *sanitized = o->race_check ? xprintf("%s/libcu2c-race.a", b->l->libdir)
                    : o->sanitize   ? xprintf("%s/libcu2c-%s.a", b->l->libdir, o->sanitize)
                                    : NULL;
    sl_push(&cmd, sanitized && access(sanitized, R_OK) == 0 ? sanitized : b->l->lib);
    sl_append(&cmd, &o->libs);
    sl_push(&cmd, "-Wl,--end-group");
    sl_push(&cmd, "-lpthread");
    sl_push(&cmd, "-lm");
    if (run_cmd(o, &cmd) != 0)
        exit(1);
    sl_free(&cmd);
    free(sanitized);
}

/* Runs the whole build the options ask for. Returns the exit status. */
int steps_run(const Options *o, const Layout *l) {
    Build b = {.o = o, .l = l};
    int nsrc = 0;
    for (int i = 0; i < o->inputs.n; i++)
        nsrc += o->langs[i] != LANG_OBJ;
    if ((o->phase == PH_COMPILE || o->phase == PH_CUDA) && o->output && nsrc > 1)
        die("%s -o with more than one source file", o->phase == PH_CUDA ? "-cuda" : "-c");
    if (o->output && strcmp(o->output, "-") != 0)
        for (int i = 0; i < o->inputs.n; i++)
            if (same_file(o->output, o->inputs.v[i]))
                die("output file '%s' is also an input", o->output);
    if (o->dep_file)
        for (int i = 0; i < o->inputs.n; i++)
            if (same_file(o->dep_file, o->inputs.v[i]))
                die("dependency file '%s' is also an input", o->dep_file);
    if (access(l->cu2c, X_OK) != 0)
        die("cannot find cu2c next to cu2cc (%s)", l->cu2c);
    if (o->keep && o->keep_dir && !o->dryrun)
        mkdir_p(o->keep_dir);
    if (o->odir && o->phase == PH_COMPILE && !o->dryrun)
        mkdir_p(o->odir);
    b.work = work_dir(o);
    build_init(&b);

    StrList objs = {0};
    const char *pp_out = NULL;
    for (int i = 0; i < o->inputs.n; i++) {
        const char *src = o->inputs.v[i];
        Lang lang = o->langs[i];
        if (lang == LANG_OBJ) {
            sl_push(&objs, src);
            continue;
        }
        char *base = stem(src);
        if (o->phase == PH_DEPS) {
            char *target = o->dep_target ? xstrdup(o->dep_target) : deps_default_target(src);
            dependencies(&b, lang, src, target, o->dep_file ? o->dep_file : o->output ? o->output : "-", i);
            free(target);
        } else if (o->phase == PH_PREPROCESS || o->phase == PH_CUDA) {
            StrList cmd = {0};
            /* -cuda: the host-side translation (cu2c's), preprocessed as the compile reads it */
            char *tr = o->phase == PH_CUDA && lang == LANG_CU ? translate(&b, src, i) : NULL;
            preprocessor(&b, lang, src, &cmd);
            sl_push(&cmd, tr ? tr : src);
            free(tr);
            char *ii = xprintf("%s/%d-%s.ii", b.work, i, base);
            sl_push(&cmd, "-o");
            sl_push(&cmd, ii);
            if (run_cmd(o, &cmd) != 0)
                exit(1);
            sl_free(&cmd);
            if (o->phase == PH_CUDA) {
                /* nvcc -cuda: the translation of each source beside the working directory's
                 * name for it, FILE.cu.cpp.ii (or -o) */
                const char *name = strrchr(src, '/') ? strrchr(src, '/') + 1 : src;
                char *dest = o->output ? xstrdup(o->output) : xprintf("%s.cpp.ii", name);
                if (!o->dryrun)
                    deliver(o, ii, dest);
                free(dest);
            } else {
                sl_push(&objs, ii);
            }
            free(ii);
            pp_out = o->output ? o->output : "-";
        } else {
            char *tmp_obj = xprintf("%s/%d-%s.o", b.work, i, base);
            compile(&b, lang, src, tmp_obj, i);
            char *dest = NULL; /* the object's own path, with -c */
            if (o->phase == PH_COMPILE)
                dest = o->output ? xstrdup(o->output)
                                 : o->odir ? xprintf("%s/%s.o", o->odir, base) : xprintf("%s.o", base);
            if (o->deps) {
                /* -MD: the rule's target is the object (or the executable), the file
                 * beside it with .d, as nvcc writes it */
                const char *named = dest ? dest : o->output ? o->output : "a.out";
                char *target = o->dep_target ? xstrdup(o->dep_target) : xstrdup(named);
                char *dfile = o->dep_file ? xstrdup(o->dep_file) : with_suffix(named, ".d");
                dependencies(&b, lang, src, target, dfile, i);
                free(target);
                free(dfile);
            }
            if (dest)
                deliver(o, tmp_obj, dest);
            else
                sl_push(&objs, tmp_obj);
            free(dest);
            free(tmp_obj);
        }
        free(base);
    }

    if (o->phase == PH_PREPROCESS && !o->dryrun) {
        /* each source's preprocessed text, in order, to -o or stdout */
        size_t len = 0;
        char *all = xstrdup("");
        for (int i = 0; i < objs.n; i++) {
            FILE *f = fopen(objs.v[i], "rb");
            if (!f)
                continue;
            char buf[65536];
            size_t n;
            while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
                all = realloc(all, len + n + 1);
                memcpy(all + len, buf, n);
                len += n;
            }
            fclose(f);
        }
        if (pp_out)
            deliver_text(all, len, pp_out);
        free(all);
    } else if (o->phase == PH_LINK && objs.n) {
        char *tmp = xprintf("%s/link.out", b.work);
        link_step(&b, &objs, tmp);
        deliver(o, tmp, o->output ? o->output : "a.out");
        free(tmp);
    } else if (o->phase == PH_DLINK) {
        /* every function is host code: nothing to link for the device; an empty object
         * stands for the device-link output, so the link that names it works */
        char *tmp = xprintf("%s/dlink.o", b.work);
        char *empty = xprintf("%s/dlink.c", b.work);
        if (!o->dryrun)
            deliver_text("", 0, empty);
        StrList cmd = {0};
        sl_push(&cmd, l->cc);
        sl_push(&cmd, "-fPIC");
        sl_push(&cmd, "-c");
        sl_push(&cmd, empty);
        sl_push(&cmd, "-o");
        sl_push(&cmd, tmp);
        if (run_cmd(o, &cmd) != 0)
            exit(1);
        sl_free(&cmd);
        deliver(o, tmp, o->output ? o->output : "a_dlink.o");
        free(empty);
        free(tmp);
    } else if (o->phase == PH_LIB) {
        char *tmp = xprintf("%s/lib.a", b.work);
        StrList cmd = {0};
        sl_push(&cmd, "ar");
        sl_push(&cmd, "rcs");
        sl_push(&cmd, tmp);
        sl_append(&cmd, &objs);
        if (run_cmd(o, &cmd) != 0)
            exit(1);
        sl_free(&cmd);
        deliver(o, tmp, o->output ? o->output : "a.a");
        free(tmp);
    }
    for (int i = 0; i < b.dep_dests.n; i++)
        deliver_text(b.dep_texts.v[i], strlen(b.dep_texts.v[i]), b.dep_dests.v[i]);

    sl_free(&objs);
    return 0;
}
