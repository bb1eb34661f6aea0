/* systole-cli compile: a dataflow and its sizes made into a PE array. */
#include <stdio.h>
#include <string.h>

#include "base/json-print.h"
#include "cli.h"
#include "comm/design-json.h"
#include "comm/design-options.h"
#include "comm/module-code.h"
#include "compute/check.h"
#include "compute/codegen.h"
#include "compute/select-rar.h"
#include "compute/simd-autosa.h"
#include "sim/sim-design.h"
#include "project/export.h"
#include "report/report-compile.h"
#include "report/report-design.h"

typedef struct {
	CliOptions common;
	char *space;
	char *space_time; /* --space-time: a transform (issue 16) */
	char *sa_sizes;
	char *tile;
	char *tile_l2; /* --tile-l2: array_part_L2 by name */
	gboolean two_level_buffer; /* AutoSA's --two-level-buffer */
	char *order;
	char *latency;
	char *simd;
	char *simd_info;
	char *select_rar_dep;
	char *emit;
	char *output;
	gboolean force;
	gboolean touch_space; /* --simd-touch-space */
	gboolean no_double_buffer;
	gboolean no_packing;
	gboolean host_serialize; /* AutoSA's: 512-bit DRAM words */
	char *data_pack_sizes; /* AutoSA's: words per level, per array */
	gboolean local_reduce; /* AutoSA's --local-reduce */
	gboolean uram; /* AutoSA's --uram */
	char *int_io_dir_text; /* AutoSA's --int-io-dir: 0 or 1 */
	char *reduce_op_text; /* its --reduce-op */
	char reduce_op[4]; /* read: "+" */
	gboolean reverse_order; /* --[no-]reverse-order, the last given */
	gboolean autosa_same; /* AutoSA options that are what Systole does */
	gboolean no_reschedule; /* the source order's band, never isl's */
	gboolean export; /* systole-cli export: a project folder */
	gboolean estimate; /* systole-cli estimate: the models' figures */
	gboolean simulate; /* systole-cli simulate: the simulator's */
	char *trace; /* simulate --trace FILE */
	char *max_events_text; /* simulate --max-events N */
	char *frames; /* simulate --frames DIR */
	char *frame_step_text; /* simulate --frame-step N */
	gboolean render; /* systole-cli render: pictures (cli-render.c) */
	CliRender r;
	const char *path; /* FILE.c */
	char *mhz_text;
	char *model;
	char *design; /* export --design: from design.json, no FILE.c */
	char *target; /* export --target: hls (the lane targets are
			 cli-export-lanes.c's) */
	char *device;
	char *pack;
	char *fifo_depth_text;
	guint fifo_depth; /* 0: the default */
	gboolean hbm; /* AutoSA's --hbm: DRAM ports per path */
	char *hbm_port_num_text;
	guint hbm_port_num; /* 0: the default */
	char *hbm_ports; /* --hbm-ports A=2,...: over --sa-sizes' hbm_ */
	const CliAutosa *autosa; /* systole-cli autosa: AutoSA's stops */
} Compile;

static void compile_clear(Compile *o)
{
	cli_options_clear(&o->common);
	cli_render_clear(&o->r);
	g_free(o->space);
	g_free(o->space_time);
	g_free(o->sa_sizes);
	g_free(o->tile);
	g_free(o->tile_l2);
	g_free(o->order);
	g_free(o->latency);
	g_free(o->simd);
	g_free(o->simd_info);
	g_free(o->select_rar_dep);
	g_free(o->emit);
	g_free(o->output);
	g_free(o->pack);
	g_free(o->data_pack_sizes);
	g_free(o->reduce_op_text);
	g_free(o->fifo_depth_text);
	g_free(o->hbm_port_num_text);
	g_free(o->hbm_ports);
	g_free(o->int_io_dir_text);
	g_free(o->device);
	g_free(o->design);
	g_free(o->target);
	g_free(o->mhz_text);
	g_free(o->model);
	g_free(o->trace);
	g_free(o->frames);
	g_free(o->frame_step_text);
	g_free(o->max_events_text);
}

static const char *const emits[] = {
	"summary", "options", "schedule", "c", "check", "design"};

static gboolean emit_known(const char *emit)
{
	for (guint i = 0; i < G_N_ELEMENTS(emits); i++)
		if (g_str_equal(emit, emits[i]))
			return TRUE;
	return FALSE;
}

static char *candidate_list(const SyAnalysis *a)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < a->candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(a->candidates, i);

		g_string_append_printf(out, "%s%u [", i ? ", " : "", c->id);
		for (guint k = 0; k < c->n_space; k++)
			g_string_append_printf(out, "%s%s", k ? "," : "",
				a->band->members[c->space[k]].name);
		g_string_append_c(out, ']');
	}
	return g_string_free(out, FALSE);
}

/* Where the band ends at a false dependence of a local array: why, and
 * the option that would let it go on; else "". */
static char *reorder_hint(const SyAnalysis *a)
{
	if (!a->band->stop_reorderable || a->live_range_reordering)
		return g_strdup("");
	return g_strdup_printf("; the band ends where %s (--live-range-"
			       "reordering lets the false dependences of "
			       "arrays declared in the SCoP reorder, as "
			       "AutoSA's option does)",
		a->band->stop);
}

/* The array --space and --sa-sizes choose; they must agree. */
static const SyCandidate *choose(
	const SyAnalysis *a, const Compile *o, GError **error)
{
	g_autofree char *list = candidate_list(a);
	int by_sizes = -1, by_space = -1;

	if (o->sa_sizes) {
		by_sizes = sy_config_sa_sizes_candidate(o->sa_sizes, error);
		if (by_sizes < -1)
			return NULL;
		if (by_sizes >= (int)a->candidates->len) {
			g_autofree char *hint = reorder_hint(a);

			sy_config_fail(error,
				"--sa-sizes: space_time[%d], but this "
				"kernel has %u arrays with --max-dims %u: "
				"%s%s",
				by_sizes, a->candidates->len, a->max_dims, list,
				hint);
			return NULL;
		}
	}
	if (o->space) {
		by_space = sy_config_find_space(a, o->space, error);
		if (by_space < 0)
			return NULL;
	}
	if (by_space >= 0 && by_sizes >= 0 && by_space != by_sizes) {
		sy_config_fail(error,
			"--space %s is array %d, but --sa-sizes says "
			"space_time[%d]",
			o->space, by_space, by_sizes);
		return NULL;
	}
	if (by_space < 0 && by_sizes < 0) {
		sy_config_fail(error,
			"choose the array with --space LOOPS or "
			"--sa-sizes \"{kernel[]->space_time[N]}\"; this "
			"kernel has %s",
			*list ? list : "none");
		return NULL;
	}
	return g_ptr_array_index(
		a->candidates, by_space >= 0 ? by_space : by_sizes);
}

/* The choices, with AutoSA's reduction answers if given. */
static SyChoices *make_choices(const SyAnalysis *a, const SyCandidate *cand,
	const Compile *o, GError **error)
{
	g_autofree char *text = NULL;
	g_autoptr(SyChoices)
		plain = sy_choices_new_touch(a, cand, NULL, o->touch_space);
	g_autoptr(GHashTable) over = NULL;

	if (!o->simd_info)
		return g_steal_pointer(&plain);
	if (!g_file_get_contents(o->simd_info, &text, NULL, error))
		return NULL;
	over = sy_autosa_simd_info(plain, o->simd_info, text, error);
	if (!over)
		return NULL;
	return sy_choices_new_touch(a, cand, over, o->touch_space);
}

/* --two-level-buffer: the second tiling level, from --sa-sizes'
 * array_part_L2[...] (which AutoSA reads only then), then --tile-l2. */
static gboolean make_config_l2(
	SyConfig *cfg, const SyChoices *c, const Compile *o, GError **error)
{
	if (o->sa_sizes &&
		!sy_config_apply_sa_sizes_l2(cfg, c, o->sa_sizes, error))
		return FALSE;
	if (o->tile_l2 &&
		!sy_config_apply_named(cfg, c, "tile-l2", o->tile_l2, error))
		return FALSE;
	/* AutoSA's manual mode stops at array_part_L2 (autosa_stop). */
	if (!cfg->tile_l2 && o->autosa)
		return TRUE;
	if (!cfg->tile_l2)
		return sy_config_fail(error,
			"--two-level-buffer: no second tiling level; give "
			"kernel[]->array_part_L2[...] in --sa-sizes (one "
			"factor per array_part loop, in tiles) or --tile-l2 "
			"i=2,j=2");
	return TRUE;
}

/* AutoSA's warning where --host-serialize turns its L2 buffers off
 * (the second tiling level stays). */
static void l2_note(const Compile *o)
{
	SyDesignOptions options = {.host_serialize = o->host_serialize};
	const char *note = sy_design_options_l2_note(&options);

	if (note)
		g_printerr("systole-cli: warning: %s\n", note);
}

static SyConfig *make_config(
	const SyChoices *c, const Compile *o, GError **error)
{
	g_autoptr(SyConfig) cfg = sy_config_new(c);

	if (o->sa_sizes &&
		!sy_config_apply_sa_sizes(cfg, c, o->sa_sizes, error))
		return NULL;
	if (o->sa_sizes) {
		g_autofree char *skipped = sy_config_sa_sizes_skipped(
			o->sa_sizes, c, cfg);

		g_autofree char *reversed = sy_config_sa_sizes_reversed(
			o->sa_sizes, c, cfg);

		if (skipped)
			g_printerr("systole-cli: warning: %s\n", skipped);
		if (reversed)
			g_printerr("systole-cli: note: %s\n", reversed);
	}
	if (o->tile && !sy_config_apply_named(cfg, c, "tile", o->tile, error))
		return NULL;
	if (o->two_level_buffer && !make_config_l2(cfg, c, o, error))
		return NULL;
	if (o->order && !sy_config_set_order(cfg, c, o->order, error))
		return NULL;
	if (o->latency &&
		!sy_config_apply_named(cfg, c, "latency", o->latency, error))
		return NULL;
	if (o->simd && !sy_config_apply_named(cfg, c, "simd", o->simd, error))
		return NULL;
	cfg->reverse_order = o->reverse_order;
	return g_steal_pointer(&cfg);
}

/* --hbm's port counts: --sa-sizes' hbm_<group>[n] keys, then
 * --hbm-ports over them. */
static GHashTable *hbm_ports(const Compile *o, GError **error)
{
	g_autofree char *keys = NULL;
	GHashTable *ports = NULL, *over;
	GError *err = NULL;

	if (o->sa_sizes) {
		keys = sy_config_sa_sizes_hbm(o->sa_sizes, &err);
		if (err) {
			g_propagate_error(error, err);
			return NULL;
		}
	}
	if (!(ports = sy_design_parse_hbm_ports(keys ? keys : "", error)))
		return NULL;
	if (o->hbm_ports) {
		GHashTableIter it;
		gpointer k, v;

		if (!(over = sy_design_parse_hbm_ports(o->hbm_ports, error))) {
			g_hash_table_unref(ports);
			return NULL;
		}
		g_hash_table_iter_init(&it, over);
		while (g_hash_table_iter_next(&it, &k, &v))
			g_hash_table_replace(ports, g_strdup(k), v);
		g_hash_table_unref(over);
	}
	return ports;
}

static SyDesign *make_design(
	const SyPeArray *array, const Compile *o, GError **error)
{
	g_autoptr(GHashTable) pack = NULL;
	g_autoptr(GHashTable) caps = NULL;
	SyDesign *design;
	SyDesignOptions options = {.no_double_buffer = o->no_double_buffer,
		.no_packing = o->no_packing,
		.fifo_depth = o->fifo_depth,
		.host_serialize = o->host_serialize,
		.uram = o->uram};

	if (o->int_io_dir_text &&
		!sy_design_parse_int_io_dir(
			o->int_io_dir_text, &options.int_io_dir, error))
		return NULL;

	g_strlcpy(options.reduce_op, o->reduce_op, sizeof(options.reduce_op));
	if (o->pack && !(pack = sy_design_parse_pack(o->pack, error)))
		return NULL;
	if (o->data_pack_sizes &&
		!(caps = sy_design_parse_pack_caps(o->data_pack_sizes, error)))
		return NULL;
	options.pack = pack;
	options.pack_caps = caps;
	options.hbm = o->hbm;
	options.hbm_port_num = o->hbm_port_num;
	if (o->hbm && !(options.hbm_ports = hbm_ports(o, error)))
		return NULL;
	design = sy_design_new(array, &options, error);
	g_clear_pointer(&options.hbm_ports, g_hash_table_unref);
	return design;
}

/* The project folder; what was written, as text. */
static char *export(SyDesign *design, const Compile *o, GError **error)
{
	g_autoptr(SyDevice)
		device = sy_device_load(o->device ? o->device : "u250", error);
	SyAnalysisOptions ao = cli_analysis_options(&o->common);
	SyExportFiles files = {0};
	char *done;

	if (!device || !sy_export_files(design, device, &ao, &files, error))
		return NULL;
	if (!sy_export_write(&files, o->output, o->force, error)) {
		sy_export_files_clear(&files);
		return NULL;
	}
	done = g_strdup_printf("%s: %u files for the %s\n", o->output,
		files.paths->len, device->description);
	/* A design small enough is simulated, and export says so
	 * (systole-cli autosa prints what AutoSA's run would). */
	if (!o->autosa) {
		g_autofree char *simulated = sy_sim_design_summary(
			design, device, NULL);

		if (simulated) {
			char *both = g_strconcat(done, simulated, "\n", NULL);

			g_free(done);
			done = both;
		}
	}
	for (guint i = 0; i < files.warnings->len; i++)
		g_printerr("systole-cli: warning: %s\n",
			(const char *)g_ptr_array_index(files.warnings, i));
	sy_export_files_clear(&files);
	return done;
}

/* What the models estimate for the design, as text or JSON. */
static char *estimate(SyDesign *design, const Compile *o, GError **error)
{
	SyAnalysisOptions ao = cli_analysis_options(&o->common);
	CliEstimate what = {o->device, 0, o->model, o->common.json};
	gint64 mhz = 0;

	/* Checked with the other options already. */
	if (o->mhz_text)
		g_ascii_string_to_signed(o->mhz_text, 10, 1, 1000, &mhz, NULL);
	what.mhz = (guint)mhz;
	return cli_estimate_design(design, &what, &ao, error);
}

/* The simulator's run of the design, as text or JSON, or (--frames)
 * drawn frame by frame. */
static char *simulate(const SyChoices *c, const SyPeArray *array,
	SyDesign *design, const Compile *o, GError **error)
{
	SyAnalysisOptions ao = cli_analysis_options(&o->common);
	CliSimulate what = {o->device, 0, o->common.json, o->trace, 0,
		o->frames, 0, o->force};
	gint64 n = 0;

	/* Checked with the other options already. */
	if (o->mhz_text)
		g_ascii_string_to_signed(o->mhz_text, 10, 1, 1000, &n, NULL);
	what.mhz = (guint)n;
	if (o->max_events_text)
		g_ascii_string_to_signed(o->max_events_text, 10, 1, G_MAXINT64,
			&what.max_events, NULL);
	if (o->frame_step_text)
		g_ascii_string_to_signed(o->frame_step_text, 10, 1, G_MAXINT64,
			&what.frame_step, NULL);
	if (o->frames)
		return cli_simulate_frames(c, array, design, &what, &ao, error);
	return cli_simulate_design(design, &what, &ao, error);
}

/* The descriptor gives each module's code where the HLS backend
 * supports the design (those export writes); one it refuses is
 * described without (README, --emit design). */
static gboolean build_code(SyDesign *design, GError **error)
{
	GError *why = NULL;

	if (sy_design_build_code(design, &why))
		return TRUE;
	if (g_error_matches(why, SY_HLS_ERROR, SY_HLS_ERROR_UNSUPPORTED)) {
		g_error_free(why);
		return TRUE;
	}
	g_propagate_error(error, why);
	return FALSE;
}

/* What --emit asks for, as text; NULL with error set if it cannot be
 * made. */
/* Where AutoSA's manual mode stops under --hbm (its --config's hbm
 * stage): at the first path it splits (not partial results read back,
 * not an exterior path of a one-dimensional array) that --sa-sizes
 * gives no hbm_<path> key; *stop is that key, and the text what
 * AutoSA's tuning.json then holds, the length of the path's L2 chain
 * (the loop AutoSA would tile).  NULL where it goes on. */
static char *hbm_stop(
	const SyDesign *design, const Compile *o, const char **stop)
{
	g_autofree char *keys = NULL;
	g_autoptr(GHashTable) named = NULL;

	if (!o->autosa || !o->autosa->hbm_manual || !o->hbm)
		return NULL;
	if (o->sa_sizes)
		keys = sy_config_sa_sizes_hbm(o->sa_sizes, NULL);
	named = sy_design_parse_hbm_ports(keys ? keys : "", NULL);
	for (guint i = 0; named && i < design->paths->len; i++) {
		const SyIoPath *p = g_ptr_array_index(design->paths, i);
		g_autofree char *key = NULL;
		gint64 l2 = 0;

		if (p->role == SY_PATH_PASS || p->role == SY_PATH_PARTIAL ||
			(p->exterior && p->n_space < 2) ||
			g_hash_table_contains(named, p->prefix))
			continue;
		for (guint k = 0; k < design->modules->len; k++) {
			const SyModule *m = g_ptr_array_index(
				design->modules, k);

			if (m->path == p && m->level == 2)
				l2 += m->count;
		}
		key = g_strconcat("hbm_", p->prefix, NULL);
		*stop = g_intern_string(key);
		return g_strdup_printf(
			"{\"%s\": {\"tilable_loops\": [%" G_GINT64_FORMAT
			"]}}\n",
			key, l2);
	}
	return NULL;
}

static char *emit(const SyChoices *c, const SyConfig *cfg, const Compile *o,
	const char **stop, GError **error)
{
	char *listed;

	g_autoptr(SyPeArray) array = NULL;
	g_autoptr(SyDesign) design = NULL;
	g_autoptr(JsonNode) root = NULL;

	if (g_str_equal(o->emit, "options")) {
		if (!o->common.json)
			return sy_report_choices_text(c, cfg);
		root = sy_report_choices_json(c, cfg);
		return sy_json_print(root);
	}
	array = sy_pe_array_new(c, cfg, error);
	if (!array)
		return NULL;
	if (g_str_equal(o->emit, "schedule"))
		return sy_pe_array_schedule_yaml(array);
	if (g_str_equal(o->emit, "c"))
		return sy_codegen_file(array, error);
	if (g_str_equal(o->emit, "check"))
		return sy_check_file(&array, 1, error);
	design = make_design(array, o, error);
	if (!design)
		return NULL;
	if ((listed = hbm_stop(design, o, stop)))
		return listed;
	if (o->render) {
		SyAnalysisOptions ao = cli_analysis_options(&o->common);

		return cli_render_design(o->path, c, cfg, array, design,
			o->output, o->force, &o->r, o->device, &ao, error);
	}
	if (o->export)
		return export(design, o, error);
	if (o->estimate)
		return estimate(design, o, error);
	if (o->simulate)
		return simulate(c, array, design, o, error);
	if (g_str_equal(o->emit, "design") || o->common.json) {
		if (!build_code(design, error))
			return NULL;
		root = sy_design_to_json(design);
		if (g_str_equal(o->emit, "summary"))
			cli_space_time_add_json(
				root, c->analysis, c->candidate);
		return sy_json_print(root);
	}
	if (g_str_equal(o->emit, "summary")) {
		g_autofree char *text = sy_report_design_text(design);
		g_autofree char *moves = cli_space_time_text(
			c->analysis, c->candidate);

		return g_strconcat(text, moves, NULL);
	}
	return sy_report_design_text(design);
}

/* The analysis must allow a systolic array at all. */
static gboolean check_legal(const SyAnalysis *a, GError **error)
{
	GString *why;

	if (a->legal)
		return TRUE;
	why = g_string_new(NULL);
	for (guint i = 0; i < a->reasons->len; i++)
		g_string_append_printf(why, "\n  %s",
			(char *)g_ptr_array_index(a->reasons, i));
	sy_config_fail(error, "%s: no systolic array can compute this SCoP:%s",
		a->prog->pp->main->path, why->str);
	g_string_free(why, TRUE);
	return FALSE;
}

/* Where AutoSA's manual mode stops for the sizes it was given: the
 * stage (*stop) and what it lists there, the arrays or what the stages
 * accept; NULL where it goes on. */
static char *autosa_stop(const SyAnalysis *a, const SyChoices *c,
	const SyConfig *cfg, const Compile *o, const char **stop)
{
	if (!c) {
		g_autofree char *list = NULL;

		if (o->sa_sizes &&
			sy_config_sa_sizes_candidate(o->sa_sizes, NULL) >= 0)
			return NULL;
		*stop = "space_time";
		list = candidate_list(a);
		return g_strdup_printf(
			"%u systolic arrays: %s\n", a->candidates->len, list);
	}
	*stop = sy_config_sa_sizes_stop(
		o->sa_sizes ? o->sa_sizes : "{}", c, cfg, o->autosa->skip);
	/* The second level's stage runs right after array_part's. */
	if (o->two_level_buffer && !cfg->tile_l2 &&
		(!*stop || !g_str_equal(*stop, "array_part")))
		*stop = "array_part_L2";
	return *stop ? sy_report_choices_text(c, cfg) : NULL;
}

/* AutoSA's reuse choices, with a warning for those it leaves. */
static gboolean select_rar_dep(SyAnalysis *a, const Compile *o, GError **error)
{
	g_autofree char *warning = NULL;

	if (!sy_select_rar_dep(a, o->select_rar_dep, &warning, error))
		return FALSE;
	if (warning)
		g_printerr("systole-cli: warning: %s\n", warning);
	return TRUE;
}

static char *run(
	const char *path, const Compile *o, const char **stop, GError **error)
{
	SyAnalysisOptions ao = cli_analysis_options(&o->common);
	g_autoptr(SyAnalysis) a = sy_analysis_new_from_file(path, &ao, error);
	g_autoptr(SyChoices) c = NULL;
	g_autoptr(SyConfig) cfg = NULL;
	const SyCandidate *cand;
	char *listed;

	if (!a ||
		(o->no_reschedule &&
			!sy_analysis_keep_source_order(a, error)) ||
		(o->select_rar_dep && !select_rar_dep(a, o, error)) ||
		(o->space_time &&
			!cli_space_time_apply(a, o->space_time, error)) ||
		(o->export && !cli_space_time_exportable(a, error)) ||
		!check_legal(a, error))
		return NULL;
	if (o->autosa && (listed = autosa_stop(a, NULL, NULL, o, stop)))
		return listed;
	cand = o->space_time ? cli_space_time_candidate(a, o->space, error)
			     : choose(a, o, error);
	if (!cand)
		return NULL;
	c = make_choices(a, cand, o, error);
	if (!c)
		return NULL;
	cfg = make_config(c, o, error);
	if (!cfg)
		return NULL;
	if (o->autosa && (listed = autosa_stop(a, c, cfg, o, stop)))
		return listed;
	listed = emit(c, cfg, o, stop, error);
	if (listed && cfg->tile_l2)
		l2_note(o);
	return listed;
}

/* --local-reduce and --reduce-op go together (as AutoSA says); the
 * operator read into o->reduce_op. */
static int reduce_options(Compile *o, const char *verb)
{
	GError *error = NULL;
	int code = -1;

	if (!o->local_reduce && !o->reduce_op_text)
		return -1;
	if (!o->local_reduce || !o->reduce_op_text)
		return cli_usage_error("%s: --local-reduce and --reduce-op "
				       "go together",
			verb);
	if (!sy_design_parse_reduce_op(
		    o->reduce_op_text, o->reduce_op, &error)) {
		code = cli_usage_error("%s: %s", verb, error->message);
		g_clear_error(&error);
	}
	return code;
}

/* --hbm-port-num read; it and --hbm-ports need --hbm (AutoSA reads
 * --hbm-port-num and hbm_ keys only with it). */
static int hbm_options(Compile *o, const char *verb)
{
	GError *error = NULL;
	int code;

	if (!o->hbm && !o->autosa && (o->hbm_port_num_text || o->hbm_ports))
		return cli_usage_error("%s: %s needs --hbm", verb,
			o->hbm_ports ? "--hbm-ports" : "--hbm-port-num");
	if (!o->hbm_port_num_text ||
		sy_design_parse_hbm_port_num(
			o->hbm_port_num_text, &o->hbm_port_num, &error))
		return -1;
	code = cli_usage_error("%s: %s", verb, error->message);
	g_clear_error(&error);
	return code;
}

/* The options that hold names, as UTF-8. */
static int text_options(Compile *o)
{
	struct {
		const char *name;
		char **value;
	} texts[] = {{"--space", &o->space}, {"--sa-sizes", &o->sa_sizes},
		{"--space-time", &o->space_time}, {"--tile", &o->tile},
		{"--tile-order", &o->order}, {"--tile-l2", &o->tile_l2},
		{"--latency", &o->latency}, {"--simd", &o->simd},
		{"--data-pack-sizes", &o->data_pack_sizes},
		{"--select-rar-dep", &o->select_rar_dep}, {"--pack", &o->pack},
		{"--reduce-op", &o->reduce_op_text}, {"--emit", &o->emit},
		{"--hbm-ports", &o->hbm_ports}, {"--device", &o->device},
		{"--model", &o->model}};
	int code = -1;

	for (guint i = 0; i < G_N_ELEMENTS(texts) && code < 0; i++)
		code = cli_option_text(texts[i].name, texts[i].value);
	return code;
}

/* export --design reads everything from the design: no FILE.c, and
 * none of the options that analyse a kernel or make a design. */
static int design_alone(const Compile *o, int argc)
{
	const struct {
		const char *name;
		gboolean given;
	} options[] = {{"--space", o->space != NULL},
		{"--space-time", o->space_time != NULL},
		{"--sa-sizes", o->sa_sizes != NULL},
		{"--tile", o->tile != NULL}, {"--tile-order", o->order != NULL},
		{"--two-level-buffer", o->two_level_buffer},
		{"--tile-l2", o->tile_l2 != NULL},
		{"--latency", o->latency != NULL}, {"--simd", o->simd != NULL},
		{"--simd-info", o->simd_info != NULL},
		{"--simd-touch-space", o->touch_space},
		{"--select-rar-dep", o->select_rar_dep != NULL},
		{"--no-double-buffer", o->no_double_buffer},
		{"--no-packing", o->no_packing}, {"--pack", o->pack != NULL},
		{"--host-serialize", o->host_serialize},
		{"--data-pack-sizes", o->data_pack_sizes != NULL},
		{"--fifo-depth", o->fifo_depth_text != NULL}, {"--hbm", o->hbm},
		{"--hbm-port-num", o->hbm_port_num_text != NULL},
		{"--hbm-ports", o->hbm_ports != NULL},
		{"--local-reduce", o->local_reduce}, {"--uram", o->uram},
		{"--int-io-dir", o->int_io_dir_text != NULL},
		{"--reduce-op", o->reduce_op_text != NULL},
		{"-D", o->common.defines != NULL},
		{"-I", o->common.include_dirs != NULL},
		{"--max-dims", o->common.max_dims_text != NULL},
		{"--max-operations", o->common.max_operations_text != NULL}};

	if (argc > 1)
		return cli_usage_error("export: --design takes no FILE.c (the "
				       "design names its kernel)");
	for (guint i = 0; i < G_N_ELEMENTS(options); i++)
		if (options[i].given)
			return cli_usage_error(
				"export: --design takes no %s (the design has "
				"its sizes and options)",
				options[i].name);
	return -1;
}

/* What the command is. */
typedef enum {
	VERB_COMPILE,
	VERB_EXPORT,
	VERB_ESTIMATE,
	VERB_SIMULATE,
	VERB_RENDER
} Verb;

static const char *const verb_names[] = {
	"compile", "export", "estimate", "simulate", "render"};

static const char *const verb_lines[] = {
	"FILE.c - make a dataflow into a PE array",
	"FILE.c - export a Vitis HLS project",
	"FILE.c - estimate a design's cycles and resources",
	"FILE.c - simulate a design cycle by cycle",

	"FILE.c - draw a design's views as SVG, PDF or PNG"};

static const char *const verb_summaries[] = {
	"Applies array partitioning, latency hiding and SIMD to one dataflow "
	"of the SCoP in FILE.c and prints what --emit asks for: the PE array "
	"and its I/O network (summary), what each stage accepts (options), "
	"the schedule tree with role marks (schedule), FILE.c with its SCoP "
	"replaced by the transformed loops (c), or by both the original and "
	"the transformed loops with a comparison of their results (check), "
	"or the descriptor (design).\nExit status: 0 done, 1 input or size "
	"error, 2 usage error, 4 output not written, 5 too complex "
	"(--max-operations).",
	"Writes a Vitis HLS project for one dataflow of the SCoP in FILE.c "
	"at the sizes given: the kernel, a testbench that runs it where the "
	"SCoP was, an XRT host, simulation headers, hls_script.tcl, "
	"hls_config.cfg, a Makefile (csim, hls, xo, xclbin, host, check), "
	"connectivity.cfg, design.json and a README.\nExit status: 0 "
	"written, 1 input, size or unsupported design, 2 usage error, 4 the "
	"folder exists (without --force) or cannot be written, 5 too "
	"complex (--max-operations).",
	"Estimates the design export would write for one dataflow of the "
	"SCoP in FILE.c at the sizes given: cycles, time, throughput, DSP "
	"efficiency, PE utilisation and off-chip bandwidth, each module "
	"family's cycles, II and resources, the bottleneck, and the fit "
	"against the device.\nExit status: 0 done, 1 input, size or "
	"unsupported design, 2 usage error, 5 too complex "
	"(--max-operations).",
	"Simulates the design export would write for one dataflow of the "
	"SCoP in FILE.c at the sizes given, every module instance a process "
	"with its loops' iterations, II and depth, every FIFO bounded by its "
	"depth, DRAM with the latency model's burst timing: the cycles, "
	"each module's busy and stalled cycles, the FIFOs' high-water marks, "
	"and a deadlock's cycle, modules and FIFOs (beside the model's "
	"cycles); with --frames DIR, the run drawn frame by frame as PNGs "
	"and an animated SVG instead.\nExit status: 0 done (deadlock or "
	"not), 1 input, size or unsupported design, or over --max-events, 2 "
	"usage error, 4 a frame in the way (without --force), 5 too "
	"complex (--max-operations).",

	"Draws the views of the design estimate would estimate for one "
	"dataflow of the SCoP in FILE.c at the sizes given, as the "
	"explorer draws them, in a print style: the PE array and its flows "
	"(array), with its I/O network (network), the dependences (deps), "
	"or the designs of an exploration (pareto: a search as explore "
	"runs it, or explore --json's output with --from), each with a "
	"caption: the kernel, the dataflow, the sizes, the device and the "
	"estimate.  The output's extension chooses SVG, PDF (a page per "
	"view: --view all) or PNG.\nExit status: 0 written, 1 input or "
	"size error, 2 usage error, 4 the output exists (without --force) "
	"or cannot be written, 5 too complex (--max-operations)."};

static int compile_main(
	int argc, char **argv, Verb which, const CliAutosa *autosa)
{
	Compile o = {0};
	gboolean export = which == VERB_EXPORT;
	g_autoptr(GOptionContext) ctx = g_option_context_new(verb_lines[which]);
	GOptionEntry sizes[] = {{"space", 0, 0, G_OPTION_ARG_FILENAME, &o.space,
					"The space loops of the array", "i,j"},
		{"space-time", 0, 0, G_OPTION_ARG_FILENAME, &o.space_time,
			"A space-time transform over the band's loops: space "
			"rows, then the time row (the array's space loops "
			"are then the first members)",
			"[[1,1],[0,1]]"},
		{"sa-sizes", 0, 0, G_OPTION_ARG_FILENAME, &o.sa_sizes,
			"AutoSA's sizes: space_time, array_part, latency, "
			"simd",
			"STR"},
		{"tile", 0, 0, G_OPTION_ARG_FILENAME, &o.tile,
			"Tile sizes (array partitioning; others untiled)",
			"i=16,j=16"},
		{"two-level-buffer", 0, 0, G_OPTION_ARG_NONE,
			&o.two_level_buffer,
			"AutoSA's: the tile loops tiled again (array_part_L2 "
			"in --sa-sizes, or --tile-l2), the L2 tiles outermost",
			NULL},
		{"tile-l2", 0, 0, G_OPTION_ARG_FILENAME, &o.tile_l2,
			"With --two-level-buffer: the second level's factors, "
			"in tiles (others 1)",
			"i=2,j=2"},
		{"tile-order", 0, 0, G_OPTION_ARG_FILENAME, &o.order,
			"Order of the tile loops, outermost first", "k,i,j"},
		{"latency", 0, 0, G_OPTION_ARG_FILENAME, &o.latency,
			"Latency hiding factors (divide their tiles)",
			"i=8,j=8"},
		{"simd", 0, 0, G_OPTION_ARG_FILENAME, &o.simd,
			"The SIMD loop and its width", "k=2"},
		{"simd-info", 0, 0, G_OPTION_ARG_FILENAME, &o.simd_info,
			"AutoSA's reduction answers (JSON)", "FILE"},
		{"simd-touch-space", 0, 0, G_OPTION_ARG_NONE, &o.touch_space,
			"SIMD may vectorize a space loop too (its PEs / the "
			"width), as AutoSA's option",
			NULL},
		{"select-rar-dep", 0, 0, G_OPTION_ARG_FILENAME,
			&o.select_rar_dep,
			"AutoSA's reuse choice per read: the Kth loop its "
			"subscripts leave free, outermost first (default 0)",
			"{kernel[]->__pet_ref_N[K]}"},
		{"reverse-order", 0, 0, G_OPTION_ARG_NONE, &o.reverse_order,
			"AutoSA's latency loop order: the band's last loop "
			"outermost (AutoSA's default)",
			NULL},
		{"no-reverse-order", 0, G_OPTION_FLAG_REVERSE,
			G_OPTION_ARG_NONE, &o.reverse_order,
			"The latency loops in the band's order (the default)",
			NULL},
		{"isl-sink", 0, 0, G_OPTION_ARG_NONE, &o.autosa_same,
			"AutoSA's: its array contraction (on by default) turns "
			"isl sink off; neither form changes the loop order",
			NULL},
		{"no-isl-sink", 0, 0, G_OPTION_ARG_NONE, &o.autosa_same,
			"AutoSA's: statements in sequence share the latency "
			"loops' iteration (Systole's form)",
			NULL},
		{"array-contraction", 0, 0, G_OPTION_ARG_NONE, &o.autosa_same,
			"AutoSA's (with --local-reduce): a partial sum the PEs "
			"pass on sits in a register, local_C[1][1], as "
			"Systole's do",
			NULL},
		{"no-reschedule", 0, 0, G_OPTION_ARG_NONE, &o.no_reschedule,
			"AutoSA's: keep the source's schedule (Systole takes "
			"isl's only where the source order gives no band of "
			"two loops)",
			NULL},
		{"use-cplusplus-template", 0, 0, G_OPTION_ARG_NONE,
			&o.autosa_same,
			"AutoSA's PE indices as C++ template arguments: "
			"Systole passes them as constants at each call, the "
			"same modules and FIFOs",
			NULL},
		{"no-double-buffer", 0, 0, G_OPTION_ARG_NONE,
			&o.no_double_buffer,
			"Single buffers in the I/O modules (default: "
			"ping-pong)",
			NULL},
		{"no-packing", 0, 0, G_OPTION_ARG_NONE, &o.no_packing,
			"One element per word between I/O modules (unless "
			"--pack says otherwise)",
			NULL},
		{"host-serialize", 0, 0, G_OPTION_ARG_NONE, &o.host_serialize,
			"DRAM words of 512 bits, each whole FIFO words the L3 "
			"module splits or joins (AutoSA's)",
			NULL},
		{"data-pack-sizes", 0, 0, G_OPTION_ARG_FILENAME,
			&o.data_pack_sizes,
			"AutoSA's widest words per array at the L1, L2 and "
			"DRAM levels, in bytes",
			"{kernel[]->A[8,32,64]}"},
		{"local-reduce", 0, 0, G_OPTION_ARG_NONE, &o.local_reduce,
			"Partial results carried PE to PE along a reduction "
			"space loop fold that loop's tiles on chip (AutoSA's; "
			"with --reduce-op)",
			NULL},
		{"int-io-dir", 0, 0, G_OPTION_ARG_STRING, &o.int_io_dir_text,
			"Interior paths' L1 chains along the first space loop "
			"(0, the default) or the last (1) (AutoSA's)",
			"0|1"},
		{"uram", 0, 0, G_OPTION_ARG_NONE, &o.uram,
			"The buffers of modules at a DRAM port "
			"(--local-reduce's "
			"folding L3 module) in UltraRAM (AutoSA's)",
			NULL},
		{"reduce-op", 0, 0, G_OPTION_ARG_FILENAME, &o.reduce_op_text,
			"The reduction's operator for --local-reduce: +", "OP"},
		{"pack", 0, 0, G_OPTION_ARG_FILENAME, &o.pack,
			"Packing factors per path and level", "A:L2=8,..."},
		{"fifo-depth", 0, 0, G_OPTION_ARG_STRING, &o.fifo_depth_text,
			"Depth of every FIFO (default 2)", "N"},
		{"hbm", 0, 0, G_OPTION_ARG_NONE, &o.hbm,
			"AutoSA's multi-port DRAM/HBM: each path's L2 chain "
			"split into parts, each below its own L3 module and "
			"DRAM port (A_0, A_1, ...)",
			NULL},
		{"hbm-port-num", 0, 0, G_OPTION_ARG_STRING,
			&o.hbm_port_num_text,
			"With --hbm: the ports of a path --hbm-ports (or "
			"--sa-sizes' hbm_<path>[n]) does not name (default 2)",
			"N"},
		{"hbm-ports", 0, 0, G_OPTION_ARG_FILENAME, &o.hbm_ports,
			"With --hbm: ports per path", "A=2,C_drain=2"},
		G_OPTION_ENTRY_NULL};
	GOptionEntry force[] = {
		{"force", 0, 0, G_OPTION_ARG_NONE, &o.force,
			"Replace the output if it exists", NULL},
		G_OPTION_ENTRY_NULL};
	GOptionEntry compile[] = {
		{"emit", 0, 0, G_OPTION_ARG_FILENAME, &o.emit,
			"summary (default), options, schedule, c, check or "
			"design",
			"WHAT"},
		{"output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
			"Write to FILE (atomically) instead of stdout", "FILE"},
		{"json", 0, 0, G_OPTION_ARG_NONE, &o.common.json,
			"Print summary and options as JSON", NULL},
		G_OPTION_ENTRY_NULL};
	GOptionEntry project[] = {
		{"output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
			"The project folder (required)", "DIR"},
		{"device", 0, 0, G_OPTION_ARG_FILENAME, &o.device,
			"The target device, a name or a profile FILE.json "
			"(default u250)",
			"NAME|FILE"},
		{"design", 0, 0, G_OPTION_ARG_FILENAME, &o.design,
			"Print the project of an exported design.json, "
			"without FILE.c: the same bytes as the export it "
			"came from",
			"FILE"},
		{"target", 0, 0, G_OPTION_ARG_STRING, &o.target,
			"hls (default): this Vitis HLS project; c-simd, "
			"opencl, cuda: a lane program (systole-cli export "
			"--target c-simd --help)",
			"NAME"},
		G_OPTION_ENTRY_NULL};
	GOptionEntry estimate[] = {
		{"device", 0, 0, G_OPTION_ARG_FILENAME, &o.device,
			"The device, a name or a profile FILE.json (default "
			"u250)",
			"NAME|FILE"},
		{"mhz", 0, 0, G_OPTION_ARG_STRING, &o.mhz_text,
			"The kernel's clock (default: the device's)", "N"},
		{"model", 0, 0, G_OPTION_ARG_FILENAME, &o.model,
			"systole (default) or odyssey", "NAME"},
		{"json", 0, 0, G_OPTION_ARG_NONE, &o.common.json,
			"Print one JSON object", NULL},
		G_OPTION_ENTRY_NULL};
	GOptionEntry simulate[] = {
		{"device", 0, 0, G_OPTION_ARG_FILENAME, &o.device,
			"The device, a name or a profile FILE.json (default "
			"u250)",
			"NAME|FILE"},
		{"mhz", 0, 0, G_OPTION_ARG_STRING, &o.mhz_text,
			"The kernel's clock (default: the device's)", "N"},
		{"json", 0, 0, G_OPTION_ARG_NONE, &o.common.json,
			"Print one JSON object", NULL},
		{"trace", 0, 0, G_OPTION_ARG_FILENAME, &o.trace,
			"Write every event to FILE (CSV)", "FILE"},
		{"max-events", 0, 0, G_OPTION_ARG_STRING, &o.max_events_text,
			"Refuse designs of more events (default 100000000; "
			"1000000 with --frames)",
			"N"},
		{"frames", 0, 0, G_OPTION_ARG_FILENAME, &o.frames,
			"Draw the array cycle by cycle as DIR/frame-0000.png, "
			"...",
			"DIR"},
		{"frame-step", 0, 0, G_OPTION_ARG_STRING, &o.frame_step_text,
			"With --frames: cycles between frames (default: the "
			"run's cycles / 100, rounded up)",
			"N"},
		{"force", 0, 0, G_OPTION_ARG_NONE, &o.force,
			"With --frames: replace existing frames", NULL},
		G_OPTION_ENTRY_NULL};
	GOptionEntry render[] = {
		{"output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output,
			"The picture (required): its extension chooses the "
			"format",
			"FILE.svg|FILE.pdf|FILE.png"},
		{"view", 0, 0, G_OPTION_ARG_STRING, &o.r.view_text,
			"What to draw (default array); several with commas, "
			"or all, need a .pdf",
			"array|network|deps|pareto|all"},
		{"scale", 0, 0, G_OPTION_ARG_STRING, &o.r.scale_text,
			"PNG pixels per point (1 to 16, default 1)", "N"},
		{"theme", 0, 0, G_OPTION_ARG_STRING, &o.r.theme,
			"Colours (default light, the print style)",
			"light|dark"},
		{"labels", 0, 0, G_OPTION_ARG_NONE, &o.r.labels,
			"Module names beside their boxes and PE indices", NULL},
		{"from", 0, 0, G_OPTION_ARG_FILENAME, &o.r.from,
			"The Pareto view's designs: explore --json's output "
			"(default: an exploration of FILE.c)",
			"RESULTS.json"},
		{"device", 0, 0, G_OPTION_ARG_FILENAME, &o.device,
			"The device, a name or a profile FILE.json (default "
			"u250)",
			"NAME|FILE"},
		G_OPTION_ENTRY_NULL};
	GOptionEntry *own[] = {
		compile, project, estimate, simulate, render};
	const char *verb = verb_names[which];
	g_autofree char *text = NULL;
	const char *stop = NULL;
	GError *error = NULL;
	int code;

	o.autosa = autosa;
	o.export = export;
	o.estimate = which == VERB_ESTIMATE;
	o.simulate = which == VERB_SIMULATE;
	o.render = which == VERB_RENDER;
	g_option_context_set_summary(ctx, verb_summaries[which]);
	g_option_context_add_main_entries(ctx, sizes, NULL);
	g_option_context_add_main_entries(ctx, own[which], NULL);
	if (!o.estimate && !o.simulate)
		g_option_context_add_main_entries(ctx, force, NULL);
	cli_add_kernel_options(ctx, &o.common);
	code = cli_parse_options(ctx, &argc, &argv, &o.common);
	if (code < 0 && o.design)
		code = design_alone(&o, argc);
	if (code < 0 && o.render)
		code = cli_render_check(&o.r, o.output, argc);
	if (code < 0 && !o.design && !o.render && argc != 2)
		code = cli_usage_error(argc < 2 ? "%s: no input file"
						: "%s: one input file expected",
			verb);
	if (code < 0)
		code = text_options(&o);
	if (!o.emit)
		o.emit = g_strdup("summary");
	if (code < 0 && (o.estimate || o.simulate))
		code = cli_estimate_check(o.mhz_text, o.model);
	if (code < 0 && o.max_events_text) {
		gint64 n;

		code = cli_option_number("simulate: --max-events",
			o.max_events_text, 1, G_MAXINT64, &n);
	}
	if (code < 0 && o.frame_step_text) {
		gint64 n;

		code = cli_option_number("simulate: --frame-step",
			o.frame_step_text, 1, G_MAXINT64, &n);
	}
	if (code < 0 && (o.frame_step_text || o.force) && o.simulate &&
		!o.frames)
		code = cli_usage_error("simulate: --frame-step and --force "
				       "go with --frames DIR");
	if (code < 0 && o.frames && (o.trace || o.common.json))
		code = cli_usage_error("simulate: --frames draws the run; "
				       "--trace and --json print it: one "
				       "at a time");
	if (code < 0 && o.space_time &&
		(autosa ||
			(o.sa_sizes &&
				sy_config_sa_sizes_candidate(
					o.sa_sizes, NULL) >= 0)))
		code = cli_usage_error("%s: --space-time chooses the array "
				       "itself: without --sa-sizes' "
				       "space_time or AutoSA's command line",
			verb);
	if (code < 0 && o.tile_l2 && !o.two_level_buffer)
		code = cli_usage_error("%s: --tile-l2 needs --two-level-buffer "
				       "(the second tiling level is "
				       "AutoSA's two-level buffering)",
			verb);
	/* AutoSA turns two-level buffering off where its --config leaves
	 * out array_part_L2 or array_part (whose band it tiles again). */
	if (autosa &&
		(autosa->skip &
			(SY_CONFIG_SKIP_ARRAY_PART_L2 |
				SY_CONFIG_SKIP_ARRAY_PART)))
		o.two_level_buffer = FALSE;
	if (code < 0 && !emit_known(o.emit))
		code = cli_usage_error(
			"compile: --emit takes summary, options, schedule, c, "
			"check or design, not '%s'",
			o.emit);
	if (code < 0 && o.fifo_depth_text &&
		!sy_design_parse_fifo_depth(
			o.fifo_depth_text, &o.fifo_depth, &error)) {
		code = cli_usage_error("%s: %s", verb, error->message);
		g_clear_error(&error);
	}
	if (code < 0)
		code = hbm_options(&o, verb);
	if (code < 0)
		code = reduce_options(&o, verb);
	if (code < 0 && o.target && !g_str_equal(o.target, "hls"))
		code = cli_usage_error("export: --target takes hls, c-simd, "
				       "opencl or cuda, not '%s'",
			o.target);
	if (code < 0 && export && !o.output)
		code = cli_usage_error("export: -o DIR names the project "
				       "folder");
	/* What is in the way is checked before the work. */
	if (code < 0 && o.output && !export &&
		!sy_export_file_allowed(o.output, o.force, &error)) {
		code = cli_write_error(error);
		g_clear_error(&error);
	}
	if (code < 0 && export &&
		!sy_export_write_allowed(o.output, o.force, &error)) {
		code = cli_report_error(error);
		g_clear_error(&error);
	}
	if (code < 0 && o.design)
		code = cli_export_design(o.design, o.output, o.device, o.force);
	if (code >= 0) {
		compile_clear(&o);
		return code;
	}
	o.path = argc > 1 ? argv[1] : NULL;
	if (o.render && cli_render_pareto_only(&o.r)) {
		SyAnalysisOptions ao = cli_analysis_options(&o.common);

		text = cli_render_pareto(o.path, o.space, o.output, o.force,
			&o.r, o.device, &ao, &error);
	} else {
		text = run(argv[1], &o, &stop, &error);
	}
	if (!text) {
		code = cli_report_error(error);
		g_error_free(error);
	} else if (stop) {
		/* What AutoSA lists where it stops, and the key that goes
		 * past it; nothing written. */
		fputs(text, stdout);
		g_printerr("systole-cli: AutoSA stops at %s: give "
			   "kernel[]->%s[...] in --sa-sizes to go on\n",
			stop, stop);
		code = EXIT_OK;
	} else if (export || o.render) {
		fputs(text, stdout);
		code = EXIT_OK;
	} else {
		code = cli_write_output(o.output, text, o.force);
	}
	compile_clear(&o);
	return code;
}

int cli_compile(int argc, char **argv)
{
	return compile_main(argc, argv, VERB_COMPILE, NULL);
}

int cli_export(int argc, char **argv)
{
	if (cli_export_wants_lanes(argc, argv))
		return cli_export_lanes(argc, argv);
	return compile_main(argc, argv, VERB_EXPORT, NULL);
}

int cli_estimate(int argc, char **argv)
{
	return compile_main(argc, argv, VERB_ESTIMATE, NULL);
}

int cli_simulate(int argc, char **argv)
{
	return compile_main(argc, argv, VERB_SIMULATE, NULL);
}

int cli_render(int argc, char **argv)
{
	return compile_main(argc, argv, VERB_RENDER, NULL);
}

int cli_export_autosa(int argc, char **argv, const CliAutosa *autosa)
{
	return compile_main(argc, argv, VERB_EXPORT, autosa);
}
