/* The exact search on data/examples/mm.c (argv[1]: the folder) at
 * 1024^3 over [i,j] (every tile order), on the
 * U250: points, classes, forms, evaluations a second (by forms and in
 * all) and the time to the proven optimum, or the best found within the
 * time limit (argv[2] seconds, default 600) and threads (argv[3],
 * default 1). */
#include <stdio.h>
#include <stdlib.h>

#include "dse/search.h"
#include "model/device.h"
#include "testutil.h"

static const char *const sizes[] = {"I=1024", "J=1024", "K=1024", NULL};

/* data/examples/mm.c (B stored transposed) at 1024^3. */
static SyAnalysis *mm_new(gpointer data, GError **error)
{
	g_autofree char *path = g_build_filename(data, "mm.c", NULL);
	SyAnalysisOptions o = {sizes, NULL, 2, 0, FALSE};

	return sy_analysis_new_from_file(path, &o, error);
}

int main(int argc, char **argv)
{
	double limit = argc > 2 ? atof(argv[2]) : 600;
	guint threads = argc > 3 ? (guint)atoi(argv[3]) : 1;
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	g_autoptr(GArray) ids = g_array_new(FALSE, FALSE, sizeof(guint));
	char *dir = argc > 1 ? argv[1] : ".";
	SyAnalysis *a = mm_new(dir, NULL);
	SyDseOptions o = {.top = 1, .threads = threads, .time_limit = limit};
	g_autoptr(SyDseResult) r = NULL;
	const SyDseStats *st;
	GError *error = NULL;
	int id = sy_config_find_space(a, "i,j", &error);

	g_assert_no_error(error);
	g_array_append_val(ids, id);
	r = sy_dse_search(a, mm_new, dir, ids, device, &o, &error);
	g_assert_no_error(error);
	st = &r->stats;
	printf("mm 1024^3 [i,j], %u thread(s): %s in %.1f s\n", threads,
		r->complete ? "proven optimum" : "time limit, best found",
		st->seconds);
	printf("  %" G_GUINT64_FORMAT " points, %" G_GUINT64_FORMAT
	       " classes, %" G_GUINT64_FORMAT " forms, %" G_GUINT64_FORMAT
	       " designs built (%.2f s each)\n",
		st->points, st->classes, st->forms, st->designs,
		st->designs ? st->seconds * threads / st->designs : 0);
	printf("  %" G_GUINT64_FORMAT " evaluated (%" G_GUINT64_FORMAT
	       " by forms, %" G_GUINT64_FORMAT " exact), %" G_GUINT64_FORMAT
	       " pruned (%" G_GUINT64_FORMAT
	       " by the PE's II), %" G_GUINT64_FORMAT
	       " refused: %.0f evaluations/s\n",
		st->evaluated, st->fast, st->exact, st->pruned, st->ii_pruned,
		st->refused, st->evaluated / st->seconds);
	if (r->best->len)
		printf("  best: %.1f cycles, found after %.1f s\n",
			((SyDseDesign *)r->best->pdata[0])->cycles,
			((SyDseDesign *)r->best->pdata[0])->seconds);
	return 0;
}
