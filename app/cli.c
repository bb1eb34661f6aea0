#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "config.h"
#include "design.h"
#include "export.h"
#include "hls-model.h"
#include "diag.h"

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
	return error->domain == SY_INPUT_ERROR ||
			error->domain == SY_CONFIG_ERROR ||
			error->domain == SY_CHOICES_ERROR ||
			error->domain == SY_DESIGN_ERROR ||
			error->domain == SY_HLS_ERROR ||
			error->domain == SY_DEVICE_ERROR ||
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
}

void cli_add_kernel_options(GOptionContext *ctx, CliOptions *o)
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
int cli_parse_options(
	GOptionContext *ctx, int *argc, char ***argv, CliOptions *o)
{
	GError *error = NULL;

	if (!g_option_context_parse(ctx, argc, argv, &error)) {
		int code = cli_usage_error("%s", error->message);

		g_error_free(error);
		return code;
	}
	if (o->max_dims == 0)
		o->max_dims = 2;
	if (o->max_dims < 1 || o->max_dims > 3)
		return cli_usage_error("--max-dims must be 1, 2 or 3");
	return -1;
}

SyAnalysisOptions cli_analysis_options(const CliOptions *o)
{
	SyAnalysisOptions ao = {
		(const char *const *)o->defines,
		(const char *const *)o->include_dirs,
		(guint)o->max_dims,
	};

	return ao;
}

char *cli_json_text(JsonNode *root)
{
	g_autoptr(JsonGenerator) gen = json_generator_new();
	g_autofree char *text = NULL;

	json_generator_set_pretty(gen, TRUE);
	json_generator_set_indent(gen, 2);
	json_generator_set_root(gen, root);
	text = json_generator_to_data(gen, NULL);
	return g_strconcat(text, "\n", NULL);
}

void cli_print_json(JsonNode *root)
{
	g_autofree char *text = cli_json_text(root);

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
