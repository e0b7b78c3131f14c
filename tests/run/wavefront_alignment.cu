// Needleman-Wunsch scoring by anti-diagonals: one block per pair of sequences, thread i owns
// row i + 1 of the score matrix in shared memory; the loop over diagonals holds a barrier and
// only the threads whose cell lies on the current diagonal compute it.
// RUN: %cu2cc %s -o %t && env CU2C_NUM_THREADS=1 timeout 60 %t && env CU2C_NUM_THREADS=2 timeout 60 %t
#include <cstdio>
#include <cuda_runtime.h>

#define L 40
#define GAP -2

__global__ void nw(const char *a, const char *b, int *score) {
    __shared__ int m[L + 1][L + 1];
    const char *sa = a + blockIdx.x * L, *sb = b + blockIdx.x * L;
    int i = threadIdx.x + 1;
    m[i][0] = i * GAP;
    if (threadIdx.x == 0)
        for (int j = 0; j <= L; j++)
            m[0][j] = j * GAP;
    __syncthreads();
    for (int d = 2; d <= 2 * L; d++) {
        int j = d - i;
        if (j >= 1 && j <= L) {
            int diag = m[i - 1][j - 1] + (sa[i - 1] == sb[j - 1] ? 1 : -1);
            int up = m[i - 1][j] + GAP, left = m[i][j - 1] + GAP;
            int best = diag > up ? diag : up;
            m[i][j] = best > left ? best : left;
        }
        __syncthreads();
    }
    if (threadIdx.x == 0)
        score[blockIdx.x] = m[L][L];
}

int main() {
    const int pairs = 12;
    static char a[pairs * L], b[pairs * L];
    for (int k = 0; k < pairs * L; k++) {
        a[k] = "ACGT"[(k * 7 + k / 5) % 4];
        b[k] = "ACGT"[(k * 3 + k / 7) % 4];
    }
    char *da, *db;
    int *ds, hs[pairs];
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&ds, sizeof hs);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    nw<<<pairs, L>>>(da, db, ds);
    cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
    for (int p = 0; p < pairs; p++) {
        static int m[L + 1][L + 1];
        for (int i = 0; i <= L; i++) {
            m[i][0] = i * GAP;
            m[0][i] = i * GAP;
        }
        for (int i = 1; i <= L; i++)
            for (int j = 1; j <= L; j++) {
                int diag = m[i - 1][j - 1] + (a[p * L + i - 1] == b[p * L + j - 1] ? 1 : -1);
                int up = m[i - 1][j] + GAP, left = m[i][j - 1] + GAP;
                int best = diag > up ? diag : up;
                m[i][j] = best > left ? best : left;
            }
        if (hs[p] != m[L][L]) {
            printf("pair %d: score %d, want %d\n", p, hs[p], m[L][L]);
            return 1;
        }
    }
    printf("wavefront ok\n");
    return 0;
}
