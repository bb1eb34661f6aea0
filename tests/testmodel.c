#include "testmodel.h"

#include "comm/kernel-facts.h"
#include "model/resources.h"
#include "poly/names.h"
#include "testutil.h"

const char *const sy_test_model_examples[] = {"conv.c", "dp.c", "fir.c",
	"gemm.c", "gemv.c", "lu.c", "mm.c", "mttkrp.c", "trmm.c", "ttm.c",
	"ttmc.c", NULL};

const SyModelTarget sy_test_u250 = {300, 512, 19.2, 4, 20};

/* A random value of a: a divisor of n where divisors, else 1 to
 * most. */
static gint64 pick(GRand *rng, gint64 n, gint64 most, gboolean divisors)
{
	g_autoptr(GArray) d = NULL;
	guint k = 0;

	if (!divisors)
		return g_rand_int_range(rng, 1, (gint32)most + 1);
	d = sy_config_divisors(n);
	while (k < d->len && g_array_index(d, gint64, k) <= most)
		k++;
	return g_array_index(d, gint64, g_rand_int_range(rng, 0, (gint32)k));
}

void sy_test_config_randomize(
	SyConfig *cfg, const SyChoices *c, GRand *rng, gboolean divisors)
{
	for (guint i = 0; i < c->tilable->len; i++) {
		const SyLoopRef *l = g_ptr_array_index(c->tilable, i);
		gint64 most = i < c->candidate->n_space ? MIN(l->extent, 4)
							: l->extent;
		guint m = l->member;

		cfg->tile[m] = pick(rng, l->extent, most, divisors);
		/* Untiled one time in two off the array: some designs
		 * (lu's k, dp's) need it. */
		if (i >= c->candidate->n_space && g_rand_boolean(rng))
			cfg->tile[m] = l->extent;
		cfg->latency[m] = 1;
	}
	for (guint k = 0; k < c->latency->len; k++) {
		const SyLoopRef *l = g_ptr_array_index(c->latency, k);
		g_autoptr(GArray) d = sy_config_divisors(cfg->tile[l->member]);

		cfg->latency[l->member] = g_array_index(
			d, gint64, g_rand_int_range(rng, 0, (gint32)d->len));
	}
	cfg->simd = -1;
	cfg->simd_factor = 1;
	if (c->simd->len && g_rand_boolean(rng)) {
		int s = g_rand_int_range(rng, 0, (gint32)c->simd->len);
		const SySimdChoice *ch = g_ptr_array_index(c->simd, s);
		gint64 range = sy_config_simd_range(cfg, c, (guint)s);

		if (ch->ok && range > 0) {
			g_autoptr(GArray) d = sy_config_divisors(range);

			cfg->simd = s;
			cfg->simd_factor = g_array_index(d, gint64,
				g_rand_int_range(rng, 0, (gint32)d->len));
		}
	}
}

SyDesign *sy_test_design_at(const SyAnalysis *a, const SyChoices *c,
	const SyConfig *cfg, SyPeArray **array)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
	g_autoptr(SyNames) names = sy_names_new(a->scop);
	SyDesign *design;

	*array = NULL;
	if (!sy_config_validate(cfg, c, NULL) ||
		!(*array = sy_pe_array_new(c, cfg, NULL)))
		return NULL;
	design = sy_design_new(*array, NULL, NULL);
	sy_names_place_headers(names, NULL, taken);
	if (design && sy_design_complete(design, names, &ao, NULL))
		return design;
	sy_design_free(design);
	g_clear_pointer(array, sy_pe_array_free);
	return NULL;
}

guint sy_test_default_designs(const char *dir, const char *const *examples,
	SyTestDesignFunc fn, gpointer data)
{
	guint stride = sy_test_stride();
	guint n = 0;

	for (guint x = 0; examples[x]; x++) {
		SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
		g_autofree char *path = g_build_filename(
			dir, examples[x], NULL);
		g_autoptr(SyAnalysis)
			a = sy_analysis_new_from_file(path, &ao, NULL);

		g_assert_nonnull(a);
		for (guint c = x % stride; c < a->candidates->len;
			c += stride) {
			g_autoptr(SyChoices) choices = sy_choices_new(
				a, g_ptr_array_index(a->candidates, c), NULL);
			g_autoptr(SyConfig) cfg = sy_config_new(choices);
			g_autoptr(SyPeArray) array = NULL;
			g_autoptr(SyDesign) design = sy_test_design_at(
				a, choices, cfg, &array);

			if (!design)
				continue;
			fn(examples[x], c, design, data);
			n++;
		}
	}
	return n;
}

void sy_test_latency_same(const SyLatencyInputs *a, const SyLatencyInputs *b)
{
	const SyModelTarget *t = &sy_test_u250;
	double p[2], s[2], e[2], c[2];
	int bn[2];

	g_assert_cmpuint(a->n_modules, ==, b->n_modules);
	for (guint k = 0; k < a->n_modules; k++) {
		double ac, af, al, bc, bf, bl;

		g_assert_cmpint(
			a->modules[k].n_tiles, ==, b->modules[k].n_tiles);
		sy_latency_eval_module(a, k, t, &ac, &af, &al);
		sy_latency_eval_module(b, k, t, &bc, &bf, &bl);
		g_assert_cmpfloat(ac, ==, bc);
		g_assert_cmpfloat(af, ==, bf);
		g_assert_cmpfloat(al, ==, bl);
	}
	c[0] = sy_latency_eval(a, t, &p[0], &s[0], &e[0], &bn[0]);
	c[1] = sy_latency_eval(b, t, &p[1], &s[1], &e[1], &bn[1]);
	g_assert_cmpfloat(c[0], ==, c[1]);
	g_assert_cmpfloat(p[0], ==, p[1]);
	g_assert_cmpfloat(s[0], ==, s[1]);
	g_assert_cmpfloat(e[0], ==, e[1]);
	g_assert_cmpint(bn[0], ==, bn[1]);
	g_assert_cmpfloat(a->ops, ==, b->ops);
	g_assert_cmpfloat(a->slots, ==, b->slots);
	g_assert_cmpfloat(a->offchip_bytes, ==, b->offchip_bytes);
}

static void assert_resources(const SyResources *a, const SyResources *b)
{
	for (int k = 0; k < SY_N_RESOURCES; k++)
		g_assert_cmpfloat(a->v[k], ==, b->v[k]);
}

void sy_test_resources_same(const SyDesign *a, const SyDesign *b)
{
	g_autoptr(SyEstimate) x = sy_estimate_new();
	g_autoptr(SyEstimate) y = sy_estimate_new();
	GError *error = NULL;

	sy_resources_estimate(a, NULL, x, &error);
	g_assert_no_error(error);
	sy_resources_estimate(b, NULL, y, &error);
	g_assert_no_error(error);
	assert_resources(&x->total, &y->total);
	g_assert_cmpfloat(x->bram36, ==, y->bram36);
	g_assert_cmpuint(x->modules->len, ==, y->modules->len);
	for (guint k = 0; k < x->modules->len; k++)
		assert_resources(
			&((SyModuleEstimate *)x->modules->pdata[k])->resources,
			&((SyModuleEstimate *)y->modules->pdata[k])->resources);
}
