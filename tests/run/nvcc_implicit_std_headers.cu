// What nvcc's cuda_runtime.h brings a C++ program without its asking, which programs rely on:
// a range-for over a braced list (std::initializer_list), std::swap, std::move, std::pair and
// std::numeric_limits, with no standard header included.
// RUN: %cu2cc %s -o %t && %t | FileCheck %s
// CHECK: sum 6, swapped 2 1, pair 3, max 2147483647
extern "C" int printf(const char *, ...);

__global__ void k(int *out, int v) { out[0] = v; }

int main() {
    int s = 0;
    for (int v : {1, 2, 3})
        s += v;
    int a = 1, b = 2;
    std::swap(a, b);
    std::pair<int, int> p = std::make_pair(1, 2);
    int moved = std::move(p.first) + p.second;
    int *d, m = 0;
    cudaMalloc(&d, sizeof(int));
    k<<<1, 1>>>(d, std::numeric_limits<int>::max());
    cudaMemcpy(&m, d, sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum %d, swapped %d %d, pair %d, max %d\n", s, a, b, moved, m);
    return 0;
}
