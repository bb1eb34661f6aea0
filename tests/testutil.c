#include "testutil.h"

SyAnalysis *sy_test_mm(const char *n, guint max_dims)
{
	g_autofree char *text = g_strdup_printf(
		"#define N %s\n"
		"float A[N][N], B[N][N], C[N][N];\n"
		"void mm(void)\n{\n#pragma scop\n"
		"for (int i = 0; i < N; i++)\n"
		"  for (int j = 0; j < N; j++)\n"
		"    for (int k = 0; k < N; k++)\n"
		"      C[i][j] += A[i][k] * B[k][j];\n"
		"#pragma endscop\n}\n",
		n);
	SyAnalysisOptions options = {NULL, NULL, max_dims, 0};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_data("mm.c", text, -1, &options,
		&error);

	g_assert_no_error(error);
	return a;
}

SyAnalysis *sy_test_example(
	const char *dir, const char *name, const char *const *defines)
{
	g_autofree char *path = g_build_filename(dir, name, NULL);
	SyAnalysisOptions options = {defines, NULL, 2, 0};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_file(path, &options, &error);

	g_assert_no_error(error);
	return a;
}
