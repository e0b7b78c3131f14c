/* cub/util_arch.cuh - part of cu2c's CUB: see cub/config.cuh */
#include <cub/config.cuh>
