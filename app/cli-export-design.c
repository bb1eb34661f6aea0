/* systole-cli export --design design.json -o DIR: a project printed from
 * a design.json alone, without the kernel or its analysis.  The file is
 * read and checked whole; the project is printed only when the HLS
 * backend can print it from what the design holds
 * (sy_design_check_printable), else nothing is written and the error
 * says what the design lacks. */
#include <stdio.h>

#include "cli.h"
#include "comm/design-load.h"
#include "project/export.h"

/* The design in the file at path; errors name the file. */
static SyDesign *load(const char *path, GError **error)
{
	g_autofree char *text = NULL;
	gsize len;
	SyDesign *design;

	if (!g_file_get_contents(path, &text, &len, error))
		return NULL;
	design = sy_design_from_json_text(text, (gssize)len, error);
	if (!design)
		g_prefix_error(error, "%s: ", path);
	return design;
}

/* The project, as export writes it; what was written, as text. */
static char *print(SyDesign *design, const char *output,
	const char *device_name, gboolean force, GError **error)
{
	/* The device of the export it came from, unless told. */
	g_autoptr(SyDevice) device = sy_device_load(
		device_name ? device_name
		: design->kernel->device ? design->kernel->device
					 : "u250",
		error);
	SyExportFiles files = {0};
	char *done;

	if (!device)
		return NULL;
	sy_export_files_print(design, device, &files);
	if (!sy_export_write(&files, output, force, error)) {
		sy_export_files_clear(&files);
		return NULL;
	}
	done = g_strdup_printf("%s: %u files for the %s\n", output,
		files.paths->len, device->description);
	for (guint i = 0; i < files.warnings->len; i++)
		g_printerr("systole-cli: warning: %s\n",
			(const char *)g_ptr_array_index(files.warnings, i));
	sy_export_files_clear(&files);
	return done;
}

int cli_export_design(const char *path, const char *output, const char *device,
	gboolean force)
{
	g_autoptr(SyDesign) design = NULL;
	g_autofree char *done = NULL;
	GError *error = NULL;
	int code;

	design = load(path, &error);
	if (design && !sy_design_check_printable(design, &error))
		g_prefix_error(&error, "%s: ", path);
	else if (design)
		done = print(design, output, device, force, &error);
	if (!done) {
		code = cli_report_error(error);
		g_error_free(error);
		return code;
	}
	fputs(done, stdout);
	return EXIT_OK;
}
