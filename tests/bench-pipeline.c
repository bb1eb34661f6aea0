/* The explorer's pipeline while a size changes, without a display: mm.c
 * on its [i,j] array at 16,16,16 / 8,8 / 2, then the k tile and the SIMD
 * width stepped through sizes of that class (8 / 2, 16 / 4, 32 / 8, 16
 * / 2, ...) one every 50 ms.  Per step, the time from the size change
 * (sy_pipeline_set_config) to its estimate published (notify::
 * estimate, for the newest request): with the models' form, at once on
 * the main thread; without it (SYSTOLE_BENCH_NO_FORM: 2 and 4 PEs along
 * i in turn, sizes of another class each time), by the step's job.
 * SYSTOLE_BENCH_STEP_ONE: the k tile stepped by one, 16 to 28, each step
 * after the last one's jobs (a pause, as a user makes between key
 * presses): how many steps the forms one step away answered at once.
 * Prints medians and maxima; not a test. */
#include <stdio.h>
#include <stdlib.h>

#include "sy-pipeline.h"
#include "testutil.h"

static gint64 asked;
static GArray *ages; /* double, ms */
static guint at_once; /* estimates published before their job's result */

/* data: whether the newest request's estimate comes from its job (else
 * from the form, at once). */
static void published(SyPipeline *p, GParamSpec *pspec, gpointer data)
{
	double ms = (double)(g_get_monotonic_time() - asked) / 1000.0;
	gboolean by_job = GPOINTER_TO_INT(data);

	(void)pspec;
	if (asked && sy_pipeline_get_estimate(p) &&
		(!by_job ||
			sy_pipeline_get_generation(p) ==
				sy_pipeline_get_requested(p))) {
		g_array_append_val(ages, ms);
		at_once += sy_pipeline_get_generation(p) !=
			sy_pipeline_get_requested(p);
		asked = 0;
	}
}

static int compare(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void pump(gint64 until)
{
	while (g_get_monotonic_time() < until)
		if (!g_main_context_iteration(NULL, FALSE))
			g_usleep(200);
}

static void wait_idle(SyPipeline *p)
{
	while (sy_pipeline_is_busy(p) || sy_pipeline_count_jobs())
		if (!g_main_context_iteration(NULL, FALSE))
			g_usleep(200);
}

int main(int argc, char **argv)
{
	static const char *const k[] = {"8", "16", "32", "16"};
	static const char *const simd[] = {"k=2", "k=4", "k=8", "k=2"};
	gboolean no_form = g_getenv("SYSTOLE_BENCH_NO_FORM") != NULL;
	gboolean step_one = g_getenv("SYSTOLE_BENCH_STEP_ONE") != NULL;
	g_autofree char *path = NULL, *text = NULL;
	g_autoptr(SyPipeline) p = sy_pipeline_new();
	g_autoptr(SyConfig) cfg = NULL;
	const SyChoices *c;
	GError *error = NULL;
	const guint n = 40;

	if (argc != 2)
		g_error("usage: bench-pipeline EXAMPLES_DIR");
	path = g_build_filename(argv[1], "mm.c", NULL);
	if (!g_file_get_contents(path, &text, NULL, &error))
		g_error("%s", error->message);
	ages = g_array_new(FALSE, FALSE, sizeof(double));
	sy_pipeline_set_source(p, path, text, -1, NULL, 0);
	wait_idle(p);
	c = sy_pipeline_get_choices(p);
	cfg = sy_config_copy(sy_pipeline_get_config(p));
	sy_test_config_apply(cfg, c, "i=16,j=16,k=16", "i=8,j=8", "k=2");
	sy_pipeline_set_config(p, cfg);
	wait_idle(p);
	if (!no_form && !sy_pipeline_has_form(p))
		g_error("no form for mm.c at 16,16,16 / 8,8 / 2");
	g_signal_connect(p, "notify::estimate", G_CALLBACK(published),
		GINT_TO_POINTER(no_form));
	for (guint s = 0; step_one && s < 12; s++) {
		g_autofree char *tile = g_strdup_printf(
			"i=16,j=16,k=%u", 17 + s);

		sy_test_config_apply(cfg, c, tile, "i=8,j=8", "k=1");
		asked = g_get_monotonic_time();
		sy_pipeline_set_config(p, cfg);
		wait_idle(p);
	}
	if (step_one) {
		g_array_sort(ages, compare);
		printf("k tile stepped by one, 17 to 28, after a pause each: "
		       "%u of %u estimates at once by the forms one step "
		       "away; size change to its estimate published: median "
		       "%.3f ms, max %.3f ms\n",
			at_once, ages->len,
			ages->len ? g_array_index(ages, double, ages->len / 2)
				  : 0,
			ages->len ? g_array_index(ages, double, ages->len - 1)
				  : 0);
		g_array_unref(ages);
		return 0;
	}
	for (guint s = 0; s < n; s++) {
		/* Without the form: 2 and 4 PEs along i in turn, two
		 * classes. */
		g_autofree char *tile = g_strdup_printf("i=%s,j=16,k=%s",
			no_form && s % 2 ? "32" : "16", k[s % 4]);

		sy_test_config_apply(cfg, c, tile, "i=8,j=8", simd[s % 4]);
		asked = g_get_monotonic_time();
		sy_pipeline_set_config(p, cfg);
		/* Each step's estimate before the next (a job takes some
		 * tens of ms; the form's is there before this returns). */
		while (asked && g_get_monotonic_time() - asked < 2000000)
			if (!g_main_context_iteration(NULL, FALSE))
				g_usleep(100);
		pump(g_get_monotonic_time() + 50 * 1000);
	}
	wait_idle(p);
	g_array_sort(ages, compare);
	printf("%s: %u steps, size change to its estimate published: median "
	       "%.3f ms, max %.3f ms\n",
		no_form ? "by the steps' jobs (sizes of another class each "
			  "time)"
			: "by the models' form (sizes of one class)",
		ages->len,
		ages->len ? g_array_index(ages, double, ages->len / 2) : 0,
		ages->len ? g_array_index(ages, double, ages->len - 1) : 0);
	g_array_unref(ages);
	return 0;
}
