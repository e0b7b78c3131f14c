// Includes the header holding the kernel from a folder of its own.
#include "deeper/inner.cuh"
