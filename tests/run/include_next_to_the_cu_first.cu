// Regression: #include "x.h" in a .cu finds the header next to the .cu before the -I
// directories, as with nvcc, although cu2cc compiles the translation in a temporary
// directory (and from any working directory).
// RUN: cd %T && %cu2cc -I %S/Inputs/local_header/inc %S/Inputs/local_header/app.cu -o %t && timeout 60 %t | FileCheck %s
// CHECK: WHICH=1
