// -lnccl (and -lnccl_static) links cu2c's NCCL, lib64/libnccl.a by its file name, and librt
// (shm_open's library before glibc 2.34) in the link's group; a host file built by plain g++
// links with -lnccl or -lnccl_static (lib64/libnccl.so and libnccl_static.a are linker
// scripts naming the archive), or with -l:libnccl.a. A communicator of one rank on the
// legacy default stream: AllReduce, Broadcast and ncclAvg give the rank's own values.
// RUN: %cu2cc --dryrun %s -o app -lnccl 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ c++ {{.*}}-Wl,--start-group "{{.*}}/libcu2c.a" -l:libnccl.a -lrt -Wl,--end-group
// RUN: %cu2cc %s -o %t -lnccl && %t | FileCheck %s
// RUN: %cu2cc %s -o %t.static -lnccl_static && %t.static | FileCheck %s
// RUN: g++ -x c++ -I%root/include -c %s -o %t.o
// RUN: g++ %t.o -L%root/lib64 -l:libnccl.a -lcudart -lpthread -o %t.gxx && %t.gxx | FileCheck %s
// RUN: g++ %t.o -L%root/lib64 -lnccl -lcudart -lpthread -o %t.gxx2 && %t.gxx2 | FileCheck %s
// RUN: g++ %t.o -L%root/lib64 -lnccl_static -lcudart_static -lpthread -o %t.gxx3 && %t.gxx3 | FileCheck %s
// CHECK: NCCL 22606, 1 rank: 1 2 3, ok
#include <cstdio>
#include <cuda_runtime.h>
#include <nccl.h>

int main() {
    ncclComm_t comm;
    int version = 0, n = 0;
    float h[3] = {1, 2, 3}, got[3], *d;
    cudaMalloc((void **)&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    if (ncclGetVersion(&version) != ncclSuccess || ncclCommInitAll(&comm, 1, NULL) != ncclSuccess ||
        ncclCommCount(comm, &n) != ncclSuccess)
        return 1;
    if (ncclAllReduce(d, d, 3, ncclFloat, ncclSum, comm, 0) != ncclSuccess ||
        ncclBroadcast(d, d, 3, ncclFloat, 0, comm, 0) != ncclSuccess ||
        ncclAllReduce(d, d, 3, ncclFloat, ncclAvg, comm, 0) != ncclSuccess)
        return 1;
    cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost);
    bool ok = got[0] == 1 && got[1] == 2 && got[2] == 3;
    printf("NCCL %d, %d rank: %g %g %g, %s\n", version, n, got[0], got[1], got[2], ok ? "ok" : "wrong");
    ncclCommDestroy(comm);
    cudaFree(d);
    return ok ? 0 : 1;
}
