// A member function holding a barrier is expanded into the kernel, outside its class: the
// private and protected members it names cannot be named there, and cu2c refuses each where
// the function names it.
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
class Counter {
    float *buf;

protected:
    __device__ float first() const { return buf[0]; }

public:
    __device__ Counter(float *b) : buf(b) {}
    __device__ float sum(float v) {
        buf[threadIdx.x] = v;
        __syncthreads();
        return first();
    }
};

__global__ void count(float *out) {
    __shared__ float s[64];
    Counter c(s);
    out[threadIdx.x] = c.sum(1.0f);
}

int main() {
    count<<<1, 64>>>(nullptr);
}
// CHECK: [[FILE]]:16:9: error: 'buf' is a private member of 'Counter': 'sum', which holds a barrier, is expanded into the kernel, where only public members can be named (not supported yet)
// CHECK: [[FILE]]:18:16: error: 'first' is a protected member of 'Counter': 'sum', which holds a barrier, is expanded into the kernel, where only public members can be named (not supported yet)
