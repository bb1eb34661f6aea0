/* The I/O paths' facts (comm/io-facts.h): their exact values for matrix
 * multiply at chosen sizes, and their JSON, written and read back. */
#include "base/json-print.h"
#include "comm/io-facts-json.h"
#include "comm/module-code.h"
#include "compute/code-json.h"
#include "testutil.h"

static const char *examples_dir, *kernels_dir;

/* mm.c at i,j with tiles of 16, latency 4 on both space loops and two
 * SIMD lanes along k: a 4 x 4 PE array, 4 x 4 x 4 tiles. */
static const char mm_sizes[] = "{kernel[]->space_time[3];kernel[]->"
			       "array_part[16,16,16];kernel[]->latency[4,4];"
			       "kernel[]->simd[2]}";

/* scan.c (tests/hls/kernels) on i, untiled: 24 PEs. */
static const char scan_sizes[] = "{kernel[]->space_time[0];kernel[]->"
				 "array_part[24,20];kernel[]->latency[1];"
				 "kernel[]->simd[1]}";

typedef struct {
	SyAnalysis *analysis;
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
} Made;

static void make(Made *m, const char *dir, const char *name, guint candidate,
	const char *sizes)
{
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;

	m->analysis = sy_test_example(dir, name, NULL);
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

	make(&m, examples_dir, "mm.c", 3, mm_sizes);
	io = m.design->io;
	g_assert_nonnull(io);
	g_assert_cmpuint(io->n_tile, ==, 3);
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
	/* Cleared with the code. */
	sy_design_clear_code(m.design);
	g_assert_null(m.design->io);
	made_clear(&m);
}

static void assert_moves(
	const SyIoPathFacts *f, guint i, const char *stmt, guint access)
{
	const SyIoMoves *mv = g_ptr_array_index(f->moves, i);

	g_assert_cmpstr(mv->stmt, ==, stmt);
	g_assert_cmpuint(mv->n, ==, 1);
	g_assert_cmpuint(mv->accesses[0], ==, access);
}

/* scan.c on i (tests/hls/kernels): the temporary t passes PE to PE, a
 * chain with no way in (headless) and no DRAM port, over no tiles of
 * its own; A comes in to each of the 24 PEs (its one tile, 20 elements
 * in 5 words of 4), read by S0 and S1 (t[0][j] = A[0][j], then the
 * others). */
static void test_pass(void)
{
	const SyIoPathFacts *a, *t;
	const SyIoFacts *io;
	Made m;

	make(&m, kernels_dir, "scan.c", 0, scan_sizes);
	io = m.design->io;
	g_assert_cmpuint(io->n_tile, ==, 2);
	g_assert_cmpuint(io->paths->len, ==, 3);
	a = g_ptr_array_index(io->paths, 0);
	t = g_ptr_array_index(io->paths, 2);
	g_assert_cmpstr(a->path->prefix, ==, "A");
	g_assert_false(a->path->exterior);
	g_assert_cmpint(a->box[0], ==, 1);
	g_assert_cmpint(a->box[1], ==, 20);
	g_assert_cmpuint(a->pack, ==, 4);
	g_assert_cmpint(a->box_words, ==, 5);
	g_assert_cmpint(a->units, ==, 24);
	g_assert_false(a->headless);
	g_assert_true(a->intra == sy_design_find(m.design, "A_IO_L1_in")->code);
	g_assert_cmpuint(a->moves->len, ==, 2);
	assert_moves(a, 0, "S0", 1);
	assert_moves(a, 1, "S1", 4);
	g_assert_cmpstr(t->path->prefix, ==, "t");
	g_assert_cmpint(t->path->role, ==, SY_PATH_PASS);
	g_assert_true(t->headless);
	/* Its box: the tile's rows and the one before. */
	g_assert_cmpint(t->box[0], ==, 25);
	g_assert_cmpint(t->box[1], ==, 20);
	g_assert_cmpint(t->box_words, ==, 500);
	g_assert_cmpint(t->units, ==, 1);
	g_assert_false(t->ping_pong[0] || t->ping_pong[1]);
	g_assert_null(t->intra);
	g_assert_null(t->drop);
	g_assert_cmpint(t->tiles->kind, ==, SY_CODE_BLOCK);
	g_assert_cmpuint(t->tiles->children->len, ==, 0);
	g_assert_cmpuint(t->moves->len, ==, 2);
	assert_moves(t, 0, "S1", 3);
	assert_moves(t, 1, "S2", 6);
	made_clear(&m);
}

/* trmv.c on k (tests/hls/kernels), untiled: y[i] is final in PE k = i,
 * not the last.  Its way out is a chain between PEs alone (a pass,
 * headless, no DRAM port, its one move S1's read), and every final
 * value leaves its own PE by the interior drain y_drain, which moves
 * both writes (roles: 0 read, 1 drain, 3 pass). */
static void test_made_inside(void)
{
	static const char sizes[] = "{kernel[]->space_time[1];kernel[]->"
				    "array_part[32,32];kernel[]->latency[1];"
				    "kernel[]->simd[1]}";
	GString *paths = g_string_new(NULL);
	g_autofree char *text = NULL;
	const SyIoFacts *io;
	Made m;

	make(&m, kernels_dir, "trmv.c", 1, sizes);
	io = m.design->io;
	for (guint i = 0; i < io->paths->len; i++) {
		const SyIoPathFacts *f = g_ptr_array_index(io->paths, i);

		g_string_append_printf(paths, "%s%s %d %s %s %s %u",
			i ? ", " : "", f->path->prefix, f->path->role,
			f->path->in ? "in" : "out",
			f->path->exterior ? "exterior" : "interior",
			f->headless ? "headless" : "fed", f->moves->len);
	}
	text = g_string_free(paths, FALSE);
	g_assert_cmpstr(text, ==,
		"L 0 in interior fed 1, x 0 in interior fed 1, "
		"y_drain 1 out interior fed 2, y 3 in exterior headless 1");
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
static char *round_trip(SyDesign *design)
{
	g_autofree char *again = NULL;
	char *text = io_json(design);
	SyIoFacts *read, *built = design->io;
	GError *error = NULL;

	read = read_io(design, text, &error);
	g_assert_no_error(error);
	g_assert_cmpuint(read->n_tile, ==, built->n_tile);
	g_assert_cmpuint(read->paths->len, ==, built->paths->len);
	for (guint i = 0; i < read->paths->len; i++) {
		const SyIoPathFacts *r = g_ptr_array_index(read->paths, i);
		const SyIoPathFacts *b = g_ptr_array_index(built->paths, i);

		g_assert_true(r->path == b->path);
		g_assert_true(r->intra == b->intra);
		g_assert_true(r->drop == b->drop);
		g_assert_true(sy_code_is_equal(r->tiles, b->tiles));
	}
	design->io = read;
	again = io_json(design);
	g_assert_cmpstr(again, ==, text);
	design->io = built;
	sy_io_facts_free(read);
	return text;
}

/* text with from replaced by to is refused, with message. */
static void assert_refused(const SyDesign *design, const char *text,
	const char *from, const char *to, const char *message)
{
	g_auto(GStrv) parts = g_strsplit(text, from, 0);
	g_autofree char *bad = g_strjoinv(to, parts);
	GError *error = NULL;

	g_assert_cmpuint(g_strv_length(parts), >, 1);
	g_assert_null(read_io(design, bad, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, message);
	g_clear_error(&error);
}

/* gemm.c on [k], k tiled by 5 (48 padded to 50): C's partial sums
 * cross k's 10 tiles through DRAM, a launch each; C's value from
 * outside (C[i][j] *= beta, its interior way in C_1) enters in k's
 * first tile only, a host's tile loop isl leaves out of the path's
 * tiles: put back as a degenerate loop at 0, so that the module runs
 * every launch and moves data in the first (ast-print.c); the way in
 * along the PEs (C_0) moves the tiles after the first, the interior
 * drain every tile's. */
static void test_launch(void)
{
	static const char *const want[] = {
		"{\"kind\":\"for\",\"iterator\":\"t2\",\"init\":1,"
		"\"cond\":{\"op\":\"le\",\"args\":[\"t2\",9]},"
		"\"inc\":1,\"degenerate\":false,\"trip\":9,"
		"\"pragma\":\"none\",\"body\":{\"kind\":\"user\","
		"\"name\":\"T\",\"args\":[0,0,\"t2\"]}}",
		"{\"kind\":\"for\",\"iterator\":\"t2\",\"init\":0,"
		"\"cond\":{\"op\":\"le\",\"args\":[\"t2\",0]},"
		"\"inc\":1,\"degenerate\":true,\"trip\":1,"
		"\"pragma\":\"none\",\"body\":{\"kind\":\"user\","
		"\"name\":\"T\",\"args\":[0,0,0]}}",
		"{\"kind\":\"for\",\"iterator\":\"t2\",\"init\":0,"
		"\"cond\":{\"op\":\"le\",\"args\":[\"t2\",9]},"
		"\"inc\":1,\"degenerate\":false,\"trip\":10,"
		"\"pragma\":\"none\",\"body\":{\"kind\":\"user\","
		"\"name\":\"T\",\"args\":[0,0,\"t2\"]}}",
	};
	static const char *const prefixes[] = {"C_0", "C_1", "C_drain"};
	static const guint at[] = {0, 3, 4};
	const SyIoFacts *io;
	Made m;

	make(&m, examples_dir, "gemm.c", 2,
		"{kernel[]->space_time[2];kernel[]->array_part[5,64,32];"
		"kernel[]->latency[1,1];kernel[]->simd[1,1]}");
	io = m.design->io;
	g_assert_cmpuint(io->paths->len, ==, 5);
	for (guint i = 0; i < G_N_ELEMENTS(at); i++) {
		const SyIoPathFacts *f = g_ptr_array_index(io->paths, at[i]);
		g_autofree char *tiles = code_text(f->tiles);

		g_assert_cmpstr(f->path->prefix, ==, prefixes[i]);
		g_assert_cmpstr(tiles, ==, want[i]);
	}
	g_free(round_trip(m.design));
	made_clear(&m);
}

static void test_json(void)
{
	Made m, scan;
	g_autofree char *text = NULL;

	make(&scan, kernels_dir, "scan.c", 0, scan_sizes);
	g_free(round_trip(scan.design));
	made_clear(&scan);
	make(&m, examples_dir, "mm.c", 3, mm_sizes);
	text = round_trip(m.design);
	/* Refused, saying where. */
	assert_refused(m.design, text, "\"lanes\" : 2", "\"lanes\" : \"2\"",
		"io/paths/1: \"lanes\" is a string, not an integer");
	assert_refused(m.design, text, "\"A_IO_L2_in\"", "\"A_IO_L9_in\"",
		"io/paths/1: \"intra\" is A_IO_L9_in, not a module of the "
		"design with code");
	assert_refused(m.design, text, "\"along\" : 1", "\"along\" : 2",
		"io/paths/1: \"along\" is 2, not from 0 to 1");
	assert_refused(m.design, text, "\"iterator\" : \"t0\"",
		"\"iterator\" : 0",
		"io/paths/0/tiles: \"iterator\" is an integer, not a string");
	made_clear(&m);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : "data/examples";
	kernels_dir = argc > 2 ? argv[2] : "tests/hls/kernels";
	g_test_add_func("/io-facts/mm", test_mm);
	g_test_add_func("/io-facts/pass", test_pass);
	g_test_add_func("/io-facts/made-inside", test_made_inside);
	g_test_add_func("/io-facts/launch", test_launch);
	g_test_add_func("/io-facts/json", test_json);
	return g_test_run();
}
