// expect: ifdef_without_name.c:2:2: error: #ifdef needs a macro name
#ifdef
#define N 16
#endif
void kernel(float A[16]) {
#pragma scop
    for (int i = 0; i < 16; i++)
        A[i] = 0;
#pragma endscop
}
