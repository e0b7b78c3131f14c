/* cub/block/block_reduce.cuh - cub::BlockReduce: a reduction over a thread block.
 *
 * cu2c expands these member functions into the calling kernel (they hold __syncthreads()):
 * each thread stores its partial into the __shared__ TempStorage, one thread combines them in
 * thread order (the block runs on one core: a plain loop is the fastest reduction there), and
 * every thread reads the result (CUB promises it to thread 0 only). Every
 * BlockReduceAlgorithm is accepted and gives this same reduction. As in CUB, call it from
 * every thread of the block, and __syncthreads() before reusing the TempStorage. The members
 * are public because expanded code names them. */
#ifndef CU2C_CUB_BLOCK_REDUCE_CUH
#define CU2C_CUB_BLOCK_REDUCE_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>

namespace cub {
enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS,
};

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int PTX_ARCH = CUB_PTX_ARCH>
class BlockReduce {
public:
    enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
    struct _TempStorage {
        T partial[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z];
        T total;
    };
    struct TempStorage : Uninitialized<_TempStorage> {};

    _TempStorage *temp_storage;

    __device__ BlockReduce(TempStorage &storage) : temp_storage(reinterpret_cast<_TempStorage *>(&storage)) {}
    /* CUB's private-storage constructor: a TempStorage must be given here */
    template <int CU2C_N = 0> __device__ BlockReduce() {
        static_assert(CU2C_N != 0, "cu2c's cub::BlockReduce() without a TempStorage is not supported: "
                                   "construct it from a __shared__ TempStorage");
    }

    /* reduction_op over the first num_valid threads' inputs (in linear thread order) */
    template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid) {
        int cu2c_tid = cub::Cu2cLinearTid<BLOCK_DIM_X, BLOCK_DIM_Y>();
        temp_storage->partial[cu2c_tid] = input;
        __syncthreads();
        if (cu2c_tid == 0) {
            T cu2c_total = temp_storage->partial[0];
            for (int i = 1; i < num_valid; i++)
                cu2c_total = reduction_op(cu2c_total, temp_storage->partial[i]);
            temp_storage->total = cu2c_total;
        }
        __syncthreads();
        return temp_storage->total;
    }
    template <typename ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op) {
        return Reduce(input, reduction_op, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z);
    }
    template <int ITEMS_PER_THREAD, typename ReductionOp>
    __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op) {
        T cu2c_partial = inputs[0];
        for (int i = 1; i < ITEMS_PER_THREAD; i++)
            cu2c_partial = reduction_op(cu2c_partial, inputs[i]);
        return Reduce(cu2c_partial, reduction_op, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z);
    }
    __device__ T Sum(T input) { return Reduce(input, cub::Sum(), BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z); }
    __device__ T Sum(T input, int num_valid) { return Reduce(input, cub::Sum(), num_valid); }
    template <int ITEMS_PER_THREAD> __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]) {
        T cu2c_partial = inputs[0];
        for (int i = 1; i < ITEMS_PER_THREAD; i++)
            cu2c_partial = cu2c_partial + inputs[i];
        return Reduce(cu2c_partial, cub::Sum(), BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z);
    }
};
} // namespace cub

#endif
