#pragma GCC diagnostic ignored "-Wunknown-pragmas"

void deep8(const float A[2][3][2][2][3], const float B[3][2][3][2][3],
           float C[2][3][2][2][3][2][2])
{
#pragma scop
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 2; c++)
                for (int d = 0; d < 2; d++)
                    for (int e = 0; e < 3; e++)
                        for (int f = 0; f < 2; f++)
                            for (int g = 0; g < 2; g++)
                                    for (int l = 0; l < 3; l++)
                                        C[a][b][c][d][e][f][g] +=
                                            A[a][b][c][d][l] *
                                            B[e][f][l][g][l] +
                                            A[g][l][g][f][e];
#pragma endscop
}
