/* cub/iterator/transform_input_iterator.cuh - see cub/iterator/counting_input_iterator.cuh */
#include <cub/iterator/counting_input_iterator.cuh>
