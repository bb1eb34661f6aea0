/* systole-cli simulate: the design export would write, run cycle by
 * cycle (core/sim/): its cycles, each module's busy and stalled
 * cycles, the FIFOs' high-water marks, and whether it deadlocks. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "base/json-print.h"
#include "cli.h"
#include "compute/pe-array.h"
#include "model/model.h"
#include "project/export.h"
#include "render-anim.h"
#include "render-picture.h"
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

/* The most frames --frames writes: a run longer than 10000 steps
 * wants a larger --frame-step. */
#define MAX_FRAMES 10000

static char *frame_path(const char *dir, gint64 k)
{
	g_autofree char *name = g_strdup_printf(
		"frame-%04" G_GINT64_FORMAT ".png", k);

	return g_build_filename(dir, name, NULL);
}

/* The frames at cycles 0, step, 2 step, ... and the run's last. */
static gint64 frame_count(gint64 cycles, gint64 step)
{
	return cycles / step + 1 + (cycles % step != 0);
}

static gboolean frames_prepare(
	const CliSimulate *what, gint64 n, gint64 step, GError **error)
{
	g_autofree char *first = frame_path(what->frames, 0);
	g_autofree char *svg = g_build_filename(
		what->frames, "animation.svg", NULL);

	if (n > MAX_FRAMES) {
		g_set_error(error, SY_SIM_ERROR, SY_SIM_ERROR_LIMIT,
			"simulate: --frames would write %" G_GINT64_FORMAT
			" frames (one every %" G_GINT64_FORMAT
			" cycles), over %d; give a larger --frame-step",
			n, step, MAX_FRAMES);
		return FALSE;
	}
	if (g_mkdir_with_parents(what->frames, 0777) != 0) {
		int e = errno;

		g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e),
			"simulate: cannot make the folder %s: %s", what->frames,
			g_strerror(e));
		return FALSE;
	}
	/* What is in the way is said before the work. */
	return sy_export_file_allowed(first, what->force, error) &&
		sy_export_file_allowed(svg, what->force, error);
}

/* The animated SVG of the same frames, a tenth of a second each,
 * over the page without a frame. */
static gboolean svg_write(SyArrayScene *scene, const SyAnim *anim,
	const CliSimulate *what, gint64 step, GError **error)
{
	g_autofree char *path = g_build_filename(
		what->frames, "animation.svg", NULL);
	SyPictureOptions po = {NULL, FALSE, 1};
	SyPicturePage page = {0};
	g_autoptr(GBytes) bytes = NULL;
	const char *data;
	gsize len;

	page.view = SY_PICTURE_NETWORK;
	page.array = scene;
	sy_array_scene_set_frame(scene, NULL);
	bytes = sy_anim_svg(anim, &page, &po, step, 0.1, error);
	if (!bytes)
		return FALSE;
	data = g_bytes_get_data(bytes, &len);
	return sy_export_write_file(path, data, len, what->force, error);
}

/* Each frame drawn over the scene and written. */
static gboolean frames_write(SyArrayScene *scene, const SyAnim *anim,
	const CliSimulate *what, gint64 n, gint64 step, GError **error)
{
	SyPictureOptions po = {NULL, FALSE, 1};
	SyPicturePage page = {0};
	gint64 cycles = sy_anim_cycles(anim);

	page.view = SY_PICTURE_NETWORK;
	page.array = scene;
	for (gint64 k = 0; k < n; k++) {
		g_autofree char *path = frame_path(what->frames, k);

		sy_array_scene_set_frame(
			scene, sy_anim_frame(anim, MIN(k * step, cycles)));
		if (!sy_picture_write(path, &page, 1, &po, what->force, error))
			return FALSE;
	}
	return TRUE;
}

char *cli_simulate_frames(const SyChoices *c, const SyPeArray *array,
	SyDesign *design, const CliSimulate *what,
	const SyAnalysisOptions *options, GError **error)
{
	g_autoptr(SyDevice) device = sy_device_load(
		what->device ? what->device : "u250", error);
	g_autoptr(SySimTimeline) tl = NULL;
	g_autoptr(SyArrayScene) scene = NULL;
	g_autoptr(SyAnim) anim = NULL;
	SyPictureOptions po = {NULL, FALSE, 1};
	SyPicturePage page = {0};
	SyModelTarget target;
	gint64 cycles, step, n;
	int w, h;

	if (!device || !sy_export_complete(design, options, error))
		return NULL;
	sy_model_target(design, device, what->mhz, &target);
	tl = sy_sim_timeline_design(
		design, &target, what->max_events, NULL, error);
	if (!tl)
		return NULL;
	scene = sy_array_scene_new(array->analysis, c->candidate, array->pe);
	sy_array_scene_set_design(scene, design);
	anim = sy_anim_new(scene, tl);
	cycles = sy_anim_cycles(anim);
	step = what->frame_step ? what->frame_step
				: MAX(1, (cycles + 99) / 100);
	n = frame_count(cycles, step);
	if (!frames_prepare(what, n, step, error) ||
		!frames_write(scene, anim, what, n, step, error) ||
		!svg_write(scene, anim, what, step, error))
		return NULL;
	page.view = SY_PICTURE_NETWORK;
	page.array = scene;
	sy_picture_page_size(&page, &po, &w, &h);
	return g_strdup_printf(
		"%s: %" G_GINT64_FORMAT
		" frames (frame-0000.png to frame-%04" G_GINT64_FORMAT
		".png, animation.svg), cycles 0 to %" G_GINT64_FORMAT
		" every %" G_GINT64_FORMAT ", %d x %d pixels%s\n",
		what->frames, n, n - 1, cycles, step, w, h,
		sy_sim_timeline_result(tl)->deadlock ? ", a deadlock" : "");
}
