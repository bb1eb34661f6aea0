/* systole-cli transforms: every legal space-time transform of a kernel
 * with small coefficients (transforms.h), each with its array's shape,
 * its time steps and every array's movement (issue 16). */
#include <stdio.h>
#include <string.h>

#include "base/json-print.h"
#include "cli.h"
#include "poly/movement.h"
#include "poly/transforms.h"

static char *as_text(const SyAnalysis *a, const SyTransforms *ts)
{
	GString *out = g_string_new(NULL);
	g_autofree char *band = sy_band_members_text(a->band);
	guint n = a->band->n_members;
	int width = 10, shape_width = 3;

	g_string_append_printf(out,
		"%s: band %s, %u-D arrays, coefficients in [-%" G_GINT64_FORMAT
		", %" G_GINT64_FORMAT "]: %" G_GUINT64_FORMAT
		" matrices, %" G_GUINT64_FORMAT
		" unimodular, %" G_GUINT64_FORMAT
		" legal, %u listed (one per PE lattice and time row)\n",
		sy_analysis_path(a), band, ts->dims, ts->max_coef, ts->max_coef,
		ts->enumerated, ts->unimodular, ts->legal, ts->transforms->len);
	if (!ts->transforms->len)
		return g_string_free(out, FALSE);
	for (guint i = 0; i < ts->transforms->len; i++) {
		const SyTransform *t = g_ptr_array_index(ts->transforms, i);
		g_autofree char *rows = sy_space_time_rows_text(
			t->given, ts->dims + 1, n);
		g_autofree char *shape = sy_transform_shape_text(t);

		width = MAX(width, (int)strlen(rows));
		shape_width = MAX(shape_width, (int)strlen(shape));
	}
	g_string_append_printf(out, "  %-3s %-*s %-*s %-6s %-14s %s\n", "#",
		width, "space-time", shape_width, "PEs", "steps", "autosa",
		"movement (S stationary, B broadcast, F forwarded, M moving, "
		"N none, X multi: (dk,dt))");
	for (guint i = 0; i < ts->transforms->len; i++) {
		const SyTransform *t = g_ptr_array_index(ts->transforms, i);
		g_autofree char *rows = sy_space_time_rows_text(
			t->given, ts->dims + 1, n);
		g_autofree char *shape = sy_transform_shape_text(t);
		g_autofree char *moves = sy_transform_movement_text(
			t->movement);
		g_autofree char *autosa = t->st->space_time >= 0
			? g_strdup_printf("space_time[%d]", t->st->space_time)
			: g_strdup(t->st->loop_aligned ? "aligned" : "-");

		g_string_append_printf(out,
			"  %-3u %-*s %-*s %-6" G_GINT64_FORMAT " %-14s %s\n", i,
			width, rows, shape_width, shape, t->steps, autosa,
			moves);
	}
	return g_string_free(out, FALSE);
}

static JsonNode *as_json(const SyAnalysis *a, const SyTransforms *ts)
{
	JsonObject *root = json_object_new();
	JsonArray *list = json_array_new(), *band = json_array_new();
	JsonNode *node = json_node_new(JSON_NODE_OBJECT);
	guint n = a->band->n_members;

	json_object_set_string_member(root, "kernel", sy_analysis_path(a));
	for (guint i = 0; i < n; i++)
		json_array_add_string_element(band, a->band->members[i].name);
	json_object_set_array_member(root, "band", band);
	json_object_set_int_member(root, "dims", ts->dims);
	json_object_set_int_member(root, "max_coef", ts->max_coef);
	json_object_set_int_member(root, "enumerated", (gint64)ts->enumerated);
	json_object_set_int_member(root, "unimodular", (gint64)ts->unimodular);
	json_object_set_int_member(root, "legal", (gint64)ts->legal);
	for (guint i = 0; i < ts->transforms->len; i++) {
		const SyTransform *t = g_ptr_array_index(ts->transforms, i);
		const SySpaceTime *st = t->st;
		JsonObject *o = json_object_new();
		JsonObject *mv = json_object_new(), *kinds = json_object_new();
		JsonArray *shape = json_array_new(), *time = json_array_new();
		g_autofree char *given = sy_space_time_rows_text(
			t->given, ts->dims + 1, n);
		g_autofree char *how = sy_space_time_describe(st, a->band);

		json_object_set_string_member(o, "space_time", given);
		json_object_set_string_member(o, "rows", st->text);
		json_object_set_string_member(o, "transform", how);
		if (st->note)
			json_object_set_string_member(o, "note", st->note);
		for (guint k = 0; k < st->n_space; k++)
			json_array_add_int_element(shape, t->shape[k]);
		json_object_set_array_member(o, "shape", shape);
		for (guint k = 0; k < st->n_loops - st->n_space; k++)
			json_array_add_int_element(time, t->time_extent[k]);
		json_object_set_array_member(o, "time_extents", time);
		json_object_set_int_member(o, "steps", t->steps);
		json_object_set_boolean_member(
			o, "loop_aligned", st->loop_aligned);
		if (st->space_time >= 0)
			json_object_set_int_member(
				o, "autosa_space_time", st->space_time);
		else
			json_object_set_null_member(o, "autosa_space_time");
		for (guint m = 0; m < t->movement->len; m++) {
			const SyMovement *mo = g_ptr_array_index(
				t->movement, m);
			g_autofree char *name = sy_movement_name(mo);
			JsonArray *v = json_array_new();

			for (guint k = 0; k < mo->n_space; k++)
				json_array_add_int_element(v,
					mo->n_steps ? mo->steps[0].dk[k] : 0);
			for (guint k = 0; k < mo->n_time; k++)
				json_array_add_int_element(v,
					mo->n_steps ? mo->steps[0].dt[k] : 0);
			json_object_set_array_member(mv, name, v);
			json_object_set_string_member(
				kinds, name, sy_movement_kind_name(mo->kind));
		}
		json_object_set_object_member(o, "movement", mv);
		json_object_set_object_member(o, "movement_kind", kinds);
		json_array_add_object_element(list, o);
	}
	json_object_set_array_member(root, "transforms", list);
	json_node_take_object(node, root);
	return node;
}

typedef struct {
	CliOptions common;
	char *dims_text;
	char *max_coef_text;
} Transforms;

int cli_transforms(int argc, char **argv)
{
	Transforms o = {0};
	g_autoptr(GOptionContext) ctx = g_option_context_new(
		"FILE.c - list the legal space-time transforms");
	GOptionEntry entries[] = {
		{"dims", 0, 0, G_OPTION_ARG_STRING, &o.dims_text,
			"Space rows: the arrays' dimensions (1 to 3, default "
			"1)",
			"N"},
		{"max-coef", 0, 0, G_OPTION_ARG_STRING, &o.max_coef_text,
			"Coefficients from -C to C (default 1)", "C"},
		{"json", 0, 0, G_OPTION_ARG_NONE, &o.common.json,
			"Print one JSON object", NULL},
		G_OPTION_ENTRY_NULL};
	g_autoptr(SyAnalysis) a = NULL;
	g_autoptr(SyTransforms) ts = NULL;
	SyAnalysisOptions ao;
	GError *error = NULL;
	gint64 dims = 1, max_coef = 1;
	int code;

	g_option_context_set_summary(ctx,
		"Enumerates the space-time transforms of the band of the SCoP "
		"in FILE.c with --dims space rows and one time row, each "
		"coefficient from -C to C, and lists the legal ones (one per "
		"PE lattice and time row) with the array's shape, its time "
		"steps and each array's movement; loop-aligned ones carry "
		"AutoSA's space_time[N].  Each is a --space-time for compile, "
		"estimate and export.\nExit status: 0 listed (even none), 1 "
		"input error, 2 usage error (or a request beyond the "
		"enumeration's limit), 5 too complex (--max-operations).");
	g_option_context_add_main_entries(ctx, entries, NULL);
	cli_add_kernel_options(ctx, &o.common);
	code = cli_parse_options(ctx, &argc, &argv, &o.common);
	if (code < 0 && argc != 2)
		code = cli_usage_error(argc < 2
				? "transforms: no input file"
				: "transforms: one input file expected");
	if (code < 0 && o.dims_text)
		code = cli_option_number("transforms: --dims", o.dims_text, 1,
			SY_SPACE_TIME_MAX_SPACE, &dims);
	if (code < 0 && o.max_coef_text)
		code = cli_option_number("transforms: --max-coef",
			o.max_coef_text, 1, 1000, &max_coef);
	if (code < 0 && dims > 2 && !o.common.max_dims_text)
		o.common.max_dims = 3;
	if (code >= 0)
		goto done;
	ao = cli_analysis_options(&o.common);
	a = sy_analysis_new_from_file(argv[1], &ao, &error);
	if (a)
		ts = sy_transforms_enumerate(a, (guint)dims, max_coef, &error);
	if (!ts) {
		if (g_error_matches(error, SY_SPACE_TIME_ERROR,
			    SY_SPACE_TIME_ERROR_REQUEST))
			code = cli_usage_error(
				"transforms: %s", error->message);
		else
			code = cli_report_error(error);
		g_error_free(error);
		goto done;
	}
	if (o.common.json) {
		g_autoptr(JsonNode) root = as_json(a, ts);

		cli_print_json(root);
	} else {
		g_autofree char *text = as_text(a, ts);

		fputs(text, stdout);
	}
	code = EXIT_OK;
done:
	cli_options_clear(&o.common);
	g_free(o.dims_text);
	g_free(o.max_coef_text);
	return code;
}
