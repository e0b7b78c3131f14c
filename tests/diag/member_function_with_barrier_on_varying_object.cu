// A member function holding a barrier is expanded with one object for the whole block (its
// copy reaches it through one pointer): cu2c refuses a call on an object that differs between
// threads (a local set per thread, a pointer to one of several), and on a local the member
// function itself writes per thread (each thread has its own on a GPU).
// RUN: rm -f %t.c
// RUN: not %cu2c %s -o %t.c 2>&1 | FileCheck %s -DFILE=%s
// RUN: test ! -e %t.c
struct Reducer {
    float *buf;
    float last;
    __device__ float sum(float v) {
        buf[threadIdx.x] = v;
        __syncthreads();
        return buf[0] + buf[1];
    }
    __device__ float keep(float v) {
        last = v;
        __syncthreads();
        return last;
    }
};

__global__ void halves(float *out) {
    __shared__ float s[2][64];
    Reducer r = {s[threadIdx.x % 2], 0};
    out[threadIdx.x] = r.sum(1.0f);
}

__global__ void shared_objects(float *out) {
    __shared__ float s[2][64];
    __shared__ Reducer rs[2];
    if (threadIdx.x < 2)
        rs[threadIdx.x].buf = s[threadIdx.x];
    __syncthreads();
    Reducer *p = &rs[threadIdx.x % 2];
    out[threadIdx.x] = p->sum(1.0f);
}

__global__ void per_thread_member(float *out) {
    __shared__ float s[64];
    Reducer r = {s, 0};
    out[threadIdx.x] = r.keep((float)threadIdx.x);
}

int main() {
    halves<<<1, 64>>>(nullptr);
    shared_objects<<<1, 64>>>(nullptr);
    per_thread_member<<<1, 64>>>(nullptr);
}
// CHECK: [[FILE]]:26:24: error: call of 'sum', a member function holding a barrier, on 'r', a local that differs between threads (or that 'sum' writes per thread): cu2c binds one object per block (not supported yet)
// CHECK: [[FILE]]:36:24: error: call of 'sum', a member function holding a barrier, on an object that differs between threads: cu2c binds one object per block (not supported yet)
// CHECK: [[FILE]]:42:24: error: call of 'keep', a member function holding a barrier, on 'r', a local that differs between threads (or that 'keep' writes per thread): cu2c binds one object per block (not supported yet)
