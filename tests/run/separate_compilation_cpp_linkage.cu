// Separate compilation with nvcc's linkage: a project of two .cu files, a C++ main and a
// header with a plain C interface (Inputs/separate_compilation), each file compiled on its
// own with -c (one with -dc, nvcc's relocatable form) and then linked. The .cu files' host
// code looks like C (cu2c alone emits C for saxpy.cu), yet cu2cc compiles every .cu as C++, as
// nvcc does, so the functions they define have C++ linkage and main.cpp's calls link. reduce.cu
// launches a kernel saxpy.cu defines; both define a static function of the same name. And a
// C program calling a function a .cu declares extern "C".
// RUN: %cu2c --print-lang %S/Inputs/separate_compilation/saxpy.cu | grep -x c
// RUN: rm -rf %t.dir && mkdir %t.dir && cd %t.dir
// RUN: %cu2cc -c %S/Inputs/separate_compilation/saxpy.cu
// RUN: %cu2cc -dc -O2 %S/Inputs/separate_compilation/reduce.cu -o reduce.o
// RUN: %cu2cc -c %S/Inputs/separate_compilation/main.cpp -o main.o
// RUN: %cu2cc saxpy.o reduce.o main.o -o app
// RUN: env CU2C_NUM_THREADS=2 timeout 60 ./app | FileCheck %s
// CHECK:      saxpy_sum 6994.0 (want 6994.0)
// CHECK-NEXT: saxpy: error 0, 0 wrong
// CHECK-NEXT: device_sum 6994.0 (want 6994.0)
// CHECK-NEXT: separate compilation ok
// RUN: %cu2cc -c %S/Inputs/separate_compilation/c_api.cu
// RUN: %cu2cc -c %S/Inputs/separate_compilation/main_c.c
// RUN: %cu2cc main_c.o c_api.o -o capp
// RUN: env CU2C_NUM_THREADS=2 timeout 60 ./capp | FileCheck %s --check-prefix=C
// C: scale_ints from C: error 0, 0 wrong
