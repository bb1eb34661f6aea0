/* Design-space exploration (core/dse/): the space's points, and the
 * exact search held to brute force (every point of the space by the
 * exact path, no bound, no form) on small problems of three examples,
 * with one thread and two. */
#include <math.h>
#include <string.h>

#include "compute/pe-array.h"
#include "dse/search.h"
#include "dse/space.h"
#include "model/model.h"
#include "project/export.h"
#include "testutil.h"

static const char *examples_dir;

/* mm.c's sizes come from kernel.h, which -D sets. */
static const char *const mm_small[] = {"I=4", "J=2", "K=2", NULL};

/* An example's text with its sizes set: each "#define NAME VALUE" of
 * sizes replaces the file's line for NAME. */
typedef struct {
	const char *name;
	char *text;
	const char *const *defines; /* -D, for kernel.h's sizes */
} Kernel;

static char *example_text(const char *name, const char *const *sizes)
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

static SyAnalysis *kernel_new(gpointer data, GError **error)
{
	const Kernel *k = data;
	SyAnalysisOptions o = {k->defines, NULL, 2, 0, FALSE};
	g_autofree char *path = g_build_filename(examples_dir, k->name, NULL);

	return sy_analysis_new_from_data(path, k->text, -1, &o, error);
}

static SyDseResult *search(Kernel *k, const char *space, gboolean brute,
	guint threads, guint top, guint form_min)
{
	SyAnalysis *a = kernel_new(k, NULL);
	g_autoptr(GArray) ids = g_array_new(FALSE, FALSE, sizeof(guint));
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	SyDseOptions o = {
		NULL, NULL, 0, 0, top, threads, 0, brute, form_min, NULL, NULL};
	GError *error = NULL;
	SyDseResult *r;
	int id;

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

/* The same designs, cycles and resources, in the same order. */
static void assert_same(const SyDseResult *a, const SyDseResult *b)
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

/* Exact search == brute force (top 3) with one thread and two; the
 * optimum's cycles as brute force finds them. */
static void check_kernel(const char *name, const char *const *sizes,
	const char *const *defines, const char *space, double cycles)
{
	Kernel k = {name, example_text(name, sizes), defines};
	g_autoptr(SyDseResult) brute = search(&k, space, TRUE, 1, 3, 0);
	g_autoptr(SyDseResult) one = search(&k, space, FALSE, 1, 3, 0);
	g_autoptr(SyDseResult) two = search(&k, space, FALSE, 2, 3, 0);
	/* Forms on every class of two points or more: the fast path's
	 * answers and the refusals cached per class, held to brute force
	 * too. */
	g_autoptr(SyDseResult) forms = search(&k, space, FALSE, 2, 3, 1);

	g_test_message("%s [%s]: %" G_GUINT64_FORMAT " points, brute force "
		       "%.1f s; search %" G_GUINT64_FORMAT
		       " evaluated (%" G_GUINT64_FORMAT
		       " by forms), %" G_GUINT64_FORMAT
		       " pruned, %.1f s; best %.17g",
		name, space, brute->stats.points, brute->stats.seconds,
		one->stats.evaluated, one->stats.fast, one->stats.pruned,
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
		       " exact, %" G_GUINT64_FORMAT " pruned",
		forms->stats.classes, forms->stats.forms, forms->stats.fast,
		forms->stats.exact, forms->stats.pruned);
	assert_same(brute, one);
	assert_same(one, two);
	assert_same(brute, forms);
	g_free(k.text);
}

static void test_mm(void)
{
	check_kernel("mm.c", (const char *const[]){NULL}, mm_small, "i,j", 78);
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

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/dse/space", test_space);
	g_test_add_func("/dse/mm", test_mm);
	g_test_add_func("/dse/gemv", test_gemv);
	g_test_add_func("/dse/fir", test_fir);
	return g_test_run();
}
