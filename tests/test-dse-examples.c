/* The exact search held to brute force (dse-check.h: every point by the
 * exact path, no bound, no form, against the search with one thread,
 * two, and forms on every class; the same top 3, and the optimum's
 * cycles) on small problems of the nine examples test-dse.c leaves
 * out: a dataflow of each, a two-dimensional array wherever the kernel
 * has one, two of dp, lu and trmm.
 *
 * The sizes keep each space to tens of points (a design by the exact
 * path costs 0.05 to 0.2 s here): 2 or 3 on the loops of the band
 * (gemm's k: 6, below), 1 on the band loops that are no space loop in
 * conv (r, c), mttkrp, ttm and ttmc (j): one tile and one latency
 * factor there.  3 on the loops inside the band of conv, mttkrp and
 * ttmc.  conv, gemm, mm_init, trmm, ttm and ttmc take one tile order
 * (a third or a fourth of their space); gemm's k of 6 gives classes
 * of two points (tiles 2 and 3), which forms answer.
 *
 * At these sizes the compute bound prunes nothing: the designs' fixed
 * costs (fill, drain and I/O, 70 cycles and more) exceed any point's
 * instances over its lanes, so brute force and the search evaluate the
 * same points, in another order: by class, on threads, and by forms.
 * The budget bound does prune: mttkrp on the tiny board.  Under
 * valgrind (a design takes 2 to 8 s there) and ASan (the sweeps'
 * stride above 1 in both) only dp 2x2 [i] runs. */
#include <string.h>

#include "dse-check.h"
#include "testutil.h"

typedef struct {
	const char *name; /* the example's file */
	const char *const *sizes; /* NAME, VALUE pairs */
	const char *space, *order; /* order NULL: every one */
	double cycles; /* the optimum, as brute force finds it */
	gboolean valgrind; /* in the subset run under valgrind */
} Case;

#define SIZES(...) ((const char *const[]){__VA_ARGS__, NULL})

/* Each optimum is the least of brute force's designs, all of them
 * between 72 and 150 cycles: the fixed costs above. */
static const Case cases[] = {
	{"conv.c", SIZES("O", "2", "I", "2", "R", "1", "C", "1", "K", "3"),
		"o,i", "o,r,c,i", 150, FALSE},
	{"dp.c", SIZES("N", "2", "M", "2"), "i", NULL, 92, TRUE},
	{"dp.c", SIZES("N", "4", "M", "4"), "i", NULL, 150, FALSE},
	{"dp.c", SIZES("N", "4", "M", "4"), "j", NULL, 132, FALSE},
	{"gemm.c", SIZES("I", "2", "J", "2", "K", "6"), "i,j", "i,j,k", 102,
		FALSE},
	{"lu.c", SIZES("N", "3"), "k,i", NULL, 147, FALSE},
	{"lu.c", SIZES("N", "3"), "i,j", NULL, 96, FALSE},
	{"mm_init.c", SIZES("I", "2", "J", "2", "K", "2"), "i,j", "i,j,k", 72,
		FALSE},
	{"mttkrp.c", SIZES("I", "2", "J", "1", "K", "2", "L", "3"), "i,k", NULL,
		92, FALSE},
	{"trmm.c", SIZES("N", "3", "M", "2"), "i,j", "i,j,k", 87, FALSE},
	{"trmm.c", SIZES("N", "3", "M", "2"), "i,k", "i,j,k", 87, FALSE},
	{"ttm.c", SIZES("I", "2", "J", "1", "K", "2", "L", "3"), "i,k",
		"i,k,j,l", 81, FALSE},
	{"ttmc.c", SIZES("I", "2", "J", "1", "K", "2", "L", "2", "M", "3"),
		"i,l", "i,j,k,l", 92, FALSE},
};

/* The sizes' values, "2x2x6". */
static char *size_text(const char *const *sizes)
{
	GString *out = g_string_new(NULL);

	for (guint k = 0; sizes[k]; k += 2)
		g_string_append_printf(out, "%s%s", k ? "x" : "", sizes[k + 1]);
	return g_string_free(out, FALSE);
}

static void test_case(gconstpointer data)
{
	const Case *c = data;

	check_kernel_order(
		c->name, c->sizes, NULL, c->space, c->order, c->cycles);
}

/* dp 4x4 [i,j]: D enters the array along two paths, which the HLS
 * backend refuses at every size; brute force and the search refuse
 * the same 9 points and find no design. */
static void test_dp_refused(void)
{
	Kernel k = {
		"dp.c", example_text("dp.c", SIZES("N", "4", "M", "4")), NULL};
	g_autoptr(SyDseResult) brute = search(&k, "i,j", TRUE, 1, 3, 0);
	g_autoptr(SyDseResult) forms = search(&k, "i,j", FALSE, 2, 3, 1);

	g_test_message("dp.c [i,j]: %" G_GUINT64_FORMAT
		       " points, brute force %" G_GUINT64_FORMAT
		       " refused, search %" G_GUINT64_FORMAT " refused",
		brute->stats.points, brute->stats.refused,
		forms->stats.refused);
	g_assert_cmpuint(brute->stats.points, ==, 9);
	g_assert_cmpuint(brute->stats.refused, ==, 9);
	g_assert_cmpuint(forms->stats.refused, ==, 9);
	g_assert_cmpuint(brute->best->len, ==, 0);
	assert_same(brute, forms);
	g_free(k.text);
}

/* mttkrp 2x1x2x3 [i,k] on a tiny board (40 DSPs, 16,000 LUTs; 28 in
 * the budget), against brute force: the PEs' resources alone put 15
 * points over it, which brute force finds over and the bound leaves
 * out, unevaluated; the cycles' bound leaves out none (of its 21
 * classes only the last 5 know what others found: the first 5's, by
 * SY_DSE_WINDOW); the u250's optimum, 92 cycles, fits. */
static void test_mttkrp_budget(void)
{
	Kernel k = {"mttkrp.c",
		example_text("mttkrp.c",
			SIZES("I", "2", "J", "1", "K", "2", "L", "3")),
		NULL};

	check_budget(&k, "mttkrp 2x1x2x3", "i,k", 15, 0, 92);
	g_free(k.text);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : SYSTOLE_EXAMPLES_DIR;
	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		const Case *c = &cases[i];
		g_autofree char *stem = g_strndup(
			c->name, strlen(c->name) - strlen(".c"));
		g_autofree char *size = size_text(c->sizes);
		g_autofree char *path = g_strdup_printf(
			"/dse-examples/%s/%s/%s%s%s", stem, size, c->space,
			c->order ? "/" : "", c->order ? c->order : "");

		/* Under valgrind and ASan, the cases of a few points
		 * only. */
		if (sy_test_stride() > 1 && !c->valgrind)
			continue;
		g_test_add_data_func(path, c, test_case);
	}
	if (sy_test_stride() == 1)
		g_test_add_func(
			"/dse-examples/mttkrp/budget", test_mttkrp_budget);
	if (sy_test_stride() == 1)
		g_test_add_func(
			"/dse-examples/dp/4x4/i,j/refused", test_dp_refused);
	return g_test_run();
}
