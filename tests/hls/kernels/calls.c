/* Functions of the kernel's file its statement calls: new (a C++
 * keyword, which the project renames) and twice, which new calls; the
 * kernel's code defines both, neither unused nor declared. */
static int twice(int v) { return 2 * v; }

static int unused(int v) { return v; }

int declared(int v);

static int new(int v)
{
    return twice(v) + 1;
}

void calls(int a[4][4], int b[4][4])
{
#pragma scop
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            b[i][j] = new(a[i][j]);
#pragma endscop
}
