/* Two ways to one answer: the latency model's closed forms for the tile
 * loops (a rectangular nest counted as a product, boxes of tiles on
 * which intra_trans counts the same taken at once) against the same
 * inputs counted tile by tile, on random configurations of every
 * example's dataflows (fixed seed: tile sizes that do not divide their
 * loops included, latency factors among the tiles' divisors, SIMD
 * widths among those the loop allows).  Every figure must be equal
 * (==): both sum the same integers. */
#include "testutil.h"
#include "comm/kernel-facts.h"
#include "compute/config.h"
#include "compute/pe-array.h"
#include "model/latency.h"
#include "poly/names.h"

static const char *examples_dir;

/* Configurations per dataflow. */
#define TRIES 6

/* Random sizes: tiles up to the loop's extent (at most 4 on space
 * loops, so that arrays stay small; the others untiled one time in
 * two), latency a divisor of the tile,
 * SIMD (one time in two) a width its loop allows. */
static void randomize(SyConfig *cfg, const SyChoices *c, GRand *rng)
{
	for (guint m = 0; m < cfg->n_members; m++) {
		const SyLoopRef *l = g_ptr_array_index(c->tilable, m);
		gint64 most = m < c->candidate->n_space ? MIN(l->extent, 4)
							 : l->extent;

		cfg->tile[m] = g_rand_int_range(rng, 1, (gint32)most + 1);
		/* Untiled one time in two off the array: some designs
		 * (lu's k, dp's) need it. */
		if (m >= c->candidate->n_space && g_rand_boolean(rng))
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

/* The design at cfg, completed; NULL where the sizes are refused. */
static SyDesign *design_at(const SyAnalysis *a, const SyChoices *c,
	const SyConfig *cfg, SyPeArray **array)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	SyAnalysisOptions ao = {NULL, NULL, 2, 0};
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
	return NULL;
}

static const SyModelTarget u250 = {300, 512, 19.2, 4, 20};

/* Both inputs give the same cycles, per family and for the design. */
static void assert_same(const SyDesign *design)
{
	GError *error = NULL;
	g_autoptr(SyLatencyInputs) fast =
		sy_latency_inputs_new(design, &error);
	g_autoptr(SyLatencyInputs) slow = NULL;
	double p[2], s[2], e[2], c[2];
	int b[2];

	g_assert_no_error(error);
	slow = sy_latency_inputs_new_by_tile(design, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(fast->n_modules, ==, slow->n_modules);
	for (guint k = 0; k < fast->n_modules; k++) {
		double fc, ff, fl, sc, sf, sl;

		g_assert_cmpint(fast->modules[k].n_tiles, ==,
			slow->modules[k].n_tiles);
		sy_latency_eval_module(fast, k, &u250, &fc, &ff, &fl);
		sy_latency_eval_module(slow, k, &u250, &sc, &sf, &sl);
		g_assert_cmpfloat(fc, ==, sc);
		g_assert_cmpfloat(ff, ==, sf);
		g_assert_cmpfloat(fl, ==, sl);
	}
	c[0] = sy_latency_eval(fast, &u250, &p[0], &s[0], &e[0], &b[0]);
	c[1] = sy_latency_eval(slow, &u250, &p[1], &s[1], &e[1], &b[1]);
	g_assert_cmpfloat(c[0], ==, c[1]);
	g_assert_cmpfloat(p[0], ==, p[1]);
	g_assert_cmpfloat(s[0], ==, s[1]);
	g_assert_cmpfloat(e[0], ==, e[1]);
	g_assert_cmpint(b[0], ==, b[1]);
	g_assert_cmpfloat(fast->ops, ==, slow->ops);
	g_assert_cmpfloat(fast->offchip_bytes, ==, slow->offchip_bytes);
}

static void test_random(void)
{
	static const char *const examples[] = {"conv.c", "dp.c", "fir.c",
		"gemm.c", "gemv.c", "lu.c", "mm.c", "mttkrp.c", "trmm.c",
		"ttm.c", "ttmc.c", NULL};
	g_autoptr(GRand) rng = g_rand_new_with_seed(12);
	guint stride = sy_test_stride();
	guint total = 0;

	for (guint x = 0; examples[x]; x++) {
		SyAnalysisOptions ao = {NULL, NULL, 2, 0};
		g_autofree char *path =
			g_build_filename(examples_dir, examples[x], NULL);
		g_autoptr(SyAnalysis) a = sy_analysis_new_from_file(path, &ao, NULL);
		guint covered = 0;

		g_assert_nonnull(a);
		/* Under valgrind every stride-th dataflow. */
		for (guint c = x % stride; c < a->candidates->len;
			c += stride) {
			g_autoptr(SyChoices) ch = sy_choices_new(
				a, g_ptr_array_index(a->candidates, c), NULL);

			for (guint t = 0; t < TRIES; t++) {
				g_autoptr(SyConfig) cfg = sy_config_new(ch);
				g_autoptr(SyPeArray) array = NULL;
				g_autoptr(SyDesign) design = NULL;

				randomize(cfg, ch, rng);
				design = design_at(a, ch, cfg, &array);
				if (!design)
					continue;
				assert_same(design);
				covered++;
			}
		}
		g_test_message("%s: %u configurations", examples[x], covered);
		total += covered;
	}
	g_test_message("%u configurations", total);
	g_assert_cmpuint(total, >=, 100 / stride);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/fast/closed-form-tiles", test_random);
	return g_test_run();
}
