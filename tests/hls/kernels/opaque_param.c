/*
 * The SCoP's function takes a structure (after what the SCoP uses): a generated main cannot call
 * it, so the export is refused (with the way out).
 */
#pragma GCC diagnostic ignored "-Wunknown-pragmas"

struct options {
    int verbose;
};

float y[32], x[32];

void scale(float s, const struct options *opt)
{
#pragma scop
    for (int i = 0; i < 32; i++)
        y[i] = s * x[i];
#pragma endscop
}
