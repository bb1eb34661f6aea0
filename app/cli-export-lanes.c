/* systole-cli export --target c-simd|opencl|cuda: a systolic array (its
 * first space row the lanes, any other rows of lanes) run in software as a lane program (lanes/lane-program.h), in a
 * project that checks it against the original nest
 * (project/export-lanes.h). */
#include <stdio.h>
#include <string.h>

#include "base/escape.h"
#include "cli.h"
#include "lanes/lane-program.h"
#include "poly/movement.h"
#include "project/export-lanes.h"

typedef struct {
	CliOptions common;
	char *target_text;
	char *lanes_text;
	char *space;
	char *space_time;
	char *output;
	gboolean force;
} Lanes;

static void lanes_clear(Lanes *o)
{
	cli_options_clear(&o->common);
	g_free(o->target_text);
	g_free(o->lanes_text);
	g_free(o->space);
	g_free(o->space_time);
	g_free(o->output);
}

/* The lane errors are about the kernel or an option's value: input. */
static int report(const GError *error)
{
	if (error->domain != SY_LANES_ERROR)
		return cli_report_error(error);
	fprintf(stderr, "systole-cli: error: %s\n", error->message);
	return EXIT_INPUT;
}

/* T for a loop-aligned array: the space members' rows (the first the
 * lanes, the others rows of lanes), then the others in band order
 * (time, compared lexicographically). */
static gint64 *aligned_rows(
	const SyAnalysis *a, const guint *space, guint n_space)
{
	guint n = a->band->n_members, r = 0;
	gint64 *rows = g_new0(gint64, n * n);
	gboolean taken[SY_LANES_MAX_COORDS] = {0};

	for (guint s = 0; s < n_space; s++) {
		rows[r++ * n + space[s]] = 1;
		taken[space[s]] = TRUE;
	}
	for (guint m = 0; m < n; m++)
		if (!taken[m])
			rows[r++ * n + m] = 1;
	return rows;
}

static char *command_line(int argc, char **argv)
{
	GString *s = g_string_new("systole-cli export");

	for (int i = 1; i < argc; i++) {
		g_autofree char *w = sy_escape_shell(argv[i]);

		g_string_append_printf(s, " %s", w);
	}
	return g_string_free(s, FALSE);
}

/* The transform: --space-time's, applied to the analysis (its band is
 * then T x the loops: T is the identity over it), or the loop-aligned
 * one of --space's loop; and the arrays' movement under it. */
static gint64 *transform(SyAnalysis *a, const Lanes *o, guint *member,
	guint *n_space, GPtrArray **moves, GError **error)
{
	guint n = a->band->n_members;
	g_autoptr(SySpaceTime) aligned = NULL;
	const SyCandidate *c;
	gint64 *rows;
	int id;

	if (!o->space_time) {
		id = sy_config_find_space(a, o->space, error);
		if (id < 0)
			return NULL;
		c = g_ptr_array_index(a->candidates, id);
		*member = c->space[0];
		*n_space = c->n_space;
		aligned = sy_space_time_new_aligned(
			c->space, c->n_space, a->band, a->scop);
		if (aligned)
			*moves = sy_movement_compute(a->scop, a->band, aligned);
		return aligned_rows(a, c->space, c->n_space);
	}
	if (!cli_space_time_apply(a, o->space_time, error))
		return NULL;
	*member = 0;
	*n_space = a->space_time->n_space;
	*moves = sy_movement_compute(a->scop, a->loop_band, a->space_time);
	rows = g_new0(gint64, n * n);
	for (guint i = 0; i < n; i++)
		rows[i * n + i] = 1;
	return rows;
}

static char *run(const char *path, const Lanes *o, SyLanesTarget target,
	guint width, const char *command, GError **error)
{
	SyAnalysisOptions ao = cli_analysis_options(&o->common);
	g_autoptr(SyAnalysis) a = sy_analysis_new_from_file(path, &ao, error);
	g_autoptr(SyLaneProgram) p = NULL;
	g_autoptr(GPtrArray) moves = NULL;
	g_autofree gint64 *rows = NULL;
	SyExportFiles files = {0};
	guint member, n_space;
	GString *done;

	if (!a)
		return NULL;
	rows = transform(a, o, &member, &n_space, &moves, error);
	if (!rows)
		return NULL;
	p = sy_lane_program_new(
		a, rows, a->band->n_members, n_space, width, moves, error);
	if (!p || !sy_export_lanes_files(p, target, command, &files, error) ||
		!sy_export_write(&files, o->output, o->force, error)) {
		sy_export_files_clear(&files);
		return NULL;
	}
	done = g_string_new(NULL);
	g_string_append_printf(done,
		"%s: %u files, a lane program for %s, %u lanes along %s\n",
		o->output, files.paths->len, sy_lanes_target_name(target),
		width, a->band->members[member].name);
	for (guint i = 0; i < p->notes->len; i++)
		g_string_append_printf(done, "  %s\n",
			(const char *)g_ptr_array_index(p->notes, i));
	sy_export_files_clear(&files);
	return g_string_free(done, FALSE);
}

int cli_export_lanes(int argc, char **argv)
{
	Lanes o = {0};
	g_autoptr(GOptionContext) ctx = g_option_context_new(
		"FILE.c - export a lane program (c-simd, opencl, cuda)");
	GOptionEntry entries[] = {
		{"target", 0, 0, G_OPTION_ARG_STRING, &o.target_text,
			"c-simd, opencl or cuda (hls, the default, is the "
			"Vitis HLS project)",
			"NAME"},
		{"lanes", 0, 0, G_OPTION_ARG_STRING, &o.lanes_text,
			"Lanes a strip (a power of two; default 8, 32 for "
			"cuda)",
			"W"},
		{"space", 0, 0, G_OPTION_ARG_FILENAME, &o.space,
			"The space loops of the array: the first the lanes, "
			"any other rows of lanes",
			"LOOPS"},
		{"space-time", 0, 0, G_OPTION_ARG_FILENAME, &o.space_time,
			"A space-time transform over the band's loops: space "
			"rows (the first the lanes, any other rows of lanes), "
			"then time rows",
			"[[1,1],[0,1]]"},
		{"output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
			"The project folder (required)", "DIR"},
		{"force", 0, 0, G_OPTION_ARG_NONE, &o.force,
			"Replace an earlier export", NULL},
		G_OPTION_ENTRY_NULL};
	g_autofree char *command = command_line(argc, argv);
	g_autofree char *text = NULL;
	SyLanesTarget target;
	GError *error = NULL;
	guint width;
	int code;

	g_option_context_set_summary(ctx,
		"Writes a project running one dataflow of the SCoP in FILE.c "
		"as a lane program: the first space loop's strips are vector "
		"lanes (c-simd), work-items (opencl) or warp lanes (cuda), "
		"any other space loop rows of lanes run in turn in each time "
		"step, the loops below the band steps of their own; a main "
		"checks it against the original nest (make run).\nExit "
		"status: 0 written, 1 input or unsupported kernel, 2 usage "
		"error, 4 the folder exists (without --force) or cannot be "
		"written.");
	g_option_context_add_main_entries(ctx, entries, NULL);
	cli_add_kernel_options(ctx, &o.common);
	code = cli_parse_options(ctx, &argc, &argv, &o.common);
	if (code < 0 && argc != 2)
		code = cli_usage_error(argc < 2 ? "export: no input file"
						: "export: one input file "
						  "expected");
	if (code < 0 && !sy_lanes_target_parse(o.target_text, &target))
		code = cli_usage_error("export: --target takes hls, c-simd, "
				       "opencl or cuda, not '%s'",
			o.target_text);
	if (code < 0 && !o.space == !o.space_time)
		code = cli_usage_error("export: --target %s takes --space LOOP "
				       "(the lanes' loop) or --space-time "
				       "MATRIX, one of them",
			o.target_text);
	if (code < 0 && !o.output)
		code = cli_usage_error("export: -o DIR names the project "
				       "folder");
	width = code < 0 ? sy_lanes_target_width(target) : 0;
	if (code < 0 && o.lanes_text &&
		!sy_lanes_parse_width(o.lanes_text, &width, &error)) {
		code = cli_usage_error("export: %s", error->message);
		g_clear_error(&error);
	}
	if (code < 0 && !sy_export_write_allowed(o.output, o.force, &error)) {
		code = cli_report_error(error);
		g_clear_error(&error);
	}
	if (code < 0) {
		text = run(argv[1], &o, target, width, command, &error);
		code = text ? EXIT_OK : report(error);
		if (text)
			fputs(text, stdout);
		g_clear_error(&error);
	}
	lanes_clear(&o);
	return code;
}

/* Whether argv asks export for a lane target: --target NAME or
 * --target=NAME with NAME other than hls. */
gboolean cli_export_wants_lanes(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *v = NULL;

		if (g_str_equal(argv[i], "--"))
			break;
		if (g_str_equal(argv[i], "--target") && i + 1 < argc)
			v = argv[i + 1];
		else if (g_str_has_prefix(argv[i], "--target="))
			v = argv[i] + strlen("--target=");
		if (v)
			return !g_str_equal(v, "hls");
	}
	return FALSE;
}
