#pragma GCC diagnostic ignored "-Wunknown-pragmas"

void deep4(const float A[2][3][2], const float B[3][2],
           float C[2][2][2])
{
#pragma scop
    for (int a = 0; a < 2; a++)
        for (int c = 0; c < 2; c++)
            for (int d = 0; d < 2; d++)
                for (int l = 0; l < 3; l++)
                    C[a][c][d] += A[a][l][c] * B[l][d] + A[d][l][d];
#pragma endscop
}
