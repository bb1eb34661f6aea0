/* The searches over Odyssey's space with Odyssey's model
 * (dse/odyssey-search.h) on the problems odyssey.md quotes: the exact
 * search's time to the proven optimum over all 18 designs of K0
 * (128x256x512) with 1 and 2 threads, and over kernel3_2 of 1024^3
 * with one, and over all 18 of 1024^3; evaluations a second; the
 * padding-based and genetic baselines on the same problems (but the
 * 18 designs of 1024^3), with their gap; the exact search over
 * the 30 convolution designs of Odyssey's four VGG16 layers (alone:
 * `bench-dse-odyssey vgg16`).  It prints, it asserts nothing but that
 * the searches ran. */
#include <stdio.h>

#include "dse/odyssey-search.h"

static SyDseOdysseyResult *run(const char *what, SyDseOdysseyOptions *o,
	SyDseOdysseyResult *(*method)(const SyDseOdysseyOptions *, GError **),
	double exact)
{
	g_autoptr(GError) error = NULL;
	SyDseOdysseyResult *r = method(o, &error);
	const SyDseOdysseyStats *st;
	const SyDseOdysseyDesign *d;
	g_autofree char *sa = NULL;

	g_assert_no_error(error);
	st = &r->stats;
	d = &g_array_index(r->best, SyDseOdysseyDesign, 0);
	sa = sy_dse_odyssey_sa_sizes(o->kernel, d);
	printf("%s, %u thread(s): %.3f s, %" G_GUINT64_FORMAT
	       " points, %" G_GUINT64_FORMAT " evaluated (%" G_GUINT64_FORMAT
	       " feasible, %" G_GUINT64_FORMAT
	       " under their bound), %.0f evaluations/s\n",
		what, o->threads, st->seconds, st->points, st->evaluated,
		st->feasible, st->violations,
		st->evaluated / MAX(st->seconds, 1e-9));
	printf("  best %.2f cycles kernel%u_%u %s", d->cycles, d->dataflow,
		d->order, sa);
	if (exact > 0)
		printf("  gap %.3f %%", (d->cycles - exact) / exact * 100);
	printf("\n");
	return r;
}

/* The exact search with 1 to max_threads threads, then (baselines)
 * padding-based and genetic with their gap. */
static void problem(const char *name, gint64 i, gint64 j, gint64 k,
	guint designs, guint max_threads, gboolean baselines)
{
	SyDseOdysseyOptions o = {.size = {i, j, k}, .designs = designs};
	double exact = 0;
	g_autofree char *what = NULL;

	for (guint t = 1; t <= max_threads; t++) {
		SyDseOdysseyResult *r;

		o.threads = t;
		what = g_strdup_printf("%s exact", name);
		r = run(what, &o, sy_dse_odyssey_search, 0);
		g_clear_pointer(&what, g_free);
		exact = g_array_index(r->best, SyDseOdysseyDesign, 0).cycles;
		sy_dse_odyssey_result_free(r);
	}
	if (!baselines)
		return;
	o.threads = 1;
	what = g_strdup_printf("%s padding", name);
	sy_dse_odyssey_result_free(
		run(what, &o, sy_dse_odyssey_padding, exact));
	g_clear_pointer(&what, g_free);
	what = g_strdup_printf("%s genetic", name);
	sy_dse_odyssey_result_free(
		run(what, &o, sy_dse_odyssey_genetic, exact));
}

/* Odyssey's four VGG16 layers (odyssey.md §6.2, as i, o, r, c, p, q):
 * the exact search over the 30 convolution designs, one thread. */
static void vgg16(void)
{
	static const gint64 layers[4][6] = {
		{64, 128, 112, 112, 3, 3},
		{256, 512, 28, 28, 3, 3},
		{64, 64, 224, 224, 3, 3},
		{512, 512, 14, 14, 3, 3},
	};

	for (guint l = 0; l < G_N_ELEMENTS(layers); l++) {
		const gint64 *v = layers[l];
		SyDseOdysseyOptions o = {.kernel = SY_DSE_ODYSSEY_CONV,
			.size = {v[1], v[2], v[3], v[0]},
			.window = {v[4], v[5]},
			.threads = 1};
		g_autofree char *what = g_strdup_printf(
			"conv VGG16 (%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
			",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
			",3,3), 30 designs, exact",
			v[0], v[1], v[2], v[3]);

		sy_dse_odyssey_result_free(
			run(what, &o, sy_dse_odyssey_search, 0));
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && g_str_equal(argv[1], "vgg16")) {
		vgg16();
		return 0;
	}
	vgg16();
	/* padding-based over the 18 designs of 1024^3 takes minutes
	 * (3 x 10^8 points): kernel3_2's alone. */
	problem("mm 128x256x512, 18 designs", 128, 256, 512, 0, 2, TRUE);
	problem("mm 1024^3, kernel3_2", 1024, 1024, 1024, 1u << 11, 1, TRUE);
	problem("mm 1024^3, 18 designs", 1024, 1024, 1024, 0, 2, FALSE);
	return 0;
}
