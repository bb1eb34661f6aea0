/* The PE array's statements on whole tiles (compute/tile-boxes): each
 * statement's flat schedule, taken from its own pieces of the bands,
 * is the function isl_schedule_get_map gives it over the whole tree
 * (sequence places, zeros that pad the shallower leaves, latency and
 * SIMD loops last), the boxes are the schedule's domain, and
 * sy_tile_boxes_box computes each box once and gives the same one as
 * sy_tile_box_compute. */
#include <isl/aff.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <string.h>

#include "comm/design.h"
#include "compute/config.h"
#include "compute/tile-boxes.h"

/* A body of s statements on C in one nest (several leaves under a
 * sequence), and a body with a statement above the nest below it (two
 * depths: the shallower one is padded). */
static char *kernel(guint s, gboolean outer)
{
	GString *src = g_string_new(
		"float A[64][64], B[64][64], C[64][64], D[64];\n"
		"void kernel(void)\n{\n#pragma scop\n"
		"for (int i = 0; i < 64; i++) {\n");

	if (outer)
		g_string_append(src, "  D[i] = A[i][0];\n");
	g_string_append(src, "  for (int j = 0; j < 64; j++)\n"
			     "    for (int k = 0; k < 64; k++) {\n");
	for (guint n = 0; n < s; n++)
		g_string_append(
			src, "      C[i][j] = C[i][j] + A[i][k] * B[j][k];\n");
	g_string_append(src, "    }\n}\n#pragma endscop\n}\n");
	return g_string_free(src, FALSE);
}

typedef struct {
	SyAnalysis *analysis;
	SyChoices *choices;
	SyConfig *config;
	SyPeArray *array;
	SyTileBoxes *tiles;
} Made;

static void made_clear(Made *m)
{
	sy_tile_boxes_free(m->tiles);
	sy_pe_array_free(m->array);
	sy_config_free(m->config);
	sy_choices_free(m->choices);
	sy_analysis_free(m->analysis);
}

static void make(Made *m, const char *text, const char *space,
	const char *tile, const char *latency, const char *simd)
{
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	GError *error = NULL;
	int cand;

	m->analysis = sy_analysis_new_from_data(
		"kernel.c", text, -1, &options, &error);
	g_assert_no_error(error);
	cand = sy_config_find_space(m->analysis, space, &error);
	g_assert_no_error(error);
	m->choices = sy_choices_new(m->analysis,
		g_ptr_array_index(m->analysis->candidates, cand), NULL);
	m->config = sy_config_new(m->choices);
	g_assert_true(sy_config_apply_named(
		m->config, m->choices, "tile", tile, &error));
	if (latency)
		g_assert_true(sy_config_apply_named(
			m->config, m->choices, "latency", latency, &error));
	if (simd)
		g_assert_true(sy_config_apply_named(
			m->config, m->choices, "simd", simd, &error));
	g_assert_no_error(error);
	m->array = sy_pe_array_new(m->choices, m->config, &error);
	g_assert_no_error(error);
	m->tiles = sy_tile_boxes_new(m->array, &error);
	g_assert_no_error(error);
}

static const SyArray *array_named(const Made *m, const char *name)
{
	const SyScop *scop = m->analysis->scop;

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);

		if (strcmp(x->name, name) == 0)
			return x;
	}
	g_error("no array %s", name);
}

static isl_stat take_piece(isl_set *set, isl_multi_aff *ma, void *user)
{
	*(isl_multi_aff **)user = ma;
	isl_set_free(set);
	return isl_stat_ok;
}

/* The statement's flat schedule from isl's map of the whole tree, on
 * the statement's domain, as one function. */
static isl_multi_aff *whole_tree_schedule(const Made *m, const SyStmt *stmt)
{
	isl_union_map *all = isl_schedule_get_map(m->array->schedule);
	isl_map *map = isl_map_from_union_map(isl_union_map_intersect_domain(
		all, isl_union_set_from_set(isl_set_copy(stmt->domain))));
	isl_pw_multi_aff *pma =
		isl_pw_multi_aff_coalesce(isl_pw_multi_aff_from_map(map));
	isl_multi_aff *ma = NULL;

	g_assert_cmpint(isl_pw_multi_aff_n_piece(pma), ==, 1);
	isl_pw_multi_aff_foreach_piece(pma, take_piece, &ma);
	isl_pw_multi_aff_free(pma);
	return ma;
}

/* Without latency or SIMD loops (nothing moves to the end), every
 * statement's schedule is isl's for the whole tree. */
static void check_as_isl(const char *text, const char *space,
	const char *tile, guint n_stmts, guint n_dims)
{
	Made m;

	make(&m, text, space, tile, NULL, NULL);
	g_assert_cmpuint(m.analysis->scop->stmts->len, ==, n_stmts);
	g_assert_cmpuint(m.tiles->n_dims, ==, n_dims);
	for (guint i = 0; i < n_stmts; i++) {
		const SyStmt *stmt =
			g_ptr_array_index(m.analysis->scop->stmts, i);
		isl_multi_aff *isl = whole_tree_schedule(&m, stmt);
		isl_multi_aff *ours = sy_tile_boxes_sched(m.tiles, stmt);
		char *a = isl_multi_aff_to_str(isl);
		char *b = isl_multi_aff_to_str(ours);

		g_assert_cmpstr(b, ==, a);
		free(a);
		free(b);
		isl_multi_aff_free(isl);
	}
	made_clear(&m);
}

static void test_sequence(void)
{
	g_autofree char *text = kernel(3, FALSE);

	/* tile loops (3), PE (2), time (1), the sequence's place */
	check_as_isl(text, "i,j", "i=16,j=16,k=16", 3, 7);
}

static void test_padded(void)
{
	g_autofree char *text = kernel(2, TRUE);

	check_as_isl(text, "i", "i=16,j=16,k=16", 3, 7);
}

/* With latency loops, they go after the band's time loop and above
 * the statements' sequence (its place, 1, last: the zeroing and the
 * update run in one latency iteration); the flat schedule of the
 * update in mm's body, exactly. */
static void test_latency_last(void)
{
	g_autofree char *text = kernel(2, FALSE);
	Made m;
	const SyStmt *s1;
	char *str;

	make(&m, text, "i,j", "i=16,j=16,k=16", "i=4,j=4", NULL);
	s1 = g_ptr_array_index(m.analysis->scop->stmts, 1);
	str = isl_multi_aff_to_str(sy_tile_boxes_sched(m.tiles, s1));
	g_assert_cmpstr(str, ==,
		"{ S1[i, j, k] -> [(floor((i)/16)), (floor((j)/16)), "
		"(floor((k)/16)), (floor((i)/4) - 4*floor((i)/16)), "
		"(floor((j)/4) - 4*floor((j)/16)), ((k) mod 16), "
		"((i) mod 4), ((j) mod 4), (1)] }");
	free(str);
	made_clear(&m);
}

/* The boxes are the schedule's domain. */
static void test_boxes(void)
{
	g_autofree char *text = kernel(3, TRUE);
	Made m;
	isl_union_set *domain;

	make(&m, text, "i", "i=16,j=16,k=16", NULL, NULL);
	domain = isl_union_map_domain(isl_union_map_copy(m.tiles->schedule));
	g_assert_true(isl_union_set_is_equal(domain, m.tiles->boxes));
	g_assert_cmpint(isl_union_set_n_set(m.tiles->boxes), ==, 4);
	isl_union_set_free(domain);
	made_clear(&m);
}

static void assert_same_box(const SyTileBox *a, const SyTileBox *b)
{
	g_assert_cmpuint(a->n_dims, ==, b->n_dims);
	for (guint d = 0; d < a->n_dims; d++)
		g_assert_cmpint(a->size[d], ==, b->size[d]);
	g_assert_true(isl_multi_pw_aff_plain_is_equal(a->offset, b->offset));
}

/* A box asked twice is computed once, and is sy_tile_box_compute's. */
static void test_box_cache(void)
{
	g_autofree char *text = kernel(2, FALSE);
	Made m;
	const SyArray *a, *c;
	SyTileBox once, twice, direct, pe;
	const gboolean keep_j[] = {FALSE, TRUE};

	make(&m, text, "i,j", "i=16,j=16,k=16", "i=4,j=4", NULL);
	a = array_named(&m, "A");
	c = array_named(&m, "C");
	g_assert_true(sy_tile_boxes_box(m.tiles, &once, a, 0, keep_j));
	g_assert_true(sy_tile_boxes_box(m.tiles, &twice, a, 0, keep_j));
	g_assert_cmpuint(g_hash_table_size(m.tiles->box_cache), ==, 1);
	g_assert_true(sy_tile_box_compute(&direct,
		sy_tile_boxes_units(m.tiles, keep_j),
		sy_tile_boxes_accesses(m.tiles, a, 0, NULL), a->n_dims));
	assert_same_box(&once, &twice);
	assert_same_box(&once, &direct);
	/* A line of PEs along i (j kept: one per column) reads A's rows of
	 * its tile: 16 x 16 elements per tile. */
	g_assert_cmpint(once.size[0], ==, 16);
	g_assert_cmpint(once.size[1], ==, 16);
	/* A PE holds 4 x 4 elements of C; C's writes: no reads asked. */
	g_assert_true(sy_tile_boxes_box(m.tiles, &pe, c, 1, NULL));
	g_assert_cmpuint(g_hash_table_size(m.tiles->box_cache), ==, 2);
	g_assert_cmpint(pe.size[0], ==, 4);
	g_assert_cmpint(pe.size[1], ==, 4);
	sy_tile_box_clear(&once);
	sy_tile_box_clear(&twice);
	sy_tile_box_clear(&direct);
	sy_tile_box_clear(&pe);
	made_clear(&m);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/tile-boxes/sequence", test_sequence);
	g_test_add_func("/tile-boxes/padded", test_padded);
	g_test_add_func("/tile-boxes/latency-last", test_latency_last);
	g_test_add_func("/tile-boxes/boxes", test_boxes);
	g_test_add_func("/tile-boxes/box-cache", test_box_cache);
	return g_test_run();
}
