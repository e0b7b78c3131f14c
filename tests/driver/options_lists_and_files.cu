// nvcc's ways of giving values: -I dir, -Idir, -I=dir, --include-path=dir, comma lists
// (-I a,b and -D A,B=2), -isystem (cu2c's parse takes it too), -include, and an options
// file (--options-file, -optf) whose words are read as a shell reads them, quotes and all;
// -Xcompiler a,b and -Xcompiler=a reach every compile (and cu2c's parse: -D, -I...).
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: printf '%%s\n' "-DFROM_FILE='\"a b\"'" "-I '%S/Inputs/include_dirs/quoted'" > opts.txt
// RUN: printf '%%s\n' '-DSECOND_FILE' > opts2.txt
// RUN: %cu2cc --options-file opts.txt -optf=opts2.txt -I %S/Inputs/include_dirs/listed,%S/Inputs/include_dirs/quoted \
// RUN:   -isystem %S/Inputs/include_dirs/system -include %S/Inputs/include_dirs/pre.h \
// RUN:   -DLIST_A,LIST_B=2 --define-macro=LONG_DEF -Xcompiler -DXC_A,-DXC_B -Xcompiler=-DXC_C %s -o app
// RUN: ./app | FileCheck %s
// RUN: %cu2cc -I=%S/Inputs/include_dirs/listed --include-path=%S/Inputs/include_dirs/quoted --system-include=%S/Inputs/include_dirs/system \
// RUN:   --pre-include=%S/Inputs/include_dirs/pre.h -DFROM_FILE='"a b"' -DSECOND_FILE -DLIST_A -DLIST_B=2 -DLONG_DEF \
// RUN:   --compiler-options=-DXC_A,-DXC_B,-DXC_C -std=c++17 %s -o app2 && ./app2 | FileCheck %s
// Objects named as nvcc also takes them (.obj, as HeCBench's Makefiles write them):
// RUN: %cu2cc -c --options-file opts.txt -optf=opts2.txt -I %S/Inputs/include_dirs/listed,%S/Inputs/include_dirs/quoted \
// RUN:   -isystem %S/Inputs/include_dirs/system -include %S/Inputs/include_dirs/pre.h \
// RUN:   -DLIST_A,LIST_B=2 --define-macro=LONG_DEF -Xcompiler -DXC_A,-DXC_B -Xcompiler=-DXC_C %s -o app.obj
// RUN: %cu2cc app.obj -o app3 && ./app3 | FileCheck %s
// CHECK: file a b, 1 3 2 4, lists 1 2 1, xc 1 1 1, second 1
#include <cstdio>
#include "quoted.h"
#include "listed.h"
#include <system_header.h>

__global__ void k(int *v) { v[0] = QUOTED + LISTED; }

int main() {
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("file %s, %d %d %d %d, lists %d %d %d, xc %d %d %d, second %d\n", FROM_FILE, QUOTED,
           h - QUOTED, SYSTEM_HEADER, PRE_INCLUDED, LIST_A, LIST_B, LONG_DEF, XC_A, XC_B, XC_C,
           SECOND_FILE);
    return h == 4 ? 0 : 1;
}
