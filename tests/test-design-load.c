/* design.json read back (comm/design-load.h): the design.json of every
 * example's export, of every dataflow, and of the backend's memory runs
 * (tests/meson.build) gives the same bytes again through
 * sy_design_from_json and sy_design_to_json; bad files are refused
 * with exact messages, and damaged ones (truncated, every value
 * replaced by one of another type) are refused or read, never crash. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "base/json-load.h"
#include "base/json-print.h"
#include "comm/design-json.h"
#include "comm/design-load.h"
#include "comm/io-plan.h"
#include "project/export.h"

static const char *examples_dir;
static const char *kernels_dir;

static const char *const examples[] = {"conv", "dp", "fir", "gemm", "gemv",
	"lu", "mm", "mm_init", "mttkrp", "trmm", "ttm", "ttmc"};

/* design.json read and written again: the same bytes, an export's with
 * the estimate on its device (u250) computed again from the design read
 * back. */
static void assert_round_trip(const char *text, const char *what)
{
	GError *error = NULL;
	g_autoptr(SyDesign) design = sy_design_from_json_text(text, -1, &error);
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	g_autoptr(JsonNode) root = NULL;
	g_autofree char *again = NULL;

	if (!design)
		g_error("%s: %s", what, error->message);
	g_assert_null(design->array);
	if (design->kernel)
		again = sy_export_design_json(design, device);
	else {
		root = sy_design_to_json(design);
		again = sy_json_print(root);
	}
	if (strcmp(text, again) != 0)
		g_error("%s: design.json written back differs", what);
}

/* The design.json of an export of the file (a path) at space (NULL:
 * candidate) and the sizes of spec ("tile:i=16,j=16 latency:..."); when
 * the backend refuses the design (*refused, may be NULL then), the
 * descriptor as --emit design prints it, without code. */
static char *export_design_json(const char *path, const char *space,
	guint candidate, const char *spec, gboolean *refused)
{
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyChoices) choices = NULL;
	g_autoptr(SyConfig) config = NULL;
	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(SyDevice) device = sy_device_lookup("u250", NULL);
	g_auto(GStrv) stages = g_strsplit(spec ? spec : "", " ", -1);
	SyExportFiles files = {0};
	GError *error = NULL;
	char *json = NULL;

	a = sy_analysis_new_from_file(path, &options, &error);
	g_assert_no_error(error);
	if (space)
		candidate = (guint)sy_config_find_space(a, space, &error);
	g_assert_no_error(error);
	choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, candidate), NULL);
	config = sy_config_new(choices);
	for (guint i = 0; stages[i] && *stages[i]; i++) {
		g_auto(GStrv) kv = g_strsplit(stages[i], ":", 2);

		g_assert_true(sy_config_apply_named(
			config, choices, kv[0], kv[1], &error));
	}
	array = sy_pe_array_new(choices, config, &error);
	g_assert_no_error(error);
	design = sy_design_new(array, NULL, &error);
	g_assert_no_error(error);
	if (!sy_export_files(design, device, &options, &files, &error)) {
		g_autoptr(JsonNode) root = NULL;

		g_assert_nonnull(refused);
		g_assert_error(error, SY_HLS_ERROR, SY_HLS_ERROR_UNSUPPORTED);
		g_clear_error(&error);
		sy_design_clear_code(design);
		root = sy_design_to_json(design);
		*refused = TRUE;
		return sy_json_print(root);
	}
	for (guint i = 0; i < files.paths->len; i++)
		if (g_str_equal(files.paths->pdata[i], "design.json"))
			json = g_strndup(
				g_bytes_get_data(
					files.contents->pdata[i], NULL),
				g_bytes_get_size(files.contents->pdata[i]));
	sy_export_files_clear(&files);
	g_assert_nonnull(json);
	return json;
}

/* Every dataflow of every example, at its default sizes; under
 * valgrind (SYSTOLE_DESIGN_STRIDE) every stride-th of the odd
 * examples. */
static void test_examples(void)
{
	guint stride = sy_test_stride();
	guint exported = 0, refused = 0;

	for (guint e = 0; e < G_N_ELEMENTS(examples); e++) {
		g_autofree char *name = g_strconcat(examples[e], ".c", NULL);
		g_autofree char *path = g_build_filename(
			examples_dir, name, NULL);
		SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};
		g_autoptr(SyAnalysis) a = NULL;

		if (!sy_test_takes_example(e, 1))
			continue;
		a = sy_analysis_new_from_file(path, &options, NULL);
		g_assert_nonnull(a);
		for (guint c = sy_test_first_dataflow(e, a->candidates->len);
			c < a->candidates->len; c += stride) {
			gboolean no = FALSE;
			g_autofree char *json = export_design_json(
				path, NULL, c, NULL, &no);
			g_autofree char *what = g_strdup_printf(
				"%s, dataflow %u", name, c);

			assert_round_trip(json, what);
			exported += !no;
			refused += no;
		}
	}
	g_test_message("%u exports read back, %u refused (their descriptors "
		       "read back)",
		exported, refused);
	g_assert_cmpuint(exported, >, 0);
	if (stride > 1)
		return;
	/* So that a change that refuses more cannot pass unseen. */
	g_assert_cmpuint(exported, ==, 74);
	g_assert_cmpuint(refused, ==, 1);
}

/* The designs of tests/meson.build's export runs: SIMD and latency
 * hiding, a chain of partial sums, temporaries passed PE to PE, a
 * triangle read back, SIMD lanes on a triangular loop; and a kernel
 * whose names the project renames. */
static void test_runs(void)
{
	static const struct {
		gboolean kernel; /* in tests/hls/kernels, else an example */
		const char *file, *space, *spec;
	} runs[] = {
		{FALSE, "mm.c", "i,j",
			"tile:i=16,j=16,k=16 latency:i=8,j=8 simd:k=2"},
		{FALSE, "conv.c", "i", "tile:o=4,r=4,c=4"},
		{TRUE, "gemm_int.c", "i,k", "tile:i=8,j=5"},
		{FALSE, "gemm.c", "i,j", "tile:i=8,j=8 simd:k=4"},
		{FALSE, "lu.c", "i", NULL},
		{TRUE, "tri_k.c", "k", "tile:i=5,j=4"},
		{TRUE, "upper_simd.c", "i,k", "simd:j=4"},
		{TRUE, "names/clash.c", "PE_wrapper", NULL},
		{TRUE, "delay_rows.c", "i", "tile:b=2"},
	};

	for (guint i = 0; i < G_N_ELEMENTS(runs); i++) {
		g_autofree char *path = g_build_filename(
			runs[i].kernel ? kernels_dir : examples_dir,
			runs[i].file, NULL);
		g_autofree char *json = export_design_json(
			path, runs[i].space, 0, runs[i].spec, NULL);

		g_assert_nonnull(json);
		if (g_str_equal(runs[i].file, "names/clash.c"))
			g_assert_nonnull(strstr(json, "\"renamed\""));
		assert_round_trip(json, runs[i].file);
	}
}

/* Bad files */

/* The node at path ("modules/1/count") under root, or NULL. */
static JsonNode *node_at(JsonNode *root, const char *path)
{
	g_auto(GStrv) steps = g_strsplit(path, "/", -1);
	JsonNode *node = root;

	for (guint i = 0; steps[i] && node; i++) {
		guint k = (guint)g_ascii_strtoull(steps[i], NULL, 10);

		if (!JSON_NODE_HOLDS_ARRAY(node))
			node = json_object_get_member(
				json_node_get_object(node), steps[i]);
		else if (k < json_array_get_length(json_node_get_array(node)))
			node = json_array_get_element(
				json_node_get_array(node), k);
		else
			g_error("%s: no element %u", path, k);
	}
	return node;
}

/* A copy of node (a new tree: the original is never changed) with
 * target replaced by with, or left out where with is NULL. */
static JsonNode *copy_with(JsonNode *node, JsonNode *target, JsonNode *with)
{
	JsonNode *copy;

	if (node == target)
		return with ? json_node_copy(with) : NULL;
	if (JSON_NODE_HOLDS_OBJECT(node)) {
		JsonObject *from = json_node_get_object(node);
		JsonObject *o = json_object_new();
		g_autoptr(GList) names = json_object_get_members(from);

		for (GList *l = names; l; l = l->next) {
			JsonNode *child = copy_with(
				json_object_get_member(from, l->data), target,
				with);

			if (child)
				json_object_set_member(o, l->data, child);
		}
		copy = json_node_init_object(json_node_alloc(), o);
		json_object_unref(o);
		return copy;
	}
	if (JSON_NODE_HOLDS_ARRAY(node)) {
		JsonArray *from = json_node_get_array(node);
		JsonArray *a = json_array_new();

		for (guint i = 0; i < json_array_get_length(from); i++) {
			JsonNode *child = copy_with(
				json_array_get_element(from, i), target, with);

			if (child)
				json_array_add_element(a, child);
		}
		copy = json_node_init_array(json_node_alloc(), a);
		json_array_unref(a);
		return copy;
	}
	return json_node_copy(node);
}

static JsonNode *parse(const char *text)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	GError *error = NULL;

	g_assert_true(sy_json_load(parser, text, -1, &error));
	g_assert_no_error(error);
	return json_node_copy(json_parser_get_root(parser));
}

/* The error reading text (an export's design.json) with the member at
 * path set to value (JSON text; NULL: removed). */
static char *error_with(const char *text, const char *path, const char *value)
{
	g_autoptr(JsonNode) root = parse(text);
	g_autoptr(JsonNode) v = value ? parse(value) : NULL;
	JsonNode *node = node_at(root, path);
	g_autoptr(JsonNode) changed = NULL;
	GError *error = NULL;
	char *message;

	if (node)
		changed = copy_with(root, node, v);
	else {
		changed = copy_with(root, NULL, NULL);
		json_object_set_member(
			json_node_get_object(changed), path, json_node_copy(v));
	}
	g_assert_null(sy_design_from_json(changed, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	message = g_strdup(error->message);
	g_error_free(error);
	return message;
}

static char *mm_json(void)
{
	g_autofree char *path = g_build_filename(examples_dir, "mm.c", NULL);

	return export_design_json(path, "i,j", 0, "tile:i=16,j=16,k=16", NULL);
}

/* A delayed read's coordinate names one of the PE's. */
static void test_delay_errors(void)
{
	g_autofree char *path = g_build_filename(
		kernels_dir, "delay_rows.c", NULL);
	g_autofree char *json = export_design_json(path, "i", 0, NULL, NULL);
	g_autofree char *message = error_with(json,
		"pe/facts/statements/1/accesses/1/along", "1");

	g_assert_cmpstr(message, ==,
		"design/pe/facts/statements/1/accesses/1: \"along\" is 1, "
		"not one of the PE's 1 coordinates");
}

static void test_errors(void)
{
	static const struct {
		const char *path, *value, *message;
	} cases[] = {
		{"modules", NULL, "design: no member \"modules\""},
		{"colour", "\"red\"", "design: unknown member \"colour\""},
		{"kernel", "3", "design/kernel: an integer, not a string"},
		{"padded_sizes", "[]",
			"design/padded_sizes: it has 0 integers, not at least "
			"1"},
		{"pe/dims", "[4, 4, 4, 4]",
			"design/pe: \"dims\" has 4 integers, not 1 to 3"},
		{"pe/count", "7",
			"design/pe: \"count\" is 7, not the product of "
			"\"dims\", 256"},
		{"pe/buffers", "[]",
			"design: \"pe\" has other buffers than the first "
			"module, the PE"},
		{"arrays/1/name", "\"C\"",
			"design/arrays/1: \"name\" is \"C\", the name of "
			"another array"},
		{"paths/1/along", "[0, 0]",
			"design/paths/1: \"along\" is all zero, but "
			"\"exterior\" is true"},
		{"paths/1/along", "[0, 1, 0]",
			"design/paths/1: \"along\" has 3 integers, not one per "
			"space loop (2)"},
		{"paths/2/role", "\"carry\"",
			"design/paths/2: \"role\" is \"carry\", not read, "
			"drain, partial or pass"},
		{"modules", "[]", "design/modules: no module, not even the PE"},
		{"modules/0/kind", "\"io\"",
			"design/modules/0: the first module is not the PE "
			"(\"kind\": \"pe\")"},
		{"modules/1/kind", "\"pump\"",
			"design/modules/1: \"kind\" is \"pump\", not pe, io, "
			"drain or dummy"},
		{"modules/1/count", "\"3\"",
			"design/modules/1: \"count\" is a string, not an "
			"integer"},
		{"modules/2/name", "\"C_IO_L3_in\"",
			"design/modules/2: \"name\" is \"C_IO_L3_in\", the "
			"name of another module"},
		{"modules/1/path", "9",
			"design/modules/1: \"path\" is 9, not from 0 to 3"},
		{"modules/1/path", "null",
			"design/modules/1: every module but the PE has an "
			"\"array\" and a \"path\""},
		{"modules/1/array", "\"A\"",
			"design/modules/1: \"array\" is \"A\", but path 0 "
			"moves \"C\""},
		{"modules/1/array", "\"Z\"",
			"design/modules/1: \"array\" is \"Z\", which is not in "
			"\"arrays\""},
		{"modules/4/buffers/0/shape/1", "-2",
			"design/modules/4/buffers/0: element 1 of \"shape\" is "
			"-2, not from 0 to 9223372036854775807"},
		{"modules/1/loops/children/0/trip", "true",
			"design/modules/1/loops/children/0: \"trip\" is a "
			"boolean, not an integer"},
		{"modules/0/params", NULL,
			"design/modules/0: \"code\" and \"params\" go "
			"together"},
		{"modules/0/code/kind", "\"loop\"",
			"design/modules/0/code: \"kind\" is \"loop\", not "
			"block, for, if, mark or user"},
		{"modules/0/params/0/dim", "-1",
			"design/modules/0/params/0: \"dim\" is -1, not from 0 "
			"to 4294967295"},
		{"fifos/0/from", "\"nowhere\"",
			"design/fifos/0: \"from\" is \"nowhere\", which is not "
			"in \"modules\""},
		{"fifos/0/depth", "0",
			"design/fifos/0: \"depth\" is 0, not from 1 to "
			"4294967295"},
		{"dram/0/array", "\"Z\"",
			"design/dram/0: \"array\" is \"Z\", which is not in "
			"\"arrays\""},
		{"dram/0/direction", "\"up\"",
			"design/dram/0: \"direction\" is \"up\", not in or "
			"out"},
		{"renamed", "{\"PE\": 1}",
			"design/renamed: \"PE\" is an integer, not a string"},
		{"estimate", "[1]", "design/estimate: an array, not an object"},
		/* The other parts' facts, in the same words and paths. */
		{"interface/ports/0/direction", "\"up\"",
			"design/interface/ports/0: \"direction\" is \"up\", "
			"not in or out"},
		{"io/paths/1/lanes", "\"2\"",
			"design/io/paths/1: \"lanes\" is a string, not an "
			"integer"},
		{"testbench/0/pack", "0",
			"design/testbench/0: \"pack\" is 0, not from 1 to "
			"4294967295"},
		{"pe/facts/lanes", "true",
			"design/pe/facts: \"lanes\" is a boolean, not an "
			"integer"},
		/* A buffer has its array's dimensions, or one more (its
		 * lanes): not more, which its partition could name. */
		{"pe/facts/buffers/0/size", "[1, 1, 1, 1]",
			"design/pe/facts/buffers/0: \"size\" has 4 dimensions, "
			"not C's 2 (or 3, a copy per lane)"},
	};
	g_autofree char *text = mm_json();
	GError *error = NULL;

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *got = error_with(
			text, cases[i].path, cases[i].value);

		g_assert_cmpstr(got, ==, cases[i].message);
	}
	g_assert_null(sy_design_from_json_text("[]", -1, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, "design: an array, not an object");
	g_clear_error(&error);
	g_assert_null(sy_design_from_json_text("", -1, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, "design: no JSON value");
	g_clear_error(&error);
	/* Nesting as deep as JSON-GLib's parser takes without
	 * overflowing the stack, and one level more. */
	for (guint depth = SY_JSON_MAX_DEPTH; depth <= SY_JSON_MAX_DEPTH + 1;
		depth++) {
		g_autofree char *open = g_strnfill(depth, '[');
		g_autofree char *close = g_strnfill(depth, ']');
		g_autofree char *deep = g_strconcat(open, close, NULL);
		g_autofree char *want = g_strdup_printf(
			"<data>:1:%u: Parse error: nested deeper than %u "
			"objects and arrays",
			SY_JSON_MAX_DEPTH + 1, SY_JSON_MAX_DEPTH);

		g_assert_null(sy_design_from_json_text(deep, -1, &error));
		if (depth == SY_JSON_MAX_DEPTH) {
			g_assert_error(error, SY_DESIGN_ERROR,
				SY_DESIGN_ERROR_INVALID);
			g_assert_cmpstr(error->message, ==,
				"design: an array, not an object");
		} else {
			g_assert_error(error, JSON_PARSER_ERROR,
				JSON_PARSER_ERROR_INVALID_DATA);
			g_assert_cmpstr(error->message, ==, want);
		}
		g_clear_error(&error);
	}
	/* Beyond 64 bits: refused as it is read. */
	g_assert_null(sy_design_from_json_text(
		"{\"candidate\": 18446744073709551616}", -1, &error));
	g_assert_error(
		error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_INVALID_DATA);
	g_clear_error(&error);
}

/* Every node of root in order, root first. */
static void collect(JsonNode *node, GPtrArray *nodes)
{
	g_ptr_array_add(nodes, node);
	if (JSON_NODE_HOLDS_OBJECT(node)) {
		g_autoptr(GList) members = json_object_get_values(
			json_node_get_object(node));

		for (GList *l = members; l; l = l->next)
			collect(l->data, nodes);
	} else if (JSON_NODE_HOLDS_ARRAY(node)) {
		JsonArray *a = json_node_get_array(node);

		for (guint i = 0; i < json_array_get_length(a); i++)
			collect(json_array_get_element(a, i), nodes);
	}
}

/* Read, a design writes itself; refused, it says where. */
static void load_or_refuse(JsonNode *root, guint *loaded)
{
	GError *error = NULL;
	SyDesign *design = sy_design_from_json(root, &error);

	if (design) {
		g_autoptr(JsonNode) again = sy_design_to_json(design);

		sy_design_free(design);
		(*loaded)++;
		return;
	}
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_true(g_str_has_prefix(error->message, "design"));
	g_error_free(error);
}

/* mm's design.json truncated anywhere, and with every value replaced
 * by one of another type: refused or read, never a crash. */
static void test_damaged(void)
{
	static const char *const values[] = {"null", "\"x\"", "-1", "[]"};
	/* Under valgrind every stride-th node, all values in turn. */
	guint stride = sy_test_stride();
	g_autofree char *text = mm_json();
	g_autoptr(JsonNode) root = parse(text);
	g_autoptr(GPtrArray) nodes = g_ptr_array_new();
	gsize len = strlen(text);
	guint loaded = 0;

	for (guint k = 1; k < 64; k++) {
		GError *error = NULL;

		g_assert_null(sy_design_from_json_text(
			text, (gssize)(len * k / 64), &error));
		g_assert_nonnull(error);
		g_error_free(error);
	}
	collect(root, nodes);
	/* One value for each node, in turn (i / stride: at a stride of
	 * 12, i % 4 would give every node the same). */
	for (guint i = 1; i < nodes->len; i += stride) {
		g_autoptr(JsonNode) other = parse(
			values[i / stride % G_N_ELEMENTS(values)]);
		g_autoptr(JsonNode)
			changed = copy_with(root, nodes->pdata[i], other);

		load_or_refuse(changed, &loaded);
	}
	/* 3142 before the statement's "instances": one more node; 3143
	 * before the export's "estimate" (399 nodes); 3542 before its SLR's
	 * "available" and "budget" (6 nodes each); 3554 before the
	 * interface's "launch" and the estimate's "launches". */
	g_assert_cmpuint(nodes->len, ==, 3556);
	if (stride > 1)
		return;
	/* Read anyway: values nothing checks further ("x" for a name the
	 * design only keeps, -1 where a number may be negative, [] for
	 * children or buffers, an expression for an operation).  376
	 * before "instances": the new node shifts the value every later
	 * node gets (i % 4), so other nodes get -1 or [].  368 before
	 * "estimate", which is read as an object and not kept: what is
	 * in it is not checked, so 398 of its nodes more are read (410
	 * with the SLR's "available" and "budget"); 778 before the
	 * estimate's "launches" and the interface's "launch", which the
	 * value that node gets ([]: no launch of the host's) leaves
	 * whole. */
	g_assert_cmpuint(loaded, ==, 780);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	if (argc != 3)
		g_error("usage: test-design-load EXAMPLES_DIR KERNELS_DIR");
	examples_dir = argv[1];
	kernels_dir = argv[2];
	g_test_add_func("/design-load/examples", test_examples);
	g_test_add_func("/design-load/runs", test_runs);
	g_test_add_func("/design-load/errors", test_errors);
	g_test_add_func("/design-load/delay-errors", test_delay_errors);
	g_test_add_func("/design-load/damaged", test_damaged);
	return g_test_run();
}
