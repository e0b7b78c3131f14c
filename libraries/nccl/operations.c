/* libraries/nccl/operations.c - the entry points of NCCL's operations (the collectives, Send
 * and Recv): arguments checked as NCCL's ArgsCheck checks them, in its order and with its
 * messages, then the operation becomes a task queued on the stream (group.c). An operation of
 * no elements is dropped after the checks, as NCCL drops it; sends and receives of none still
 * match each other. */
#include <stdint.h>
#include "nccl_internal.h"

/* Which buffers an operation reads and writes on this rank. */
static int nc_needs_send(nc_func f, int rank, int root)
{
    return f == NC_BROADCAST ? rank == root : f != NC_RECV;
}
static int nc_needs_recv(nc_func f, int rank, int root)
{
    return f == NC_REDUCE ? rank == root : f != NC_SEND;
}

static ncclResult_t nc_operation(const char *name, nc_func f, const void *send, void *recv, size_t count,
                                 ncclDataType_t type, ncclRedOp_t op, int root, ncclComm_t comm, cudaStream_t stream)
{
    ncclResult_t r = nc_comm_ready(comm, name);
    if (r != ncclSuccess)
        return nc_group_error(r);
    if (root < 0 || root >= comm->nranks)
        return nc_group_error(nc_error(ncclInvalidArgument, "%s : invalid %s %d (%s should be in the 0..%d range)",
                                       name, f >= NC_SEND ? "peer" : "root", root, f >= NC_SEND ? "peer" : "root",
                                       comm->nranks - 1));
    if ((int)type < 0 || type >= ncclNumTypes)
        return nc_group_error(nc_error(ncclInvalidArgument, "%s : invalid type %d", name, (int)type));
    if ((int)op < 0)
        return nc_group_error(nc_error(ncclInvalidArgument, "%s : invalid reduction operation %d", name, (int)op));
    nc_task t = {.func = f, .send = send, .recv = recv, .count = count, .type = type, .root = root};
    if (f == NC_ALLREDUCE || f == NC_REDUCE || f == NC_REDUCESCATTER) {
        if ((r = nc_redop_resolve(comm, op, type, &t.op)) != ncclSuccess)
            return nc_group_error(r);
    }
    /* the largest buffer: nranks blocks of count (AllGather's receive, ReduceScatter's send) */
    if (count > SIZE_MAX / nc_type_size(type) / (size_t)comm->nranks)
        return nc_group_error(nc_error(ncclInvalidArgument, "%s : count %zu is too large", name, count));
    if (count > 0) {
        if (nc_needs_send(f, comm->rank, root) && !send)
            return nc_group_error(nc_error(ncclInvalidArgument, "%s : sendbuff argument is NULL", name));
        if (nc_needs_recv(f, comm->rank, root) && !recv)
            return nc_group_error(nc_error(ncclInvalidArgument, "%s : recvbuff argument is NULL", name));
    } else if (f != NC_SEND && f != NC_RECV) {
        return ncclSuccess;
    }
    return nc_enqueue(comm, &t, stream);
}

ncclResult_t ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype,
                           ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream)
{
    return nc_operation("AllReduce", NC_ALLREDUCE, sendbuff, recvbuff, count, datatype, op, 0, comm, stream);
}

ncclResult_t ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype, int root,
                           ncclComm_t comm, cudaStream_t stream)
{
    return nc_operation("Broadcast", NC_BROADCAST, sendbuff, recvbuff, count, datatype, ncclSum, root, comm, stream);
}

ncclResult_t ncclBcast(void *buff, size_t count, ncclDataType_t datatype, int root, ncclComm_t comm,
                       cudaStream_t stream)
{
    return nc_operation("Bcast", NC_BROADCAST, buff, buff, count, datatype, ncclSum, root, comm, stream);
}

ncclResult_t ncclReduce(const void *sendbuff, void *recvbuff, size_t count, ncclDataType_t datatype,
                        ncclRedOp_t op, int root, ncclComm_t comm, cudaStream_t stream)
{
    return nc_operation("Reduce", NC_REDUCE, sendbuff, recvbuff, count, datatype, op, root, comm, stream);
}

ncclResult_t ncclAllGather(const void *sendbuff, void *recvbuff, size_t sendcount, ncclDataType_t datatype,
                           ncclComm_t comm, cudaStream_t stream)
{
    return nc_operation("AllGather", NC_ALLGATHER, sendbuff, recvbuff, sendcount, datatype, ncclSum, 0, comm,
                        stream);
}

ncclResult_t ncclReduceScatter(const void *sendbuff, void *recvbuff, size_t recvcount, ncclDataType_t datatype,
                               ncclRedOp_t op, ncclComm_t comm, cudaStream_t stream)
{
    return nc_operation("ReduceScatter", NC_REDUCESCATTER, sendbuff, recvbuff, recvcount, datatype, op, 0, comm,
                        stream);
}

ncclResult_t ncclSend(const void *sendbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm,
                      cudaStream_t stream)
{
    return nc_operation("Send", NC_SEND, sendbuff, NULL, count, datatype, ncclSum, peer, comm, stream);
}

ncclResult_t ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype, int peer, ncclComm_t comm,
                      cudaStream_t stream)
{
    return nc_operation("Recv", NC_RECV, NULL, recvbuff, count, datatype, ncclSum, peer, comm, stream);
}

NC_PROFILING_NAME(ncclAllReduce);
NC_PROFILING_NAME(ncclBroadcast);
NC_PROFILING_NAME(ncclBcast);
NC_PROFILING_NAME(ncclReduce);
NC_PROFILING_NAME(ncclAllGather);
NC_PROFILING_NAME(ncclReduceScatter);
NC_PROFILING_NAME(ncclSend);
NC_PROFILING_NAME(ncclRecv);
