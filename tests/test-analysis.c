/* Analysis semantics on small kernels: dependences and their distances,
 * the band, legality and the candidate list, asserted exactly. */
#include <string.h>

#include <isl/set.h>

#include "poly/analysis.h"
#include "report/report.h"

static SyAnalysis *analyse_with(
	const char *scop, guint max_dims, gboolean reorder)
{
	g_autofree char *text = g_strdup_printf(
		"#define N 16\n"
		"#define M 8\n"
		"float A[N][N], B[N][N], C[N][N], D[N][N][N], x[2 * N], "
		"y[N], s, t;\n"
		"void kernel(void)\n{\n#pragma scop\n%s\n#pragma endscop\n}\n",
		scop);
	SyAnalysisOptions options = {NULL, NULL, max_dims, 0, reorder};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_data(
		"kernel.c", text, -1, &options, &error);

	g_assert_no_error(error);
	return a;
}

static SyAnalysis *analyse_dims(const char *scop, guint max_dims)
{
	return analyse_with(scop, max_dims, FALSE);
}

static SyAnalysis *analyse(const char *scop)
{
	return analyse_dims(scop, 2);
}

/* "flow C S0->S1 (0, 0, 1)" per dependence, one per line. */
static char *deps_text(const SyAnalysis *a)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);
		g_autofree char *dist = dep->distance
			? sy_report_vector(dep->distance, dep->depth)
			: g_strdup("non-uniform");

		g_string_append_printf(out, "%s %s %s->%s %s\n",
			sy_dep_kind_name(dep->kind), dep->source->array->name,
			dep->source->stmt->name, dep->sink->stmt->name, dist);
	}
	return g_string_free(out, FALSE);
}

/* "[i] [j] [i,j]" */
static char *candidates_text(const SyAnalysis *a)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(a->candidates, i);

		g_string_append(out, i ? " [" : "[");
		for (guint k = 0; k < c->n_space; k++)
			g_string_append_printf(out, "%s%s", k ? "," : "",
				a->band->members[c->space[k]].name);
		g_string_append_c(out, ']');
	}
	return g_string_free(out, FALSE);
}

static char *band_text(const SyAnalysis *a)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < a->band->n_members; i++)
		g_string_append_printf(
			out, "%s%s", i ? "," : "", a->band->members[i].name);
	return g_string_free(out, FALSE);
}

static char *io_text(const SyAnalysis *a, guint id)
{
	return sy_report_io_groups(g_ptr_array_index(a->candidates, id));
}

static void assert_analysis(SyAnalysis *a, const char *band, const char *deps,
	const char *candidates)
{
	g_autofree char *b = band_text(a);
	g_autofree char *d = deps_text(a);
	g_autofree char *c = candidates_text(a);

	g_assert_cmpstr(b, ==, band);
	g_assert_cmpstr(d, ==, deps);
	g_assert_cmpstr(c, ==, candidates);
}

static const char *const mm = "for (int i = 0; i < N; i++)\n"
			      "  for (int j = 0; j < N; j++)\n"
			      "    for (int k = 0; k < N; k++)\n"
			      "      C[i][j] = C[i][j] + A[i][k] * B[k][j];\n";

static void test_mm(void)
{
	g_autoptr(SyAnalysis) a = analyse(mm);
	g_autofree char *io3 = NULL;

	assert_analysis(a, "i,j,k",
		"flow C S0->S0 (0, 0, 1)\n"
		"anti C S0->S0 (0, 0, 1)\n"
		"output C S0->S0 (0, 0, 1)\n"
		"read A S0->S0 (0, 1, 0)\n"
		"read B S0->S0 (1, 0, 0)\n",
		"[i] [j] [k] [i,j] [i,k] [j,k]");
	g_assert_true(a->legal);
	/* space_time[3], the output-stationary 2D array of the paper. */
	io3 = io_text(a, 3);
	/* C's first values (k = 0) come from outside: a read group. */
	g_assert_cmpstr(io3, ==,
		"C flow (0, 0) interior; "
		"C output (0, 0) interior; C read (0, 0) interior; "
		"A read (0, 1) exterior; B read (1, 0) exterior");
	g_assert_true(a->band->members[0].coincident);
	g_assert_true(a->band->members[1].coincident);
	g_assert_false(a->band->members[2].coincident);
}

static void test_mm_3d(void)
{
	g_autoptr(SyAnalysis) a = analyse_dims(mm, 3);
	g_autofree char *c = candidates_text(a);

	g_assert_cmpstr(c, ==, "[i] [j] [k] [i,j] [i,k] [j,k] [i,j,k]");
}

static void test_mm_1d_only(void)
{
	g_autoptr(SyAnalysis) a = analyse_dims(mm, 1);
	g_autofree char *c = candidates_text(a);

	g_assert_cmpstr(c, ==, "[i] [j] [k]");
}

/* The initialisation joins the band at the first iteration of k. */
static void test_init_aligned(void)
{
	g_autoptr(SyAnalysis)
		a = analyse("for (int i = 0; i < N; i++)\n"
			    "  for (int j = 0; j < N; j++) {\n"
			    "    C[i][j] = 0;\n"
			    "    for (int k = 0; k < N; k++)\n"
			    "      C[i][j] += A[i][k] * B[k][j];\n"
			    "  }\n");

	assert_analysis(a, "i,j,k",
		"flow C S0->S1 (0, 0, 0)\n"
		"flow C S1->S1 (0, 0, 1)\n"
		"anti C S1->S1 (0, 0, 1)\n"
		"output C S0->S1 (0, 0, 0)\n"
		"output C S1->S1 (0, 0, 1)\n"
		"read A S1->S1 (0, 1, 0)\n"
		"read B S1->S1 (1, 0, 0)\n",
		"[i] [j] [k] [i,j] [i,k] [j,k]");
	g_assert_null(a->band->stop);
}

/* A store after the loop sits at its last iteration; a start that depends
 * on i is followed. */
static void test_store_after_loop(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++) {\n"
					  "  t = 0;\n"
					  "  for (int k = i; k < N; k++)\n"
					  "    t += A[i][k] * x[k];\n"
					  "  y[i] = t;\n"
					  "}\n");
	g_autofree char *d = deps_text(a);
	g_autofree char *b = band_text(a);

	/* t is one scalar for all i: the anti dependence from y[i] = t to the
	 * next t = 0 runs backwards on k, so the band is i alone. */
	g_assert_cmpstr(b, ==, "i");
	g_assert_cmpstr(a->band->stop, ==,
		"loop 'k' (line 9) cannot join "
		"the band: the anti dependence on 't' from S2 to S0 would have "
		"distance -14 on it");
	/* k runs at least once, so y[i] = t always reads the sum. */
	g_assert_cmpstr(d, ==,
		"flow t S0->S1 (0)\n"
		"flow t S1->S1 (0)\n"
		"flow t S1->S2 (0)\n"
		"anti t S1->S0 (1)\n"
		"anti t S1->S1 (0)\n"
		"anti t S2->S0 (1)\n"
		"output t S0->S1 (0)\n"
		"output t S1->S0 (1)\n"
		"output t S1->S1 (0)\n"
		"read x S1->S1 (1)\n");
}

/* Rows of A that no two statements share are analysed apart (groups of
 * accesses whose footprints meet); the row written last and read first
 * (A[0]) still pairs its read and write. */
static void test_disjoint_rows(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++) {\n"
					  "  A[1][i] = A[0][i] + 1;\n"
					  "  A[2][i] = A[1][i] * 2;\n"
					  "  B[i][0] = A[2][i];\n"
					  "  A[0][i] = y[i];\n"
					  "}\n");
	g_autofree char *d = deps_text(a);

	g_assert_cmpstr(d, ==,
		"flow A S0->S1 (0)\n"
		"flow A S1->S2 (0)\n"
		"anti A S0->S3 (0)\n");
}

/* Declaring the accumulator inside the loop gives each i its own t: the
 * kill removes the false dependences and k joins the band. */
static void test_local_scalar_kill(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++) {\n"
					  "  float u = 0;\n"
					  "  for (int k = 0; k < N; k++)\n"
					  "    u += A[i][k] * x[k];\n"
					  "  y[i] = u;\n"
					  "}\n");

	assert_analysis(a, "i,k",
		"flow u S0->S1 (0, 0)\n"
		"flow u S1->S1 (0, 1)\n"
		"flow u S1->S2 (0, 0)\n"
		"anti u S1->S1 (0, 1)\n"
		"output u S0->S1 (0, 0)\n"
		"output u S1->S1 (0, 1)\n"
		"read x S1->S1 (1, 0)\n",
		"[i] [k] [i,k]");
}

static void test_nonuniform(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++)\n"
					  "  for (int j = 0; j < N; j++)\n"
					  "    A[i][j] = A[j][i] + 1;\n");

	g_assert_false(a->legal);
	g_assert_cmpuint(a->candidates->len, ==, 0);
	g_assert_cmpuint(a->reasons->len, >=, 1);
	g_assert_true(g_str_has_prefix(g_ptr_array_index(a->reasons, 0),
		"the flow dependence on 'A' from S0 to S0 is not uniform"));
}

/* A reduction over a window of two, outside the band: isl describes
 * its two distances, (0, 0) within a point of the band and (0, 1) from
 * one j to the next, in one piece; each is a uniform dependence, as at
 * a window of three, where isl gives two pieces (conv.c with K 2,
 * mttkrp.c with K and L 2 were refused as not uniform). */
static void test_window_of_two(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++)\n"
					  "  for (int j = 0; j < N; j++)\n"
					  "    for (int p = 0; p < 2; p++)\n"
					  "      y[i] = y[i] + A[i][j] * x[j + p];\n");

	assert_analysis(a, "i,j",
		"flow y S0->S0 (0, 0)\n"
		"flow y S0->S0 (0, 1)\n"
		"anti y S0->S0 (0, 0)\n"
		"anti y S0->S0 (0, 1)\n"
		"output y S0->S0 (0, 0)\n"
		"output y S0->S0 (0, 1)\n"
		"read A S0->S0 (0, 0)\n"
		"read x S0->S0 (1, 0)\n",
		"[i] [j] [i,j]");
	g_assert_true(a->legal);
}

/* Two nests with different iterators have no common band. */
static void test_no_band(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++)\n"
					  "  y[i] = x[i];\n"
					  "for (int j = 0; j < N; j++)\n"
					  "  x[j] = y[j] * 2;\n");

	g_assert_false(a->legal);
	g_assert_cmpuint(a->band->n_members, ==, 0);
	g_assert_cmpstr(g_ptr_array_index(a->reasons, 0), ==,
		"no outermost permutable band: loops 'i' (line 7) and 'j' "
		"(line 9) are siblings: only loops with the same iterator name "
		"are fused");
}

/* Sibling loops with the same name fuse into one member. */
static void test_fusion(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++)\n"
					  "  y[i] = x[i];\n"
					  "for (int i = 0; i < N; i++)\n"
					  "  x[i + N] = y[i] * 2;\n");

	assert_analysis(a, "i", "flow y S0->S1 (0)\n", "[i]");
}

/* Strided and decreasing loops count iterations, not values. */
static void test_steps(void)
{
	g_autoptr(SyAnalysis)
		a = analyse("for (int i = N - 1; i >= 0; i--)\n"
			    "  for (int j = 0; j < 2 * N; j += 2)\n"
			    "    y[i] += x[j];\n");

	assert_analysis(a, "i,j",
		"flow y S0->S0 (0, 1)\n"
		"anti y S0->S0 (0, 1)\n"
		"output y S0->S0 (0, 1)\n"
		"read x S0->S0 (1, 0)\n",
		"[i] [j] [i,j]");
}

/* Reduction over p and q: the band stops where the wrap-around
 * dependence would run backwards, as for AutoSA's CNN. */
static void test_band_stop(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++)\n"
					  "  for (int p = 0; p < 3; p++)\n"
					  "    for (int q = 0; q < 3; q++)\n"
					  "      y[i] += x[i + p + q];\n");

	g_autofree char *b = band_text(a);

	g_assert_cmpstr(b, ==, "i,p");
	g_assert_cmpstr(a->band->stop, ==,
		"loop 'q' (line 9) cannot join "
		"the band: the flow dependence on 'y' from S0 to S0 would have "
		"distance -2 on it");
	g_assert_cmpuint(a->band->inner->len, ==, 1);
	g_assert_cmpstr(g_ptr_array_index(a->band->inner, 0), ==, "q");
}

/* Conditions and min/max bounds shape the domains; iterators may be used
 * as values. */
static void test_domains(void)
{
	g_autoptr(SyAnalysis) a = analyse(
		"for (int i = 0; i < N; i++)\n"
		"  for (int j = max(0, i - 2); j <= min(N - 1, i + 2); j++)\n"
		"    if (i == j || !(j > 4))\n"
		"      A[i][j] = i + j;\n"
		"    else\n"
		"      A[i][j] = floord(i, 2);\n");
	const SyStmt *s0 = g_ptr_array_index(a->scop->stmts, 0);
	const SyStmt *s1 = g_ptr_array_index(a->scop->stmts, 1);
	isl_set *expect0 = isl_set_read_from_str(a->ctx,
		"{ S0[i, j] : 0 <= i < 16 and i - 2 <= j <= i + 2 and "
		"0 <= j < 16 and (j = i or j <= 4) }");
	isl_set *expect1 = isl_set_read_from_str(a->ctx,
		"{ S1[i, j] : 0 <= i < 16 and i - 2 <= j <= i + 2 and "
		"0 <= j < 16 and j != i and j > 4 }");

	g_assert_true(isl_set_is_equal(s0->domain, expect0));
	g_assert_true(isl_set_is_equal(s1->domain, expect1));
	isl_set_free(expect0);
	isl_set_free(expect1);
}

/* The schedule tree in source order, as pet builds it. */
static void test_schedule_tree(void)
{
	g_autoptr(SyAnalysis) a = analyse("for (int i = 0; i < N; i++) {\n"
					  "  y[i] = 0;\n"
					  "  for (int j = 0; j < N; j++)\n"
					  "    y[i] += A[i][j] * x[j];\n"
					  "}\n");
	g_autoptr(JsonNode) root = sy_report_analysis_json(a);
	JsonObject *obj = json_node_get_object(root);

	g_assert_cmpstr(json_object_get_string_member(obj, "schedule"), ==,
		"domain: \"{ S0[i] : 0 <= i <= 15; S1[i, j] : 0 <= i <= 15 "
		"and 0 <= j <= 15 }\"\n"
		"child:\n"
		"  schedule: \"[{ S0[i] -> [(i)]; S1[i, j] -> [(i)] }]\"\n"
		"  child:\n"
		"    sequence:\n"
		"    - filter: \"{ S0[i] }\"\n"
		"    - filter: \"{ S1[i, j] }\"\n"
		"      child:\n"
		"        schedule: \"[{ S1[i, j] -> [(j)] }]\"\n");
}

/* Sizes of 2^20 give the same answer: nothing depends on iteration
 * counts. */
static void test_huge_sizes(void)
{
	const char *text = "#define N 1048576\n"
			   "float A[N][N], B[N][N], C[N][N];\n"
			   "void f(void) {\n#pragma scop\n"
			   "for (int i = 0; i < N; i++)\n"
			   "  for (int j = 0; j < N; j++)\n"
			   "    for (int k = 0; k < N; k++)\n"
			   "      C[i][j] += A[i][k] * B[k][j];\n"
			   "#pragma endscop\n}\n";
	GError *error = NULL;
	g_autoptr(SyAnalysis)
		a = sy_analysis_new_from_data("big.c", text, -1, NULL, &error);
	g_autofree char *c = NULL;

	g_assert_no_error(error);
	c = candidates_text(a);
	g_assert_cmpstr(c, ==, "[i] [j] [k] [i,j] [i,k] [j,k]");
	g_assert_cmpint(a->band->members[2].max, ==, 1048575);
}

/* A read whose first values come from outside gets a read group for
 * them; its reuse counts only between such values (y[i] at j = 0 has
 * none).  Read-only scalars are arguments: no dependence, no I/O. */
static void test_live_in(void)
{
	g_autoptr(SyAnalysis)
		a = analyse("for (int i = 0; i < N; i++)\n"
			    "  for (int j = 0; j < M; j++)\n"
			    "    y[i] += s * A[i][j] * x[i + j];\n");
	g_autofree char *io = NULL;

	assert_analysis(a, "i,j",
		"flow y S0->S0 (0, 1)\n"
		"anti y S0->S0 (0, 1)\n"
		"output y S0->S0 (0, 1)\n",
		"[i] [j] [i,j]");
	io = io_text(a, 1);
	g_assert_cmpstr(io, ==,
		"y flow (1) exterior; y output (1) exterior; "
		"y read (0) interior; A read (0) interior; "
		"x read (0) interior");
}

/* The same input gives the same JSON, byte for byte. */
/* PolyBench's gemm: C scaled in a j loop of its own before the k loop.
 * The source order gives (i) only; isl's scheduler fuses the j loops and
 * moves k inside them, with the scaling aligned at k = 0, as AutoSA's
 * default (rescheduling) flow does. */
static const char *const gemm_pb = "for (int i = 0; i < N; i++) {\n"
				   "  for (int j = 0; j < N; j++)\n"
				   "    C[i][j] *= t;\n"
				   "  for (int k = 0; k < N; k++)\n"
				   "    for (int j = 0; j < N; j++)\n"
				   "      C[i][j] += s * A[i][k] * B[k][j];\n"
				   "}\n";

static void test_reschedule_gemm(void)
{
	g_autoptr(SyAnalysis) a = analyse(gemm_pb);
	g_autofree char *io3 = NULL;
	g_autoptr(JsonNode) root = NULL;
	const SyBandMember *m;
	const SyStmt *s0, *s1;
	isl_union_map *expect, *map;

	assert_analysis(a, "i,j,k",
		"flow C S0->S1 (0, 0, 0)\n"
		"flow C S1->S1 (0, 0, 1)\n"
		"anti C S0->S1 (0, 0, 0)\n"
		"anti C S1->S1 (0, 0, 1)\n"
		"output C S0->S1 (0, 0, 0)\n"
		"output C S1->S1 (0, 0, 1)\n"
		"read A S1->S1 (0, 1, 0)\n"
		"read B S1->S1 (1, 0, 0)\n",
		"[i] [j] [k] [i,j] [i,k] [j,k]");
	g_assert_true(a->legal);
	g_assert_true(a->band->rescheduled);
	g_assert_cmpstr(a->band->source_order, ==,
		"the source order gives (i) only: loops 'j' (line 8) and 'k' "
		"(line 10) are siblings: only loops with the same iterator "
		"name are fused");
	g_assert_null(a->band->stop);
	g_assert_cmpuint(a->band->inner->len, ==, 0);
	/* Member j fuses S0's loop (depth 1) and S1's (depth 2); k is S1's
	 * depth 1: the loops are the statements' own. */
	s0 = g_ptr_array_index(a->scop->stmts, 0);
	s1 = g_ptr_array_index(a->scop->stmts, 1);
	m = &a->band->members[1];
	g_assert_cmpuint(m->loops->len, ==, 2);
	g_assert_true(g_ptr_array_index(m->loops, 0) == s0->loops[1]);
	g_assert_true(g_ptr_array_index(m->loops, 1) == s1->loops[2]);
	m = &a->band->members[2];
	g_assert_cmpuint(m->loops->len, ==, 1);
	g_assert_true(g_ptr_array_index(m->loops, 0) == s1->loops[1]);
	g_assert_cmpint(m->min, ==, 0);
	g_assert_cmpint(m->max, ==, 15);
	g_assert_true(a->band->members[0].coincident);
	g_assert_true(a->band->members[1].coincident);
	g_assert_false(a->band->members[2].coincident);
	expect = isl_union_map_read_from_str(a->ctx,
		"{ S0[i, j] -> [i, j, 0] : 0 <= i, j < 16; "
		"S1[i, k, j] -> [i, j, k] : 0 <= i, j, k < 16 }");
	map = isl_union_map_intersect_domain(isl_union_map_copy(a->band->map),
		isl_union_set_copy(a->scop->domain));
	g_assert_true(isl_union_map_is_equal(map, expect) == isl_bool_true);
	isl_union_map_free(map);
	isl_union_map_free(expect);
	/* AutoSA's space_time[3]: the output-stationary array, as mm's. */
	io3 = io_text(a, 3);
	g_assert_cmpstr(io3, ==,
		"C flow (0, 0) interior; C output (0, 0) interior; "
		"C read (0, 0) interior; A read (0, 1) exterior; "
		"B read (1, 0) exterior");
	root = sy_report_analysis_json(a);
	g_assert_true(json_object_get_boolean_member(
		json_node_get_object(root), "rescheduled"));
}

/* AutoSA's --no-reschedule: the source order's band, measured again. */
static void test_reschedule_kept_off(void)
{
	g_autoptr(SyAnalysis) a = analyse(gemm_pb);
	GError *error = NULL;

	g_assert_true(sy_analysis_keep_source_order(a, &error));
	g_assert_no_error(error);
	assert_analysis(a, "i",
		"flow C S0->S1 (0)\n"
		"flow C S1->S1 (0)\n"
		"anti C S0->S1 (0)\n"
		"anti C S1->S1 (0)\n"
		"output C S0->S1 (0)\n"
		"output C S1->S1 (0)\n"
		"read A S1->S1 (0)\n"
		"read B S1->S1 (1)\n",
		"[i]");
	g_assert_false(a->band->rescheduled);
	g_assert_null(a->band->source_order);
	g_assert_cmpstr(a->band->stop, ==,
		"loops 'j' (line 8) and 'k' (line 10) are siblings: only "
		"loops with the same iterator name are fused");
}

/* A member fusing loops of different names is named after both. */
static void test_reschedule_names(void)
{
	g_autoptr(SyAnalysis)
		a = analyse("for (int i = 0; i < N; i++) {\n"
			    "  for (int jj = 0; jj < N; jj++)\n"
			    "    C[i][jj] *= t;\n"
			    "  for (int k = 0; k < N; k++)\n"
			    "    for (int j = 0; j < N; j++)\n"
			    "      C[i][j] += s * A[i][k] * B[k][j];\n"
			    "}\n");
	g_autofree char *b = band_text(a);

	g_assert_cmpstr(b, ==, "i,jj_j,k");
	g_assert_true(a->band->rescheduled);
}

/* Copies through sibling loops of three names, then of six: the
 * names joined, then (longer than 16 characters) c1, as isl's AST would
 * name it. */
static void test_reschedule_many_names(void)
{
	static const char *const three = "for (int i = 0; i < N; i++) {\n"
					 "  for (int ja = 0; ja < N; ja++)\n"
					 "    A[i][ja] = x[ja];\n"
					 "  for (int jb = 0; jb < N; jb++)\n"
					 "    B[i][jb] = A[i][jb];\n"
					 "  for (int jc = 0; jc < N; jc++)\n"
					 "    C[i][jc] = B[i][jc];\n";
	static const char *const six = "  for (int jdd = 0; jdd < N; jdd++)\n"
				       "    A[i][jdd] = C[i][jdd];\n"
				       "  for (int jee = 0; jee < N; jee++)\n"
				       "    B[i][jee] = A[i][jee];\n"
				       "  for (int jff = 0; jff < N; jff++)\n"
				       "    C[i][jff] = B[i][jff];\n";
	g_autofree char *text3 = g_strconcat(three, "}\n", NULL);
	g_autofree char *text6 = g_strconcat(three, six, "}\n", NULL);
	g_autoptr(SyAnalysis) a3 = analyse(text3);
	g_autoptr(SyAnalysis) a6 = analyse(text6);
	g_autofree char *b3 = band_text(a3);
	g_autofree char *b6 = band_text(a6);

	g_assert_cmpstr(b3, ==, "i,ja_jb_jc");
	g_assert_cmpstr(b6, ==, "i,c1");
	g_assert_cmpuint(a6->band->members[1].loops->len, ==, 6);
}

/* isl's band for a stencil is skewed (t + i): Systole's arrays take the
 * statements' loops only, so the source order's band stays, and why. */
static void test_reschedule_skewed(void)
{
	g_autoptr(SyAnalysis)
		a = analyse("for (int t = 0; t < M; t++)\n"
			    "  for (int i = 1; i < N - 1; i++)\n"
			    "    y[i] = (y[i - 1] + y[i] + y[i + 1]) / 3;\n");
	g_autofree char *b = band_text(a);

	g_assert_cmpstr(b, ==, "t");
	g_assert_false(a->band->rescheduled);
	g_assert_cmpstr(a->band->source_order, ==,
		"it gives a band of 2 loops, not taken: its loop 2 is "
		"{ S0[t, i] -> [(t + i)] } for S0, not one of its loops");
}

/* 2mm's second product reads every column of the first's result: isl's
 * outermost band is (i) as well, so nothing changes and nothing is
 * said. */
static void test_reschedule_2mm(void)
{
	g_autoptr(SyAnalysis)
		a = analyse("for (int i = 0; i < N; i++)\n"
			    "  for (int j = 0; j < N; j++) {\n"
			    "    A[i][j] = 0;\n"
			    "    for (int k = 0; k < N; k++)\n"
			    "      A[i][j] += s * B[i][k] * C[k][j];\n"
			    "  }\n"
			    "for (int i = 0; i < N; i++)\n"
			    "  for (int j = 0; j < N; j++) {\n"
			    "    D[0][i][j] *= t;\n"
			    "    for (int k = 0; k < N; k++)\n"
			    "      D[0][i][j] += A[i][k] * C[k][j];\n"
			    "  }\n");
	g_autofree char *b = band_text(a);

	g_assert_cmpstr(b, ==, "i");
	g_assert_false(a->band->rescheduled);
	g_assert_null(a->band->source_order);
	g_assert_cmpstr(a->band->stop, ==,
		"loop 'j' (line 8) cannot join the band: the flow dependence "
		"on 'A' from S1 to S3 would have distance -15 on it");
}

/* A band of two or more loops in source order is kept as it is. */
static void test_reschedule_not_needed(void)
{
	g_autoptr(SyAnalysis) a = analyse(mm);

	g_assert_false(a->band->rescheduled);
	g_assert_null(a->band->source_order);
}

/* isl's scheduler is a stage with its own budget: out of operations, it
 * fails as the analysis's other stages do, and the band stays. */
static void test_reschedule_bounded(void)
{
	g_autoptr(SyAnalysis) a = analyse(gemm_pb);
	SyBand *band = sy_band_compute(a->scop, a->deps);
	GError *error = NULL;

	isl_ctx_set_max_operations(a->ctx, 1000);
	sy_isl_stage_begin(a->ctx);
	band = sy_band_reschedule(band, a->scop, a->deps);
	g_assert_false(sy_isl_stage_check(
		a->ctx, "kernel.c", "isl's scheduler", &error));
	g_assert_error(error, SY_ANALYSIS_ERROR, SY_ANALYSIS_ERROR_TOO_COMPLEX);
	g_assert_cmpstr(error->message, ==,
		"kernel.c: error: the analysis is too complex: it needs more "
		"than 1000 isl operations (in isl's scheduler)");
	g_assert_cmpuint(band->n_members, ==, 1);
	g_assert_false(band->rescheduled);
	g_error_free(error);
	sy_band_free(band);
}

static void test_deterministic(void)
{
	g_autoptr(SyAnalysis) a = analyse(mm);
	g_autoptr(SyAnalysis) b = analyse(mm);
	g_autoptr(JsonNode) ja = sy_report_analysis_json(a);
	g_autoptr(JsonNode) jb = sy_report_analysis_json(b);
	g_autofree char *sa = json_to_string(ja, TRUE);
	g_autofree char *sb = json_to_string(jb, TRUE);

	g_assert_cmpstr(sa, ==, sb);
}

/* --live-range-reordering: a prefix sum kept in a local row P reused
 * for every k has the anti dependence (1, -1) and the output dependence
 * (1, 0) besides its flow (0, 1); they end the band at j, unless the
 * option drops them.  The same code on y, which the SCoP shares with
 * its caller, keeps them with the option too. */
static const char *const prefix_local =
	"{ float P[N];\n"
	"  for (int k = 0; k < N; k++)\n"
	"    for (int j = 0; j < N; j++) {\n"
	"      if (j == 0) P[j] = A[k][j]; else P[j] = P[j - 1] + A[k][j];\n"
	"      B[k][j] = P[j];\n"
	"    } }";

static void test_live_range_reordering(void)
{
	g_autoptr(SyAnalysis) plain = analyse(prefix_local);
	g_autoptr(SyAnalysis) a = analyse_with(prefix_local, 2, TRUE);
	g_autofree char *cands = NULL, *deps = NULL, *text = NULL;
	g_autofree char *shared = g_strdup(prefix_local);
	g_autoptr(SyAnalysis) global = NULL;

	g_assert_cmpuint(plain->band->n_members, ==, 1);
	g_assert_true(plain->band->stop_reorderable);
	g_assert_cmpstr(plain->band->stop, ==,
		"loop 'j' (line 9) cannot join the band: the anti dependence "
		"on 'P' from S1 to S0 would have distance -1 on it");
	g_assert_false(plain->live_range_reordering);

	g_assert_true(a->live_range_reordering);
	g_assert_cmpuint(a->band->n_members, ==, 2);
	g_assert_cmpstr(a->band->members[0].name, ==, "k");
	g_assert_cmpstr(a->band->members[1].name, ==, "j");
	g_assert_null(a->band->stop);
	/* Coincidence still counts the false dependences. */
	g_assert_false(a->band->members[0].coincident);
	g_assert_false(a->band->members[1].coincident);
	deps = deps_text(a);
	g_assert_cmpstr(deps, ==,
		"flow P S0->S1 (0, 1)\n"
		"flow P S0->S2 (0, 0)\n"
		"flow P S1->S1 (0, 1)\n"
		"flow P S1->S2 (0, 0)\n"
		"anti P S1->S0 (1, -1)\n"
		"anti P S1->S1 (1, -1)\n"
		"anti P S2->S0 (1, 0)\n"
		"anti P S2->S1 (1, 0)\n"
		"output P S0->S0 (1, 0)\n"
		"output P S1->S1 (1, 0)\n");
	cands = candidates_text(a);
	g_assert_cmpstr(cands, ==, "[k] [j] [k,j]");
	text = sy_report_analysis_text(a);
	g_assert_true(strstr(text,
		"\n  --live-range-reordering: the anti and output dependences "
		"of 'P' do not limit the band\n"));

	/* y is the caller's: its false dependences stay. */
	memcpy(strstr(shared, "float P[N];"), "           ", 11);
	for (char *c = shared; (c = strstr(c, "P[")); c++)
		*c = 'y';
	global = analyse_with(shared, 2, TRUE);
	g_assert_cmpuint(global->band->n_members, ==, 1);
	g_assert_false(global->band->stop_reorderable);
}

/* Both rows: the local one's false dependences are not all that ends
 * the band, so the option is not named as the way on. */
static void test_live_range_reordering_mixed(void)
{
	static const char *const both =
		"{ float P[N];\n"
		"  for (int k = 0; k < N; k++)\n"
		"    for (int j = 0; j < N; j++) {\n"
		"      if (j == 0) { P[j] = A[k][j]; y[j] = A[k][j]; }\n"
		"      else { P[j] = P[j - 1] + A[k][j];\n"
		"             y[j] = y[j - 1] + A[k][j]; }\n"
		"      B[k][j] = P[j] + y[j];\n"
		"    } }";
	g_autoptr(SyAnalysis) plain = analyse(both);
	g_autoptr(SyAnalysis) a = analyse_with(both, 2, TRUE);

	g_assert_cmpuint(plain->band->n_members, ==, 1);
	g_assert_false(plain->band->stop_reorderable);
	g_assert_cmpuint(a->band->n_members, ==, 1);
	g_assert_cmpstr(a->band->stop, ==,
		"loop 'j' (line 9) cannot join the band: the anti dependence "
		"on 'y' from S3 to S1 would have distance -1 on it");
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/analysis/mm", test_mm);
	g_test_add_func("/analysis/mm-3d", test_mm_3d);
	g_test_add_func("/analysis/mm-1d-only", test_mm_1d_only);
	g_test_add_func("/analysis/init-aligned", test_init_aligned);
	g_test_add_func("/analysis/store-after-loop", test_store_after_loop);
	g_test_add_func("/analysis/local-scalar-kill", test_local_scalar_kill);
	g_test_add_func("/analysis/nonuniform", test_nonuniform);
	g_test_add_func("/analysis/window-of-two", test_window_of_two);
	g_test_add_func("/analysis/no-band", test_no_band);
	g_test_add_func("/analysis/fusion", test_fusion);
	g_test_add_func("/analysis/steps", test_steps);
	g_test_add_func("/analysis/band-stop", test_band_stop);
	g_test_add_func(
		"/analysis/live-range-reordering", test_live_range_reordering);
	g_test_add_func("/analysis/live-range-reordering-mixed",
		test_live_range_reordering_mixed);
	g_test_add_func("/analysis/domains", test_domains);
	g_test_add_func("/analysis/schedule-tree", test_schedule_tree);
	g_test_add_func("/analysis/huge-sizes", test_huge_sizes);
	g_test_add_func("/analysis/live-in", test_live_in);
	g_test_add_func("/analysis/deterministic", test_deterministic);
	g_test_add_func("/analysis/disjoint-rows", test_disjoint_rows);
	g_test_add_func("/analysis/reschedule-gemm", test_reschedule_gemm);
	g_test_add_func("/analysis/reschedule-names", test_reschedule_names);
	g_test_add_func(
		"/analysis/reschedule-kept-off", test_reschedule_kept_off);
	g_test_add_func(
		"/analysis/reschedule-many-names", test_reschedule_many_names);
	g_test_add_func("/analysis/reschedule-2mm", test_reschedule_2mm);
	g_test_add_func("/analysis/reschedule-skewed", test_reschedule_skewed);
	g_test_add_func(
		"/analysis/reschedule-not-needed", test_reschedule_not_needed);
	g_test_add_func(
		"/analysis/reschedule-bounded", test_reschedule_bounded);
	return g_test_run();
}
