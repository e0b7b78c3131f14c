// Device code the host view of this header does not see: it exists for the GPU only.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
__device__ int fast_path(int v) { return v * 3; }
#endif
