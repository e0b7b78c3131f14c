// Surface accesses outside the array under each boundary mode, against a host reference:
// cudaBoundaryModeZero reads zero and drops the write, cudaBoundaryModeClamp clamps every
// coordinate (x, in bytes, to the row's last element) for reads and writes, and
// cudaBoundaryModeTrap (the default) ends the kernel with the sticky error of a trap,
// cudaErrorLaunchFailure, reported by the next synchronising call and every call after it,
// with one line on stderr naming the access, the kernel and the block. An x that is not a
// multiple of the access's size is cudaErrorMisalignedAddress. cudaCreateSurfaceObject
// refuses an array made without cudaArraySurfaceLoadStore (cudaErrorInvalidValue).
// UNSUPPORTED: race-check || thread-order
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t modes 2> %t.err | FileCheck %s
// RUN: FileCheck --check-prefix=TRAPMSG %s < %t.err
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t misaligned 2> %t.err2 | FileCheck --check-prefix=MISALIGNED %s
// RUN: FileCheck --check-prefix=MISMSG %s < %t.err2
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static const int W = 6, H = 5;

// thread i reads (xs[i], ys[i]) under mode m into out[i], then writes 1000 + i there
__global__ void access(cudaSurfaceObject_t s, const int *xs, const int *ys, int n, float *out,
                       cudaSurfaceBoundaryMode m) {
    int i = threadIdx.x;
    if (i < n) {
        out[i] = surf2Dread<float>(s, xs[i] * 4, ys[i], m);
        surf2Dwrite(1000.0f + i, s, xs[i] * 4, ys[i], m);
    }
}

__global__ void trap_in_block(cudaSurfaceObject_t s, int *after) {
    // block 2's thread 3 writes one element past the row: the default mode traps
    int x = blockIdx.x == 2 && threadIdx.x == 3 ? W : threadIdx.x % W;
    surf2Dwrite(1.0f, s, x * 4, 0);
    if (blockIdx.x == 2 && threadIdx.x == 3)
        after[0] = 1;   // never reached
}

__global__ void misaligned(cudaSurfaceObject_t s) {
    surf2Dwrite(2.0f, s, 2, 0, cudaBoundaryModeZero);   // in range, but not at a float
}

static int clampi(int v, int hi) { return v < 0 ? 0 : v > hi ? hi : v; }

int main(int argc, char **argv) {
    cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
    cudaArray_t a, plain;
    cudaMallocArray(&a, &f, W, H, cudaArraySurfaceLoadStore);
    cudaMallocArray(&plain, &f, W, H);
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = plain;
    cudaSurfaceObject_t s = 0;
    // CHECK: without cudaArraySurfaceLoadStore: cudaErrorInvalidValue
    printf("without cudaArraySurfaceLoadStore: %s\n", cudaGetErrorName(cudaCreateSurfaceObject(&s, &rd)));
    cudaGetLastError();
    rd.res.array.array = a;
    if (cudaCreateSurfaceObject(&s, &rd) != cudaSuccess) { printf("create failed\n"); return 1; }

    if (strcmp(argv[argc - 1], "misaligned") == 0) {
        misaligned<<<1, 1>>>(s);
        cudaError_t e = cudaDeviceSynchronize();
        // MISALIGNED: misaligned: cudaErrorMisalignedAddress, then cudaErrorMisalignedAddress
        printf("misaligned: %s, then %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
        // MISMSG: cu2c: surf2Dwrite in kernel {{.*}}misaligned{{.*}}, block [0,0,0]{{(, thread \[0,0,0\])?}}: x = 2 bytes, y = 0, z = 0, layer 0: x not a multiple of the access's size
        return 0;
    }

    const int xs_h[] = {-1, W, 2, 3, -5, W + 4, 0, W - 1, 1};
    const int ys_h[] = {0, 1, -1, H, -2, H + 3, 0, H - 1, 2};
    const int n = sizeof xs_h / sizeof *xs_h;
    int *xs, *ys;
    float *out;
    cudaMallocManaged(&xs, sizeof xs_h);
    cudaMallocManaged(&ys, sizeof ys_h);
    cudaMallocManaged(&out, n * sizeof(float));
    memcpy(xs, xs_h, sizeof xs_h);
    memcpy(ys, ys_h, sizeof ys_h);
    int bad = 0;
    const cudaSurfaceBoundaryMode modes[] = {cudaBoundaryModeZero, cudaBoundaryModeClamp};
    for (int m = 0; m < 2; m++) {
        float ref[H][W], got[H][W];
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                ref[y][x] = 10.0f * y + x;
        cudaMemcpy2DToArray(a, 0, 0, ref, W * 4, W * 4, H, cudaMemcpyHostToDevice);
        access<<<1, 32>>>(s, xs, ys, n, out, modes[m]);
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) { printf("mode %d: %s\n", m, cudaGetErrorName(e)); return 1; }
        // the host's model: reads see the initial contents (the writes are to distinct
        // places or, clamped, only to places no read of this launch uses... checked below)
        for (int i = 0; i < n; i++) {
            bool inside = xs_h[i] >= 0 && xs_h[i] < W && ys_h[i] >= 0 && ys_h[i] < H;
            int x = clampi(xs_h[i], W - 1), y = clampi(ys_h[i], H - 1);
            float want = inside || m == 1 ? 10.0f * y + x : 0.0f;
            // a read may follow another thread's write to the same clamped element
            bool shared = false;
            for (int j = 0; j < n; j++)
                shared |= j != i && clampi(xs_h[j], W - 1) == x && clampi(ys_h[j], H - 1) == y &&
                          (m == 1 || (xs_h[j] == x && ys_h[j] == y));
            if (!shared && out[i] != want && bad++ < 8)
                printf("mode %d read %d (%d,%d): %g, want %g\n", m, i, xs_h[i], ys_h[i], out[i], want);
            if (inside || m == 1)
                ref[y][x] = 1000.0f + i;   // later threads win only if they write the same place:
        }
        // resolve places written by several threads: any of their values is CUDA's answer
        cudaMemcpy2DFromArray(got, W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToHost);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                bool ok = got[y][x] == ref[y][x];
                for (int i = 0; i < n && !ok; i++) {
                    bool inside = xs_h[i] >= 0 && xs_h[i] < W && ys_h[i] >= 0 && ys_h[i] < H;
                    ok = (inside || m == 1) && clampi(xs_h[i], W - 1) == x && clampi(ys_h[i], H - 1) == y &&
                         got[y][x] == 1000.0f + i;
                }
                if (!ok && bad++ < 8)
                    printf("mode %d element (%d,%d): %g, want %g\n", m, x, y, got[y][x], ref[y][x]);
            }
    }
    // CHECK-NEXT: zero and clamp: 0 wrong
    printf("zero and clamp: %d wrong\n", bad);

    int *after;
    cudaMallocManaged(&after, sizeof(int));
    *after = 0;
    trap_in_block<<<4, 8>>>(s, after);
    cudaError_t e = cudaDeviceSynchronize();
    // CHECK-NEXT: trap: cudaErrorLaunchFailure (unspecified launch failure)
    printf("trap: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
    // CHECK-NEXT: sticky: cudaErrorLaunchFailure cudaErrorLaunchFailure, after the trap: 0
    printf("sticky: %s %s, after the trap: %d\n", cudaGetErrorName(cudaGetLastError()),
           cudaGetErrorName(cudaMemcpy2DToArray(a, 0, 0, out, 4, 4, 1, cudaMemcpyHostToDevice)), *after);
    // TRAPMSG: cu2c: surf2Dwrite in kernel {{.*}}trap_in_block{{.*}}, block [2,0,0]{{(, thread \[3,0,0\])?}}: x = 24 bytes, y = 0, z = 0, layer 0: out of range (cudaBoundaryModeTrap)
    // TRAPMSG-NOT: cu2c:
    return 0;
}
