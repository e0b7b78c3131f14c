/* main_c.c - a C program calling c_api.cu's extern "C" function. */
#include <stdio.h>

int scale_ints(int *v, int n, int k);   /* c_api.cu */

int main(void) {
    int v[100], wrong = 0;
    for (int i = 0; i < 100; i++)
        v[i] = i - 50;
    int err = scale_ints(v, 100, 3);
    for (int i = 0; i < 100; i++)
        wrong += v[i] != 3 * (i - 50);
    printf("scale_ints from C: error %d, %d wrong\n", err, wrong);
    return err != 0 || wrong != 0;
}
