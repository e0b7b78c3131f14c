"""Writes a .cu with N kernels to stdout, each reversing a block through shared memory
around a barrier and adding its own number; main launches every one and checks them all."""
import sys

n = int(sys.argv[1])
print("#include <cstdio>")
for i in range(n):
    print("__global__ void k%d(int *p) { __shared__ int s[64]; s[threadIdx.x] = p[threadIdx.x]; "
          "__syncthreads(); p[threadIdx.x] = s[63 - threadIdx.x] + %d; }" % (i, i))
print("int main() {")
print("    int *d, h[64], bad = 0;")
print("    cudaMalloc(&d, sizeof h);")
for i in range(n):
    print("    for (int t = 0; t < 64; t++) h[t] = t;")
    print("    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);")
    print("    k%d<<<1, 64>>>(d);" % i)
    print("    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);")
    print("    for (int t = 0; t < 64; t++) bad += h[t] != 63 - t + %d;" % i)
print('    printf("%%d kernels, %%d wrong values\\n", %d, bad);' % n)
print("    return bad != 0;")
print("}")
