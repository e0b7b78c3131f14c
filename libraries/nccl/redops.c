/* libraries/nccl/redops.c - what an ncclRedOp_t means for a type on a communicator: the
 * built-in operations, ncclAvg (floats: a PreMulSum by 1/nranks rounded to the type, as
 * NCCL makes it; integers: the sum divided), and the PreMulSums ncclRedOpCreatePreMulSum
 * makes, numbered from ncclNumOps in a table of the communicator's. */
#include <stdlib.h>
#include <string.h>
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "cuda_fp8.h"
#include "nccl_internal.h"

/* 1/nranks as an element of type t (floating types only), in the low bytes of the result. */
static uint64_t nc_avg_scalar(ncclDataType_t t, int nranks)
{
    uint64_t bits = 0;
    float f = (float)(1.0 / nranks);
    double d = 1.0 / nranks;
    unsigned short h;
    unsigned char b;
    switch (t) {
    case ncclFloat16: h = cu2c_float_to_half(f, CU2C_H_RN); memcpy(&bits, &h, sizeof h); break;
    case ncclBfloat16: h = cu2c_float_to_bf16(f, CU2C_H_RN); memcpy(&bits, &h, sizeof h); break;
    case ncclFloat8e4m3: b = cu2c_float_to_fp8(f, 1, 0); memcpy(&bits, &b, sizeof b); break;
    case ncclFloat8e5m2: b = cu2c_float_to_fp8(f, 1, 1); memcpy(&bits, &b, sizeof b); break;
    case ncclFloat32: memcpy(&bits, &f, sizeof f); break;
    case ncclFloat64: memcpy(&bits, &d, sizeof d); break;
    default: break;
    }
    return bits;
}

static int nc_is_integer(ncclDataType_t t)
{
    return t == ncclInt8 || t == ncclUint8 || t == ncclInt32 || t == ncclUint32 || t == ncclInt64 ||
           t == ncclUint64;
}

ncclResult_t nc_redop_resolve(ncclComm_t comm, ncclRedOp_t op, ncclDataType_t t, nc_redop *out)
{
    memset(out, 0, sizeof *out);
    switch ((int)op) {
    case ncclSum: out->kind = NC_SUM; return ncclSuccess;
    case ncclProd: out->kind = NC_PROD; return ncclSuccess;
    case ncclMax: out->kind = NC_MAX; return ncclSuccess;
    case ncclMin: out->kind = NC_MIN; return ncclSuccess;
    case ncclAvg:
        if (nc_is_integer(t)) {
            out->kind = NC_SUMDIV;
        } else {
            out->kind = NC_PREMUL;
            out->scalar = nc_avg_scalar(t, comm->nranks);
        }
        return ncclSuccess;
    }
    int ix = (int)op - ncclNumOps;
    if ((int)op < 0 || ix >= comm->nops || !comm->ops[ix].used)
        return nc_error(ncclInvalidArgument, "reduction operation %d unknown to this communicator", (int)op);
    const nc_user_op *u = &comm->ops[ix];
    if (u->type != t)
        return nc_error(ncclInvalidArgument,
                        "Data type supplied to user-created ncclRedOp_t does not match type given to reduction "
                        "operation");
    out->kind = NC_PREMUL;
    out->by_ptr = u->by_ptr;
    out->ptr = u->ptr;
    out->scalar = u->value;
    return ncclSuccess;
}

ncclResult_t ncclRedOpCreatePreMulSum(ncclRedOp_t *op, void *scalar, ncclDataType_t datatype,
                                      ncclScalarResidence_t residence, ncclComm_t comm)
{
    ncclResult_t r = nc_comm_ready(comm, "ncclRedOpCreatePreMulSum");
    if (r != ncclSuccess)
        return r;
    if (!op || !scalar)
        return nc_error(ncclInvalidArgument, "ncclRedOpCreatePreMulSum : %s argument is NULL", op ? "scalar" : "op");
    size_t es = nc_type_size(datatype);
    if (es == 0 || (int)datatype < 0)
        return nc_error(ncclInvalidArgument, "ncclRedOpCreatePreMulSum : invalid type %d", (int)datatype);
    if (residence != ncclScalarDevice && residence != ncclScalarHostImmediate)
        return nc_error(ncclInvalidArgument, "ncclRedOpCreatePreMulSum : invalid residence %d", (int)residence);
    int ix = 0;
    while (ix < comm->nops && comm->ops[ix].used)
        ix++;
    if (ix == comm->nops) {
        int cap = comm->nops < 4 ? 4 : comm->nops * 2;
        nc_user_op *ops = realloc(comm->ops, (size_t)cap * sizeof *ops);
        if (!ops)
            return nc_error(ncclSystemError, "ncclRedOpCreatePreMulSum : out of memory");
        memset(ops + comm->nops, 0, (size_t)(cap - comm->nops) * sizeof *ops);
        comm->ops = ops;
        comm->nops = cap;
    }
    nc_user_op *u = &comm->ops[ix];
    memset(u, 0, sizeof *u);
    u->used = 1;
    u->type = datatype;
    u->by_ptr = residence == ncclScalarDevice;
    if (u->by_ptr)
        u->ptr = scalar;                      /* read by each operation as it runs */
    else
        memcpy(&u->value, scalar, es);        /* read now */
    *op = (ncclRedOp_t)(ncclNumOps + ix);
    return ncclSuccess;
}

ncclResult_t ncclRedOpDestroy(ncclRedOp_t op, ncclComm_t comm)
{
    if ((int)op >= 0 && (int)op < ncclNumOps)
        return nc_error(ncclInvalidArgument, "ncclRedOpDestroy : operator is a NCCL builtin.");
    if ((int)op < 0)
        return nc_error(ncclInvalidArgument, "ncclRedOpDestroy :  operator is garbage.");
    if (!nc_comm_valid(comm))
        return nc_error(ncclInvalidArgument, "ncclRedOpDestroy : invalid communicator passed.");
    int ix = (int)op - ncclNumOps;
    if (ix >= comm->nops || !comm->ops[ix].used)
        return nc_error(ncclInvalidArgument, "ncclRedOpDestroy : operator unknown to this communicator.");
    /* queued operations copied what they need of it (nc_redop_resolve) */
    comm->ops[ix].used = 0;
    return ncclSuccess;
}

NC_PROFILING_NAME(ncclRedOpCreatePreMulSum);
NC_PROFILING_NAME(ncclRedOpDestroy);
