/* cub/util_deprecated.cuh - part of cu2c's CUB: see cub/config.cuh */
#include <cub/config.cuh>
