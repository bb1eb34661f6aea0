/* systole-cli simulate: the design export would write, run cycle by
 * cycle (core/sim/): its cycles, each module's busy and stalled
 * cycles, the FIFOs' high-water marks, and whether it deadlocks. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/json-print.h"
#include "cli.h"
#include "model/model.h"
#include "project/export.h"
#include "sim/sim-design.h"
#include "sim/sim-report.h"

/* --trace: one CSV line an event (see README, simulate). */
static void trace_event(guint p, gint64 cycle, guint step, gint64 iter,
	int fifo, gint64 since, gpointer data)
{
	FILE *out = data;

	if (iter >= 0)
		fprintf(out,
			"%" G_GINT64_FORMAT ",%u,issue,%u,%" G_GINT64_FORMAT
			",\n",
			cycle, p, step, iter);
	else
		fprintf(out,
			"%" G_GINT64_FORMAT ",%u,stall,%u,%" G_GINT64_FORMAT
			",%d\n",
			cycle, p, step, since, fifo);
}

/* The trace's header and, after the events, the processes' and FIFOs'
 * names by index. */
static void trace_names(FILE *out, const SySimResult *r)
{
	for (guint k = 0; k < r->n_processes; k++)
		fprintf(out, "# process %u %s\n", k, r->processes[k].name);
	for (guint k = 0; k < r->n_fifos; k++)
		fprintf(out, "# fifo %u %s\n", k, r->fifos[k].name);
}

static FILE *trace_open(const char *path, GError **error)
{
	FILE *out = fopen(path, "w");

	if (!out) {
		int e = errno;

		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e),
			"simulate: cannot write the trace %s: %s", path,
			g_strerror(e));
		return NULL;
	}
	fputs("cycle,process,event,step,iteration_or_since,fifo\n", out);
	return out;
}

/* The model's cycles for the design, -1 where it cannot say. */
static double model_cycles(
	const SyDesign *design, const SyDevice *device, const CliSimulate *what)
{
	SyEstimateOptions eo = {NULL, what->mhz, 0, FALSE};
	g_autoptr(SyEstimate) e = sy_design_estimate(design, device, &eo, NULL);

	return e ? e->cycles : -1;
}

char *cli_simulate_design(SyDesign *design, const CliSimulate *what,
	const SyAnalysisOptions *options, GError **error)
{
	g_autoptr(SyDevice) device = sy_device_load(
		what->device ? what->device : "u250", error);
	SyModelTarget target;
	SySimRunOptions ro = {what->max_events, NULL, NULL, NULL};
	g_autoptr(SySimResult) r = NULL;
	FILE *out = NULL;
	double model;

	if (!device || !sy_export_complete(design, options, error))
		return NULL;
	sy_model_target(design, device, what->mhz, &target);
	if (what->trace && !(out = trace_open(what->trace, error)))
		return NULL;
	ro.trace = out ? trace_event : NULL;
	ro.trace_data = out;
	r = sy_sim_design_run(design, &target, &ro, error);
	if (out) {
		if (r)
			trace_names(out, r);
		if (fclose(out) != 0 && r) {
			g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO,
				"simulate: cannot write the trace %s",
				what->trace);
			return NULL;
		}
	}
	if (!r)
		return NULL;
	model = model_cycles(design, device, what);
	if (what->json) {
		g_autoptr(JsonNode) root = sy_sim_result_json(r, model);

		return sy_json_print(root);
	}
	return sy_sim_result_text(r, model);
}
