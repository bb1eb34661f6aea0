/*
 * Repro: a signed char input; the generated code value-initialises it
 * as `signed char()`, which C++ does not accept for a two-word type.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 4

void schar(const signed char x[N], int y[N])
{
#pragma scop
    for (int i = 0; i < N; i++)
        y[i] = x[i] * 2;
#pragma endscop
}
