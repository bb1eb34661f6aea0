#include "sy-transform-rows.h"

#include "poly/movement.h"
#include "poly/transforms.h"

/* One letter per kind (SyMovementKind), as systole-cli transforms
 * prints them. */
static const char kind_letters[] = "NSBFMXU";

static void row_free(gpointer data)
{
	SyTransformRow *row = data;

	g_free(row->space_time);
	g_free(row->pes);
	g_free(row->autosa);
	g_free(row->movement);
	g_free(row);
}

static char *rows_text(const gint64 *rows, guint n_rows, guint n)
{
	GString *out = g_string_new("[");

	for (guint r = 0; r < n_rows; r++) {
		g_string_append_printf(out, "%s[", r ? "," : "");
		for (guint j = 0; j < n; j++)
			g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
				j ? "," : "", rows[r * n + j]);
		g_string_append_c(out, ']');
	}
	g_string_append_c(out, ']');
	return g_string_free(out, FALSE);
}

/* "x S(0,1) w B(1,0)": the first step of each group, (dk..., dt...). */
static char *movement_text(const GPtrArray *moves)
{
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < moves->len; i++) {
		const SyMovement *m = g_ptr_array_index(moves, i);
		g_autofree char *name = sy_movement_name(m);

		g_string_append_printf(out, "%s%s %c", i ? "  " : "", name,
			kind_letters[m->kind]);
		if (!m->n_steps)
			continue;
		g_string_append_c(out, '(');
		for (guint k = 0; k < m->n_space; k++)
			g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
				k ? "," : "", m->steps[0].dk[k]);
		for (guint t = 0; t < m->n_time; t++)
			g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
				t ? "," : (m->n_time > 1 ? ";" : ","),
				m->steps[0].dt[t]);
		g_string_append_c(out, ')');
	}
	return g_string_free(out, FALSE);
}

static SyTransformRow *row_new(const SyTransform *t, guint n_rows, guint n)
{
	SyTransformRow *row = g_new0(SyTransformRow, 1);
	GString *pes = g_string_new(NULL);

	for (guint k = 0; k < t->st->n_space; k++)
		g_string_append_printf(
			pes, "%s%" G_GINT64_FORMAT, k ? "x" : "", t->shape[k]);
	row->space_time = rows_text(t->given, n_rows, n);
	row->pes = g_string_free(pes, FALSE);
	row->steps = t->steps;
	row->autosa = t->st->space_time >= 0
		? g_strdup_printf("space_time[%d]", t->st->space_time)
		: g_strdup(t->st->loop_aligned ? "aligned" : "-");
	row->movement = movement_text(t->movement);
	row->loop_aligned = t->st->loop_aligned;
	return row;
}

GPtrArray *sy_transform_rows_new(SyAnalysis *a)
{
	GPtrArray *rows = g_ptr_array_new_with_free_func(row_free);
	g_autoptr(SyTransforms) ts = NULL;
	GError *error = NULL;

	if (a->space_time || !a->band ||
		a->band->n_members > SY_TRANSFORM_ROWS_MAX_LOOPS ||
		a->band->n_members < 2)
		return rows;
	ts = sy_transforms_enumerate(a, 1, 1, &error);
	if (!ts) {
		/* The list is empty: the CLI says why. */
		g_clear_error(&error);
		return rows;
	}
	for (guint i = 0; i < ts->transforms->len; i++)
		g_ptr_array_add(rows,
			row_new(g_ptr_array_index(ts->transforms, i), 2,
				a->band->n_members));
	return rows;
}

char *sy_transform_rows_movement(const SyAnalysis *a, const SyCandidate *c)
{
	g_autoptr(GPtrArray) moves = sy_movement_of_candidate(a, c);
	GString *out;

	if (!moves)
		return NULL;
	out = g_string_new(NULL);
	for (guint i = 0; i < moves->len; i++) {
		g_autofree char *line = sy_movement_describe(moves->pdata[i]);

		g_string_append_printf(out, "%s%s", i ? "\n" : "", line);
	}
	return g_string_free(out, FALSE);
}
