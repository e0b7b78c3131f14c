/* parse.c - fe_parse: libclang parses the .cu as CUDA host code with cu2c's embedded
 * headers; clang's diagnostics are forwarded; the scans fill the kernel model. */
#include "fe.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int forward_diagnostics(Fe *fe) {
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(fe->tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(fe->tu, i);
        enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
        if (sev >= CXDiagnostic_Warning) {
            CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
                                                       CXDiagnostic_DisplayColumn |
                                                       CXDiagnostic_DisplayOption);
            fprintf(stderr, "%s\n", clang_getCString(s));
            clang_disposeString(s);
            SrcLoc l = fe_loc(fe, clang_getDiagnosticLocation(d));
            if (l.file == fe->u->path && l.line > 0) {
                /* the source line and caret, as compilers print them */
                Unit *u = fe->u;
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


/* One parse of the main text; 0 when it went through, 1 after errors, 2 when headers the .cu
 * includes define kernels (fe->splice names them, splice_at gets their #include offsets). */
static int parse_once(Fe *fe, const Options *opt, PtrVec *args, struct CXUnsavedFile *files, int nfiles,
                      PtrVec *splice_at) {
    Unit *u = fe->u;
    CXIndex index = clang_createIndex(0, 0);
    enum CXErrorCode rc = clang_parseTranslationUnit2(
        index, opt->input, (const char *const *)args->items, args->len, files, (unsigned)nfiles,
        CXTranslationUnit_KeepGoing, &fe->tu);
    if (rc != CXError_Success || !fe->tu) {
        fprintf(stderr, "cu2c: error: libclang could not parse '%s' (error %d)\n", opt->input, (int)rc);
        clang_disposeIndex(index);
        return 1;
    }
    fe->main_file = clang_getFile(fe->tu, opt->input);
    scan_fe = fe;
    ToolkitScan tks = {fe, 0};
    clang_getInclusions(fe->tu, toolkit_visit, &tks);
    int errors = tks.reported ? tks.reported : forward_diagnostics(fe);
    int result = errors ? 1 : 0;
    if (errors == 0) {
        CXCursor tu = clang_getTranslationUnitCursor(fe->tu);
        clang_visitChildren(tu, file_scope_visit, fe);
        /* first pass: user functions and their facts; then kernels need the closure */
        TuScan ts = {.fe = fe};
        clang_visitChildren(tu, userfn_visit, &ts);
        close_user_fns(fe, &ts);
        ts.kernels = true;
        clang_visitChildren(tu, userfn_visit, &ts);
        if (fe->splice.len) {
            SpliceScan ss = {fe, &fe->splice, {0}};
            clang_getInclusions(fe->tu, splice_visit, &ss);
            *splice_at = ss.at;
            result = 2;
        } else {
            Walk w = {fe, false};
            clang_visitChildren(tu, walk_visit, &w);
            clang_getInclusions(fe->tu, inclusion_visit, fe);
            scan_tokens(fe);
        }
    }
    clang_disposeTranslationUnit(fe->tu);
    clang_disposeIndex(index);
    scan_fe = NULL;
    return u->errors ? 1 : result;
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
    u->text = arena_strndup(a, text, len);
    u->len = len;
    free(text);

    PtrVec args = {0};
    static const char *const base[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                                       "--cuda-path=/nonexistent", "-std=c++17", "-isystem",
                                       VIRTUAL_INCLUDE, "-include", "cuda_runtime.h",
                                       "-DCU2C_PARSING=1", "-D__CU2C__=1", "-Wno-unknown-cuda-version",
                                       "-ferror-limit=50"};
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
    Fe fe = {.u = u, .may_splice = true};
    PtrVec at = {0};
    int rc = parse_once(&fe, opt, &args, files, nfiles, &at);
    if (rc == 2) {
        /* kernels in headers: parse again with those headers spliced into the main text */
        for (int i = 0; i < fe.splice.len; i++) {
            bool found = false;
            for (int j = 0; j < at.len; j++)
                found |= ((unsigned *)at.items[j])[1] == (unsigned)i;
            if (!found) {
                fprintf(stderr, "cu2c: error: '%s' defines kernels but is not included by '%s' directly: "
                        "not supported yet\n", (char *)fe.splice.items[i], opt->input);
                return NULL;
            }
        }
        Unit *u2 = arena_alloc(a, sizeof *u2);
        u2->arena = a;
        u2->path = opt->input;
        u2->text = u->text;
        u2->len = u->len;
        if (!splice_headers(u2, &fe.splice, &at)) {
            fprintf(stderr, "cu2c: error: cannot read the headers defining kernels\n");
            return NULL;
        }
        files[nfiles].Filename = opt->input;
        files[nfiles].Contents = u2->text;
        files[nfiles].Length = u2->len;
        Fe fe2 = {.u = u2};
        PtrVec none = {0};
        rc = parse_once(&fe2, opt, &args, files, nfiles + 1, &none);
        u = u2;
    }
    if (rc != 0)
        return NULL;
    u->is_cxx = opt->lang == 2 || (opt->lang == 0 && u->cxx_reason != NULL);
    return u;
}
