/* The space-time transforms beside the dataflows (issue 16): the list
 * of the kernel's legal transforms, win.space-time that applies one
 * (as --space-time on the command line) and the design's movement. */
#include "render-projection.h"
#include "sy-commands.h"
#include "sy-transform-rows.h"
#include "sy-window-private.h"

/* win.space-time's state: the transform asked for, "" for none. */
/* What the last drag of a projection direction chose, shown above the
 * movement until another transform is chosen (on the label). */
#define NOTE "sy-projection-note"

static void set_note(SyWindow *self, char *note /* take */)
{
	g_object_set_data_full(G_OBJECT(self->movement), NOTE, note, g_free);
}

static void space_time_change(
	GSimpleAction *action, GVariant *value, gpointer data)
{
	SyWindow *self = data;
	const char *text = g_variant_get_string(value, NULL);
	const char *note = g_object_get_data(G_OBJECT(self->movement), NOTE);

	/* A note is of the transform it chose only. */
	if (note && !g_str_has_suffix(note, text))
		set_note(self, NULL);

	g_simple_action_set_state(action, value);
	sy_transform_list_select(self->transforms, text);
	sy_pipeline_set_space_time(self->pipeline, text);
}

static void space_time_activate(
	GSimpleAction *action, GVariant *parameter, gpointer data)
{
	space_time_change(action, parameter, data);
}

static void transform_selected(
	SyTransformList *list, const char *text, SyWindow *self)
{
	(void)list;
	g_action_group_activate_action(
		G_ACTION_GROUP(self), "space-time", g_variant_new_string(text));
}

/* What the design shown moves, or why the transform was refused. */
static void show_movement(SyWindow *self)
{
	const GError *refused = sy_pipeline_get_space_time_error(
		self->pipeline);
	const char *moves = sy_pipeline_get_movement(self->pipeline);
	const char *st = sy_pipeline_get_space_time(self->pipeline);
	const char *note = g_object_get_data(G_OBJECT(self->movement), NOTE);
	g_autofree char *text = NULL;

	if (refused)
		text = g_strdup_printf(
			"Space-time %s refused: %s", st, refused->message);
	else if (moves)
		text = g_strdup_printf("Movement%s%s:\n%s", st ? " under " : "",
			st ? st : "", moves);
	if (note) {
		char *both = g_strdup_printf(
			"%s%s%s", note, text ? "\n" : "", text ? text : "");

		g_free(text);
		text = both;
	}
	gtk_label_set_text(self->movement, text ? text : "");
}

/* A projection direction dragged over the dependence view: the listed
 * transform whose space row is orthogonal to it, applied; or why there
 * is none. */
static void direction_chosen(
	SyDepsView *view, int x, int y, double dx, double dy, SyWindow *self)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(self->pipeline);
	const GPtrArray *rows = sy_pipeline_get_transforms(self->pipeline);
	g_autofree const char **texts = NULL;
	g_autofree char *space = NULL;
	gint64 dir[2];
	int at;

	(void)view;
	if (!a || !rows || x < 0 || y < 0 ||
		!sy_projection_snap(dx, dy, 1, dir))
		return;
	if (a->space_time) {
		set_note(self,
			g_strdup("Projection directions are dragged over the "
				 "loops' own band: choose \"none\" in the "
				 "transforms first"));
		show_movement(self);
		return;
	}
	texts = g_new(const char *, rows->len + 1);
	for (guint i = 0; i < rows->len; i++)
		texts[i] = ((const SyTransformRow *)rows->pdata[i])->space_time;
	at = sy_projection_pick(dx, dy, (guint)x, (guint)y, a->band->n_members,
		texts, rows->len, &space);
	if (at < 0) {
		set_note(self,
			g_strdup_printf(
				"Projection along (%s, %s) = (%" G_GINT64_FORMAT
				", %" G_GINT64_FORMAT
				"): no legal transform has the space "
				"row %s (coefficients in [-1, 1]): a "
				"dependence would run backwards in "
				"time or across more than one PE",
				a->band->members[x].name,
				a->band->members[y].name, dir[0], dir[1],
				space));
		show_movement(self);
		return;
	}
	set_note(self,
		g_strdup_printf("Projection along (%s, %s) = (%" G_GINT64_FORMAT
				", %" G_GINT64_FORMAT "): space row %s, %s",
			a->band->members[x].name, a->band->members[y].name,
			dir[0], dir[1], space, texts[at]));
	g_action_group_activate_action(G_ACTION_GROUP(self), "space-time",
		g_variant_new_string(texts[at]));
	show_movement(self);
}

static void analysis_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	(void)pspec;
	sy_transform_list_set_rows(
		self->transforms, sy_pipeline_get_transforms(pipeline));
	sy_transform_list_select(
		self->transforms, sy_pipeline_get_space_time(pipeline));
	show_movement(self);
}

static void design_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	(void)pipeline;
	(void)pspec;
	show_movement(self);
}

static const GActionEntry actions[] = {
	{"space-time", space_time_activate, "s", "''", space_time_change, {0}},
};

void sy_window_space_time_init(SyWindow *self)
{
	g_action_map_add_action_entries(
		G_ACTION_MAP(self), actions, G_N_ELEMENTS(actions), self);
	g_signal_connect(self->transforms, "transform-selected",
		G_CALLBACK(transform_selected), self);
	g_signal_connect(self->pipeline, "notify::analysis",
		G_CALLBACK(analysis_changed), self);
	g_signal_connect(self->pipeline, "notify::design",
		G_CALLBACK(design_changed), self);
	g_signal_connect(self->deps_view, "direction-chosen",
		G_CALLBACK(direction_chosen), self);
}

guint sy_window_count_transforms(SyWindow *self)
{
	return sy_transform_list_get_n_rows(self->transforms);
}

const char *sy_window_get_movement(SyWindow *self)
{
	return gtk_label_get_text(self->movement);
}
