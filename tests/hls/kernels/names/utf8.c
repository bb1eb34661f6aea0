/*
 * Matrix multiply with loops and arrays named in UTF-8, as C allows:
 * --space and --tile take the loops' names, whatever the locale; the
 * arrays' names reach the RTL's ports, which must be ASCII, so the
 * export spells them in ASCII (sy_utf8_...), and simulates.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#define N 8
float Ä[N][N], B_é[N][N], C[N][N];

void utf8(void)
{
#pragma scop
    for (int é = 0; é < N; é++)
        for (int ü = 0; ü < N; ü++) {
            C[é][ü] = 0;
            for (int k = 0; k < N; k++)
                C[é][ü] += Ä[é][k] * B_é[k][ü];
        }
#pragma endscop
}
