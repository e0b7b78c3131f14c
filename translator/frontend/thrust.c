/* thrust.c - thrust (an install's headers, e.g. Debian's /usr/include/thrust) as a library:
 * its headers are system headers, parsed and compiled, never translated; cu2c's wrapper of
 * thrust's configuration (include/thrust/detail/config/config.h) picks the OpenMP device
 * system. Here: whether a program uses thrust (its parse then defines _OPENMP, as the
 * compile with -fopenmp will), the diagnostic clang makes where thrust's __host__ __device__
 * functions call the user's __device__ functors (nvcc's exec check, which thrust disables),
 * and thrust's CUDA system, refused where the user's code includes it. */
#include "fe.h"

#include <stdlib.h>
#include <string.h>

const char *thrust_file(const char *path) {
    for (const char *p = strstr(path, "/thrust/"); p; p = strstr(p + 1, "/thrust/")) {
        /* a thrust install: the folder holding thrust/ also holds thrust/version.h */
        char version[4096];
        if ((size_t)snprintf(version, sizeof version, "%.*s/thrust/version.h", (int)(p - path), path) >=
            sizeof version)
            return NULL;
        FILE *f = fopen(version, "r");
        if (f) {
            fclose(f);
            return p + 1;
        }
    }
    return NULL;
}

bool thrust_cuda_system_file(const char *path) {
    const char *t = thrust_file(path);
    return t && strncmp(t, "thrust/system/cuda/", 19) == 0;
}

bool thrust_named(const char *text, size_t len) {
    for (size_t p = 0; p < len;) {
        const char *ln = text + p, *end = memchr(ln, '\n', len - p);
        if (!end)
            end = text + len;
        const char *d = directive_name(ln, end);
        if (d && end - d > 7 && strncmp(d, "include", 7) == 0) {
            const char *q = d + 7;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            if (end - q > 8 && (*q == '<' || *q == '"') && strncmp(q + 1, "thrust/", 7) == 0)
                return true;
        }
        p = (size_t)(end - text) + 1;
    }
    return false;
}

typedef struct ThrustScan {
    bool found;
} ThrustScan;

static void thrust_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
    (void)stack;
    ThrustScan *ts = d;
    if (depth == 0 || ts->found)
        return;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    char real[4096];
    ts->found = n && realpath(n, real) && thrust_file(real);
    clang_disposeString(name);
}

bool thrust_included(Fe *fe) {
    ThrustScan ts = {false};
    clang_getInclusions(fe->tu, thrust_visit, &ts);
    return ts.found;
}

bool thrust_exec_check_disabled(CXDiagnostic d) {
    /* clang checks calls between host and device functions as nvcc does; thrust marks its
     * __host__ __device__ functions __thrust_exec_check_disable__ (nvcc's pragma, which clang
     * lacks) because they call the user's functors, __device__ ones included. Here every
     * function is host code, so such a call is what runs: the error is dropped for
     * thrust's own functions only. */
    CXString msg = clang_getDiagnosticSpelling(d);
    const char *m = clang_getCString(msg);
    bool bad_target = m && strncmp(m, "reference to __device__ function ", 33) == 0 &&
                      strstr(m, " in __host__ __device__ function") != NULL;
    clang_disposeString(msg);
    if (!bad_target)
        return false;
    CXFile f = NULL;
    clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, NULL);
    if (!f)
        return false;
    CXString name = clang_getFileName(f);
    const char *n = clang_getCString(name);
    char real[4096];
    bool in_thrust = n && realpath(n, real) && thrust_file(real);
    clang_disposeString(name);
    return in_thrust;
}
