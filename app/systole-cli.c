/* systole-cli: Systole without a display.  Subcommands are verbs. */
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cli.h"
#include "report/report.h"

static const char *const usage_text =
	"Usage: systole-cli COMMAND [OPTION...] FILE.c\n"
	"\n"
	"Commands:\n"
	"  analyze   dependences, legality and dataflow candidates of a "
	"SCoP\n"
	"  compile   a dataflow and its sizes made into a PE array: options, "
	"schedule, C, design\n"
	"  export    a Vitis HLS project for a design, checked by C "
	"simulation\n"
	"  estimate  a design's cycles and resources on a device, as the "
	"models see them\n"
	"  simulate  a design run cycle by cycle: cycles, stalls, FIFO "
	"high-water marks, deadlock\n"
	"  explore   the designs of least latency over the design space, "
	"proven\n"
	"  render    a design's views as pictures: SVG, PDF or PNG, with "
	"a caption\n"
	"  merge     the parts of explore --shard combined into one "
	"search's answer\n"
	"  autosa    an AutoSA command line, unchanged: the project, or "
	"where AutoSA stops\n"
	"  transforms every legal space-time transform with small "
	"coefficients\n"
	"  bench     time the analysis of kernels\n"
	"\n"
	"Run 'systole-cli COMMAND --help' for the options of a command.\n";

static int cmd_analyze(int argc, char **argv)
{
	CliOptions o = {0};
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
		"(legal or not), 1 input error, 2 usage error, 3 internal "
		"error, 5 too complex (--max-operations).");
	g_option_context_add_main_entries(ctx, entries, NULL);
	cli_add_kernel_options(ctx, &o);
	code = cli_parse_options(ctx, &argc, &argv, &o);
	if (code < 0 && argc != 2)
		code = cli_usage_error(argc < 2
				? "analyze: no input file"
				: "analyze: one input file expected");
	if (code >= 0) {
		cli_options_clear(&o);
		return code;
	}
	ao = cli_analysis_options(&o);
	a = sy_analysis_new_from_file(argv[1], &ao, &error);
	cli_options_clear(&o);
	if (!a) {
		code = cli_report_error(error);
		g_error_free(error);
		return code;
	}
	if (o.json) {
		g_autoptr(JsonNode) root = sy_report_analysis_json(a);

		cli_print_json(root);
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
			int code = cli_report_error(error);

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
	CliOptions o = {0};
	g_autoptr(GOptionContext)
		ctx = g_option_context_new("FILE.c... - time the analysis");
	GOptionEntry entries[] = {
		{"repeat", 'n', 0, G_OPTION_ARG_STRING, &o.repeat_text,
			"Runs per file (1 to 100000, default 20)", "N"},
		G_OPTION_ENTRY_NULL};
	SyAnalysisOptions ao;
	gint64 repeat = 20;
	int code;

	g_option_context_set_summary(ctx,
		"Analyses every FILE.c several "
		"times and prints the fastest and the median time in "
		"milliseconds.  -D applies to every file.");
	g_option_context_add_main_entries(ctx, entries, NULL);
	cli_add_kernel_options(ctx, &o);
	code = cli_parse_options(ctx, &argc, &argv, &o);
	if (code < 0 && argc < 2)
		code = cli_usage_error("bench: no input file");
	if (code < 0)
		code = cli_option_number(
			"bench: --repeat", o.repeat_text, 1, 100000, &repeat);
	if (code >= 0) {
		cli_options_clear(&o);
		return code;
	}
	ao = cli_analysis_options(&o);
	printf("%-50s %5s %9s %9s\n", "kernel", "runs", "min ms", "median ms");
	for (int i = 1; i < argc && code < 0; i++) {
		g_autofree char *defines =
			o.defines ? g_strjoinv(" -D ", o.defines) : NULL;
		g_autofree char *label = defines
			? g_strdup_printf("%s -D %s", argv[i], defines)
			: g_strdup(argv[i]);
		int rc = bench_one(label, argv[i], &ao, (int)repeat);

		if (rc != EXIT_OK)
			code = rc;
	}
	cli_options_clear(&o);
	return code < 0 ? EXIT_OK : code;
}

int main(int argc, char **argv)
{
	/* Options arrive in the locale's encoding. */
	setlocale(LC_ALL, "");
	if (argc < 2)
		return cli_usage_error("no command");
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
	if (strcmp(argv[1], "compile") == 0)
		return cli_compile(argc - 1, argv + 1);
	if (strcmp(argv[1], "autosa") == 0)
		return cli_autosa(argc - 1, argv + 1);
	if (strcmp(argv[1], "export") == 0)
		return cli_export(argc - 1, argv + 1);
	if (strcmp(argv[1], "estimate") == 0)
		return cli_estimate(argc - 1, argv + 1);
	if (strcmp(argv[1], "simulate") == 0)
		return cli_simulate(argc - 1, argv + 1);
	if (strcmp(argv[1], "explore") == 0)
		return cli_explore(argc - 1, argv + 1);
	if (strcmp(argv[1], "render") == 0)
		return cli_render(argc - 1, argv + 1);
	if (strcmp(argv[1], "merge") == 0)
		return cli_merge(argc - 1, argv + 1);
	if (strcmp(argv[1], "transforms") == 0)
		return cli_transforms(argc - 1, argv + 1);
	if (strcmp(argv[1], "bench") == 0)
		return cmd_bench(argc - 1, argv + 1);
	return cli_usage_error("unknown command '%s'", argv[1]);
}
