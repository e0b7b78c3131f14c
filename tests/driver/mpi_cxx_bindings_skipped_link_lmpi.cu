// An MPI + CUDA program built as llm.c's and nccl-tests' Makefiles build theirs: MPI's include
// directory and -lmpi, no wrapper. OpenMPI's mpi.h in C++ would pull its deprecated C++
// bindings, whose out-of-line parts live in libmpi_cxx (not on such link lines); cu2cc
// defines OMPI_SKIP_MPICXX and MPICH_SKIP_MPICXX, so the program links and runs.
// RUN: %cu2cc %s -o %t -I/usr/lib/x86_64-linux-gnu/openmpi/include -L/usr/lib/x86_64-linux-gnu/openmpi/lib -lmpi
// RUN: %mpirun 2 %t | FileCheck %s
// CHECK-DAG: rank 0 of 2 sum 3
// CHECK-DAG: rank 1 of 2 sum 3
#include <mpi.h>
#include <cstdio>

__global__ void set(int *p, int v) { *p = v; }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, *d, sum = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    cudaMalloc(&d, sizeof(int));
    set<<<1, 1>>>(d, rank + 1);
    cudaDeviceSynchronize();
    MPI_Allreduce(d, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    std::printf("rank %d of %d sum %d\n", rank, size, sum);
    MPI_Finalize();
    return 0;
}
