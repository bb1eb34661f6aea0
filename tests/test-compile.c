/* Computation management: what each stage accepts for a dataflow
 * (SyChoices), configurations read from AutoSA strings and named flags
 * (SyConfig), the PE array's schedule tree and the C generated from it.
 * Every value asserted here was worked out by hand from the kernels. */
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "base/diag.h"
#include "compute/codegen.h"
#include "compute/simd-autosa.h"
#include "report/report-compile.h"
#include "testutil.h"

#ifndef SYSTOLE_EXAMPLES_DIR
#error "SYSTOLE_EXAMPLES_DIR must be defined"
#endif

/* A SCoP inside a small program with N = 16 and a few arrays. */
static const char *const prelude = "#define N 16\n"
				   "float A[N][N], B[N][N], C[N][N];\n"
				   "void kernel(void)\n"
				   "{\n"
				   "#pragma scop\n";

static SyAnalysis *analyse_scop(const char *scop)
{
	g_autofree char *text = g_strconcat(
		prelude, scop, "#pragma endscop\n}\n", NULL);
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	GError *error = NULL;
	SyAnalysis *a = sy_analysis_new_from_data(
		"kernel.c", text, -1, &options, &error);

	g_assert_no_error(error);
	return a;
}

static SyChoices *choices_of(const SyAnalysis *a, guint id)
{
	g_assert_cmpuint(id, <, a->candidates->len);
	return sy_choices_new(a, g_ptr_array_index(a->candidates, id), NULL);
}

static const SySimdChoice *simd_at(const SyChoices *c, guint i)
{
	g_assert_cmpuint(i, <, c->simd->len);
	return g_ptr_array_index(c->simd, i);
}

static const SyLoopRef *tilable_at(const SyChoices *c, guint i)
{
	g_assert_cmpuint(i, <, c->tilable->len);
	return g_ptr_array_index(c->tilable, i);
}

/* The layout notes of a SIMD loop, one per line. */
static char *layout_text(const SySimdChoice *sc)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < sc->layout->len; i++)
		g_string_append_printf(
			out, "%s\n", (char *)g_ptr_array_index(sc->layout, i));
	return g_string_free(out, FALSE);
}

static void assert_simd(const SySimdChoice *sc, const char *name,
	gboolean in_band, gint64 extent, gboolean parallel, gboolean reduction,
	int score, const char *reason, const char *layout)
{
	g_autofree char *notes = layout_text(sc);

	g_assert_cmpstr(sc->loop.name, ==, name);
	g_assert_cmpint(sc->loop.in_band, ==, in_band);
	g_assert_cmpint(sc->loop.extent, ==, extent);
	g_assert_true(sc->loop.rectangular);
	g_assert_cmpint(sc->parallel, ==, parallel);
	g_assert_cmpint(sc->reduction, ==, reduction);
	g_assert_cmpint(sc->ok, ==, parallel || reduction);
	g_assert_cmpint(sc->score, ==, score);
	g_assert_cmpstr(sc->reason, ==, reason);
	g_assert_cmpstr(notes, ==, layout);
}

static void assert_tilable(const SyChoices *c, guint i, const char *name,
	guint member, gint64 extent)
{
	const SyLoopRef *ref = tilable_at(c, i);

	g_assert_cmpstr(ref->name, ==, name);
	g_assert_true(ref->in_band);
	g_assert_cmpuint(ref->member, ==, member);
	g_assert_cmpint(ref->extent, ==, extent);
	g_assert_true(ref->rectangular);
}

static void assert_config_error(GError *error, const char *message)
{
	g_assert_error(error, SY_CONFIG_ERROR, SY_CONFIG_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, message);
}

/* The config's tiles, latency factors and order, in band order:
 * "tile 16,16,16 latency 4,2,1 order k,i,j". */
static char *config_text(const SyConfig *cfg, const SyAnalysis *a)
{
	GString *out = g_string_new("tile ");

	for (guint m = 0; m < cfg->n_members; m++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, m ? "," : "", cfg->tile[m]);
	g_string_append(out, " latency ");
	for (guint m = 0; m < cfg->n_members; m++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, m ? "," : "",
			cfg->latency[m]);
	g_string_append(out, " order ");
	for (guint m = 0; m < cfg->n_members; m++)
		g_string_append_printf(out, "%s%s", m ? "," : "",
			a->band->members[cfg->order[m]].name);
	return g_string_free(out, FALSE);
}

/* SyChoices */

/* mm.c, C[i][j] = C[i][j] + A[i][k] * B[j][k], 64 iterations per loop.
 * Array 3 (space i, j): only k carries the flow dependence on C, so the
 * tile orders move k from innermost to outermost with i, j in order;
 * i and j are parallel (latency), k is the PE's time loop and a
 * reduction: 4, plus 1 for each of C (written), C (read), A[i][k] and
 * B[j][k], all of stride 0 or 1 along k. */
/* The loops of each stage, as names; NULL: not checked. */
static void assert_lists(const SyChoices *c, const char *tilable,
	const char *orders, const char *latency, const char *simd)
{
	g_autofree char *t = sy_choices_names(c->tilable);
	g_autofree char *o = sy_choices_orders_text(c);
	g_autofree char *l = sy_choices_names(c->latency);
	g_autofree char *v = sy_choices_names(c->simd);

	if (tilable)
		g_assert_cmpstr(t, ==, tilable);
	g_assert_cmpstr(o, ==, orders);
	g_assert_cmpstr(l, ==, latency);
	if (simd)
		g_assert_cmpstr(v, ==, simd);
}

static void test_choices_mm(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);

	assert_lists(c, "i, j, k", "i,j,k; i,k,j; k,i,j", "i, j", "k");
	assert_tilable(c, 0, "i", 0, 64);
	assert_tilable(c, 1, "j", 1, 64);
	assert_tilable(c, 2, "k", 2, 64);
	assert_simd(simd_at(c, 0), "k", TRUE, 64, FALSE, TRUE, 8, NULL, "");
	g_assert_cmpuint(c->n_flow, ==, 1);
	/* A SySimdChoice starts with its SyLoopRef. */
	g_assert_cmpint(sy_choices_find(c->tilable, "k"), ==, 2);
	g_assert_cmpint(sy_choices_find(c->latency, "j"), ==, 1);
	g_assert_cmpint(sy_choices_find(c->simd, "k"), ==, 0);
	g_assert_cmpint(sy_choices_find(c->latency, "k"), ==, -1);
	g_assert_cmpint(sy_choices_find(c->tilable, "x"), ==, -1);
}

/* Array 0 (space i): j and k are time loops.  j is parallel (2) with C,
 * C and A[i][k] of stride 0 or 1 (3); B[j][k] moves along its first
 * dimension. */
static void test_choices_mm_1d(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 0);

	assert_lists(c, "i, j, k", "i,j,k; i,k,j; k,i,j", "i, j", NULL);
	g_assert_cmpuint(c->simd->len, ==, 2);
	assert_simd(simd_at(c, 0), "j", TRUE, 64, TRUE, FALSE, 5, NULL,
		"B[j][k]: make dimension 0 the innermost, as B[k][j]\n");
	assert_simd(simd_at(c, 1), "k", TRUE, 64, FALSE, TRUE, 8, NULL, "");
	g_assert_cmpuint(c->n_flow, ==, 1);
}

/* Array 5 (space j, k): the space loops come first in every list, then
 * i; the orders keep j before i and move k.  i is parallel (2) and only
 * B[j][k] is of stride 0 along it (1). */
static void test_choices_mm_space_jk(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 5);

	assert_lists(c, "j, k, i", "j,i,k; j,k,i; k,j,i", "j, i", NULL);
	assert_tilable(c, 0, "j", 1, 64);
	assert_tilable(c, 1, "k", 2, 64);
	assert_tilable(c, 2, "i", 0, 64);
	g_assert_cmpuint(c->simd->len, ==, 1);
	assert_simd(simd_at(c, 0), "i", TRUE, 64, TRUE, FALSE, 3, NULL,
		"C[i][j]: make dimension 0 the innermost, as C[j][i]\n"
		"A[i][k]: make dimension 0 the innermost, as A[k][i]\n");
}

/* conv.c: band (o, r, c, i) of extents 16, 8, 8 and 16, p and q (3
 * each) below it; i carries the flow dependence on cout.  Array 4
 * (space o, r): the time loops c and i, then p and q.
 *   c: parallel (2); w is of stride 0 (1); cout and cin move along
 *      their middle dimension.
 *   i: a reduction (4); cout twice, cin[..][..][i], w[..][i] (4).
 *   p, q: reductions (4); cout twice (2); cin and w move along another
 *      dimension than their last. */
static void test_choices_conv(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "conv.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 4);

	assert_lists(c, "o, r, c, i", "o,r,c,i; o,r,i,c; o,i,r,c; i,o,r,c",
		"o, r, c", "c, i, p, q");
	assert_tilable(c, 0, "o", 0, 16);
	assert_tilable(c, 1, "r", 1, 8);
	assert_tilable(c, 2, "c", 2, 8);
	assert_tilable(c, 3, "i", 3, 16);
	g_assert_cmpuint(c->n_flow, ==, 1);
	assert_simd(simd_at(c, 0), "c", TRUE, 8, TRUE, FALSE, 3, NULL,
		"cout[r][c][o]: make dimension 1 the innermost, as "
		"cout[r][o][c]\n"
		"cin[r + p][c + q][i]: make dimension 1 the innermost, as "
		"cin[r + p][i][c + q]\n");
	assert_simd(simd_at(c, 1), "i", TRUE, 16, FALSE, TRUE, 8, NULL, "");
	assert_simd(simd_at(c, 2), "p", FALSE, 3, FALSE, TRUE, 6, NULL,
		"cin[r + p][c + q][i]: make dimension 0 the innermost, as "
		"cin[c + q][i][r + p]\n"
		"w[o][p][q][i]: make dimension 1 the innermost, as "
		"w[o][q][i][p]\n");
	assert_simd(simd_at(c, 3), "q", FALSE, 3, FALSE, TRUE, 6, NULL,
		"cin[r + p][c + q][i]: make dimension 1 the innermost, as "
		"cin[r + p][i][c + q]\n"
		"w[o][p][q][i]: make dimension 2 the innermost, as "
		"w[o][p][i][q]\n");
}

/* mttkrp.c, D[i][j] += A[i][k][l] * B[k][j] * C[l][j] with I = 16,
 * J = 24, K = 16, L = 16: band (i, j, k), l below.  Array 3 (space i,
 * j): k and l are reductions (4).  Along k: D twice and C[l][j] (3), A
 * and B move along another dimension.  Along l: D twice, A[..][l] and
 * B[k][j] (4), C moves along its first dimension. */
static void test_choices_mttkrp(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mttkrp.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);

	assert_lists(c, "i, j, k", "i,j,k; i,k,j; k,i,j", "i, j", "k, l");
	assert_tilable(c, 0, "i", 0, 16);
	assert_tilable(c, 1, "j", 1, 24);
	assert_tilable(c, 2, "k", 2, 16);
	g_assert_cmpuint(c->n_flow, ==, 1);
	assert_simd(simd_at(c, 0), "k", TRUE, 16, FALSE, TRUE, 7, NULL,
		"A[i][k][l]: make dimension 1 the innermost, as A[i][l][k]\n"
		"B[k][j]: make dimension 0 the innermost, as B[j][k]\n");
	assert_simd(simd_at(c, 1), "l", FALSE, 16, FALSE, TRUE, 8, NULL,
		"C[l][j]: make dimension 0 the innermost, as C[j][l]\n");
}

/* No loop carries a flow dependence: one tile order. */
static void test_choices_no_flow(void)
{
	g_autoptr(SyAnalysis)
		a = analyse_scop("for (int i = 0; i < N; i++)\n"
				 "  for (int j = 0; j < N; j++)\n"
				 "    C[i][j] = A[i][j] + B[j][i];\n");
	g_autoptr(SyChoices) c = choices_of(a, 2);

	assert_lists(c, NULL, "i,j", "i, j", NULL);
	g_assert_cmpuint(c->n_flow, ==, 0);
	g_assert_cmpuint(c->simd->len, ==, 0);
}

/* SyConfig */

static const char *const mm1024[] = {"I=1024", "J=1024", "K=1024", NULL};

/* Tiles 129 x 130 x 64 of 1024^3, latency 3 and 26: 43 x 5 PEs, the
 * first two loops padded to 8 whole tiles (1032, 1040); SIMD 8 on k of
 * the 64 left. */
static void test_config_sa_sizes(void)
{
	static const char sizes[] =
		"{kernel[]->space_time[3];kernel[]->array_part[129,130,64];"
		"kernel[]->latency[3,26];kernel[]->simd[8]}";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm1024);
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyConfig) cfg = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *text = NULL;
	g_autofree char *back = NULL;
	g_autofree char *flags = NULL;
	g_autofree char *space = NULL, *simd = NULL, *line = NULL;
	GError *error = NULL;

	g_assert_cmpint(sy_config_sa_sizes_candidate(sizes, &error), ==, 3);
	g_assert_no_error(error);
	c = choices_of(a, 3);
	cfg = sy_config_new(c);
	g_assert_true(sy_config_apply_sa_sizes(cfg, c, sizes, &error));
	g_assert_no_error(error);
	text = config_text(cfg, a);
	g_assert_cmpstr(text, ==, "tile 129,130,64 latency 3,26,1 order i,j,k");
	g_assert_cmpint(cfg->simd, ==, 0);
	g_assert_cmpint(cfg->simd_factor, ==, 8);
	g_assert_cmpint(sy_config_simd_range(cfg, c, 0), ==, 64);
	g_assert_true(sy_config_validate(cfg, c, &error));
	g_assert_no_error(error);

	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(array->n_space, ==, 2);
	g_assert_cmpint(array->pe[0], ==, 43);
	g_assert_cmpint(array->pe[1], ==, 5);
	g_assert_cmpint(sy_pe_array_count(array), ==, 215);
	g_assert_cmpint(array->padded[0], ==, 1032);
	g_assert_cmpint(array->padded[1], ==, 1040);
	g_assert_cmpint(array->padded[2], ==, 1024);

	back = sy_config_to_sa_sizes(cfg, c);
	g_assert_cmpstr(back, ==, sizes);
	flags = sy_config_to_flags(cfg, c);
	g_assert_cmpstr(flags, ==,
		"--space i,j --tile i=129,j=130,k=64 --latency i=3,j=26 "
		"--simd k=8");
	/* The texts explore and the explorer print. */
	space = sy_config_to_space(c);
	g_assert_cmpstr(space, ==, "i,j");
	simd = sy_config_to_simd(cfg, c);
	g_assert_cmpstr(simd, ==, "k=8");
	line = sy_config_to_sizes(cfg, c);
	g_assert_cmpstr(line, ==,
		"order i,j,k; tiles i=129,j=130,k=64; latency i=3,j=26; "
		"simd k=8");
}

/* -1 leaves a loop untiled: its tile is its extent, and the flags do
 * not mention it. */
static void test_config_untiled(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm1024);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *text = NULL;
	g_autofree char *sizes = NULL;
	g_autofree char *flags = NULL;
	g_autofree char *simd = NULL, *line = NULL;
	GError *error = NULL;

	/* The defaults: untiled, no latency hiding, no SIMD. */
	text = config_text(cfg, a);
	g_assert_cmpstr(
		text, ==, "tile 1024,1024,1024 latency 1,1,1 order i,j,k");
	g_assert_cmpint(cfg->simd, ==, -1);
	g_assert_cmpint(cfg->simd_factor, ==, 1);
	g_assert_cmpuint(cfg->candidate, ==, 3);
	g_assert_cmpuint(cfg->n_members, ==, 3);
	flags = sy_config_to_flags(cfg, c);
	g_assert_cmpstr(flags, ==, "--space i,j");
	simd = sy_config_to_simd(cfg, c);
	g_assert_cmpstr(simd, ==, "");
	line = sy_config_to_sizes(cfg, c);
	g_assert_cmpstr(line, ==, "order i,j,k; tiles i=1024,j=1024,k=1024");
	g_clear_pointer(&flags, g_free);
	g_clear_pointer(&text, g_free);

	g_assert_true(sy_config_apply_sa_sizes(
		cfg, c, "{kernel[]->array_part[-1,16,-1]}", &error));
	g_assert_no_error(error);
	text = config_text(cfg, a);
	g_assert_cmpstr(
		text, ==, "tile 1024,16,1024 latency 1,1,1 order i,j,k");
	sizes = sy_config_to_sa_sizes(cfg, c);
	g_assert_cmpstr(sizes, ==,
		"{kernel[]->space_time[3];kernel[]->array_part[1024,16,1024];"
		"kernel[]->latency[1,1];kernel[]->simd[1]}");
	flags = sy_config_to_flags(cfg, c);
	g_assert_cmpstr(flags, ==, "--space i,j --tile j=16");
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	g_assert_cmpint(array->pe[0], ==, 1024);
	g_assert_cmpint(array->pe[1], ==, 16);
	g_assert_cmpint(sy_pe_array_count(array), ==, 16384);
	g_assert_cmpint(array->padded[0], ==, 1024);
	g_assert_cmpint(array->padded[1], ==, 1024);
	g_assert_cmpint(array->padded[2], ==, 1024);
}

/* Named flags, a tile order, and the AutoSA string of the result read
 * back (it has no tile order: the default comes back). */
static void test_config_named(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyConfig) back = sy_config_new(c);
	g_autoptr(SyConfig) copy = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *text = NULL;
	g_autofree char *sizes = NULL;
	g_autofree char *flags = NULL;
	g_autofree char *back_text = NULL;
	g_autofree char *back_flags = NULL;
	g_autofree char *copy_text = NULL;
	GError *error = NULL;

	g_assert_true(sy_config_apply_named(
		cfg, c, "tile", "i=16,j=16,k=16", &error));
	g_assert_true(
		sy_config_apply_named(cfg, c, "latency", "i=4,j=2", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "k=4", &error));
	g_assert_true(sy_config_set_order(cfg, c, "k,i,j", &error));
	g_assert_no_error(error);
	text = config_text(cfg, a);
	g_assert_cmpstr(text, ==, "tile 16,16,16 latency 4,2,1 order k,i,j");
	g_assert_cmpint(cfg->simd, ==, 0);
	g_assert_cmpint(cfg->simd_factor, ==, 4);
	g_assert_cmpint(sy_config_simd_range(cfg, c, 0), ==, 16);

	sizes = sy_config_to_sa_sizes(cfg, c);
	g_assert_cmpstr(sizes, ==,
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[4,2];kernel[]->simd[4]}");
	flags = sy_config_to_flags(cfg, c);
	g_assert_cmpstr(flags, ==,
		"--space i,j --tile i=16,j=16,k=16 --tile-order k,i,j "
		"--latency i=4,j=2 --simd k=4");

	g_assert_true(sy_config_apply_sa_sizes(back, c, sizes, &error));
	g_assert_no_error(error);
	back_text = config_text(back, a);
	g_assert_cmpstr(
		back_text, ==, "tile 16,16,16 latency 4,2,1 order i,j,k");
	back_flags = sy_config_to_flags(back, c);
	g_assert_cmpstr(back_flags, ==,
		"--space i,j --tile i=16,j=16,k=16 --latency i=4,j=2 "
		"--simd k=4");

	/* The PE array keeps its own copy: 16/4 x 16/2 PEs. */
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	copy = sy_config_copy(cfg);
	cfg->tile[0] = 64;
	cfg->latency[0] = 1;
	cfg->order[0] = 0;
	copy_text = config_text(array->config, a);
	g_assert_cmpstr(
		copy_text, ==, "tile 16,16,16 latency 4,2,1 order k,i,j");
	g_clear_pointer(&copy_text, g_free);
	copy_text = config_text(copy, a);
	g_assert_cmpstr(
		copy_text, ==, "tile 16,16,16 latency 4,2,1 order k,i,j");
	g_assert_cmpint(array->pe[0], ==, 4);
	g_assert_cmpint(array->pe[1], ==, 8);
	g_assert_cmpint(sy_pe_array_count(array), ==, 32);
}

/* A named tile or latency list changes the loops it names and keeps
 * the others' sizes (AutoSA's, from --sa-sizes); a named SIMD list
 * replaces the SIMD choice (one loop at most), so that an empty one
 * means none. */
static void test_config_named_resets(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autofree char *text = NULL;
	g_autofree char *again = NULL;
	GError *error = NULL;

	g_assert_true(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->array_part[16,16,16];kernel[]->latency[2,2];"
		"kernel[]->simd[2]}",
		&error));
	g_assert_true(sy_config_apply_named(cfg, c, "tile", "j=8", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "latency", "j=4", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "", &error));
	g_assert_no_error(error);
	text = config_text(cfg, a);
	g_assert_cmpstr(text, ==, "tile 16,8,16 latency 2,4,1 order i,j,k");
	g_assert_cmpint(cfg->simd, ==, -1);
	g_assert_cmpint(cfg->simd_factor, ==, 1);
	/* An empty AutoSA latency or simd list means none. */
	g_assert_true(sy_config_apply_sa_sizes(
		cfg, c, "{ kernel[]->latency[] ; kernel[]->simd[1] }", &error));
	g_assert_no_error(error);
	again = config_text(cfg, a);
	g_assert_cmpstr(again, ==, "tile 16,8,16 latency 1,1,1 order i,j,k");
}

/* Which array an AutoSA string names. */
static void test_config_sa_sizes_candidate(void)
{
	GError *error = NULL;

	g_assert_cmpint(sy_config_sa_sizes_candidate(
				"{kernel[]->space_time[5]}", &error),
		==, 5);
	g_assert_cmpint(sy_config_sa_sizes_candidate(
				" { kernel[]->array_part[8,8,8] } ", &error),
		==, -1);
	g_assert_cmpint(sy_config_sa_sizes_candidate("{}", &error), ==, -1);
	g_assert_no_error(error);
	g_assert_cmpint(sy_config_sa_sizes_candidate(
				"{kernel[]->space_time[-1]}", &error),
		==, -2);
	assert_config_error(error,
		"--sa-sizes: space_time takes one array number, as in "
		"space_time[3]");
	g_clear_error(&error);
	g_assert_cmpint(sy_config_sa_sizes_candidate(
				"{kernel[]->space_time[1,2]}", &error),
		==, -2);
	assert_config_error(error,
		"--sa-sizes: space_time takes one array number, as in "
		"space_time[3]");
	g_clear_error(&error);
}

#define SA_HINT                                                                \
	"AutoSA sizes look like \"{kernel[]->space_time[3];"                   \
	"kernel[]->array_part[16,16,16];kernel[]->latency[8,8];"               \
	"kernel[]->simd[2]}\""

typedef struct {
	const char *sizes;
	const char *message;
} SizesCase;

/* AutoSA strings that are wrong for mm's array 3 (64 per loop). */
static void test_config_sa_sizes_errors(void)
{
	static const SizesCase cases[] = {
		{"kernel[]->space_time[3]",
			"--sa-sizes: expected braces around the "
			"sizes; " SA_HINT},
		{"{kernel[]->array_part[16,x,16]}",
			"--sa-sizes: 'x' in array_part is not a "
			"64-bit integer; " SA_HINT},
		{"{kernel[]->array_part[16,,16]}",
			"--sa-sizes: '' in array_part is not a "
			"64-bit integer; " SA_HINT},
		{"{kernel[]->array_part[0,16,16]}",
			"--sa-sizes: the tile size of loop 'i' must be "
			"positive "
			"(-1: not tiled), not 0"},
		{"{kernel[]->array_part[16,-2,16]}",
			"--sa-sizes: the tile size of loop 'j' must be "
			"positive "
			"(-1: not tiled), not -2"},
		{"{kernel[]->array_part[16,16]}",
			"--sa-sizes: array_part has 2 factors, but this array "
			"tiles 3 loops, in this order: i, j, k"},
		{"{kernel[]->array_part[16,16,16,16]}",
			"--sa-sizes: array_part has 4 factors, but this array "
			"tiles 3 loops, in this order: i, j, k"},
		{"{kernel[]->latency[2]}",
			"--sa-sizes: latency has 1 factor, but this array has "
			"2 "
			"parallel loops to hide latency with: i, j"},
		{"{kernel[]->latency[2,0]}",
			"--sa-sizes: the latency factor of loop 'j' must be "
			"positive, not 0"},
		{"{kernel[]->latency[-4,2]}",
			"--sa-sizes: the latency factor of loop 'i' must be "
			"positive, not -4"},
		{"{kernel[]->simd[0]}",
			"--sa-sizes: the SIMD factor of loop 'k' must be "
			"positive"},
		{"{kernel[]->space_time[3];kernel[]->pe[4]}",
			"--sa-sizes: 'pe' is not supported; Systole reads "
			"space_time, array_part, array_part_L2, latency, simd "
			"and hbm_<group>"},
		/* Every key at once, the known ones' errors after them;
		 * hbm_ keys are the design's (sy_config_sa_sizes_hbm),
		 * array_part_L2 --two-level-buffer's. */
		{"{kernel[]->space_time[3];kernel[]->array_part[1];"
		 "kernel[]->hbm_A[2];kernel[]->pe[2];"
		 "kernel[]->array_part_L2[2,2,2];kernel[]->dim[2]}",
			"--sa-sizes: 'pe' and 'dim' are not "
			"supported; Systole reads space_time, array_part, "
			"array_part_L2, latency, simd and hbm_<group>"},
	};
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(SyConfig) cfg = sy_config_new(c);
		GError *error = NULL;

		g_test_message("%s", cases[i].sizes);
		g_assert_false(sy_config_apply_sa_sizes(
			cfg, c, cases[i].sizes, &error));
		assert_config_error(error, cases[i].message);
		g_error_free(error);
	}
}

/* array_part_L2 (--two-level-buffer): read only by
 * sy_config_apply_sa_sizes_l2, one factor per array_part loop, in
 * tiles; written back by sy_config_to_sa_sizes and _to_flags. */
static void test_config_sa_sizes_l2(void)
{
	static const SizesCase cases[] = {
		{"{kernel[]->array_part_L2[2,2]}",
			"--sa-sizes: array_part_L2 has 2 factors, but this "
			"array tiles 3 loops, in this order: i, j, k (one "
			"factor per loop of array_part, in tiles)"},
		{"{kernel[]->array_part_L2[2,0,2]}",
			"--sa-sizes: the second-level tile size of loop 'j' "
			"(array_part_L2, in tiles of array_part) must be "
			"positive, not 0"},
		{"{kernel[]->array_part_L2[-1,2,2]}",
			"--sa-sizes: the second-level tile size of loop 'i' "
			"(array_part_L2, in tiles of array_part) must be "
			"positive, not -1"},
	};
	static const char *const sizes =
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->array_part_L2[2,3,4];kernel[]->latency[8,8];"
		"kernel[]->simd[2]}";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyConfig) copy = NULL;
	g_autofree char *back = NULL, *flags = NULL;
	GError *error = NULL;

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(SyConfig) bad = sy_config_new(c);

		g_assert_false(sy_config_apply_sa_sizes_l2(
			bad, c, cases[i].sizes, &error));
		assert_config_error(error, cases[i].message);
		g_assert_null(bad->tile_l2);
		g_clear_error(&error);
	}
	/* Without --two-level-buffer AutoSA does not read it. */
	g_assert_true(sy_config_apply_sa_sizes(cfg, c, sizes, &error));
	g_assert_no_error(error);
	g_assert_null(cfg->tile_l2);
	copy = sy_config_copy(cfg);
	g_assert_true(sy_config_apply_sa_sizes_l2(cfg, c, sizes, &error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->tile_l2[0], ==, 2);
	g_assert_cmpint(cfg->tile_l2[1], ==, 3);
	g_assert_cmpint(cfg->tile_l2[2], ==, 4);
	g_assert_false(sy_config_equal(cfg, copy));
	back = sy_config_to_sa_sizes(cfg, c);
	g_assert_cmpstr(back, ==, sizes);
	flags = sy_config_to_flags(cfg, c);
	g_assert_cmpstr(flags, ==,
		"--space i,j --tile i=16,j=16,k=16 --two-level-buffer "
		"--tile-l2 i=2,j=3,k=4 --latency i=8,j=8 --simd k=2");
	/* --tile-l2 names loops; the others keep their factors. */
	g_assert_true(sy_config_apply_named(cfg, c, "tile-l2", "k=1", &error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->tile_l2[1], ==, 3);
	g_assert_cmpint(cfg->tile_l2[2], ==, 1);
	g_assert_false(sy_config_apply_named(cfg, c, "tile-l2", "x=2", &error));
	assert_config_error(error,
		"--tile-l2: 'x' is not a loop a second tiling level can use; "
		"it takes i, j, k");
	g_clear_error(&error);
}

/* Two SIMD factors above 1: conv's array 4 has four SIMD loops, and
 * at AutoSA's cnn sizes AutoSA's candidates are p, q, c and i, p and q
 * needing a layout change (their factors are skipped). */
/* AutoSA's hbm_<group>[n] keys as --hbm-ports spells them, in the
 * string's order; none gives NULL and no error. */
static void test_config_sa_sizes_hbm(void)
{
	GError *error = NULL;
	g_autofree char *both = sy_config_sa_sizes_hbm(
		"{kernel[]->space_time[3];kernel[]->hbm_C_drain[4];"
		"kernel[]->simd[2];kernel[]->hbm_A[2]}",
		&error);
	g_autofree char *none = NULL;

	g_assert_no_error(error);
	g_assert_cmpstr(both, ==, "C_drain=4,A=2");
	none = sy_config_sa_sizes_hbm("{kernel[]->space_time[3]}", &error);
	g_assert_no_error(error);
	g_assert_null(none);
	g_assert_null(sy_config_sa_sizes_hbm("{kernel[]->hbm_A[2,2]}", &error));
	g_assert_cmpstr(error->message, ==,
		"--sa-sizes: hbm_A takes one port count, as in hbm_A[2]");
	g_clear_error(&error);
}

static void test_config_two_simd(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "conv.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 4);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	GError *error = NULL;

	g_assert_true(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->array_part[8,8,4,8];kernel[]->latency[4,2,4];"
		"kernel[]->simd[2,3,1,1]}",
		&error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->simd, ==, -1);
	g_assert_false(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->array_part[8,8,4,8];kernel[]->latency[4,2,4];"
		"kernel[]->simd[1,1,2,2]}",
		&error));
	assert_config_error(error,
		"--sa-sizes: SIMD vectorizes one loop; c and i both have "
		"factors above 1");
	g_clear_error(&error);
	g_assert_false(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->array_part[8,8,4,8];kernel[]->latency[4,2,4];"
		"kernel[]->simd[1,1,2]}",
		&error));
	assert_config_error(error,
		"--sa-sizes: simd has 3 factors, but AutoSA's SIMD candidates "
		"at these sizes are 4: p (needs a layout change), q (needs a "
		"layout change), c, i");
	g_clear_error(&error);
	/* AutoSA's cnn.1: 2 on i. */
	g_assert_true(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->array_part[8,8,4,8];kernel[]->latency[4,2,4];"
		"kernel[]->simd[1,1,1,2]}",
		&error));
	g_assert_no_error(error);
	g_assert_cmpstr(
		((const SySimdChoice *)c->simd->pdata[cfg->simd])->loop.name,
		==, "i");
	g_assert_cmpint(cfg->simd_factor, ==, 2);
	g_assert_true(sy_config_apply_sa_sizes(
		cfg, c, "{kernel[]->array_part[16,8,8,16]}", &error));
	g_assert_false(
		sy_config_apply_named(cfg, c, "simd", "i=2,q=3", &error));
	assert_config_error(error,
		"--simd: SIMD vectorizes one loop; i and q both have factors "
		"above 1");
	g_clear_error(&error);
	/* One is fine: p, the third, with 3 of its 3 iterations. */
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "p=3", &error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->simd, ==, 2);
	g_assert_cmpint(cfg->simd_factor, ==, 3);
	g_assert_cmpint(sy_config_simd_range(cfg, c, 2), ==, 3);
	g_assert_true(sy_config_validate(cfg, c, &error));
	g_assert_no_error(error);
}

typedef struct {
	const char *stage;
	const char *spec;
	const char *message;
} NamedCase;

static void test_config_named_errors(void)
{
	static const NamedCase cases[] = {
		{"tile", "x=4",
			"--tile: 'x' is not a loop tiling can use; it takes "
			"i, j, k"},
		{"latency", "k=2",
			"--latency: 'k' is not a loop latency hiding can use; "
			"it takes i, j"},
		{"simd", "i=2",
			"--simd: 'i' is not a loop SIMD can use; it takes k "
			"(a space loop takes it with --simd-touch-space)"},
		{"simd", "x=2",
			"--simd: 'x' is not a loop SIMD can use; it takes k"},
		{"tile", "i", "--tile: expected LOOP=SIZE, not 'i'"},
		{"tile", "i=4,j", "--tile: expected LOOP=SIZE, not 'j'"},
		{"latency", "i=two",
			"--latency: 'two' is not a 64-bit integer"},
		{"simd", "k=", "--simd: '' is not a 64-bit integer"},
		{"tile", "i=0",
			"--tile: the tile size of loop 'i' must be positive "
			"(-1: not tiled), not 0"},
		{"tile", "i=99999999999999999999",
			"--tile: '99999999999999999999' is not a 64-bit "
			"integer"},
		{"tile", "i=4, i=8", "--tile: loop 'i' is named twice"},
		{"latency", "j=-2",
			"--latency: the latency factor of loop 'j' must be "
			"positive, not -2"},
		{"simd", "k=-1",
			"--simd: the SIMD factor of loop 'k' must be "
			"positive"},
	};
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(SyConfig) cfg = sy_config_new(c);
		GError *error = NULL;

		g_test_message("--%s %s", cases[i].stage, cases[i].spec);
		g_assert_false(sy_config_apply_named(
			cfg, c, cases[i].stage, cases[i].spec, &error));
		assert_config_error(error, cases[i].message);
		g_error_free(error);
	}
}

/* Array 2 (space i, j) of a two-loop nest has no SIMD loop at all. */
static void test_config_named_none(void)
{
	g_autoptr(SyAnalysis)
		a = analyse_scop("for (int i = 0; i < N; i++)\n"
				 "  for (int j = 0; j < N; j++)\n"
				 "    C[i][j] = A[i][j] + B[j][i];\n");
	g_autoptr(SyChoices) c = choices_of(a, 2);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autofree char *sizes = NULL;
	GError *error = NULL;

	g_assert_false(sy_config_apply_named(cfg, c, "simd", "j=2", &error));
	assert_config_error(error,
		"--simd: 'j' is not a loop SIMD can use; it takes none here "
		"(a space loop takes it with --simd-touch-space)");
	g_clear_error(&error);
	sizes = sy_config_to_sa_sizes(cfg, c);
	g_assert_cmpstr(sizes, ==,
		"{kernel[]->space_time[2];kernel[]->array_part[16,16];"
		"kernel[]->latency[1,1];kernel[]->simd[]}");
}

static void test_config_order(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autofree char *text = NULL;
	GError *error = NULL;

	g_assert_true(sy_config_set_order(cfg, c, " i , k , j ", &error));
	g_assert_no_error(error);
	text = config_text(cfg, a);
	g_assert_cmpstr(text, ==, "tile 64,64,64 latency 1,1,1 order i,k,j");
	g_assert_false(sy_config_set_order(cfg, c, "j,i,k", &error));
	assert_config_error(error,
		"--tile-order j,i,k: the orders that matter put the loops "
		"carrying flow dependences at each depth: i,j,k; i,k,j; "
		"k,i,j");
	g_clear_error(&error);
	g_assert_false(sy_config_set_order(cfg, c, "i,j", &error));
	assert_config_error(error,
		"--tile-order i,j: the orders that matter put the loops "
		"carrying flow dependences at each depth: i,j,k; i,k,j; "
		"k,i,j");
	g_clear_error(&error);
	/* A failed order leaves the last good one. */
	g_clear_pointer(&text, g_free);
	text = config_text(cfg, a);
	g_assert_cmpstr(text, ==, "tile 64,64,64 latency 1,1,1 order i,k,j");
}

/* What only the whole configuration can tell. */
static void test_config_validate(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	GError *error = NULL;

	/* Latency 3 in a tile of 16. */
	g_assert_true(sy_config_apply_named(cfg, c, "tile", "i=16", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "latency", "i=3", &error));
	g_assert_no_error(error);
	g_assert_false(sy_config_validate(cfg, c, &error));
	assert_config_error(error,
		"the latency factor 3 of loop 'i' does not divide its tile of "
		"16; it can be 1, 2, 4, 8, 16");
	g_clear_error(&error);
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_null(array);
	assert_config_error(error,
		"the latency factor 3 of loop 'i' does not divide its tile of "
		"16; it can be 1, 2, 4, 8, 16");
	g_clear_error(&error);

	/* Latency larger than an untiled loop of 64 (named lists keep
	 * the loops they do not name: i untiled again by name). */
	g_assert_true(sy_config_apply_named(cfg, c, "tile", "i=64", &error));
	g_assert_true(
		sy_config_apply_named(cfg, c, "latency", "i=1,j=128", &error));
	g_assert_no_error(error);
	g_assert_false(sy_config_validate(cfg, c, &error));
	assert_config_error(error,
		"the latency factor 128 of loop 'j' does not divide its tile "
		"of 64; it can be 1, 2, 4, 8, 16, 32, 64");
	g_clear_error(&error);

	/* Sizes made for another dataflow: a latency factor on k, which
	 * takes none, is refused, not divided by (the PE count), and
	 * conformed away. */
	g_assert_true(sy_config_apply_named(cfg, c, "latency", "j=1", &error));
	cfg->latency[2] = 128;
	g_assert_null(sy_pe_array_new(c, cfg, &error));
	assert_config_error(error,
		"loop 'k' takes no latency factor in this dataflow (128 "
		"given)");
	g_clear_error(&error);
	sy_config_conform(cfg, c);
	g_assert_cmpint(cfg->latency[2], ==, 1);
	g_assert_true(sy_config_validate(cfg, c, &error));
	cfg->tile[0] = 0;
	g_assert_false(sy_config_validate(cfg, c, &error));
	assert_config_error(error,
		"loop 'i' has a tile of 0 and a latency factor of 1; both must "
		"be at least 1");
	g_clear_error(&error);
	cfg->tile[0] = 64;

	/* k tiled by 12 (not a divisor of 64: the last tile is padded):
	 * SIMD 3 divides the 12 iterations left, 8 and 24 do not. */
	g_assert_true(sy_config_apply_named(cfg, c, "latency", "", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "tile", "k=12", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "k=3", &error));
	g_assert_no_error(error);
	g_assert_cmpint(sy_config_simd_range(cfg, c, 0), ==, 12);
	g_assert_true(sy_config_validate(cfg, c, &error));
	g_assert_no_error(error);
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "k=8", &error));
	g_assert_false(sy_config_validate(cfg, c, &error));
	assert_config_error(error,
		"the SIMD factor 8 does not divide the 12 iterations left of "
		"loop 'k'; it can be 1, 2, 3, 4, 6, 12");
	g_clear_error(&error);
	/* Wider than what is left. */
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "k=24", &error));
	g_assert_false(sy_config_validate(cfg, c, &error));
	assert_config_error(error,
		"the SIMD factor 24 does not divide the 12 iterations left of "
		"loop 'k'; it can be 1, 2, 3, 4, 6, 12");
	g_clear_error(&error);
}

/* A[i][j] = A[i][j - 1] + B[i][j]: j carries a flow dependence that is
 * no reduction, so SIMD cannot use it. */
static void test_config_simd_not_vectorizable(void)
{
	g_autoptr(SyAnalysis)
		a = analyse_scop("for (int i = 0; i < N; i++)\n"
				 "  for (int j = 1; j < N; j++)\n"
				 "    A[i][j] = A[i][j - 1] + B[i][j];\n");
	g_autoptr(SyChoices) c = choices_of(a, 0);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	GError *error = NULL;

	/* Stride 1 along j for all three accesses. */
	assert_simd(simd_at(c, 0), "j", TRUE, 15, FALSE, FALSE, 3,
		"loop 'j' carries dependences that are not a reduction", "");
	assert_lists(c, NULL, "i,j; j,i", "i", NULL);
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "j=3", &error));
	g_assert_no_error(error);
	g_assert_false(sy_config_validate(cfg, c, &error));
	assert_config_error(error,
		"SIMD on loop 'j' is not possible: loop 'j' carries "
		"dependences that are not a reduction; loops that can be "
		"vectorized: none");
	g_clear_error(&error);
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_null(array);
	assert_config_error(error,
		"SIMD on loop 'j' is not possible: loop 'j' carries "
		"dependences that are not a reduction; loops that can be "
		"vectorized: none");
	g_clear_error(&error);
}

static void assert_divisors(gint64 n, const char *expected)
{
	g_autoptr(GArray) div = sy_config_divisors(n);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < div->len; i++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, i ? " " : "",
			g_array_index(div, gint64, i));
	g_assert_cmpstr(out->str, ==, expected);
	g_string_free(out, TRUE);
}

static void test_divisors(void)
{
	GString *powers = g_string_new(NULL);

	assert_divisors(1, "1");
	assert_divisors(12, "1 2 3 4 6 12");
	assert_divisors(36, "1 2 3 4 6 9 12 18 36");
	assert_divisors(64, "1 2 4 8 16 32 64");
	assert_divisors(97, "1 97");
	assert_divisors(1000003, "1 1000003");
	for (int k = 0; k <= 20; k++)
		g_string_append_printf(powers, "%s%d", k ? " " : "", 1 << k);
	assert_divisors(1048576, powers->str);
	g_string_free(powers, TRUE);
}

/* --space: the array whose space loops are these. */
static void test_find_space(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyAnalysis) b = NULL;
	GError *error = NULL;

	g_assert_cmpint(sy_config_find_space(a, "i", &error), ==, 0);
	g_assert_cmpint(sy_config_find_space(a, "k", &error), ==, 2);
	g_assert_cmpint(sy_config_find_space(a, "i,j", &error), ==, 3);
	g_assert_cmpint(sy_config_find_space(a, " j , k ", &error), ==, 5);
	g_assert_no_error(error);
	g_assert_cmpint(sy_config_find_space(a, "x", &error), ==, -1);
	assert_config_error(error,
		"--space: 'x' is not a loop of the outermost permutable band "
		"(i, j, k)");
	g_clear_error(&error);
	g_assert_cmpint(sy_config_find_space(a, "i,j,k", &error), ==, -1);
	assert_config_error(error,
		"--space i,j,k is not a systolic array of this kernel: arrays "
		"have at most 2 dimensions here (see the max-dims "
		"preference)");
	g_clear_error(&error);

	/* Distance 2 on i: only j can be a space loop. */
	b = analyse_scop("for (int i = 2; i < N; i++)\n"
			 "  for (int j = 0; j < N; j++)\n"
			 "    A[i][j] = A[i - 2][j] * 0.5f;\n");
	g_assert_cmpuint(b->candidates->len, ==, 1);
	g_assert_cmpint(sy_config_find_space(b, "j", &error), ==, 0);
	g_assert_no_error(error);
	g_assert_cmpint(sy_config_find_space(b, "i", &error), ==, -1);
	assert_config_error(error,
		"--space i is not a systolic array of this kernel: the flow "
		"dependence on 'A' from S0 to S0 has distance 2 on loop 'i' "
		"(a space loop needs 0 or 1)");
	g_clear_error(&error);
}

/* The PE array */

static const char *const mm8[] = {"I=8", "J=8", "K=8", NULL};

/* mm with 8 iterations per loop, tiles of 4, latency 2 on i and j,
 * SIMD 2 on k.  With i = 4 * T + r:
 *   array_part: T = floor(i / 4)
 *   space:      floor(r / 2) = floor(i / 2) - 2 * floor(i / 4)
 *   time:       the same for k, then
 *   latency:    r mod 2 = i mod 2 (j mod 2), permutable
 *   simd:       k mod 2, innermost, not permutable. */
static void test_schedule_yaml(void)
{
	static const char expected[] =
		"domain: \"{ S0[i, j, k] : 0 <= i <= 7 and 0 <= j <= 7 and 0 "
		"<= k <= 7 }\"\n"
		"child:\n"
		"  mark: \"array_part[i,j,k]\"\n"
		"  child:\n"
		"    schedule: \"[{ S0[i, j, k] -> [(floor((i)/4))] : 0 <= i "
		"<= 7 and 0 <= j <= 7 and 0 <= k <= 7 }, { S0[i, j, k] -> "
		"[(floor((j)/4))] : 0 <= i <= 7 and 0 <= j <= 7 and 0 <= k "
		"<= 7 }, { S0[i, j, k] -> [(floor((k)/4))] : 0 <= i <= 7 and "
		"0 <= j <= 7 and 0 <= k <= 7 }]\"\n"
		"    permutable: 1\n"
		"    child:\n"
		"      mark: \"space[i,j]\"\n"
		"      child:\n"
		"        schedule: \"[{ S0[i, j, k] -> [(floor((i)/2) - "
		"2*floor((i)/4))] : 0 <= i <= 7 and 0 <= j <= 7 and 0 <= k "
		"<= 7 }, { S0[i, j, k] -> [(floor((j)/2) - 2*floor((j)/4))] "
		": 0 <= i <= 7 and 0 <= j <= 7 and 0 <= k <= 7 }]\"\n"
		"        permutable: 1\n"
		"        child:\n"
		"          mark: \"time[k]\"\n"
		"          child:\n"
		"            schedule: \"[{ S0[i, j, k] -> [(floor((k)/2) - "
		"2*floor((k)/4))] : 0 <= i <= 7 and 0 <= j <= 7 and 0 <= k "
		"<= 7 }]\"\n"
		"            permutable: 1\n"
		"            child:\n"
		"              mark: \"latency[i,j]\"\n"
		"              child:\n"
		"                schedule: \"[{ S0[i, j, k] -> [((i) mod 2)] : "
		"0 <= i <= 7 and 0 <= j <= 7 and 0 <= k <= 7 }, { S0[i, j, "
		"k] -> [((j) mod 2)] : 0 <= i <= 7 and 0 <= j <= 7 and 0 <= "
		"k <= 7 }]\"\n"
		"                permutable: 1\n"
		"                child:\n"
		"                  mark: \"simd[k]\"\n"
		"                  child:\n"
		"                    schedule: \"[{ S0[i, j, k] -> [((k) mod "
		"2)] : 0 <= i <= 7 and 0 <= j <= 7 and 0 <= k <= 7 }]\"\n";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm8);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *yaml = NULL;
	GError *error = NULL;

	g_assert_true(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->space_time[3];kernel[]->array_part[4,4,4];"
		"kernel[]->latency[2,2];kernel[]->simd[2]}",
		&error));
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	g_assert_cmpint(array->pe[0], ==, 2);
	g_assert_cmpint(array->pe[1], ==, 2);
	g_assert_cmpint(sy_pe_array_count(array), ==, 4);
	g_assert_cmpint(array->padded[0], ==, 8);
	g_assert_cmpint(array->padded[1], ==, 8);
	g_assert_cmpint(array->padded[2], ==, 8);
	yaml = sy_pe_array_schedule_yaml(array);
	g_assert_cmpstr(yaml, ==, expected);
}

/* SIMD on l, below the band (mttkrp, tiles of 8, SIMD 4): the loop l
 * stays below the time band, counting vectors (floor(l / 4)), and the
 * position in the vector (l mod 4) is the innermost band; PEs i mod 8
 * and j mod 8, time k mod 8. */
static void test_schedule_yaml_inner_simd(void)
{
	static const char dom[] =
		"0 <= i <= 15 and 0 <= j <= 23 and 0 <= k <= 15 and 0 <= l "
		"<= 15";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mttkrp.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *yaml = NULL;
	g_autofree char *expected = NULL;
	GError *error = NULL;

	g_assert_true(
		sy_config_apply_named(cfg, c, "tile", "i=8,j=8,k=8", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "simd", "l=4", &error));
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	g_assert_cmpint(array->pe[0], ==, 8);
	g_assert_cmpint(array->pe[1], ==, 8);
	g_assert_cmpint(array->padded[0], ==, 16);
	g_assert_cmpint(array->padded[1], ==, 24);
	g_assert_cmpint(array->padded[2], ==, 16);
	expected = g_strdup_printf(
		"domain: \"{ S0[i, j, k, l] : %s }\"\n"
		"child:\n"
		"  mark: \"array_part[i,j,k]\"\n"
		"  child:\n"
		"    schedule: \"[{ S0[i, j, k, l] -> [(floor((i)/8))] : %s }, "
		"{ S0[i, j, k, l] -> [(floor((j)/8))] : %s }, { S0[i, j, k, "
		"l] -> [(floor((k)/8))] : %s }]\"\n"
		"    permutable: 1\n"
		"    child:\n"
		"      mark: \"space[i,j]\"\n"
		"      child:\n"
		"        schedule: \"[{ S0[i, j, k, l] -> [((i) mod 8)] : %s "
		"}, "
		"{ S0[i, j, k, l] -> [((j) mod 8)] : %s }]\"\n"
		"        permutable: 1\n"
		"        child:\n"
		"          mark: \"time[k]\"\n"
		"          child:\n"
		"            schedule: \"[{ S0[i, j, k, l] -> [((k) mod 8)] : "
		"%s "
		"}]\"\n"
		"            permutable: 1\n"
		"            child:\n"
		"              schedule: \"[{ S0[i, j, k, l] -> "
		"[(floor((l)/4))] "
		"}]\"\n"
		"              child:\n"
		"                mark: \"simd[l]\"\n"
		"                child:\n"
		"                  schedule: \"[{ S0[i, j, k, l] -> [((l) mod "
		"4)] : %s }]\"\n",
		dom, dom, dom, dom, dom, dom, dom, dom);
	yaml = sy_pe_array_schedule_yaml(array);
	g_assert_cmpstr(yaml, ==, expected);
}

/* The refusal of t, declared inside j (line 8). */
static const char temporary_message[] =
	"latency hiding and SIMD interleave iterations, but 't' "
	"(kernel.c:8) is declared inside loop 'j'; declare it before "
	"the loops, with a dimension per loop it depends on";

/* A temporary declared inside j: SIMD runs each statement's lanes in
 * turn, so t gets an element per lane (t[2], indexed by the SIMD
 * loop); latency hiding runs both statements in one latency iteration,
 * unless one of them is in a loop of its own. */
static void test_temporary_in_loop(void)
{
	g_autoptr(SyAnalysis)
		a = analyse_scop("for (int i = 0; i < N; i++)\n"
				 "  for (int j = 0; j < N; j++) {\n"
				 "    float t;\n"
				 "    t = A[i][j] * 2;\n"
				 "    C[i][j] = t + 1;\n"
				 "  }\n");
	g_autoptr(SyChoices) c2 = choices_of(a, 2);
	g_autoptr(SyChoices) c0 = choices_of(a, 0);
	g_autoptr(SyConfig) cfg2 = sy_config_new(c2);
	g_autoptr(SyConfig) cfg0 = sy_config_new(c0);
	g_autoptr(SyPeArray) tiled = NULL;
	g_autofree char *loops = NULL;
	SyPeArray *array;
	GError *error = NULL;

	/* Tiling alone keeps each iteration's statements together. */
	g_assert_true(sy_config_apply_named(cfg2, c2, "tile", "i=4", &error));
	tiled = sy_pe_array_new(c2, cfg2, &error);
	g_assert_no_error(error);
	g_assert_cmpint(sy_pe_array_count(tiled), ==, 64);

	g_assert_true(
		sy_config_apply_named(cfg2, c2, "latency", "i=2", &error));
	g_assert_true(sy_config_validate(cfg2, c2, &error));
	array = sy_pe_array_new(c2, cfg2, &error);
	g_assert_no_error(error);
	g_assert_cmpint(sy_pe_array_count(array), ==, 32);
	sy_pe_array_free(array);

	/* Array 0 (space i): j is parallel, t (written, read), A and C of
	 * stride 0 or 1 along it. */
	assert_simd(simd_at(c0, 0), "j", TRUE, 16, TRUE, FALSE, 6, NULL, "");
	g_assert_true(sy_config_apply_named(cfg0, c0, "simd", "j=2", &error));
	g_assert_true(sy_config_validate(cfg0, c0, &error));
	array = sy_pe_array_new(c0, cfg0, &error);
	g_assert_no_error(error);
	g_assert_true(sy_pe_array_lane_private(
		array, g_ptr_array_index(a->scop->arrays, 0)));
	g_assert_false(sy_pe_array_lane_private(
		array, g_ptr_array_index(a->scop->arrays, 1)));
	loops = sy_codegen_loops(array, "", "  ");
	g_assert_cmpstr(loops, ==,
		"{\n"
		"  float t[2];\n"
		"\n"
		"  /* array_part[i,j] */\n"
		"  /* space[i] */\n"
		"  for (int c2 = 0; c2 <= 15; c2++)\n"
		"    /* time[j] */\n"
		"    for (int c3 = 0; c3 <= 7; c3++) {\n"
		"      /* simd[j] */\n"
		"      for (int c4 = 0; c4 <= 1; c4++)\n"
		"        t[c4] = A[c2][2 * c3 + c4] * 2;\n"
		"      /* simd[j] */\n"
		"      for (int c4 = 0; c4 <= 1; c4++)\n"
		"        C[c2][2 * c3 + c4] = t[c4] + 1;\n"
		"    }\n"
		"}\n");
	sy_pe_array_free(array);
}

/* An array declared inside the SIMD loop: a copy per lane, the lane's
 * index first (t[2][2], t[c4][0]). */
static void test_temporary_array_simd(void)
{
	g_autoptr(SyAnalysis)
		a = analyse_scop("for (int i = 0; i < N; i++)\n"
				 "  for (int j = 0; j < N; j++) {\n"
				 "    float t[2];\n"
				 "    t[0] = A[i][j] * 2;\n"
				 "    t[1] = A[i][j] * 3;\n"
				 "    C[i][j] = t[0] + t[1];\n"
				 "  }\n");
	g_autoptr(SyChoices) c0 = choices_of(a, 0);
	g_autoptr(SyConfig) cfg0 = sy_config_new(c0);
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *loops = NULL;
	GError *error = NULL;

	g_assert_true(sy_config_apply_named(cfg0, c0, "simd", "j=2", &error));
	g_assert_true(sy_config_validate(cfg0, c0, &error));
	array = sy_pe_array_new(c0, cfg0, &error);
	g_assert_no_error(error);
	g_assert_true(sy_pe_array_lane_private(
		array, g_ptr_array_index(a->scop->arrays, 0)));
	loops = sy_codegen_loops(array, "", "  ");
	g_assert_cmpstr(loops, ==,
		"{\n"
		"  float t[2][2];\n"
		"\n"
		"  /* array_part[i,j] */\n"
		"  /* space[i] */\n"
		"  for (int c2 = 0; c2 <= 15; c2++)\n"
		"    /* time[j] */\n"
		"    for (int c3 = 0; c3 <= 7; c3++) {\n"
		"      /* simd[j] */\n"
		"      for (int c4 = 0; c4 <= 1; c4++)\n"
		"        t[c4][0] = A[c2][2 * c3 + c4] * 2;\n"
		"      /* simd[j] */\n"
		"      for (int c4 = 0; c4 <= 1; c4++)\n"
		"        t[c4][1] = A[c2][2 * c3 + c4] * 3;\n"
		"      /* simd[j] */\n"
		"      for (int c4 = 0; c4 <= 1; c4++)\n"
		"        C[c2][2 * c3 + c4] = t[c4][0] + t[c4][1];\n"
		"    }\n"
		"}\n");
}

/* t set in j and read in a loop of its own below the band (k cannot
 * join it): the latency loops run over the setting statement, then
 * over the loop, sharing t. */
static void test_temporary_split_by_loop(void)
{
	g_autoptr(SyAnalysis)
		a = analyse_scop("for (int i = 0; i < N; i++)\n"
				 "  for (int j = 0; j < N; j++) {\n"
				 "    float t;\n"
				 "    t = A[i][j] * 2;\n"
				 "    for (int k = 1; k < N; k++)\n"
				 "      C[i][k] = C[i][k - 1] * t + B[j][k];\n"
				 "  }\n");
	g_autoptr(SyChoices) c = choices_of(a, 1);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	SyPeArray *array;
	GError *error = NULL;

	g_assert_true(sy_config_apply_named(cfg, c, "tile", "i=4", &error));
	g_assert_true(sy_config_apply_named(cfg, c, "latency", "i=2", &error));
	g_assert_true(sy_config_validate(cfg, c, &error));
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_null(array);
	assert_config_error(error, temporary_message);
	g_clear_error(&error);
}

/* Code generation */

static const char *const mm4[] = {"I=4", "J=4", "K=4", NULL};

static SyPeArray *mm4_array(SyChoices *c, const char *sizes)
{
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	GError *error = NULL;
	SyPeArray *array;

	g_assert_true(sy_config_apply_sa_sizes(cfg, c, sizes, &error));
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	return array;
}

/* Tiles of 2 of 4: i = 2 * c0 + c3 (tile, PE), j = 2 * c1 + c4,
 * k = 2 * c2 + c5 (tile, time step). */
static void test_codegen_loops(void)
{
	static const char expected[] =
		"{\n"
		"  /* array_part[i,j,k] */\n"
		"  for (int c0 = 0; c0 <= 1; c0++)\n"
		"    for (int c1 = 0; c1 <= 1; c1++)\n"
		"      for (int c2 = 0; c2 <= 1; c2++)\n"
		"        /* space[i,j] */\n"
		"        for (int c3 = 0; c3 <= 1; c3++)\n"
		"          for (int c4 = 0; c4 <= 1; c4++)\n"
		"            /* time[k] */\n"
		"            for (int c5 = 0; c5 <= 1; c5++)\n"
		"              C[2 * c0 + c3][2 * c1 + c4] = C[2 * c0 + c3][2 "
		"* c1 + c4] + A[2 * c0 + c3][2 * c2 + c5] * B[2 * c1 + c4][2 "
		"* c2 + c5];\n"
		"}\n";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm4);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyPeArray) array = mm4_array(
		c, "{kernel[]->space_time[3];kernel[]->array_part[2,2,2]}");
	g_autofree char *loops = sy_codegen_loops(array, "", "  ");

	g_assert_cmpstr(loops, ==, expected);
}

/* Tiles 2 x 2 x 4 with latency 2 on i: one PE along i (its loop is
 * gone, index 0), so i = 2 * c0 + c6 (tile, latency step); j = 2 * c1
 * + c4; k untiled, c5 = k. */
static void test_codegen_loops_latency(void)
{
	static const char expected[] =
		">>{\n"
		">>\t/* array_part[i,j,k] */\n"
		">>\tfor (int c0 = 0; c0 <= 1; c0++)\n"
		">>\t\tfor (int c1 = 0; c1 <= 1; c1++)\n"
		">>\t\t\t/* space[i,j] */\n"
		">>\t\t\tfor (int c4 = 0; c4 <= 1; c4++)\n"
		">>\t\t\t\t/* time[k] */\n"
		">>\t\t\t\tfor (int c5 = 0; c5 <= 3; c5++)\n"
		">>\t\t\t\t\t/* latency[i] */\n"
		">>\t\t\t\t\tfor (int c6 = 0; c6 <= 1; c6++)\n"
		">>\t\t\t\t\t\tC[2 * c0 + c6][2 * c1 + c4] = C[2 * c0 + "
		"c6][2 * c1 + c4] + A[2 * c0 + c6][c5] * B[2 * c1 + "
		"c4][c5];\n"
		">>}\n";
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm4);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyPeArray) array = mm4_array(
		c, "{kernel[]->array_part[2,2,-1];kernel[]->latency[2,1]}");
	g_autofree char *loops = sy_codegen_loops(array, ">>", "\t");

	g_assert_cmpint(array->pe[0], ==, 1);
	g_assert_cmpint(array->pe[1], ==, 2);
	g_assert_cmpstr(loops, ==, expected);
}

/* The file with its SCoP, from the "#pragma scop" line to the
 * "#pragma endscop" line, replaced by a comment with the sizes and the
 * loops, at the SCoP's indentation (4 spaces in mm.c). */
static void test_codegen_file(void)
{
	g_autofree char *path = g_build_filename(
		SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", mm4);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyPeArray) array = mm4_array(
		c, "{kernel[]->space_time[3];kernel[]->array_part[2,2,2]}");
	g_autofree char *source = NULL;
	g_autofree char *loops = sy_codegen_loops(array, "    ", "    ");
	g_autofree char *file = NULL;
	g_autofree char *expected = NULL;
	const char *begin, *end;
	GError *error = NULL;

	g_assert_true(g_file_get_contents(path, &source, NULL, &error));
	/* mm.c has its pragmas at column 0. */
	begin = strstr(source, "\n#pragma scop\n");
	g_assert_nonnull(begin);
	begin++;
	end = strstr(begin, "#pragma endscop\n");
	g_assert_nonnull(end);
	end += strlen("#pragma endscop\n");
	expected = g_strdup_printf("%.*s    /* Systole: "
				   "{kernel[]->space_time[3];kernel[]->"
				   "array_part[2,2,2];kernel[]->latency[1,"
				   "1];kernel[]->simd[1]} */\n%s%s",
		(int)(begin - source), source, loops, end);
	file = sy_codegen_file(array, &error);
	g_assert_no_error(error);
	g_assert_cmpstr(file, ==, expected);
}

/* A SCoP in an included file cannot be replaced. */
static void test_codegen_scop_in_header(void)
{
	g_autofree char *dir = g_dir_make_tmp("test-compile-XXXXXX", NULL);
	g_autofree char *header = g_build_filename(dir, "scop.h", NULL);
	g_autofree char *main_c = g_build_filename(dir, "main.c", NULL);
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyConfig) cfg = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autofree char *file = NULL;
	g_autofree char *summary = NULL;
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	GError *error = NULL;
	const char *where;
	guint line, col, span;

	g_assert_nonnull(dir);
	g_assert_true(g_file_set_contents(header,
		"float A[8][8];\n"
		"void f(void)\n"
		"{\n"
		"#pragma scop\n"
		"  for (int i = 0; i < 8; i++)\n"
		"    for (int j = 0; j < 8; j++)\n"
		"      A[i][j] = A[i][j] * 2;\n"
		"#pragma endscop\n"
		"}\n",
		-1, &error));
	g_assert_true(g_file_set_contents(
		main_c, "#include \"scop.h\"\n", -1, &error));
	a = sy_analysis_new_from_file(main_c, &options, &error);
	g_assert_no_error(error);
	c = choices_of(a, 2);
	cfg = sy_config_new(c);
	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	file = sy_codegen_file(array, &error);
	g_assert_null(file);
	g_assert_error(error, SY_INPUT_ERROR, SY_INPUT_ERROR_UNSUPPORTED);
	summary = g_strdup_printf("code generation needs the SCoP in %s, not "
				  "in an included file",
		main_c);
	g_assert_cmpstr(sy_input_error_get_summary(error), ==, summary);
	g_assert_true(
		sy_input_error_get_location(error, &where, &line, &col, &span));
	g_assert_cmpstr(where, ==, header);
	g_assert_cmpuint(line, ==, 4);
	g_assert_cmpstr(sy_input_error_get_hint(error), ==,
		"move the SCoP into the file given on the command line");
	g_clear_error(&error);
	g_assert_cmpint(g_unlink(header), ==, 0);
	g_assert_cmpint(g_unlink(main_c), ==, 0);
	g_assert_cmpint(g_rmdir(dir), ==, 0);
}

/* AutoSA's SIMD candidates: "name:legal:score:range ...". */
static char *autosa_list(const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(GArray)
		list = sy_autosa_simd_list(c, cfg->tile, cfg->latency);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < list->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);

		g_string_append_printf(out, "%s%s:%d:%g:%" G_GINT64_FORMAT,
			i ? " " : "", simd_at(c, e->simd)->loop.name, e->legal,
			e->score, e->range);
	}
	return g_string_free(out, FALSE);
}

typedef struct {
	const char *dir, *kernel, *simd_info;
	guint array;
	const char *sizes; /* --sa-sizes, simd last */
	const char *list; /* AutoSA's candidates before simd */
	const char *simd; /* the SIMD loop it takes, "" for none */
	gint64 factor;
	gboolean touch; /* --simd-touch-space */
	const char *pe; /* the PE array's dimensions ("2x2"), or NULL */
} AutosaCase;

/* AutoSA's published commands (tests/autosa/commands.tsv) and Systole's
 * examples: the candidates their simd[...] gives factors to. */
static const AutosaCase autosa_cases[] = {
	/* mm.c [i]: j needs a layout change (it moves dimension 0 of
	 * B[j][k]); latency hiding on j (8 of 16) takes it out. */
	{NULL, "mm.c", NULL, 0, "{kernel[]->space_time[0]}",
		"j:0:9:64 k:1:13:64", "", 1, FALSE, NULL},
	{NULL, "mm.c", NULL, 0,
		"{kernel[]->space_time[0];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[8,8];kernel[]->simd[4]}",
		"k:1:13:16", "k", 4, FALSE, NULL},
	/* AutoSA's cnn.1: p and q (the band below the PE band) first,
	 * then the PE band's time loops c (latency 4 of 4: one trip) and
	 * i. */
	{"cnn", "kernel.c", "simd_info.json", 4,
		"{kernel[]->space_time[4];kernel[]->array_part[8,8,4,8];"
		"kernel[]->latency[4,2,4];kernel[]->simd[1,1,1,2]}",
		"p:0:8:3 q:0:8:3 c:1:11:1 i:1:13:8", "i", 2, FALSE, NULL},
	/* Its large CNN: c keeps 2 of its 14 after latency 7, so it
	 * moves by 7 and drops out. */
	{"large/cnn", "kernel.c", "simd_info.json", 4,
		"{kernel[]->space_time[4];kernel[]->array_part[64,56,14,64];"
		"kernel[]->latency[4,4,7];kernel[]->simd[1,1,8]}",
		"p:0:8:3 q:0:8:3 i:1:15:64", "i", 8, FALSE, NULL},
	/* mttkrp: l, below the band, before k (A[i][k][l] needs k
	 * innermost). */
	{"large/mttkrp", "kernel.c", "simd_info.json", 3,
		"{kernel[]->space_time[3];kernel[]->array_part[128,128,2];"
		"kernel[]->latency[16,8];kernel[]->simd[8,1]}",
		"l:1:15:256 k:0:11:2", "l", 8, FALSE, NULL},
	/* ttmc: m first; k (latency 8 of 16) drops out. */
	{"large/ttmc", "kernel.c", "simd_info.json", 4,
		"{kernel[]->space_time[4];kernel[]->array_part[16,64,16,32];"
		"kernel[]->latency[1,8,8];kernel[]->simd[8,1]}",
		"m:1:15:128 l:0:11:32", "m", 8, FALSE, NULL},
	/* --simd-touch-space: the PE band's space loops come before its
	 * time loops, and SIMD on one divides its PEs.  AutoSA's mm.4
	 * ([i,k]): i, latency 16 of 32, moves by 16 and drops out; j
	 * too; k (4, no latency) takes 2 and leaves 2 PEs. */
	{"mm", "kernel.c", "simd_info.json", 4,
		"{kernel[]->space_time[4];kernel[]->array_part[32,4,32];"
		"kernel[]->latency[16,16];kernel[]->simd[2]}",
		"k:1:13:4", "k", 2, TRUE, "2x2"},
	/* mm.7 ([k]): a 1D array of 4 / 2. */
	{"mm", "kernel.c", "simd_info.json", 2,
		"{kernel[]->space_time[2];kernel[]->array_part[4,32,32];"
		"kernel[]->latency[8,8];kernel[]->simd[2]}",
		"k:1:13:4", "k", 2, TRUE, "2"},
	/* cnn.8 ([i]): p and q, then i (space, 4) before the time
	 * loops, which latency 2 of 8 and 4 takes out. */
	{"cnn", "kernel.c", "simd_info.json", 3,
		"{kernel[]->space_time[3];kernel[]->array_part[4,8,4,4];"
		"kernel[]->latency[2,2,2];kernel[]->simd[1,1,2]}",
		"p:0:8:3 q:0:8:3 i:1:13:4", "i", 2, TRUE, "2"},
};

/* The PE array's dimensions, "2x2". */
static char *pe_dims(const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(SyPeArray) array = NULL;
	GString *out = g_string_new(NULL);
	GError *error = NULL;

	array = sy_pe_array_new(c, cfg, &error);
	g_assert_no_error(error);
	for (guint k = 0; k < array->n_space; k++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, k ? "x" : "", array->pe[k]);
	return g_string_free(out, FALSE);
}

static void test_autosa_simd(void)
{
	for (guint k = 0; k < G_N_ELEMENTS(autosa_cases); k++) {
		const AutosaCase *t = &autosa_cases[k];
		g_autofree char *dir = t->dir
			? g_build_filename(SYSTOLE_AUTOSA_DIR, t->dir, NULL)
			: g_strdup(SYSTOLE_EXAMPLES_DIR);
		g_autoptr(SyAnalysis) a = sy_test_example(dir, t->kernel, NULL);
		g_autoptr(SyChoices) plain = sy_choices_new_touch(a,
			g_ptr_array_index(a->candidates, t->array), NULL,
			t->touch);
		g_autoptr(SyChoices) c = NULL;
		g_autoptr(GHashTable) over = NULL;
		g_autoptr(SyConfig) cfg = NULL;
		g_autofree char *list = NULL, *sizes = NULL;
		g_autofree char *before = g_strdup(t->sizes);
		char *simd = strstr(before, ";kernel[]->simd[");
		GError *error = NULL;

		g_test_message("%s %s", t->dir ? t->dir : "", t->kernel);
		if (t->simd_info) {
			g_autofree char *path = g_build_filename(
				dir, t->simd_info, NULL);
			g_autofree char *json = NULL;

			g_assert_true(
				g_file_get_contents(path, &json, NULL, &error));
			over = sy_autosa_simd_info(plain, path, json, &error);
			g_assert_no_error(error);
		}
		c = sy_choices_new_touch(a, plain->candidate, over, t->touch);
		cfg = sy_config_new(c);
		if (simd)
			strcpy(simd, "}");
		g_assert_true(sy_config_apply_sa_sizes(cfg, c, before, &error));
		g_assert_no_error(error);
		list = autosa_list(c, cfg);
		g_assert_cmpstr(list, ==, t->list);
		g_assert_true(
			sy_config_apply_sa_sizes(cfg, c, t->sizes, &error));
		g_assert_no_error(error);
		g_assert_cmpstr(cfg->simd < 0
				? ""
				: simd_at(c, (guint)cfg->simd)->loop.name,
			==, t->simd);
		g_assert_cmpint(cfg->simd_factor, ==, t->factor);
		/* The string it prints is the one it read. */
		sizes = sy_config_to_sa_sizes(cfg, c);
		if (simd)
			g_assert_cmpstr(sizes, ==, t->sizes);
		if (t->pe) {
			g_autofree char *pe = pe_dims(c, cfg);

			g_assert_cmpstr(pe, ==, t->pe);
		}
	}
}

/* The band member of latency loop name. */
static guint loop_member(const SyChoices *c, const char *name)
{
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->latency, i);

		if (g_str_equal(ref->name, name))
			return ref->member;
	}
	g_assert_not_reached();
}

/* cnn's array number n with AutoSA's reduction answers
 * (tests/autosa/kernels/cnn/simd_info.json) and --simd-touch-space. */
static SyChoices *cnn_choices(const SyAnalysis *a, guint n)
{
	g_autofree char *path = g_build_filename(
		SYSTOLE_AUTOSA_DIR, "cnn", "simd_info.json", NULL);
	g_autofree char *json = NULL;
	g_autoptr(SyChoices) plain = sy_choices_new_touch(
		a, g_ptr_array_index(a->candidates, n), NULL, TRUE);
	g_autoptr(GHashTable) over = NULL;
	GError *error = NULL;

	g_assert_true(g_file_get_contents(path, &json, NULL, &error));
	over = sy_autosa_simd_info(plain, path, json, &error);
	g_assert_no_error(error);
	return sy_choices_new_touch(a, plain->candidate, over, TRUE);
}

/* AutoSA's cnn.11 ([o,i], docs/examples/cnn.rst, 2021-04-26): in the
 * band's order latency[2,2,4] leaves c one trip (4 of its 4), which
 * stays a candidate, and simd[1,1,2] one factor short; the AutoSA of
 * that date reads the factors last to first (c=2, r=2, o=4), where r
 * and c move by 2 and o by 4 and drop out, and SIMD 2 goes to i. */
static void test_autosa_latency_last_first(void)
{
	g_autofree char *dir = g_build_filename(
		SYSTOLE_AUTOSA_DIR, "cnn", NULL);
	g_autoptr(SyAnalysis) a = sy_test_example(dir, "kernel.c", NULL);
	g_autoptr(SyChoices) c = cnn_choices(a, 6);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autofree char *list = NULL, *note = NULL, *back = NULL;
	g_autofree char *names = sy_choices_names(c->latency);
	g_autofree char *pe = NULL, *again = NULL;
	const char *sizes = "{kernel[]->space_time[6];"
			    "kernel[]->array_part[8,4,4,4];"
			    "kernel[]->latency[2,2,4];kernel[]->simd[1,1,2]}";
	GError *error = NULL;

	g_assert_cmpstr(names, ==, "o, r, c");
	/* Without simd: the band's order, and AutoSA's four candidates. */
	g_assert_true(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->space_time[6];kernel[]->array_part[8,4,4,4];"
		"kernel[]->latency[2,2,4]}",
		&error));
	g_assert_no_error(error);
	list = autosa_list(c, cfg);
	g_assert_cmpstr(list, ==, "p:0:8:3 q:0:8:3 i:1:13:4 c:1:11:1");
	g_clear_pointer(&list, g_free);
	g_assert_true(sy_config_apply_sa_sizes(cfg, c, sizes, &error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->latency[loop_member(c, "o")], ==, 4);
	g_assert_cmpint(cfg->latency[loop_member(c, "r")], ==, 2);
	g_assert_cmpint(cfg->latency[loop_member(c, "c")], ==, 2);
	list = autosa_list(c, cfg);
	g_assert_cmpstr(list, ==, "p:0:8:3 q:0:8:3 i:1:13:4");
	g_assert_cmpstr(simd_at(c, (guint)cfg->simd)->loop.name, ==, "i");
	g_assert_cmpint(cfg->simd_factor, ==, 2);
	pe = pe_dims(c, cfg);
	g_assert_cmpstr(pe, ==, "2x2");
	note = sy_config_sa_sizes_reversed(sizes, c, cfg);
	g_assert_cmpstr(note, ==,
		"latency[2,2,4] read last to first (c=2, r=2, o=4), as AutoSA "
		"read it from 2021-04-21 to 2021-08-01 under --reverse-order: "
		"simd[...] has 3 factors, one per SIMD candidate of AutoSA's "
		"that way (p, q, i), not in the band's order (p, q, i, c)");
	/* Written back in the band's order, which reads back alike. */
	back = sy_config_to_sa_sizes(cfg, c);
	g_assert_cmpstr(back, ==,
		"{kernel[]->space_time[6];kernel[]->array_part[8,4,4,4];"
		"kernel[]->latency[4,2,2];kernel[]->simd[1,1,2]}");
	g_assert_true(sy_config_apply_sa_sizes(cfg, c, back, &error));
	g_assert_no_error(error);
	again = sy_config_sa_sizes_reversed(back, c, cfg);
	g_assert_null(again);
	g_assert_cmpint(cfg->latency[loop_member(c, "o")], ==, 4);
	/* Short both ways: the band's order's candidates, as before. */
	g_assert_false(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->space_time[6];kernel[]->array_part[8,4,4,4];"
		"kernel[]->latency[4,2,4];kernel[]->simd[1,1,2]}",
		&error));
	assert_config_error(error,
		"--sa-sizes: simd has 3 factors, but AutoSA's SIMD candidates "
		"at these sizes are 4: p (needs a layout change), q (needs a "
		"layout change), i, c");
	g_clear_error(&error);
}

/* AutoSA's cnn.9 ([o,r], latency[4,2,2], simd[1,1,1,2], published with
 * cnn.11): in the band's order AutoSA's candidates are p, q and i (c
 * moves by 2) and the fourth factor would be left; last to first (c=4,
 * r=2, o=2) c has one trip and they are four, SIMD 2 on i, 4x2 PEs.
 * Without simd, and with one factor per candidate in the band's order
 * (simd[1,1,2]), the band's order. */
static void test_autosa_latency_count(void)
{
	g_autofree char *dir = g_build_filename(
		SYSTOLE_AUTOSA_DIR, "cnn", NULL);
	g_autoptr(SyAnalysis) a = sy_test_example(dir, "kernel.c", NULL);
	g_autoptr(SyChoices) c = cnn_choices(a, 4);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autofree char *note = NULL, *pe = NULL, *list = NULL;
	g_autofree char *none = NULL, *band = NULL;
	const char *sizes = "{kernel[]->space_time[4];"
			    "kernel[]->array_part[8,4,4,8];"
			    "kernel[]->latency[4,2,2];kernel[]->simd[1,1,1,2]}";
	const char *three = "{kernel[]->space_time[4];"
			    "kernel[]->array_part[8,4,4,8];"
			    "kernel[]->latency[4,2,2];kernel[]->simd[1,1,2]}";
	GError *error = NULL;

	g_assert_true(sy_config_apply_sa_sizes(cfg, c,
		"{kernel[]->space_time[4];kernel[]->array_part[8,4,4,8];"
		"kernel[]->latency[4,2,2]}",
		&error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->latency[loop_member(c, "o")], ==, 4);
	list = autosa_list(c, cfg);
	g_assert_cmpstr(list, ==, "p:0:8:3 q:0:8:3 i:1:13:8");
	g_clear_pointer(&list, g_free);
	g_assert_true(sy_config_apply_sa_sizes(cfg, c, sizes, &error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->latency[loop_member(c, "o")], ==, 2);
	g_assert_cmpint(cfg->latency[loop_member(c, "r")], ==, 2);
	g_assert_cmpint(cfg->latency[loop_member(c, "c")], ==, 4);
	list = autosa_list(c, cfg);
	g_assert_cmpstr(list, ==, "p:0:8:3 q:0:8:3 c:1:11:1 i:1:13:8");
	g_assert_cmpstr(simd_at(c, (guint)cfg->simd)->loop.name, ==, "i");
	g_assert_cmpint(cfg->simd_factor, ==, 2);
	pe = pe_dims(c, cfg);
	g_assert_cmpstr(pe, ==, "4x2");
	note = sy_config_sa_sizes_reversed(sizes, c, cfg);
	g_assert_cmpstr(note, ==,
		"latency[4,2,2] read last to first (c=4, r=2, o=2), as AutoSA "
		"read it from 2021-04-21 to 2021-08-01 under --reverse-order: "
		"simd[...] has 4 factors, one per SIMD candidate of AutoSA's "
		"that way (p, q, c, i), not in the band's order (p, q, i)");
	g_assert_true(sy_config_apply_sa_sizes(cfg, c, three, &error));
	g_assert_no_error(error);
	g_assert_cmpint(cfg->latency[loop_member(c, "o")], ==, 4);
	g_assert_cmpint(cfg->latency[loop_member(c, "c")], ==, 2);
	g_assert_cmpstr(simd_at(c, (guint)cfg->simd)->loop.name, ==, "i");
	band = sy_config_sa_sizes_reversed(three, c, cfg);
	g_assert_null(band);
	none = sy_config_sa_sizes_reversed(
		"{kernel[]->latency[4,2,2]}", c, cfg);
	g_assert_null(none);
}

/* Reductions: AutoSA's answers and the pragma */

static GHashTable *simd_info(
	const SyChoices *c, const char *json, GError **error)
{
	return sy_autosa_simd_info(c, "simd.json", json, error);
}

#define NOT_YN "simd.json: kernel3: reduction answers are \"y\" or \"n\""
#define NOT_SHAPE                                                              \
	"simd.json: expected {\"kernel3\": {\"reduction\": [\"y\", \"n\", "    \
	"...]}}"

static const struct {
	const char *json;
	const char *message;
} bad_answers[] = {
	{"{\"kernel3\": {\"reduction\": []}}",
		"simd.json: kernel3 has 0 reduction answers, but array 3 has 1 "
		"loop carrying dependences: k"},
	{"{\"kernel3\": {\"reduction\": [\"yes\"]}}", NOT_YN},
	{"{\"kernel3\": {\"reduction\": [{}]}}", NOT_YN},
	{"{\"kernel3\": {\"reduction\": [[]]}}", NOT_YN},
	{"{\"kernel3\": {\"reduction\": [1]}}", NOT_YN},
	{"{\"kernel3\": {\"reduction\": [true]}}", NOT_YN},
	{"{\"kernel3\": {\"reduction\": [null]}}", NOT_YN},
	{"{\"kernel3\": {\"reduction\": [[\"y\"]]}}", NOT_YN},
	{"[\"y\"]", NOT_SHAPE},
	{"{\"kernel3\": {\"reduction\": \"y\"}}", NOT_SHAPE},
};

static void test_simd_info(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyChoices) no = NULL;
	g_autoptr(GHashTable) yes = NULL;
	g_autoptr(GHashTable) nay = NULL;
	g_autoptr(GHashTable) other = NULL;
	GHashTable *bad;
	gpointer value;
	GError *error = NULL;

	/* One loop carries dependences (k): one answer; AutoSA leaves
	 * those past it. */
	yes = simd_info(
		c, "{\"kernel3\": {\"reduction\": [\"y\", \"n\"]}}", &error);
	g_assert_no_error(error);
	g_assert_cmpuint(g_hash_table_size(yes), ==, 1);
	g_assert_true(g_hash_table_lookup_extended(yes, "k", NULL, &value));
	g_assert_true(GPOINTER_TO_INT(value));

	/* "n" makes k no reduction, hence not vectorizable; its strides
	 * still count (4). */
	nay = simd_info(c, "{\"kernel3\": {\"reduction\": [\"n\"]}}", &error);
	g_assert_no_error(error);
	g_assert_true(g_hash_table_lookup_extended(nay, "k", NULL, &value));
	g_assert_false(GPOINTER_TO_INT(value));
	no = sy_choices_new(a, c->candidate, nay);
	assert_simd(simd_at(no, 0), "k", TRUE, 64, FALSE, FALSE, 4,
		"loop 'k' carries dependences that are not a reduction", "");

	/* Answers for another array say nothing about this one. */
	other = simd_info(
		c, "{\"kernel0\": {\"reduction\": [\"n\", \"y\"]}}", &error);
	g_assert_no_error(error);
	g_assert_cmpuint(g_hash_table_size(other), ==, 0);

	/* Wrong answers; answers that are not strings are errors, not
	 * criticals. */
	for (guint i = 0; i < G_N_ELEMENTS(bad_answers); i++) {
		g_test_message("%s", bad_answers[i].json);
		bad = simd_info(c, bad_answers[i].json, &error);
		g_assert_null(bad);
		g_assert_error(error, SY_CHOICES_ERROR, 0);
		g_assert_cmpstr(error->message, ==, bad_answers[i].message);
		g_clear_error(&error);
	}

	/* Not JSON: json-glib's message, after the file name. */
	bad = simd_info(c, "{\"kernel3\": ", &error);
	g_assert_null(bad);
	g_assert_nonnull(error);
	g_assert_true(error->domain == JSON_PARSER_ERROR);
	g_assert_true(g_str_has_prefix(error->message, "simd.json: "));
	g_clear_error(&error);

	/* Two values: JSON-GLib alone takes them for one and leaks. */
	bad = simd_info(
		c, "{\"kernel3\": {\"reduction\": [\"y\"]}} {}", &error);
	g_assert_null(bad);
	g_assert_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE);
	g_assert_cmpstr(error->message, ==,
		"simd.json: <data>:1:35: Parse error: a second value, "
		"expected end of file");
	g_clear_error(&error);
}

/* Mixed parallel and dependent SIMD loops: only those carrying
 * dependences are asked about, in AutoSA's order (conv's array 4: p
 * and q below the band, then i; not c). */
static void test_simd_info_conv(void)
{
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "conv.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 4);
	g_autoptr(SyChoices) over = NULL;
	g_autoptr(GHashTable) answers = NULL;
	GError *error = NULL;

	answers = simd_info(c,
		"{\"kernel4\": {\"reduction\": [\"y\", \"n\", \"y\"]}}",
		&error);
	g_assert_no_error(error);
	g_assert_cmpuint(g_hash_table_size(answers), ==, 3);
	over = sy_choices_new(a, c->candidate, answers);
	g_assert_cmpstr(simd_at(over, 2)->loop.name, ==, "p");
	g_assert_true(simd_at(over, 0)->parallel);
	g_assert_true(simd_at(over, 1)->reduction);
	g_assert_true(simd_at(over, 2)->reduction);
	g_assert_false(simd_at(over, 3)->ok);
	g_assert_cmpint(simd_at(over, 3)->score, ==, 2);
	g_clear_pointer(&answers, g_hash_table_unref);
	answers = simd_info(
		c, "{\"kernel4\": {\"reduction\": [\"y\"]}}", &error);
	g_assert_null(answers);
	g_assert_error(error, SY_CHOICES_ERROR, 0);
	g_assert_cmpstr(error->message, ==,
		"simd.json: kernel4 has 1 reduction answer, but array 4 has "
		"3 loops carrying dependences: p, q, i");
	g_clear_error(&error);
}

/* C -= A * B is a reduction the detection does not know; the pragma
 * says so.  Along k: C twice, A[i][k] of stride 1 (3), B[k][j] moves
 * along its first dimension. */
static void test_pragma_reduction(void)
{
	static const char *const plain =
		"for (int i = 0; i < N; i++)\n"
		"  for (int j = 0; j < N; j++)\n"
		"    for (int k = 0; k < N; k++)\n"
		"      C[i][j] = C[i][j] - A[i][k] * B[k][j];\n";
	static const char *const marked =
		"for (int i = 0; i < N; i++)\n"
		"  for (int j = 0; j < N; j++)\n"
		"    for (int k = 0; k < N; k++) {\n"
		"#pragma systole reduction(k)\n"
		"      C[i][j] = C[i][j] - A[i][k] * B[k][j];\n"
		"    }\n";
	static const char note[] =
		"B[k][j]: make dimension 0 the innermost, as B[j][k]\n";
	g_autoptr(SyAnalysis) a = analyse_scop(plain);
	g_autoptr(SyAnalysis) b = analyse_scop(marked);
	g_autoptr(SyChoices) ca = choices_of(a, 3);
	g_autoptr(SyChoices) cb = choices_of(b, 3);

	assert_simd(simd_at(ca, 0), "k", TRUE, 16, FALSE, FALSE, 3,
		"loop 'k' carries dependences that are not a reduction", note);
	assert_simd(simd_at(cb, 0), "k", TRUE, 16, FALSE, TRUE, 7, NULL, note);
}

/* The CLI's --emit options --json is these choices; check the keys
 * through the report. */
static void test_report_choices_json(void)
{
	static const char *const keys[] = {"kernel", "candidate", "space",
		"tilable", "tile_orders", "tile_order", "latency", "simd",
		"autosa_simd", "sa_sizes", "flags"};
	g_autoptr(SyAnalysis)
		a = sy_test_example(SYSTOLE_EXAMPLES_DIR, "mm.c", NULL);
	g_autoptr(SyChoices) c = choices_of(a, 3);
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	g_autoptr(JsonNode) root = NULL;
	JsonObject *obj, *k;
	JsonArray *simd;
	g_autoptr(GList) members = NULL;
	guint n = 0;

	root = sy_report_choices_json(c, cfg);
	obj = json_node_get_object(root);
	members = json_object_get_members(obj);
	for (GList *l = members; l; l = l->next, n++) {
		g_assert_cmpuint(n, <, G_N_ELEMENTS(keys));
		g_assert_cmpstr(l->data, ==, keys[n]);
	}
	g_assert_cmpuint(n, ==, G_N_ELEMENTS(keys));
	g_assert_cmpint(json_object_get_int_member(obj, "candidate"), ==, 3);
	simd = json_object_get_array_member(obj, "simd");
	g_assert_cmpuint(json_array_get_length(simd), ==, 1);
	k = json_array_get_object_element(simd, 0);
	g_assert_cmpstr(json_object_get_string_member(k, "name"), ==, "k");
	g_assert_cmpint(json_object_get_int_member(k, "score"), ==, 8);
	g_assert_cmpint(json_object_get_int_member(k, "range"), ==, 64);
	g_assert_true(json_object_get_boolean_member(k, "reduction"));
	g_assert_true(json_object_get_boolean_member(k, "legal"));
	g_assert_cmpstr(
		json_object_get_string_member(obj, "flags"), ==, "--space i,j");
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/compile/choices/mm", test_choices_mm);
	g_test_add_func("/compile/choices/mm-1d", test_choices_mm_1d);
	g_test_add_func(
		"/compile/choices/mm-space-jk", test_choices_mm_space_jk);
	g_test_add_func("/compile/choices/conv", test_choices_conv);
	g_test_add_func("/compile/choices/mttkrp", test_choices_mttkrp);
	g_test_add_func("/compile/choices/no-flow", test_choices_no_flow);
	g_test_add_func("/compile/config/sa-sizes", test_config_sa_sizes);
	g_test_add_func("/compile/config/untiled", test_config_untiled);
	g_test_add_func("/compile/config/named", test_config_named);
	g_test_add_func(
		"/compile/config/named-resets", test_config_named_resets);
	g_test_add_func("/compile/config/sa-sizes-candidate",
		test_config_sa_sizes_candidate);
	g_test_add_func(
		"/compile/config/sa-sizes-errors", test_config_sa_sizes_errors);
	g_test_add_func(
		"/compile/config/sa-sizes-hbm", test_config_sa_sizes_hbm);
	g_test_add_func("/compile/config/sa-sizes-l2", test_config_sa_sizes_l2);
	g_test_add_func("/compile/config/two-simd", test_config_two_simd);
	g_test_add_func(
		"/compile/config/named-errors", test_config_named_errors);
	g_test_add_func("/compile/config/named-none", test_config_named_none);
	g_test_add_func("/compile/config/order", test_config_order);
	g_test_add_func("/compile/config/validate", test_config_validate);
	g_test_add_func("/compile/config/simd-not-vectorizable",
		test_config_simd_not_vectorizable);
	g_test_add_func("/compile/config/divisors", test_divisors);
	g_test_add_func("/compile/config/find-space", test_find_space);
	g_test_add_func("/compile/pe-array/schedule-yaml", test_schedule_yaml);
	g_test_add_func("/compile/pe-array/schedule-yaml-inner-simd",
		test_schedule_yaml_inner_simd);
	g_test_add_func(
		"/compile/pe-array/temporary-in-loop", test_temporary_in_loop);
	g_test_add_func("/compile/pe-array/temporary-split-by-loop",
		test_temporary_split_by_loop);
	g_test_add_func("/compile/pe-array/temporary-array-simd",
		test_temporary_array_simd);
	g_test_add_func("/compile/codegen/loops", test_codegen_loops);
	g_test_add_func(
		"/compile/codegen/loops-latency", test_codegen_loops_latency);
	g_test_add_func("/compile/codegen/file", test_codegen_file);
	g_test_add_func(
		"/compile/codegen/scop-in-header", test_codegen_scop_in_header);
	g_test_add_func("/compile/simd-info/mm", test_simd_info);
	g_test_add_func("/compile/simd-info/conv", test_simd_info_conv);
	g_test_add_func("/compile/autosa-simd", test_autosa_simd);
	g_test_add_func("/compile/autosa-latency-last-first",
		test_autosa_latency_last_first);
	g_test_add_func(
		"/compile/autosa-latency-count", test_autosa_latency_count);
	g_test_add_func("/compile/pragma-reduction", test_pragma_reduction);
	g_test_add_func(
		"/compile/report/choices-json", test_report_choices_json);
	return g_test_run();
}
