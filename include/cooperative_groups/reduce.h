/* cooperative_groups/reduce.h - cooperative_groups::reduce and its operations (plus, less,
 * greater, bit_and, bit_or, bit_xor): cu2c's cooperative_groups.h has them all. */
#ifndef CU2C_COOPERATIVE_GROUPS_REDUCE_H
#define CU2C_COOPERATIVE_GROUPS_REDUCE_H
#include <cooperative_groups.h>
#endif
