/*
 * A matrix-vector product whose headers are found three ways: below the
 * kernel's folder ("inc/sizes.h", which includes "type.h" next to it),
 * through -I extra ("more/init.h"), and under a name the project's
 * simulation headers have ("ap_int.h").  The export copies each where
 * its #include finds it; run with -I <this folder>/extra.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>

#include "inc/sizes.h"
#include "more/init.h"
#include "ap_int.h"

int main(void)
{
    static elem_t A[ROWS][COLS], x[COLS], y[ROWS];
    int errors = 0;

    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            A[i][j] = INIT(i, j);
    for (int j = 0; j < COLS; j++)
        x[j] = INIT(j, 1);
    for (int i = 0; i < ROWS; i++)
        y[i] = 0;

#pragma scop
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            y[i] = y[i] + A[i][j] * x[j];
#pragma endscop

    for (int i = 0; i < ROWS; i++) {
        elem_t want = 0;

        for (int j = 0; j < COLS; j++)
            want += INIT(i, j) * INIT(j, 1);
        if (y[i] != want)
            errors++;
    }
    if (errors || CHECKED != 1) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
