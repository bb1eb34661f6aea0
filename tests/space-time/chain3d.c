/*
 * T2SP's 3D-loop-2-2-4 multi-projection test as C: A(i, j, k) =
 * A(i - 1, j, k) reads a[j][k] again along i, B(i, j, k) = A + B(i, j - 1,
 * k) accumulates along j.  Its CASE1 projects (i, j, k) onto (i, j)
 * (time k), then onto i with t = i + j + SIZE * k; CASE2 onto j.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>

#ifndef SIZE
#define SIZE 10
#endif

int main(void) {
    static int a[SIZE][SIZE], b[SIZE][SIZE];

    for (int j = 0; j < SIZE; j++)
        for (int k = 0; k < SIZE; k++)
            a[j][k] = j + k;
    for (int i = 0; i < SIZE; i++)
        for (int k = 0; k < SIZE; k++)
            b[i][k] = i;

#pragma scop
    for (int i = 0; i < SIZE; i++)
        for (int j = 0; j < SIZE; j++)
            for (int k = 0; k < SIZE; k++)
                b[i][k] = b[i][k] + a[j][k];
#pragma endscop

    int errors = 0;
    for (int i = 0; i < SIZE; i++)
        for (int k = 0; k < SIZE; k++)
            if (b[i][k] != i + SIZE * k + SIZE * (SIZE - 1) / 2)
                errors++;
    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
