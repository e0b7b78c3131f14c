// Inputs found by fuzzing the translator: an empty .cu translates and builds, as nvcc takes
// it; a kernel of 10,000 nested ifs and one assigning a 20,000-term sum translate (libclang
// parses on cu2c's own thread, whose stack is 1 GiB: its own thread's 8 MiB overflowed),
// build and compute what they should.
// RUN: printf '' > %t.empty.cu && %cu2c %t.empty.cu -o %t.empty.c && %cu2cc -c %t.empty.cu -o %t.empty.o
// RUN: python3 %S/Inputs/deep_kernels.py > %t.deep.cu && %cu2cc -Xcompiler -w %t.deep.cu -o %t && env CU2C_NUM_THREADS=2 timeout 120 %t
