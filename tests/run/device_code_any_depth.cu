// Device code outside the .cu: a kernel and a launching host wrapper in a header, device
// functions reading threadIdx, a function holding barriers and a file-scope __shared__ array
// in a header that header includes (relative to itself, twice, #pragma once), and an
// included .cu with a kernel template: every user file holding CUDA code is translated
// where it is written, at any include depth.
// RUN: %cu2cc %S/Inputs/device_code_any_depth/main.cu -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// RUN: cd %S/Inputs/device_code_any_depth && %cu2cc main.cu -o %t2 && env CU2C_NUM_THREADS=1 timeout 60 %t2 | FileCheck %s
// CHECK: device code at any depth ok
