# Writes the deep kernels of ../deep_and_empty_inputs.cu, with a main checking their results.
N_IFS, N_TERMS = 10000, 20000
print("#include <cstdio>")
print("#include <cuda_runtime.h>")
print("__global__ void nested(int *a, int x) {")
print("    " + "".join("if (x > %d) " % i for i in range(N_IFS)) + "a[threadIdx.x] = x + threadIdx.x;")
print("}")
print("__global__ void terms(int *a, int x) {")
print("    a[threadIdx.x] = " + " + ".join("x" for _ in range(N_TERMS)) + ";")
print("}")
print("""int main() {
    int *a, h[64];
    cudaMalloc(&a, sizeof h);
    nested<<<1, 64>>>(a, %d);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++)
        if (h[i] != %d + i) { printf("nested: a[%%d] = %%d\\n", i, h[i]); return 1; }
    terms<<<1, 64>>>(a, 3);
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++)
        if (h[i] != 3 * %d) { printf("terms: a[%%d] = %%d\\n", i, h[i]); return 1; }
    printf("ok\\n");
    return 0;
}""" % (N_IFS, N_IFS, N_TERMS))
