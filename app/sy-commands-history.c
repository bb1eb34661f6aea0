/* Undo and redo of the design choices: the dataflow, its sizes and the
 * network's switches, apart from the editor's own undo of the text. */
#include "sy-design-history.h"
#include "sy-window-private.h"

/* Steps kept: a session's worth of choices, a few kilobytes. */
#define HISTORY_LIMIT 100
/* Sizes changed within this of the last are one step (a drag). */
#define MERGE_US (G_USEC_PER_SEC / 2)

/* What is asked for: the dataflow as the pipeline has it, the sizes
 * and the switches as the panels do (the pipeline's are those of the
 * last design built, which lag).  The config is the panel's (not
 * copied). */
static SyDesignState current(SyWindow *self)
{
	const SyConfig *config = sy_config_panel_get_config(self->config_panel);
	SyDesignState s = {sy_pipeline_get_dataflow(self->pipeline), NULL,
		sy_design_panel_get_options(self->design_panel)};

	if (config && (int)config->candidate == s.dataflow)
		s.config = (SyConfig *)config;
	return s;
}

static void update_actions(SyWindow *self)
{
	GAction *undo = g_action_map_lookup_action(
		G_ACTION_MAP(self), "undo-design");
	GAction *redo = g_action_map_lookup_action(
		G_ACTION_MAP(self), "redo-design");

	g_simple_action_set_enabled(G_SIMPLE_ACTION(undo),
		sy_design_history_can_undo(self->history));
	g_simple_action_set_enabled(G_SIMPLE_ACTION(redo),
		sy_design_history_can_redo(self->history));
}

/* The window's design into *s, where a change of it is recorded: a
 * user's (not an undo's), of an analysed kernel's dataflow. */
static gboolean recordable(SyWindow *self, SyDesignState *s)
{
	if (self->restoring || !self->history ||
		!sy_pipeline_get_analysis(self->pipeline))
		return FALSE;
	*s = current(self);
	return s->dataflow >= 0;
}

void sy_window_history_before(SyWindow *self)
{
	SyDesignState s;

	if (!recordable(self, &s))
		return;
	sy_design_history_push(self->history, &s, FALSE);
	update_actions(self);
}

void sy_window_history_after(SyWindow *self, gboolean sizes)
{
	gint64 now = g_get_monotonic_time();
	gboolean merge;
	SyDesignState s;

	if (!recordable(self, &s))
		return;
	merge = sizes && now - self->sizes_recorded < MERGE_US;
	self->sizes_recorded = sizes ? now : 0;
	sy_design_history_push(self->history, &s, merge);
	update_actions(self);
}

void sy_window_history_clear(SyWindow *self)
{
	if (!self->history)
		return;
	sy_design_history_clear(self->history);
	self->sizes_recorded = 0;
	update_actions(self);
}

/* Shows state as a click on the list, the sliders and the switches
 * would, recording nothing (NULL: nothing to undo or redo). */
static void restore(SyWindow *self, const SyDesignState *state)
{
	g_autofree char *name = NULL;

	if (!state)
		return;
	name = self->file ? g_file_get_basename(self->file)
			  : g_strdup("untitled.c");
	self->restoring = TRUE;
	sy_design_panel_set_options(self->design_panel, &state->options);
	if (state->config)
		sy_pipeline_set_config(self->pipeline, state->config);
	if (state->dataflow != sy_pipeline_get_dataflow(self->pipeline))
		sy_window_select_candidate(self, state->dataflow);
	else if (state->config)
		sy_config_panel_set_choices(self->config_panel,
			sy_pipeline_get_choices(self->pipeline), state->config,
			name);
	self->restoring = FALSE;
	self->sizes_recorded = 0;
	update_actions(self);
}

static void undo_design(GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;

	(void)action;
	(void)param;
	restore(self, sy_design_history_undo(self->history));
}

static void redo_design(GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;

	(void)action;
	(void)param;
	restore(self, sy_design_history_redo(self->history));
}

static const GActionEntry history_actions[] = {
	{"undo-design", undo_design, NULL, NULL, NULL, {0}},
	{"redo-design", redo_design, NULL, NULL, NULL, {0}},
};

/* Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) are the design's where the focus
 * is in no text: the editor and the entries keep their own undo.  A
 * handler before GtkWindow's, as application accelerators would come
 * before the focus widget. */
static gboolean key_pressed(
	GtkWidget *widget, GdkEventKey *event, SyWindow *self)
{
	GtkWidget *focus = gtk_window_get_focus(GTK_WINDOW(widget));
	GdkModifierType mods = event->state &
		gtk_accelerator_get_default_mod_mask();
	guint key = gdk_keyval_to_lower(event->keyval);
	const char *action = NULL;

	if (focus && (GTK_IS_TEXT_VIEW(focus) || GTK_IS_EDITABLE(focus)))
		return GDK_EVENT_PROPAGATE;
	if (key == GDK_KEY_z && mods == GDK_CONTROL_MASK)
		action = "undo-design";
	else if ((key == GDK_KEY_z &&
			 mods == (GDK_CONTROL_MASK | GDK_SHIFT_MASK)) ||
		(key == GDK_KEY_y && mods == GDK_CONTROL_MASK))
		action = "redo-design";
	if (!action)
		return GDK_EVENT_PROPAGATE;
	g_action_group_activate_action(G_ACTION_GROUP(self), action, NULL);
	return GDK_EVENT_STOP;
}

void sy_window_history_init(SyWindow *self)
{
	self->history = sy_design_history_new(HISTORY_LIMIT);
	g_action_map_add_action_entries(G_ACTION_MAP(self), history_actions,
		G_N_ELEMENTS(history_actions), self);
	update_actions(self);
	g_signal_connect(
		self, "key-press-event", G_CALLBACK(key_pressed), self);
}

void sy_window_history_finalize(SyWindow *self)
{
	g_clear_pointer(&self->history, sy_design_history_free);
}
