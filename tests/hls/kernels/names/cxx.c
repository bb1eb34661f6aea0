/*
 * Integer GEMM in C whose names are C++ keywords: arrays, loops, a
 * scalar parameter, the element type and the function itself.  C
 * compiles it; C++ only once the export has renamed them.  Its
 * testbench is generated.
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

#define N 8
#define M 6
#define K 4

typedef int typename;

typename class[N][K], template[K][M], new[N][M];

void this(int operator)
{
#pragma scop
    for (int namespace = 0; namespace < N; namespace++)
        for (int and = 0; and < M; and++) {
            new[namespace][and] = 0;
            for (int not = 0; not < K; not++)
                new[namespace][and] += operator * class[namespace][not] * template[not][and];
        }
#pragma endscop
}
