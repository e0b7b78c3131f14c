// Patterns of NVIDIA's eigenvalues and scan samples in expanded device functions: a function
// holding barriers called in a for loop's body inside another expanded function (as a
// declaration's value, inside an expression, as a statement), with const parameters and
// const locals crossing barriers (bisect_util.cu's computeNumSmallerEigenvalsLarge), and
// float4/uint4 locals and parameters, const or modified per component, crossing barriers.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#define N 64
__device__ unsigned countLess(const float *g, const unsigned n, const float x, float *s_d, unsigned converged) {
    float delta = 1.0f;
    unsigned count = 0;
    unsigned rem = n;
    for (unsigned i = 0; i < n; i += blockDim.x) {
        __syncthreads();
        if (i + threadIdx.x < n) s_d[threadIdx.x] = g[i + threadIdx.x];
        __syncthreads();
        if (!converged)
            for (unsigned k = 0; k < min(rem, blockDim.x); ++k) {
                delta = s_d[k] - x;
                count += delta < 0 ? 1 : 0;
            }
        rem -= blockDim.x;
    }
    return count;
}
// a for loop whose body calls a barrier function, inside an expanded function
__device__ unsigned sweep(const float *g, unsigned n, float *s_d, const unsigned iters) {
    const unsigned tid = threadIdx.x;
    const float x0 = tid * 0.5f;
    unsigned total = 0;
    for (unsigned it = 0; it < iters; ++it) {
        unsigned c = countLess(g, n, x0 + it, s_d, 0);
        total += c;
        total += countLess(g, n, x0 - it, s_d, tid & 1);
        countLess(g, n, x0, s_d, 1);
    }
    return total + tid;
}
__device__ float4 vec4(float4 a, float *s) {
    const float4 b = make_float4(a.x * 2, a.y * 2, a.z * 2, a.w * 2);
    uint4 u = make_uint4(threadIdx.x, 1, 2, 3);
    s[threadIdx.x] = a.x;
    __syncthreads();
    a.y += s[(threadIdx.x + 1) % blockDim.x];
    u.w += (unsigned)a.y;
    __syncthreads();
    s[threadIdx.x] = b.w;
    __syncthreads();
    float4 r = b;
    r.x += s[(threadIdx.x + 2) % blockDim.x] + u.x + u.w;
    return r;
}
__global__ void k(unsigned *out, const float *g, unsigned n, unsigned iters, float4 *v) {
    __shared__ float s_d[N];
    const unsigned t = threadIdx.x;
    out[t] = sweep(g, n, s_d, iters);
    const float4 in = v[t];
    float4 r = vec4(in, s_d);
    v[t] = r;
}
int main() {
    const unsigned n = 150, iters = 3;
    float hg[n]; for (unsigned i = 0; i < n; i++) hg[i] = (i * 37 % 101) * 0.3f;
    float4 hv[N]; for (int i = 0; i < N; i++) hv[i] = make_float4(i, i + 1, i + 2, i + 3);
    float *g; unsigned *o; float4 *v;
    cudaMalloc(&g, sizeof hg); cudaMalloc(&o, N * sizeof(unsigned)); cudaMalloc(&v, sizeof hv);
    cudaMemcpy(g, hg, sizeof hg, cudaMemcpyHostToDevice);
    cudaMemcpy(v, hv, sizeof hv, cudaMemcpyHostToDevice);
    k<<<1, N>>>(o, g, n, iters, v);
    unsigned ho[N]; float4 rv[N];
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    cudaMemcpy(rv, v, sizeof rv, cudaMemcpyDeviceToHost);
    for (unsigned t = 0; t < N; t++) {
        unsigned total = 0;
        for (unsigned it = 0; it < iters; it++) {
            float x0 = t * 0.5f;
            for (unsigned i = 0; i < n; i++) total += hg[i] - (x0 + it) < 0;
            if (!(t & 1)) for (unsigned i = 0; i < n; i++) total += hg[i] - (x0 - it) < 0;
        }
        total += t;
        if (ho[t] != total) { printf("count %u: %u want %u\n", t, ho[t], total); return 1; }
        float4 a = hv[t];
        float ay = a.y + hv[(t + 1) % N].x;
        unsigned uw = 3 + (unsigned)ay;
        float want = a.x * 2 + hv[(t + 2) % N].w * 2 + t + uw;
        if (rv[t].x != want || rv[t].y != a.y * 2 || rv[t].w != a.w * 2) { printf("vec %u: %f want %f\n", t, rv[t].x, want); return 1; }
    }
    printf("loops, vectors and const locals in expanded functions ok\n");
    return 0;
}
