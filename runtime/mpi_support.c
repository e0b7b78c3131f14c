/* runtime/mpi_support.c - what MPI programs ask of a CUDA-aware MPI.
 *
 * Device memory is the process's memory, so every MPI library reads and writes it: each is
 * CUDA-aware here. OpenMPI's MPIX_Query_cuda_support() answers for the library's build
 * (0 where it was built without CUDA); a program linked with libcu2c gets this definition
 * first (the link names libcu2c before the MPI library), so its CUDA-aware branch runs. */
int MPIX_Query_cuda_support(void);

int MPIX_Query_cuda_support(void)
{
    return 1;
}
