// nvcc --default-stream per-thread: stream 0 is each host thread's own stream, so work that
// one thread queues on stream 0 does not wait for another thread's. The main thread holds
// its stream 0 (a host function waiting for a flag); a second thread launches a kernel on
// stream 0 and synchronises it, which must finish while the main thread's stream is held.
// RUN: %cu2cc --default-stream per-thread %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <cuda_runtime.h>

static std::atomic<int> gate_open(0), other_done(0);

static void CUDART_CB gate(void *) {
    while (!gate_open.load())
        std::this_thread::sleep_for(std::chrono::microseconds(100));
}

__global__ void fill(int *x, int v) {
    x[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main() {
    int *a, *b;
    if (cudaMalloc(&a, 256 * sizeof(int)) != cudaSuccess ||
        cudaMalloc(&b, 256 * sizeof(int)) != cudaSuccess)
        return 1;
    cudaLaunchHostFunc(0, gate, nullptr);
    fill<<<4, 64>>>(a, 1);            // queued behind the gate on this thread's stream 0
    std::thread other([b] {
        fill<<<4, 64>>>(b, 2);
        if (cudaStreamSynchronize(0) == cudaSuccess)
            other_done = 1;
    });
    for (int i = 0; i < 5000 && !other_done.load(); i++)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    int done_while_held = other_done.load();
    gate_open = 1;
    other.join();
    int ha[256], hb[256];
    cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);   // stream 0: after the gate and fill
    cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 256; i++)
        bad += ha[i] != 1 || hb[i] != 2;
    printf("other thread done while stream 0 held: %d, wrong: %d\n", done_while_held, bad);
    return done_while_held && !bad && cudaGetLastError() == cudaSuccess ? 0 : 1;
}
