#include "sy-transform-rows.h"

#include "poly/movement.h"
#include "poly/transforms.h"

static void row_free(gpointer data)
{
	SyTransformRow *row = data;

	g_free(row->space_time);
	g_free(row->pes);
	g_free(row->autosa);
	g_free(row->movement);
	g_free(row);
}

static SyTransformRow *row_new(const SyTransform *t, guint n_rows, guint n)
{
	SyTransformRow *row = g_new0(SyTransformRow, 1);

	row->space_time = sy_space_time_rows_text(t->given, n_rows, n);
	row->pes = sy_transform_shape_text(t);
	row->steps = t->steps;
	row->autosa = t->st->space_time >= 0
		? g_strdup_printf("space_time[%d]", t->st->space_time)
		: g_strdup(t->st->loop_aligned ? "aligned" : "-");
	row->movement = sy_transform_movement_text(t->movement);
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
