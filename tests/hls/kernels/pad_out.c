/*
 * A matrix-vector product into y[ROWS + 8]: a tile of i that does not
 * divide ROWS pads the rows to 72, and the drain's boxes then cover
 * y[64..71], which the SCoP never writes and must stay as they were.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define ROWS 64
#define COLS 32

float A[ROWS][COLS], x[COLS], y[ROWS + 8];

void gemv(void)
{
#pragma scop
    for (int i = 0; i < ROWS; i++) {
        y[i] = 0;
        for (int j = 0; j < COLS; j++)
            y[i] += A[i][j] * x[j];
    }
#pragma endscop
}
