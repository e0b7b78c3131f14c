// A classic CUDA Makefile, unchanged, with CUDA_PATH naming cu2c's installed tree, where no
// CUDA toolkit is visible: $(CUDA_PATH)/bin/nvcc compiles each .cu with -arch, -MD -MP and
// -Xcompiler -fopenmp (OpenMP in a .cu's host code), g++ links with -L$(CUDA_PATH)/lib64
// -lcudart -fopenmp; the dependency files name the real sources and headers, so changing the
// shared header rebuilds the .cu objects and the result follows.
// RUN: rm -rf %t.p %t.src && make -s -C %root install PREFIX=%t.p > /dev/null
// RUN: cp -R %S/Inputs/make_project %t.src
// RUN: cd %t.src && %S/Inputs/without_cuda_toolkit.sh make -s CUDA_PATH=%t.p && ./app | FileCheck %s --check-prefix=SIXTEEN
// SIXTEEN: bins 16 total 100000 weighted 746800 host 746800
// RUN: FileCheck %s --check-prefix=DEPS < %t.src/histogram.d
// DEPS: histogram.o : histogram.cu
// DEPS: include/bins.h
// DEPS-NOT: cu2cc.
// RUN: sed -i 's/BINS 16/BINS 8/' %t.src/include/bins.h && touch -d '+2 seconds' %t.src/include/bins.h
// RUN: cd %t.src && %S/Inputs/without_cuda_toolkit.sh make CUDA_PATH=%t.p | FileCheck %s --check-prefix=REBUILD
// REBUILD-DAG: -c histogram.cu -o histogram.o
// REBUILD-DAG: -c host_sums.cu -o host_sums.o
// REBUILD-DAG: -c main.cpp -o main.o
// RUN: %t.src/app | FileCheck %s --check-prefix=EIGHT
// EIGHT: bins 8 total 100000 weighted 350000 host 350000
