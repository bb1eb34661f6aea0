/* Space-time transforms (space-time.h), their legality, the movement
 * they give (movement.h) and the enumeration of transforms.h, asserted
 * exactly: the seed's 1-D and 2-D convolution designs (SBM, BSM, BFS,
 * FFS, FBS; the 2-D FBS and SBM) and T2SP's 3-D chained projection. */
#include <string.h>

#include "poly/analysis.h"
#include "poly/movement.h"
#include "poly/transforms.h"

static const char conv1d[] = "#define IIC 16\n#define Q 5\n"
			     "int x[IIC + Q - 1], w[Q], z[IIC];\n"
			     "void kernel(void)\n{\n#pragma scop\n"
			     "for (int c = 0; c < IIC; c++)\n"
			     "  for (int q = 0; q < Q; q++)\n"
			     "    z[c] = z[c] + x[c + q] * w[q];\n"
			     "#pragma endscop\n}\n";

static const char conv2d[] =
	"#define IIR 8\n#define IIC 16\n#define P 2\n#define Q 2\n"
	"int x[IIR + P - 1][IIC + Q - 1], w[P][Q], z[IIR][IIC];\n"
	"void kernel(void)\n{\n#pragma scop\n"
	"for (int r = 0; r < IIR; r++)\n"
	"  for (int c = 0; c < IIC; c++)\n"
	"    for (int q = 0; q < Q; q++)\n"
	"      for (int p = 0; p < P; p++)\n"
	"        z[r][c] = z[r][c] + x[r + p][c + q] * w[p][q];\n"
	"#pragma endscop\n}\n";

/* T2SP's 3D-loop-2-2-4: a[j][k] again along i, b accumulated along j. */
static const char chain3d[] = "#define SIZE 10\n"
			      "int a[SIZE][SIZE], b[SIZE][SIZE];\n"
			      "void kernel(void)\n{\n#pragma scop\n"
			      "for (int i = 0; i < SIZE; i++)\n"
			      "  for (int j = 0; j < SIZE; j++)\n"
			      "    for (int k = 0; k < SIZE; k++)\n"
			      "      b[i][k] = b[i][k] + a[j][k];\n"
			      "#pragma endscop\n}\n";

static const char mm[] = "#define N 8\n"
			 "float A[N][N], B[N][N], C[N][N];\n"
			 "void kernel(void)\n{\n#pragma scop\n"
			 "for (int i = 0; i < N; i++)\n"
			 "  for (int j = 0; j < N; j++)\n"
			 "    for (int k = 0; k < N; k++)\n"
			 "      C[i][j] = C[i][j] + A[i][k] * B[k][j];\n"
			 "#pragma endscop\n}\n";

static SyAnalysis *analyse(const char *text)
{
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_data(
		"kernel.c", text, -1, NULL, &error);

	g_assert_no_error(error);
	return a;
}

/* The movement under the applied transform, a line per group. */
static char *movement_text(const SyAnalysis *a)
{
	g_autoptr(GPtrArray) moves = sy_movement_compute(
		a->scop, a->loop_band, a->space_time);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < moves->len; i++) {
		g_autofree char *line = sy_movement_describe(
			g_ptr_array_index(moves, i));

		g_string_append_printf(out, "%s\n", line);
	}
	return g_string_free(out, FALSE);
}

/* text's kernel transformed by st: its description, note, candidate
 * and movement, or the error's message. */
static char *apply(const char *text, const char *st)
{
	g_autoptr(SyAnalysis) a = analyse(text);
	GError *error = NULL;
	g_autofree char *how = NULL, *moves = NULL, *rows = NULL;

	if (!sy_analysis_apply_space_time(a, st, &error)) {
		char *why = g_strdup(error->message);

		g_assert_true(error->domain == SY_SPACE_TIME_ERROR);
		g_error_free(error);
		return why;
	}
	how = sy_space_time_describe(a->space_time, a->loop_band);
	moves = movement_text(a);
	rows = sy_space_time_to_string(a->space_time);
	return g_strdup_printf("%s %s%s%s%s [%d]\n%s", how, rows,
		a->space_time->note ? " (" : "",
		a->space_time->note ? a->space_time->note : "",
		a->space_time->note ? ")" : "", a->space_time->space_time,
		moves);
}

static void check(const char *text, const char *st, const char *want)
{
	g_autofree char *got = apply(text, st);

	g_assert_cmpstr(got, ==, want);
}

static void test_parse_errors(void)
{
	check(conv1d, "[[1,1],[0,1,2]]",
		"row 2 has 3 numbers, the band has 2 loops (c, q) (one "
		"coefficient per loop)");
	check(conv1d, "[[1,1]",
		"expected ',', ';' or ']' at column 7 of \"[[1,1]\", found the "
		"end (write rows of integers: \"[[1,1],[0,1]]\")");
	check(conv1d, "[[1,a],[0,1]]",
		"expected a number at column 5 of \"[[1,a],[0,1]]\", found 'a' "
		"(write rows of integers: \"[[1,1],[0,1]]\")");
	check(conv1d, "[[1,1],[0,1]] x",
		"expected the end at column 15 of \"[[1,1],[0,1]] x\", found "
		"'x' (write rows of integers: \"[[1,1],[0,1]]\")");
	check(conv1d, "[[1,99999999999],[0,1]]",
		"99999999999 at column 5 is too large (at most 1000000 either "
		"way)");
	check(conv1d, "[[1,0]]",
		"0 space rows and 1 time row over the band's 2 loops (c, q): "
		"give 1 space row, then time rows, at most 2 rows in all (the "
		"last row is time; ';' after the space rows makes every later "
		"row time: \"[[1,0,0];[0,1,1],[0,0,1]]\")");
	check(conv1d, "[[1,0],[0,1],[1,1]]",
		"2 space rows and 1 time row over the band's 2 loops (c, q): "
		"give 1 space row, then time rows, at most 2 rows in all (the "
		"last row is time; ';' after the space rows makes every later "
		"row time: \"[[1,0,0];[0,1,1],[0,0,1]]\")");
	check(conv1d, "[[2,0],[0,1]]",
		"the matrix [[2,0],[0,1]] over the loops (c, q) has "
		"determinant 2: a space-time transform must be unimodular "
		"(determinant 1 or -1), so that every iteration is one (PE, "
		"time) point and every point an iteration (hint: make the "
		"rows' coefficients coprime, e.g. [[1,1],[0,1]] rather than "
		"[[2,0],[0,1]])");
	check(conv1d, "[[1,1],[2,2]]",
		"the rows are linearly dependent over the loops (c, q): each "
		"row must add a direction (hint: a space row and a time row "
		"that are not multiples of each other)");
}

static void test_illegal(void)
{
	check(conv1d, "[[1,0],[0,-1]]",
		"the flow dependence on 'z' from S0 to S0, distance (0, 1) "
		"over the loops, would have (space; time) distance (0, -1) "
		"under k = c, t = -q: its time distance runs backwards, where "
		"it must be positive (hint: a time row with a positive "
		"coefficient along it)");
	check(conv1d, "[[0,1],[1,0]]",
		"the flow dependence on 'z' from S0 to S0, distance (0, 1) "
		"over the loops, would have (space; time) distance (1, 0) "
		"under k = q, t = c: its time distance is 0 (the sink would "
		"run in another PE at the same step), where it must be "
		"positive (hint: a time row with a positive coefficient along "
		"it)");
	check(conv1d, "[[1,-1],[0,1]]",
		"the flow dependence on 'z' from S0 to S0, distance (0, 1) "
		"over the loops, would have distance -1 on 'k' under k = c - "
		"q, t = q: every member of the band must keep dependences "
		"non-negative so that it can be tiled (hint: negate row 1, or "
		"add a multiple of a time row to it)");
	/* T2SP's 3-D to 2-D projection alone: B's accumulation along j
	 * would cross PEs in no time. */
	check(chain3d, "[[1,0,0],[0,1,0],[0,0,1]]",
		"the flow dependence on 'b' from S0 to S0, distance (0, 1, 0) "
		"over the loops, would have (space; time) distance (0, 1, 0) "
		"under k0 = i, k1 = j, t = k: its time distance is 0 (the "
		"sink would run in another PE at the same step), where it "
		"must be positive (hint: a time row with a positive "
		"coefficient along it)");
}

/* The seed's 1-D designs: (x, w, z) stationary, broadcast, forwarded
 * or moving as peers_devices.md D derives them. */
static void test_conv1d_designs(void)
{
	/* SBM: k = c + q, t = q */
	check(conv1d, "[[1,1],[0,1]]",
		"k = c + q, t = q [[1,1],[0,1]] [-1]\n"
		"z: moving +k at 1 PE per step (1, 1)\n"
		"x: stationary (0, 1)\n"
		"w: broadcast (1, 0)\n");
	/* BSM: (q, c) -> k = q, t = q + c */
	check(conv1d, "[[0,1],[1,1]]",
		"k = q, t = c + q [[0,1],[1,1]] [-1]\n"
		"z: moving +k at 1 PE per step (1, 1)\n"
		"x: broadcast (1, 0)\n"
		"w: stationary (0, 1)\n");
	/* BFS: k = c, t = c + q */
	check(conv1d, "[[1,0],[1,1]]",
		"k = c, t = c + q [[1,0],[1,1]] [-1]\n"
		"z: stationary (0, 1)\n"
		"x: broadcast (1, 0)\n"
		"w: forwarded +k at 1 PE per step (1, 1)\n");
	/* FFS: k = c, t = 2c + q; w at half speed */
	check(conv1d, "[[1,0],[2,1]]",
		"k = c, t = 2 c + q [[1,0],[2,1]] [-1]\n"
		"z: stationary (0, 1)\n"
		"x: forwarded +k at 1 PE per step (1, 1)\n"
		"w: forwarded +k at 1/2 PE per step (1, 2)\n");
	/* FBS: k = c, t = q: loop-aligned, AutoSA's space_time[0] */
	check(conv1d, "[[1,0],[0,1]]",
		"k = c, t = q [[1,0],[0,1]] [0]\n"
		"z: stationary (0, 1)\n"
		"x: forwarded -k at 1 PE per step (-1, 1)\n"
		"w: broadcast (1, 0)\n");
}

/* The SBM design's numbers, as another back end reads them. */
static void test_movement_fields(void)
{
	g_autoptr(SyAnalysis) a = analyse(conv1d);
	g_autoptr(GPtrArray) moves = NULL;
	const SyMovement *z, *x, *w;

	g_assert_true(sy_analysis_apply_space_time(a, "[[1,1],[0,1]]", NULL));
	g_assert_cmpstr(a->band->members[0].name, ==, "k");
	g_assert_cmpstr(a->band->members[1].name, ==, "t");
	g_assert_cmpuint(a->candidates->len, ==, 3);
	moves = sy_movement_compute(a->scop, a->loop_band, a->space_time);
	g_assert_cmpuint(moves->len, ==, 3);
	z = g_ptr_array_index(moves, 0);
	x = g_ptr_array_index(moves, 1);
	w = g_ptr_array_index(moves, 2);
	g_assert_cmpint(z->kind, ==, SY_MOVEMENT_MOVING);
	g_assert_true(z->written);
	g_assert_cmpuint(z->accesses->len, ==, 2);
	g_assert_cmpint(z->dk[0], ==, 1);
	g_assert_cmpint(z->dt, ==, 1);
	g_assert_cmpint(z->steps[0].reuse[0], ==, 0);
	g_assert_cmpint(z->steps[0].reuse[1], ==, 1);
	g_assert_cmpint(x->kind, ==, SY_MOVEMENT_STATIONARY);
	g_assert_cmpint(x->dk[0], ==, 0);
	g_assert_cmpint(x->dt, ==, 1);
	/* x[c + q] is reused along (c, q) = (-1, 1) */
	g_assert_cmpint(x->steps[0].reuse[0], ==, -1);
	g_assert_cmpint(x->steps[0].reuse[1], ==, 1);
	g_assert_cmpint(w->kind, ==, SY_MOVEMENT_BROADCAST);
	g_assert_cmpint(w->dk[0], ==, 1);
	g_assert_cmpint(w->dt, ==, 0);
}

/* Without a transform: a candidate's loop-aligned one. */
static void test_movement_aligned(void)
{
	g_autoptr(SyAnalysis) a = analyse(mm);
	const SyCandidate *c = g_ptr_array_index(a->candidates, 3);
	g_autoptr(GPtrArray) moves = sy_movement_of_candidate(a, c);
	static const char *const want[] = {
		"C: stationary (0, 0, 1)",
		"A: broadcast (0, 1, 0)",
		"B: broadcast (1, 0, 0)",
	};

	g_assert_cmpuint(c->n_space, ==, 2);
	g_assert_cmpuint(moves->len, ==, G_N_ELEMENTS(want));
	for (guint i = 0; i < moves->len; i++) {
		g_autofree char *line = sy_movement_describe(
			g_ptr_array_index(moves, i));

		g_assert_cmpstr(line, ==, want[i]);
	}
}

/* The seed's 2-D designs.  The band is (r, c, q): p, the seed's inner
 * time of t = p + P * q, runs inside each step. */
static void test_conv2d_designs(void)
{
	/* 2-D FBS: k = c, time q then r (completed) */
	check(conv2d, "[[0,1,0],[0,0,1]]",
		"k = c, t0 = q, t1 = r [[0,1,0],[0,0,1],[1,0,0]] (inner time "
		"rows added for r) [-1]\n"
		"z: stationary (0; 1, 0)\n"
		"x: multi stationary (0; 0, 1), forwarded (-1; 1, 0)\n"
		"w: multi stationary (0; 0, 1), broadcast (1; 0, 0)\n");
	/* 2-D SBM: k = c + q */
	check(conv2d, "[[0,1,1],[0,0,1]]",
		"k = c + q, t0 = q, t1 = r [[0,1,1],[0,0,1],[1,0,0]] (inner "
		"time rows added for r) [-1]\n"
		"z: moving +k (1; 1, 0)\n"
		"x: stationary (0; 0, 1), (0; 1, 0)\n"
		"w: multi stationary (0; 0, 1), broadcast (1; 0, 0)\n");
	/* r outermost, as the seed runs rows one after another: the
	 * flattened 4 r + q is the lexicographic (r, q) */
	check(conv2d, "[[0,1,0],[4,0,1]]",
		"k = c, t0 = r, t1 = q [[0,1,0],[1,0,0],[0,0,1]] (the time row "
		"4 r + q read as the lexicographic time (r, q)) [1]\n"
		"z: stationary (0; 0, 1)\n"
		"x: multi stationary (0; 1, 0), forwarded (-1; 0, 1)\n"
		"w: multi stationary (0; 1, 0), broadcast (1; 0, 0)\n");
}

/* T2SP's 3D-loop-2-2-4: (i, j, k) to (i, j) with time k, then to i with
 * time i + j, flattened as t = i + j + SIZE k; and the same with ';'. */
static void test_chained(void)
{
	const char *case1 =
		"k_ = i, t0 = k, t1 = i + j [[1,0,0],[0,0,1],[1,1,0]] (the "
		"time row i + j + 10 k read as the lexicographic time (k, i "
		"+ j)) [-1]\n"
		"b: stationary (0; 0, 1)\n"
		"a: forwarded +k (1; 0, 1)\n";

	check(chain3d, "[[1,0,0],[1,1,10]]", case1);
	check(chain3d, "[[1,0,0];[0,0,1],[1,1,0]]",
		"k_ = i, t0 = k, t1 = i + j [[1,0,0],[0,0,1],[1,1,0]] [-1]\n"
		"b: stationary (0; 0, 1)\n"
		"a: forwarded +k (1; 0, 1)\n");
	/* CASE2: s = j */
	check(chain3d, "[[0,1,0],[1,1,10]]",
		"k_ = j, t0 = k, t1 = i + j [[0,1,0],[0,0,1],[1,1,0]] (the "
		"time row i + j + 10 k read as the lexicographic time (k, i "
		"+ j)) [-1]\n"
		"b: moving +k (1; 0, 1)\n"
		"a: stationary (0; 0, 1)\n");
	/* CASE3: projected along (0, 1, 1) first, t = i + j + (2 SIZE -
	 * 1) k: the same order as CASE1's */
	check(chain3d, "[[1,0,0],[1,1,19]]",
		"k_ = i, t0 = k, t1 = i + j [[1,0,0],[0,0,1],[1,1,0]] (the "
		"time row i + j + 19 k read as the lexicographic time (k, i "
		"+ j)) [-1]\n"
		"b: stationary (0; 0, 1)\n"
		"a: forwarded +k (1; 0, 1)\n");
	/* CASE4: s = j - k, t = i + j + (SIZE - 1) k = s + i + SIZE k,
	 * whose reverse transform reads i and k off t - s */
	check(chain3d, "[[0,1,-1],[1,1,9]]",
		"k_ = j - k, t0 = k, t1 = i + j - k "
		"[[0,1,-1],[0,0,1],[1,1,-1]] (the time row i + j + 9 k read "
		"as the lexicographic time (k, i + j - k)) [-1]\n"
		"b: moving +k (1; 0, 1)\n"
		"a: stationary (0; 0, 1)\n");
	/* 5 does not cover the 10 values i + j takes in a PE */
	check(chain3d, "[[1,0,0],[1,1,5]]",
		"the matrix [[1,0,0],[1,1,5],[0,1,0]] (completed with unit "
		"rows) over the loops (i, j, k) has determinant -5: a "
		"space-time transform must be unimodular (determinant 1 or "
		"-1), so that every iteration is one (PE, time) point and "
		"every point an iteration (hint: make the rows' coefficients "
		"coprime, e.g. [[1,1],[0,1]] rather than [[2,0],[0,1]]); nor "
		"is the time row i + j + 5 k a linearised lexicographic "
		"order: i + j takes 10 values within a PE, more than 5 (hint: "
		"a coefficient of at least the inner rows' extent, as T2SP's "
		"t = p + P * q)");
}

/* A transform over names the kernel uses: the new members avoid them. */
static void test_names(void)
{
	g_autoptr(SyAnalysis) a = analyse(mm);

	g_assert_true(sy_analysis_apply_space_time(
		a, "[[1,0,0];[0,1,1],[0,0,1]]", NULL));
	g_assert_cmpstr(a->band->members[0].name, ==, "k_");
	g_assert_cmpstr(a->band->members[1].name, ==, "t0");
	g_assert_cmpstr(a->band->members[2].name, ==, "t1");
	g_assert_cmpint(a->space_time->space_time, ==, -1);
	g_assert_false(a->space_time->loop_aligned);
	/* the reverse transform: i = k_, j = t0 - t1, k = t1 */
	g_assert_cmpint(a->space_time->inverse[1 * 3 + 1], ==, 1);
	g_assert_cmpint(a->space_time->inverse[1 * 3 + 2], ==, -1);
	g_assert_cmpint(a->space_time->inverse[2 * 3 + 2], ==, 1);
}

/* transforms.h: every legal transform of conv1d with coefficients in
 * [-1, 1], in order. */
static void test_enumerate(void)
{
	g_autoptr(SyAnalysis) a = analyse(conv1d);
	g_autoptr(SyTransforms) ts = sy_transforms_enumerate(a, 1, 1, NULL);
	static const char *const want[] = {
		"[[1,0],[0,1]]",
		"[[0,1],[1,1]]",
		"[[0,1],[-1,1]]",
		"[[1,0],[1,1]]",
		"[[1,0],[-1,1]]",
		"[[1,1],[0,1]]",
	};
	GError *error = NULL;

	g_assert_nonnull(ts);
	g_assert_cmpuint(ts->enumerated, ==, 81);
	g_assert_cmpuint(ts->unimodular, ==, 16);
	g_assert_cmpuint(ts->legal, ==, 6);
	g_assert_cmpuint(ts->transforms->len, ==, G_N_ELEMENTS(want));
	for (guint i = 0; i < G_N_ELEMENTS(want); i++) {
		const SyTransform *t = g_ptr_array_index(ts->transforms, i);

		g_assert_cmpstr(t->st->text, ==, want[i]);
	}
	g_assert_null(sy_transforms_enumerate(a, 1, 30, &error));
	g_assert_error(error, SY_SPACE_TIME_ERROR, SY_SPACE_TIME_ERROR_REQUEST);
	g_assert_cmpstr(error->message, ==,
		"--max-coef 30 with --dims 1 over 2 loops is 13845841 "
		"matrices; at most 2000000 are enumerated (hint: a smaller "
		"--max-coef or --dims)");
	g_clear_error(&error);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/space-time/parse-errors", test_parse_errors);
	g_test_add_func("/space-time/illegal", test_illegal);
	g_test_add_func("/space-time/conv1d-designs", test_conv1d_designs);
	g_test_add_func("/space-time/movement-fields", test_movement_fields);
	g_test_add_func("/space-time/movement-aligned", test_movement_aligned);
	g_test_add_func("/space-time/conv2d-designs", test_conv2d_designs);
	g_test_add_func("/space-time/chained", test_chained);
	g_test_add_func("/space-time/names", test_names);
	g_test_add_func("/space-time/enumerate", test_enumerate);
	return g_test_run();
}
