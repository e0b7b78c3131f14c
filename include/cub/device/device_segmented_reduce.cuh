/* cub/device/device_segmented_reduce.cuh - cub::DeviceSegmentedReduce: see device_reduce.cuh */
#include <cub/device/device_reduce.cuh>
