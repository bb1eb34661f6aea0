/* Helpers shared by the tests and benchmarks. */
#pragma once

#include "poly/analysis.h"

/* Matrix multiply C[i][j] += A[i][k] * B[k][j] with loops of n (a
 * number, as text) iterations, analysed; aborts the test on error. */
SyAnalysis *sy_test_mm(const char *n, guint max_dims);

/* The kernel name in folder dir analysed with defines (NULL-terminated,
 * may be NULL) and two-dimensional dataflows at most; aborts the test
 * on error. */
SyAnalysis *sy_test_example(
	const char *dir, const char *name, const char *const *defines);
