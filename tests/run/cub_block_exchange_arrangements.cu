// cub::BlockExchange in a 64-thread block of 3 items per thread: items loaded striped
// (LoadDirectStriped) made blocked (StripedToBlocked), then warp-striped (BlockedToWarpStriped),
// and scattered by ranks reversing the tile (ScatterToBlocked); checked against the positions
// each arrangement gives.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cub/cub.cuh>
__global__ void k(const int *in, int *out) {
    typedef cub::BlockExchange<int, 64, 3> BE;
    __shared__ typename BE::TempStorage temp;
    int items[3], o1[3], o2[3], ranks[3];
    cub::LoadDirectStriped<64>(threadIdx.x, in, items);
    BE(temp).StripedToBlocked(items, o1);          // o1 blocked: tid*3+i
    BE(temp).BlockedToWarpStriped(o1, o2);          // warp striped
    for (int i = 0; i < 3; i++) ranks[i] = 191 - (threadIdx.x * 3 + i);
    BE(temp).ScatterToBlocked(o1, ranks);           // reversed
    for (int i = 0; i < 3; i++) { out[threadIdx.x * 3 + i] = o1[i]; out[192 + threadIdx.x * 3 + i] = o2[i]; }
}
int main() {
    int h[192], o[384]; for (int i = 0; i < 192; i++) h[i] = i * 10;
    int *d, *dout; cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice); k<<<1, 64>>>(d, dout); cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int t = 0; t < 64; t++) for (int i = 0; i < 3; i++) {
        int blocked = t * 3 + i;
        if (o[191 - blocked] != h[blocked]) bad++;      // scatter reversed the blocked items
        int w = t / 32, l = t % 32; int ws = w * 96 + i * 32 + l;   // warp-striped position of (t, i)
        if (o[192 + blocked] != h[ws]) bad++;
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad); return bad != 0;
}
