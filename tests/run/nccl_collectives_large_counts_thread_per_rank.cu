// NCCL's collectives on large buffers and from one host thread per rank, bit for bit against
// host references:
// - one thread driving every rank of ncclCommInitAll in groups: 1M+3 elements (an AllReduce
//   of floats and a Broadcast of 64-bit integers: several chunks of the shared segment's
//   staging slots, many tiles of each rank's part, outputs written around the cache; an
//   AllGather of bytes in place, at odd offsets) and 300007 elements of the heavier
//   reductions (half ncclAvg in place, int32 PreMulSum read from device memory, double Reduce
//   in place and ReduceScatters of bf16 and float, in several chunks);
// - one host thread per rank, each making its rank with ncclGetUniqueId + ncclCommInitRank on
//   its own device (ncclCommCuDevice, ncclCommUserRank, ncclCommCount checked) and calling
//   without groups: AllReduce in place, fp8 PreMulSum, int64 ncclAvg ReduceScatter, Reduce,
//   AllGather, Broadcast.
// Run on 2 and 4 devices, direct and (NCCL_P2P_DISABLE=1) through the segment.
// RUN: %cu2cc %s -o %t -lnccl
// RUN: env CU2C_DEVICES=2 timeout 120 %t 2
// RUN: env CU2C_DEVICES=4 timeout 120 %t 4
// RUN: env CU2C_DEVICES=4 NCCL_P2P_DISABLE=1 timeout 120 %t 4
#include "Inputs/nccl_collective_cases.h"

int main(int argc, char **argv) {
    if (!enough_devices(argc, argv))
        return 1;
    make_comms_all();
    large_counts();
    const size_t big = (1u << 20) + 3;
    destroy_comms();

    make_comms_threads();
    threads_case<float>(ALLREDUCE, RED_SUM, true, 0, big);
    threads_case<__nv_fp8_e4m3>(ALLREDUCE, RED_PREMUL_HOST, false, 0, 4099);
    threads_case<int64_t>(REDUCESCATTER, RED_AVG, false, 0, 4099);
    threads_case<double>(REDUCE, RED_MIN, false, 1 % nranks, 4099);
    threads_case<uint32_t>(ALLGATHER, RED_SUM, true, 0, 4099);
    threads_case<__half>(BROADCAST, RED_SUM, true, nranks - 1, 4099);
    destroy_comms();
    std::printf("%d ranks: %s\n", nranks, failures ? "FAILED" : "passed");
    return failures != 0;
}
