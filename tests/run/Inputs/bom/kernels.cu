// A .cu file saved with a UTF-8 byte order mark, included by run/included_files_with_byte_order_marks.cu.
__global__ void from_bom_file(int *o) { o[threadIdx.x] = 3 * threadIdx.x; }
