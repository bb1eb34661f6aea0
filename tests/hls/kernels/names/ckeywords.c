/*
 * C that is not C++: restrict, _Bool, _Static_assert and _Noreturn,
 * outside the SCoP.  The testbench defines them as C++
 * spells them.  Its testbench is generated.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8

_Static_assert(N == 8, "eight rows");

float y[N];
_Bool ready;

_Noreturn void stop(void);

void rows(const float *restrict unused, float A[N][N])
{
    (void)unused;
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            y[i] = y[i] + A[i][j];
#pragma endscop
    ready = 1;
}
