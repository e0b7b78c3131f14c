// NCCL's point-to-point operations and ncclCommSplit, one host thread driving every rank:
// - a ring exchange (each rank sends to rank + 1 and receives from rank - 1) inside a group,
//   of 0, 1 and 1M+3 elements (many rounds of a pair's ring through the shared segment);
// - all-to-all inside a group, each rank sending a distinct block to every rank, itself
//   included, its receives on a second stream (a group joins a rank's streams);
// - 150 sends of different sizes to one peer in one group (more than a channel's
//   descriptors), received in the order sent;
// - stream order: a kernel fills the send buffer before ncclSend on the same stream, and a
//   kernel on the receiver's stream after ncclRecv reads what arrived;
// - a communicator's operations on two streams run in the order they were called, as NCCL
//   orders them: rank 0's first collective waits behind a long kernel on its stream, and its
//   second, on another stream, still runs after it;
// - ncclCommSplit inside a group: colors rank % 2 with keys ordering the ranks backwards (the
//   new ranks and counts checked, then an AllReduce on each part), and NCCL_SPLIT_NOCOLOR for
//   some ranks, which get NULL; a split of a split;
// - a communicator made non-blocking (config.blocking = 0) by one thread without a group:
//   ncclInProgress until ncclCommGetAsyncError finds every rank there.
// Run on 2 devices of two workers each (so that a device's second stream runs while its first
// is busy) and on 4, direct and (NCCL_P2P_DISABLE=1) through the segment.
// RUN: %cu2cc %s -o %t -lnccl
// RUN: env CU2C_DEVICES=2 CU2C_DEVICE_WORKERS=2 timeout 120 %t 2
// RUN: env CU2C_DEVICES=4 timeout 120 %t 4
// RUN: env CU2C_DEVICES=4 NCCL_P2P_DISABLE=1 timeout 120 %t 4
#include "Inputs/nccl_test_common.h"
#include <cstdlib>

static int nranks;
static ncclComm_t comms[8];
static cudaStream_t streams[8], second[8];

static int value(int from, int to, size_t i) { return (int)(from * 1000003 + to * 7919 + (int)(i % 100003)); }

__global__ void fill(int *p, size_t n, int from, int to) {
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = from * 1000003 + to * 7919 + (int)(i % 100003);
}
__global__ void twice(const int *in, int *out, size_t n) {
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 2 * in[i];
}

__global__ void busy(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
}

static void sync_all() {
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamSynchronize(streams[r]));
    }
}

// Whether buffer d (n ints) holds value(from, to, i) times `scale`.
static void check_ints(const int *d, size_t n, int from, int to, int scale, const char *what) {
    std::vector<int> h(n);
    CUDACHECK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; i++)
        if (h[i] != scale * value(from, to, i)) {
            std::printf("%s: %d -> %d [%zu] = %d, want %d\n", what, from, to, i, h[i], scale * value(from, to, i));
            failures++;
            return;
        }
}

// Each rank sends n ints to rank + 1: filled by a kernel before the send, doubled by a kernel
// after the receive, all on the ranks' streams.
static void ring(size_t n) {
    std::vector<int *> send(nranks), recv(nranks), out(nranks);
    unsigned blocks = (unsigned)((n + 255) / 256);
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&send[r], (n + 1) * sizeof(int)));
        CUDACHECK(cudaMalloc(&recv[r], (n + 1) * sizeof(int)));
        CUDACHECK(cudaMalloc(&out[r], (n + 1) * sizeof(int)));
        if (n)
            fill<<<blocks, 256, 0, streams[r]>>>(send[r], n, r, (r + 1) % nranks);
    }
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++) {
        NCCLCHECK(ncclSend(send[r], n, ncclInt32, (r + 1) % nranks, comms[r], streams[r]));
        NCCLCHECK(ncclRecv(recv[r], n, ncclInt32, (r + nranks - 1) % nranks, comms[r], streams[r]));
    }
    NCCLCHECK(ncclGroupEnd());
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        if (n)
            twice<<<blocks, 256, 0, streams[r]>>>(recv[r], out[r], n);
    }
    sync_all();
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        check_ints(out[r], n, (r + nranks - 1) % nranks, r, 2, "ring");
        CUDACHECK(cudaFree(send[r]));
        CUDACHECK(cudaFree(recv[r]));
        CUDACHECK(cudaFree(out[r]));
    }
}

// Every rank sends block b (n ints) to rank b and receives rank b's block for it.
static void all_to_all(size_t n) {
    std::vector<int *> send(nranks), recv(nranks);
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&send[r], nranks * n * sizeof(int)));
        CUDACHECK(cudaMalloc(&recv[r], nranks * n * sizeof(int)));
        std::vector<int> h(nranks * n);
        for (int b = 0; b < nranks; b++)
            for (size_t i = 0; i < n; i++)
                h[b * n + i] = value(r, b, i);
        CUDACHECK(cudaMemcpy(send[r], h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    }
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        for (int b = 0; b < nranks; b++) {
            // receives first on some ranks: order inside a group does not matter
            if (r % 2) {
                NCCLCHECK(ncclRecv(recv[r] + b * n, n, ncclInt32, b, comms[r], second[r]));
                NCCLCHECK(ncclSend(send[r] + b * n, n, ncclInt32, b, comms[r], streams[r]));
            } else {
                NCCLCHECK(ncclSend(send[r] + b * n, n, ncclInt32, b, comms[r], streams[r]));
                NCCLCHECK(ncclRecv(recv[r] + b * n, n, ncclInt32, b, comms[r], second[r]));
            }
        }
    NCCLCHECK(ncclGroupEnd());
    for (int r = 0; r < nranks; r++) {   // the receives are done once the second stream is
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamSynchronize(second[r]));
    }
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        for (int b = 0; b < nranks; b++)
            check_ints(recv[r] + b * n, n, b, r, 1, "all-to-all");
        CUDACHECK(cudaFree(send[r]));
        CUDACHECK(cudaFree(recv[r]));
    }
}

// An AllReduce on each rank's stream, then a Broadcast on each rank's second stream; rank 0's
// stream is busy with a kernel first, so only the communicator's order keeps its Broadcast
// from running before its AllReduce (and meeting the other ranks' AllReduce).
static void two_streams_in_call_order() {
    int *a[8], *b[8];
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&a[r], 1000 * sizeof(int)));
        CUDACHECK(cudaMalloc(&b[r], 1000 * sizeof(int)));
        std::vector<int> h(1000, r + 1);
        CUDACHECK(cudaMemcpy(a[r], h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
        CUDACHECK(cudaMemcpy(b[r], h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    }
    int rate = 1000000;   // kHz
    CUDACHECK(cudaDeviceGetAttribute(&rate, cudaDevAttrClockRate, 0));
    CUDACHECK(cudaSetDevice(0));
    busy<<<1, 1, 0, streams[0]>>>((long long)rate * 50);   // 50 ms
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        NCCLCHECK(ncclAllReduce(a[r], a[r], 1000, ncclInt32, ncclSum, comms[r], streams[r]));
    NCCLCHECK(ncclGroupEnd());
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        NCCLCHECK(ncclBroadcast(b[r], b[r], 1000, ncclInt32, nranks - 1, comms[r], second[r]));
    NCCLCHECK(ncclGroupEnd());
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamSynchronize(streams[r]));
        CUDACHECK(cudaStreamSynchronize(second[r]));
        std::vector<int> ha(1000), hb(1000);
        CUDACHECK(cudaMemcpy(ha.data(), a[r], ha.size() * sizeof(int), cudaMemcpyDeviceToHost));
        CUDACHECK(cudaMemcpy(hb.data(), b[r], hb.size() * sizeof(int), cudaMemcpyDeviceToHost));
        EXPECT(ha[0] == nranks * (nranks + 1) / 2 && ha[999] == ha[0] && hb[0] == nranks && hb[999] == nranks);
        CUDACHECK(cudaFree(a[r]));
        CUDACHECK(cudaFree(b[r]));
    }
}

// Many messages of different sizes and types from rank 0 to the last rank, in one group.
static void many_messages() {
    const int m = 150, last = nranks - 1;
    std::vector<double *> send(m), recv(m);
    std::vector<std::vector<double>> want(m);
    for (int k = 0; k < m; k++) {
        size_t n = (size_t)(k * 37 % 1000);
        want[k].resize(n);
        for (size_t i = 0; i < n; i++)
            want[k][i] = k + i / 1024.0;
        CUDACHECK(cudaSetDevice(0));
        CUDACHECK(cudaMalloc(&send[k], (n + 1) * sizeof(double)));
        CUDACHECK(cudaMemcpy(send[k], want[k].data(), n * sizeof(double), cudaMemcpyHostToDevice));
        CUDACHECK(cudaSetDevice(last));
        CUDACHECK(cudaMalloc(&recv[k], (n + 1) * sizeof(double)));
    }
    NCCLCHECK(ncclGroupStart());
    for (int k = 0; k < m; k++) {
        NCCLCHECK(ncclSend(send[k], want[k].size(), ncclFloat64, last, comms[0], streams[0]));
        NCCLCHECK(ncclRecv(recv[k], want[k].size(), ncclFloat64, 0, comms[last], streams[last]));
    }
    NCCLCHECK(ncclGroupEnd());
    sync_all();
    for (int k = 0; k < m; k++) {
        std::vector<double> got(want[k].size());
        CUDACHECK(cudaMemcpy(got.data(), recv[k], got.size() * sizeof(double), cudaMemcpyDeviceToHost));
        if (got != want[k]) {
            std::printf("message %d of %zu doubles differs\n", k, want[k].size());
            failures++;
        }
        CUDACHECK(cudaFree(send[k]));
        CUDACHECK(cudaFree(recv[k]));
    }
}

// The ranks and counts of a split's communicators (sub[r]: rank r's, NULL for no color), and
// an AllReduce (the sum of rank + 1) on each, on the parent ranks' devices and streams.
static void check_split(ncclComm_t *sub, const int *color, const int *key, const char *what) {
    int *buf[8];
    for (int r = 0; r < nranks; r++) {
        if (!sub[r])
            continue;
        int n = -1, rank = -1, dev = -1, want_n = 0, want_rank = 0;
        for (int q = 0; q < nranks; q++)
            if (color[q] == color[r]) {
                want_n++;
                if (key[q] < key[r] || (key[q] == key[r] && q < r))
                    want_rank++;
            }
        NCCLCHECK(ncclCommCount(sub[r], &n));
        NCCLCHECK(ncclCommUserRank(sub[r], &rank));
        NCCLCHECK(ncclCommCuDevice(sub[r], &dev));
        if (n != want_n || rank != want_rank || dev != r) {
            std::printf("%s: rank %d: count %d rank %d device %d, want %d %d %d\n", what, r, n, rank, dev, want_n,
                        want_rank, r);
            failures++;
        }
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&buf[r], 1000 * sizeof(int)));
        std::vector<int> h(1000, r + 1);
        CUDACHECK(cudaMemcpy(buf[r], h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    }
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        if (sub[r])
            NCCLCHECK(ncclAllReduce(buf[r], buf[r], 1000, ncclInt32, ncclSum, sub[r], streams[r]));
    NCCLCHECK(ncclGroupEnd());
    sync_all();
    for (int r = 0; r < nranks; r++) {
        if (!sub[r])
            continue;
        int sum = 0;
        for (int q = 0; q < nranks; q++)
            if (color[q] == color[r])
                sum += q + 1;
        std::vector<int> h(1000);
        CUDACHECK(cudaMemcpy(h.data(), buf[r], h.size() * sizeof(int), cudaMemcpyDeviceToHost));
        for (int i = 0; i < 1000; i++)
            if (h[i] != sum) {
                std::printf("%s: AllReduce on rank %d [%d] = %d, want %d\n", what, r, i, h[i], sum);
                failures++;
                break;
            }
        CUDACHECK(cudaFree(buf[r]));
    }
}

static void splits() {
    ncclComm_t sub[8], subsub[8];
    int color[8], key[8];
    for (int r = 0; r < nranks; r++) {
        color[r] = r % 2;
        key[r] = -r;
    }
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        NCCLCHECK(ncclCommSplit(comms[r], color[r], key[r], &sub[r], NULL));
    NCCLCHECK(ncclGroupEnd());
    check_split(sub, color, key, "split by parity");

    // rank 0 keeps out; the others form one communicator in their own order; then a split of
    // that one, every rank alone
    for (int r = 0; r < nranks; r++) {
        color[r] = r == 0 ? NCCL_SPLIT_NOCOLOR : 7;
        key[r] = 0;
    }
    ncclComm_t rest[8];
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        NCCLCHECK(ncclCommSplit(comms[r], color[r], key[r], &rest[r], NULL));
    NCCLCHECK(ncclGroupEnd());
    EXPECT(rest[0] == NULL);
    check_split(rest, color, key, "split without rank 0");
    subsub[0] = NULL;
    int alone[8];
    for (int r = 0; r < nranks; r++)
        alone[r] = r == 0 ? NCCL_SPLIT_NOCOLOR : r;
    NCCLCHECK(ncclGroupStart());
    for (int r = 1; r < nranks; r++)
        NCCLCHECK(ncclCommSplit(rest[r], alone[r], 0, &subsub[r], NULL));
    NCCLCHECK(ncclGroupEnd());
    check_split(subsub, alone, key, "split of a split");
    for (int r = 0; r < nranks; r++) {
        NCCLCHECK(ncclCommDestroy(sub[r]));
        NCCLCHECK(ncclCommDestroy(rest[r]));
        NCCLCHECK(ncclCommDestroy(subsub[r]));
    }
}

// One thread makes every rank of a non-blocking communicator without a group.
static void non_blocking() {
    ncclUniqueId id;
    NCCLCHECK(ncclGetUniqueId(&id));
    ncclComm_t nb[8];
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.blocking = 0;
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        ncclResult_t res = ncclCommInitRankConfig(&nb[r], nranks, id, r, &config);
        EXPECT(res == ncclInProgress || (res == ncclSuccess && r == nranks - 1));
    }
    for (int r = 0; r < nranks; r++) {
        ncclResult_t state = ncclInProgress;
        while (state == ncclInProgress)
            NCCLCHECK(ncclCommGetAsyncError(nb[r], &state));
        EXPECT(state == ncclSuccess);
    }
    int *buf[8];
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&buf[r], sizeof(int)));
        CUDACHECK(cudaMemcpy(buf[r], &r, sizeof(int), cudaMemcpyHostToDevice));
    }
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < nranks; r++)
        NCCLCHECK(ncclAllReduce(buf[r], buf[r], 1, ncclInt32, ncclMax, nb[r], streams[r]));
    NCCLCHECK(ncclGroupEnd());
    sync_all();
    for (int r = 0; r < nranks; r++) {
        int v = -1;
        CUDACHECK(cudaMemcpy(&v, buf[r], sizeof v, cudaMemcpyDeviceToHost));
        EXPECT(v == nranks - 1);
        CUDACHECK(cudaFree(buf[r]));
        NCCLCHECK(ncclCommDestroy(nb[r]));
    }
}

int main(int argc, char **argv) {
    nranks = argc > 1 ? std::atoi(argv[1]) : 2;
    NCCLCHECK(ncclCommInitAll(comms, nranks, NULL));
    for (int r = 0; r < nranks; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamCreateWithFlags(&streams[r], cudaStreamNonBlocking));
        CUDACHECK(cudaStreamCreateWithFlags(&second[r], cudaStreamNonBlocking));
    }
    ring(0);
    ring(1);
    ring((1u << 20) + 3);
    all_to_all(1);
    all_to_all(4099);
    many_messages();
    two_streams_in_call_order();
    splits();
    non_blocking();
    for (int r = 0; r < nranks; r++)
        NCCLCHECK(ncclCommDestroy(comms[r]));
    std::printf("%d ranks: %s\n", nranks, failures ? "FAILED" : "passed");
    return failures != 0;
}
