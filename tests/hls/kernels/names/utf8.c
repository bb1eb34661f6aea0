/*
 * Matrix multiply with loops named in UTF-8, as C allows: --space and
 * --tile take the names, whatever the locale, and the export simulates.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 8
float A[N][N], B[N][N], C[N][N];

void utf8(void)
{
#pragma scop
    for (int é = 0; é < N; é++)
        for (int ü = 0; ü < N; ü++) {
            C[é][ü] = 0;
            for (int k = 0; k < N; k++)
                C[é][ü] += A[é][k] * B[k][ü];
        }
#pragma endscop
}
