/* The explorer's side-panel markup, exactly: a dataflow's I/O groups in
 * the array view's colours, and the Details page with and without a
 * selected dataflow. */
#include "poly/analysis.h"
#include "sy-markup.h"

static const char *examples;

static SyAnalysis *analyse(const char *name)
{
	g_autofree char *path = g_build_filename(examples, name, NULL);
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_file(path, NULL, &error);

	g_assert_no_error(error);
	return a;
}

#define MM_IO                                                                  \
	"<span foreground=\"#0071b1\">\u25cf</span> C flow (0, 0) "            \
	"interior\n"                                                           \
	"<span foreground=\"#0071b1\">\u25cf</span> C output (0, 0) "          \
	"interior\n"                                                           \
	"<span foreground=\"#0071b1\">\u25cf</span> C read (0, 0) "            \
	"interior\n"                                                           \
	"<span foreground=\"#d45e00\">\u25cf</span> A read (0, 1) "            \
	"exterior\n"                                                           \
	"<span foreground=\"#009e73\">\u25cf</span> B read (1, 0) exterior"

#define MM_DEPS                                                                \
	"<b>Legal:</b> yes\n\n"                                                \
	"<b>Dependences</b> <small>in (i, j, k)</small>\n"                     \
	"flow C  S0\u2192S0  <tt>(0, 0, 1)</tt>\n"                             \
	"anti C  S0\u2192S0  <tt>(0, 0, 1)</tt>\n"                             \
	"output C  S0\u2192S0  <tt>(0, 0, 1)</tt>\n"                           \
	"read A  S0\u2192S0  <tt>(0, 1, 0)</tt>\n"                             \
	"read B  S0\u2192S0  <tt>(1, 0, 0)</tt>"

static void test_io(void)
{
	g_autoptr(SyAnalysis) a = analyse("mm.c");
	g_autoptr(SyArrayScene) scene = sy_array_scene_new(
		a, g_ptr_array_index(a->candidates, 3), NULL);
	g_autofree char *io = sy_markup_io(scene);

	g_assert_cmpstr(io, ==, MM_IO);
}

static void test_details(void)
{
	g_autoptr(SyAnalysis) a = analyse("mm.c");
	g_autofree char *none = sy_markup_details(a, -1);
	g_autofree char *mm = sy_markup_details(a, 3);

	g_assert_cmpstr(none, ==, "\n" MM_DEPS);
	g_assert_cmpstr(mm, ==,
		"<b>[i, j]: 64 \u00d7 64 PEs</b>\nspace_time[3]\n\n"
		"<b>I/O groups</b>\n" MM_IO "\n\n" MM_DEPS);
}

/* A band of isl's scheduler says so, and why the source order's would
 * not do, as analyze prints it. */
static void test_band_origin(void)
{
	static const char text[] = "#define N 8\n"
				   "float A[N][N], B[N][N], C[N][N];\n"
				   "void gemm(float beta)\n"
				   "{\n"
				   "#pragma scop\n"
				   "for (int i = 0; i < N; i++) {\n"
				   "  for (int j = 0; j < N; j++)\n"
				   "    C[i][j] *= beta;\n"
				   "  for (int k = 0; k < N; k++)\n"
				   "    for (int j = 0; j < N; j++)\n"
				   "      C[i][j] += A[i][k] * B[k][j];\n"
				   "}\n"
				   "#pragma endscop\n"
				   "}\n";
	GError *error = NULL;
	g_autoptr(SyAnalysis)
		a = sy_analysis_new_from_data("gemm.c", text, -1, NULL, &error);
	g_autofree char *details = NULL;

	g_assert_no_error(error);
	details = sy_markup_details(a, -1);
	g_assert_true(g_str_has_prefix(details,
		"\n<b>Legal:</b> yes\n<small>The band comes from isl's "
		"scheduler: the source order gives (i) only: loops "
		"&apos;j&apos; (line 7) and &apos;k&apos; (line 9) are "
		"siblings: only loops with the same iterator name are "
		"fused</small>\n\n<b>Dependences</b>"));
}

/* A PE array's size as the dataflow list shows it, the array view's
 * title's words. */
static void test_pe_grid(void)
{
	static const gint64 pe[] = {16, 8, 2};
	g_autofree char *one = sy_markup_pe_grid(pe, 1);
	g_autofree char *two = sy_markup_pe_grid(pe, 2);
	g_autofree char *three = sy_markup_pe_grid(pe, 3);

	g_assert_cmpstr(one, ==, "16 PEs");
	g_assert_cmpstr(two, ==, "16 \u00d7 8 PEs");
	g_assert_cmpstr(three, ==, "16 \u00d7 8 \u00d7 2 PEs");
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_assert(argc == 2);
	examples = argv[1];
	g_test_add_func("/markup/io", test_io);
	g_test_add_func("/markup/details", test_details);
	g_test_add_func("/markup/band-origin", test_band_origin);
	g_test_add_func("/markup/pe-grid", test_pe_grid);
	return g_test_run();
}
