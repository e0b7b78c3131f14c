/* cu2c/fiber_ops.h - the fiber engine's barrier and warp operations (cu2c/fiber.h), and the
 * entries cooperative_groups.h's methods call on that engine: the thread waits at the
 * place they are called from (runtime/fibers.c). Declarations only, read by the translator's
 * parse too (inside cooperative_groups.h), where cu2c/fiber.h's macros must not be. */
#ifndef CU2C_FIBER_OPS_H
#define CU2C_FIBER_OPS_H

#ifdef __cplusplus
extern "C" {
#endif

void cu2c_fiber_group_sync(void);
unsigned long long cu2c_fiber_group_warp(int op, unsigned mask, void *v, unsigned size, int arg, int width, int *pred);
/* A call of every thread of the calling thread's tile of `size` threads (32 .. 1024, aligned
 * in the block's linear order; 32: its warp) that has not exited: returns the size bytes at v
 * (at most 16) of each, 16 bytes a rank, and sets *here to which ranks came (a byte each). */
const unsigned char *cu2c_fiber_group_tile(unsigned size, const void *v, unsigned vsize, const unsigned char **here);
/* The running fiber's lane in its warp (0 outside the fiber engine). */
unsigned cu2c_fiber_lane(void);
/* grid_group::sync(): the block's threads meet, then the grid's blocks; multi_grid_group's:
 * then every grid's of a multi-device launch. */
void cu2c_fiber_group_grid_sync(void);
void cu2c_fiber_group_multi_grid_sync(void);
/* Does this worker run a block's fibers now? (cuda::barrier's arrive with an update) */
int cu2c_fiber_running(void);
/* A wait the translator makes a barrier in thread-loop kernels (cuda::barrier's, pipelines'):
 * true on the fiber engine, where it runs as written; else it ends the kernel, saying so. */
int cu2c_fiber_wait_here(const char *what);

enum { CU2C_FB_SYNC, CU2C_FB_COUNT, CU2C_FB_AND, CU2C_FB_OR, CU2C_FB_GRID, CU2C_FB_MULTI_GRID };
enum {
    CU2C_FW_SHFL, CU2C_FW_SHFL_UP, CU2C_FW_SHFL_DOWN, CU2C_FW_SHFL_XOR, CU2C_FW_BALLOT, CU2C_FW_ANY,
    CU2C_FW_ALL, CU2C_FW_ACTIVEMASK, CU2C_FW_SYNCWARP, CU2C_FW_MATCH_ANY, CU2C_FW_MATCH_ALL, CU2C_FW_REDUCE_ADD,
    CU2C_FW_REDUCE_MIN, CU2C_FW_REDUCE_MAX, CU2C_FW_REDUCE_AND, CU2C_FW_REDUCE_OR, CU2C_FW_REDUCE_XOR,
    CU2C_FW_STEP   /* a warp step of legacy warp-synchronous code (arg: its place in the kernel) */
};

#ifdef __cplusplus
}
#endif

#endif
