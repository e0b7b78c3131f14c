/* thrust/execution_policy.h - cu2c's: thrust's own, then what CUDA's thrust brings with it (see
 * cu2c/thrust_closure.h) when a program includes it itself */
#ifndef CU2C_THRUST_WRAPPING
#define CU2C_THRUST_WRAPPING 1
#include_next <thrust/execution_policy.h>
#include <cu2c/thrust_closure.h>
#undef CU2C_THRUST_WRAPPING
#else
#include_next <thrust/execution_policy.h>
#endif
