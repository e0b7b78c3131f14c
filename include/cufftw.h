/* cufftw.h - cuFFTW, cuFFT's FFTW-compatible interface. On the CPU it is FFTW itself: the
 * fftw_ and fftwf_ plans, executions and buffers of FFTW 3's API on host memory (a superset of
 * what cuFFTW implements), linked by -lcufftw (FFTW's libraries). */
#ifndef CU2C_CUFFTW_H
#define CU2C_CUFFTW_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#define _CUFFTW_H_ /* the CUDA toolkit's guard */

#include <fftw3.h>

#endif
