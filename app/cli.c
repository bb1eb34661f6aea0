#include <stdio.h>
#include <string.h>

#include "base/diag.h"
#include "base/escape.h"
#include "base/json-print.h"
#include "cli.h"
#include "comm/design.h"
#include "comm/hls-model.h"
#include "compute/config.h"
#include "model/model.h"
#include "model/odyssey.h"
#include "project/export.h"
#include "sim/sim.h"

int cli_usage_error(const char *format, ...)
{
	va_list args;

	fputs("systole-cli: ", stderr);
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	fputs("\nTry 'systole-cli --help'.\n", stderr);
	return EXIT_USAGE;
}

int cli_error_code(const GError *error)
{
	if (error->domain == SY_EXPORT_ERROR)
		return EXIT_OUTPUT;
	if (g_error_matches(error, SY_ANALYSIS_ERROR,
		    SY_ANALYSIS_ERROR_TOO_COMPLEX))
		return EXIT_TOO_COMPLEX;
	return error->domain == SY_INPUT_ERROR ||
			error->domain == SY_CONFIG_ERROR ||
			error->domain == SY_CHECKED_ERROR ||
			error->domain == SY_CHOICES_ERROR ||
			error->domain == SY_DESIGN_ERROR ||
			error->domain == SY_HLS_ERROR ||
			error->domain == SY_SPACE_TIME_ERROR ||
			error->domain == SY_DEVICE_ERROR ||
			/* A design the model asked for does not cover. */
			error->domain == SY_MODEL_ERROR ||
			/* A design over the simulator's limit. */
			error->domain == SY_SIM_ERROR ||
			g_error_matches(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_DESIGN) ||
			g_error_matches(error, SY_ODYSSEY_ERROR,
				SY_ODYSSEY_ERROR_PARAMS) ||
			error->domain == G_FILE_ERROR ||
			error->domain == JSON_PARSER_ERROR
		? EXIT_INPUT
		: EXIT_INTERNAL;
}

int cli_report_error(const GError *error)
{
	/* Input errors carry their file:line:col; the others are about
	 * the command line or the kernel as a whole.  An output that
	 * exists is replaced by --force; what is not ours never is. */
	if (error->domain == SY_INPUT_ERROR)
		fprintf(stderr, "%s\n", error->message);
	else if (g_error_matches(error, SY_ANALYSIS_ERROR,
			 SY_ANALYSIS_ERROR_TOO_COMPLEX))
		fprintf(stderr,
			"%s; raise the limit with --max-operations (0: no "
			"limit)\n",
			error->message);
	else if (g_error_matches(
			 error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS))
		fprintf(stderr,
			"systole-cli: error: %s (--force replaces it)\n",
			error->message);
	else
		fprintf(stderr, "systole-cli: error: %s\n", error->message);
	return cli_error_code(error);
}

void cli_options_clear(CliOptions *o)
{
	g_strfreev(o->defines);
	g_strfreev(o->include_dirs);
	g_free(o->max_dims_text);
	g_free(o->max_operations_text);
	g_free(o->repeat_text);
}

void cli_add_kernel_options(GOptionContext *ctx, CliOptions *o)
{
	/* Text options are read as bytes and made UTF-8 by
	 * cli_option_text, which says exactly what is wrong. */
	GOptionEntry entries[] = {
		{"define", 'D', 0, G_OPTION_ARG_FILENAME_ARRAY, &o->defines,
			"Define a macro, as the C preprocessor does",
			"NAME[=VALUE]"},
		{"include-dir", 'I', 0, G_OPTION_ARG_FILENAME_ARRAY,
			&o->include_dirs, "Search DIR for #include \"...\"",
			"DIR"},
		{"max-dims", 0, 0, G_OPTION_ARG_STRING, &o->max_dims_text,
			"Largest systolic array dimension listed (1 to 3, "
			"default 2)",
			"N"},
		{"max-operations", 0, 0, G_OPTION_ARG_STRING,
			&o->max_operations_text,
			"isl operations per stage before the kernel is too "
			"complex (0: no limit; default 30000000)",
			"N"},
		{"live-range-reordering", 0, 0, G_OPTION_ARG_NONE,
			&o->live_range_reordering,
			"Let the false dependences of arrays declared in the "
			"SCoP reorder (AutoSA's and PPCG's option)",
			NULL},
		G_OPTION_ENTRY_NULL};

	g_option_context_add_main_entries(ctx, entries, NULL);
}

int cli_option_text(const char *option, char **value)
{
	g_autofree char *shown = NULL;
	char *text;

	if (!*value || g_utf8_validate(*value, -1, NULL))
		return -1;
	text = g_locale_to_utf8(*value, -1, NULL, NULL, NULL);
	if (text) {
		g_free(*value);
		*value = text;
		return -1;
	}
	shown = sy_escape_line_comment(*value);
	return cli_usage_error(
		"%s: '%s' is neither UTF-8 nor in the locale's encoding",
		option, shown);
}

int cli_option_number(const char *option, const char *text, gint64 min,
	gint64 max, gint64 *value)
{
	g_autofree char *shown = NULL;

	if (!text || g_ascii_string_to_signed(text, 10, min, max, value, NULL))
		return -1;
	shown = sy_escape_line_comment(text);
	return cli_usage_error(
		"%s: expected a whole number from %" G_GINT64_FORMAT
		" to %" G_GINT64_FORMAT ", not '%s'",
		option, min, max, shown);
}

/* -D NAME, -D NAME=VALUE or -D NAME(ARGS)=VALUE, NAME an identifier
 * and VALUE one line: what gcc takes, and nothing that could add lines
 * to the testbench an export writes. */
static int check_define(const char *d)
{
	const char *end = d + strcspn(d, "=("), *c = d;
	g_autofree char *shown = sy_escape_line_comment(d);

	while (c < end) {
		gunichar u = g_utf8_get_char(c);

		if (!(u == '_' || g_unichar_isalpha(u) ||
			    (c > d && g_unichar_isdigit(u))))
			break;
		c = g_utf8_next_char(c);
	}
	if (c != end || c == d)
		return cli_usage_error("-D '%s': a macro's name is an "
				       "identifier, as in -D N=64",
			shown);
	if (*end == '(' && !strchr(end, ')'))
		return cli_usage_error(
			"-D '%s': a macro's parameters end with ')'", shown);
	if (strpbrk(d, "\n\r"))
		return cli_usage_error("-D '%s': a macro is one line", shown);
	return -1;
}

/* --max-operations N: 0 is no limit; o->max_operations 0 the default. */
static int max_operations(CliOptions *o)
{
	gint64 n;
	int code;

	if (!o->max_operations_text)
		return -1;
	code = cli_option_number("--max-operations", o->max_operations_text,
		0, G_MAXINT64, &n);
	if (code >= 0)
		return code;
	o->max_operations = n == 0 ? SY_MAX_OPERATIONS_UNLIMITED : (guint64)n;
	return -1;
}

/* Parses argv for a command; returns the exit code on failure, or -1. */
int cli_parse_options(
	GOptionContext *ctx, int *argc, char ***argv, CliOptions *o)
{
	GError *error = NULL;
	gint64 max_dims = 2;
	int code = -1;

	if (!g_option_context_parse(ctx, argc, argv, &error)) {
		code = cli_usage_error("%s", error->message);
		g_error_free(error);
		return code;
	}
	for (guint i = 0; code < 0 && o->defines && o->defines[i]; i++) {
		code = cli_option_text("-D", &o->defines[i]);
		if (code < 0)
			code = check_define(o->defines[i]);
	}
	if (code < 0 && o->max_dims_text &&
		!g_ascii_string_to_signed(
			o->max_dims_text, 10, 1, 3, &max_dims, NULL))
		code = cli_usage_error("--max-dims must be 1, 2 or 3");
	o->max_dims = (int)max_dims;
	if (code < 0)
		code = max_operations(o);
	return code;
}

SyAnalysisOptions cli_analysis_options(const CliOptions *o)
{
	SyAnalysisOptions ao = {
		(const char *const *)o->defines,
		(const char *const *)o->include_dirs,
		(guint)o->max_dims,
		o->max_operations,
		o->live_range_reordering,
	};

	return ao;
}

void cli_print_json(JsonNode *root)
{
	g_autofree char *text = sy_json_print(root);

	fputs(text, stdout);
}

int cli_write_error(const GError *error)
{
	if (g_error_matches(error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS))
		fprintf(stderr, "systole-cli: %s (--force replaces it)\n",
			error->message);
	else
		fprintf(stderr, "systole-cli: error: %s\n", error->message);
	return cli_error_code(error);
}

int cli_write_output(const char *path, const char *text, gboolean force)
{
	GError *error = NULL;
	int code;

	if (!path) {
		fputs(text, stdout);
		return EXIT_OK;
	}
	if (sy_export_write_file(path, text, strlen(text), force, &error))
		return EXIT_OK;
	code = cli_write_error(error);
	g_error_free(error);
	return code;
}
