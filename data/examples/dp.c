/*
 * Edit (Levenshtein) distance table between sequences a (length N) and
 * b (length M): a dynamic-programming recurrence with the uniform
 * dependences (1, 0), (0, 1) and (1, 1).
 * SCoP loops (in kernel()): 1 <= i <= N, 1 <= j <= M
 *     D[i][j] = min3(D[i - 1][j] + 1, D[i][j - 1] + 1,
 *                    D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
 * Row 0 and column 0 of D are initialised before the SCoP.
 */

/* The scop pragmas are markers for Systole; gcc does not know them. */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#include <stdio.h>
#include <stdlib.h>

#define N 64
#define M 48

typedef int data_t;

static int min3(int x, int y, int z) {
    int m = x < y ? x : y;
    return m < z ? m : z;
}

void kernel(char a[N], char b[M], data_t D[N + 1][M + 1]) {
#pragma scop
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= M; j++)
            D[i][j] = min3(D[i - 1][j] + 1, D[i][j - 1] + 1,
                           D[i - 1][j - 1] + (a[i - 1] != b[j - 1]));
#pragma endscop
}

int main(void) {
    static char a[N], b[M];
    static data_t D[N + 1][M + 1], D_golden[N + 1][M + 1];

    srand(0);
    for (int i = 0; i < N; i++)
        a[i] = "ACGT"[rand() % 4];
    for (int j = 0; j < M; j++)
        b[j] = "ACGT"[rand() % 4];
    for (int i = 0; i <= N; i++)
        D[i][0] = i;
    for (int j = 0; j <= M; j++)
        D[0][j] = j;

    kernel(a, b, D);

    /* Golden: the same table filled by anti-diagonals d = i + j. */
    for (int i = 0; i <= N; i++)
        D_golden[i][0] = i;
    for (int j = 0; j <= M; j++)
        D_golden[0][j] = j;
    for (int d = 2; d <= N + M; d++)
        for (int i = 1; i <= N; i++) {
            int j = d - i;
            if (j < 1 || j > M)
                continue;
            int best = D_golden[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            if (D_golden[i - 1][j] + 1 < best)
                best = D_golden[i - 1][j] + 1;
            if (D_golden[i][j - 1] + 1 < best)
                best = D_golden[i][j - 1] + 1;
            D_golden[i][j] = best;
        }

    int errors = 0;
    for (int i = 0; i <= N; i++)
        for (int j = 0; j <= M; j++)
            if (D[i][j] != D_golden[i][j])
                errors++;

    if (errors) {
        printf("Failed with %d errors!\n", errors);
        return 1;
    }
    printf("Passed!\n");
    return 0;
}
