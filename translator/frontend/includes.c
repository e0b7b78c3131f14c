/* includes.c - the files a .cu includes: CUDA toolkit headers refused where included; the
 * user's files holding CUDA code (at any depth, headers or included .cu files) spliced into
 * the main text between #line directives, so that every kernel, device function, launch and
 * __shared__ variable is translated where it is written and messages name its own file. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

/* A directory holding cu2c's own CUDA headers (the source tree's include/, an installed
 * PREFIX/include), which a user's -I may name (a Makefile sharing its flags with .cpp files,
 * CMake's CUDA::cudart): clang then reads the copies there rather than the embedded ones.
 * They declare themselves system headers when parsed, so they are recognised all the same. */
static bool is_cu2c_include_dir(const char *dir) {
    char marker[4096];
    if ((size_t)snprintf(marker, sizeof marker, "%s/cu2c/kernel.h", dir) >= sizeof marker)
        return false;
    FILE *f = fopen(marker, "r");
    if (f)
        fclose(f);
    return f != NULL;
}

/* A copy on disk of one of cu2c's headers (DIR/cu2c/warp.h, DIR a header directory of
 * cu2c's): the embedded header of that name, else NULL. Only cu2c's own names count: other
 * files in the same directory (/usr/local/include/foo/bar.h) are not cu2c's. */
static const EmbeddedHeader *cu2c_header(const char *real) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", real);
    for (char *slash = strrchr(dir, '/'); slash && slash > dir; slash = strrchr(dir, '/')) {
        *slash = 0;
        const char *name = real + (slash - dir) + 1;
        for (int i = 0; i < cu2c_embedded_header_count; i++)
            if (strcmp(cu2c_embedded_headers[i].name, name) == 0)
                return is_cu2c_include_dir(dir) ? &cu2c_embedded_headers[i] : NULL;
    }
    return NULL;
}

/* A copy on disk of one of cu2c's headers that is not this cu2c's (another version's
 * install, a stale copy): the translation would follow one text and the compiler another. */
static bool is_other_version(const char *real, const EmbeddedHeader *h) {
    size_t len;
    char *text = read_file(real, &len);
    bool other = !text || len != h->size || memcmp(text, h->text, len) != 0;
    free(text);
    return other;
}

/* A CUDA toolkit header found on the system (e.g. /usr/local/include -> /usr/local/cuda):
 * cu2c provides its own for what it supports; anything else from the toolkit would fail in
 * confusing ways (or be silently mixed with cu2c's), so it is refused where it is included. */
static bool is_toolkit_file(const char *path) {
    char real[4096];
    if (!path || strncmp(path, VIRTUAL_INCLUDE, strlen(VIRTUAL_INCLUDE)) == 0 || !realpath(path, real) ||
        cu2c_header(real))
        return false;
    /* a thrust install's files (thrust.c) are a library, its system/cuda/ folder included:
     * only the folder holding thrust may say it is the toolkit's */
    const char *thrust = thrust_file(real);
    size_t len = thrust ? (size_t)(thrust - real) : strlen(real);
    real[len] = 0;
    for (const char *p = strstr(real, "/cuda"); p; p = strstr(p + 1, "/cuda"))
        if (p[5] == '/' || p[5] == '-')
            return strstr(real, "/include/") != NULL;
    return false;
}

static const char *base_name(const char *path, size_t len);

/* CUDA libraries cu2c does not provide, by the names of their headers: a program including
 * one is refused there, naming the library, whether the header is missing here or found in a
 * CUDA toolkit on disk. (cuBLAS, cuBLASLt, cuSPARSE, cuSOLVER's dense API, cuRAND, cuFFT,
 * NVML, NCCL, Thrust and CUB are provided.) */
static const struct {
    const char *header;     /* a header's name, or with a final '*' the start of the names */
    const char *library;
} unprovided_libraries[] = {
    {"cusolverSp*", "cuSOLVER's sparse API"},   /* the dense one (cusolverDn.h) is provided */
    {"cusolverRf*", "cuSOLVER's refactorisation API"},
    {"cusolverMg*", "cuSOLVER's multi-GPU API"},
    {"cudnn*", "cuDNN"},
    {"nvjpeg*", "nvJPEG"},
    {"npp*", "NPP"},
    {"nvrtc*", "NVRTC"},
    {"cusparseLt*", "cuSPARSELt"},
    {"cutensor*", "cuTENSOR"},
    {"cudss*", "cuDSS"},
    {"nvshmem*", "NVSHMEM"},
    {"cupti*", "CUPTI"},
    {"cufile.h", "cuFile"},
    {"cudla.h", "cuDLA"},
    {"nvJitLink.h", "nvJitLink"},
    {"nvPTXCompiler.h", "nvPTXCompiler"},
    {"nvfatbin.h", "nvFatbin"},
    {"cudaGL*", "CUDA's OpenGL interoperability"},
    {"cudaEGLTypedefs.h", "CUDA's EGL interoperability typedefs"},
    {"cuda_d3d*", "CUDA's Direct3D interoperability"},
    {"cudaD3D*", "CUDA's Direct3D interoperability"},
    {"cuda_vdpau_interop.h", "CUDA's VDPAU interoperability"},
    {"cudaVDPAU*", "CUDA's VDPAU interoperability"},
};

/* The library a header of this name belongs to when cu2c does not provide it, else NULL. */
static const char *unprovided_library(const char *name, size_t len) {
    for (size_t i = 0; i < sizeof unprovided_libraries / sizeof *unprovided_libraries; i++) {
        const char *h = unprovided_libraries[i].header;
        size_t hl = strlen(h);
        bool prefix = h[hl - 1] == '*';
        if (prefix ? len >= hl - 1 && strncmp(name, h, hl - 1) == 0 : len == hl && strncmp(name, h, hl) == 0)
            return unprovided_libraries[i].library;
    }
    return NULL;
}

/* Refuses an unprovided library's header included at loc (base: its file name). */
static bool refuse_unprovided(Fe *fe, CXSourceLocation loc, const char *base, size_t len) {
    const char *library = unprovided_library(base, len);
    if (library)
        diag_error(fe->u, fe_loc(fe, loc), "%s (%.*s) is not provided by cu2c", library, (int)len, base);
    return library != NULL;
}

typedef struct ToolkitScan {
    Fe *fe;
    int reported;
    bool stop;              /* one toolkit header refused: what it includes says no more */
} ToolkitScan;

static void toolkit_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    ToolkitScan *ts = d;
    if (depth == 0 || ts->stop)
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    char real[4096];
    const EmbeddedHeader *own = n && strncmp(n, VIRTUAL_INCLUDE, strlen(VIRTUAL_INCLUDE)) != 0 &&
                                realpath(n, real) ? cu2c_header(real) : NULL;
    if (own && is_other_version(real, own)) {
        static const char msg[] = "'%s' is not this cu2c's <%s> (another version's?): give this "
                                  "cu2c's include folder, or none";
        CXFile from;
        clang_getExpansionLocation(stack[0], &from, NULL, NULL, NULL);
        if (from)
            diag_error(ts->fe->u, fe_loc(ts->fe, stack[0]), msg, n, own->name);
        else { /* cuda_runtime.h, which the parse includes first */
            fprintf(stderr, "cu2c: error: ");
            fprintf(stderr, msg, n, own->name);
            fputc('\n', stderr);
        }
        ts->reported++;
        ts->stop = true;
    } else if (n && realpath(n, real) && thrust_cuda_system_file(real)) {
        /* included by the user's code (thrust's CUDA system, had the program chosen it, is
         * refused by cu2c's thrust/detail/config/config.h) */
        CXFile from;
        clang_getExpansionLocation(stack[0], &from, NULL, NULL, NULL);
        if (!clang_Location_isInSystemHeader(stack[0])) {
            diag_error(ts->fe->u, fe_loc(ts->fe, stack[0]),
                       "'%s' is thrust's CUDA system, which cu2c does not run (no GPU code): "
                       "thrust::device, thrust::omp::par and thrust::cuda::par run on the CPU's cores",
                       thrust_file(real));
            ts->reported++;
        }
    } else if (is_toolkit_file(n)) {
        CXFile from;
        clang_getExpansionLocation(stack[0], &from, NULL, NULL, NULL);
        CXString fromname = clang_getFileName(from);
        const char *fn = clang_getCString(fromname);
        char freal[4096];
        /* thrust's CUDA system including the toolkit's headers: the program chose that
         * system, which cu2c's thrust/detail/config/config.h refuses with its reason */
        bool from_thrust_cuda = fn && realpath(fn, freal) && thrust_cuda_system_file(freal);
        if (!from_thrust_cuda && !is_toolkit_file(fn)) {
            const char *base = strrchr(n, '/');
            base = base ? base + 1 : n;
            if (!refuse_unprovided(ts->fe, stack[0], base, strlen(base))) {
                diag_error(ts->fe->u, fe_loc(ts->fe, stack[0]),
                           "'%s' is a CUDA toolkit header cu2c does not provide: not supported yet", base);
                ts->stop = true;
            }
            ts->reported++;
        }
        clang_disposeString(fromname);
    } else if (n && !clang_Location_isInSystemHeader(stack[0]) &&
               clang_Location_isInSystemHeader(clang_getLocationForOffset(ts->fe->tu, f, 0))) {
        /* a library's header installed with the system's (Debian's nvidia-cuda-dev puts
         * CUDA's headers in /usr/include) */
        const char *base = strrchr(n, '/');
        base = base ? base + 1 : n;
        ts->reported += refuse_unprovided(ts->fe, stack[0], base, strlen(base));
    }
    clang_disposeString(name);
}

bool is_lib_header(const char *name) {
    return strncmp(name, "cub/", 4) == 0;
}

/* A file's text (malloc'd; NULL when it cannot be read), without a UTF-8 byte order mark. A
 * path under VIRTUAL_LIB_INCLUDE is an embedded library header, spliced from the
 * translator's own copy. */
char *read_file(const char *path, size_t *len) {
    size_t vl = strlen(VIRTUAL_LIB_INCLUDE);
    if (strncmp(path, VIRTUAL_LIB_INCLUDE "/", vl + 1) == 0) {
        for (int i = 0; i < cu2c_embedded_header_count; i++)
            if (strcmp(cu2c_embedded_headers[i].name, path + vl + 1) == 0) {
                char *t = malloc(cu2c_embedded_headers[i].size + 1);
                if (t) {
                    memcpy(t, cu2c_embedded_headers[i].text, cu2c_embedded_headers[i].size);
                    t[cu2c_embedded_headers[i].size] = 0;
                    *len = cu2c_embedded_headers[i].size;
                }
                return t;
            }
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    Buf b = {0};
    char tmp[65536];
    size_t n;
    while ((n = fread(tmp, 1, sizeof tmp, f)) > 0)
        buf_put(&b, tmp, n);
    fclose(f);
    if (!b.data)
        buf_put(&b, "", 0);
    /* a UTF-8 byte order mark: a compiler skips it at a file's start, but a spliced file's
     * would stand inside the main text (its line 1 keeps its columns but for the mark) */
    if (b.len >= 3 && memcmp(b.data, "\xEF\xBB\xBF", 3) == 0) {
        memmove(b.data, b.data + 3, b.len - 3 + 1);
        b.len -= 3;
    }
    *len = b.len;
    return b.data;
}

/* An unprovided library's header that is not found (clang: "'X' file not found"): refused
 * with the library's name in place of clang's message. */
static int refuse_missing_headers(Fe *fe) {
    static const char tail[] = "' file not found";
    int reported = 0;
    for (unsigned i = 0, n = clang_getNumDiagnostics(fe->tu); i < n && !reported; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        CXString msg = clang_getDiagnosticSpelling(d);
        const char *m = clang_getCString(msg);
        size_t len = m ? strlen(m) : 0, tl = sizeof tail - 1;
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && len > tl + 1 && m[0] == '\'' &&
            strcmp(m + len - tl, tail) == 0) {
            const char *name = m + 1, *base = base_name(name, len - tl - 1);
            reported += refuse_unprovided(fe, clang_getDiagnosticLocation(d), base,
                                          (size_t)(m + len - tl - base));
        }
        clang_disposeString(msg);
        clang_disposeDiagnostic(d);
    }
    return reported;
}

int refuse_toolkit_headers(Fe *fe) {
    ToolkitScan ts = {fe, 0, false};
    clang_getInclusions(fe->tu, toolkit_visit, &ts);
    return ts.reported + refuse_missing_headers(fe);
}

/* ---- splicing ----------------------------------------------------------------------------- */

/* A user's file: its path as clang names it, the real path identifying it. */
typedef struct UserFile {
    char *name, *real;
    bool cuda;              /* holds CUDA code, or includes a file that does: spliced */
    bool read;              /* its text was searched for __CUDA_ARCH__ */
} UserFile;

/* An #include clang entered: line `line` of `from` brought in `to`. */
typedef struct Inclusion {
    UserFile *from, *to;
    unsigned line;
} Inclusion;

typedef struct Splicer {
    Fe *fe;
    PtrVec files;           /* UserFile* */
    PtrVec inclusions;      /* Inclusion* */
    Buf out;                /* the spliced text */
    PtrVec line_files, line_nos; /* per output line: const char *, unsigned * */
} Splicer;

static UserFile *user_file(Splicer *sp, CXFile f) {
    if (!f)
        return NULL;
    Arena *a = sp->fe->u->arena;
    char *name = fe_str(a, clang_getFileName(f));
    char real[4096];
    const char *key = realpath(name, real) ? real : name;
    for (int i = 0; i < sp->files.len; i++) {
        UserFile *uf = sp->files.items[i];
        if (strcmp(uf->real, key) == 0)
            return uf;
    }
    UserFile *uf = arena_alloc(a, sizeof *uf);
    uf->name = name;
    uf->real = arena_strdup(a, key);
    vec_push(a, &sp->files, uf);
    return uf;
}

/* The directories the user named with -isystem (`-isystem DIR`, `-isystemDIR`), by real
 * path: CMake names a project's dependencies so (`target_include_directories(SYSTEM ...)`),
 * and nvcc compiles the kernels of their headers as any other. */
void user_system_dirs(Fe *fe, const Options *opt) {
    for (int i = 0; i < opt->clang_args.len; i++) {
        const char *arg = opt->clang_args.items[i];
        const char *dir = strcmp(arg, "-isystem") == 0 && i + 1 < opt->clang_args.len ? opt->clang_args.items[++i]
                          : strncmp(arg, "-isystem", 8) == 0 && arg[8] ? arg + 8 : NULL;
        char real[4096];
        if (dir && realpath(dir, real))
            vec_push(fe->u->arena, &fe->user_system_dirs, arena_strdup(fe->u->arena, real));
    }
}

/* Is the file at l one of a directory the user named with -isystem, and neither cu2c's own
 * header (which says it is a system header when parsed) nor thrust's? */
static bool in_user_system_dir(Fe *fe, CXSourceLocation l) {
    if (!fe->user_system_dirs.len)
        return false;
    CXFile f;
    clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
    if (!f)
        return false;
    for (int i = 0; i < fe->system_files.len; i++)
        if (clang_File_isEqual(fe->system_files.items[i], f))
            return fe->system_verdicts.items[i] != NULL;
    CXString n = clang_getFileName(f);
    char real[4096];
    bool found = false;
    if (clang_getCString(n) && realpath(clang_getCString(n), real) && !thrust_file(real) && !is_toolkit_file(real)) {
        for (int i = 0; i < fe->user_system_dirs.len && !found; i++) {
            const char *d = fe->user_system_dirs.items[i];
            size_t len = strlen(d);
            found = strncmp(real, d, len) == 0 && real[len] == '/';
        }
    }
    clang_disposeString(n);
    if (found) {    /* cu2c's own headers declare themselves system headers wherever they are */
        size_t len;
        char *text = read_file(real, &len);
        found = !text || !strstr(text, "#pragma clang system_header");
        free(text);
    }
    vec_push(fe->u->arena, &fe->system_files, f);
    vec_push(fe->u->arena, &fe->system_verdicts, found ? (void *)1 : NULL);
    return found;
}

/* Is l in a system header whose CUDA code is not the user's? */
static bool is_system_for(Fe *fe, CXSourceLocation l) {
    return clang_Location_isInSystemHeader(l) != 0 && !in_user_system_dir(fe, l);
}

/* Marks the user's files (not the main file, not system headers) that hold CUDA code: a
 * declaration with a CUDA attribute (__global__, __device__, __shared__, __constant__) or a
 * kernel launch. */
static enum CXChildVisitResult cuda_code_visit(CXCursor c, CXCursor parent, CXClientData d) {
    Splicer *sp = d;
    CXSourceLocation l = clang_getCursorLocation(c);
    if (is_system_for(sp->fe, l))
        return CXChildVisit_Continue;
    enum CXCursorKind k = clang_getCursorKind(c);
    bool cuda = k == CXCursor_CUDAGlobalAttr || k == CXCursor_CUDADeviceAttr ||
                k == CXCursor_CUDASharedAttr || k == CXCursor_CUDAConstantAttr;
    if (!cuda && k != CXCursor_CallExpr)
        return CXChildVisit_Recurse;
    CXFile f;
    clang_getExpansionLocation(l, &f, NULL, NULL, NULL);
    if (!f || clang_File_isEqual(f, sp->fe->main_file))
        return CXChildVisit_Recurse;
    if (k == CXCursor_CallExpr) {
        /* a call's name is looked at outside the main file only (most calls are in it) */
        CXString sp_name = clang_getCursorSpelling(c);
        const char *n = clang_getCString(sp_name);
        cuda = n && (strcmp(n, "__cudaPushCallConfiguration") == 0 || strcmp(n, "cudaConfigureCall") == 0);
        clang_disposeString(sp_name);
    }
    /* a header of a directory the user named with -isystem: its kernels, launches, device-only
     * functions and device variables are translated; __host__ __device__ functions alone
     * (Eigen's, say) compile as host code, as in any system header */
    if (cuda && k == CXCursor_CUDADeviceAttr && clang_Location_isInSystemHeader(l) &&
        has_attr(parent, CXCursor_CUDAHostAttr))
        cuda = false;
    if (cuda)
        user_file(sp, f)->cuda = true;
    return CXChildVisit_Recurse;
}

static void inclusion_record_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    Splicer *sp = d;
    if (depth == 0 || is_system_for(sp->fe, stack[0]))
        return;
    CXFile from;
    unsigned line;
    clang_getExpansionLocation(stack[0], &from, &line, NULL, NULL);
    if (!from)
        return;
    Inclusion *in = arena_alloc(sp->fe->u->arena, sizeof *in);
    in->from = clang_File_isEqual(from, sp->fe->main_file) ? NULL : user_file(sp, from);
    in->to = user_file(sp, f);
    if (!in->to->read) {
        /* __CUDA_ARCH__ may hide its device code from this parse (see cuda_arch.c) */
        size_t len;
        char *text = read_file(in->to->name, &len);
        in->to->cuda |= text && strstr(text, "__CUDA_ARCH__");
        in->to->read = true;
        free(text);
    }
    in->line = line;
    vec_push(sp->fe->u->arena, &sp->inclusions, in);
}

static void map_line(Splicer *sp, const char *file, unsigned line) {
    unsigned *l = arena_alloc(sp->fe->u->arena, sizeof *l);
    *l = line;
    vec_push(sp->fe->u->arena, &sp->line_files, (void *)file);
    vec_push(sp->fe->u->arena, &sp->line_nos, l);
}

/* The file an `#include` at line `line` of `from` (NULL: the main file) brought in. */
static UserFile *included_at(Splicer *sp, UserFile *from, unsigned line) {
    for (int i = 0; i < sp->inclusions.len; i++) {
        Inclusion *in = sp->inclusions.items[i];
        if (in->from == from && in->line == line)
            return in->to;
    }
    return NULL;
}

/* The name an #include line names, between its quotes or angle brackets. */
static bool include_name(const char *p, const char *end, const char **name, size_t *len, bool *quoted) {
    p = directive_name(p, end);
    if (!p || end - p < 7 || strncmp(p, "include", 7) != 0)
        return false;
    p += 7;
    if (end - p >= 5 && strncmp(p, "_next", 5) == 0)
        p += 5;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || (*p != '"' && *p != '<'))
        return false;
    *quoted = *p == '"';
    const char *close = memchr(p + 1, *quoted ? '"' : '>', (size_t)(end - p - 1));
    if (!close)
        return false;
    *name = p + 1;
    *len = (size_t)(close - p - 1);
    return true;
}

static const char *base_name(const char *path, size_t len) {
    const char *b = path;
    for (size_t i = 0; i < len; i++)
        if (path[i] == '/')
            b = path + i + 1;
    return b;
}

static bool splice_file(Splicer *sp, UserFile *file, const char *path, const char *text, size_t len, int depth);

/* Line `line` of `file` (NULL: the main file), an #include: spliced, emptied, re-pointed or kept. */
static bool splice_include(Splicer *sp, UserFile *file, const char *path, unsigned line, const char *ln,
                           const char *end, int depth) {
    const char *name;
    size_t nlen;
    bool quoted;
    UserFile *to = included_at(sp, file, line);
    if (to && to->cuda) {
        size_t hlen;
        char *h = read_file(to->name, &hlen);
        if (!h) {
            fprintf(stderr, "cu2c: error: cannot read '%s'\n", to->name);
            return false;
        }
        buf_puts(&sp->out, "#line 1 \"");
        put_path(&sp->out, to->name);
        buf_puts(&sp->out, "\"\n");
        map_line(sp, to->name, 0);
        bool ok = splice_file(sp, to, to->name, h, hlen, depth + 1);
        free(h);
        buf_printf(&sp->out, "#line %u \"", line + 1);
        put_path(&sp->out, path);
        buf_puts(&sp->out, "\"\n");
        map_line(sp, path, 0);
        return ok;
    }
    if (!to && include_name(ln, end, &name, &nlen, &quoted)) {
        /* not entered (an include guard, #pragma once, an inactive branch): a spliced file
         * named so is already in the text */
        const char *base = base_name(name, nlen);
        for (int i = 0; i < sp->files.len; i++) {
            UserFile *uf = sp->files.items[i];
            const char *ub = base_name(uf->name, strlen(uf->name));
            if (uf->cuda && strlen(ub) == (size_t)(name + nlen - base) && strncmp(ub, base, strlen(ub)) == 0) {
                buf_puts(&sp->out, "\n");
                map_line(sp, path, line);
                return true;
            }
        }
    }
    if (file && include_name(ln, end, &name, &nlen, &quoted) && quoted && name[0] != '/') {
        /* a spliced file's own #include "x.h" is searched next to it, not next to the .cu */
        const char *target = NULL;
        char real[4096];
        if (to)
            target = to->real;
        else {
            const char *slash = strrchr(path, '/');
            char *cand = arena_printf(sp->fe->u->arena, "%.*s%.*s", slash ? (int)(slash - path + 1) : 0,
                                      path, (int)nlen, name);
            if (realpath(cand, real))
                target = real;
        }
        if (target) {
            buf_put(&sp->out, ln, (size_t)(name - 1 - ln));
            buf_put(&sp->out, "\"", 1);
            put_path(&sp->out, target);
            buf_put(&sp->out, name + nlen, (size_t)(end - (name + nlen)));
            buf_puts(&sp->out, "\n");
            map_line(sp, path, line);
            return true;
        }
    }
    buf_put(&sp->out, ln, (size_t)(end - ln));
    buf_puts(&sp->out, "\n");
    map_line(sp, path, line);
    return true;
}

/* Copies `text` (the main file when file is NULL) line by line, splicing what it includes. */
static bool splice_file(Splicer *sp, UserFile *file, const char *path, const char *text, size_t len, int depth) {
    if (depth > 200) {
        fprintf(stderr, "cu2c: error: '%s': #include nested too deeply\n", path);
        return false;
    }
    unsigned line = 1;
    for (size_t p = 0; p < len; line++) {
        size_t e = p;
        while (e < len && text[e] != '\n')
            e++;
        const char *ln = text + p, *end = text + e, *d = directive_name(ln, end);
        bool once = file && d && (size_t)(end - d) >= 11 && strncmp(d, "pragma once", 11) == 0;
        if (d && !once) {
            if (!splice_include(sp, file, path, line, ln, end, depth))
                return false;
        } else {
            /* #pragma once: the file is part of the main text now (clang would warn) */
            if (!once)
                buf_put(&sp->out, ln, (size_t)(end - ln));
            buf_puts(&sp->out, "\n");
            map_line(sp, path, line);
        }
        p = e + 1;
    }
    return true;
}

int splice_user_files(Fe *fe, Unit *out) {
    Splicer sp = {.fe = fe};
    fe_visit_unit(fe, cuda_code_visit, &sp);
    clang_getInclusions(fe->tu, inclusion_record_visit, &sp);
    /* the files including one that holds CUDA code are spliced too, up to the main file */
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < sp.inclusions.len; i++) {
            Inclusion *in = sp.inclusions.items[i];
            if (in->to->cuda && in->from && !in->from->cuda)
                changed = in->from->cuda = true;
        }
    }
    bool any = false;
    for (int i = 0; i < sp.inclusions.len; i++) {
        Inclusion *in = sp.inclusions.items[i];
        any |= in->from == NULL && in->to->cuda;
    }
    if (!any)
        return 0;
    Unit *u = fe->u;
    vec_push(u->arena, &sp.line_files, NULL);
    vec_push(u->arena, &sp.line_nos, NULL);
    if (!splice_file(&sp, NULL, u->path, u->text, u->len, 0)) {
        buf_free(&sp.out);
        return -1;
    }
    /* the main text's last line had no newline: neither has the result */
    if (u->len > 0 && u->text[u->len - 1] != '\n' && sp.out.len > 0)
        sp.out.len--;
    Arena *a = u->arena;
    out->text = arena_strndup(a, sp.out.data ? sp.out.data : "", sp.out.len);
    out->len = sp.out.len;
    out->nlines = (unsigned)sp.line_files.len - 1;
    out->line_file = (const char **)sp.line_files.items;
    out->line_no = arena_alloc(a, sizeof(unsigned) * ((size_t)out->nlines + 1));
    for (unsigned i = 1; i <= out->nlines; i++)
        out->line_no[i] = *(unsigned *)sp.line_nos.items[i];
    buf_free(&sp.out);
    return 1;
}
