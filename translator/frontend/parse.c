/* parse.c - fe_parse: libclang parses the .cu as CUDA host code with cu2c's embedded
 * headers (twice when the user's files holding CUDA code are spliced into it: see
 * includes.c); clang's diagnostics are forwarded once; the scans fill the kernel model. */
#include "fe.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* clang's warnings and errors, located where their lines were written (a spliced file's own
 * lines), with the source line and a caret, as compilers print them. clang parses with no
 * limit on errors, as the ones cu2c drops (thrust's, below) may be many: the limit is here,
 * on those shown. */
enum { SHOWN_ERROR_LIMIT = 50 };
static int forward_diagnostics(Fe *fe) {
    static const char *const severity[] = {"ignored", "note", "warning", "error", "fatal error"};
    Unit *u = fe->u;
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (fe->u->openmp && thrust_exec_check_disabled(d)) {
            clang_disposeDiagnostic(d);
            continue;
        }
        if (sev >= CXDiagnostic_Error && errors == SHOWN_ERROR_LIMIT)
            fprintf(stderr, "cu2c: fatal error: too many errors emitted, stopping now\n");
        if (sev >= CXDiagnostic_Warning && errors < SHOWN_ERROR_LIMIT) {
            SrcLoc l = fe_loc(fe, clang_getDiagnosticLocation(d));
            CXString msg = clang_getDiagnosticSpelling(d);
            CXString opt = clang_getDiagnosticOption(d, NULL);
            const char *o = clang_getCString(opt);
            if (l.line == 0)
                fprintf(stderr, "cu2c: %s: %s", severity[sev], clang_getCString(msg));
            else
                fprintf(stderr, "%s:%u:%u: %s: %s", l.shown_file ? l.shown_file : l.file,
                        l.shown_file ? l.shown_line : l.line, l.col, severity[sev], clang_getCString(msg));
            fprintf(stderr, o && *o ? " [%s]\n" : "\n", o);
            clang_disposeString(msg);
            clang_disposeString(opt);
            if (l.file == u->path && l.line > 0) {
                unsigned st = l.offset, en = l.offset;
                while (st > 0 && u->text[st - 1] != '\n')
                    st--;
                while (en < u->len && u->text[en] != '\n')
                    en++;
                fprintf(stderr, "%.*s\n%*s^\n", (int)(en - st), u->text + st, (int)(l.offset - st), "");
            }
        }
        if (sev >= CXDiagnostic_Error)
            errors++;
        clang_disposeDiagnostic(d);
    }
    return errors;
}

/* cooperative_groups.h's macros giving a group's methods the thread's indices
 * (`thread_rank()` and two more) met where a user's own class declares or calls a method of
 * that name: clang says so at the macro's use (an unknown type `threadIdx` in a declaration,
 * no member or declaration of the macro's name in a call); that use is renamed
 * `__cu2c_user_NAME`, the same for the declaration and its calls. The edit's offset, or -1. */
static long user_group_method(Unit *u, const char *m, CXDiagnostic d) {
    static const char *const names[] = {"thread_rank", "thread_index", "meta_group_rank"};
    if (strcmp(m, "unknown type name 'threadIdx'") != 0 && strcmp(m, "unknown type name 'blockDim'") != 0 &&
        !strstr(m, "'__cu2c_thread_rank'") && !strstr(m, "'__cu2c_thread_index'") &&
        !strstr(m, "'__cu2c_meta_group_rank'"))
        return -1;
    CXFile f;
    unsigned at;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &at);
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        size_t len = strlen(names[k]);
        if (at + len < u->len && strncmp(u->text + at, names[k], len) == 0 && !ident_char(u->text[at + len]) &&
            (at == 0 || !ident_char(u->text[at - 1])))
            return (long)at;
    }
    return -1;
}

/* An asm statement's operands written without the comma between them (`"r"(v) "l"(p)`), as
 * nvcc accepts: clang expects ')' at the second's constraint, which follows a ')' and blanks
 * after an `asm` in the same block. The offset a comma goes at, or -1. */
static long asm_missing_comma(Unit *u, const char *m, unsigned at) {
    if (strcmp(m, "expected ')'") != 0 || at >= u->len || u->text[at] != '"')
        return -1;
    unsigned p = at;
    while (p > 0 && (u->text[p - 1] == ' ' || u->text[p - 1] == '\t'))
        p--;
    if (p == 0 || u->text[p - 1] != ')')
        return -1;
    /* the template's text may hold ';': the search stops at a brace (or 400 characters) */
    for (unsigned q = p; q > 0 && p - q < 400 && u->text[q - 1] != '{' && u->text[q - 1] != '}'; q--)
        if (q >= 4 && strncmp(u->text + q - 4, "asm", 3) == 0 && !ident_char(u->text[q - 1]) &&
            (q == 4 || !ident_char(u->text[q - 5])))
            return (long)p;
    return -1;
}

/* What nvcc's front end accepts and clang does not:
 * - a dependent member template named without `template` (`vec_cast<T, S>::cast<N>(d, s)`).
 *   clang says so where the qualified name starts, naming the template; `template ` is
 *   written before the name, `::NAME <` found after that point in the same statement (the
 *   host compiler needs it too);
 * - asm operands without a comma between them (asm_missing_comma);
 * and what cu2c's own headers cause: a user's method named as a group's (user_group_method).
 * How many edits. */
static int fix_lenient_forms(Fe *fe) {
    static const char *const missing = "missing 'template' keyword prior to dependent template name '";
    Unit *u = fe->u;
    PtrVec edits = {0};
    long done[64];
    int ndone = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        CXString msg = clang_getDiagnosticSpelling(d);
        const char *m = clang_getCString(msg);
        CXFile f;
        unsigned at;
        clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &at);
        CXFile ef;
        clang_getExpansionLocation(clang_getDiagnosticLocation(d), &ef, NULL, NULL, NULL);
        long fix_at = -1;
        const char *fix = NULL;
        if (m && ef && clang_File_isEqual(ef, fe->main_file) && (fix_at = user_group_method(u, m, d)) >= 0)
            fix = "__cu2c_user_";
        else if (m && f && clang_File_isEqual(f, fe->main_file) && (fix_at = asm_missing_comma(u, m, at)) >= 0)
            fix = ",";
        for (int k = 0; fix && k < ndone; k++)
            if (done[k] == fix_at)
                fix = NULL;   /* two diagnostics at one place: one edit */
        if (fix && ndone < 64) {
            done[ndone++] = fix_at;
            TextEdit *t = arena_alloc(u->arena, sizeof *t);
            *t = (TextEdit){(unsigned)fix_at, (unsigned)fix_at, fix};
            vec_push(u->arena, &edits, t);
        }
        if (m && strncmp(m, missing, strlen(missing)) == 0 && f && clang_File_isEqual(f, fe->main_file)) {
            const char *name = m + strlen(missing);
            size_t len = strcspn(name, "'");
            for (unsigned p = at; p + 2 + len < u->len && u->text[p] != ';' && p < at + 1000; p++) {
                if (u->text[p] != ':' || u->text[p + 1] != ':')
                    continue;
                unsigned q = p + 2;
                while (q < u->len && (u->text[q] == ' ' || u->text[q] == '\t'))
                    q++;
                unsigned r = q + (unsigned)len;
                if (q + len > u->len || strncmp(u->text + q, name, len) != 0 || ident_char(u->text[r]))
                    continue;
                while (r < u->len && (u->text[r] == ' ' || u->text[r] == '\t'))
                    r++;
                if (r < u->len && u->text[r] == '<') {
                    TextEdit *t = arena_alloc(u->arena, sizeof *t);
                    *t = (TextEdit){q, q, "template "};
                    vec_push(u->arena, &edits, t);
                    break;
                }
            }
        }
        clang_disposeString(msg);
        clang_disposeDiagnostic(d);
    }
    return edits.len ? edit_main_text(u, &edits) : 0;
}

/* The parse's arguments: with the precompiled prefix (NULL when none fits) and without. */
typedef struct ParseArgs {
    PtrVec plain, pch;
    bool use_pch;           /* until a parse with it says what one without might not */
} ParseArgs;

/* A parse that read the precompiled prefix and said something one without it might not
 * have said (an error, a warning located in no file: clang refusing the file): it is parsed
 * again without, so that the prefix never changes a result. */
static bool pch_suspect(CXTranslationUnit tu) {
    unsigned n = clang_getNumDiagnostics(tu);
    bool suspect = false;
    for (unsigned i = 0; i < n && !suspect; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        CXFile f = NULL;
        clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, NULL);
        suspect = (sev >= CXDiagnostic_Error && !thrust_exec_check_disabled(d)) ||
                  (sev == CXDiagnostic_Warning && !f);
        clang_disposeDiagnostic(d);
    }
    return suspect;
}

static CXTranslationUnit parse_text(Fe *fe, const Options *opt, ParseArgs *pa,
                                     struct CXUnsavedFile *files, int nfiles, CXIndex index) {
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = CXError_Failure;
    if (pa->use_pch) {
        rc = clang_parseTranslationUnit2(index, opt->input, (const char *const *)pa->pch.items, pa->pch.len,
                                         files, (unsigned)nfiles, CXTranslationUnit_KeepGoing, &tu);
        if (rc != CXError_Success || !tu || pch_suspect(tu)) {
            if (tu)
                clang_disposeTranslationUnit(tu);
            tu = NULL;
            pa->use_pch = false;
        }
    }
    if (!tu)
        rc = clang_parseTranslationUnit2(index, opt->input, (const char *const *)pa->plain.items, pa->plain.len,
                                         files, (unsigned)nfiles, CXTranslationUnit_KeepGoing, &tu);
    if (rc != CXError_Success || !tu) {
        fprintf(stderr, "cu2c: error: libclang could not parse '%s' (error %d)\n", opt->input, (int)rc);
        return NULL;
    }
    fe->tu = tu;
    fe->main_file = clang_getFile(tu, opt->input);
    return tu;
}

/* Parses the main text as it now is (spliced, __CUDA_ARCH__ renamed) in place of the last
 * parse. */
static bool reparse(Fe *fe, const Options *opt, ParseArgs *pa, struct CXUnsavedFile *files, int nfiles,
                    CXIndex index) {
    clang_disposeTranslationUnit(fe->tu);
    fe->tu = NULL;
    files[nfiles].Filename = opt->input;
    files[nfiles].Contents = fe->u->text;
    files[nfiles].Length = fe->u->len;
    return parse_text(fe, opt, pa, files, nfiles + 1, index) != NULL;
}

/* The scans that fill the model from a parse without errors. */
static void scan_unit(Fe *fe) {
    fe_visit_unit(fe, file_scope_visit, fe);
    scan_device_symbols(fe);
    /* first pass: user functions and their facts; then kernels need the closure */
    TuScan ts = {.fe = fe};
    fe_visit_unit(fe, userfn_visit, &ts);
    close_user_fns(fe, &ts);
    find_escaping_barrier_fns(fe);
    ts.kernels = true;
    fe_visit_unit(fe, userfn_visit, &ts);
    close_kernels(fe, &ts);
    Walk w = {fe, false};
    fe_visit_unit(fe, walk_visit, &w);
    clang_getInclusions(fe->tu, inclusion_visit, fe);
    scan_tokens(fe);
}

/* The arguments of every parse (cu2c's, then the user's) and the embedded headers as
 * unsaved files (with room for one more: the main text). */
static struct CXUnsavedFile *parse_setup(Arena *a, const Options *opt, PtrVec *args) {
    static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                       "--cuda-path=/nonexistent", "-std=c++17", "-isystem",
                                       VIRTUAL_INCLUDE, "-I", VIRTUAL_LIB_INCLUDE, "-idirafter", VIRTUAL_INCLUDE "/cu2c/parse",
                                       "-include", "cuda_runtime.h",
                                       "-DCU2C_PARSING=1", "-D__CU2C__=1", "-Wno-unknown-cuda-version",
                                       "-Wno-reserved-user-defined-literal", "-Wno-register", "-ferror-limit=0"};
    for (size_t i = 0; i < sizeof base / sizeof *base; i++)
        vec_push(a, args, (void *)base[i]);
    for (int i = 0; i < opt->clang_args.len; i++)
        vec_push(a, args, opt->clang_args.items[i]);
    int nfiles = cu2c_embedded_header_count;
    struct CXUnsavedFile *files = arena_alloc(a, sizeof *files * (size_t)(nfiles + 1));
    for (int i = 0; i < nfiles; i++) {
        files[i].Filename = arena_printf(a, "%s/%s", is_lib_header(cu2c_embedded_headers[i].name) ?
                                         VIRTUAL_LIB_INCLUDE : VIRTUAL_INCLUDE, cu2c_embedded_headers[i].name);
        files[i].Contents = cu2c_embedded_headers[i].text;
        files[i].Length = cu2c_embedded_headers[i].size;
    }
    return files;
}

bool fe_build_pch(Arena *a, const Options *opt, const char *out) {
    PtrVec args = {0};
    struct CXUnsavedFile *files = parse_setup(a, opt, &args);
    return fe_pch_build(a, &args, files, cu2c_embedded_header_count, out);
}

Unit *fe_parse(Arena *a, const Options *opt) {
    Unit *u = arena_alloc(a, sizeof *u);
    u->arena = a;
    u->path = opt->input;
    size_t len;
    struct stat st;
    if (stat(opt->input, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "cu2c: error: cannot open '%s': %s\n", opt->input, strerror(EISDIR));
        return NULL;
    }
    char *text = read_file(opt->input, &len);
    if (!text) {
        fprintf(stderr, "cu2c: error: cannot open '%s': %s\n", opt->input, strerror(errno));
        return NULL;
    }
    const char *nul = memchr(text, 0, len);
    if (nul) {
        /* clang would skip it with a warning; cu2c copies text as C strings: refused */
        unsigned line = 1, col = 1;
        for (const char *p = text; p < nul; p++, col++)
            if (*p == '\n')
                line++, col = 0;
        fprintf(stderr, "%s:%u:%u: error: null character in the source: not supported (remove it)\n",
                opt->input, line, col);
        free(text);
        return NULL;
    }
    bool glued = glue_launch_chevrons(text, len);
    glued |= swap_shared_alignas(text, len);
    text = brace_launch_dims(text, &len, &glued);
    u->text = arena_strndup(a, text, len);
    u->len = len;
    free(text);

    ParseArgs pa = {0};
    struct CXUnsavedFile *files = parse_setup(a, opt, &pa.plain);
    int nfiles = cu2c_embedded_header_count;
    /* A program using thrust runs its device algorithms with OpenMP (thrust.c): the parse
     * sees _OPENMP as the compile with -fopenmp will, from the start when the main text
     * names thrust (else once the parse shows it included) */
    static const char openmp_macro[] = "-D_OPENMP=201511";
    bool openmp = false, guessed = false;
    for (int i = 0; i < pa.plain.len && !openmp; i++)
        openmp = strncmp(pa.plain.items[i], "-D_OPENMP", 9) == 0;
    if (!openmp && thrust_named(u->text, u->len)) {
        vec_push(a, &pa.plain, (void *)openmp_macro);
        openmp = guessed = true;
    }
    const char *pch = opt->no_pch ? NULL : fe_pch_find(a, &pa.plain);
    if (pch) {
        /* the same arguments, the prefix (cu2c's -include, the first) read rather than parsed */
        bool replaced = false;
        for (int i = 0; i < pa.plain.len; i++) {
            if (!replaced && strcmp(pa.plain.items[i], "-include") == 0) {
                vec_push(a, &pa.pch, (void *)"-include-pch");
                vec_push(a, &pa.pch, (void *)pch);
                replaced = true;
                i++;
            } else {
                vec_push(a, &pa.pch, pa.plain.items[i]);
            }
        }
        pa.use_pch = true;
    }
    Fe fe = {.u = u};
    user_system_dirs(&fe, opt);
    /* excludeDeclarationsFromPCH: the scans visit the unit's own declarations (fe_visit_unit) */
    CXIndex index = clang_createIndex(1, 0);
    files[nfiles].Filename = opt->input;
    files[nfiles].Contents = u->text;
    files[nfiles].Length = u->len;
    if (!parse_text(&fe, opt, &pa, files, nfiles + glued, index)) {
        clang_disposeIndex(index);
        return NULL;
    }
    bool thrust = thrust_included(&fe);
    u->openmp = thrust;
    if (thrust != guessed && (!openmp || guessed)) {
        /* included though not named (through a header), or named but not included (an
         * inactive #if branch): parsed again with _OPENMP as the compile will see it */
        if (thrust)
            vec_push(a, &pa.plain, (void *)openmp_macro);
        else
            pa.plain.len--;   /* the macro pushed last */
        pa.use_pch = thrust ? false : pa.use_pch;
        if (!reparse(&fe, opt, &pa, files, nfiles, index)) {
            clang_disposeIndex(index);
            return NULL;
        }
    }
    int errors = refuse_toolkit_headers(&fe);
    /* The user's files holding CUDA code are spliced into the main text and it is parsed
     * again: everything cu2c edits is then in one text, and each line knows its file. */
    int spliced = errors ? 0 : splice_user_files(&fe, u);
    if (spliced > 0) {
        glue_launch_chevrons((char *)u->text, u->len);
        swap_shared_alignas((char *)u->text, u->len);
    }
    bool parsed = spliced >= 0 && (spliced == 0 || reparse(&fe, opt, &pa, files, nfiles, index));
    /* what nvcc accepts and clang says how to write: written so, parsed again (an edit
     * may let clang see further: a declaration renamed, then its calls) */
    for (int round = 0; parsed && round < 4 && fix_lenient_forms(&fe) > 0; round++)
        parsed = reparse(&fe, opt, &pa, files, nfiles, index);
    /* __CUDA_ARCH__ taken as the device's in device code: parsed again (a device-only
     * function that appears may hold more) */
    for (int round = 0; parsed && !errors && round < 4 && rewrite_cuda_arch(&fe) > 0; round++)
        parsed = reparse(&fe, opt, &pa, files, nfiles, index);
    /* ... which may bring device code to light that needs the fixes above */
    for (int round = 0; parsed && round < 4 && fix_lenient_forms(&fe) > 0; round++)
        parsed = reparse(&fe, opt, &pa, files, nfiles, index);
    /* the inline PTX cu2c reads (ptx.c) made calls of cu2c/device.h, atomics on shared
     * memory made plain (shared_atomics.c), GPU arithmetic (gpu_arithmetic.c) and tiles
     * indexed by X / C and X % C flat (flat_subscripts.c; the first keeps offsets, so all
     * read one parse): parsed again */
    if (parsed && !errors) {
        int rewritten = rewrite_ptx(&fe);
        PtrVec edits = {0};
        if (!opt->race_check)
            shared_atomic_edits(&fe, &edits);
        gpu_arithmetic_edits(&fe, &edits);
        flat_subscript_edits(&fe, &edits);
        spin_loop_edits(&fe, &edits);
        if (edits.len)
            rewritten += edit_main_text(u, &edits);
        if (rewritten > 0)
            parsed = reparse(&fe, opt, &pa, files, nfiles, index);
    }
    /* explicit specialisations of device function templates chosen in their patterns
     * (specialisations.c, which inserts text: a parse of its own) */
    if (parsed && !errors && rewrite_specialised_templates(&fe) > 0)
        parsed = reparse(&fe, opt, &pa, files, nfiles, index);
    if (!parsed) {
        clang_disposeTranslationUnit(fe.tu);
        clang_disposeIndex(index);
        return NULL;
    }
    if (!errors)
        errors = forward_diagnostics(&fe);
    if (!errors)
        errors = libcuxx_refusals(&fe);
    scan_fe = &fe;
    if (!errors)
        scan_unit(&fe);
    scan_fe = NULL;
    clang_disposeTranslationUnit(fe.tu);
    clang_disposeIndex(index);
    for (int i = 0; i < u->kernels.len; i++) {
        Kernel *k = u->kernels.items[i];
        k->race_check = opt->race_check;
        k->thread_order = opt->thread_order;
        k->track_threads = opt->track_threads;
        k->spins = memmem(u->text + k->body_begin, k->body_end - k->body_begin, "cu2c_spin_wait(", 15) != NULL;
        k->fibers = ((opt->fibers && !opt->race_check && !opt->thread_order) || k->spins) && fiber_supported(k);
        choose_engine(u, k);
    }
    if (errors || u->errors)
        return NULL;
    u->is_cxx = opt->lang == 2 || (opt->lang == 0 && u->cxx_reason != NULL);
    return u;
}
