#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "comm/kernel-facts.h"
#include "comm/module-code.h"
#include "compute/config.h"
#include "compute/pe-array.h"
#include "poly/names.h"

char *sy_test_mm_text(const char *n)
{
	return g_strdup_printf("#define N %s\n"
			       "float A[N][N], B[N][N], C[N][N];\n"
			       "void mm(void)\n{\n#pragma scop\n"
			       "for (int i = 0; i < N; i++)\n"
			       "  for (int j = 0; j < N; j++)\n"
			       "    for (int k = 0; k < N; k++)\n"
			       "      C[i][j] += A[i][k] * B[k][j];\n"
			       "#pragma endscop\n}\n",
		n);
}

SyAnalysis *sy_test_mm(const char *n, guint max_dims)
{
	g_autofree char *text = sy_test_mm_text(n);
	SyAnalysisOptions options = {NULL, NULL, max_dims, 0, FALSE};
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
	SyAnalysisOptions options = {defines, NULL, 2, 0, FALSE};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_file(path, &options, &error);

	g_assert_no_error(error);
	return a;
}

guint sy_test_stride(void)
{
	const char *env = g_getenv("SYSTOLE_DESIGN_STRIDE");

	return env ? (guint)MAX(1, atoi(env)) : 1;
}

gboolean sy_test_under_valgrind(void)
{
	return g_getenv("SYSTOLE_VALGRIND") != NULL;
}

guint sy_test_count(guint n)
{
	return MAX(2, n / sy_test_stride());
}

gboolean sy_test_takes_example(guint x, guint half)
{
	return !sy_test_under_valgrind() || x % 2 == half;
}

guint sy_test_first_dataflow(guint x, guint n)
{
	return n ? x % sy_test_stride() % n : 0;
}

static void apply(SyConfig *cfg, const SyChoices *choices,
	const SyTestDesignSpec *s)
{
	GError *error = NULL;

	g_assert_true(!s->sa_sizes ||
		sy_config_apply_sa_sizes(cfg, choices, s->sa_sizes, &error));
	g_assert_true(!s->tile ||
		sy_config_apply_named(cfg, choices, "tile", s->tile, &error));
	g_assert_true(!s->latency ||
		sy_config_apply_named(
			cfg, choices, "latency", s->latency, &error));
	g_assert_true(!s->simd ||
		sy_config_apply_named(cfg, choices, "simd", s->simd, &error));
	g_assert_true(!s->order ||
		sy_config_set_order(cfg, choices, s->order, &error));
	g_assert_no_error(error);
}

static void finish(SyTestDesign *t, const SyTestDesignSpec *s,
	const SyAnalysisOptions *ao)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	GError *error = NULL;

	if (s->complete) {
		g_autoptr(SyNames) names = sy_names_new(t->analysis->scop);

		sy_names_place_headers(names, NULL, taken);
		g_assert_true(
			sy_design_complete(t->design, names, ao, &error));
	} else if (s->code) {
		g_assert_true(sy_design_build_code(t->design, &error));
	}
	g_assert_no_error(error);
}

void sy_test_design_init(SyTestDesign *t, const SyTestDesignSpec *s)
{
	SyAnalysisOptions ao = {s->defines, NULL, s->max_dims ? s->max_dims : 2,
		0, FALSE};
	g_autofree char *path = s->text ? g_strdup(s->name)
					: g_build_filename(s->dir, s->name, NULL);
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;
	int candidate = (int)s->candidate;

	t->analysis = s->text ? sy_analysis_new_from_data(
					path, s->text, -1, &ao, &error)
			      : sy_analysis_new_from_file(path, &ao, &error);
	g_assert_no_error(error);
	if (s->space)
		candidate = sy_config_find_space(t->analysis, s->space, &error);
	g_assert_no_error(error);
	t->choices = sy_choices_new(t->analysis,
		g_ptr_array_index(t->analysis->candidates, candidate), NULL);
	cfg = sy_config_new(t->choices);
	apply(cfg, t->choices, s);
	t->array = sy_pe_array_new(t->choices, cfg, &error);
	g_assert_no_error(error);
	t->design = sy_design_new(t->array, s->options, &error);
	g_assert_no_error(error);
	finish(t, s, &ao);
}

void sy_test_design_clear(SyTestDesign *t)
{
	sy_design_free(t->design);
	sy_pe_array_free(t->array);
	sy_choices_free(t->choices);
	sy_analysis_free(t->analysis);
	memset(t, 0, sizeof(*t));
}

SyTestDesign *sy_test_design_new(const SyTestDesignSpec *spec)
{
	SyTestDesign *t = g_new0(SyTestDesign, 1);

	sy_test_design_init(t, spec);
	return t;
}

SyTestDesign *sy_test_mm_4x4(const char *dir)
{
	static const char *const defines[] = {"I=8", "J=8", "K=8", NULL};
	SyTestDesignSpec spec = {.dir = dir,
		.name = "mm.c",
		.defines = defines,
		.space = "i,j",
		.tile = "i=4,j=4,k=4",
		.complete = TRUE};

	return sy_test_design_new(&spec);
}

void sy_test_design_free(SyTestDesign *t)
{
	if (!t)
		return;
	sy_test_design_clear(t);
	g_free(t);
}

void sy_test_config_apply(SyConfig *cfg, const SyChoices *c, const char *tile,
	const char *latency, const char *simd)
{
	const char *stage[] = {"tile", "latency", "simd"};
	const char *spec[] = {tile, latency, simd};
	GError *error = NULL;

	for (guint k = 0; k < G_N_ELEMENTS(stage); k++)
		if (spec[k])
			sy_config_apply_named(cfg, c, stage[k], spec[k], &error);
	g_assert_no_error(error);
}
