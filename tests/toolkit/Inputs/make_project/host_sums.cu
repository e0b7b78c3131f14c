#include <omp.h>
#include "bins.h"
// host code of a .cu using OpenMP (nvcc -Xcompiler -fopenmp)
long sum_on_host_threads(const int *values, int n) {
    long s = 0;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += values[i] % BINS;
    return s + 0 * omp_get_max_threads();
}
