/* How the analysis scales: deep nests whose loops all move one subscript
 * (A[a+b+c+...] += ...), and one loop holding many statements, each
 * reading one row of an array and writing the next.  The kernels are
 * generated here; prints the median milliseconds of a few runs.  Not a
 * test. */
#include <stdio.h>
#include <stdlib.h>

#include "poly/analysis.h"

#define RUNS 3

static int compare(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* depth loops of 4 iterations, one statement on A[a+b+...]. */
static char *deep_nest(guint depth)
{
	GString *src = g_string_new("float A[64]; float X[64];\n"
				    "int main(void) {\n#pragma scop\n");
	GString *sum = g_string_new(NULL);

	for (guint d = 0; d < depth; d++) {
		char v = (char)('a' + d);

		g_string_append_printf(
			src, "for (int %c = 0; %c < 4; %c++)\n", v, v, v);
		g_string_append_printf(sum, "%s%c", d ? "+" : "", v);
	}
	g_string_append_printf(src, "A[%s] = A[%s] + X[%s];\n", sum->str,
		sum->str, sum->str);
	g_string_append(src, "#pragma endscop\nreturn 0;\n}\n");
	g_string_free(sum, TRUE);
	return g_string_free(src, FALSE);
}

/* One loop of 64 iterations with n statements A[k+1][i] = A[k][i] + 1. */
static char *many_statements(guint n)
{
	GString *src = g_string_new(NULL);

	g_string_append_printf(src,
		"float A[%u][64];\nint main(void) {\n#pragma scop\n"
		"for (int i = 0; i < 64; i++) {\n", n + 1);
	for (guint k = 0; k < n; k++)
		g_string_append_printf(
			src, "A[%u][i] = A[%u][i] + 1;\n", k + 1, k);
	g_string_append(src, "}\n#pragma endscop\nreturn 0;\n}\n");
	return g_string_free(src, FALSE);
}

static void bench(const char *label, char *text)
{
	double ms[RUNS];

	for (int r = 0; r < RUNS; r++) {
		GError *error = NULL;
		gint64 start = g_get_monotonic_time();
		SyAnalysis *a = sy_analysis_new_from_data(
			"bench.c", text, -1, NULL, &error);

		ms[r] = (double)(g_get_monotonic_time() - start) / 1000.0;
		if (!a)
			g_error("%s", error->message);
		sy_analysis_free(a);
	}
	qsort(ms, RUNS, sizeof *ms, compare);
	printf("%-40s %9.1f\n", label, ms[RUNS / 2]);
	g_free(text);
}

int main(void)
{
	printf("%-40s %9s\n", "kernel (median ms of 3)", "analysis");
	bench("8 loops on A[a+...+h]", deep_nest(8));
	bench("10 loops on A[a+...+j]", deep_nest(10));
	bench("200 statements in one loop", many_statements(200));
	bench("1000 statements in one loop", many_statements(1000));
	return 0;
}
