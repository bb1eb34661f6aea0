/* Nothing crashes on any input: mutated kernels either analyse or fail
 * with an input error that has a location.  Deterministic (fixed seed);
 * SYSTOLE_FUZZ_ROUNDS sets the number of mutants per input file. */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "comm/design.h"
#include "compute/check.h"
#include "compute/codegen.h"
#include "compute/config.h"
#include "project/export.h"
#include "poly/analysis.h"
#include "poly/projection.h"

static const char *const fragments[] = {
	"(",
	")",
	"{",
	"}",
	"[",
	"]",
	";",
	",",
	"=",
	"+=",
	"*",
	"/",
	"%",
	"for",
	"if",
	"else",
	"while",
	"int",
	"float",
	"i",
	"j",
	"k",
	"N",
	"0",
	"-1",
	"99999999999999999999",
	"1.5",
	"\"",
	"'",
	"/*",
	"//",
	"\\\n",
	"\n#pragma scop\n",
	"\n#pragma endscop\n",
	"\n#define N\n",
	"\n#define X(a) a\n",
	"\n#if 1\n",
	"\n#endif\n",
	"\n#include \"x.h\"\n",
	"min(",
	"floord(i, 0)",
	"A[i][i * j]",
	"&",
	"->",
	"?",
	":",
	"\t",
	"\xc3\xa9",
	"\xff",
};

static void duplicate(GString *s, gsize at, gsize n)
{
	g_autofree char *copy = g_strndup(s->str + at, n);

	g_string_insert(s, (gssize)at, copy);
}

static char *mutate(GRand *rand, const char *text, gsize len, gsize *out_len)
{
	GString *s = g_string_new_len(text, (gssize)len);
	int n = g_rand_int_range(rand, 1, 4);

	for (int m = 0; m < n; m++) {
		gsize at = s->len
			? (gsize)g_rand_int_range(rand, 0, (gint32)s->len)
			: 0;
		const char *frag;
		gsize cut;

		switch (g_rand_int_range(rand, 0, 4)) {
		case 0: /* delete a few bytes */
			cut = (gsize)g_rand_int_range(rand, 1, 9);
			g_string_erase(
				s, (gssize)at, (gssize)MIN(cut, s->len - at));
			break;
		case 1: /* insert a fragment */
			frag = fragments[g_rand_int_range(
				rand, 0, G_N_ELEMENTS(fragments))];
			g_string_insert(s, (gssize)at, frag);
			break;
		case 2: /* duplicate a stretch */
			cut = (gsize)g_rand_int_range(rand, 1, 40);
			duplicate(s, at, MIN(cut, s->len - at));
			break;
		default: /* a NUL byte once in a while */
			if (g_rand_int_range(rand, 0, 8) == 0)
				g_string_insert_len(s, (gssize)at, "\0", 1);
			break;
		}
	}
	*out_len = s->len;
	return g_string_free(s, FALSE);
}

static void fuzz_file(gconstpointer data)
{
	const char *path = data;
	g_autofree char *text = NULL;
	gsize len;
	const char *env = g_getenv("SYSTOLE_FUZZ_ROUNDS");
	int rounds = env ? atoi(env) : 60;
	g_autofree char *name = g_path_get_basename(path);
	/* Seeded by the file name: the same mutants wherever the checkout. */
	GRand *rand = g_rand_new_with_seed(g_str_hash(name));

	g_assert_true(g_file_get_contents(path, &text, &len, NULL));
	for (int r = 0; r < rounds; r++) {
		gsize mlen;
		g_autofree char *mutant = mutate(rand, text, len, &mlen);
		GError *error = NULL;
		SyAnalysis *a = sy_analysis_new_from_data(
			path, mutant, (gssize)mlen, NULL, &error);

		if (a) {
			g_assert_no_error(error);
			sy_analysis_free(a);
			continue;
		}
		if (error->domain != SY_INPUT_ERROR ||
			(error->code != SY_INPUT_ERROR_READ &&
				!sy_input_error_get_location(
					error, NULL, NULL, NULL, NULL))) {
			g_printerr("round %d of %s:\n%.*s\n", r, path,
				(int)mlen, mutant);
			g_assert_no_error(error);
		}
		g_error_free(error);
	}
	g_rand_free(rand);
}

static const char *const mm_text =
	"#define N 64\nfloat A[N][N], B[N][N], C[N][N];\n"
	"void f(void) {\n#pragma scop\n"
	"for (int i = 0; i < N; i++)\n"
	"  for (int j = 0; j < N; j++)\n"
	"    for (int k = 0; k < N; k++)\n"
	"      C[i][j] += A[i][k] * B[j][k];\n"
	"#pragma endscop\n}\n";

/* The limit, with the stage that reached it. */
static void test_too_complex(void)
{
	SyAnalysisOptions options = {NULL, NULL, 2, 1000, FALSE};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_data(
		"mm.c", mm_text, -1, &options, &error);

	g_assert_null(a);
	g_assert_error(error, SY_ANALYSIS_ERROR, SY_ANALYSIS_ERROR_TOO_COMPLEX);
	g_assert_cmpstr(error->message, ==,
		"mm.c: error: the analysis is too complex: it needs more than "
		"1000 isl operations (in the polyhedral model)");
	g_clear_error(&error);
	/* Unlimited and the default both analyse it. */
	options.max_operations = SY_MAX_OPERATIONS_UNLIMITED;
	a = sy_analysis_new_from_data("mm.c", mm_text, -1, &options, &error);
	g_assert_no_error(error);
	sy_analysis_free(a);
}

/* Each later stage under a small limit of its own (the analysis
 * unlimited): every one either works or fails with TOO_COMPLEX naming
 * itself, quickly, with everything freed (valgrind); once isl fails
 * no loop over its results may spin or crash. */
typedef struct {
	const char *stage;
	gboolean ok;
	GError *error;
} Outcome;

static void expect_outcome(Outcome *o, gboolean ok, const char *stage)
{
	o->ok = ok;
	if (ok) {
		g_assert_no_error(o->error);
		return;
	}
	g_assert_error(o->error, SY_ANALYSIS_ERROR,
		SY_ANALYSIS_ERROR_TOO_COMPLEX);
	g_assert_nonnull(strstr(o->error->message, stage));
	g_clear_error(&o->error);
}

/* The stages up to limited (0 PE array, 1 loop nest and check, 2 I/O
 * network, 3 HLS project), the last one under n operations. */
static void limit_stages(
	SyAnalysis *a, const char *sizes, unsigned long n, int limited)
{
	const SyCandidate *cand = g_ptr_array_index(a->candidates, 3);
	g_autoptr(SyChoices) c = sy_choices_new(a, cand, NULL);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	g_autofree char *text = NULL;
	SyExportFiles files = {0};
	Outcome o = {NULL, FALSE, NULL};

	g_assert_true(sy_config_apply_sa_sizes(cfg, c, sizes, NULL));
	isl_ctx_set_max_operations(a->ctx, limited == 0 ? n : 0);
	array = sy_pe_array_new(c, cfg, &o.error);
	expect_outcome(&o, array != NULL, "(in the PE array)");
	if (!array || limited == 0)
		return;
	if (limited == 1) {
		isl_ctx_set_max_operations(a->ctx, n);
		text = sy_codegen_file(array, &o.error);
		expect_outcome(&o, text != NULL, "(in the loop nest)");
		g_clear_pointer(&text, g_free);
		text = sy_check_file(&array, 1, &o.error);
		expect_outcome(&o, text != NULL, "(in the check)");
		return;
	}
	isl_ctx_set_max_operations(a->ctx, limited == 2 ? n : 0);
	design = sy_design_new(array, NULL, &o.error);
	expect_outcome(&o, design != NULL, "(in the I/O network)");
	if (!design || limited == 2)
		return;
	isl_ctx_set_max_operations(a->ctx, n);
	expect_outcome(&o,
		sy_export_files(design, device, NULL, &files, &o.error),
		"(in the HLS project)");
	sy_export_files_clear(&files);
}

static void test_stage_limits(void)
{
	static const char *const sizes =
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[8,8];kernel[]->simd[2]}";
	static const unsigned long limits[] = {1, 1000, 30000, 100000};
	SyAnalysis *a = sy_analysis_new_from_data(
		"mm.c", mm_text, -1, NULL, NULL);

	/* One analysis: each stage starts with a budget of its own. */
	for (int stage = 0; stage < 4; stage++)
		for (guint l = 0; l < G_N_ELEMENTS(limits); l++)
			limit_stages(a, sizes, limits[l], stage);
	sy_analysis_free(a);
}

/* The explorer's projection under small limits: all of it, or nothing
 * (x = -1), never shapes made of failed calls. */
static void test_projection_limits(void)
{
	static const unsigned long limits[] = {1, 10, 100, 300, 1000, 3000};
	SyAnalysis *a = sy_analysis_new_from_data(
		"mm.c", mm_text, -1, NULL, NULL);
	g_autoptr(SyProjection) whole = sy_projection_new(a, 0, 1);

	g_assert_cmpint(whole->stmts->len, ==, 1);
	for (guint l = 0; l < G_N_ELEMENTS(limits); l++) {
		SyProjection *p;

		isl_ctx_set_max_operations(a->ctx, limits[l]);
		p = sy_projection_new(a, 0, 1);
		if (p->x == -1) {
			g_assert_cmpuint(p->stmts->len, ==, 0);
		} else {
			const SyProjectedStmt *ps =
				g_ptr_array_index(p->stmts, 0);

			g_assert_cmpint(p->max[0], ==, whole->max[0]);
			g_assert_cmpint(p->max[1], ==, whole->max[1]);
			g_assert_false(ps->set.empty);
		}
		sy_projection_free(p);
	}
	sy_analysis_free(a);
}

/* Lines of a file's contents that are exactly line, after their
 * indentation. */
static guint count_lines(GBytes *contents, const char *line)
{
	gsize size;
	const char *data = g_bytes_get_data(contents, &size);
	g_autofree char *text = g_strndup(data, size);
	g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
	guint n = 0;

	for (guint i = 0; lines[i]; i++)
		n += g_str_equal(g_strchug(lines[i]), line);
	return n;
}

/* A body of many statements exports in time that grows with the code:
 * the pipeline pragmas once walked every block below a loop twice per
 * level (2^levels walks; 28 statements took minutes, beyond this test's
 * timeout).  28 accumulations print 25 pipelined loops: the statements
 * share the latency loops' iterations (pe-array.c), so the 5 modules
 * that run them have one loop for all 28, and 20 others; the PE's one
 * loop computes all 28. */
static void test_many_statements(void)
{
	GString *src = g_string_new("float A[64][64], B[64][64], C[64][64];\n"
				    "void kernel(void)\n{\n#pragma scop\n"
				    "for (int i = 0; i < 64; i++)\n"
				    " for (int j = 0; j < 64; j++)\n"
				    "  for (int k = 0; k < 64; k++) {\n");
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyConfig) cfg = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	SyExportFiles files = {0};
	GBytes *kernel = NULL;
	GError *error = NULL;
	/* Under valgrind (tens of times slower) a short body: there the
	 * test is about memory, the timeout about time. */
	guint n = g_getenv("SYSTOLE_STATEMENTS")
		? (guint)g_ascii_strtoull(g_getenv("SYSTOLE_STATEMENTS"), NULL, 10)
		: 28;
	int cand;

	for (guint s = 0; s < n; s++)
		g_string_append(src, "C[i][j] = C[i][j] + A[i][k] * B[j][k];\n");
	g_string_append(src, "  }\n#pragma endscop\n}\n");
	a = sy_analysis_new_from_data("many.c", src->str, -1, NULL, &error);
	g_string_free(src, TRUE);
	g_assert_no_error(error);
	cand = sy_config_find_space(a, "i,j", &error);
	g_assert_no_error(error);
	c = sy_choices_new(a, g_ptr_array_index(a->candidates, cand), NULL);
	cfg = sy_config_new(c);
	g_assert_true(sy_config_apply_named(
		cfg, c, "tile", "i=16,j=16,k=16", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "latency", "i=4,j=4", &error));
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	design = sy_design_new(array, NULL, &error);
	g_assert_no_error(error);
	g_assert_true(sy_export_files(design, device, NULL, &files, &error));
	g_assert_no_error(error);
	for (guint i = 0; i < files.paths->len; i++)
		if (g_str_equal(g_ptr_array_index(files.paths, i),
			    "src/systole_kernel.cpp"))
			kernel = g_ptr_array_index(files.contents, i);
	g_assert_nonnull(kernel);
	g_assert_cmpuint(
		count_lines(kernel, "#pragma HLS PIPELINE II=1"), ==, 25);
	g_assert_cmpuint(count_lines(kernel, "sy_v = sy_r1 + sy_r2 * sy_r3;"),
		==, n);
	sy_export_files_clear(&files);
}

static int compare_names(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int main(int argc, char **argv)
{
	g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(g_free);

	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/robust/too-complex", test_too_complex);
	g_test_add_func("/robust/stage-limits", test_stage_limits);
	g_test_add_func("/robust/projection-limits", test_projection_limits);
	g_test_add_func("/robust/many-statements", test_many_statements);
	for (int d = 1; d < argc; d++) {
		g_autoptr(GDir) dir = g_dir_open(argv[d], 0, NULL);
		g_autoptr(GPtrArray)
			names = g_ptr_array_new_with_free_func(g_free);
		const char *name;

		g_assert_nonnull(dir);
		while ((name = g_dir_read_name(dir)))
			if (g_str_has_suffix(name, ".c"))
				g_ptr_array_add(names, g_strdup(name));
		g_ptr_array_sort(names, compare_names);
		for (guint i = 0; i < names->len; i++) {
			char *path = g_build_filename(
				argv[d], g_ptr_array_index(names, i), NULL);
			g_autofree char *test = g_strdup_printf("/robust/%s",
				(const char *)g_ptr_array_index(names, i));

			g_ptr_array_add(paths, path);
			g_test_add_data_func(test, path, fuzz_file);
		}
	}
	return g_test_run();
}
