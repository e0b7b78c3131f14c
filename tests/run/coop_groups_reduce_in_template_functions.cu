// cg::reduce in a device function template over a group whose type is its template
// parameter (`template <class T, class Group> T f(T v, Group &g) { return cg::reduce(g, v,
// op); }`, as NVIDIA's reduction sample writes it), its result the function's final return,
// called from kernel templates holding `auto tile = cg::tiled_partition<TS>(cta)`: tiles of
// 8, 32, 64 and 256 threads, float sums bit for bit in CUDA's order, int maxima; and under an
// if run per thread that whole tiles take (`if (tile.meta_group_rank() == 0)`, the sample's
// cg_reduce), the group bound by reference there.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>
namespace cg = cooperative_groups;

#define THREADS 512

template <typename T, typename Group> __device__ T sum_of(T in, Group &threads) {
    return cg::reduce(threads, in, cg::plus<T>());
}

template <typename U, typename Group> __device__ U max_of(U in, Group &threads) {
    return cg::reduce(threads, in, cg::greater<U>());
}

__host__ __device__ float value(unsigned g) {
    return (float)((g * 2654435761u) % 1000u) * ((g % 5u) == 0 ? 1024.0f : 0.01f);
}

template <class T, unsigned TS> __global__ void tile_sums(T *sums, int *maxima) {
    cg::thread_block cta = cg::this_thread_block();
    auto tile = cg::tiled_partition<TS>(cta);
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    T v = (T)value(g);
    T s = sum_of(v, tile);
    sums[g] = s;
    int m = max_of((int)(g * 37u % 1001u), tile);
    maxima[g] = m;
}

template <class T> __global__ void first_tile_sums(T *sums) {
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
    unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
    T v = (T)value(g);
    if (tile.meta_group_rank() == 0) {
        v = sum_of(v, tile);
    }
    sums[g] = v;
}

/* CUDA's order: a butterfly within each warp (tiles up to 32: within the tile), then one
 * over the tile's warps. */
static float host_sum(unsigned g0, unsigned size) {
    unsigned lanes = size < 32 ? size : 32, nw = size / lanes;
    float w[32];
    for (unsigned k = 0; k < nw; k++) {
        float c[32], nb[32];
        for (unsigned j = 0; j < lanes; j++)
            c[j] = value(g0 + k * lanes + j);
        for (unsigned s = lanes / 2; s > 0; s >>= 1) {
            for (unsigned j = 0; j < lanes; j++)
                nb[j] = c[j] + c[j ^ s];
            memcpy(c, nb, sizeof c);
        }
        w[k] = c[0];
    }
    for (unsigned s = nw / 2; s > 0; s >>= 1) {
        float nb[32];
        for (unsigned j = 0; j < nw; j++)
            nb[j] = w[j] + w[j ^ s];
        memcpy(w, nb, nw * sizeof(float));
    }
    return w[0];
}

static int failures;

template <unsigned TS> static void run() {
    float *s;
    int *m;
    cudaMallocManaged(&s, 2 * THREADS * sizeof(float));
    cudaMallocManaged(&m, 2 * THREADS * sizeof(int));
    tile_sums<float, TS><<<2, THREADS>>>(s, m);
    cudaDeviceSynchronize();
    for (unsigned g = 0; g < 2 * THREADS; g++) {
        unsigned g0 = g - g % TS;
        float want = host_sum(g0, TS);
        int mx = 0;
        for (unsigned k = g0; k < g0 + TS; k++)
            mx = (int)(k * 37u % 1001u) > mx ? (int)(k * 37u % 1001u) : mx;
        if ((memcmp(&s[g], &want, sizeof want) != 0 || m[g] != mx) && failures++ < 10)
            printf("FAIL tile %u thread %u: sum %a want %a, max %d want %d\n", TS, g, s[g], want, m[g], mx);
    }
    cudaFree(s);
    cudaFree(m);
}

int main() {
    run<8>();
    run<32>();
    run<64>();
    run<256>();
    float *s;
    cudaMallocManaged(&s, 2 * THREADS * sizeof(float));
    first_tile_sums<float><<<2, THREADS>>>(s);
    cudaDeviceSynchronize();
    for (unsigned g = 0; g < 2 * THREADS; g++) {
        float want = g % THREADS < 32 ? host_sum(g - g % 32, 32) : value(g);
        if (memcmp(&s[g], &want, sizeof want) != 0 && failures++ < 10)
            printf("FAIL first tile, thread %u: %a want %a\n", g, s[g], want);
    }
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
