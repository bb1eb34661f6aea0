/* The I/O paths' facts (comm/io-facts.h): their exact values for matrix
 * multiply at chosen sizes, and their JSON, written and read back. */
#include "base/json-print.h"
#include "comm/io-facts-json.h"
#include "comm/module-code.h"
#include "compute/code-json.h"
#include "testutil.h"

static const char *examples_dir;

/* mm.c at i,j with tiles of 16, latency 4 on both space loops and two
 * SIMD lanes along k: a 4 x 4 PE array, 4 x 4 x 4 tiles. */
static const char mm_sizes[] = "{kernel[]->space_time[3];kernel[]->"
			       "array_part[16,16,16];kernel[]->latency[4,4];"
			       "kernel[]->simd[2]}";

typedef struct {
	SyAnalysis *analysis;
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
} Made;

static void make(Made *m, const char *name, guint candidate, const char *sizes)
{
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;

	m->analysis = sy_test_example(examples_dir, name, NULL);
	m->choices = sy_choices_new(m->analysis,
		g_ptr_array_index(m->analysis->candidates, candidate), NULL);
	cfg = sy_config_new(m->choices);
	g_assert_true(sy_config_apply_sa_sizes(cfg, m->choices, sizes, &error));
	m->array = sy_pe_array_new(m->choices, cfg, &error);
	g_assert_no_error(error);
	m->design = sy_design_new(m->array, NULL, &error);
	g_assert_no_error(error);
	g_assert_true(sy_design_build_code(m->design, &error));
	g_assert_no_error(error);
}

static void made_clear(Made *m)
{
	sy_design_free(m->design);
	sy_pe_array_free(m->array);
	sy_choices_free(m->choices);
	sy_analysis_free(m->analysis);
}

static char *code_text(const SyCode *code)
{
	g_autoptr(JsonNode) node = sy_code_to_json(code);

	return json_to_string(node, FALSE);
}

/* Loops t0, t1 (and t2 when n is 3) of 4 tiles each, over "T". */
static char *tiles_text(const char *last)
{
	const char *loop = "{\"kind\":\"for\",\"iterator\":\"t%d\",\"init\":0,"
			   "\"cond\":{\"op\":\"le\",\"args\":[\"t%d\",3]},"
			   "\"inc\":1,\"degenerate\":false,\"trip\":4,"
			   "\"pragma\":\"none\",\"body\":";
	GString *s = g_string_new(NULL);
	guint n = last ? 2 : 3;

	for (guint k = 0; k < n; k++)
		g_string_append_printf(s, loop, k, k);
	g_string_append_printf(s,
		"{\"kind\":\"user\",\"name\":\"T\",\"args\":[\"t0\",\"t1\","
		"%s]}",
		last ? last : "\"t2\"");
	for (guint k = 0; k < n; k++)
		g_string_append_c(s, '}');
	return g_string_free(s, FALSE);
}

static void assert_path(const SyDesign *design, const SyIoPathFacts *f,
	const char *prefix, gboolean in, gint64 box0, gint64 box1, guint lanes,
	guint pack, guint along, gint64 units, const char *intra,
	const char *drop, guint access, const char *last_tile)
{
	g_autofree char *tiles = code_text(f->tiles);
	g_autofree char *want = tiles_text(last_tile);
	const SyIoMoves *mv;

	g_assert_cmpstr(f->path->prefix, ==, prefix);
	g_assert_cmpint(f->path->in, ==, in);
	g_assert_cmpuint(f->n_dims, ==, 2);
	g_assert_cmpint(f->box[0], ==, box0);
	g_assert_cmpint(f->box[1], ==, box1);
	g_assert_cmpuint(f->lanes, ==, lanes);
	g_assert_false(f->once);
	g_assert_cmpuint(f->pack, ==, pack);
	g_assert_cmpint(f->box_words, ==, 4);
	g_assert_cmpuint(f->along, ==, along);
	g_assert_cmpint(f->units, ==, units);
	/* 16 tiles of C (k's first or last), 64 of A and B; 4 words per
	 * box: every element once. */
	g_assert_cmpint(f->port_words, ==, 1024);
	g_assert_null(f->port_error);
	g_assert_false(f->headless);
	g_assert_true(f->ping_pong[0]);
	g_assert_true(f->ping_pong[1]);
	g_assert_cmpstr(tiles, ==, want);
	g_assert_nonnull(f->intra);
	g_assert_true(f->intra == sy_design_find(design, intra)->code);
	if (drop)
		g_assert_true(f->drop == sy_design_find(design, drop)->code);
	else
		g_assert_null(f->drop);
	g_assert_true(f->intra != f->drop);
	g_assert_cmpuint(f->moves->len, ==, 1);
	mv = g_ptr_array_index(f->moves, 0);
	g_assert_cmpstr(mv->stmt, ==, "S0");
	g_assert_cmpuint(mv->n, ==, 1);
	g_assert_cmpuint(mv->accesses[0], ==, access);
	g_assert_true(sy_io_path_facts_moves(f, "S0") == mv);
	g_assert_null(sy_io_path_facts_moves(f, "S1"));
	/* A vector register per access moved, where lanes go together. */
	g_assert_cmpuint(f->n_registers, ==, lanes > 1);
	if (lanes > 1)
		g_assert_cmpuint(f->registers[0], ==, access);
}

/* C[i][j] += A[i][k] * B[k][j]: accesses 0 (the write of C), 1 (its
 * read), 2 (A), 3 (B).  C comes in to and leaves every PE on its own
 * (boxes of 4 x 4, latency's), at k's first and last tile; A and B move
 * along j and i, a line of 4 PEs taking 4 x 16 elements per tile, two
 * lanes of k at once. */
static void test_mm(void)
{
	Made m;
	const SyIoFacts *io;
	gint64 coord[2];

	make(&m, "mm.c", 3, mm_sizes);
	io = m.design->io;
	g_assert_nonnull(io);
	g_assert_cmpuint(io->n_tile, ==, 3);
	g_assert_cmpuint(io->n_space, ==, 2);
	g_assert_cmpint(io->pe[0], ==, 4);
	g_assert_cmpint(io->pe[1], ==, 4);
	g_assert_cmpint(sy_io_facts_pe_count(io), ==, 16);
	g_assert_cmpuint(io->paths->len, ==, 4);
	assert_path(m.design, g_ptr_array_index(io->paths, 0), "C", TRUE, 4, 4,
		1, 4, 0, 16, "C_IO_L1_in", NULL, 1, "0");
	assert_path(m.design, g_ptr_array_index(io->paths, 1), "A", TRUE, 4, 16,
		2, 16, 1, 4, "A_IO_L2_in", "A_PE_dummy_in", 2, NULL);
	assert_path(m.design, g_ptr_array_index(io->paths, 2), "B", TRUE, 4, 16,
		2, 16, 0, 4, "B_IO_L2_in", "B_PE_dummy_in", 3, NULL);
	assert_path(m.design, g_ptr_array_index(io->paths, 3), "C_drain", FALSE,
		4, 4, 1, 4, 0, 16, "C_drain_IO_L1_out", NULL, 0, "3");
	g_assert_true(
		sy_io_facts_path(io, g_ptr_array_index(m.design->paths, 1)) ==
		g_ptr_array_index(io->paths, 1));
	/* Line 2 of A (along j) meets the PEs at j = 3: PE (2, 3). */
	sy_io_facts_unit_coords(io, 1, 3, 2, coord);
	g_assert_cmpint(coord[0], ==, 2);
	g_assert_cmpint(coord[1], ==, 3);
	g_assert_true(sy_io_facts_check(io, NULL));
	/* Cleared with the code. */
	sy_design_clear_code(m.design);
	g_assert_null(m.design->io);
	made_clear(&m);
}

static char *io_json(const SyDesign *design)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;

	json_builder_begin_object(b);
	sy_io_facts_add_json(b, design);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	return sy_json_print(root);
}

/* design's facts from text (the object holding "io"). */
static SyIoFacts *read_io(
	const SyDesign *design, const char *text, GError **error)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o;

	g_assert_true(json_parser_load_from_data(parser, text, -1, NULL));
	o = json_node_get_object(json_parser_get_root(parser));
	return sy_io_facts_from_json(
		json_object_get_member(o, "io"), design, error);
}

/* Written, read back on the same design, written again: the same
 * text, the same paths and modules. */
static void test_json(void)
{
	Made m;
	g_autofree char *text = NULL, *again = NULL, *bad = NULL;
	g_auto(GStrv) parts = NULL;
	SyIoFacts *read, *built;
	GError *error = NULL;

	make(&m, "mm.c", 3, mm_sizes);
	text = io_json(m.design);
	read = read_io(m.design, text, &error);
	g_assert_no_error(error);
	built = m.design->io;
	g_assert_cmpuint(read->paths->len, ==, built->paths->len);
	for (guint i = 0; i < read->paths->len; i++) {
		const SyIoPathFacts *r = g_ptr_array_index(read->paths, i);
		const SyIoPathFacts *b = g_ptr_array_index(built->paths, i);

		g_assert_true(r->path == b->path);
		g_assert_true(r->intra == b->intra);
		g_assert_true(r->drop == b->drop);
		g_assert_true(sy_code_is_equal(r->tiles, b->tiles));
	}
	m.design->io = read;
	again = io_json(m.design);
	g_assert_cmpstr(again, ==, text);
	m.design->io = built;
	sy_io_facts_free(read);
	/* Refused, saying where. */
	parts = g_strsplit(text, "\"lanes\" : 2", 0);
	bad = g_strjoinv("\"lanes\" : \"2\"", parts);
	g_assert_null(read_io(m.design, bad, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(
		error->message, ==, "io/paths/1: \"lanes\" is not an integer");
	g_clear_error(&error);
	made_clear(&m);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : "data/examples";
	g_test_add_func("/io-facts/mm", test_mm);
	g_test_add_func("/io-facts/json", test_json);
	return g_test_run();
}
