/* The exact search held to brute force on the examples (dse-check.h). */
#include <string.h>

#include "dse-check.h"

const char *examples_dir;

/* The example's lines, the ones for the names of sizes replaced. */
__isl_give char *example_text(const char *name, const char *const *sizes)
{
	g_autofree char *path = g_build_filename(examples_dir, name, NULL);
	g_autofree char *text = NULL;
	g_auto(GStrv) lines = NULL;
	GString *out = g_string_new(NULL);

	g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
	lines = g_strsplit(text, "\n", -1);
	for (guint i = 0; lines[i]; i++) {
		const char *line = lines[i];

		for (guint k = 0; sizes[k]; k += 2) {
			g_autofree char *def = g_strdup_printf(
				"#define %s ", sizes[k]);

			if (g_str_has_prefix(lines[i], def)) {
				g_string_append_printf(
					out, "%s%s\n", def, sizes[k + 1]);
				line = NULL;
				break;
			}
		}
		if (line)
			g_string_append_printf(out, "%s\n", line);
	}
	return g_string_free(out, FALSE);
}

__isl_give SyAnalysis *kernel_new(gpointer data, GError **error)
{
	const Kernel *k = data;
	SyAnalysisOptions o = {k->defines, NULL, 2, 0, FALSE};
	g_autofree char *path = g_build_filename(examples_dir, k->name, NULL);

	return sy_analysis_new_from_data(path, k->text, -1, &o, error);
}

/* A board of 40 DSPs and 16,000 LUTs: mm 4x2x2's arrays of more than
 * 5 lanes exceed its budget (28 DSPs) by their PEs alone (the bound
 * leaves all 21 out), 3 others are evaluated and found over it (11,200
 * LUTs), among them u250's optimum of 78 cycles (11,210 LUTs): the
 * optimum here is 79. */
static const char tiny_board[] =
	"{\"name\": \"tiny\", \"description\": \"A tiny board\",\n"
	" \"part\": \"xc-tiny\", \"platform\": \"tiny_platform\",\n"
	" \"clock_mhz\": 300,\n"
	" \"memory\": {\"kind\": \"DDR\", \"banks\": 2, \"bits\": 512, "
	"\"gbps\": 19.2},\n"
	" \"resources\": {\"lut\": 16000, \"ff\": 40000, \"dsp\": 40, "
	"\"bram36\": 100, \"uram\": 0},\n"
	" \"slrs\": [{\"lut\": 16000, \"ff\": 40000, \"dsp\": 40, "
	"\"bram18k\": 200, \"uram\": 0}],\n"
	" \"sources\": {\"part\": \"-\", \"platform\": \"-\", "
	"\"clock_mhz\": \"-\", \"memory\": \"-\", \"resources\": \"-\", "
	"\"slrs\": \"-\"}}\n";

const char *board = "u250";
gint64 pad;
SyDseOptions extra;

__isl_give SyDevice *board_new(void)
{
	GError *error = NULL;
	SyDevice *d = g_str_equal(board, "tiny")
		? sy_device_new_from_data(
			  "tiny.json", tiny_board, strlen(tiny_board), &error)
		: sy_device_lookup(board, &error);

	g_assert_no_error(error);
	return d;
}

__isl_give SyDseResult *search_order(Kernel *k, const char *space,
	const char *order, gboolean brute, guint threads, guint top,
	guint form_min)
{
	SyAnalysis *a = kernel_new(k, NULL);
	g_autoptr(GArray) ids = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(SyDevice) device = board_new();
	SyDseOptions o = extra;
	GError *error = NULL;
	SyDseResult *r;
	int id;

	o.order = order;
	o.pad = pad;
	o.top = top;
	o.threads = threads;
	o.exhaustive = brute;
	o.form_min = form_min;
	g_assert_nonnull(a);
	id = sy_config_find_space(a, space, &error);
	g_assert_no_error(error);
	g_array_append_val(ids, id);
	r = sy_dse_search(a, kernel_new, k, ids, device, &o, &error);
	g_assert_no_error(error);
	g_assert_true(r->complete);
	g_assert_cmpuint(r->stats.violations, ==, 0);
	return r;
}

__isl_give SyDseResult *search(Kernel *k, const char *space, gboolean brute,
	guint threads, guint top, guint form_min)
{
	return search_order(k, space, NULL, brute, threads, top, form_min);
}

/* The same designs, cycles and resources, in the same order. */
void assert_same(const SyDseResult *a, const SyDseResult *b)
{
	g_assert_cmpuint(a->best->len, ==, b->best->len);
	for (guint i = 0; i < a->best->len; i++) {
		const SyDseDesign *x = g_ptr_array_index(a->best, i);
		const SyDseDesign *y = g_ptr_array_index(b->best, i);

		g_assert_cmpint(
			sy_dse_point_compare(x->config, y->config), ==, 0);
		g_assert_cmpfloat(x->cycles, ==, y->cycles);
		for (int r = 0; r < SY_N_RESOURCES; r++)
			g_assert_cmpfloat(
				x->resources.v[r], ==, y->resources.v[r]);
	}
}

/* The same work: a search is the same for any number of threads
 * (dse/known.h), down to which points its bounds left out. */
void assert_same_work(const SyDseResult *a, const SyDseResult *b)
{
	const SyDseStats *x = &a->stats, *y = &b->stats;

	g_assert_cmpuint(x->evaluated, ==, y->evaluated);
	g_assert_cmpuint(x->fast, ==, y->fast);
	g_assert_cmpuint(x->exact, ==, y->exact);
	g_assert_cmpuint(x->pruned, ==, y->pruned);
	g_assert_cmpuint(x->refused, ==, y->refused);
	g_assert_cmpuint(x->over_budget, ==, y->over_budget);
	g_assert_cmpuint(x->designs, ==, y->designs);
	g_assert_cmpuint(x->forms, ==, y->forms);
	g_assert_cmpuint(x->pareto_pruned, ==, y->pareto_pruned);
}

/* Exact search == brute force (top 3) with one thread and two, and
 * with forms on every class; the optimum's cycles as brute force finds
 * them. */
void check_kernel_order(const char *name, const char *const *sizes,
	const char *const *defines, const char *space, const char *order,
	double cycles)
{
	Kernel k = {name, example_text(name, sizes), defines};
	g_autoptr(SyDseResult)
		brute = search_order(&k, space, order, TRUE, 1, 3, 0);
	g_autoptr(SyDseResult)
		one = search_order(&k, space, order, FALSE, 1, 3, 0);
	g_autoptr(SyDseResult)
		two = search_order(&k, space, order, FALSE, 2, 3, 0);
	/* Forms on every class of two points or more: the fast path's
	 * answers and the refusals cached per class, held to brute force
	 * too. */
	g_autoptr(SyDseResult)
		forms = search_order(&k, space, order, FALSE, 2, 3, 1);

	g_test_message("%s [%s]%s%s: %" G_GUINT64_FORMAT " points, brute force "
		       "%.1f s; search %" G_GUINT64_FORMAT
		       " evaluated (%" G_GUINT64_FORMAT
		       " by forms), %" G_GUINT64_FORMAT
		       " pruned, %" G_GUINT64_FORMAT
		       " refused, %.1f s; best %.17g",
		name, space, order ? " " : "", order ? order : "",
		brute->stats.points, brute->stats.seconds, one->stats.evaluated,
		one->stats.fast, one->stats.pruned, one->stats.refused,
		one->stats.seconds,
		brute->best->len
			? ((SyDseDesign *)brute->best->pdata[0])->cycles
			: -1);
	g_assert_cmpuint(brute->best->len, >, 0);
	g_assert_cmpfloat(
		((SyDseDesign *)brute->best->pdata[0])->cycles, ==, cycles);
	g_test_message("with forms: %" G_GUINT64_FORMAT
		       " classes, %" G_GUINT64_FORMAT
		       " forms, %" G_GUINT64_FORMAT
		       " points by forms, %" G_GUINT64_FORMAT
		       " exact, %" G_GUINT64_FORMAT " pruned, %.1f s",
		forms->stats.classes, forms->stats.forms, forms->stats.fast,
		forms->stats.exact, forms->stats.pruned, forms->stats.seconds);
	assert_same(brute, one);
	assert_same(one, two);
	assert_same_work(one, two);
	assert_same(brute, forms);
	g_free(k.text);
}

void check_kernel(const char *name, const char *const *sizes,
	const char *const *defines, const char *space, double cycles)
{
	check_kernel_order(name, sizes, defines, space, NULL, cycles);
}

/* k's space on the tiny board: brute force == the search with forms
 * on every class, the same work on one thread and two; the search
 * leaves pruned points out by their bounds and evaluates over_budget
 * over the budget; the optimum's cycles as brute force finds them. */
void check_budget(Kernel *k, const char *label, const char *space,
	guint64 pruned, guint64 over_budget, double cycles)
{
	g_autoptr(SyDseResult) brute = NULL;
	g_autoptr(SyDseResult) fast = NULL;
	g_autoptr(SyDseResult) two = NULL;

	board = "tiny";
	brute = search(k, space, TRUE, 1, 3, 0);
	fast = search(k, space, FALSE, 1, 3, 1);
	two = search(k, space, FALSE, 2, 3, 1);
	board = "u250";
	g_assert_cmpuint(brute->best->len, >, 0);
	g_test_message(
		"%s [%s] on a tiny board: brute force %" G_GUINT64_FORMAT
		" over budget; search %" G_GUINT64_FORMAT
		" pruned, %" G_GUINT64_FORMAT " evaluated, %" G_GUINT64_FORMAT
		" over budget, %" G_GUINT64_FORMAT " classes; best %.17g",
		label, space, brute->stats.over_budget, fast->stats.pruned,
		fast->stats.evaluated, fast->stats.over_budget,
		fast->stats.classes,
		((SyDseDesign *)brute->best->pdata[0])->cycles);
	g_assert_cmpuint(fast->stats.pruned, ==, pruned);
	g_assert_cmpuint(fast->stats.over_budget, ==, over_budget);
	g_assert_cmpfloat(
		((SyDseDesign *)brute->best->pdata[0])->cycles, ==, cycles);
	assert_same(brute, fast);
	assert_same_work(fast, two);
}
