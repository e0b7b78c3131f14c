/* cub/block/radix_rank_sort_operations.cuh - not provided by cu2c's CUB (see README.md, "CUB"): including it is an error, rather
 * than letting a CUB of the system (written in PTX) be found instead. */
#error "cu2c's CUB does not provide <cub/block/radix_rank_sort_operations.cuh>: not supported yet (README.md, CUB)"
