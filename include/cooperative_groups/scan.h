/* cooperative_groups/scan.h - cooperative_groups::inclusive_scan and exclusive_scan: cu2c's
 * cooperative_groups.h has them (the *_scan_update forms with an atomic are not provided). */
#ifndef CU2C_COOPERATIVE_GROUPS_SCAN_H
#define CU2C_COOPERATIVE_GROUPS_SCAN_H
#ifdef CU2C_PARSING
#pragma clang system_header /* cu2c's own header wherever it is found (-I naming its folder) */
#endif
#include <cooperative_groups.h>
#endif
