/* The testbench's facts (comm/tb-facts.h): what the generated testbench
 * prints per DRAM path of matrix multiply (boxes, packing, the
 * loops over the boxes with their offsets and copy-out conditions), on
 * a padded design and one whose partial results are written out and
 * read back, and their JSON both ways. */
#include <string.h>

#include "comm/design-json.h"
#include "comm/module-code.h"
#include "comm/tb-facts-json.h"
#include "compute/ast-print.h"
#include "project/export.h"
#include "model/device.h"
#include "testutil.h"

static const char *examples_dir;

/* A design of mm.c with its code, and what it stands on. */
typedef struct {
	SyAnalysis *analysis;
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
} Made;

static void make(Made *m, guint candidate, const char *sizes)
{
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;

	m->analysis = sy_test_example(examples_dir, "mm.c", NULL);
	m->choices = sy_choices_new(m->analysis,
		g_ptr_array_index(m->analysis->candidates, candidate), NULL);
	cfg = sy_config_new(m->choices);
	g_assert_true(sy_config_apply_sa_sizes(cfg, m->choices, sizes, &error));
	m->array = sy_pe_array_new(m->choices, cfg, &error);
	g_assert_no_error(error);
	m->design = sy_design_new(m->array, NULL, &error);
	g_assert_no_error(error);
	g_assert_null(m->design->tb);
	g_assert_true(sy_design_build_code(m->design, &error));
	g_assert_no_error(error);
	g_assert_nonnull(m->design->tb);
}

static void made_clear(Made *m)
{
	sy_design_free(m->design);
	sy_pe_array_free(m->array);
	sy_choices_free(m->choices);
	sy_analysis_free(m->analysis);
}

/* A box's statement as "U(offset, ...; condition)", "-" for none. */
static void print_box(SyAstPrinter *p, const SyCode *stmt, gpointer data)
{
	const SyTbPath *tp = data;

	g_string_append_printf(p->out, "%s(", stmt->name);
	for (guint k = 0; k < stmt->args->len; k++) {
		if (k)
			g_string_append(p->out, k == tp->n_dims ? "; " : ", ");
		if (stmt->args->pdata[k])
			sy_ast_print_expr(p, p->out, stmt->args->pdata[k],
				SY_AST_PREC_ANY);
		else
			g_string_append(p->out, "-");
	}
	g_string_append(p->out, ");\n");
}

/* A path's facts in one line, its loops after it. */
static char *path_text(const SyTbPath *tp)
{
	static const SyAstHooks hooks = {print_box, FALSE};
	GString *out = g_string_new(NULL);
	SyAstPrinter p;

	g_string_append_printf(out,
		"%s %s %s: box", tp->path->prefix,
		tp->path->in ? "in" : "out", tp->path->array->name);
	for (guint d = 0; d < tp->n_dims; d++)
		g_string_append_printf(
			out, "%s%" G_GINT64_FORMAT, d ? "x" : " ", tp->box[d]);
	g_string_append_printf(out, ", %u per word, %" G_GINT64_FORMAT
		" words a box\n", tp->pack, tp->box_words);
	sy_ast_printer_init(&p, "", "  ", "int", &hooks, (gpointer)tp);
	sy_ast_print_node(&p, tp->loops);
	g_string_append(out, p.out->str);
	sy_ast_printer_clear(&p);
	return g_string_free(out, FALSE);
}

static void assert_facts(const SyTbFacts *tb, const char *const *want)
{
	guint n = 0;

	while (want[n])
		n++;
	g_assert_cmpuint(tb->paths->len, ==, n);
	for (guint i = 0; i < n; i++) {
		g_autofree char *text = path_text(
			g_ptr_array_index(tb->paths, i));

		g_assert_cmpstr(text, ==, want[i]);
	}
}

/* The design's JSON as text, and its "testbench" member. */
static char *json_text(JsonNode *node)
{
	g_autoptr(JsonGenerator) gen = json_generator_new();

	json_generator_set_root(gen, node);
	return json_generator_to_data(gen, NULL);
}

/* design.json's facts read back are the same facts, and write the same
 * JSON. */
static void assert_round_trip(const SyDesign *design)
{
	g_autoptr(JsonNode) root = sy_design_to_json(design);
	JsonNode *node = json_object_get_member(
		json_node_get_object(root), "testbench");
	g_autoptr(SyTbFacts) back = NULL;
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) again = NULL;
	g_autofree char *want = json_text(node), *got = NULL;
	GError *error = NULL;

	back = sy_tb_facts_from_json(node, design, &error);
	g_assert_no_error(error);
	g_assert_true(sy_tb_facts_is_equal(back, design->tb));
	json_builder_begin_object(b);
	sy_tb_facts_add_json(b, back);
	json_builder_end_object(b);
	again = json_builder_get_root(b);
	got = json_text(json_object_get_member(
		json_node_get_object(again), "testbench"));
	g_assert_cmpstr(got, ==, want);
}

/* Matrix multiply on 4x4 PEs over i and j, tiles of 16, latency 4:
 * C comes in and drains out in boxes of 4x4 per PE (interior paths:
 * chains along j, then their PEs), A and B in boxes of 4x16 per line;
 * what the drain writes back stays in its tile. */
static void test_mm(void)
{
	static const char *const want[] = {
		"C in C: box 4x4, 4 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    for (int c3 = 0; c3 <= 3; c3++)\n"
		"      for (int c4 = 0; c4 <= 3; c4++)\n"
		"        U(16 * c0 + 4 * c4, 16 * c1 + 4 * c3);\n",
		"A in A: box 4x16, 16 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    for (int c2 = 0; c2 <= 3; c2++)\n"
		"      for (int c3 = 0; c3 <= 3; c3++)\n"
		"        U(16 * c0 + 4 * c3, 16 * c2);\n",
		"B in B: box 4x16, 16 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    for (int c2 = 0; c2 <= 3; c2++)\n"
		"      for (int c3 = 0; c3 <= 3; c3++)\n"
		"        U(16 * c1 + 4 * c3, 16 * c2);\n",
		"C_drain out C: box 4x4, 4 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    for (int c3 = 0; c3 <= 3; c3++)\n"
		"      for (int c4 = 0; c4 <= 3; c4++)\n"
		"        U(16 * c0 + 4 * c4, 16 * c1 + 4 * c3; sy_a0 >= 16 * c0 && "
		"16 * c0 + 15 >= sy_a0 && sy_a1 >= 16 * c1 && "
		"16 * c1 + 15 >= sy_a1);\n",
		NULL};
	Made m;

	make(&m, 3,
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[4,4];kernel[]->simd[2]}");
	assert_facts(m.design->tb, want);
	assert_round_trip(m.design);
	made_clear(&m);
}

/* Tiles of 20x24 on the 64x64 arrays: the last tiles reach beyond
 * them (padded to 80x72), and only the elements inside come back. */
static void test_padded(void)
{
	static const char *const want[] = {
		"C in C: box 4x8, 8 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 2; c1++)\n"
		"    for (int c3 = 0; c3 <= 2; c3++)\n"
		"      for (int c4 = 0; c4 <= 4; c4++)\n"
		"        U(20 * c0 + 4 * c4, 24 * c1 + 8 * c3);\n",
		"A in A: box 4x16, 16 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 2; c1++)\n"
		"    for (int c2 = 0; c2 <= 3; c2++)\n"
		"      for (int c3 = 0; c3 <= 4; c3++)\n"
		"        U(20 * c0 + 4 * c3, 16 * c2);\n",
		"B in B: box 8x16, 16 per word, 8 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 2; c1++)\n"
		"    for (int c2 = 0; c2 <= 3; c2++)\n"
		"      for (int c3 = 0; c3 <= 2; c3++)\n"
		"        U(24 * c1 + 8 * c3, 16 * c2);\n",
		"C_drain out C: box 4x8, 8 per word, 4 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 2; c1++)\n"
		"    for (int c3 = 0; c3 <= 2; c3++)\n"
		"      for (int c4 = 0; c4 <= 4; c4++)\n"
		"        U(20 * c0 + 4 * c4, 24 * c1 + 8 * c3; sy_a0 <= 63 && "
		"sy_a1 <= 63 && sy_a0 >= 20 * c0 && 20 * c0 + 19 >= sy_a0 && "
		"sy_a1 >= 24 * c1 && 24 * c1 + 23 >= sy_a1);\n",
		NULL};
	Made m;

	make(&m, 3,
		"{kernel[]->space_time[3];kernel[]->array_part[20,24,16];"
		"kernel[]->latency[4,8];kernel[]->simd[1]}");
	assert_facts(m.design->tb, want);
	assert_round_trip(m.design);
	made_clear(&m);
}

/* Matrix multiply on 4 PEs over k: partial sums of C leave the PEs
 * between tiles and come back (C in, C_out): everything read back is
 * written, but for the elements below the array's start. */
static void test_partial(void)
{
	static const char *const want[] = {
		"C in C: box 16x16, 16 per word, 16 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    U(16 * c0, 16 * c1);\n",
		"A in A: box 16x1, 1 per word, 16 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    for (int c3 = 0; c3 <= 63; c3++)\n"
		"      U(16 * c0, c3);\n",
		"B in B: box 16x1, 1 per word, 16 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    for (int c3 = 0; c3 <= 63; c3++)\n"
		"      U(16 * c1, c3);\n",
		"C out C: box 16x16, 16 per word, 16 words a box\n"
		"for (int c0 = 0; c0 <= 3; c0++)\n"
		"  for (int c1 = 0; c1 <= 3; c1++)\n"
		"    U(16 * c0, 16 * c1; sy_a0 >= 0 && sy_a1 >= 0);\n",
		NULL};
	Made m;

	make(&m, 2,
		"{kernel[]->space_time[2];kernel[]->array_part[64,16,16];"
		"kernel[]->latency[1,1];kernel[]->simd[1,1]}");
	assert_facts(m.design->tb, want);
	assert_round_trip(m.design);
	made_clear(&m);
}

/* design.json's facts, path i's object (-1: the array), changed by
 * change, must be refused with the message want. */
static void assert_refused(const SyDesign *design, int i,
	void (*change)(JsonObject *o, JsonArray *paths), const char *want)
{
	g_autoptr(JsonNode) root = sy_design_to_json(design);
	JsonNode *node = json_object_get_member(
		json_node_get_object(root), "testbench");
	JsonArray *paths = json_node_get_array(node);
	GError *error = NULL;

	change(i >= 0 ? json_array_get_object_element(paths, (guint)i) : NULL,
		paths);
	g_assert_null(sy_tb_facts_from_json(node, design, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, want);
	g_clear_error(&error);
}

static void wrong_words(JsonObject *o, JsonArray *paths)
{
	(void)paths;
	json_object_set_int_member(o, "box_words", 5);
}

static void other_prefix(JsonObject *o, JsonArray *paths)
{
	(void)paths;
	json_object_set_string_member(o, "prefix", "D");
}

static void sideways(JsonObject *o, JsonArray *paths)
{
	(void)paths;
	json_object_set_string_member(o, "direction", "sideways");
}

static void other_array(JsonObject *o, JsonArray *paths)
{
	(void)paths;
	json_object_set_string_member(o, "array", "A");
}

static void extra_member(JsonObject *o, JsonArray *paths)
{
	(void)paths;
	json_object_set_int_member(o, "x", 1);
}

static void short_box(JsonObject *o, JsonArray *paths)
{
	JsonArray *box = json_array_new();

	(void)paths;
	json_array_add_int_element(box, 4);
	json_object_set_array_member(o, "box", box);
}

/* The loops of path 0 (a path in: no condition) on path 3 (out). */
static void loops_of_in(JsonObject *o, JsonArray *paths)
{
	json_object_set_member(o, "loops",
		json_node_copy(json_object_get_member(
			json_array_get_object_element(paths, 0), "loops")));
}

static void not_code(JsonObject *o, JsonArray *paths)
{
	(void)paths;
	json_object_set_int_member(o, "loops", 3);
}

static void not_object(JsonObject *o, JsonArray *paths)
{
	(void)o;
	json_array_remove_element(paths, 1);
	json_array_add_int_element(paths, 7);
}

/* What reading refuses, and where it says it is. */
static void test_json_refused(void)
{
	Made m;

	make(&m, 3,
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[4,4];kernel[]->simd[2]}");
	assert_refused(m.design, 0, wrong_words,
		"testbench/0: \"box_words\" is not the 16 elements of a box "
		"in words of 4");
	assert_refused(m.design, 1, other_prefix,
		"testbench/1: the design has no path D in");
	assert_refused(m.design, 0, sideways,
		"testbench/0: \"direction\" is \"sideways\", not in or out");
	assert_refused(m.design, 0, other_array,
		"testbench/0: path C in carries C, not A");
	assert_refused(m.design, 2, extra_member,
		"testbench/2: unknown member \"x\"");
	assert_refused(m.design, 0, short_box,
		"testbench/0: \"box\" has 1 integer, not 2");
	assert_refused(m.design, 3, loops_of_in,
		"testbench/3: \"loops\" has a statement without 2 offsets "
		"and a condition as arguments");
	assert_refused(m.design, 1, not_code,
		"testbench/1: \"loops\": code: an integer is not a node (an "
		"object)");
	assert_refused(m.design, -1, not_object,
		"testbench/3: an integer, not an object");
	made_clear(&m);
}

/* The testbench of an export (src/testbench.cpp). */
static char *testbench(SyDesign *design)
{
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	SyExportFiles files = {0};
	GError *error = NULL;
	char *text = NULL;

	g_assert_true(sy_export_files(design, device, NULL, &files, &error));
	g_assert_no_error(error);
	for (guint i = 0; i < files.paths->len; i++)
		if (g_str_equal(g_ptr_array_index(files.paths, i),
			    "src/testbench.cpp"))
			text = g_strndup(g_bytes_get_data(
						 files.contents->pdata[i], NULL),
				g_bytes_get_size(files.contents->pdata[i]));
	sy_export_files_clear(&files);
	g_assert_nonnull(text);
	return text;
}

/* The testbench printed from facts read back from design.json is the
 * one printed from the facts built (the export keeps the design's code
 * and facts): partial results read back (C_out), a padded drain. */
static void test_printed_from_json(void)
{
	static const char *const sizes[] = {
		"{kernel[]->space_time[2];kernel[]->array_part[64,16,16];"
		"kernel[]->latency[1,1];kernel[]->simd[1,1]}",
		"{kernel[]->space_time[3];kernel[]->array_part[20,24,16];"
		"kernel[]->latency[4,8];kernel[]->simd[1]}"};
	static const guint candidates[] = {2, 3};

	for (guint k = 0; k < G_N_ELEMENTS(sizes); k++) {
		g_autofree char *built = NULL, *read = NULL;
		g_autoptr(JsonNode) root = NULL;
		GError *error = NULL;
		SyTbFacts *back;
		Made m;

		make(&m, candidates[k], sizes[k]);
		built = testbench(m.design);
		root = sy_design_to_json(m.design);
		back = sy_tb_facts_from_json(
			json_object_get_member(
				json_node_get_object(root), "testbench"),
			m.design, &error);
		g_assert_no_error(error);
		sy_tb_facts_free(m.design->tb);
		m.design->tb = back;
		read = testbench(m.design);
		g_assert_true(m.design->tb == back);
		g_assert_cmpstr(read, ==, built);
		g_assert_nonnull(strstr(read, k ? "if (sy_a0 <= 63 && "
						  : "if (sy_a0 >= 0 && "));
		made_clear(&m);
	}
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	examples_dir = argc > 1 ? argv[1] : "data/examples";
	g_test_add_func("/tb-facts/mm", test_mm);
	g_test_add_func("/tb-facts/padded", test_padded);
	g_test_add_func("/tb-facts/partial", test_partial);
	g_test_add_func("/tb-facts/json-refused", test_json_refused);
	g_test_add_func(
		"/tb-facts/printed-from-json", test_printed_from_json);
	return g_test_run();
}
