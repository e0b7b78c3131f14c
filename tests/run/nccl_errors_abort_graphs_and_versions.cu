// NCCL's results and messages as NCCL gives them, and a communicator's life:
// - ncclGetErrorString's text for every result; the version (ncclGetVersion, the macros);
// - ncclInvalidArgument for a bad type, an unknown or negative reduction, a PreMulSum used
//   with another type or destroyed twice, a built-in op destroyed, a root or peer out of
//   range, NULL buffers with elements, a NULL or destroyed communicator, a bad rank or
//   nranks, a config not made by NCCL_CONFIG_INITIALIZER or with blocking = 2, a bad device
//   in ncclCommInitAll's list; ncclInvalidUsage for a device listed twice, for two ranks of
//   one communicator on one device in one process (NCCL's "Duplicate GPU detected"), for
//   ncclGroupEnd without ncclGroupStart; ncclSystemError for a rank on another host than the
//   unique id's in a program without MPI (ranks on different hosts need it), and for
//   CU2C_NCCL_TRANSPORT=mpi there, or set to no transport; ncclGetLastError saying what was
//   wrong;
// - a group holding a bad call queues none of its calls and ncclGroupEnd returns the error;
// - ncclGroupSimulateEnd estimates and queues nothing;
// - a receive of another size than its send: ncclInvalidUsage from ncclCommGetAsyncError;
// - ncclCommAbort on one rank: the other's next collective fails with ncclRemoteError;
// - ncclCommFinalize then ncclCommDestroy (finalizing twice is an error); ncclCommRegister,
//   ncclMemAlloc, ncclCommInitRankScalable, the pncclXxx names;
// - collectives captured into CUDA graphs (one per rank), launched three times on new data.
// RUN: %cu2cc %s -o %t -lnccl
// RUN: env CU2C_DEVICES=2 timeout 120 %t
// RUN: env CU2C_DEVICES=2 NCCL_P2P_DISABLE=1 timeout 120 %t
#include "Inputs/nccl_test_common.h"
#include <cstdlib>
#include <string>

static ncclComm_t comms[2];
static cudaStream_t streams[2];

static void expect_message(const char *part) {
    std::string last = ncclGetLastError(NULL);
    if (last.find(part) == std::string::npos) {
        std::printf("ncclGetLastError: \"%s\" does not say \"%s\"\n", last.c_str(), part);
        failures++;
    }
}

static void sync_all() {
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamSynchronize(streams[r]));
    }
}

static void strings_and_version() {
    EXPECT(!std::strcmp(ncclGetErrorString(ncclSuccess), "no error"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclUnhandledCudaError),
                        "unhandled cuda error (run with NCCL_DEBUG=INFO for details)"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclSystemError),
                        "unhandled system error (run with NCCL_DEBUG=INFO for details)"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclInternalError),
                        "internal error - please report this issue to the NCCL developers"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclInvalidArgument),
                        "invalid argument (run with NCCL_DEBUG=WARN for details)"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclInvalidUsage), "invalid usage (run with NCCL_DEBUG=WARN for details)"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclRemoteError), "remote process exited or there was a network error"));
    EXPECT(!std::strcmp(ncclGetErrorString(ncclInProgress), "NCCL operation in progress"));
    EXPECT(!std::strcmp(ncclGetErrorString((ncclResult_t)99), "unknown result code"));
    int v = 0;
    NCCLCHECK(ncclGetVersion(&v));
    EXPECT(v == NCCL_VERSION_CODE && v == NCCL_VERSION(2, 26, 6) && v == 22606);
    EXPECT(NCCL_VERSION(2, 8, 4) == 2804 && NCCL_MAJOR == 2 && NCCL_MINOR == 26 && NCCL_PATCH == 6);
    EXPECT_NCCL(ncclGetVersion(NULL), ncclInvalidArgument);
    NCCLCHECK(pncclGetVersion(&v));
}

static void argument_errors(float *d) {
    EXPECT_NCCL(ncclAllReduce(d, d, 4, ncclNumTypes, ncclSum, comms[0], streams[0]), ncclInvalidArgument);
    expect_message("invalid type 12");
    EXPECT_NCCL(ncclAllReduce(d, d, 4, (ncclDataType_t)-1, ncclSum, comms[0], streams[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclAllReduce(d, d, 4, ncclFloat, (ncclRedOp_t)(ncclNumOps + 3), comms[0], streams[0]),
                ncclInvalidArgument);
    expect_message("unknown to this communicator");
    EXPECT_NCCL(ncclAllReduce(d, d, 4, ncclFloat, (ncclRedOp_t)-2, comms[0], streams[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclAllReduce(NULL, d, 4, ncclFloat, ncclSum, comms[0], streams[0]), ncclInvalidArgument);
    expect_message("sendbuff argument is NULL");
    EXPECT_NCCL(ncclAllGather(d, NULL, 4, ncclFloat, comms[0], streams[0]), ncclInvalidArgument);
    expect_message("recvbuff argument is NULL");
    EXPECT_NCCL(ncclReduce(d, d, 4, ncclFloat, ncclSum, 2, comms[0], streams[0]), ncclInvalidArgument);
    expect_message("invalid root 2");
    EXPECT_NCCL(ncclBroadcast(d, d, 4, ncclFloat, -1, comms[0], streams[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclSend(d, 4, ncclFloat, 2, comms[0], streams[0]), ncclInvalidArgument);
    expect_message("invalid peer 2");
    EXPECT_NCCL(ncclRecv(NULL, 4, ncclFloat, 1, comms[0], streams[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclAllReduce(d, d, 4, ncclFloat, ncclSum, NULL, streams[0]), ncclInvalidArgument);
    expect_message("comm argument is NULL");
    int n;
    EXPECT_NCCL(ncclCommCount(NULL, &n), ncclInvalidArgument);
    EXPECT_NCCL(ncclCommCount(comms[0], NULL), ncclInvalidArgument);
    EXPECT_NCCL(ncclCommUserRank(comms[0], NULL), ncclInvalidArgument);
    ncclResult_t async;
    EXPECT_NCCL(ncclCommGetAsyncError(NULL, &async), ncclInvalidArgument);

    // PreMulSums: for their type only, and destroyed once; built-ins are not destroyed
    float two = 2;
    ncclRedOp_t op;
    NCCLCHECK(ncclRedOpCreatePreMulSum(&op, &two, ncclFloat, ncclScalarHostImmediate, comms[0]));
    EXPECT(op == ncclNumOps);
    EXPECT_NCCL(ncclAllReduce(d, d, 4, ncclDouble, op, comms[0], streams[0]), ncclInvalidArgument);
    expect_message("does not match type");
    EXPECT_NCCL(ncclRedOpDestroy(op, comms[1]), ncclInvalidArgument);   // unknown to rank 1
    NCCLCHECK(ncclRedOpDestroy(op, comms[0]));
    EXPECT_NCCL(ncclRedOpDestroy(op, comms[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclAllReduce(d, d, 4, ncclFloat, op, comms[0], streams[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclRedOpDestroy(ncclSum, comms[0]), ncclInvalidArgument);
    expect_message("builtin");
    EXPECT_NCCL(ncclRedOpCreatePreMulSum(&op, NULL, ncclFloat, ncclScalarDevice, comms[0]), ncclInvalidArgument);
    EXPECT_NCCL(ncclGroupEnd(), ncclInvalidUsage);
    expect_message("not in a group call");
}

static void making_errors() {
    ncclComm_t c[2] = {NULL, NULL};
    ncclUniqueId id;
    NCCLCHECK(ncclGetUniqueId(&id));
    EXPECT_NCCL(ncclCommInitRank(&c[0], 0, id, 0), ncclInvalidArgument);
    expect_message("Invalid rank requested : 0/0");
    EXPECT_NCCL(ncclCommInitRank(&c[0], 2, id, 2), ncclInvalidArgument);
    EXPECT_NCCL(ncclCommInitRank(NULL, 2, id, 0), ncclInvalidArgument);
    ncclConfig_t config = NCCL_CONFIG_INITIALIZER;
    config.magic = 0;
    EXPECT_NCCL(ncclCommInitRankConfig(&c[0], 2, id, 0, &config), ncclInvalidArgument);
    expect_message("NCCL_CONFIG_INITIALIZER");
    ncclConfig_t config2 = NCCL_CONFIG_INITIALIZER;
    config2.blocking = 2;
    EXPECT_NCCL(ncclCommInitRankConfig(&c[0], 2, id, 0, &config2), ncclInvalidArgument);
    int twice[2] = {1, 1}, bad[2] = {0, 5};
    EXPECT_NCCL(ncclCommInitAll(c, 2, twice), ncclInvalidUsage);
    EXPECT_NCCL(ncclCommInitAll(c, 2, bad), ncclInvalidArgument);
    EXPECT_NCCL(ncclCommInitAll(c, -1, NULL), ncclInvalidArgument);
    EXPECT_NCCL(ncclCommInitAll(NULL, 2, NULL), ncclInvalidArgument);

    // two ranks on device 1 of this process: both fail at ncclGroupEnd
    NCCLCHECK(ncclGetUniqueId(&id));
    CUDACHECK(cudaSetDevice(1));
    NCCLCHECK(ncclGroupStart());
    NCCLCHECK(ncclCommInitRank(&c[0], 2, id, 0));
    NCCLCHECK(ncclCommInitRank(&c[1], 2, id, 1));
    EXPECT_NCCL(ncclGroupEnd(), ncclInvalidUsage);
    expect_message("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 1");
    for (int r = 0; r < 2; r++) {
        ncclResult_t state = ncclSuccess;
        NCCLCHECK(ncclCommGetAsyncError(c[r], &state));
        EXPECT(state == ncclInvalidUsage);
        int n = -1;
        EXPECT_NCCL(ncclCommCount(c[r], &n), ncclInvalidUsage);
        NCCLCHECK(ncclCommAbort(c[r]));
    }
    NCCLCHECK(ncclCommDestroy(NULL));
    NCCLCHECK(ncclCommAbort(NULL));

    // a rank on another host than the id's (NCCL_HOSTID names the host, as in NCCL): this
    // program has no MPI to reach it through
    NCCLCHECK(ncclGetUniqueId(&id));
    setenv("NCCL_HOSTID", "another-node", 1);
    EXPECT_NCCL(ncclCommInitRank(&c[0], 2, id, 0), ncclSystemError);
    expect_message("ranks on different hosts exchange data through MPI, and the program is not linked with MPI");
    EXPECT(c[0] == NULL);
    unsetenv("NCCL_HOSTID");
    // the MPI transport asked for without MPI; a transport that does not exist
    setenv("CU2C_NCCL_TRANSPORT", "mpi", 1);
    EXPECT_NCCL(ncclCommInitRank(&c[0], 2, id, 0), ncclSystemError);
    expect_message("CU2C_NCCL_TRANSPORT=mpi, but the program is not linked with MPI");
    EXPECT(c[0] == NULL);
    setenv("CU2C_NCCL_TRANSPORT", "tcp", 1);
    EXPECT_NCCL(ncclCommInitRank(&c[0], 2, id, 0), ncclInvalidArgument);
    expect_message("CU2C_NCCL_TRANSPORT=tcp (expected shm, mpi or auto)");
    EXPECT(c[0] == NULL);
    unsetenv("CU2C_NCCL_TRANSPORT");
}

// A group with one bad call queues nothing: the good AllReduce of rank 0 does not run (it
// would wait for rank 1 forever).
static void failed_group(float *d0) {
    std::vector<float> before(4), after(4);
    CUDACHECK(cudaMemcpy(before.data(), d0, sizeof(float) * 4, cudaMemcpyDeviceToHost));
    NCCLCHECK(ncclGroupStart());
    NCCLCHECK(ncclAllReduce(d0, d0, 4, ncclFloat, ncclSum, comms[0], streams[0]));
    EXPECT_NCCL(ncclAllReduce(NULL, d0, 4, ncclFloat, ncclSum, comms[1], streams[1]), ncclInvalidArgument);
    EXPECT_NCCL(ncclGroupEnd(), ncclInvalidArgument);
    sync_all();
    CUDACHECK(cudaMemcpy(after.data(), d0, sizeof(float) * 4, cudaMemcpyDeviceToHost));
    EXPECT(before == after);

    ncclSimInfo_t sim = NCCL_SIM_INFO_INITIALIZER;
    NCCLCHECK(ncclGroupStart());
    NCCLCHECK(ncclAllReduce(d0, d0, 4, ncclFloat, ncclSum, comms[0], streams[0]));
    NCCLCHECK(ncclGroupSimulateEnd(&sim));
    EXPECT(sim.estimatedTime >= 0);
    sync_all();
    ncclSimInfo_t bad_sim;
    std::memset(&bad_sim, 0, sizeof bad_sim);
    bad_sim.size = sizeof bad_sim;
    NCCLCHECK(ncclGroupStart());
    EXPECT_NCCL(ncclGroupSimulateEnd(&bad_sim), ncclInvalidArgument);
}

// Collectives captured into one graph per rank, launched again on new inputs.
static void graphs() {
    float *buf[2];
    cudaGraph_t g[2];
    cudaGraphExec_t ge[2];
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&buf[r], 1000 * sizeof(float)));
        CUDACHECK(cudaStreamBeginCapture(streams[r], cudaStreamCaptureModeGlobal));
    }
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < 2; r++)
        NCCLCHECK(ncclAllReduce(buf[r], buf[r], 1000, ncclFloat, ncclSum, comms[r], streams[r]));
    NCCLCHECK(ncclGroupEnd());
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamEndCapture(streams[r], &g[r]));
        CUDACHECK(cudaGraphInstantiate(&ge[r], g[r], 0));
    }
    for (int launch = 1; launch <= 3; launch++) {
        for (int r = 0; r < 2; r++) {
            std::vector<float> h(1000, (float)(launch * 10 + r));
            CUDACHECK(cudaSetDevice(r));
            CUDACHECK(cudaMemcpy(buf[r], h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
            CUDACHECK(cudaGraphLaunch(ge[r], streams[r]));
        }
        sync_all();
        for (int r = 0; r < 2; r++) {
            std::vector<float> h(1000);
            CUDACHECK(cudaMemcpy(h.data(), buf[r], h.size() * sizeof(float), cudaMemcpyDeviceToHost));
            EXPECT(h[0] == (float)(launch * 20 + 1) && h[999] == (float)(launch * 20 + 1));
        }
    }
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaGraphExecDestroy(ge[r]));
        CUDACHECK(cudaGraphDestroy(g[r]));
        CUDACHECK(cudaFree(buf[r]));
    }
}

// A receive of 8 ints for a send of 10, on a communicator of their own (a split).
static void size_mismatch() {
    ncclComm_t c[2];
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < 2; r++)
        NCCLCHECK(ncclCommSplit(comms[r], 0, r, &c[r], NULL));
    NCCLCHECK(ncclGroupEnd());
    int *b[2];
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaMalloc(&b[r], 10 * sizeof(int)));
        CUDACHECK(cudaMemset(b[r], 0, 10 * sizeof(int)));
    }
    NCCLCHECK(ncclGroupStart());
    NCCLCHECK(ncclSend(b[0], 10, ncclInt32, 1, c[0], streams[0]));
    NCCLCHECK(ncclRecv(b[1], 8, ncclInt32, 0, c[1], streams[1]));
    NCCLCHECK(ncclGroupEnd());
    sync_all();
    ncclResult_t state = ncclSuccess;
    NCCLCHECK(ncclCommGetAsyncError(c[1], &state));
    EXPECT(state == ncclInvalidUsage);
    expect_message("rank 1 expects 32 bytes from rank 0, which sends 40");   // from the worker
    EXPECT_NCCL(ncclAllReduce(b[1], b[1], 1, ncclInt32, ncclSum, c[1], streams[1]), ncclInvalidUsage);
    for (int r = 0; r < 2; r++) {
        NCCLCHECK(ncclCommAbort(c[r]));
        CUDACHECK(cudaFree(b[r]));
    }
}

// Rank 0 aborts; rank 1's collective then fails instead of waiting for it.
static void abort_one_rank() {
    ncclComm_t c[2];
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < 2; r++)
        NCCLCHECK(ncclCommSplit(comms[r], 0, r, &c[r], NULL));
    NCCLCHECK(ncclGroupEnd());
    NCCLCHECK(ncclCommAbort(c[0]));
    float *b;
    CUDACHECK(cudaSetDevice(1));
    CUDACHECK(cudaMalloc(&b, sizeof(float)));
    NCCLCHECK(ncclAllReduce(b, b, 1, ncclFloat, ncclSum, c[1], streams[1]));
    CUDACHECK(cudaStreamSynchronize(streams[1]));
    ncclResult_t state = ncclSuccess;
    NCCLCHECK(ncclCommGetAsyncError(c[1], &state));
    EXPECT(state == ncclRemoteError);
    EXPECT_NCCL(ncclBroadcast(b, b, 1, ncclFloat, 0, c[1], streams[1]), ncclRemoteError);
    NCCLCHECK(ncclCommDestroy(c[1]));
    CUDACHECK(cudaFree(b));
}

static void the_rest() {
    void *p = NULL, *handle = NULL;
    NCCLCHECK(ncclMemAlloc(&p, 4096));
    EXPECT(p != NULL);
    NCCLCHECK(ncclCommRegister(comms[0], p, 4096, &handle));
    EXPECT(handle != NULL);
    NCCLCHECK(ncclCommDeregister(comms[0], handle));
    NCCLCHECK(ncclMemFree(p));
    ncclResetDebugInit();

    // ncclCommInitRankScalable with two ids (every rank gets both)
    ncclUniqueId ids[2];
    NCCLCHECK(ncclGetUniqueId(&ids[0]));
    NCCLCHECK(ncclGetUniqueId(&ids[1]));
    ncclComm_t c[2];
    NCCLCHECK(ncclGroupStart());
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        NCCLCHECK(ncclCommInitRankScalable(&c[r], 2, r, 2, ids, NULL));
    }
    NCCLCHECK(ncclGroupEnd());
    for (int r = 0; r < 2; r++) {
        int dev = -1;
        NCCLCHECK(pncclCommCuDevice(c[r], &dev));
        EXPECT(dev == r);
        NCCLCHECK(ncclCommFinalize(c[r]));
        EXPECT_NCCL(ncclCommFinalize(c[r]), ncclInvalidArgument);
        NCCLCHECK(ncclCommDestroy(c[r]));
    }
}

int main() {
    strings_and_version();
    NCCLCHECK(ncclCommInitAll(comms, 2, NULL));
    float *d[2];
    for (int r = 0; r < 2; r++) {
        CUDACHECK(cudaSetDevice(r));
        CUDACHECK(cudaStreamCreate(&streams[r]));
        CUDACHECK(cudaMalloc(&d[r], 4 * sizeof(float)));
        CUDACHECK(cudaMemset(d[r], 0, 4 * sizeof(float)));
    }
    argument_errors(d[0]);
    making_errors();
    failed_group(d[0]);
    graphs();
    size_mismatch();
    abort_one_rank();
    the_rest();
    for (int r = 0; r < 2; r++) {
        NCCLCHECK(ncclCommDestroy(comms[r]));
        CUDACHECK(cudaFree(d[r]));
    }
    std::printf("%s\n", failures ? "FAILED" : "passed");
    return failures != 0;
}
