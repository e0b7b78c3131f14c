// RUN: %rtcc %s -o %t %rtlibs && timeout 60 %t
// __device__ and __constant__ variables are ordinary globals in translated code; the symbol
// calls take their address, with offsets, in the directions CUDA allows.
#include <string.h>
#include "cuda_runtime_api.h"
#include "Inputs/check.h"

static float coeffs[16];       /* stands for `__constant__ float coeffs[16];` */
static int counter;            /* stands for `__device__ int counter;` */

int main(void)
{
    float in[16], out[16];
    for (int i = 0; i < 16; i++)
        in[i] = (float)i * 1.5f;

    CHECK_OK(cudaMemcpyToSymbol(coeffs, in, sizeof in, 0, cudaMemcpyHostToDevice));
    CHECK(memcmp(coeffs, in, sizeof in) == 0);
    /* With an offset: elements 4..7 replaced. */
    float four[4] = { -1, -2, -3, -4 };
    CHECK_OK(cudaMemcpyToSymbol(coeffs, four, sizeof four, 4 * sizeof(float),
                                cudaMemcpyHostToDevice));
    CHECK(coeffs[3] == in[3] && coeffs[4] == -1 && coeffs[7] == -4 && coeffs[8] == in[8]);
    memset(out, 0, sizeof out);
    CHECK_OK(cudaMemcpyFromSymbol(out, coeffs, 2 * sizeof(float), 6 * sizeof(float),
                                  cudaMemcpyDeviceToHost));
    CHECK(out[0] == -3 && out[1] == -4 && out[2] == 0);
    CHECK_OK(cudaMemcpyFromSymbol(out, coeffs, sizeof out, 0, cudaMemcpyDefault));
    CHECK(out[15] == in[15]);

    /* Device-to-device through a cudaMalloc'd buffer, and the Async variants. */
    int *d = NULL, v = 77, r = 0;
    CHECK_OK(cudaMalloc((void **)&d, sizeof(int)));
    CHECK_OK(cudaMemcpy(d, &v, sizeof v, cudaMemcpyHostToDevice));
    CHECK_OK(cudaMemcpyToSymbolAsync(&counter, d, sizeof(int), 0, cudaMemcpyDeviceToDevice, 0));
    CHECK(counter == 77);
    counter = 91;
    CHECK_OK(cudaMemcpyFromSymbolAsync(&r, &counter, sizeof r, 0, cudaMemcpyDeviceToHost, 0));
    CHECK(r == 91);
    CHECK_OK(cudaFree(d));

    /* The address of a symbol is the variable's; its size is not known to the runtime. */
    void *addr = NULL;
    CHECK_OK(cudaGetSymbolAddress(&addr, coeffs));
    CHECK(addr == (void *)coeffs);
    size_t size = 0;
    CHECK_ERR(cudaGetSymbolSize(&size, coeffs), cudaErrorInvalidSymbol);

    /* Wrong directions and missing symbols are refused and change nothing. */
    counter = 5;
    v = 6;
    CHECK_ERR(cudaMemcpyToSymbol(&counter, &v, sizeof v, 0, cudaMemcpyDeviceToHost),
              cudaErrorInvalidMemcpyDirection);
    CHECK_ERR(cudaMemcpyFromSymbol(&v, &counter, sizeof v, 0, cudaMemcpyHostToDevice),
              cudaErrorInvalidMemcpyDirection);
    CHECK(counter == 5 && v == 6);
    CHECK_ERR(cudaMemcpyToSymbol(NULL, &v, sizeof v, 0, cudaMemcpyHostToDevice),
              cudaErrorInvalidSymbol);
    CHECK_ERR(cudaGetLastError(), cudaErrorInvalidSymbol);
    CHECK_ERR(cudaGetLastError(), cudaSuccess);
    return check_report();
}
