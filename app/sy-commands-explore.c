/* Explore (issue 14): win.explore searches the design space of the
 * kernel on screen off the main thread, win.explore-cancel stops it; a
 * design clicked on the plot or in the table is loaded into the sizes,
 * as the dataflow list and the sliders set them; the sliders' design is
 * marked on the plot. */
#include <string.h>

#include "sy-commands.h"
#include "sy-window-private.h"

void sy_window_update_explore_actions(SyWindow *self)
{
	GAction *explore = g_action_map_lookup_action(
		G_ACTION_MAP(self), "explore");
	GAction *cancel = g_action_map_lookup_action(
		G_ACTION_MAP(self), "explore-cancel");
	gboolean running = sy_explore_panel_is_running(self->explore_panel);

	if (explore)
		g_simple_action_set_enabled(G_SIMPLE_ACTION(explore),
			sy_pipeline_get_analysis(self->pipeline) != NULL);
	if (cancel)
		g_simple_action_set_enabled(G_SIMPLE_ACTION(cancel), running);
}

/* The text the analysis on screen read. */
static const SySource *source_of(const SyAnalysis *a)
{
	return a->prog->pp->main;
}

/* A new search (a running one gives way): the kernel as the analysis on
 * screen read it, its options, the device the estimate is against;
 * every dataflow or the selected one. */
void sy_cmd_explore(GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;
	const SyAnalysis *a = sy_pipeline_get_analysis(self->pipeline);
	int id = sy_pipeline_get_dataflow(self->pipeline);
	SyAnalysisOptions options = {NULL, NULL, 0, 0, FALSE};
	g_autoptr(GArray) ids = NULL;
	SyExploreRequest r = {0};
	const SySource *src;

	(void)action;
	(void)param;
	if (!a)
		return;
	src = source_of(a);
	options.max_dims = a->max_dims;
	options.max_operations = a->max_operations;
	options.live_range_reordering = a->live_range_reordering;
	if (!sy_explore_panel_get_every_dataflow(self->explore_panel) &&
		id >= 0) {
		guint u = (guint)id;

		ids = g_array_new(FALSE, FALSE, sizeof(guint));
		g_array_append_val(ids, u);
	}
	r.path = src->path;
	r.text = src->text;
	r.len = (gssize)src->len;
	r.options = &options;
	r.device = sy_pipeline_get_device(self->pipeline);
	r.candidates = ids;
	r.threads = g_get_num_processors();
	g_action_group_change_action_state(
		G_ACTION_GROUP(self), "view", g_variant_new_string("explore"));
	sy_explore_panel_start(self->explore_panel, &r);
}

void sy_cmd_explore_cancel(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;

	(void)action;
	(void)param;
	sy_explore_panel_cancel(self->explore_panel);
}

/* Whether the analysis on screen read the text the search did, with
 * the same options: its dataflows' ids are then the search's. */
static gboolean same_kernel(SyWindow *self)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(self->pipeline);
	const char *text = sy_explore_panel_get_text(self->explore_panel);
	const SyExploreResult *r = sy_explore_panel_get_result(
		self->explore_panel);
	const SySource *src = a ? source_of(a) : NULL;

	return src && text && r && strlen(text) == src->len &&
		memcmp(text, src->text, src->len) == 0 &&
		a->max_dims == r->max_dims &&
		a->live_range_reordering == r->live_range_reordering;
}

/* A design clicked: its sizes remembered for its dataflow, which is
 * selected (its sizes then shown and built), as the list does; or, for
 * the dataflow shown, built and set on the sliders. */
static void design_activated(
	SyExplorePanel *panel, const SyExploreDesign *d, SyWindow *self)
{
	(void)panel;
	if (!same_kernel(self)) {
		sy_explore_panel_clear(self->explore_panel,
			"The kernel has changed since this search: explore "
			"again");
		return;
	}
	sy_window_history_before(self);
	if (sy_pipeline_get_dataflow(self->pipeline) ==
		(int)d->config->candidate) {
		/* The same dataflow's choices stay: the sliders are told. */
		g_autofree char *name = self->file
			? g_file_get_basename(self->file)
			: g_strdup("untitled.c");

		sy_pipeline_set_config(self->pipeline, d->config);
		sy_config_panel_set_choices(self->config_panel,
			sy_pipeline_get_choices(self->pipeline), d->config,
			name);
	} else {
		sy_pipeline_set_config(self->pipeline, d->config);
		sy_window_select_candidate(self, (int)d->config->candidate);
	}
	sy_window_history_after(self, FALSE);
	gtk_stack_set_visible_child_name(self->side_stack, "sizes");
}

static void running_changed(GObject *panel, GParamSpec *pspec, SyWindow *self)
{
	(void)panel;
	(void)pspec;
	sy_window_update_explore_actions(self);
	sy_window_present_result(self);
}

void sy_window_explore_estimate(SyWindow *self)
{
	sy_explore_panel_set_current(
		self->explore_panel, sy_pipeline_get_estimate(self->pipeline));
}

/* A new analysis of another text: the result's dataflows may not be
 * its own. */
void sy_window_explore_analysis(SyWindow *self)
{
	if (sy_explore_panel_get_text(self->explore_panel) &&
		!same_kernel(self))
		sy_explore_panel_clear(self->explore_panel,
			"The kernel has changed since the last search: "
			"explore again");
	sy_window_update_explore_actions(self);
}

void sy_window_explore_init(SyWindow *self)
{
	g_signal_connect(self->explore_panel, "design-activated",
		G_CALLBACK(design_activated), self);
	g_signal_connect(self->explore_panel, "notify::running",
		G_CALLBACK(running_changed), self);
	sy_window_update_explore_actions(self);
}
