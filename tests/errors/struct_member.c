// expect: struct_member.c:7:17: error: structure members are not supported
#define N 16
struct params { float scale; } p;
void kernel(float A[N]) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = p.scale;
#pragma endscop
}
