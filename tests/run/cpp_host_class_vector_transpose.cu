// Host code in C++: a class owning device memory (constructor/destructor), std::vector,
// dim3 b(16, 16) and a dim3 grid computed from the image size, a 2-D tiled transpose with
// a padded shared tile; cu2c emits C++.
// RUN: %cu2c --print-lang %s | FileCheck %s --check-prefix=LANG
// LANG: {{^c\+\+$}}
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#define TILE 16
__global__ void transpose(const float *in, float *out, int w, int h) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    int tx = blockIdx.y * TILE + threadIdx.x;
    int ty = blockIdx.x * TILE + threadIdx.y;
    if (tx < h && ty < w) out[ty * h + tx] = tile[threadIdx.x][threadIdx.y];
}

template <typename T> class DeviceBuffer {
public:
    explicit DeviceBuffer(size_t n) : n_(n) { cudaMalloc(&p_, n * sizeof(T)); }
    ~DeviceBuffer() { cudaFree(p_); }
    T *get() const { return p_; }
    void upload(const std::vector<T> &v) { cudaMemcpy(p_, v.data(), n_ * sizeof(T), cudaMemcpyHostToDevice); }
    std::vector<T> download() const {
        std::vector<T> v(n_);
        cudaMemcpy(v.data(), p_, n_ * sizeof(T), cudaMemcpyDeviceToHost);
        return v;
    }
private:
    T *p_ = nullptr;
    size_t n_;
};

int main() {
    const int w = 50, h = 37;
    std::vector<float> img(w * h);
    for (int i = 0; i < w * h; i++) img[i] = static_cast<float>(i);
    DeviceBuffer<float> din(img.size()), dout(img.size());
    din.upload(img);
    dim3 b(16, 16);
    dim3 g((w + b.x - 1) / b.x, (h + b.y - 1) / b.y);
    transpose<<<g, b>>>(din.get(), dout.get(), w, h);
    auto res = dout.download();
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (res[x * h + y] != img[y * w + x]) { std::printf("(%d,%d): %f\n", x, y, res[x * h + y]); return 1; }
    std::printf("c++ host ok\n");
    return 0;
}
