/* vecops.h - the project's host interface: plain C types, no CUDA, no extern "C" (as with nvcc,
 * the .cu files defining these functions give them C++ linkage). saxpy.cu and reduce.cu
 * implement them; main.cpp calls them. */
#ifndef VECOPS_H
#define VECOPS_H

/* y = a*x + y on the device; 0 or the CUDA error code */
int saxpy(float a, const float *x, float *y, int n);
/* the sum of x[0..n): per-block sums on the device, their total on the host; -1 on error */
double device_sum(const float *x, int n);
/* the sum of a*x + y, y left as it is (reduce.cu launches saxpy.cu's kernel); -1 on error */
double saxpy_sum(float a, const float *x, const float *y, int n);

#endif
