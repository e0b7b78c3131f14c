/* pch.c - the precompiled prefix: every parse starts with `-include cuda_runtime.h`, which
 * brings in cu2c's headers and the C and C++ headers they include (most of a small .cu's
 * parse time). `cu2c --build-pch FILE` (make) saves that prefix parsed; a parse reads it
 * (-include-pch) only where it would read the very same prefix, so the result never differs:
 *   - the same libclang and embedded headers (the key in FILE.txt) and the same arguments
 *     in the same order (FILE.txt lists them: every -D, -U, -std, -include... counts);
 *   - save header directories (-I, -isystem, -iquote, -idirafter) added anywhere, each
 *     holding no file of a name the prefix asks for (found or not, in any branch: FILE.txt
 *     lists them); nor may the working directory hold cuda_runtime.h (-include looks there);
 *   - no environment variable adds header directories (CPATH & co.);
 *   - clang accepts the file (its own checks: version, the headers' sizes and times).
 * Several may be built (one per command line); the one whose key matches is used. */
#include "fe.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the key ------------------------------------------------------------------------------ */

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ s[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t fnv_str(uint64_t h, const char *s) {
    return fnv(h, s, strlen(s) + 1);
}

/* Options naming a header directory, with the value apart or glued on: checked by the names
 * the prefix asks for rather than keyed. Returns the option's length, or 0. */
static size_t dir_option(const char *arg) {
    static const char *const names[] = {"-isystem", "-idirafter", "-iquote", "-I"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strncmp(arg, names[i], strlen(names[i])) == 0)
            return strlen(names[i]);
    return 0;
}

/* libclang's version and the embedded headers. */
static uint64_t prefix_key(void) {
    uint64_t h = 0xcbf29ce484222325ull;
    CXString v = clang_getClangVersion();
    h = fnv_str(h, clang_getCString(v));
    clang_disposeString(v);
    for (int i = 0; i < cu2c_embedded_header_count; i++) {
        h = fnv_str(h, cu2c_embedded_headers[i].name);
        h = fnv(h, cu2c_embedded_headers[i].text, cu2c_embedded_headers[i].size);
    }
    return h;
}

/* ---- building ----------------------------------------------------------------------------- */

static void add_name(Arena *a, PtrVec *names, const char *s, size_t n) {
    for (int i = 0; i < names->len; i++)
        if (strlen(names->items[i]) == n && strncmp(names->items[i], s, n) == 0)
            return;
    vec_push(a, names, arena_strndup(a, s, n));
}

/* The header name at p (<x> or "x"), added to names; "*" when a macro names it (what is
 * neither is a comment's text: "#include's"). */
static void add_spelled(Arena *a, PtrVec *names, const char *p, const char *end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '('))
        p++;
    const char *close = p < end && (*p == '<' || *p == '"')
                            ? memchr(p + 1, *p == '<' ? '>' : '"', (size_t)(end - p - 1)) : NULL;
    if (close)
        add_name(a, names, p + 1, (size_t)(close - p - 1));
    else if (p < end && (*p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z')))
        add_name(a, names, "*", 1);
}

/* Every header name a file's text asks for: #include, #include_next, #import and
 * __has_include(_next), in any branch (the user's directories must hold none of them). */
static void collect_names(Arena *a, PtrVec *names, const char *t, size_t len) {
    for (size_t p = 0; p < len;) {
        size_t e = p;
        while (e < len && t[e] != '\n')
            e++;
        const char *ln = t + p, *end = t + e, *d = directive_name(ln, end);
        if (d) {
            size_t n = 0;
            while (d + n < end && (d[n] == '_' || (d[n] >= 'a' && d[n] <= 'z')))
                n++;
            bool spaced = d + n < end && (d[n] == ' ' || d[n] == '\t' || d[n] == '<' || d[n] == '"');
            if (!spaced)
                ;
            else if ((n == 7 && strncmp(d, "include", 7) == 0) || (n == 12 && strncmp(d, "include_next", 12) == 0) ||
                (n == 6 && strncmp(d, "import", 6) == 0))
                add_spelled(a, names, d + n, end);
        }
        for (const char *h = ln; (h = memmem(h, (size_t)(end - h), "__has_include", 13)) != NULL;) {
            h += 13;
            if (end - h >= 5 && strncmp(h, "_next", 5) == 0)
                h += 5;
            const char *q = h;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (q < end && *q == '(')
                add_spelled(a, names, q, end);
            else if (!(d && strncmp(d, "define", 6) == 0) && !memmem(ln, (size_t)(h - ln), "//", 2) &&
                     !memmem(ln, (size_t)(h - ln), "/*", 2))
                add_name(a, names, "*", 1); /* its operand on a later line: anything */
        }
        p = e + 1;
    }
}

typedef struct NameScan {
    Arena *a;
    CXTranslationUnit tu;
    PtrVec names;
} NameScan;

static void name_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    (void)stack;
    (void)depth;
    NameScan *ns = d;
    size_t len = 0;
    const char *text = clang_getFileContents(ns->tu, f, &len);
    if (text)
        collect_names(ns->a, &ns->names, text, len);
}

bool fe_pch_build(Arena *a, PtrVec *args, struct CXUnsavedFile *files, int nfiles, const char *out) {
    const char *main_name = VIRTUAL_INCLUDE "/__cu2c_prefix.cu";
    files[nfiles].Filename = main_name;
    files[nfiles].Contents = "";
    files[nfiles].Length = 0;
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, main_name, (const char *const *)args->items,
                                                      args->len, files, (unsigned)nfiles + 1,
                                                      CXTranslationUnit_ForSerialization, &tu);
    bool ok = rc == CXError_Success && tu;
    for (unsigned i = 0; ok && i < clang_getNumDiagnostics(tu); i++) {
        /* a prefix that warns would warn once per parse: not saved */
        CXDiagnostic diag = clang_getDiagnostic(tu, i);
        if (clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Warning) {
            CXString s = clang_formatDiagnostic(diag, clang_defaultDiagnosticDisplayOptions());
            fprintf(stderr, "cu2c: --build-pch: %s\n", clang_getCString(s));
            clang_disposeString(s);
            ok = false;
        }
        clang_disposeDiagnostic(diag);
    }
    if (ok) {
        Unit u = {.arena = a, .path = main_name, .text = "", .len = 0};
        Fe fe = {.u = &u, .tu = tu, .main_file = clang_getFile(tu, main_name)};
        ok = refuse_toolkit_headers(&fe) == 0 && u.errors == 0;
    }
    char *tmp = arena_printf(a, "%s.tmp%d", out, (int)getpid());
    char *txt = arena_printf(a, "%s.txt", out);
    char *txt_tmp = arena_printf(a, "%s.tmp", txt);
    if (ok && clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) != CXSaveError_None) {
        fprintf(stderr, "cu2c: error: cannot write '%s'\n", tmp);
        ok = false;
    }
    FILE *f = ok ? fopen(txt_tmp, "w") : NULL;
    if (f) {
        NameScan ns = {.a = a, .tu = tu};
        clang_getInclusions(tu, name_visit, &ns);
        fprintf(f, "key %016llx\n", (unsigned long long)prefix_key());
        for (int i = 0; i < args->len; i++)
            fprintf(f, "arg %s\n", (char *)args->items[i]);
        for (int i = 0; i < ns.names.len; i++)
            fprintf(f, "name %s\n", (char *)ns.names.items[i]);
        ok = fclose(f) == 0 && rename(tmp, out) == 0 && rename(txt_tmp, txt) == 0;
    } else if (ok) {
        ok = false;
    }
    if (!ok) {
        fprintf(stderr, "cu2c: error: no precompiled prefix written to '%s'\n", out);
        remove(tmp);
        remove(txt_tmp);
    }
    if (tu)
        clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    return ok;
}

/* ---- finding one that fits ---------------------------------------------------------------- */

/* The directory precompiled prefixes are installed in: lib/cu2c beside bin/ holding cu2c
 * (the build tree and an installed one alike). */
static char *pch_dir(Arena *a) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0 || n >= (ssize_t)sizeof exe - 1)
        return NULL;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return NULL;
    *slash = 0;
    slash = strrchr(exe, '/');
    if (!slash || strcmp(slash, "/bin") != 0)
        return NULL;
    *slash = 0;
    return arena_printf(a, "%s/lib/cu2c", exe);
}

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

/* True when dir holds none of the names the prefix asks for. */
static bool dir_agrees(Arena *a, const char *dir, const PtrVec *names) {
    for (int j = 0; j < names->len; j++) {
        const char *name = names->items[j];
        if (strcmp(name, "*") == 0 || exists(arena_printf(a, "%s/%s", dir, name)))
            return false;
    }
    return true;
}

/* True when args are the prefix's own (built), in their order, with header directories
 * added anywhere that hold none of the names the prefix asks for. */
static bool args_agree(Arena *a, const PtrVec *args, const PtrVec *built, const PtrVec *names) {
    if (exists("cuda_runtime.h"))
        return false;
    int b = 0;
    for (int i = 0; i < args->len; i++) {
        const char *arg = args->items[i];
        size_t n = dir_option(arg);
        bool apart = n && !arg[n] && i + 1 < args->len;
        if (b < built->len && strcmp(arg, built->items[b]) == 0 &&
            (!apart || (b + 1 < built->len && strcmp(args->items[i + 1], built->items[b + 1]) == 0))) {
            b += apart ? 2 : 1;
            i += apart;
        } else if (!n || !dir_agrees(a, apart ? args->items[++i] : arg + n, names)) {
            return false;
        }
    }
    return b == built->len;
}

/* Reads FILE.txt: its key, arguments and names. */
static bool read_sidecar(Arena *a, const char *path, unsigned long long *key, PtrVec *built, PtrVec *names) {
    size_t len;
    char *text = read_file(path, &len);
    if (!text)
        return false;
    bool ok = sscanf(text, "key %llx\n", key) == 1;
    for (char *p = text, *e; ok && p < text + len; p = e + 1) {
        e = memchr(p, '\n', (size_t)(text + len - p));
        if (!e)
            e = text + len;
        if (e - p >= 4 && strncmp(p, "arg ", 4) == 0)
            vec_push(a, built, arena_strndup(a, p + 4, (size_t)(e - p - 4)));
        else if (e - p > 5 && strncmp(p, "name ", 5) == 0)
            vec_push(a, names, arena_strndup(a, p + 5, (size_t)(e - p - 5)));
    }
    free(text);
    return ok;
}

const char *fe_pch_find(Arena *a, const PtrVec *args) {
    static const char *const env[] = {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                                      "OBJC_INCLUDE_PATH", "OBJCPLUS_INCLUDE_PATH"};
    for (size_t i = 0; i < sizeof env / sizeof *env; i++) {
        const char *v = getenv(env[i]);
        if (v && *v)
            return NULL;
    }
    char *dir = pch_dir(a);
    DIR *d = dir ? opendir(dir) : NULL;
    if (!d)
        return NULL;
    unsigned long long want = prefix_key();
    const char *found = NULL;
    for (struct dirent *e; !found && (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 8 || strcmp(e->d_name + n - 8, ".pch.txt") != 0)
            continue;
        unsigned long long key;
        PtrVec built = {0}, names = {0};
        char *txt = arena_printf(a, "%s/%s", dir, e->d_name);
        if (read_sidecar(a, txt, &key, &built, &names) && key == want && args_agree(a, args, &built, &names))
            found = arena_strndup(a, txt, strlen(txt) - 4);
    }
    closedir(d);
    return found && exists(found) ? found : NULL;
}
