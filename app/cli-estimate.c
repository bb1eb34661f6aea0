/* systole-cli estimate: what the models say a design costs on a device.
 * The design is the one export would write (compile's options and
 * stages, shared in cli-compile.c), completed as export completes it,
 * so that the models read the code the project would hold. */
#include <string.h>

#include "base/escape.h"
#include "base/json-print.h"
#include "cli.h"
#include "model/model.h"
#include "project/export.h"
#include "report/report-estimate.h"

int cli_estimate_check(const char *mhz, const char *model)
{
	g_autofree char *shown = NULL;
	gint64 n;
	int code = cli_option_number("estimate: --mhz", mhz, 1, 1000, &n);

	if (code >= 0)
		return code;
	if (!model || g_str_equal(model, "systole") ||
		g_str_equal(model, "odyssey"))
		return -1;
	shown = sy_escape_line_comment(model);
	return cli_usage_error(
		"estimate: --model takes systole or odyssey, not '%s'", shown);
}

char *cli_estimate_design(SyDesign *design, const CliEstimate *what,
	const SyAnalysisOptions *options, GError **error)
{
	g_autoptr(SyDevice) device = sy_device_load(
		what->device ? what->device : "u250", error);
	SyEstimateOptions eo = {what->model, what->mhz, 0, FALSE};
	g_autoptr(SyEstimate) e = NULL;

	if (!device || !sy_export_complete(design, options, error))
		return NULL;
	e = sy_design_estimate(design, device, &eo, error);
	if (!e)
		return NULL;
	if (what->json) {
		g_autoptr(JsonNode) root = sy_report_estimate_json(e);

		return sy_json_print(root);
	}
	return sy_report_estimate_text(e);
}
