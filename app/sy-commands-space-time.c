/* The space-time transforms beside the dataflows (issue 16): the list
 * of the kernel's legal transforms, win.space-time that applies one
 * (as --space-time on the command line) and the design's movement. */
#include "sy-commands.h"
#include "sy-window-private.h"

/* win.space-time's state: the transform asked for, "" for none. */
static void space_time_change(
	GSimpleAction *action, GVariant *value, gpointer data)
{
	SyWindow *self = data;
	const char *text = g_variant_get_string(value, NULL);

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
	g_autofree char *text = NULL;

	if (refused)
		text = g_strdup_printf(
			"Space-time %s refused: %s", st, refused->message);
	else if (moves)
		text = g_strdup_printf("Movement%s%s:\n%s", st ? " under " : "",
			st ? st : "", moves);
	gtk_label_set_text(self->movement, text ? text : "");
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
}

guint sy_window_count_transforms(SyWindow *self)
{
	return sy_transform_list_get_n_rows(self->transforms);
}

const char *sy_window_get_movement(SyWindow *self)
{
	return gtk_label_get_text(self->movement);
}
