/* systole-cli autosa: AutoSA's command line, unchanged.  A published
 * command runs with `./autosa` replaced by `systole-cli autosa`: the
 * options Systole implements take AutoSA's meaning, the project goes
 * to --output-dir, a run whose --sa-sizes lacks a stage's key stops
 * there as AutoSA's manual mode does, listing what that stage takes,
 * and every option Systole does not take is named in one error. */
#include <stdio.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "base/json-load.h"
#include "cli.h"
#include "compute/config.h"

typedef enum {
	OPT_TAKEN, /* passed to export */
	OPT_SAME, /* what Systole does anyway */
	OPT_NOT_YET, /* an architecture option Systole does not have yet */
	OPT_NEVER, /* another target or a feature left out (why) */
} OptKind;

typedef struct {
	const char *name;
	gboolean value; /* takes a value (--name=V or --name V) */
	OptKind kind;
	const char *why; /* OPT_SAME, OPT_NEVER */
} AutosaOption;

static const AutosaOption options[] = {
	{"sa-sizes", TRUE, OPT_TAKEN, NULL},
	{"simd-info", TRUE, OPT_TAKEN, NULL},
	{"output-dir", TRUE, OPT_TAKEN, NULL},
	{"fifo-depth", TRUE, OPT_TAKEN, NULL},
	{"config", TRUE, OPT_TAKEN, NULL},
	{"target", TRUE, OPT_TAKEN, NULL},
	{"hls", FALSE, OPT_SAME,
		"the project has both the C simulation testbench and the XRT "
		"host"},
	{"AutoSA-verbose", FALSE, OPT_SAME, "the summary is printed anyway"},
	{"verbose", FALSE, OPT_SAME, "the summary is printed anyway"},
	{"array-contraction", FALSE, OPT_SAME,
		"a PE's buffers hold one tile's footprint"},
	{"isl-sink", FALSE, OPT_SAME,
		"statements in sequence share the latency loops' "
		"iteration; AutoSA's array contraction (its default) turns "
		"isl sink off, and neither form changes the loops' order"},
	{"host-serialize", FALSE, OPT_TAKEN, NULL},
	{"simd-touch-space", FALSE, OPT_TAKEN, NULL},
	{"local-reduce", FALSE, OPT_TAKEN, NULL},
	{"reduce-op", TRUE, OPT_TAKEN, NULL},
	{"data-pack-sizes", TRUE, OPT_TAKEN, NULL},
	{"two-level-buffer", FALSE, OPT_TAKEN, NULL},
	{"hbm", FALSE, OPT_TAKEN, NULL},
	{"hbm-port-num", TRUE, OPT_TAKEN, NULL},
	{"uram", FALSE, OPT_TAKEN, NULL},
	{"int-io-dir", TRUE, OPT_TAKEN, NULL},
	{"live-range-reordering", FALSE, OPT_TAKEN, NULL},
	{"reverse-order", FALSE, OPT_TAKEN, NULL},
	/* Before "reschedule": --no-reschedule is taken, --reschedule
	 * (isl's scheduler even where the source order gives a band of
	 * two loops) is not. */
	{"no-reschedule", FALSE, OPT_TAKEN, NULL},
	{"reschedule", FALSE, OPT_NOT_YET, NULL},
	{"select-rar-dep", TRUE, OPT_TAKEN, NULL},
	{"use-cplusplus-template", FALSE, OPT_SAME,
		"AutoSA's PE indices as template arguments (for PEs that "
		"differ by position); Systole passes them as constants at "
		"each call: the same modules and FIFOs"},
	/* On by default, as in Systole: --no-double-buffer and
	 * --no-data-pack pass on as export's --no-double-buffer and
	 * --no-packing. */
	{"double-buffer", FALSE, OPT_TAKEN, NULL},
	{"data-pack", FALSE, OPT_TAKEN, NULL},
	{"double-buffer-style", TRUE, OPT_SAME,
		"how AutoSA's code spells double buffering (a while or a for "
		"loop); Systole prints its own, the same ping-pong buffers"},
	{"loop-infinitize", FALSE, OPT_NEVER, "Intel's OpenCL only"},
	{"mem-port-map", TRUE, OPT_NEVER, "Intel's OpenCL only"},
	{"tuning-method", TRUE, OPT_NOT_YET, NULL},
	{"param-names", TRUE, OPT_SAME,
		"the parameters' names in AutoSA's tuning files, which "
		"Systole does not write"},
	{"axi-stream", FALSE, OPT_NEVER, "AXI stream ports"},
	{"hcl", FALSE, OPT_NEVER, "HeteroCL's wrapper"},
	{"block-sparse", FALSE, OPT_NEVER, "block sparsity"},
	{"block-sparse-ratio", TRUE, OPT_NEVER, "block sparsity"},
};

/* What the command line says. */
typedef struct {
	const char *file;
	const char *values[G_N_ELEMENTS(options)];
	gboolean force;
	GString *refused; /* "--x (why), --y (...)" */
	GString *usage; /* the first usage error */
} Line;

static void refuse(Line *l, const char *what, const char *why)
{
	g_string_append_printf(l->refused, "%s%s (%s)",
		l->refused->len ? ", " : "", what, why);
}

/* The option "--[no-]name[=value]" names, or NULL. */
static const AutosaOption *option_of(const char *arg, gboolean *negated)
{
	const char *name = arg + 2;
	gsize len = strcspn(name, "=");

	*negated = FALSE;
	for (int pass = 0; pass < 2; pass++) {
		for (guint k = 0; k < G_N_ELEMENTS(options); k++)
			if (strlen(options[k].name) == len &&
				!strncmp(options[k].name, name, len))
				return &options[k];
		if (strncmp(name, "no-", 3))
			return NULL;
		name += 3;
		len -= 3;
		*negated = TRUE;
	}
	return NULL;
}

static const char *target_refusal(const char *target)
{
	if (g_str_equal(target, "autosa_hls_c"))
		return NULL;
	if (g_str_equal(target, "autosa_opencl"))
		return "Intel's OpenCL: Systole exports Vitis HLS projects";
	if (g_str_equal(target, "autosa_catapult_c"))
		return "Catapult HLS: Systole exports Vitis HLS projects";
	return "Systole exports Vitis HLS projects (autosa_hls_c)";
}

/* One option at argv[*i] (a value may take the next argument). */
static void read_option(Line *l, int argc, char **argv, int *i)
{
	const char *arg = argv[*i], *eq = strchr(arg, '=');
	gboolean negated;
	const AutosaOption *opt = option_of(arg, &negated);
	g_autofree char *what = g_strndup(
		arg, eq ? (gsize)(eq - arg) : strlen(arg));
	const char *value = eq ? eq + 1 : NULL;
	const char *why;

	if (g_str_equal(arg, "--force")) {
		l->force = TRUE;
		return;
	}
	if (!opt) {
		refuse(l, what, "not an option of AutoSA's that Systole knows");
		return;
	}
	if (opt->value && !value && *i + 1 < argc)
		value = argv[++*i];
	if (opt->value && (!value || negated)) {
		if (!l->usage->len)
			g_string_printf(
				l->usage, "autosa: %s takes a value", what);
		return;
	}
	switch (opt->kind) {
	case OPT_TAKEN:
		/* A switch keeps its last form: "no" for --no-NAME. */
		if (opt->value)
			l->values[opt - options] = value;
		else
			l->values[opt - options] = negated ? "no" : "yes";
		if (g_str_equal(opt->name, "target") &&
			(why = target_refusal(value)))
			refuse(l, arg, why);
		return;
	case OPT_SAME: return;
	case OPT_NOT_YET: refuse(l, what, "not supported yet"); return;
	case OPT_NEVER: refuse(l, what, opt->why); return;
	}
}

static const char *value_of(const Line *l, const char *name)
{
	for (guint k = 0; k < G_N_ELEMENTS(options); k++)
		if (g_str_equal(options[k].name, name))
			return l->values[k];
	return NULL;
}

/* AutoSA's --config: the stages it enables (skip: those it does not),
 * in manual mode only (Systole has no automatic one). */
static gboolean read_config(const char *path, CliAutosa *what, GError **error)
{
	static const struct {
		const char *stage;
		guint skip;
	} stages[] = {{"space_time", 0},
		{"array_part", SY_CONFIG_SKIP_ARRAY_PART},
		{"array_part_L2", SY_CONFIG_SKIP_ARRAY_PART_L2},
		{"latency", SY_CONFIG_SKIP_LATENCY},
		{"simd", SY_CONFIG_SKIP_SIMD}, {"hbm", 0}};
	g_autoptr(JsonParser) parser = json_parser_new();
	g_autofree char *text = NULL;
	JsonObject *root;

	if (!g_file_get_contents(path, &text, NULL, error) ||
		!sy_json_load(parser, text, -1, error)) {
		g_prefix_error(error, "--config: %s: ", path);
		return FALSE;
	}
	if (!JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser)))
		return sy_config_fail(error,
			"--config: %s: expected an object of stages, as "
			"AutoSA's autosa_config.json",
			path);
	root = json_node_get_object(json_parser_get_root(parser));
	for (guint k = 0; k < G_N_ELEMENTS(stages); k++) {
		JsonNode *node = json_object_get_member(root, stages[k].stage);
		JsonObject *stage;

		if (!node || !JSON_NODE_HOLDS_OBJECT(node))
			continue;
		stage = json_node_get_object(node);
		if (!g_strcmp0(json_object_get_string_member_with_default(
				       stage, "mode", "manual"),
			    "auto"))
			return sy_config_fail(error,
				"--config: %s: %s in auto mode: Systole "
				"takes every stage's sizes from --sa-sizes "
				"(manual mode)",
				path, stages[k].stage);
		if (!json_object_get_int_member_with_default(
			    stage, "enable", 1))
			what->skip |= stages[k].skip;
		if (g_str_equal(stages[k].stage, "hbm"))
			what->hbm_manual = TRUE;
	}
	return TRUE;
}

/* --data-pack-sizes as given, with AutoSA's default caps for the arrays
 * it does not name (made in owned): AutoSA packs those by its own
 * defaults, Systole's export up to 512 bits at every level. */
static const char *pack_sizes(const char *given, GPtrArray *owned)
{
	const char *all = "kernel[]->" SY_DESIGN_PACK_ALL
			  "[" SY_DESIGN_AUTOSA_PACK "]";
	g_autofree char *inner = NULL;
	gsize len;

	if (given && strstr(given, "->" SY_DESIGN_PACK_ALL "["))
		return given;
	if (!given) {
		g_ptr_array_add(owned, g_strconcat("{", all, "}", NULL));
		return owned->pdata[owned->len - 1];
	}
	/* "{...}" gets ";kernel[]->data_pack[...]" before its brace; what
	 * is not braced export refuses as it stands. */
	len = strlen(given);
	if (len < 2 || given[len - 1] != '}')
		return given;
	inner = g_strndup(given, len - 1);
	g_ptr_array_add(owned, g_strconcat(inner, ";", all, "}", NULL));
	return owned->pdata[owned->len - 1];
}

/* export's command line for what AutoSA's asks (owned: the strings it
 * made). */
static GPtrArray *export_args(const Line *l, GPtrArray *owned)
{
	GPtrArray *args = g_ptr_array_new();
	const char *out = value_of(l, "output-dir");
	static const char *const passed[] = {"sa-sizes", "simd-info",
		"fifo-depth", "data-pack-sizes", "select-rar-dep", "reduce-op",
		"hbm-port-num", "int-io-dir"};
	static const char *const switches[] = {"simd-touch-space",
		"host-serialize", "no-reschedule", "local-reduce", "hbm",
		"uram", "live-range-reordering", "two-level-buffer"};

	g_ptr_array_add(args, (gpointer) "export");
	g_ptr_array_add(args, (gpointer)l->file);
	g_ptr_array_add(args, (gpointer) "-o");
	g_ptr_array_add(args, (gpointer)(out ? out : "./autosa.tmp/output"));
	for (guint k = 0; k < G_N_ELEMENTS(passed); k++) {
		const char *v = value_of(l, passed[k]);

		if (!g_strcmp0(passed[k], "data-pack-sizes") &&
			g_strcmp0(value_of(l, "data-pack"), "no"))
			v = pack_sizes(v, owned);
		if (!v)
			continue;
		g_ptr_array_add(
			owned, g_strconcat("--", passed[k], "=", v, NULL));
		g_ptr_array_add(args, owned->pdata[owned->len - 1]);
	}
	for (guint k = 0; k < G_N_ELEMENTS(switches); k++) {
		if (g_strcmp0(value_of(l, switches[k]), "yes"))
			continue;
		g_ptr_array_add(owned, g_strconcat("--", switches[k], NULL));
		g_ptr_array_add(args, owned->pdata[owned->len - 1]);
	}
	/* Switches on by default in both, off in Systole's words. */
	if (!g_strcmp0(value_of(l, "double-buffer"), "no"))
		g_ptr_array_add(args, (gpointer) "--no-double-buffer");
	if (!g_strcmp0(value_of(l, "data-pack"), "no"))
		g_ptr_array_add(args, (gpointer) "--no-packing");
	/* AutoSA's default order unless --no-reverse-order. */
	g_ptr_array_add(args,
		g_strcmp0(value_of(l, "reverse-order"), "no")
			? (gpointer) "--reverse-order"
			: (gpointer) "--no-reverse-order");
	if (l->force)
		g_ptr_array_add(args, (gpointer) "--force");
	g_ptr_array_add(args, NULL);
	return args;
}

static void line_clear(Line *l)
{
	g_string_free(l->refused, TRUE);
	g_string_free(l->usage, TRUE);
}

static const char *const autosa_help =
	"Usage: systole-cli autosa FILE.c [AutoSA's options...] [--force]\n"
	"\n"
	"Runs a command line of AutoSA's with `./autosa` replaced: writes "
	"the Vitis HLS\nproject to --output-dir (default "
	"./autosa.tmp/output; --force to replace it),\nor stops where "
	"AutoSA's manual mode stops when --sa-sizes lacks a stage's "
	"key,\nlisting what that stage takes.  --sa-sizes, --simd-info, "
	"--simd-touch-space,\n--fifo-depth, --host-serialize, "
	"--data-pack-sizes, --local-reduce, --reduce-op,\n--hbm, "
	"--hbm-port-num, --uram, --int-io-dir, --two-level-buffer,\n"
	"--config (its stages' enable; manual mode), --[no-]reverse-order,\n"
	"--select-rar-dep, --no-reschedule, --no-double-buffer, "
	"--no-data-pack and\n--target=autosa_hls_c take AutoSA's meaning; "
	"--hls, "
	"--AutoSA-verbose, --array-contraction, --isl-sink,\n"
	"--use-cplusplus-template, --double-buffer-style and --param-names "
	"are what\nSystole does anyway or has no use for; every other "
	"option is named in one\nerror.\n"
	"Exit status: as export's (0 written or stopped, 1 input, 2 "
	"usage or an option\nSystole does not take, 4 the folder exists).\n";

int cli_autosa(int argc, char **argv)
{
	Line l = {NULL, {NULL}, FALSE, g_string_new(NULL), g_string_new(NULL)};
	CliAutosa what = {0};
	g_autoptr(GPtrArray) args = NULL;
	g_autoptr(GPtrArray) owned = g_ptr_array_new_with_free_func(g_free);
	GError *error = NULL;
	int code;

	for (int i = 1; i < argc; i++) {
		if (g_str_equal(argv[i], "--help") ||
			g_str_equal(argv[i], "-h")) {
			fputs(autosa_help, stdout);
			line_clear(&l);
			return EXIT_OK;
		}
		if (!strncmp(argv[i], "--", 2))
			read_option(&l, argc, argv, &i);
		else if (!l.file)
			l.file = argv[i];
		else if (!l.usage->len)
			g_string_printf(l.usage,
				"autosa: one input file "
				"expected");
	}
	if (!l.file && !l.usage->len)
		g_string_printf(l.usage, "autosa: no input file");
	if (l.usage->len) {
		code = cli_usage_error("%s", l.usage->str);
		line_clear(&l);
		return code;
	}
	if (l.refused->len) {
		code = cli_usage_error("autosa: options Systole does not take: "
				       "%s",
			l.refused->str);
		line_clear(&l);
		return code;
	}
	if (value_of(&l, "config") &&
		!read_config(value_of(&l, "config"), &what, &error)) {
		code = cli_report_error(error);
		g_error_free(error);
		line_clear(&l);
		return code;
	}
	args = export_args(&l, owned);
	code = cli_export_autosa(
		(int)args->len - 1, (char **)args->pdata, &what);
	line_clear(&l);
	return code;
}
