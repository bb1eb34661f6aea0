/* design-roundtrip FILE...: each design.json, read back without any
 * analysis (sy_design_from_json) and written again (sy_design_to_json,
 * with the estimate on its device computed again from the design read
 * back, as export writes it: sy_export_design_json), must give its own
 * bytes.  Prints the first line that differs, or why
 * the file was refused, and exits 1; check-export.sh runs it on every
 * project it exports. */
#include <stdio.h>
#include <string.h>

#include "base/json-print.h"
#include "comm/design-json.h"
#include "comm/design-load.h"
#include "project/export.h"

/* The first line where a and b differ, 1-based. */
static guint first_difference(const char *a, const char *b)
{
	guint line = 1;

	for (; *a && *a == *b; a++, b++)
		line += *a == '\n';
	return line;
}

/* design.json written again: an export's (it has the kernel's
 * interface) with the models' estimate on its device, where they give
 * one, as export writes it. */
static char *write_again(const SyDesign *design)
{
	g_autoptr(SyDevice) device = NULL;
	g_autoptr(JsonNode) root = NULL;

	if (design->kernel &&
		(device = sy_device_load(design->kernel->device
				 ? design->kernel->device
				 : "u250",
			 NULL)))
		return sy_export_design_json(design, device);
	root = sy_design_to_json(design);
	return sy_json_print(root);
}

static gboolean round_trip(const char *path)
{
	g_autofree char *text = NULL;
	g_autofree char *again = NULL;
	g_autoptr(SyDesign) design = NULL;
	GError *error = NULL;
	gsize len;

	if (!g_file_get_contents(path, &text, &len, &error) ||
		!(design = sy_design_from_json_text(
			  text, (gssize)len, &error))) {
		fprintf(stderr, "%s: %s\n", path, error->message);
		g_error_free(error);
		return FALSE;
	}
	again = write_again(design);
	if (strcmp(text, again) == 0)
		return TRUE;
	fprintf(stderr, "%s: written back, line %u differs\n", path,
		first_difference(text, again));
	return FALSE;
}

int main(int argc, char **argv)
{
	gboolean ok = argc > 1;

	if (argc < 2)
		fputs("usage: design-roundtrip FILE...\n", stderr);
	for (int i = 1; i < argc; i++)
		ok = round_trip(argv[i]) && ok;
	return ok ? 0 : 1;
}
