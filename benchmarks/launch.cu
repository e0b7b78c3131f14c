// Launch cost: an empty kernel (1 block of 32 threads) launched N times asynchronously then
// synchronised once, N times each followed by cudaStreamSynchronize, and N times through a
// CUDA graph (a chain of CHAIN launches captured once, the graph launched N / CHAIN times, then
// synchronised once). Prints microseconds per kernel for each (and launches per second for the
// first two), medians of ROUNDS rounds. Usage: launch [n]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

__global__ void empty() {}

#define CHAIN 20

static void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        exit(1);
    }
}

static double seconds(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

int main(int argc, char **argv) {
    const int n = argc > 1 ? atoi(argv[1]) : 20000, rounds = 7;
    cudaStream_t s;
    check(cudaStreamCreate(&s), "stream");
    empty<<<1, 32, 0, s>>>();
    check(cudaStreamSynchronize(s), "warm-up");
    std::vector<double> async_us(rounds), sync_us(rounds), graph_us(rounds);
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    check(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), "capture");
    for (int i = 0; i < CHAIN; i++)
        empty<<<1, 32, 0, s>>>();
    check(cudaStreamEndCapture(s, &graph), "end capture");
    check(cudaGraphInstantiate(&exec, graph, 0), "instantiate");
    for (int r = 0; r < rounds; r++) {
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; i++)
            empty<<<1, 32, 0, s>>>();
        check(cudaStreamSynchronize(s), "async batch");
        async_us[r] = seconds(t0) * 1e6 / n;
        t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; i++) {
            empty<<<1, 32, 0, s>>>();
            cudaStreamSynchronize(s);
        }
        sync_us[r] = seconds(t0) * 1e6 / n;
        t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n / CHAIN; i++)
            cudaGraphLaunch(exec, s);
        check(cudaStreamSynchronize(s), "graph batch");
        graph_us[r] = seconds(t0) * 1e6 / (n / CHAIN * CHAIN);
    }
    check(cudaGetLastError(), "launches");
    std::sort(async_us.begin(), async_us.end());
    std::sort(sync_us.begin(), sync_us.end());
    std::sort(graph_us.begin(), graph_us.end());
    double a = async_us[rounds / 2], b = sync_us[rounds / 2], g = graph_us[rounds / 2];
    printf("launch n=%d async_us=%.3f async_per_s=%.0f sync_us=%.3f sync_per_s=%.0f graph_us=%.3f\n", n, a,
           1e6 / a, b, 1e6 / b, g);
    check(cudaGraphExecDestroy(exec), "exec destroy");
    check(cudaGraphDestroy(graph), "graph destroy");
    return 0;
}
