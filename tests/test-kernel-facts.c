/* The kernel's interface as plain data (comm/design-kernel.h), built by
 * sy_design_complete: exact values on small kernels (the SCoP in a
 * function with a scalar argument, a global, a renamed identifier, a
 * pointer passed null and -D options; the SCoP in main with a C keyword
 * C++ spells otherwise; a header the project moves) and on mm.c of the
 * examples; the refusals that come before any printing; the JSON
 * written and read back to the same text, a path that is not UTF-8
 * kept byte for byte; and the reader's errors.
 *
 * Argument: the examples folder. */
#include <string.h>

#include <glib/gstdio.h>

#include "base/json-print.h"
#include "comm/design-kernel-json.h"
#include "comm/kernel-facts.h"

static const char *examples_dir;

/* x[i] += delete * A[i][j] * g[j]: "delete" is a C++ keyword. */
static const char *const in_function =
	"#define N 8\n"
	"float g[N];\n"
	"void f(float A[N][N], float x[N], float delete, int *unused)\n"
	"{\n"
	"\tint i, j;\n"
	"#pragma scop\n"
	"\tfor (i = 0; i < N; i++)\n"
	"\t\tfor (j = 0; j < N; j++)\n"
	"\t\t\tx[i] = x[i] + delete * A[i][j] * g[j];\n"
	"#pragma endscop\n"
	"}\n";

static const char *const in_main =
	"/* ok */\n"
	"_Bool done;\n"
	"int main(void)\n"
	"{\n"
	"    static int a[4][4], b[4][4];\n"
	"#pragma scop\n"
	"    for (int i = 0; i < 4; i++)\n"
	"        for (int j = 0; j < 4; j++)\n"
	"            b[i][j] = 2 * a[i][j];\n"
	"#pragma endscop\n"
	"    done = 1;\n"
	"    return b[3][3] == 0 ? 0 : 1;\n"
	"}\n";

/* A design, everything it stands on and the names its project gives:
 * what sy_design_complete takes. */
typedef struct {
	SyAnalysis *a;
	SyChoices *choices;
	SyPeArray *array;
	SyDesign *design;
	SyNames *names;
} Made;

static void made_clear(Made *m)
{
	sy_names_free(m->names);
	sy_design_free(m->design);
	sy_pe_array_free(m->array);
	sy_choices_free(m->choices);
	sy_analysis_free(m->a);
}

/* The design of dataflow candidate of a (taken) at sizes (NULL: the
 * defaults), named for a project that takes the file names taken. */
static void build(Made *m, SyAnalysis *a, guint candidate, const char *sizes,
	const char *const *taken)
{
	g_autoptr(SyConfig) cfg = NULL;
	GError *error = NULL;

	m->a = a;
	m->choices = sy_choices_new(
		a, g_ptr_array_index(a->candidates, candidate), NULL);
	cfg = sy_config_new(m->choices);
	if (sizes)
		g_assert_true(sy_config_apply_sa_sizes(
			cfg, m->choices, sizes, &error));
	g_assert_no_error(error);
	m->array = sy_pe_array_new(m->choices, cfg, &error);
	g_assert_no_error(error);
	m->design = sy_design_new(m->array, NULL, &error);
	g_assert_no_error(error);
	m->names = sy_names_new(a->scop);
	sy_names_place_headers(m->names, NULL, taken);
}

static void make(Made *m, const char *path, const char *text,
	const char *const *defines, guint candidate, const char *sizes)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	SyAnalysisOptions options = {defines, NULL, 0, 0, FALSE};
	GError *error = NULL;
	SyAnalysis *a;

	a = sy_analysis_new_from_data(path, text, -1, &options, &error);
	g_assert_no_error(error);
	build(m, a, candidate, sizes, taken);
	g_assert_true(
		sy_design_complete(m->design, m->names, &options, &error));
	g_assert_no_error(error);
	g_assert_nonnull(m->design->kernel);
	/* The modules' code came with it. */
	g_assert_nonnull(m->design->pe->code);
}

/* A design sy_design_complete refuses with message: no interface, no
 * code. */
static void assert_incomplete(const char *text, const char *sizes,
	const char *message)
{
	static const char *const taken[] = {NULL};
	Made m = {0};
	GError *error = NULL;
	SyAnalysis *a;

	a = sy_analysis_new_from_data("r.c", text, -1, NULL, &error);
	g_assert_no_error(error);
	build(&m, a, 0, sizes, taken);
	g_assert_false(sy_design_complete(m.design, m.names, NULL, &error));
	g_assert_error(error, SY_HLS_ERROR, SY_HLS_ERROR_UNSUPPORTED);
	g_assert_cmpstr(error->message, ==, message);
	g_error_free(error);
	g_assert_null(m.design->kernel);
	made_clear(&m);
}

/* What the backend refuses beyond sy_hls_model_new's rules, before any
 * printing: a vector of lanes wider than ap_uint holds, a function a
 * generated main cannot call. */
static void test_refusals(void)
{
	assert_incomplete("double A[8][128], x[128], y[8];\n"
			  "void rowdot(void)\n{\n#pragma scop\n"
			  "    for (int i = 0; i < 8; i++) {\n"
			  "        y[i] = 0;\n"
			  "        for (int k = 0; k < 128; k++)\n"
			  "            y[i] += A[i][k] * x[k];\n"
			  "    }\n#pragma endscop\n}\n",
		"{kernel[]->space_time[0];kernel[]->array_part[8,128];"
		"kernel[]->latency[1];kernel[]->simd[128]}",
		"SIMD on 'k' moves 128 lanes of A at once, a word of 8192 "
		"bits; Vitis HLS's ap_uint holds at most 4096 (AP_INT_MAX_W): "
		"use --simd k=64 or less");
	assert_incomplete("struct options {\n    int verbose;\n};\n"
			  "float y[32], x[32];\n"
			  "void scale(float s, const struct options *opt)\n"
			  "{\n#pragma scop\n"
			  "    for (int i = 0; i < 32; i++)\n"
			  "        y[i] = s * x[i];\n#pragma endscop\n}\n",
		"{kernel[]->space_time[0];kernel[]->array_part[32];"
		"kernel[]->latency[1];kernel[]->simd[]}",
		"the testbench calls scale() from a generated main, but its "
		"parameters could not be read; put the SCoP in main(), where "
		"your own check decides, or give scale() parameters of scalar "
		"and array types");
}

static void assert_array(const SyDesignKernel *k, guint i, const char *name,
	const char *id, const char *dims, gboolean read, gboolean written,
	gboolean global)
{
	const SyDesignArray *x = g_ptr_array_index(k->arrays, i);
	GString *shape = g_string_new(NULL);

	for (guint d = 0; d < x->n_dims; d++)
		g_string_append_printf(shape, "[%" G_GINT64_FORMAT "]",
			x->dims[d]);
	g_assert_cmpstr(x->name, ==, name);
	g_assert_cmpstr(x->id, ==, id);
	g_assert_cmpstr(shape->str, ==, dims);
	g_assert_false(x->local);
	g_assert_cmpint(x->read, ==, read);
	g_assert_cmpint(x->written, ==, written);
	g_assert_cmpint(x->global, ==, global);
	g_string_free(shape, TRUE);
}

static void assert_port(const SyDesignKernel *k, guint i, const char *name,
	gboolean in, guint array, guint pack, gint64 words)
{
	const SyDesignPort *port = g_ptr_array_index(k->ports, i);

	g_assert_cmpstr(port->name, ==, name);
	g_assert_cmpstr(port->stem, ==, name);
	g_assert_true(port->declares);
	g_assert_cmpint(port->in, ==, in);
	g_assert_cmpuint(port->array, ==, array);
	g_assert_cmpuint(port->pack, ==, pack);
	g_assert_cmpint(port->words, ==, words);
}

static void assert_param(const SyDesignKernel *k, guint i, const char *name,
	const char *ctype, guint n_dims, gboolean passes_null,
	gboolean written)
{
	const SyDesignParam *v = g_ptr_array_index(k->params, i);

	g_assert_cmpstr(v->name, ==, name);
	g_assert_cmpstr(v->ctype, ==, ctype);
	g_assert_cmpuint(v->n_dims, ==, n_dims);
	g_assert_cmpint(v->passes_null, ==, passes_null);
	g_assert_cmpint(v->written, ==, written);
}

/* The file's functions a statement calls, and those they call, in the
 * file's order, as written with the project's names (new is a C++
 * keyword); neither one nobody calls nor a declaration. */
static void test_calls(void)
{
	static const char text[] =
		"static int twice(int v) { return 2 * v; }\n"
		"static int unused(int v) { return v; }\n"
		"int declared(int v);\n"
		"static int new(int v)\n{\n    return twice(v) + 1;\n}\n"
		"void f(int a[4][4], int b[4][4])\n{\n"
		"#pragma scop\n"
		"    for (int i = 0; i < 4; i++)\n"
		"        for (int j = 0; j < 4; j++)\n"
		"            b[i][j] = new(a[i][j]);\n"
		"#pragma endscop\n}\n";
	Made m = {0};
	const SyDesignKernel *k;
	const SyDesignFunction *fn;

	make(&m, "c.c", text, NULL, 0, NULL);
	k = m.design->kernel;
	g_assert_cmpuint(k->functions->len, ==, 2);
	fn = g_ptr_array_index(k->functions, 0);
	g_assert_cmpstr(fn->name, ==, "twice");
	g_assert_cmpstr(
		fn->text, ==, "static int twice(int v) { return 2 * v; }");
	fn = g_ptr_array_index(k->functions, 1);
	g_assert_cmpstr(fn->name, ==, "new");
	g_assert_cmpstr(fn->text, ==,
		"static int sy_user_new(int v)\n{\n    return twice(v) + "
		"1;\n}");
	made_clear(&m);
}

static void test_function(void)
{
	static const char *const defines[] = {"M=3", "P(a)=a\\\nb", NULL};
	Made m = {0};
	const SyDesignKernel *k;
	const SyDesignDefine *d;
	const SyDesignParam *v;
	g_autoptr(GPtrArray) args = NULL;

	make(&m, "f.c", in_function, defines, 0,
		"{kernel[]->space_time[0];kernel[]->array_part[4,4];"
		"kernel[]->latency[1];kernel[]->simd[1]}");
	k = m.design->kernel;
	g_assert_cmpstr(k->source, ==, "f.c");
	g_assert_cmpstr(k->function, ==, "f");
	g_assert_cmpstr(k->function_id, ==, "f");
	g_assert_true(k->params_known);
	g_assert_cmpuint(k->params->len, ==, 4);
	assert_param(k, 0, "A", "float", 2, FALSE, FALSE);
	assert_param(k, 1, "x", "float", 1, FALSE, TRUE);
	assert_param(k, 2, "delete", "float", 0, FALSE, FALSE);
	assert_param(k, 3, "unused", "int", 0, TRUE, FALSE);
	v = g_ptr_array_index(k->params, 0);
	g_assert_cmpint(v->dims[0], ==, 8);
	g_assert_cmpint(v->dims[1], ==, 8);
	g_assert_false(v->integer);
	g_assert_true(((SyDesignParam *)g_ptr_array_index(k->params, 3))
			      ->integer);
	g_assert_cmpuint(k->arrays->len, ==, 4);
	assert_array(k, 0, "x", "x", "[8]", TRUE, TRUE, FALSE);
	assert_array(k, 1, "delete", "sy_user_delete", "", TRUE, FALSE, FALSE);
	assert_array(k, 2, "A", "A", "[8][8]", TRUE, FALSE, FALSE);
	assert_array(k, 3, "g", "g", "[8]", TRUE, FALSE, TRUE);
	for (guint i = 0; i < k->arrays->len; i++) {
		const SyDesignArray *x = g_ptr_array_index(k->arrays, i);

		g_assert_cmpstr(x->ctype, ==, "float");
		g_assert_cmpuint(x->bits, ==, 32);
		g_assert_false(x->integer);
	}
	/* The one scalar the kernel only reads is its argument. */
	args = sy_design_kernel_arguments(k);
	g_assert_cmpuint(args->len, ==, 1);
	g_assert_true(args->pdata[0] == k->arrays->pdata[1]);
	g_assert_cmpuint(k->grid->n_space, ==, 1);
	g_assert_cmpint(k->grid->pe[0], ==, 4);
	g_assert_cmpint(k->grid->count, ==, 4);
	g_assert_cmpint(k->grid->simd, ==, 1);
	g_assert_cmpstr(k->grid->sizes, ==,
		"{kernel[]->space_time[0];kernel[]->array_part[4,4];"
		"kernel[]->latency[1];kernel[]->simd[1]}");
	g_assert_cmpstr(k->flags, ==,
		"-D M=3 -D 'P(a)=a\\\nb' --space i --tile i=4,j=4");
	g_assert_cmpuint(k->ports->len, ==, 4);
	assert_port(k, 0, "x", TRUE, 0, 1, 8);
	assert_port(k, 1, "A", TRUE, 2, 4, 16);
	assert_port(k, 2, "g", TRUE, 3, 4, 4);
	assert_port(k, 3, "x_drain", FALSE, 0, 1, 8);
	g_assert_cmpuint(k->widest_word, ==, 128);
	g_assert_cmpstr(k->keywords, ==, "");
	g_assert_cmpuint(k->renamed->len, ==, 1);
	g_assert_cmpstr(((SyDesignRename *)k->renamed->pdata[0])->user, ==,
		"delete");
	g_assert_cmpstr(((SyDesignRename *)k->renamed->pdata[0])->id, ==,
		"sy_user_delete");
	g_assert_cmpstr(((SyDesignRename *)k->renamed->pdata[0])->why, ==,
		"a C++ keyword");
	g_assert_cmpuint(k->headers->len, ==, 0);
	g_assert_cmpuint(k->defines->len, ==, 2);
	d = g_ptr_array_index(k->defines, 0);
	g_assert_cmpstr(d->id, ==, "M");
	g_assert_cmpstr(d->params, ==, "");
	g_assert_cmpstr(d->value, ==, "3");
	/* A value's first line only. */
	d = g_ptr_array_index(k->defines, 1);
	g_assert_cmpstr(d->id, ==, "P");
	g_assert_cmpstr(d->params, ==, "(a)");
	g_assert_cmpstr(d->value, ==, "a\\");
	/* The check block around the systolic version, in the user's
	 * function with the project's names. */
	g_assert_false(k->testbench.in_main);
	g_assert_cmpstr(k->testbench.indent, ==, "\t\t");
	g_assert_cmpstr(k->testbench.unit, ==, "\t");
	g_assert_true(g_str_has_prefix(k->testbench.before,
		"#define N 8\nfloat g[N];\nvoid f(float A[N][N], float x[N], "
		"float sy_user_delete, int *unused)\n{\n\tint i, j;\n\t/* "
		"Systole check: the original SCoP, then 1 transformed "));
	g_assert_true(g_str_has_suffix(k->testbench.before,
		"\t\t    ((unsigned char *)x)[sy_k] = ((const unsigned char "
		"*)sy_in_x)[sy_k];\n"));
	g_assert_true(g_str_has_prefix(k->testbench.after,
		"\t\tsy_variant = \"0: {kernel[]->space_time[0];kernel[]->"
		"array_part[4,4];kernel[]->latency[1];kernel[]->simd[1]}\";\n"));
	g_assert_true(g_str_has_suffix(k->testbench.after,
		"\t\tprintf(\"Systole check: passed (1 version)\\n\");\n\t}\n}\n"));
	made_clear(&m);
}

static void test_main(void)
{
	Made m = {0};
	const SyDesignKernel *k;

	make(&m, "m.c", in_main, NULL, 2,
		"{kernel[]->space_time[2];kernel[]->array_part[2,2];"
		"kernel[]->latency[1,1];kernel[]->simd[]}");
	k = m.design->kernel;
	g_assert_cmpstr(k->function, ==, "main");
	g_assert_cmpuint(k->params->len, ==, 0);
	g_assert_cmpuint(k->arrays->len, ==, 2);
	assert_array(k, 0, "b", "b", "[4][4]", FALSE, TRUE, FALSE);
	assert_array(k, 1, "a", "a", "[4][4]", TRUE, FALSE, FALSE);
	g_assert_true(((SyDesignArray *)k->arrays->pdata[0])->integer);
	g_assert_cmpuint(k->grid->n_space, ==, 2);
	g_assert_cmpint(k->grid->pe[0], ==, 2);
	g_assert_cmpint(k->grid->pe[1], ==, 2);
	g_assert_cmpint(k->grid->count, ==, 4);
	g_assert_cmpuint(k->ports->len, ==, 2);
	assert_port(k, 0, "a", TRUE, 1, 1, 16);
	assert_port(k, 1, "b_drain", FALSE, 0, 1, 16);
	g_assert_cmpuint(k->widest_word, ==, 32);
	g_assert_cmpstr(k->keywords, ==, "#define _Bool bool\n");
	g_assert_cmpuint(k->defines->len, ==, 0);
	g_assert_true(k->testbench.in_main);
	g_assert_cmpstr(k->testbench.indent, ==, "    ");
	g_assert_cmpstr(k->testbench.unit, ==, "    ");
	g_assert_cmpstr(k->testbench.before, ==,
		"/* ok */\n_Bool done;\nint main(void)\n{\n    static int "
		"a[4][4], b[4][4];\n");
	g_assert_cmpstr(k->testbench.after, ==,
		"    done = 1;\n    return b[3][3] == 0 ? 0 : 1;\n}\n");
	made_clear(&m);
}

static char *to_text(const SyDesignKernel *k)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;

	sy_design_kernel_build_json(b, k);
	root = json_builder_get_root(b);
	return sy_json_print(root);
}

/* On the arrays and grid of on (the design's), which the kernel read
 * back shares. */
static SyDesignKernel *from_text(
	const char *text, const SyDesignKernel *on, GError **error)
{
	g_autoptr(JsonParser) parser = json_parser_new();

	g_assert_true(json_parser_load_from_data(parser, text, -1, NULL));
	return sy_design_kernel_from_json(
		json_parser_get_root(parser), on->arrays, on->grid, error);
}

/* Written, read back and written again: the same text. */
static void assert_round_trip(const SyDesignKernel *k)
{
	g_autofree char *text = to_text(k), *again = NULL;
	GError *error = NULL;
	SyDesignKernel *back = from_text(text, k, &error);

	g_assert_no_error(error);
	again = to_text(back);
	g_assert_cmpstr(again, ==, text);
	sy_design_kernel_free(back);
}

/* A header whose name the project takes for itself: it moves, and
 * the #include that names it follows; the array 'class' is renamed in
 * both texts. */
static void test_header(void)
{
	static const char *const taken[] = {"ap_int.h", NULL};
	g_autofree char *dir = g_dir_make_tmp("systole-kernel-XXXXXX", NULL);
	g_autofree char *header = g_build_filename(dir, "ap_int.h", NULL);
	g_autofree char *path = g_build_filename(dir, "k.c", NULL);
	Made m = {0};
	const SyDesignKernel *k;
	const SyDesignHeader *h;
	GError *error = NULL;
	SyAnalysis *a;

	g_assert_true(g_file_set_contents(header,
		"#define N 8\nextern float class[N];\n", -1, NULL));
	g_assert_true(g_file_set_contents(path,
		"#include \"ap_int.h\"\nfloat class[N], y[N];\n"
		"int main(void)\n{\n#pragma scop\n"
		"\tfor (int i = 0; i < N; i++)\n\t\ty[i] = 2 * class[i];\n"
		"#pragma endscop\n\treturn 0;\n}\n", -1, NULL));
	a = sy_analysis_new_from_file(path, NULL, &error);
	g_assert_no_error(error);
	build(&m, a, 0, NULL, taken);
	g_assert_true(sy_design_complete(m.design, m.names, NULL, &error));
	g_assert_no_error(error);
	k = m.design->kernel;
	g_assert_cmpuint(k->renamed->len, ==, 1);
	g_assert_cmpstr(((SyDesignRename *)k->renamed->pdata[0])->id, ==,
		"sy_user_class");
	g_assert_cmpuint(k->headers->len, ==, 1);
	h = g_ptr_array_index(k->headers, 0);
	g_assert_cmpstr(h->path, ==, header);
	g_assert_cmpstr(h->place, ==, "ap_int_1.h");
	g_assert_cmpstr(h->text, ==,
		"#define N 8\nextern float sy_user_class[N];\n");
	g_assert_true(g_str_has_prefix(k->testbench.before,
		"#include \"ap_int_1.h\"\nfloat sy_user_class[N], y[N];\n"));
	assert_round_trip(k);
	made_clear(&m);
	g_remove(header);
	g_remove(path);
	g_rmdir(dir);
}

/* mm.c of the examples under Odyssey-like sizes with SIMD: the ports,
 * the grid, its header, and the testbench cut exactly at its SCoP. */
static void test_example(void)
{
	static const char *const taken[] = {"testbench.cpp", NULL};
	g_autofree char *path = g_build_filename(examples_dir, "mm.c", NULL);
	g_autofree char *header = g_build_filename(
		examples_dir, "kernel.h", NULL);
	g_autofree char *text = NULL, *header_text = NULL;
	Made m = {0};
	SyAnalysis *a;
	const SyDesignKernel *k;
	const SyDesignHeader *h;
	const char *scop, *endscop;
	GError *error = NULL;
	gint64 coord[2];

	g_assert_true(g_file_get_contents(path, &text, NULL, NULL));
	g_assert_true(g_file_get_contents(header, &header_text, NULL, NULL));
	a = sy_analysis_new_from_file(path, NULL, &error);
	g_assert_no_error(error);
	build(&m, a, 3,
		"{kernel[]->space_time[3];kernel[]->array_part[16,16,16];"
		"kernel[]->latency[4,4];kernel[]->simd[2]}",
		taken);
	g_assert_true(sy_design_complete(m.design, m.names, NULL, &error));
	g_assert_no_error(error);
	k = m.design->kernel;
	g_assert_cmpstr(k->function, ==, "main");
	g_assert_cmpuint(k->params->len, ==, 0);
	g_assert_cmpuint(k->arrays->len, ==, 3);
	assert_array(k, 0, "C", "C", "[64][64]", TRUE, TRUE, FALSE);
	assert_array(k, 1, "A", "A", "[64][64]", TRUE, FALSE, FALSE);
	assert_array(k, 2, "B", "B", "[64][64]", TRUE, FALSE, FALSE);
	g_assert_cmpuint(k->grid->n_space, ==, 2);
	g_assert_cmpint(k->grid->pe[0], ==, 4);
	g_assert_cmpint(k->grid->pe[1], ==, 4);
	g_assert_cmpint(k->grid->count, ==, 16);
	/* The PEs' coordinates on the 4 x 4 grid: line 2 of a path along
	 * j meets the PEs at j = 3 in PE (2, 3). */
	sy_design_kernel_unit_coords(k, 1, 3, 2, coord);
	g_assert_cmpint(coord[0], ==, 2);
	g_assert_cmpint(coord[1], ==, 3);
	/* Line 3 along i, at its first PE: PE (0, 3). */
	sy_design_kernel_unit_coords(k, 0, 0, 3, coord);
	g_assert_cmpint(coord[0], ==, 0);
	g_assert_cmpint(coord[1], ==, 3);
	g_assert_cmpint(k->grid->simd, ==, 2);
	g_assert_cmpstr(k->flags, ==,
		"--space i,j --tile i=16,j=16,k=16 --latency i=4,j=4 "
		"--simd k=2");
	/* Every port moves the 64 x 64 elements of its array once: 4096
	 * elements in words of 4 (C) or 16. */
	g_assert_cmpuint(k->ports->len, ==, 4);
	assert_port(k, 0, "C", TRUE, 0, 4, 1024);
	assert_port(k, 1, "A", TRUE, 1, 16, 1024);
	assert_port(k, 2, "B", TRUE, 2, 16, 1024);
	assert_port(k, 3, "C_drain", FALSE, 0, 4, 1024);
	g_assert_cmpuint(k->widest_word, ==, 512);
	g_assert_cmpuint(k->renamed->len, ==, 0);
	g_assert_cmpuint(k->headers->len, ==, 1);
	h = g_ptr_array_index(k->headers, 0);
	g_assert_cmpstr(h->place, ==, "kernel.h");
	g_assert_cmpstr(h->text, ==, header_text);
	/* The user's text whole around the SCoP's lines. */
	scop = strstr(text, "#pragma scop\n");
	endscop = strstr(text, "#pragma endscop\n");
	g_assert_true(k->testbench.in_main);
	g_assert_cmpstr(k->testbench.indent, ==, "    ");
	g_assert_cmpuint(strlen(k->testbench.before), ==, scop - text);
	g_assert_true(strncmp(k->testbench.before, text,
			      (gsize)(scop - text)) == 0);
	g_assert_cmpstr(k->testbench.after, ==,
		endscop + strlen("#pragma endscop\n"));
	assert_round_trip(k);
	made_clear(&m);
}

static void test_json(void)
{
	static const char *const defines[] = {"M=3", NULL};
	Made m = {0}, n = {0};
	g_autofree char *text = NULL;
	GError *error = NULL;
	SyDesignKernel *back;

	make(&m, "f.c", in_function, defines, 0,
		"{kernel[]->space_time[0];kernel[]->array_part[4,4];"
		"kernel[]->latency[1];kernel[]->simd[1]}");
	assert_round_trip(m.design->kernel);
	/* A file name need not be UTF-8: base64 keeps its bytes. */
	make(&n, "caf\xe9.c", in_main, NULL, 2,
		"{kernel[]->space_time[2];kernel[]->array_part[2,2];"
		"kernel[]->latency[1,1];kernel[]->simd[]}");
	text = to_text(n.design->kernel);
	g_assert_nonnull(strstr(text,
		"\"source\" : {\n    \"base64\" : \"Y2Fm6S5j\"\n  },"));
	back = from_text(text, n.design->kernel, &error);
	g_assert_no_error(error);
	g_assert_cmpstr(back->source, ==, "caf\xe9.c");
	sy_design_kernel_free(back);
	assert_round_trip(n.design->kernel);
	made_clear(&m);
	made_clear(&n);
}

/* text with the first from replaced by to fails with message. */
static void assert_refused(const SyDesignKernel *on, const char *text,
	const char *from, const char *to, const char *message)
{
	const char *at = strstr(text, from);
	g_autofree char *bad = NULL;
	GError *error = NULL;

	g_assert_nonnull(at);
	bad = g_strdup_printf(
		"%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	g_assert_null(from_text(bad, on, &error));
	g_assert_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, message);
	g_error_free(error);
}

/* The file's functions through JSON: only where there are some, read
 * back the same, and what reading refuses of them. */
static void test_calls_json(void)
{
	static const char text[] = "static int twice(int v) { return 2 * v; }\n"
				   "void f(int a[4][4], int b[4][4])\n{\n"
				   "#pragma scop\n"
				   "    for (int i = 0; i < 4; i++)\n"
				   "        for (int j = 0; j < 4; j++)\n"
				   "            b[i][j] = twice(a[i][j]);\n"
				   "#pragma endscop\n}\n";
	Made m = {0}, n = {0};
	g_autofree char *json = NULL, *none = NULL;

	make(&m, "c.c", text, NULL, 0, NULL);
	json = to_text(m.design->kernel);
	g_assert_nonnull(strstr(json,
		"\"functions\" : [\n    {\n      \"name\" : \"twice\",\n"
		"      \"text\" : \"static int twice(int v) { return 2 * v; "
		"}\"\n    }\n  ]\n"));
	assert_round_trip(m.design->kernel);
	assert_refused(m.design->kernel, json, "\"name\" : \"twice\",", "",
		"interface/functions/0: no member \"name\"");
	assert_refused(m.design->kernel, json, "\"text\" : \"static",
		"\"text\" : 1, \"x\" : \"static",
		"interface/functions/0: unknown member \"x\"");
	make(&n, "f.c", in_function, NULL, 0, NULL);
	none = to_text(n.design->kernel);
	g_assert_null(strstr(none, "\"functions\""));
	made_clear(&m);
	made_clear(&n);
}

static void test_json_errors(void)
{
	Made m = {0};
	g_autofree char *text = NULL;

	make(&m, "f.c", in_function, NULL, 0,
		"{kernel[]->space_time[0];kernel[]->array_part[4,4];"
		"kernel[]->latency[1];kernel[]->simd[1]}");
	text = to_text(m.design->kernel);
	assert_refused(m.design->kernel, text, "\"source\"", "\"origin\"",
		"interface: no member \"source\"");
	assert_refused(m.design->kernel, text,
		"\"dims\" : [\n        8\n      ]", "\"dims\" : [\"8\"]",
		"interface/params/1: element 0 of \"dims\" is a string, not "
		"an integer");
	assert_refused(m.design->kernel, text, "\"array\" : 3", "\"array\" : 4",
		"interface/ports/2: \"array\" is 4, not one of the 4 arrays");
	assert_refused(m.design->kernel, text, "\"direction\" : \"in\"",
		"\"direction\" : \"up\"",
		"interface/ports/0: \"direction\" is \"up\", not in or out");
	assert_refused(m.design->kernel, text, "\"in_main\" : false",
		"\"in_main\" : 0",
		"interface/testbench: \"in_main\" is an integer, not a "
		"boolean");
	/* The grid is the design's ("pe"), not the interface's. */
	assert_refused(m.design->kernel, text, "\"flags\"",
		"\"pe\" : [4], \"flags\"", "interface: unknown member \"pe\"");
	made_clear(&m);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_assert_cmpint(argc, ==, 2);
	examples_dir = argv[1];
	g_test_add_func("/kernel-facts/function", test_function);
	g_test_add_func("/kernel-facts/calls", test_calls);
	g_test_add_func("/kernel-facts/calls-json", test_calls_json);
	g_test_add_func("/kernel-facts/main", test_main);
	g_test_add_func("/kernel-facts/refusals", test_refusals);
	g_test_add_func("/kernel-facts/header", test_header);
	g_test_add_func("/kernel-facts/example", test_example);
	g_test_add_func("/kernel-facts/json", test_json);
	g_test_add_func("/kernel-facts/json-errors", test_json_errors);
	return g_test_run();
}
