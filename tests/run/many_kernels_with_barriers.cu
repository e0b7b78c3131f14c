// Many kernels in one file, each with shared memory and a barrier: cu2c's look-ups of the
// edits near a nest (and of kernels' names) go through tables now, no longer a scan of all
// of them per kernel (40,000 such kernels took 30 s). Each kernel's block function must
// still be its own: built, run, every value checked.
// RUN: python3 %S/Inputs/many_kernels/generate.py 300 > %t.cu
// RUN: %cu2cc %t.cu -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t | FileCheck %s
// CHECK: 300 kernels, 0 wrong values
