/* --space-time on compile, estimate and export, and the movement the
 * summary reports (issue 16). */
#include "cli.h"
#include "poly/movement.h"

gboolean cli_space_time_apply(SyAnalysis *a, const char *text, GError **error)
{
	GError *why = NULL;

	if (sy_analysis_apply_space_time(a, text, &why)) {
		/* No array at all: say which dependence the space rows
		 * carry too far. */
		for (guint k = 0; !a->legal && k < a->space_time->n_space;
			k++) {
			g_autofree char *problem = sy_dataflow_space_problem(
				a->deps, a->band, k);

			if (problem)
				return sy_config_fail(error,
					"--space-time: space row %u makes no "
					"systolic array: %s",
					k + 1, problem);
		}
		return TRUE;
	}
	if (why->domain == SY_SPACE_TIME_ERROR)
		sy_config_fail(error, "--space-time: %s", why->message);
	else
		g_propagate_error(error, g_steal_pointer(&why));
	g_clear_error(&why);
	return FALSE;
}

/* Whether --space names the transformed band's space loops. */
static gboolean space_agrees(
	const SyAnalysis *a, const char *space, GError **error)
{
	g_auto(GStrv) names = g_strsplit(space, ",", -1);
	guint n = a->space_time->n_space;
	gboolean same = g_strv_length(names) == n;

	for (guint k = 0; same && k < n; k++)
		same = g_str_equal(
			g_strstrip(names[k]), a->band->members[k].name);
	if (same)
		return TRUE;
	return sy_config_fail(error,
		"--space %s: with --space-time the space loops are the "
		"transform's first %u member%s (%s%s%s%s%s), or leave --space "
		"out",
		space, n, n == 1 ? "" : "s", a->band->members[0].name,
		n > 1 ? "," : "", n > 1 ? a->band->members[1].name : "",
		n > 2 ? "," : "", n > 2 ? a->band->members[2].name : "");
}

gboolean cli_space_time_exportable(const SyAnalysis *a, GError **error)
{
	g_autofree char *why = NULL;

	if (!a->space_time || sy_space_time_exportable(a->space_time, &why))
		return TRUE;
	return sy_config_fail(error,
		"--space-time: export writes projects of loop-aligned "
		"transforms and of those whose space rows are loops and whose "
		"time rows add loops (non-negative coefficients): %s "
		"(compile --emit c or check runs this design's PE array)",
		why);
}

const SyCandidate *cli_space_time_candidate(
	const SyAnalysis *a, const char *space_option, GError **error)
{
	guint n = a->space_time->n_space;
	g_autofree char *why = NULL;
	guint space[SY_SPACE_TIME_MAX_SPACE] = {0, 1, 2};
	const SyCandidate *c;

	if (space_option && !space_agrees(a, space_option, error))
		return NULL;
	c = sy_dataflow_find(
		a->candidates, a->deps, a->band, a->max_dims, space, n, &why);
	if (!c)
		sy_config_fail(error,
			"--space-time: the transformed band's space loops "
			"make no systolic array: %s%s",
			why, n > a->max_dims ? " (hint: --max-dims)" : "");
	return c;
}

/* The transform of the design: the given one, or the loop-aligned one
 * of its candidate over the band. */
static SySpaceTime *transform_of(
	const SyAnalysis *a, const SyCandidate *c, const SyBand **over)
{
	if (a->space_time) {
		*over = a->loop_band;
		return NULL;
	}
	*over = a->band;
	if (a->band->n_members > SY_SPACE_TIME_MAX_LOOPS || !c)
		return NULL;
	return sy_space_time_new_aligned(
		c->space, c->n_space, a->band, a->scop);
}

static GPtrArray *movement_of(const SyAnalysis *a, const SyCandidate *c,
	SySpaceTime **owned, const SySpaceTime **st)
{
	const SyBand *over;

	*owned = transform_of(a, c, &over);
	*st = a->space_time ? a->space_time : *owned;
	if (!*st)
		return NULL;
	return sy_movement_compute(a->scop, over, *st);
}

void cli_space_time_add_json(
	JsonNode *root, const SyAnalysis *a, const SyCandidate *c)
{
	g_autoptr(SySpaceTime) owned = NULL;
	const SySpaceTime *st;
	g_autoptr(GPtrArray) moves = movement_of(a, c, &owned, &st);
	JsonObject *o = json_node_get_object(root);
	JsonObject *mo, *so;
	JsonArray *rows;

	if (!moves || !o)
		return;
	mo = json_object_new();
	for (guint i = 0; i < moves->len; i++) {
		const SyMovement *m = g_ptr_array_index(moves, i);
		g_autofree char *name = sy_movement_name(m);
		JsonArray *v = json_array_new();

		for (guint k = 0; k < m->n_space; k++)
			json_array_add_int_element(v, m->dk[k]);
		for (guint t = 0; t < m->n_time; t++)
			json_array_add_int_element(
				v, m->n_steps ? m->steps[0].dt[t] : 0);
		json_object_set_array_member(mo, name, v);
	}
	json_object_set_object_member(o, "movement", mo);
	mo = json_object_new();
	for (guint i = 0; i < moves->len; i++) {
		const SyMovement *m = g_ptr_array_index(moves, i);
		g_autofree char *name = sy_movement_name(m);

		json_object_set_string_member(
			mo, name, sy_movement_kind_name(m->kind));
	}
	json_object_set_object_member(o, "movement_kind", mo);
	so = json_object_new();
	rows = json_array_new();
	for (guint r = 0; r < st->n_loops; r++) {
		JsonArray *row = json_array_new();

		for (guint j = 0; j < st->n_loops; j++)
			json_array_add_int_element(
				row, sy_space_time_row(st, r)[j]);
		json_array_add_array_element(rows, row);
	}
	json_object_set_array_member(so, "rows", rows);
	json_object_set_int_member(so, "n_space", st->n_space);
	rows = json_array_new();
	for (guint r = 0; r < st->n_loops; r++)
		json_array_add_string_element(rows, st->names[r]);
	json_object_set_array_member(so, "names", rows);
	json_object_set_boolean_member(so, "loop_aligned", st->loop_aligned);
	if (a->space_time)
		json_object_set_int_member(so, "space_time", st->space_time);
	else
		json_object_set_int_member(so, "space_time", c->id);
	if (st->note)
		json_object_set_string_member(so, "note", st->note);
	json_object_set_object_member(o, "space_time", so);
}

char *cli_space_time_text(const SyAnalysis *a, const SyCandidate *c)
{
	g_autoptr(SySpaceTime) owned = NULL;
	const SySpaceTime *st;
	g_autoptr(GPtrArray) moves = movement_of(a, c, &owned, &st);
	GString *out = g_string_new(NULL);

	if (!moves)
		return g_string_free(out, FALSE);
	if (a->space_time) {
		g_autofree char *how = sy_space_time_describe(st, a->loop_band);

		g_string_append_printf(out, "Space-time transform: %s", how);
		if (st->note)
			g_string_append_printf(out, " (%s)", st->note);
		if (st->space_time >= 0)
			g_string_append_printf(out,
				"; loop-aligned: AutoSA's space_time[%d]",
				st->space_time);
		g_string_append_c(out, '\n');
	}
	g_string_append(out, "Movement:");
	for (guint i = 0; i < moves->len; i++) {
		g_autofree char *line = sy_movement_describe(
			g_ptr_array_index(moves, i));

		g_string_append_printf(out, "\n  %s", line);
	}
	g_string_append_c(out, '\n');
	return g_string_free(out, FALSE);
}
