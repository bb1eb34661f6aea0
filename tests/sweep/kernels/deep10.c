/*
 * Ten nested loops, the innermost two reductions: bands deeper than
 * eight loops.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

void deep10(const int A[2][2][2][2][2], const int B[2][2][2][2][2],
            int C[2][2][2][2][2][2][2][2])
{
#pragma scop
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++)
            for (int c = 0; c < 2; c++)
                for (int d = 0; d < 2; d++)
                    for (int e = 0; e < 2; e++)
                        for (int f = 0; f < 2; f++)
                            for (int g = 0; g < 2; g++)
                                for (int h = 0; h < 3; h++)
                                    for (int i = 0; i < 2; i++)
                                        for (int j = 0; j < 3; j++)
                                            C[a][b][c][d][e][f][g][i] +=
                                                A[a][c][e][g][i] *
                                                B[b][d][f][g][i] +
                                                h * j;
#pragma endscop
}
