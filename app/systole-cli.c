/* systole-cli: Systole without a display.  Subcommands are verbs. */
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "analysis.h"
#include "diag.h"
#include "report.h"

enum {
	EXIT_OK = 0,
	EXIT_INPUT = 1, /* the input file is wrong */
	EXIT_USAGE = 2, /* the command line is wrong */
	EXIT_INTERNAL = 3, /* a bug in Systole */
};

static const char *const usage_text =
	"Usage: systole-cli COMMAND [OPTION...] FILE.c\n"
	"\n"
	"Commands:\n"
	"  analyze   dependences, legality and dataflow candidates of a "
	"SCoP\n"
	"  bench     time the analysis of kernels\n"
	"\n"
	"Run 'systole-cli COMMAND --help' for the options of a command.\n";

static int usage_error(const char *format, ...) G_GNUC_PRINTF(1, 2);

static int usage_error(const char *format, ...)
{
	va_list args;

	fputs("systole-cli: ", stderr);
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fputs("\nTry 'systole-cli --help'.\n", stderr);
	return EXIT_USAGE;
}

static int report_error(const GError *error)
{
	fprintf(stderr, "%s\n", error->message);
	return error->domain == SY_INPUT_ERROR ? EXIT_INPUT : EXIT_INTERNAL;
}

/* Options every command that reads a kernel understands. */
typedef struct {
	char **defines;
	char **include_dirs;
	int max_dims;
	gboolean json;
	int repeat;
} Options;

static void options_clear(Options *o)
{
	g_strfreev(o->defines);
	g_strfreev(o->include_dirs);
}

static void add_kernel_options(GOptionContext *ctx, Options *o)
{
	GOptionEntry entries[] = {
		{"define", 'D', 0, G_OPTION_ARG_STRING_ARRAY, &o->defines,
			"Define a macro, as the C preprocessor does",
			"NAME[=VALUE]"},
		{"include-dir", 'I', 0, G_OPTION_ARG_FILENAME_ARRAY,
			&o->include_dirs, "Search DIR for #include \"...\"",
			"DIR"},
		{"max-dims", 0, 0, G_OPTION_ARG_INT, &o->max_dims,
			"Largest systolic array dimension listed (1 to 3, "
			"default 2)",
			"N"},
		G_OPTION_ENTRY_NULL};

	g_option_context_add_main_entries(ctx, entries, NULL);
}

/* Parses argv for a command; returns the exit code on failure, or -1. */
static int parse_options(
	GOptionContext *ctx, int *argc, char ***argv, Options *o)
{
	GError *error = NULL;

	if (!g_option_context_parse(ctx, argc, argv, &error)) {
		int code = usage_error("%s", error->message);

		g_error_free(error);
		return code;
	}
	if (o->max_dims == 0)
		o->max_dims = 2;
	if (o->max_dims < 1 || o->max_dims > 3)
		return usage_error("--max-dims must be 1, 2 or 3");
	return -1;
}

static SyAnalysisOptions analysis_options(const Options *o)
{
	SyAnalysisOptions ao = {
		(const char *const *)o->defines,
		(const char *const *)o->include_dirs,
		(guint)o->max_dims,
	};

	return ao;
}

static int cmd_analyze(int argc, char **argv)
{
	Options o = {0};
	g_autoptr(GOptionContext)
		ctx = g_option_context_new("FILE.c - analyse a SCoP");
	GOptionEntry entries[] = {{"json", 0, 0, G_OPTION_ARG_NONE, &o.json,
					  "Print one JSON object", NULL},
		G_OPTION_ENTRY_NULL};
	g_autoptr(SyAnalysis) a = NULL;
	SyAnalysisOptions ao;
	GError *error = NULL;
	int code;

	g_option_context_set_summary(ctx,
		"Prints the statements, "
		"dependences with distance vectors, legality and the dataflow "
		"candidates of the SCoP in FILE.c.\nExit status: 0 analysed "
		"(legal or not), 1 input error, 2 usage error.");
	g_option_context_add_main_entries(ctx, entries, NULL);
	add_kernel_options(ctx, &o);
	code = parse_options(ctx, &argc, &argv, &o);
	if (code < 0 && argc != 2)
		code = usage_error(argc < 2
				? "analyze: no input file"
				: "analyze: one input file expected");
	if (code >= 0) {
		options_clear(&o);
		return code;
	}
	ao = analysis_options(&o);
	a = sy_analysis_new_from_file(argv[1], &ao, &error);
	options_clear(&o);
	if (!a) {
		code = report_error(error);
		g_error_free(error);
		return code;
	}
	if (o.json) {
		g_autoptr(JsonGenerator) gen = json_generator_new();
		g_autoptr(JsonNode) root = sy_report_analysis_json(a);
		g_autofree char *text = NULL;

		json_generator_set_pretty(gen, TRUE);
		json_generator_set_indent(gen, 2);
		json_generator_set_root(gen, root);
		text = json_generator_to_data(gen, NULL);
		printf("%s\n", text);
	} else {
		g_autofree char *text = sy_report_analysis_text(a);

		fputs(text, stdout);
	}
	return EXIT_OK;
}

static int compare_doubles(gconstpointer a, gconstpointer b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Runs the analysis repeat times; prints min and median milliseconds. */
static int bench_one(const char *label, const char *path,
	const SyAnalysisOptions *ao, int repeat)
{
	g_autofree double *ms = g_new(double, repeat);

	for (int r = 0; r < repeat; r++) {
		GError *error = NULL;
		gint64 start = g_get_monotonic_time();
		SyAnalysis *a = sy_analysis_new_from_file(path, ao, &error);

		ms[r] = (double)(g_get_monotonic_time() - start) / 1000.0;
		if (!a) {
			int code = report_error(error);

			g_error_free(error);
			return code;
		}
		sy_analysis_free(a);
	}
	qsort(ms, (size_t)repeat, sizeof *ms, compare_doubles);
	printf("%-50s %5d %9.2f %9.2f\n", label, repeat, ms[0], ms[repeat / 2]);
	return EXIT_OK;
}

static int cmd_bench(int argc, char **argv)
{
	Options o = {0};
	g_autoptr(GOptionContext)
		ctx = g_option_context_new("FILE.c... - time the analysis");
	GOptionEntry entries[] = {
		{"repeat", 'n', 0, G_OPTION_ARG_INT, &o.repeat,
			"Runs per file (default 20)", "N"},
		G_OPTION_ENTRY_NULL};
	SyAnalysisOptions ao;
	int code;

	g_option_context_set_summary(ctx,
		"Analyses every FILE.c several "
		"times and prints the fastest and the median time in "
		"milliseconds.  -D applies to every file.");
	g_option_context_add_main_entries(ctx, entries, NULL);
	add_kernel_options(ctx, &o);
	code = parse_options(ctx, &argc, &argv, &o);
	if (code < 0 && argc < 2)
		code = usage_error("bench: no input file");
	if (code < 0 && o.repeat < 0)
		code = usage_error("bench: --repeat must be positive");
	if (code >= 0) {
		options_clear(&o);
		return code;
	}
	if (o.repeat == 0)
		o.repeat = 20;
	ao = analysis_options(&o);
	printf("%-50s %5s %9s %9s\n", "kernel", "runs", "min ms", "median ms");
	for (int i = 1; i < argc && code < 0; i++) {
		g_autofree char *defines =
			o.defines ? g_strjoinv(" -D ", o.defines) : NULL;
		g_autofree char *label = defines
			? g_strdup_printf("%s -D %s", argv[i], defines)
			: g_strdup(argv[i]);
		int rc = bench_one(label, argv[i], &ao, o.repeat);

		if (rc != EXIT_OK)
			code = rc;
	}
	options_clear(&o);
	return code < 0 ? EXIT_OK : code;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage_error("no command");
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		fputs(usage_text, stdout);
		return EXIT_OK;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("systole-cli %s\n", SYSTOLE_VERSION);
		return EXIT_OK;
	}
	/* Each command sees its own name as argv[0]. */
	if (strcmp(argv[1], "analyze") == 0)
		return cmd_analyze(argc - 1, argv + 1);
	if (strcmp(argv[1], "bench") == 0)
		return cmd_bench(argc - 1, argv + 1);
	return usage_error("unknown command '%s'", argv[1]);
}
