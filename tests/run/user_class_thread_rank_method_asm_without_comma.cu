// What nvcc accepts and cu2c once refused, as NVIDIA's conjugateGradientMultiDeviceCG writes
// it: a user's class with its own thread_rank() (cooperative_groups.h's macros of that name
// give the groups' methods the thread's indices), defined over a group's thread_rank() and
// called on the user's object in grid-stride loops; and inline PTX whose operands have no
// comma between them (`::"r"(v) "l"(p)`), in the device branch of `#if __CUDA_ARCH__`.
// RUN: %cu2cc %s -o %t && timeout 60 %t
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

class PeerGroup {
    const cg::grid_group &grid;
    int rank, count;

public:
    __device__ PeerGroup(const cg::grid_group &g, int r, int n) : grid(g), rank(r), count(n) {}
    __device__ unsigned int size() const { return count * grid.size(); }
    __device__ unsigned int thread_rank() const { return rank * grid.size() + grid.thread_rank(); }
};

__device__ void store_flag(unsigned char *p, unsigned char v)
{
#if __CUDA_ARCH__ < 700
    *(volatile unsigned char *)p = v;
#else
    unsigned int r = v;
    asm volatile("st.release.sys.global.u8 [%1], %0;" ::"r"(r) "l"(p) : "memory");
#endif
}

__global__ void fill(int *out, int n, int rank, int count, unsigned char *flag)
{
    cg::grid_group grid = cg::this_grid();
    PeerGroup peers(grid, rank, count);
    for (int i = peers.thread_rank(); i < n; i += peers.size())
        out[i] = i * 3 + 1;
    if (grid.thread_rank() == 0)
        store_flag(flag, 7);
}

int main()
{
    const int n = 10000, count = 3;
    int *out;
    unsigned char *flag;
    cudaMallocManaged(&out, n * sizeof(int));
    cudaMallocManaged(&flag, 1);
    for (int i = 0; i < n; i++)
        out[i] = -1;
    *flag = 0;
    // the three "peers" one after another: each covers its ranks' share of the range
    for (int rank = 0; rank < count; rank++) {
        void *args[] = {&out, (void *)&n, &rank, (void *)&count, &flag};
        cudaLaunchCooperativeKernel((void *)fill, dim3(4), dim3(128), args, 0, 0);
        cudaDeviceSynchronize();
    }
    int bad = 0;
    for (int i = 0; i < n; i++)
        bad += out[i] != i * 3 + 1;
    if (bad || *flag != 7) {
        std::printf("FAILED: %d wrong, flag %d\n", bad, *flag);
        return 1;
    }
    std::printf("PASSED\n");
    return 0;
}
