/*
 * A matrix-vector product into an array larger than what it writes
 * (y[ROWS + 8]): the last 8 elements must keep their values.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define ROWS 20
#define COLS 12

void padded_out(const float A[ROWS][COLS], const float x[COLS],
                float y[ROWS + 8])
{
#pragma scop
    for (int i = 0; i < ROWS; i++)
        for (int j = 0; j < COLS; j++)
            y[i] += A[i][j] * x[j];
#pragma endscop
}
