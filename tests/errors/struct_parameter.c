// expect: struct_parameter.c:7:17: error: structure members are not supported
#define N 16
struct params { float scale; };
void kernel(float A[N], struct params p) {
#pragma scop
    for (int i = 0; i < N; i++)
        A[i] = p.scale;
#pragma endscop
}
