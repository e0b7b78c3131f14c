// CUDA_VISIBLE_DEVICES selects and renumbers the CU2C_DEVICES devices as CUDA does: indices
// and "GPU-" UUID prefixes (as cudaDeviceProp::uuid prints), read up to the first entry that
// names no device or one already listed; set and empty, there is no device
// (cudaErrorNoDevice). The program gets the PCI buses it expects, in order.
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_DEVICES=4 CUDA_VISIBLE_DEVICES=2,0 timeout 60 %t 2 0
// RUN: env CU2C_DEVICES=4 CUDA_VISIBLE_DEVICES=3,1,7,2 timeout 60 %t 3 1
// RUN: env CU2C_DEVICES=4 CUDA_VISIBLE_DEVICES=1,1,2 timeout 60 %t 1
// RUN: env CU2C_DEVICES=4 CUDA_VISIBLE_DEVICES=GPU-63753263-2d63-7075-2d64-657669636533,0 timeout 60 %t 3 0
// RUN: env CU2C_DEVICES=4 CUDA_VISIBLE_DEVICES=5 timeout 60 %t
// RUN: env CU2C_DEVICES=2 CUDA_VISIBLE_DEVICES= timeout 60 %t
// RUN: env CU2C_DEVICES=3 timeout 60 %t 0 1 2
#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    int want = argc - 1, n = -1;
    cudaError_t e = cudaGetDeviceCount(&n);
    if (want == 0) {
        // no device: the count is 0 and calls that need one say so
        void *p = nullptr;
        if (e != cudaErrorNoDevice || n != 0 || cudaMalloc(&p, 16) != cudaErrorNoDevice ||
            cudaSetDevice(0) != cudaErrorNoDevice) {
            std::printf("FAILED: with no device: %s, count %d\n", cudaGetErrorString(e), n);
            return 1;
        }
        std::printf("PASSED no device\n");
        return 0;
    }
    if (e != cudaSuccess || n != want) {
        std::printf("FAILED: %d devices, want %d\n", n, want);
        return 1;
    }
    for (int d = 0; d < n; d++) {
        cudaDeviceProp p;
        if (cudaGetDeviceProperties(&p, d) != cudaSuccess || p.pciBusID != std::atoi(argv[d + 1])) {
            std::printf("FAILED: device %d is bus %d, want %s\n", d, p.pciBusID, argv[d + 1]);
            return 1;
        }
        // each visible device runs work
        int *x = nullptr, h = 0;
        cudaSetDevice(d);
        if (cudaMalloc(&x, sizeof(int)) != cudaSuccess || cudaMemset(x, d + 1, 1) != cudaSuccess ||
            cudaMemcpy(&h, x, 1, cudaMemcpyDeviceToHost) != cudaSuccess || h != d + 1) {
            std::printf("FAILED: device %d does not run work\n", d);
            return 1;
        }
        cudaFree(x);
    }
    std::printf("PASSED %d visible devices\n", n);
    return 0;
}
