/*
 * A matrix-vector product whose rows run backwards (i--) and whose
 * result lands at an offset, in an array larger than the written region.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define ROWS 14
#define COLS 10

void reversed(const float A[ROWS][COLS], const float x[COLS],
              float y[ROWS + 8])
{
#pragma scop
    for (int i = ROWS - 1; i >= 0; i--) {
        y[i + 3] = 0;
        for (int j = 0; j < COLS; j++)
            y[i + 3] += A[i][j] * x[j];
    }
#pragma endscop
}
