/* What the models cost: the exact path (sy_design_estimate on a
 * completed design: resources, latency, fit) per design, on large
 * designs where a model that enumerated tiles, PEs or iterations would
 * show it.  Prints milliseconds (median of RUNS); not a test. */
#include <stdio.h>
#include <stdlib.h>

#include "comm/kernel-facts.h"
#include "model/form.h"
#include "model/latency.h"
#include "model/model.h"
#include "poly/names.h"
#include <time.h>

#include "testutil.h"
#include "testmodel.h"

#define RUNS 5

static int compare(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The process's CPU time: rates per second of one core, whatever
 * else the (shared) machine runs. */
static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* sy_latency_eval on inputs read once, per second of one core: what a
 * change of target (clock, DRAM) costs once the design's loops are
 * numbers.  Not a form in the sizes: those need a new design. */
static double evals_per_second(const SyDesign *design)
{
	g_autoptr(SyLatencyInputs) in = sy_latency_inputs_new(design, NULL);
	SyModelTarget t = {300, 512, 19.2, 4, 20};
	double sum = 0, start = now_ms(), p, s, e;
	gint64 n = 0;
	int b;

	if (!in)
		return 0;
	do {
		for (int k = 0; k < 10000; k++, n++) {
			t.mhz = 200 + (double)(k & 63);
			sum += sy_latency_eval(in, &t, &p, &s, &e, &b);
		}
	} while (now_ms() - start < 200);
	/* sum keeps the calls; it is never 0 for a design that runs. */
	return sum > 0 ? (double)n / ((now_ms() - start) / 1000.0) : 0;
}

/* The form checked at its probe's sizes, as its users check it. */
static void probe(const SyAnalysis *a, const SyChoices *c, SyModelForm *form)
{
	SyConfig *next;

	while ((next = sy_model_form_next_probe(form))) {
		g_autoptr(SyConfig) cfg = next;
		g_autoptr(SyPeArray) array = NULL;
		g_autoptr(SyDesign)
			design = sy_test_design_at(a, c, cfg, &array);
		GError *error = NULL;

		if (design && !sy_model_form_check(form, design, &error))
			g_error("%s", error->message);
	}
}

/* The fast path on the class's sizes: the tape replayed (the first
 * call records it), then sy_latency_eval. */
static void replay(SyModelForm *form, const GPtrArray *class)
{
	double start, sum = 0, p, st, e;
	guint64 replayed, read;
	gint64 evals = 0;
	gsize ops;
	gboolean reads;
	int b;

	sy_model_form_latency(form, class->pdata[0], NULL);
	start = now_ms();
	do {
		for (int r = 0; r < 1000; r++)
			for (guint k = 0; k < class->len; k++, evals++) {
				const SyLatencyInputs *in =
					sy_model_form_latency(
						form, class->pdata[k], NULL);

				sum += in ? sy_latency_eval(in, &sy_test_u250,
						    &p, &st, &e, &b)
					  : 0;
			}
	} while (now_ms() - start < 500);
	sy_model_form_replays(form, &replayed, &read, &ops, &reads);
	printf("  tape replayed: %.0f evaluations/s (%zu operations; "
	       "%" G_GUINT64_FORMAT " replayed, %" G_GUINT64_FORMAT
	       " read%s)\n",
		sum > 0 ? (double)evals / ((now_ms() - start) / 1000.0) : 0,
		ops, replayed, read, reads ? "; reads the design" : "");
}

/* The fast path: the class's sizes (repeated to fill 1024 lanes)
 * through the form's tapes side by side, for the cycles alone or for
 * cycles and resources. */
static gboolean batch_once(SyModelForm *form, const SyConfig **sizes, gsize n,
	gboolean resources, SyFormPoint *points, double *cycles)
{
	if (resources)
		return sy_model_form_points(
			form, &sy_test_u250, NULL, sizes, n, points, NULL);
	return sy_model_form_cycles(
		form, &sy_test_u250, sizes, n, cycles, NULL);
}

static void batch(SyModelForm *form, const GPtrArray *class, gboolean resources)
{
	enum { N = 1024 };
	g_autofree const SyConfig **sizes = g_new(const SyConfig *, N);
	g_autofree SyFormPoint *points = g_new0(SyFormPoint, N);
	g_autofree double *cycles = g_new0(double, N);
	double start, sum = 0;
	gint64 evals = 0;
	guint tapes;
	gsize ops;
	guint64 held;

	for (guint j = 0; j < N; j++)
		sizes[j] = class->pdata[j % class->len];
	if (!batch_once(form, sizes, N, resources, points, cycles))
		g_error("no estimates");
	start = now_ms();
	do {
		batch_once(form, sizes, N, resources, points, cycles);
		for (guint j = 0; j < N; j++)
			sum += cycles[j] + points[j].cycles +
				points[j].resources.v[SY_RESOURCE_DSP];
		evals += N;
	} while (now_ms() - start < 500);
	sy_model_form_points_tapes(form, &tapes, &ops, &held);
	printf("  %s, %d sizes side by side: %.0f evaluations/s (%u tapes, "
	       "the longest %zu operations)\n",
		resources ? "cycles and resources" : "cycles", N,
		sum > 0 ? (double)evals / ((now_ms() - start) / 1000.0) : 0,
		tapes, ops);
}

/* Matrix multiply of n^3 on the array [i,j] at sa-sizes and SIMD simd
 * (by name: sy_test_mm's B[k][j] needs a layout change for SIMD on k,
 * which AutoSA's simd[...] skips): the time to build and complete the
 * design, then the exact estimate's. */
static void bench_exact(
	const char *label, const char *n, const char *sizes, const char *simd)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	g_autoptr(SyAnalysis) a = sy_test_mm(n, 2);
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyNames) names = sy_names_new(a->scop);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	double build, model[RUNS], cycles = 0;
	GError *error = NULL;

	build = now_ms();
	sy_names_place_headers(names, NULL, taken);
	if (!sy_config_apply_sa_sizes(cfg, c, sizes, &error) ||
		(simd &&
			!sy_config_apply_named(cfg, c, "simd", simd, &error)) ||
		!(array = sy_pe_array_new(c, cfg, &error)) ||
		!(design = sy_design_new(array, NULL, &error)) ||
		!sy_design_complete(design, names, &ao, &error))
		g_error("%s", error->message);
	build = now_ms() - build;
	for (int r = 0; r < RUNS; r++) {
		double start = now_ms();
		SyEstimate *e = sy_design_estimate(
			design, device, NULL, &error);

		if (!e)
			g_error("%s", error->message);
		model[r] = now_ms() - start;
		cycles = e->cycles;
		sy_estimate_free(e);
	}
	qsort(model, RUNS, sizeof *model, compare);
	printf("%-44s %10.1f %10.3f %16.0f %12.0f\n", label, build,
		model[RUNS / 2], cycles, evals_per_second(design));
}

/* Every dataflow of an example at its default sizes: the exact
 * estimate's time per design (median over the designs of the median
 * of RUNS each), and the slowest design's. */
static void bench_example(const char *dir, const char *name)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	g_autoptr(SyAnalysis) a = sy_test_example(dir, name, NULL);
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
	g_autoptr(GArray) times = g_array_new(FALSE, FALSE, sizeof(double));
	double slowest = 0;

	for (guint c = 0; c < a->candidates->len; c++) {
		g_autoptr(SyChoices) ch = sy_choices_new(
			a, g_ptr_array_index(a->candidates, c), NULL);
		g_autoptr(SyConfig) cfg = sy_config_new(ch);
		g_autoptr(SyNames) names = sy_names_new(a->scop);
		g_autoptr(SyPeArray) array = sy_pe_array_new(ch, cfg, NULL);
		g_autoptr(SyDesign) design =
			array ? sy_design_new(array, NULL, NULL) : NULL;
		double model[RUNS];

		sy_names_place_headers(names, NULL, taken);
		if (!design || !sy_design_complete(design, names, &ao, NULL))
			continue;
		for (int r = 0; r < RUNS; r++) {
			double start = now_ms();
			SyEstimate *e = sy_design_estimate(
				design, device, NULL, NULL);

			model[r] = now_ms() - start;
			sy_estimate_free(e);
		}
		qsort(model, RUNS, sizeof *model, compare);
		g_array_append_val(times, model[RUNS / 2]);
		slowest = MAX(slowest, model[RUNS / 2]);
	}
	g_array_sort(times, compare);
	printf("%-8s %3u designs: median %8.3f ms, slowest %8.3f ms\n", name,
		times->len,
		times->len ? g_array_index(times, double, times->len / 2) : 0,
		slowest);
}

/* The size-parametric form (model/form.h) of mm n^3 on [i,j], built at
 * sizes and checked at its probe's, evaluated at every size of its
 * class in turn: the design re-set and read (the form's own path), and
 * the tape of that reading replayed from the sizes (the fast path),
 * each with sy_latency_eval: evaluations a second on one core, against
 * the time to build a design at one size. */
static void bench_form(const char *n, const char *sizes, const char *simd)
{
	g_autoptr(SyAnalysis) a = sy_test_mm(n, 2);
	g_autoptr(SyChoices) c = sy_choices_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyModelForm) form = NULL;
	g_autoptr(GPtrArray) class = g_ptr_array_new_with_free_func(
		(GDestroyNotify)sy_config_free);
	g_autoptr(GArray) d = NULL;
	SyDesign *design;
	double build, start, sum = 0, p, st, e;
	gint64 evals = 0;
	int b;
	GError *error = NULL;

	if (!sy_config_apply_sa_sizes(cfg, c, sizes, &error) ||
		(simd && !sy_config_apply_named(cfg, c, "simd", simd, &error)))
		g_error("%s", error->message);
	build = now_ms();
	design = sy_test_design_at(a, c, cfg, &array);
	build = now_ms() - build;
	if (!design || !(form = sy_model_form_new(design, NULL, &error)))
		g_error("no form: %s", error ? error->message : "no design");
	/* Every tile of the class with the same latency and SIMD. */
	d = sy_config_divisors(atoll(n));
	for (guint x = 0; x < d->len * d->len * d->len; x++) {
		SyConfig *at = sy_config_copy(cfg);

		at->tile[0] = g_array_index(d, gint64, x % d->len);
		at->tile[1] = g_array_index(d, gint64, x / d->len % d->len);
		at->tile[2] = g_array_index(d, gint64, x / d->len / d->len);
		if (sy_config_validate(at, c, NULL) &&
			sy_model_form_covers(form, at))
			g_ptr_array_add(class, at);
		else
			sy_config_free(at);
	}
	probe(a, c, form);
	start = now_ms();
	do {
		for (guint k = 0; k < class->len; k++, evals++) {
			const SyDesign *at = sy_model_form_at(
				form, class->pdata[k]);
			g_autoptr(SyLatencyInputs) in =
				at ? sy_latency_inputs_new(at, NULL) : NULL;

			sum += in ? sy_latency_eval(
					    in, &sy_test_u250, &p, &st, &e, &b)
				  : 0;
		}
	} while (now_ms() - start < 500);
	printf("form of mm %s^3 [i,j] %s: %u sizes of its class "
	       "(design at one size: %.1f ms)\n",
		n, sizes, class->len, build);
	printf("  re-set and read: %.0f evaluations/s\n",
		sum > 0 ? (double)evals / ((now_ms() - start) / 1000.0) : 0);
	replay(form, class);
	batch(form, class, FALSE);
	batch(form, class, TRUE);
}

int main(int argc, char **argv)
{
	/* Line by line: a slow design shows what came before it. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("%-44s %10s %10s %16s %12s\n",
		"exact path, matrix multiply [i,j]", "design ms", "model ms",
		"cycles", "evals/s");
	bench_exact("64^3, 16/8,8/2 (AutoSA's example)", "64",
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[8,8]}",
		"k=2");
	bench_exact("1024^3, 260,256,512/20,16/8 (13x16 PEs)", "1024",
		"{kernel[]->space_time[3];kernel[]->array_part[260,256,512];"
		"kernel[]->latency[20,16]}",
		"k=8");
	bench_exact("1024^3, 64,64,64 (64x64 PEs)", "1024",
		"{kernel[]->space_time[3];kernel[]->array_part[64,64,64]}",
		NULL);
	bench_exact("2^20^3, 1000,1000,64/10,10/4", "1048576",
		"{kernel[]->space_time[3];kernel[]->array_part[1000,1000,64];"
		"kernel[]->latency[10,10]}",
		"k=4");
	printf("\nsize-parametric form (model/form.h)\n");
	bench_form("64",
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[8,8]}",
		"k=2");
	bench_form("1024",
		"{kernel[]->space_time[3];"
		"kernel[]->array_part[256,256,512];"
		"kernel[]->latency[16,16]}",
		"k=8");
	printf("\nexact path, every dataflow at the example's sizes\n");
	for (int k = 0; argc > 1 && k < 3; k++)
		bench_example(
			argv[1], (const char *[]){"mm.c", "conv.c", "lu.c"}[k]);
	return 0;
}
