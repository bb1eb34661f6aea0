/* Counting integer points in closed form (poly/count.h): exact counts
 * of rectangles, triangles, trapezoids with min and max bounds, shifted
 * and empty sets, unions, every bundled example's statements (checked
 * against isl's enumeration too, and the triangular ones against their
 * closed forms), a triangle of 2^20 x 2^20 (instant: the work does not
 * grow with the points), and the refusals with their exact messages. */
#include <string.h>

#include <isl/ctx.h>
#include <isl/set.h>
#include <isl/val.h>

#include "poly/analysis.h"
#include "poly/count.h"

static const char *examples_dir;

static gint64 count_text(isl_ctx *ctx, const char *text)
{
	isl_set *set = isl_set_read_from_str(ctx, text);
	GError *error = NULL;
	gint64 n = 0;

	g_assert_nonnull(set);
	g_assert_true(sy_count_points(set, &n, &error));
	g_assert_no_error(error);
	isl_set_free(set);
	return n;
}

static void test_shapes(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	/* rectangles */
	g_assert_cmpint(count_text(ctx, "{ S[i] : 0 <= i < 7 }"), ==, 7);
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j, k] : 0 <= i < 64 and 0 <= j < 32 "
				"and 0 <= k < 48 }"),
		==, 64 * 32 * 48);
	/* a point, a 0-dimensional set */
	g_assert_cmpint(count_text(ctx, "{ S[3, 4] }"), ==, 1);
	g_assert_cmpint(count_text(ctx, "{ S[] }"), ==, 1);
	/* triangles, N = 10: j <= i: N(N+1)/2; j < i: N(N-1)/2 */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 0 <= i < 10 and "
				"0 <= j <= i }"),
		==, 55);
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 0 <= i < 10 and "
				"0 <= j < i }"),
		==, 45);
	/* k from i + 1 to N - 1 under j < N: N sum_i (N - 1 - i) =
	 * N * N(N-1)/2 = 10 * 45 */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j, k] : 0 <= i < 10 and "
				"0 <= j < 10 and i < k < 10 }"),
		==, 450);
	/* tetrahedron 0 <= k <= j <= i < N: N(N+1)(N+2)/6 = 220 */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j, k] : 0 <= k <= j <= i "
				"< 10 }"),
		==, 220);
	/* trapezoid, j from max(0, i - 3) to min(i, 5), i < 10:
	 * i = 0..9 gives 1 2 3 4 4 4 3 2 1 0 = 24 */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 0 <= i < 10 and "
				"j >= 0 and j >= i - 3 and j <= i "
				"and j <= 5 }"),
		==, 24);
	/* the same on the outer dimension: i bound by max and min too,
	 * j < 4 and i from max(2, j) to min(8, j + 5): j = 0..3 gives
	 * 4 5 6 6 = 21 */
	g_assert_cmpint(count_text(ctx,
				"{ S[j, i] : 0 <= j < 4 and i >= 2 "
				"and i >= j and i <= 8 and "
				"i <= j + 5 }"),
		==, 21);
	/* a shift without parameters: same as 0 <= i < 5, 0 <= j < 3 */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 100 <= i < 105 and "
				"-7 <= j - i + 100 < -4 }"),
		==, 15);
	/* an equality: j = 2i */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 0 <= i < 6 and "
				"j = 2i }"),
		==, 6);
	/* empty */
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 0 <= i < 10 and "
				"i < j < i }"),
		==, 0);
	g_assert_cmpint(count_text(ctx, "{ S[i] : 5 <= i < 5 }"), ==, 0);
	/* a union of overlapping boxes: 10 + 10 - 5 */
	g_assert_cmpint(count_text(ctx,
				"{ S[i] : 0 <= i < 10 or "
				"5 <= i < 15 }"),
		==, 15);
	isl_ctx_free(ctx);
}

/* 2^20 x 2^20: 2^20 (2^20 + 1) / 2 points, within the same small isl
 * budget as a 4 x 4 triangle. */
static void test_huge(void)
{
	isl_ctx *ctx = isl_ctx_alloc();
	gint64 start = g_get_monotonic_time();
	gint64 n;

	isl_ctx_set_max_operations(ctx, 20000);
	isl_ctx_reset_operations(ctx);
	g_assert_cmpint(count_text(ctx,
				"{ S[i, j] : 0 <= i < 4 and "
				"0 <= j <= i }"),
		==, 10);
	isl_ctx_reset_operations(ctx);
	n = count_text(ctx, "{ S[i, j] : 0 <= i < 1048576 and 0 <= j <= i }");
	g_assert_cmpint(n, ==, (gint64)1048576 * 1048577 / 2);
	/* 2^20 cubed, lower triangle in (i, j): 2^59 and more, in 64 bits */
	isl_ctx_reset_operations(ctx);
	n = count_text(ctx,
		"{ S[i, j, k] : 0 <= i < 1048576 and 0 <= j <= "
		"i and 0 <= k < 1048576 }");
	g_assert_cmpint(n, ==, (gint64)1048576 * 1048577 / 2 * 1048576);
	/* 2^30 outer points, which an enumeration would take an hour to
	 * visit (isl's takes seconds per 2^20): this test ends at once */
	isl_ctx_reset_operations(ctx);
	n = count_text(ctx, "{ S[i, j] : 0 <= i < 1073741824 and 0 <= j < i }");
	g_assert_cmpint(n, ==, (gint64)1073741824 * 1073741823 / 2);
	g_test_message(
		"the 2^20 triangle and prism counted in %" G_GINT64_FORMAT
		" us",
		g_get_monotonic_time() - start);
	isl_ctx_free(ctx);
}

static void assert_refused(
	isl_ctx *ctx, const char *text, int code, const char *message)
{
	isl_set *set = isl_set_read_from_str(ctx, text);
	GError *error = NULL;
	gint64 n = 0;

	g_assert_false(sy_count_points(set, &n, &error));
	g_assert_error(error, SY_COUNT_ERROR, code);
	g_assert_cmpstr(error->message, ==, message);
	g_assert_cmpint(n, ==, -1);
	g_error_free(error);
	isl_set_free(set);
}

static void test_refused(void)
{
	isl_ctx *ctx = isl_ctx_alloc();

	assert_refused(ctx, "{ S[i] : 0 <= i < 10 and i mod 2 = 0 }",
		SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of { S[i] : (i) mod 2 = 0 and "
		"0 <= i <= 9 }: it has a stride or a division (an "
		"existential variable)");
	assert_refused(ctx, "{ S[i, j] : 0 <= i < 10 and 0 <= 2j <= i }",
		SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of { S[i, j] : 0 <= i <= 9 and "
		"j >= 0 and 2j <= i }: dimension 1 has the coefficient 2 in a "
		"bound (only 1 and -1 are counted)");
	assert_refused(ctx, "[N] -> { S[i] : 0 <= i < N }",
		SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of [N] -> { S[i] : 0 <= i < N }: it "
		"has parameters");
	assert_refused(ctx, "{ S[i] : i >= 0 }", SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of { S[i] : i >= 0 }: it is "
		"unbounded");
	/* j above 65 tangents of a parabola and below 65 others, all
	 * binding somewhere: 65 x 65 pieces */
	{
		GString *text = g_string_new("{ S[i, j] : 0 <= i <= 64");
		g_autofree char *want = NULL;
		isl_set *set;
		GError *error = NULL;
		gint64 n;

		for (int a = 0; a <= 64; a++)
			g_string_append_printf(text,
				" and j >= %d i - %d and j <= %d - %d i", 2 * a,
				a * a, 10000 + a * a, 2 * a);
		g_string_append(text, " }");
		set = isl_set_read_from_str(ctx, text->str);
		g_assert_false(sy_count_points(set, &n, &error));
		g_assert_error(error, SY_COUNT_ERROR, SY_COUNT_ERROR_TOO_LARGE);
		g_assert_true(g_str_has_suffix(
			error->message, ": it needs more than 4096 pieces"));
		g_error_free(error);
		isl_set_free(set);
		g_string_free(text, TRUE);
	}
	/* numbers beyond what bounds are computed with */
	assert_refused(ctx, "{ S[i] : 0 <= i < 2199023255552 }",
		SY_COUNT_ERROR_UNSUPPORTED,
		"cannot count the points of { S[i] : 0 <= i <= 2199023255551 "
		"}: a bound has a coefficient or a constant of 2^40 or more");
	/* beyond 64 bits: 2^32 cubed */
	assert_refused(ctx, "{ S[i, j, k] : 0 <= i, j, k < 4294967296 }",
		SY_COUNT_ERROR_TOO_LARGE,
		"cannot count the points of { S[i, j, k] : 0 <= i <= "
		"4294967295 and 0 <= j <= 4294967295 and 0 <= k <= 4294967295 "
		"}: more than 9223372036854775807");
	isl_ctx_free(ctx);
}

/* The isl limit is an error, not a guess. */
static void test_limit(void)
{
	isl_ctx *ctx = isl_ctx_alloc();
	isl_set *set = isl_set_read_from_str(ctx,
		"{ S[i, j, k] : 0 <= i < 10 and j >= 0 and j >= i - 3 and "
		"j <= i and j <= 5 and i - j <= k <= i + j }");
	GError *error = NULL;
	gint64 n = 0;

	isl_ctx_set_max_operations(ctx, 1);
	isl_ctx_reset_operations(ctx);
	g_assert_false(sy_count_points(set, &n, &error));
	g_assert_error(error, SY_COUNT_ERROR, SY_COUNT_ERROR_ISL);
	g_assert_cmpint(n, ==, -1);
	g_error_free(error);
	isl_ctx_reset_error(ctx);
	isl_ctx_set_max_operations(ctx, 0);
	isl_set_free(set);
	isl_ctx_free(ctx);
}

/* Statement counts per example, in the SCoP's order.  Closed forms:
 * lu (N = 16; k < N, k <= i < N, k <= j < N):
 *   S0 V = A at k = 0: N^2 = 256;
 *   S1 the update, k >= 1: sum_{k=1}^{N-1} (N-k)^2 = (N-1)N(2N-1)/6
 *   = 1240;
 *   S2, S3 in row i = k: sum_k (N-k) = N(N+1)/2 = 136;
 *   S4 below it, i > k: sum_k (N-k-1)(N-k) = (N-1)N(N+1)/3 = 1360;
 *   S5, S6 in column j = k, i > k: sum_k (N-k-1) = N(N-1)/2 = 120;
 *   S7 i > k, j > k: sum_k (N-k-1)^2 = (N-1)N(2N-1)/6 = 1240.
 * trmm (N = 48, M = 32; i < N, j < M, i <= k < N):
 *   sum_i M (N - i) = M N(N+1)/2 = 37632.
 * The others are boxes: products of their loops' trips (gemm S1
 * I J K = 64 32 48, conv S1 O R C I K K = 16 8 8 16 3 3). */
typedef struct {
	const char *example;
	guint n;
	gint64 counts[12];
} Expected;

static const Expected expected[] = {
	{"conv", 2, {16 * 8 * 8, 16 * 8 * 8 * 16 * 3 * 3}},
	{"dp", 1, {64 * 48}},
	{"fir", 1, {64 * 16}},
	{"gemm", 2, {64 * 32, 64 * 32 * 48}},
	{"gemv", 2, {64, 64 * 48}},
	{"lu", 8, {256, 1240, 136, 136, 1360, 120, 120, 1240}},
	{"mm", 1, {64 * 64 * 64}},
	{"mm_init", 2, {32 * 48, 32 * 48 * 64}},
	{"mttkrp", 1, {16 * 24 * 16 * 16}},
	{"trmm", 1, {32 * 48 * 49 / 2}},
	{"ttm", 1, {16 * 16 * 24 * 32}},
	{"ttmc", 1, {8 * 12 * 10 * 8 * 16}},
};

static gint64 enumerated(isl_set *set)
{
	isl_val *v = isl_set_count_val(set);
	gint64 n = isl_val_get_num_si(v);

	isl_val_free(v);
	return n;
}

static void test_examples(void)
{
	static const char *const examples[] = {"conv", "dp", "fir", "gemm",
		"gemv", "lu", "mm", "mm_init", "mttkrp", "trmm", "ttm", "ttmc"};
	gint64 spent = 0, spent_isl = 0;

	for (guint e = 0; e < G_N_ELEMENTS(examples); e++) {
		g_autofree char *file = g_strconcat(examples[e], ".c", NULL);
		g_autofree char *path = g_build_filename(
			examples_dir, file, NULL);
		SyAnalysisOptions ao = {NULL, NULL, 2, 0, FALSE};
		GError *error = NULL;
		SyAnalysis *a = sy_analysis_new_from_file(path, &ao, &error);
		const SyScop *scop;

		g_assert_no_error(error);
		scop = a->scop;
		for (guint i = 0; i < scop->stmts->len; i++) {
			const SyStmt *s = g_ptr_array_index(scop->stmts, i);
			gint64 start = g_get_monotonic_time();
			gint64 n = -1;

			g_assert_true(sy_count_points(s->domain, &n, &error));
			spent += g_get_monotonic_time() - start;
			g_assert_no_error(error);
			start = g_get_monotonic_time();
			g_assert_cmpint(n, ==, enumerated(s->domain));
			spent_isl += g_get_monotonic_time() - start;
			g_test_message("%s %s: %" G_GINT64_FORMAT, examples[e],
				s->name, n);
			for (guint k = 0; k < G_N_ELEMENTS(expected); k++) {
				if (strcmp(expected[k].example, examples[e]))
					continue;
				g_assert_cmpuint(
					scop->stmts->len, ==, expected[k].n);
				g_assert_cmpint(n, ==, expected[k].counts[i]);
			}
		}
		sy_analysis_free(a);
	}
	g_test_message("every example's statements counted in %" G_GINT64_FORMAT
		       " us (isl's enumeration: %" G_GINT64_FORMAT " us)",
		spent, spent_isl);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : SYSTOLE_EXAMPLES_DIR;
	g_test_add_func("/count/shapes", test_shapes);
	g_test_add_func("/count/huge", test_huge);
	g_test_add_func("/count/refused", test_refused);
	g_test_add_func("/count/limit", test_limit);
	g_test_add_func("/count/examples", test_examples);
	return g_test_run();
}
