/* The space-time transforms beside the dataflows (issue 16): the list
 * of the kernel's legal transforms, win.space-time that applies one
 * (as --space-time on the command line) and the design's movement. */
#include "sy-commands.h"
#include "sy-transform-list.h"
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

static GtkWidget *heading_new(const char *text)
{
	GtkWidget *label = gtk_label_new(text);

	gtk_label_set_xalign(GTK_LABEL(label), 0);
	g_object_set(label, "margin", 8, NULL);
	gtk_style_context_add_class(
		gtk_widget_get_style_context(label), "heading");
	return label;
}

/* The list and the movement under the dataflows' list, in the
 * sidebar. */
static void add_widgets(SyWindow *self)
{
	GtkWidget *scrolled = gtk_widget_get_ancestor(
		GTK_WIDGET(self->candidates), GTK_TYPE_SCROLLED_WINDOW);
	GtkWidget *sidebar = gtk_widget_get_parent(scrolled);
	GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
	GtkWidget *list_scroll = gtk_scrolled_window_new(NULL, NULL);
	GtkWidget *movement = gtk_label_new(NULL);
	int at;

	self->transforms = SY_TRANSFORM_LIST(sy_transform_list_new());
	gtk_scrolled_window_set_policy(GTK_SCROLLED_WINDOW(list_scroll),
		GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
	gtk_scrolled_window_set_min_content_height(
		GTK_SCROLLED_WINDOW(list_scroll), 150);
	gtk_container_add(
		GTK_CONTAINER(list_scroll), GTK_WIDGET(self->transforms));
	gtk_label_set_xalign(GTK_LABEL(movement), 0);
	gtk_label_set_line_wrap(GTK_LABEL(movement), TRUE);
	gtk_label_set_selectable(GTK_LABEL(movement), TRUE);
	g_object_set(movement, "margin", 8, NULL);
	self->movement = GTK_LABEL(movement);
	gtk_container_add(
		GTK_CONTAINER(box), heading_new("Space-time transforms"));
	gtk_container_add(GTK_CONTAINER(box), list_scroll);
	gtk_container_add(GTK_CONTAINER(box), movement);
	gtk_widget_show_all(box);
	gtk_container_add(GTK_CONTAINER(sidebar), box);
	gtk_container_child_get(
		GTK_CONTAINER(sidebar), scrolled, "position", &at, NULL);
	gtk_box_reorder_child(GTK_BOX(sidebar), box, at + 1);
}

static const GActionEntry actions[] = {
	{"space-time", space_time_activate, "s", "''", space_time_change, {0}},
};

void sy_window_space_time_init(SyWindow *self)
{
	add_widgets(self);
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
