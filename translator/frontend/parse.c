/* parse.c - fe_parse: libclang parses the .cu as CUDA host code with cu2c's embedded
 * headers (twice when the user's files holding CUDA code are spliced into it: see
 * includes.c); clang's diagnostics are forwarded once; the scans fill the kernel model. */
#include "fe.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* clang's warnings and errors, located where their lines were written (a spliced file's own
 * lines), with the source line and a caret, as compilers print them. */
static int forward_diagnostics(Fe *fe) {
    static const char *const severity[] = {"ignored", "note", "warning", "error", "fatal error"};
    Unit *u = fe->u;
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Warning) {
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

static CXTranslationUnit parse_text(Fe *fe, const Options *opt, PtrVec *args,
                                     struct CXUnsavedFile *files, int nfiles, CXIndex index) {
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, opt->input, (const char *const *)args->items, args->len, files, (unsigned)nfiles,
        CXTranslationUnit_KeepGoing, &tu);
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
static bool reparse(Fe *fe, const Options *opt, PtrVec *args, struct CXUnsavedFile *files, int nfiles,
                    CXIndex index) {
    clang_disposeTranslationUnit(fe->tu);
    fe->tu = NULL;
    files[nfiles].Filename = opt->input;
    files[nfiles].Contents = fe->u->text;
    files[nfiles].Length = fe->u->len;
    return parse_text(fe, opt, args, files, nfiles + 1, index) != NULL;
}

/* The scans that fill the model from a parse without errors. */
static void scan_unit(Fe *fe) {
    CXCursor tu = clang_getTranslationUnitCursor(fe->tu);
    clang_visitChildren(tu, file_scope_visit, fe);
    /* first pass: user functions and their facts; then kernels need the closure */
    TuScan ts = {.fe = fe};
    clang_visitChildren(tu, userfn_visit, &ts);
    close_user_fns(fe, &ts);
    ts.kernels = true;
    clang_visitChildren(tu, userfn_visit, &ts);
    Walk w = {fe, false};
    clang_visitChildren(tu, walk_visit, &w);
    clang_getInclusions(fe->tu, inclusion_visit, fe);
    scan_tokens(fe);
}

Unit *fe_parse(Arena *a, const Options *opt) {
    Unit *u = arena_alloc(a, sizeof *u);
    u->arena = a;
    u->path = opt->input;
    size_t len;
    char *text = read_file(opt->input, &len);
    if (!text) {
        fprintf(stderr, "cu2c: error: cannot open '%s': %s\n", opt->input, strerror(errno));
        return NULL;
    }
    bool glued = glue_launch_chevrons(text, len);
    u->text = arena_strndup(a, text, len);
    u->len = len;
    free(text);

    PtrVec args = {0};
    static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                       "--cuda-path=/nonexistent", "-std=c++17", "-isystem",
                                       VIRTUAL_INCLUDE, "-idirafter", VIRTUAL_INCLUDE "/cu2c/parse",
                                       "-include", "cuda_runtime.h",
                                       "-DCU2C_PARSING=1", "-D__CU2C__=1", "-Wno-unknown-cuda-version",
                                       "-Wno-reserved-user-defined-literal", "-ferror-limit=50"};
    for (size_t i = 0; i < sizeof base / sizeof *base; i++)
        vec_push(a, &args, (void *)base[i]);
    for (int i = 0; i < opt->clang_args.len; i++)
        vec_push(a, &args, opt->clang_args.items[i]);

    int nfiles = cu2c_embedded_header_count;
    struct CXUnsavedFile *files = arena_alloc(a, sizeof *files * (size_t)(nfiles + 1));
    for (int i = 0; i < nfiles; i++) {
        files[i].Filename = arena_printf(a, "%s/%s", VIRTUAL_INCLUDE, cu2c_embedded_headers[i].name);
        files[i].Contents = cu2c_embedded_headers[i].text;
        files[i].Length = cu2c_embedded_headers[i].size;
    }
    Fe fe = {.u = u};
    CXIndex index = clang_createIndex(0, 0);
    files[nfiles].Filename = opt->input;
    files[nfiles].Contents = u->text;
    files[nfiles].Length = u->len;
    if (!parse_text(&fe, opt, &args, files, nfiles + glued, index)) {
        clang_disposeIndex(index);
        return NULL;
    }
    int errors = refuse_toolkit_headers(&fe);
    /* The user's files holding CUDA code are spliced into the main text and it is parsed
     * again: everything cu2c edits is then in one text, and each line knows its file. */
    int spliced = errors ? 0 : splice_user_files(&fe, u);
    if (spliced > 0)
        glue_launch_chevrons((char *)u->text, u->len);
    bool parsed = spliced >= 0 && (spliced == 0 || reparse(&fe, opt, &args, files, nfiles, index));
    /* __CUDA_ARCH__ taken as the device's in device code: parsed again (a device-only
     * function that appears may hold more) */
    for (int round = 0; parsed && !errors && round < 4 && rewrite_cuda_arch(&fe) > 0; round++)
        parsed = reparse(&fe, opt, &args, files, nfiles, index);
    if (!parsed) {
        clang_disposeTranslationUnit(fe.tu);
        clang_disposeIndex(index);
        return NULL;
    }
    if (!errors)
        errors = forward_diagnostics(&fe);
    scan_fe = &fe;
    if (!errors)
        scan_unit(&fe);
    scan_fe = NULL;
    clang_disposeTranslationUnit(fe.tu);
    clang_disposeIndex(index);
    if (errors || u->errors)
        return NULL;
    u->is_cxx = opt->lang == 2 || (opt->lang == 0 && u->cxx_reason != NULL);
    return u;
}
