// cub::DeviceRunLengthEncode (Encode, NonTrivialRuns) with CUB's two-call protocol on a
// stream, as HeCBench rle uses it, compared with a host model over runs of every length
// (1 to 7, and an item that ends the input); then std::chrono, which CUDA's <cub/cub.cuh>
// brings along (HeCBench nonzero and ccsd-trpdrv time themselves with it, having included
// only CUB).
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>

int main() {
    const int n = 1000;
    std::vector<int> h(n);
    for (int i = 0, v = 0; i < n; v++)
        for (int r = 0; r < 1 + v % 7 && i < n; r++)
            h[i++] = v * 3 % 11;   /* equal neighbours across runs too: v and v + 11 */
    int *in, *unique, *counts, *runs, *offsets, *lengths, *nontrivial;
    cudaMalloc(&in, n * sizeof(int));
    cudaMallocManaged(&unique, n * sizeof(int));
    cudaMallocManaged(&counts, n * sizeof(int));
    cudaMallocManaged(&runs, sizeof(int));
    cudaMallocManaged(&offsets, n * sizeof(int));
    cudaMallocManaged(&lengths, n * sizeof(int));
    cudaMallocManaged(&nontrivial, sizeof(int));
    cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
    cudaStream_t s;
    cudaStreamCreate(&s);
    auto t0 = std::chrono::steady_clock::now();
    void *temp = NULL;
    size_t bytes = 0;
    cub::DeviceRunLengthEncode::Encode(temp, bytes, in, unique, counts, runs, n, s);
    cudaMalloc(&temp, bytes);
    cudaError_t e1 = cub::DeviceRunLengthEncode::Encode(temp, bytes, in, unique, counts, runs, n, s);
    size_t bytes2 = 0;
    cub::DeviceRunLengthEncode::NonTrivialRuns(NULL, bytes2, in, offsets, lengths, nontrivial, n, s);
    cudaError_t e2 = cub::DeviceRunLengthEncode::NonTrivialRuns(temp, bytes, in, offsets, lengths, nontrivial, n, s);
    cudaStreamSynchronize(s);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    /* the model */
    std::vector<int> mu, mc, mo, ml;
    for (int i = 0; i < n;) {
        int j = i + 1;
        while (j < n && h[j] == h[i])
            j++;
        mu.push_back(h[i]);
        mc.push_back(j - i);
        if (j - i > 1) {
            mo.push_back(i);
            ml.push_back(j - i);
        }
        i = j;
    }
    int bad = e1 != cudaSuccess || e2 != cudaSuccess || *runs != (int)mu.size() || *nontrivial != (int)mo.size();
    for (int r = 0; !bad && r < *runs; r++)
        bad += unique[r] != mu[r] || counts[r] != mc[r];
    for (int r = 0; !bad && r < *nontrivial; r++)
        bad += offsets[r] != mo[r] || lengths[r] != ml[r];
    if (bad || bytes2 == 0 || ms < 0) {
        printf("FAIL: %d runs (want %zu), %d non-trivial (want %zu)\n", *runs, mu.size(), *nontrivial, mo.size());
        return 1;
    }
    printf("PASS: %d runs, %d of them non-trivial\n", *runs, *nontrivial);
    return 0;
}
