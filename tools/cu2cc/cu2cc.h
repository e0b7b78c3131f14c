/* cu2cc.h - the nvcc-compatible driver's shared declarations: the options one command line
 * asks for (args.c), where cu2c's pieces and the host compilers are (layout.c), the build
 * steps (steps.c), dependency files (deps.c) and how outputs reach their paths (output.c). */
#ifndef CU2CC_H
#define CU2CC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* A growable list of owned strings; also an argv (always NULL-terminated). */
typedef struct StrList {
    char **v;
    int n, cap;
} StrList;

void sl_push(StrList *l, const char *s);
void sl_pushf(StrList *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool sl_contains(const StrList *l, const char *s);
void sl_append(StrList *l, const StrList *from);
void sl_free(StrList *l);
void *xmalloc(size_t n);
char *xstrdup(const char *s);
char *xprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* What an input is, by its suffix or by -x. */
typedef enum Lang {
    LANG_NONE, /* not decided yet: by suffix */
    LANG_CU,   /* CUDA: translated by cu2c, then built as C++ */
    LANG_C,    /* C: the C compiler */
    LANG_CXX,  /* C++: the C++ compiler */
    LANG_OBJ,  /* .o, .a, .so: straight to the link */
} Lang;

/* How far a run goes (nvcc's phases). */
typedef enum Phase {
    PH_LINK,       /* default: compile, then link an executable (or a -shared library) */
    PH_COMPILE,    /* -c, -dc: objects */
    PH_PREPROCESS, /* -E: preprocessed text */
    PH_CUDA,       /* -cuda: each .cu's host-side translation, preprocessed (FILE.cu.cpp.ii) */
    PH_DEPS,       /* -M, -MM: a dependency rule and nothing else */
    PH_DLINK,      /* -dlink: the device link, an empty object here */
    PH_LIB,        /* -lib: a static library of the objects */
} Phase;

/* Everything one command line asks for. */
typedef struct Options {
    Phase phase;
    const char *output;     /* -o; NULL: nvcc's default for the phase */
    const char *odir;       /* -odir: where -c puts objects named after their sources */
    StrList inputs;         /* input files in command-line order */
    Lang *langs;            /* per input (-x or suffix) */
    int langs_cap;
    Lang xlang;             /* -x in force for the inputs that follow */
    StrList libs;           /* -lNAME (cudart & co. dropped: they are libcu2c) */
    StrList pp;             /* -I -D -U -isystem -include: preprocessor, every compile */
    StrList cflags;         /* -Xcompiler: every host compile and the link */
    StrList ldflags;        /* -L, -Xlinker (as -Wl,): the link */
    StrList forwarded;      /* unknown options, with -forward-unknown-to-host-compiler */
    StrList cu_defs;        /* macros nvcc defines for .cu files only (-rdc, --expt-*) */
    const char *opt;        /* -O level ("-O3" unless given) */
    bool debug;             /* -g, -G */
    bool device_debug;      /* -G: fault lines name the thread too (cu2c --track-threads) */
    const char *std;        /* -std= value */
    bool shared;            /* -shared */
    bool per_thread_stream; /* --default-stream per-thread */
    bool no_warnings;       /* -w */
    bool verbose, dryrun;   /* -v, --dryrun: print the steps (#$ ...) */
    bool keep;              /* --keep */
    bool keep_work;         /* CU2CC_KEEP=1: keep the whole temporary directory */
    const char *keep_dir;   /* --keep-dir */
    const char *ccbin;      /* -ccbin: a compiler or the directory holding one */
    bool forward_unknown;   /* -forward-unknown-to-host-compiler, -forward-unknown-opts */
    int deps;               /* -M/-MD 1, -MM/-MMD 2; 0: no dependency output */
    const char *dep_file;   /* -MF */
    const char *dep_target; /* -MT */
    bool dep_phony;         /* -MP */
    const char *sanitize;   /* -fsanitize=: the last value (links libcu2c-VALUE.a if there) */
    const char *thread_order; /* CU2C_THREAD_ORDER=reverse|random: cu2c --thread-order */
    bool fibers;            /* CU2C_ENGINE=fibers: cu2c --engine=fibers (every kernel it can on
                             * the fiber engine) */
    bool race_check;        /* CU2C_CHECK=race: .cu files translated with --check=race and
                             * compiled with -fsanitize=thread, linked with libcu2c-race.a */
    const char *host_march; /* --host-march / CU2CC_MARCH: the CPU translated .cu files are
                             * built for: "native" (default), "portable" (the compiler's
                             * default target) or a -march= value */
    int arch;               /* the highest compute capability -arch/-code/-gencode name
                             * (70 for sm_70); 0: cu2c's default */
    bool print_version, help;
} Options;

/* args.c */
void args_parse(Options *o, int argc, char **argv);
void args_classify(Options *o);
void args_usage(FILE *f);

/* Where cu2c's pieces and the host compilers are, and what CUDA release cu2c follows. */
typedef struct Layout {
    char *bindir;     /* the directory holding cu2cc (symlinks resolved) */
    char *root;       /* its parent: the build tree or the installed prefix */
    char *cu2c;       /* the translator */
    char *inc;        /* cu2c's CUDA headers */
    char *libdir;     /* where libcu2c.a is */
    char *lib;        /* libcu2c.a */
    char *cudalibdir; /* lib64: libcu2c under CUDA's names (libcudart_static.a...), for
                       * links made without cu2cc (CMake's) */
    char *cc, *cxx;   /* the host C and C++ compilers */
    bool chosen_cxx;  /* named by the user (-ccbin, CU2CC_CXX): maybe a wrapper such as mpicxx
                       * adding directories of its own, which the parser must see too */
    int major, minor; /* the CUDA release (CUDART_VERSION of cu2c's headers) */
} Layout;

/* layout.c */
void layout_find(Layout *l, const char *argv0, const Options *o);
void layout_version(const Layout *l);
void layout_print_env(const Layout *l);

/* steps.c */
int steps_run(const Options *o, const Layout *l);
int run_cmd(const Options *o, const StrList *argv);
char *quote_arg(const char *a);

/* openmp.c: does a translated .cu ask for -fopenmp (it includes thrust)? does an object
 * or archive call an OpenMP runtime? */
bool translation_needs_openmp(const char *translated);
bool object_needs_openmp(const char *path);

/* deps.c */
char *deps_rule(const Options *o, const StrList *pp_cmd, const char *src, const char *target,
                const char *work, int n);
char *deps_default_target(const char *src);

/* output.c */
char *work_dir(const Options *o);
void work_dir_remove(const char *dir);
void mkdir_p(const char *dir);
int deliver_file(const char *tmp, const char *out);
int deliver_text(const char *text, size_t len, const char *out);
bool same_file(const char *a, const char *b);

#endif
