// A block-uniform if holding barriers in both branches: the condition runs once per block,
// outside any thread loop; each branch is split at its barrier into thread loops of its own.
// RUN: %cu2c %s -o - | FileCheck %s
__global__ void k(float *a, int mode) {
    __shared__ float s[128];
    int t = threadIdx.x;
    if (mode > 0) {
        s[t] = a[t];
        __syncthreads();
        a[t] = s[127 - t];
    } else {
        s[t] = -a[t];
        __syncthreads();
        a[t] = s[(t + 1) % 128];
    }
}
// CHECK-LABEL: void __cu2c_body_k(
// CHECK: {{^}}    if (mode > 0) {
// CHECK-NEXT: {{^}}        CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; {{.*}} { s[t] = a[t]; } }
// CHECK-NEXT: {{^}}        /* __syncthreads() */;
// CHECK-NEXT: {{^}}        CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; {{.*}} { a[t] = s[127 - t]; } }
// CHECK-NEXT: {{^}}    } else {
// CHECK-NEXT: {{^}}        CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; {{.*}} { s[t] = -a[t]; } }
// CHECK-NEXT: {{^}}        /* __syncthreads() */;
// CHECK-NEXT: {{^}}        CU2C_THREADS_INDEPENDENT for (int __cu2c_tx = 0; {{.*}} { a[t] = s[(t + 1) % 128]; } }
// CHECK-NEXT: {{^}}    }
// CHECK-NEXT: {{^}}}
