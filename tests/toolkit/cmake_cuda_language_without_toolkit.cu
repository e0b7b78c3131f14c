// CMake's CUDA language with cu2c as the CUDA compiler, where no CUDA toolkit is visible (a
// private mount namespace hides /usr/local/cuda*, PATH holds no nvcc): project(... CUDA)
// identifies cu2cc as NVIDIA's nvcc of cu2c's CUDA release, detects its ABI and default
// architecture; a static CUDA library with CUDA_SEPARABLE_COMPILATION (a __device__ function
// called across files), CUDA-only compile options, CMAKE_CUDA_ARCHITECTURES and a target's
// CUDA_ARCHITECTURES, a shared CUDA library, find_package(CUDAToolkit) with CUDA::cudart,
// ctest; after the shared header changes, the CUDA objects are rebuilt and the result follows.
// Once with the installed tree's bin/nvcc, once with the build tree's bin/cu2cc.
// RUN: rm -rf %t.p %t.src %t.b1 %t.b2 && make -s -C %root install PREFIX=%t.p > /dev/null
// RUN: cp -R %S/Inputs/cmake_project %t.src
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake -S %t.src -B %t.b1 -DCMAKE_CUDA_COMPILER=%t.p/bin/nvcc -DCUDAToolkit_ROOT=%t.p > %t.log1 2>&1
// RUN: FileCheck %s --check-prefix=CONFIG -DP=%t.p < %t.log1
// CONFIG: The CUDA compiler identification is NVIDIA 12.{{[0-9]+}}.0
// CONFIG: Detecting CUDA compiler ABI info - done
// CONFIG: Check for working CUDA compiler: [[P]]/bin/nvcc - {{works|skipped}}
// CONFIG: Found CUDAToolkit: [[P]]/include (found version "12.{{[0-9]+}}.0")
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake --build %t.b1 > /dev/null
// RUN: cd %t.b1 && %S/Inputs/without_cuda_toolkit.sh ctest --output-on-failure | FileCheck %s --check-prefix=CTEST
// CTEST: 100% tests passed, 0 tests failed out of 1
// RUN: %t.b1/demo | FileCheck %s --check-prefix=THREE
// THREE: scale 3 sum 16500 norm 16500 device 0
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake -S %t.src -B %t.b2 -DCMAKE_CUDA_COMPILER=%root/bin/cu2cc > %t.log2 2>&1
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake --build %t.b2 > /dev/null && %t.b2/demo | FileCheck %s --check-prefix=THREE
// RUN: sed -i 's/DEMO_SCALE 3.0f/DEMO_SCALE 2.0f/' %t.src/include/demo.h && touch -d '+2 seconds' %t.src/include/demo.h
// RUN: %S/Inputs/without_cuda_toolkit.sh cmake --build %t.b2 | FileCheck %s --check-prefix=REBUILD
// REBUILD-DAG: Building CUDA object CMakeFiles/kernels.dir/saxpy.cu.o
// REBUILD-DAG: Building CUDA object CMakeFiles/kernels.dir/scale.cu.o
// REBUILD-DAG: Building CUDA object CMakeFiles/norms.dir/norms.cu.o
// RUN: %t.b2/demo | FileCheck %s --check-prefix=TWO
// TWO: scale 2 sum 11000 norm 11000 device 0
