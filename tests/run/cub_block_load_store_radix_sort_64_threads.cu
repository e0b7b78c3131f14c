// cub::BlockLoad (transpose: a blocked arrangement), BlockRadixSort of int keys sorted blocked to
// striped and stored striped by BlockStore, and a descending key-value sort of float keys with
// their original positions as values (stable: equal keys keep their order), 64-thread blocks of
// 4 items per thread; checked against std::sort and a host stable sort.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <algorithm>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/block/block_radix_sort.cuh>
__global__ void k(const int *in, int *out, const float *fin, float *fout, int *vout) {
    typedef cub::BlockLoad<int, 64, 4, cub::BLOCK_LOAD_TRANSPOSE> BL;
    typedef cub::BlockStore<int, 64, 4, cub::BLOCK_STORE_STRIPED> BSt;
    typedef cub::BlockRadixSort<int, 64, 4> BRS;
    typedef cub::BlockRadixSort<float, 64, 4, int> BRSF;
    __shared__ typename BL::TempStorage lt;
    __shared__ typename BRS::TempStorage st;
    __shared__ typename BRSF::TempStorage sf;
    int keys[4];
    BL(lt).Load(in + blockIdx.x * 256, keys);
    BRS(st).SortBlockedToStriped(keys);
    BSt().Store(out + blockIdx.x * 256, keys);
    float fk[4]; int v[4];
    cub::LoadDirectBlocked(threadIdx.x, fin + blockIdx.x * 256, fk);
    for (int i = 0; i < 4; i++) v[i] = threadIdx.x * 4 + i;
    BRSF(sf).SortDescending(fk, v);
    cub::StoreDirectBlocked(threadIdx.x, fout + blockIdx.x * 256, fk);
    cub::StoreDirectBlocked(threadIdx.x, vout + blockIdx.x * 256, v);
}
int main() {
    const int N = 512; int h[N], o[N], vo[N]; float f[N], fo[N];
    for (int i = 0; i < N; i++) { h[i] = (i * 7919) % 1000 - 500; f[i] = (float)((i * 31) % 50) - 25.5f; }
    int *d, *dout, *dv; float *df, *dfo; cudaMalloc(&d, sizeof h); cudaMalloc(&dout, sizeof o); cudaMalloc(&dv, sizeof vo); cudaMalloc(&df, sizeof f); cudaMalloc(&dfo, sizeof fo);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice); cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
    k<<<2, 64>>>(d, dout, df, dfo, dv);
    cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost); cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost); cudaMemcpy(vo, dv, sizeof vo, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < 2; b++) {
        int s[256]; std::copy(h + b * 256, h + b * 256 + 256, s); std::sort(s, s + 256);
        for (int i = 0; i < 256; i++) if (o[b * 256 + i] != s[i]) { bad++; }
        int idx[256]; for (int i = 0; i < 256; i++) idx[i] = i;
        const float *fb = f + b * 256;
        for (int i = 1; i < 256; i++) for (int j = i; j > 0 && fb[idx[j - 1]] < fb[idx[j]]; j--) std::swap(idx[j - 1], idx[j]);
        for (int i = 0; i < 256; i++) if (fo[b * 256 + i] != fb[idx[i]] || vo[b * 256 + i] != idx[i]) { if (bad < 5) printf("%d: %g %d want %g %d\n", i, fo[b*256+i], vo[b*256+i], fb[idx[i]], idx[i]); bad++; }
    }
    printf(bad ? "FAILED %d\n" : "ok\n", bad);
    return bad != 0;
}
