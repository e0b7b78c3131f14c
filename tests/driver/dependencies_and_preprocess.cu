// Dependency rules as nvcc writes them: `target : source \` then one file a line, indented
// four spaces; naming the source and the headers it includes (cu2c's cuda_runtime.h, which
// a .cu gets pre-included as with nvcc, and the user's), never a translated temporary.
// -M (all headers) and -MM (not system headers) print the rule and build nothing; -MT names
// the target, -MF (or -o) the file; -MP adds an empty rule per header. -MD/-MMD write the
// rule while compiling: with -c -o sub/x.o it is sub/x.d, targeting sub/x.o, as nvcc does.
// -E preprocesses (as C++ with nvcc's macros for a .cu) to stdout or -o.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/sub && cd %t.dir
// RUN: %cu2cc -MM -I%S/Inputs/include_dirs/listed %s | FileCheck %s --check-prefix=MM
// MM:      dependencies_and_preprocess.o : {{.*}}dependencies_and_preprocess.cu \
// MM-NEXT:     {{.*}}/include/cuda_runtime.h \
// MM:          {{.*}}Inputs/include_dirs/listed/listed.h{{$}}
// MM-NOT:  /usr/include/
// MM-NOT:  cu2cc.
// RUN: %cu2cc -M -I%S/Inputs/include_dirs/listed %s -MT my_target | FileCheck %s --check-prefix=M
// M:      my_target : {{.*}}dependencies_and_preprocess.cu \
// M:      /usr/include/stdio.h
// M:      listed.h
// RUN: %cu2cc -MM -MP -MF deps.d -I%S/Inputs/include_dirs/listed %s
// RUN: FileCheck %s --check-prefix=MP < deps.d
// MP:      dependencies_and_preprocess.o : {{.*}}dependencies_and_preprocess.cu \
// MP:      listed.h{{$}}
// MP-EMPTY:
// MP-NEXT: {{.*}}/include/cuda_runtime.h:
// MP:      listed.h:
// RUN: %cu2cc -MM -I%S/Inputs/include_dirs/listed %s -o out.d && FileCheck %s --check-prefix=MM < out.d
// RUN: %cu2cc -MD -c -I%S/Inputs/include_dirs/listed %s -o sub/x.o
// RUN: test -f sub/x.o && FileCheck %s --check-prefix=MD < sub/x.d
// MD: sub/x.o : {{.*}}dependencies_and_preprocess.cu \
// MD: /usr/include/stdio.h
// MD: listed.h
// RUN: %cu2cc -MMD -MT obj.o -MF other.d -c -I%S/Inputs/include_dirs/listed %s
// RUN: test -f dependencies_and_preprocess.o && FileCheck %s --check-prefix=MMD < other.d
// MMD: obj.o : {{.*}}dependencies_and_preprocess.cu \
// MMD-NOT: /usr/include/
// RUN: %cu2cc --generate-dependencies-with-compile -I%S/Inputs/include_dirs/listed %s -o app
// RUN: ./app && FileCheck %s --check-prefix=APP < app.d
// APP: app : {{.*}}dependencies_and_preprocess.cu \
// RUN: %cu2cc -E -I%S/Inputs/include_dirs/listed %s | FileCheck %s --check-prefix=PP
// RUN: %cu2cc --preprocess -I%S/Inputs/include_dirs/listed %s -o pp.ii && FileCheck %s --check-prefix=PP < pp.ii
// PP: int listed_value = 3;
// PP: int cuda_macro = 1, nvcc_macro = 1;
// PP-NOT: {{^}}#include
// -cuda (Rodinia nn's Makefile runs it) writes the host-side translation, preprocessed, to
// FILE.cu.cpp.ii in the working directory as nvcc does (or to -o), and builds nothing else.
// RUN: %cu2cc -cuda -I%S/Inputs/include_dirs/listed %s && FileCheck %s --check-prefixes=PP,CUDA < dependencies_and_preprocess.cu.cpp.ii
// RUN: %cu2cc -cuda -I%S/Inputs/include_dirs/listed %s -o named.ii && FileCheck %s --check-prefixes=PP,CUDA < named.ii
// RUN: test ! -e a.out
// CUDA: cu2c_register_kernel
#include <stdio.h>
#include "listed.h"

int listed_value = LISTED;
int cuda_macro = __CUDACC__, nvcc_macro = __NVCC__;

__global__ void fill(int *v) { v[threadIdx.x] = listed_value; }

int main() {
    return LISTED == 3 ? 0 : 1;
}
