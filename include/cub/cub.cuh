/* cub/cub.cuh - cu2c's CUB (CUB 1.17's interface): every header it provides. See README.md,
 * "CUB", for what is provided and its limits. */
#ifndef CU2C_CUB_CUH
#define CU2C_CUB_CUH

#include <cub/config.cuh>
#include <cub/thread/thread_operators.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/iterator/counting_input_iterator.cuh>
#include <cub/util_allocator.cuh>

/* the standard headers CUDA's CUB (CUDA 13) brings along, which programs including only
 * <cub/cub.cuh> use (std::chrono, std::map, std::cout...) */
#include <array>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cstring>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ratio>
#include <set>
#include <tuple>
#include <utility>

#endif
