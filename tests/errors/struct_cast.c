// expect: struct_cast.c:7:16: error: structures, unions and enumerations are not supported in the SCoP
#define N 16
struct vec { float x; };
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = (struct vec)A[i];
#pragma endscop
}
