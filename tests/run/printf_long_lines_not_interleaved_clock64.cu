// printf from many threads on several workers: each call's output is one whole line (glibc
// locks stdout for the length of one printf), checked line by line; clock64() increases
// across a loop and clock() does not go back (modulo its 32 bits' wrap).
// RUN: %cu2cc %s -o %t
// RUN: env CU2C_NUM_THREADS=2 timeout 60 %t > %t.out && python3 -c "import sys; exec(open(sys.argv[1]).read().split(chr(35) + ' CHECKER')[-1])" %s %t.out
// RUN: env CU2C_NUM_THREADS=1 timeout 60 %t > %t.out1 && python3 -c "import sys; exec(open(sys.argv[1]).read().split(chr(35) + ' CHECKER')[-1])" %s %t.out1
#include <cstdio>
#include <ctime>
#include <cuda_runtime.h>

#define BLOCKS 64
#define THREADS 32

__global__ void talk(int *clock_ok) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    // one long line per thread: the id, 40 copies of a letter, the id again
    char c = (char)('a' + id % 26);
    printf("line %d %c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c%c end %d\n", id,
           c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, c, id);
    long long t0 = clock64();
    clock_t c0 = clock();
    long long sink = t0;
    for (int i = 0; i < 20000; i++) sink = sink * 3 + i;   // depends on t0: runs after it
    long long t1 = clock64() + (sink == 42);                // and before t1
    clock_t c1 = clock();
    __nanosleep(100);
    clock_ok[id] = t1 > t0 && (int)(c1 - c0) >= 0;   // clock(): 32 bits that wrap
}

int main() {
    int *ok;
    cudaMallocManaged(&ok, BLOCKS * THREADS * sizeof(int));
    talk<<<BLOCKS, THREADS>>>(ok);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < BLOCKS * THREADS; i++) bad += !ok[i];
    printf("clock failures: %d\n", bad);
    return 0;
}
#if 0
# CHECKER
import re, sys
lines = open(sys.argv[2]).read().split("\n")
assert lines[-1] == "", "output does not end with a newline"
lines = lines[:-1]
assert lines[-1] == "clock failures: 0", lines[-1]
seen = set()
for l in lines[:-1]:
    m = re.fullmatch(r"line (\d+) ([a-z])\2{39} end (\d+)", l)
    assert m and m.group(1) == m.group(3), "mangled line: " + l
    i = int(m.group(1))
    assert chr(ord("a") + i % 26) == m.group(2) and i not in seen, l
    seen.add(i)
assert seen == set(range(64 * 32)), "missing lines"
#endif
