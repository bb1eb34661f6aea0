/*
 * Element types of more than one word (signed char, unsigned char,
 * unsigned short, long long): every zero the generated code writes (the
 * testbench's padded reads, the PE's guarded FIFO reads) must be valid
 * C++ for them, which the functional cast `signed char()` is not.  The
 * sizes do not divide the tiles of the hls suite, so that padding moves
 * through the streams.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 10
#define M 6
#define K 7

void multiword(const signed char A[N][K], const unsigned char B[K][M],
               const unsigned short s[N], long long C[N][M])
{
#pragma scop
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++)
            for (int k = 0; k < K; k++)
                C[i][j] += A[i][k] * B[k][j] + s[i];
#pragma endscop
}
