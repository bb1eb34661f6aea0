// expect: stray_character.c:6:16: error: stray '@' in program
#define N 16
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = @ 0;
#pragma endscop
}
