/* cooperative_groups/reduce.h - cooperative_groups::reduce and its operations (plus, less,
 * greater, bit_and, bit_or, bit_xor): cu2c's cooperative_groups.h has them all. */
#ifndef CU2C_COOPERATIVE_GROUPS_REDUCE_H
#define CU2C_COOPERATIVE_GROUPS_REDUCE_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include <cooperative_groups.h>
#endif
