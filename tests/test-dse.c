/* Design-space exploration (core/dse/): the space's points, and the
 * exact search held to brute force (every point of the space by the
 * exact path, no bound, no form) on small problems of three examples,
 * with one thread and two. */
#include <math.h>
#include <string.h>

#include "compute/pe-array.h"
#include "dse/bound.h"
#include "dse/search.h"
#include "dse/space.h"
#include "model/model.h"
#include "project/export.h"
#include "testutil.h"

#include "dse-check.h"

/* mm.c's sizes come from kernel.h, which -D sets. */
static const char *const mm_small[] = {"I=4", "J=2", "K=2", NULL};

static void test_mm(void)
{
	check_kernel("mm.c", (const char *const[]){NULL}, mm_small, "i,j", 78);
}

/* mm 8x4x2 [i,j] in order i,j,k, forms on every class of two points
 * or more, against brute force. */
static void test_mm_forms(void)
{
	static const char *const sizes[] = {"I=8", "J=4", "K=2", NULL};
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		sizes};
	g_autoptr(SyDseResult)
		brute = search_order(&k, "i,j", "i,j,k", TRUE, 1, 3, 0);
	g_autoptr(SyDseResult)
		forms = search_order(&k, "i,j", "i,j,k", FALSE, 2, 3, 1);

	g_test_message("mm 8x4x2 [i,j] i,j,k: %" G_GUINT64_FORMAT
		       " points, %" G_GUINT64_FORMAT
		       " classes, %" G_GUINT64_FORMAT
		       " forms, %" G_GUINT64_FORMAT
		       " points by forms, %" G_GUINT64_FORMAT
		       " exact, %" G_GUINT64_FORMAT " pruned, best %.17g",
		brute->stats.points, forms->stats.classes, forms->stats.forms,
		forms->stats.fast, forms->stats.exact, forms->stats.pruned,
		((SyDseDesign *)brute->best->pdata[0])->cycles);
	assert_same(brute, forms);
	g_free(k.text);
}

/* mm 4x2x2 [i,j] on a tiny board: the budget binds, against brute
 * force. */
static void test_mm_budget(void)
{
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		mm_small};

	/* 21 pruned by the budget's bound, 102 by the cycles' (their L3
	 * modules' loads alone take longer than the incumbent). */
	check_budget(&k, "mm 4x2x2", "i,j", 123, 3, 79);
	g_free(k.text);
}

/* mm 6x2x2 [i,j] in order i,j,k with --pad 2: i's tiles 1, 2, 3, 4
 * (padded to 8) and 6, against brute force with forms on every class
 * of two points or more. */
static void test_mm_pad(void)
{
	static const char *const sizes[] = {"I=6", "J=2", "K=2", NULL};
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		sizes};
	g_autoptr(SyDseResult) brute = NULL;
	g_autoptr(SyDseResult) forms = NULL;

	pad = 2;
	brute = search_order(&k, "i,j", "i,j,k", TRUE, 1, 3, 0);
	forms = search_order(&k, "i,j", "i,j,k", FALSE, 2, 3, 1);
	pad = 0;
	g_test_message("mm 6x2x2 [i,j] i,j,k --pad 2: %" G_GUINT64_FORMAT
		       " points, %" G_GUINT64_FORMAT " forms, best %.17g",
		brute->stats.points, forms->stats.forms,
		((SyDseDesign *)brute->best->pdata[0])->cycles);
	g_assert_cmpuint(brute->stats.points, ==, 108);
	assert_same(brute, forms);
	g_free(k.text);
}

static void test_gemv(void)
{
	check_kernel("gemv.c", (const char *const[]){"N", "4", "M", "6", NULL},
		NULL, "i", 91);
}

static void test_fir(void)
{
	check_kernel("fir.c", (const char *const[]){"N", "8", "T", "2", NULL},
		NULL, "i", 85);
}

/* The space of mm 4x2x2 on [i,j]: its orders, tiles and a count. */
static void test_space(void)
{
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		mm_small};
	g_autoptr(SyAnalysis) a = kernel_new(&k, NULL);
	int id = sy_config_find_space(a, "i,j", NULL);
	g_autoptr(SyChoices) c = sy_choices_new(
		a, g_ptr_array_index(a->candidates, id), NULL);
	g_autoptr(SyDseSpace) all = sy_dse_space_new(c, NULL, 0, NULL);
	g_autoptr(SyDseSpace) one = sy_dse_space_new(c, "k,i,j", 0, NULL);
	g_autoptr(SyDseSpace) pad = sy_dse_space_new(c, NULL, 1, NULL);
	GError *error = NULL;
	SyDseSpace *bad = sy_dse_space_new(c, "j,i,k", 0, &error);

	g_assert_null(bad);
	g_assert_error(error, SY_CONFIG_ERROR, SY_CONFIG_ERROR_INVALID);
	g_test_message("%s", error->message);
	g_clear_error(&error);
	g_assert_cmpuint(all->orders->len, ==, 3);
	g_assert_cmpuint(one->orders->len, ==, 1);
	g_assert_cmpuint(
		((GArray *)g_ptr_array_index(all->tiles, 0))->len, ==, 3);
	/* 4 pads to 6 in tiles of 3 (2 more), to 4 in tiles of 1, 2, 4. */
	g_assert_cmpuint(
		((GArray *)g_ptr_array_index(pad->tiles, 0))->len, ==, 3);
	g_assert_cmpuint(
		sy_dse_space_count(all), ==, 3 * sy_dse_space_count(one));
	g_test_message("mm 4x2x2 [i,j]: %" G_GUINT64_FORMAT " points",
		sy_dse_space_count(all));
	g_free(k.text);
}

/* cycles of mm's design at cfg, built as export builds it. */
static double cycles_at(
	const SyChoices *c, const SyConfig *cfg, const SyDevice *device)
{
	g_autoptr(SyPeArray) array = sy_pe_array_new(c, cfg, NULL);
	g_autoptr(SyDesign) design = array ? sy_design_new(array, NULL, NULL)
					   : NULL;
	g_autoptr(SyEstimate) e = NULL;

	g_assert_nonnull(design);
	g_assert_true(sy_export_complete(design, NULL, NULL));
	e = sy_design_estimate(design, device, NULL, NULL);
	g_assert_nonnull(e);
	return e->cycles;
}

/* Odyssey's pruning theorem in Systole's model, on mm 8x4x2 [i,j] at
 * tiles and latency factors that make i and j differ, over all six tile
 * orders: with k innermost, i,j,k and j,i,k give the same cycles at
 * every size tried; with k outside a loop that is tiled, partial
 * results of C cross tiles of k through DRAM, the host launches the
 * kernel once per tile of the loops outside k, and which of i and j
 * sits there changes the launches: i,k,j and j,k,i differ (768 and 576
 * cycles at tiles 2,2,1).  The theorem holds for the orders that keep
 * k innermost only; the search covers the choices' orders, the ones
 * export takes (--tile-order refuses the others). */
static void test_orders(void)
{
	static const char *const sizes[] = {"I=8", "J=4", "K=2", NULL};
	static const guint perms[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1},
		{1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
	static const gint64 tiles[][5] = {{8, 4, 2, 1, 1}, {2, 4, 2, 2, 1},
		{4, 2, 1, 2, 2}, {8, 1, 2, 4, 1}, {2, 2, 1, 1, 2}};
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		sizes};
	g_autoptr(SyAnalysis) a = kernel_new(&k, NULL);
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	int id = sy_config_find_space(a, "i,j", NULL);
	g_autoptr(SyChoices) c = sy_choices_new(
		a, g_ptr_array_index(a->candidates, id), NULL);

	for (guint t = 0; t < G_N_ELEMENTS(tiles); t++) {
		double cycles[6];

		for (guint p = 0; p < 6; p++) {
			g_autoptr(SyConfig) cfg = sy_config_new(c);

			for (guint m = 0; m < 3; m++) {
				cfg->tile[m] = tiles[t][m];
				cfg->order[m] = perms[p][m];
			}
			cfg->latency[0] = tiles[t][3];
			cfg->latency[1] = tiles[t][4];
			cycles[p] = cycles_at(c, cfg, device);
		}
		g_test_message("tiles %" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
			       ",%" G_GINT64_FORMAT ": i,j,k %.0f j,i,k %.0f "
			       "i,k,j %.0f j,k,i %.0f k,i,j %.0f k,j,i %.0f",
			tiles[t][0], tiles[t][1], tiles[t][2], cycles[0],
			cycles[1], cycles[2], cycles[3], cycles[4], cycles[5]);
		g_assert_cmpfloat(cycles[0], ==, cycles[1]);
		if (t == G_N_ELEMENTS(tiles) - 1) {
			g_assert_cmpfloat(cycles[2], ==, 768);
			g_assert_cmpfloat(cycles[3], ==, 576);
		}
	}
	g_free(k.text);
}

/* mm 2x2x2 [i,j] in order i,j,k (27 points, each its own class) with
 * two threads: the search's classes, bounds, exact path and threads,
 * its optimum 72 cycles as brute force finds it (not under valgrind,
 * where the search alone takes a minute; the forms' paths are
 * test-form's, under valgrind too). */
static void test_mm_tiny(void)
{
	static const char *const sizes[] = {"I=2", "J=2", "K=2", NULL};
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		sizes};
	g_autoptr(SyDseResult)
		two = search_order(&k, "i,j", "i,j,k", FALSE, 2, 3, 1);
	const SyDseDesign *best = two->best->pdata[0];

	g_assert_cmpuint(two->stats.points, ==, 27);
	g_assert_cmpfloat(best->cycles, ==, 72);
	if (sy_test_stride() == 1) {
		g_autoptr(SyDseResult)
			brute = search_order(&k, "i,j", "i,j,k", TRUE, 1, 3, 0);

		assert_same(brute, two);
	}
	g_free(k.text);
}

/* The fill bound (dse/bound.h) on u250's DDR port (512 bits a cycle at
 * 300 MHz, bursts of 20 cycles to start): mm 1024^3 [i,j] at tiles
 * 128^3 reads 128 x 128 floats of A or of B a tile (1,024 beats) and
 * writes 128 x 128 of C: 2 x (1,024 + 20) = 2,088 cycles, which the
 * design there spends at least in its prologue and epilogue (the
 * search's optimum: 1,053,231 cycles).  lu.c's triangular domains give
 * no bound. */
static void test_bound(void)
{
	static const char *const sizes[] = {"I=1024", "J=1024", "K=1024", NULL};
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		sizes};
	Kernel lu = {"lu.c", example_text("lu.c", (const char *const[]){NULL}),
		NULL};
	g_autoptr(SyAnalysis) a = kernel_new(&k, NULL);
	g_autoptr(SyAnalysis) b = kernel_new(&lu, NULL);
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	SyModelTarget t = {device->clock_mhz, device->channel_bits,
		device->channel_gbps, device->banks, SY_MODEL_BURST_CYCLES};
	int id = sy_config_find_space(a, "i,j", NULL);
	g_autoptr(SyChoices) c = sy_choices_new(
		a, g_ptr_array_index(a->candidates, id), NULL);
	g_autoptr(SyChoices) lu_c = sy_choices_new(
		b, g_ptr_array_index(b->candidates, 0), NULL);
	g_autoptr(SyDseBound) bound = sy_dse_bound_new(c, &t);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyEstimate) e = NULL;
	g_autoptr(SyDseBound) none = sy_dse_bound_new(lu_c, &t);

	g_assert_nonnull(bound);
	g_assert_null(none);
	for (guint m = 0; m < 3; m++)
		cfg->tile[m] = 128;
	g_assert_cmpfloat(sy_dse_bound_fill(bound, cfg), ==, 2088);
	/* In order i,j,k, A's and B's tiles change at each of the 512
	 * tiles, C's at each of the 64 of i and j: 512 loads of 16,384
	 * words, 1,024 beats and the burst's 20 cycles each. */
	g_assert_cmpfloat(sy_dse_bound_steady(bound, cfg), ==, 512 * 1044);
	/* At 32^3: 32,768 loads of 64 beats. */
	for (guint m = 0; m < 3; m++)
		cfg->tile[m] = 32;
	g_assert_cmpfloat(sy_dse_bound_steady(bound, cfg), ==, 32768 * 84);
	/* In order k,i,j, i's and j's tiles move inside k's: C's tile
	 * changes at every tile too (512), B's too, A's stays over j (64
	 * changes). */
	for (guint m = 0; m < 3; m++)
		cfg->tile[m] = 128;
	g_assert_true(sy_config_set_order(cfg, c, "k,i,j", NULL));
	g_assert_cmpfloat(sy_dse_bound_steady(bound, cfg), ==, 512 * 1044);
	g_assert_true(sy_config_set_order(cfg, c, "i,j,k", NULL));
	/* A design of 1,024 PEs: seconds under valgrind. */
	if (sy_test_stride() > 1) {
		g_free(k.text);
		g_free(lu.text);
		return;
	}
	cfg->latency[1] = 128;
	cfg->simd = 0;
	cfg->simd_factor = 8;
	array = sy_pe_array_new(c, cfg, NULL);
	design = sy_design_new(array, NULL, NULL);
	g_assert_true(sy_export_complete(design, NULL, NULL));
	e = sy_design_estimate(design, device, NULL, NULL);
	g_assert_nonnull(e);
	g_assert_cmpfloat(e->cycles, ==, 1053231);
	g_assert_cmpfloat(e->prologue + e->epilogue, >=, 2088);
	g_assert_cmpfloat(e->steady, >=, 512 * 1044);
	g_test_message("mm 1024^3 at 128^3: prologue %g, epilogue %g, fill "
		       "bound 2088",
		e->prologue, e->epilogue);
	g_free(k.text);
	g_free(lu.text);
}

/* The objectives and the front against brute force done here: every
 * design in the budget by the exact path (top 10000: all of them, each
 * with its off-chip bytes), scored by the formulas of search.h, sorted by (score,
 * point); the front the designs no other dominates (or equals with a
 * point before it).  The search: forms on every class of two points or
 * more, two threads. */
typedef struct {
	const SyDseOptions *o;
	const SyDevice *device;
	double instances;
} Scoring;

static double score_of(const Scoring *sc, const SyDseDesign *d)
{
	const SyResources *r = &d->resources;
	double dsp = r->v[SY_RESOURCE_DSP];
	/* MIX's normalisers: one lane's cycles (the instances), the DSP
	 * budget (70 % of the SLRs'), the bytes a cycle of all
	 * the memory's banks. */
	const SyDevice *dev = sc->device;
	double c0 = sc->instances, d0;
	double b0 = dev->banks * dev->channel_gbps * 1e3 / dev->clock_mhz;
	SyResources budget;

	sy_device_budget(dev, NULL, &budget);
	d0 = budget.v[SY_RESOURCE_DSP];

	switch (sc->o->objective) {
	case SY_DSE_THROUGHPUT_PER_DSP: return d->cycles * MAX(dsp, 1);
	case SY_DSE_TRAFFIC: return d->offchip_bytes;
	case SY_DSE_MIX:
		return sc->o->weights[0] * d->cycles / c0 +
			sc->o->weights[1] * dsp / d0 +
			sc->o->weights[2] * d->offchip_bytes / (b0 * c0);
	case SY_DSE_LATENCY: break;
	}
	return d->cycles;
}

static const Scoring *sorting;

static int by_score(gconstpointer pa, gconstpointer pb)
{
	const SyDseDesign *a = *(SyDseDesign *const *)pa;
	const SyDseDesign *b = *(SyDseDesign *const *)pb;
	double x = score_of(sorting, a), y = score_of(sorting, b);

	if (x != y)
		return x < y ? -1 : 1;
	return sy_dse_point_compare(a->config, b->config);
}

/* The search's top 3 and its scores == all's sorted by the formula. */
static void check_objective(
	const SyDseResult *all, const SyDseResult *r, const Scoring *sc)
{
	g_autoptr(GPtrArray) sorted = g_ptr_array_new();

	for (guint i = 0; i < all->best->len; i++)
		g_ptr_array_add(sorted, all->best->pdata[i]);
	sorting = sc;
	g_ptr_array_sort(sorted, by_score);
	g_assert_cmpuint(r->best->len, ==, 3);
	for (guint i = 0; i < r->best->len; i++) {
		const SyDseDesign *x = g_ptr_array_index(sorted, i);
		const SyDseDesign *y = g_ptr_array_index(r->best, i);

		g_assert_cmpint(
			sy_dse_point_compare(x->config, y->config), ==, 0);
		g_assert_cmpfloat(x->cycles, ==, y->cycles);
		g_assert_cmpfloat(score_of(sc, x), ==, y->score);
	}
}

/* Whether x dominates y over (cycles, DSPs, BRAM18K) or equals it with
 * a point before y's. */
static gboolean off_front(const SyDseDesign *x, const SyDseDesign *y)
{
	const double *a = x->resources.v, *b = y->resources.v;
	int dsp = SY_RESOURCE_DSP, bram = SY_RESOURCE_BRAM18K;

	if (x->cycles > y->cycles || a[dsp] > b[dsp] || a[bram] > b[bram])
		return FALSE;
	return x->cycles < y->cycles || a[dsp] < b[dsp] || a[bram] < b[bram] ||
		sy_dse_point_compare(x->config, y->config) < 0;
}

static void check_front(const SyDseResult *all, const SyDseResult *r)
{
	guint n = 0;

	for (guint i = 0; i < all->best->len; i++) {
		const SyDseDesign *y = g_ptr_array_index(all->best, i);
		gboolean on = TRUE, found = FALSE;

		for (guint k = 0; on && k < all->best->len; k++)
			on = k == i ||
				!off_front(g_ptr_array_index(all->best, k), y);
		for (guint k = 0; k < r->pareto->len; k++)
			found |= !sy_dse_point_compare(y->config,
				((SyDseDesign *)r->pareto->pdata[k])->config);
		g_assert_true(on == found);
		n += on;
	}
	g_assert_cmpuint(r->pareto->len, ==, n);
}

/* Each objective's top 3 and optimum (best[objective]), and with
 * latency the front, on k's space in order (NULL: every one) of a
 * kernel of instances (MIX's C); forms answer points of each objective
 * but those of no_forms (a bit each: their bounds leave no class two
 * points under the incumbent). */
static void check_objectives(Kernel *k, const char *space, const char *order,
	double instances, const double *best, guint no_forms)
{
	static const SyDseObjective objectives[] = {SY_DSE_LATENCY,
		SY_DSE_THROUGHPUT_PER_DSP, SY_DSE_TRAFFIC, SY_DSE_MIX};
	g_autoptr(SyDevice) device = board_new();
	g_autoptr(SyDseResult) all = NULL;

	memset(&extra, 0, sizeof(extra));
	extra.objective = SY_DSE_TRAFFIC;
	all = search_order(k, space, order, TRUE, 1, 10000, 0);
	for (guint c = 0; c < G_N_ELEMENTS(objectives); c++) {
		g_autoptr(SyDseResult) r = NULL;
		Scoring sc = {&extra, device, instances};

		/* Under valgrind: the front and the form's bytes (latency,
		 * traffic); the others only score differently. */
		if (sy_test_under_valgrind() && c % 2)
			continue;

		memset(&extra, 0, sizeof(extra));
		extra.objective = objectives[c];
		extra.weights[0] = extra.weights[1] = extra.weights[2] = 1;
		extra.pareto = c == 0;
		/* One thread: with two, which points the bounds leave out
		 * (and whether a class is left enough for a form) hangs on
		 * when each thread's incumbent comes. */
		r = search_order(k, space, order, FALSE, 1, 3, 1);
		g_test_message(
			"%s objective %d: best %.17g (%.0f cycles), "
			"%" G_GUINT64_FORMAT " evaluated (%" G_GUINT64_FORMAT
			" by forms), %" G_GUINT64_FORMAT " pruned; front %u",
			k->name, objectives[c],
			((SyDseDesign *)r->best->pdata[0])->score,
			((SyDseDesign *)r->best->pdata[0])->cycles,
			r->stats.evaluated, r->stats.fast, r->stats.pruned,
			r->pareto->len);
		g_assert_true((r->stats.fast > 0) == !(no_forms >> c & 1));
		check_objective(all, r, &sc);
		g_assert_cmpfloat(
			((SyDseDesign *)r->best->pdata[0])->score, ==, best[c]);
		if (extra.pareto)
			check_front(all, r);
	}
	memset(&extra, 0, sizeof(extra));
	g_test_message("brute force: %u designs in the budget", all->best->len);
}

/* fir 8x2 [i] (60 points, forms answering 10): one design is the
 * optimum of every objective (85 cycles, 3 DSPs, 108 bytes). */
static void test_objectives(void)
{
	static const double best[] = {85, 255, 108, 5.3391707251082252};
	Kernel k = {"fir.c",
		example_text("fir.c",
			(const char *const[]){"N", "8", "T", "2", NULL}),
		NULL};

	check_objectives(&k, "i", NULL, 16, best, 1u << SY_DSE_MIX);
	g_free(k.text);
}

/* mm 8x4x2 [i,j] in order i,j,k (180 points, forms answering 36): a
 * different optimum for each of the first three objectives; not under
 * valgrind (36 s of CPU without). */
static void test_objectives_mm(void)
{
	static const double best[] = {90, 645, 352, 1.4326388888888888};
	static const char *const sizes[] = {"I=8", "J=4", "K=2", NULL};
	Kernel k = {"mm.c", example_text("mm.c", (const char *const[]){NULL}),
		sizes};

	if (sy_test_under_valgrind()) {
		g_test_skip("36 s of CPU without valgrind");
		g_free(k.text);
		return;
	}
	check_objectives(&k, "i,j", "i,j,k", 64, best, 1u << SY_DSE_MIX);
	g_free(k.text);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/dse/space", test_space);
	g_test_add_func("/dse/bound", test_bound);
	g_test_add_func("/dse/mm-tiny", test_mm_tiny);
	/* Brute force builds a design per point: seconds each here,
	 * too long under valgrind, where the tests above cover the same
	 * code. */
	if (sy_test_stride() > 1)
		return g_test_run();
	g_test_add_func("/dse/orders", test_orders);
	g_test_add_func("/dse/mm", test_mm);
	g_test_add_func("/dse/mm-forms", test_mm_forms);
	g_test_add_func("/dse/mm-budget", test_mm_budget);
	g_test_add_func("/dse/mm-pad", test_mm_pad);
	g_test_add_func("/dse/gemv", test_gemv);
	g_test_add_func("/dse/fir", test_fir);
	g_test_add_func("/dse/objectives", test_objectives);
	g_test_add_func("/dse/objectives-mm", test_objectives_mm);
	return g_test_run();
}
