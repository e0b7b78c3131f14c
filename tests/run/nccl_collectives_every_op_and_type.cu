// NCCL's collectives against host references, bit for bit, one host thread driving every
// rank of ncclCommInitAll inside ncclGroupStart/End: AllReduce, Reduce and ReduceScatter with
// every reduction (sum, prod, max, min, avg, PreMulSum with its scalar given by host value
// and by device pointer, the device one written on the stream just before the collective)
// and every element type of NCCL 2.26 (fp8 included); Broadcast (and ncclBcast) and
// AllGather with every type; out of place and in place (recvbuff = sendbuff, AllGather's
// sendbuff = recvbuff + rank * count, ReduceScatter's recvbuff = sendbuff + rank * count);
// Reduce's and Broadcast's non-root ranks passing NULL where they may; counts 1, 7 and 1001
// fused three to a group (ranks' parts of no, partial and whole cache lines), and count 0
// with NULL buffers. Run on 2 and 4 devices, in direct mode (ranks read each other's buffers)
// and, with NCCL_P2P_DISABLE=1, through the shared segment as ranks in separate processes do.
// Large counts and one thread per rank: nccl_collectives_large_counts_thread_per_rank.cu.
// RUN: %cu2cc %s -o %t -lnccl
// RUN: env CU2C_DEVICES=2 timeout 120 %t 2
// RUN: env CU2C_DEVICES=4 timeout 120 %t 4
// RUN: env CU2C_DEVICES=4 NCCL_P2P_DISABLE=1 timeout 120 %t 4
#include "Inputs/nccl_collective_cases.h"

int main(int argc, char **argv) {
    if (!enough_devices(argc, argv))
        return 1;
    make_comms_all();
    every_type_every_reduction();
    zero_counts();
    destroy_comms();
    std::printf("%d ranks: %s\n", nranks, failures ? "FAILED" : "passed");
    return failures != 0;
}
