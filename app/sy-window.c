#include <math.h>
#include <string.h>

#include "base/diag.h"
#include "compute/codegen.h"
#include "compute/tile-boxes.h"
#include "model/device.h"
#include "render-estimate.h"
#include "sy-commands.h"
#include "sy-markup.h"
#include "sy-window-private.h"

/* gtksourceview-4 ships it; comments stay readable on it. */
#define SY_DARK_SCHEME "oblivion"

G_DEFINE_FINAL_TYPE(SyWindow, sy_window, GTK_TYPE_APPLICATION_WINDOW)

void sy_window_update_title(SyWindow *self)
{
	g_autofree char *name = self->file ? g_file_get_basename(self->file)
					   : g_strdup("Untitled");
	g_autofree char *dir = NULL;
	g_autofree char *title = NULL;
	const char *state;
	gboolean modified = gtk_text_buffer_get_modified(
		GTK_TEXT_BUFFER(self->buffer));
	gboolean stale = sy_pipeline_is_stale(self->pipeline);

	if (self->file) {
		g_autoptr(GFile) parent = g_file_get_parent(self->file);

		dir = parent ? g_file_get_parse_name(parent) : NULL;
	}
	title = g_strdup_printf("%s%s", modified ? "\u2022 " : "", name);
	if (!sy_pipeline_get_analysis(self->pipeline) && !stale)
		state = "analysing…";
	else if (stale)
		state = "analysis out of date";
	else
		state = NULL;
	gtk_header_bar_set_title(self->header, title);
	/* A stale result stays in view, dimmed. */
	gtk_widget_set_opacity(GTK_WIDGET(self->views), stale ? 0.5 : 1);
	gtk_widget_set_opacity(GTK_WIDGET(self->candidates), stale ? 0.5 : 1);
	gtk_widget_set_opacity(
		GTK_WIDGET(self->estimate_panel), stale ? 0.5 : 1);
	if (state) {
		g_autofree char *sub = g_strdup_printf(
			"%s \u2014 %s", dir ? dir : "", state);

		gtk_header_bar_set_subtitle(self->header, sub);
	} else {
		gtk_header_bar_set_subtitle(self->header, dir);
	}
	gtk_window_set_title(GTK_WINDOW(self), title);
}

/* Analysis */

/* "mm.c:32:5: 'while' is not supported ..." and the hint below: the
 * place as compilers give it, the column too. */
static char *error_location_text(
	const GError *error, const char *path, guint line, guint col)
{
	g_autofree char *base = g_path_get_basename(path);
	const char *hint = sy_input_error_get_hint(error);

	return g_strdup_printf("%s:%u:%u: %s%s%s", base, line, col,
		sy_input_error_get_summary(error), hint ? "\n" : "",
		hint ? hint : "");
}

/* Whether the line of where is in the editor's view. */
static gboolean line_in_view(SyWindow *self, const GtkTextIter *where)
{
	GdkRectangle visible, at;

	gtk_text_view_get_visible_rect(GTK_TEXT_VIEW(self->editor), &visible);
	gtk_text_view_get_iter_location(
		GTK_TEXT_VIEW(self->editor), where, &at);
	return at.y >= visible.y &&
		at.y + at.height <= visible.y + visible.height;
}

/* The broken line kept in view while the error bar slides in and
 * shrinks the editor (it pushed the line out of view), for a moment;
 * a line out of view stays so (typing elsewhere, the view stays). */
static void scroll_to_error(SyWindow *self, const GtkTextIter *where)
{
	GtkTextBuffer *buffer = GTK_TEXT_BUFFER(self->buffer);
	GtkTextMark *mark = gtk_text_buffer_get_mark(buffer, "sy-error");

	if (!line_in_view(self, where)) {
		self->error_scroll_until = 0;
		return;
	}
	if (mark)
		gtk_text_buffer_move_mark(buffer, mark, where);
	else
		mark = gtk_text_buffer_create_mark(
			buffer, "sy-error", where, TRUE);
	self->error_scroll_until = g_get_monotonic_time() + G_USEC_PER_SEC;
	gtk_text_view_scroll_to_mark(
		GTK_TEXT_VIEW(self->editor), mark, 0, FALSE, 0, 0);
}

static void editor_allocated(
	GtkWidget *editor, GdkRectangle *allocation, SyWindow *self)
{
	GtkTextMark *mark = gtk_text_buffer_get_mark(
		GTK_TEXT_BUFFER(self->buffer), "sy-error");

	(void)allocation;
	if (mark && g_get_monotonic_time() < self->error_scroll_until)
		gtk_text_view_scroll_to_mark(
			GTK_TEXT_VIEW(editor), mark, 0, FALSE, 0, 0);
}

static void show_error(SyWindow *self, const GError *error)
{
	GtkTextBuffer *buffer = GTK_TEXT_BUFFER(self->buffer);
	const char *path = NULL;
	guint line, col, span;
	g_autofree char *mine = self->file ? g_file_get_path(self->file) : NULL;
	g_autofree char *text = NULL;

	if (sy_input_error_get_location(error, &path, &line, &col, &span) &&
		mine && g_str_equal(path, mine)) {
		GtkTextIter start, end;

		gtk_text_buffer_get_iter_at_line_index(
			buffer, &start, (int)line - 1, (int)col - 1);
		end = start;
		gtk_text_iter_forward_chars(&end, (int)MAX(span, 1));
		if (gtk_text_iter_get_line(&end) !=
			gtk_text_iter_get_line(&start))
			gtk_text_iter_forward_to_line_end(&start);
		gtk_text_buffer_apply_tag(
			buffer, self->error_tag, &start, &end);
		scroll_to_error(self, &start);
		text = error_location_text(error, path, line, col);
	} else if (g_error_matches(error, SY_ANALYSIS_ERROR,
			   SY_ANALYSIS_ERROR_TOO_COMPLEX)) {
		text = g_strdup_printf("%s\nRaise the limit in Preferences "
				       "(Ctrl+,), isl operations per stage "
				       "(0: no limit), or with the setting "
				       "max-operations: "
				       "gsettings set org.systole.Systole "
				       "max-operations 0",
			error->message);
	} else {
		text = g_strdup(error->message);
	}
	gtk_label_set_text(self->error_label, text);
	gtk_info_bar_set_revealed(self->error_bar, TRUE);
}

static void clear_error(SyWindow *self)
{
	GtkTextBuffer *buffer = GTK_TEXT_BUFFER(self->buffer);
	GtkTextIter start, end;

	gtk_text_buffer_get_bounds(buffer, &start, &end);
	gtk_text_buffer_remove_tag(buffer, self->error_tag, &start, &end);
	self->error_scroll_until = 0;
	gtk_info_bar_set_revealed(self->error_bar, FALSE);
}

/* Every analysis that ends clears the bar; one that failed fills it. */
static void analysis_error_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	const GError *error = sy_pipeline_get_analysis_error(pipeline);

	(void)pspec;
	clear_error(self);
	if (error)
		show_error(self, error);
	sy_window_update_title(self);
}

static void stale_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	(void)pipeline;
	(void)pspec;
	sy_window_update_title(self);
}

/* The editor's text and the settings, as the pipeline's source. */
static void set_source(SyWindow *self, guint delay_ms)
{
	GtkTextBuffer *buffer = GTK_TEXT_BUFFER(self->buffer);
	GtkTextIter start, end;
	g_autofree char *text = NULL;
	g_autofree char *path = self->file ? g_file_get_path(self->file)
					   : g_strdup("untitled.c");
	SyAnalysisOptions options = {NULL, NULL, 2, 0, FALSE};

	if (self->settings) {
		options.max_dims = (guint)g_settings_get_int(
			self->settings, "max-dims");
		/* 0 is no limit, as for systole-cli --max-operations. */
		options.max_operations = g_settings_get_uint64(
			self->settings, "max-operations");
		if (options.max_operations == 0)
			options.max_operations = SY_MAX_OPERATIONS_UNLIMITED;
	}
	gtk_text_buffer_get_bounds(buffer, &start, &end);
	text = gtk_text_buffer_get_text(buffer, &start, &end, TRUE);
	sy_pipeline_set_source(
		self->pipeline, path, text, -1, &options, delay_ms);
}

void sy_window_analyse(SyWindow *self)
{
	set_source(self, 0);
}

static void buffer_changed(GtkTextBuffer *buffer, SyWindow *self)
{
	guint delay = self->settings
		? (guint)g_settings_get_int(self->settings, "analysis-delay")
		: 300;

	(void)buffer;
	/* At least 1 ms: 0 would analyse every keystroke at once. */
	set_source(self, MAX(delay, 1));
}

/* Sizes */

static void sizes_changed(SyConfigPanel *panel, SyWindow *self)
{
	const SyConfig *cfg = sy_config_panel_get_config(panel);

	if (!cfg)
		return;
	/* The state before is the history's last: the sliders already
	 * hold the new sizes. */
	sy_pipeline_set_config(self->pipeline, cfg);
	sy_window_history_after(self, TRUE);
}

static void network_options_changed(SyDesignPanel *panel, SyWindow *self)
{
	SyDesignOptions options = sy_design_panel_get_options(panel);

	/* The state before is the history's last: the switch has moved. */
	sy_pipeline_set_design_options(self->pipeline, &options);
	sy_window_history_after(self, FALSE);
}

/* A module clicked in the array: its details in the Network page. */
static void view_module_selected(
	SyArrayView *view, const char *name, SyWindow *self)
{
	(void)view;
	/* The page first: shown, it is filled with the design. */
	gtk_stack_set_visible_child_name(self->side_stack, "network");
	sy_design_panel_select(self->design_panel, name);
}

static void panel_module_selected(
	SyDesignPanel *panel, const char *name, SyWindow *self)
{
	(void)panel;
	sy_array_view_select(self->array_view, name);
}

static char *error_markup(const GError *error)
{
	return g_markup_printf_escaped(
		"<span foreground=\"#d55e00\">%s</span>", error->message);
}

/* The Network page shows the design; hidden, it holds none and is not
 * filled: filling its tree asks for a new size, which lays out and draws
 * the whole side stack again, the Sizes page in view included (most of
 * a frame, per step of a size). */
void sy_window_update_network(SyWindow *self)
{
	if (!self->pipeline)
		return;
	if (g_strcmp0(gtk_stack_get_visible_child_name(self->side_stack),
		    "network") == 0) {
		sy_design_panel_set_design(self->design_panel,
			sy_pipeline_get_design(self->pipeline));
		self->network_filled = TRUE;
	} else if (self->network_filled) {
		/* The design it borrows goes with the next result. */
		sy_design_panel_set_design(self->design_panel, NULL);
		self->network_filled = FALSE;
	}
}

/* What the sizes make: the grid, its size, the iteration space, and
 * what it is padded to where a tile does not divide its loop. */
static char *status_markup(const SyArrayScene *scene, const SyPeArray *pe)
{
	const SyBand *band = pe->analysis->band;
	GString *space = g_string_new(NULL);
	GString *padded = g_string_new(NULL);
	gboolean pads = FALSE;
	char *markup;

	for (guint m = 0; m < pe->config->n_members; m++) {
		const char *times = m ? " \u00d7 " : "";
		gint64 extent = band->members[m].max - band->members[m].min + 1;

		g_string_append_printf(
			space, "%s%" G_GINT64_FORMAT, times, extent);
		g_string_append_printf(
			padded, "%s%" G_GINT64_FORMAT, times, pe->padded[m]);
		pads |= pe->padded[m] != extent;
	}
	markup = g_markup_printf_escaped("<b>%s</b>, %" G_GINT64_FORMAT
					 " PEs; iteration space %s%s%s",
		scene->title, sy_pe_array_count(pe), space->str,
		pads ? " padded to " : ", no padding", pads ? padded->str : "");
	g_string_free(space, TRUE);
	g_string_free(padded, TRUE);
	return markup;
}

/* Two-level buffering: the L2 buffers the design holds, or why it holds
 * none (AutoSA's warning under --host-serialize, as the command line
 * gives it); NULL with one tiling level. */
static char *l2_text(
	SyPipeline *pipeline, const SyPeArray *pe, const SyDesign *design)
{
	const char *note = sy_design_options_l2_note(
		sy_pipeline_get_design_options(pipeline));
	GString *out;

	if (!pe->config->tile_l2 || (!note && !design))
		return NULL;
	if (note)
		return g_strdup(note);
	out = g_string_new(NULL);
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);
		const SyBuffer *b = sy_module_l2_buffer(m);

		if (b)
			g_string_append_printf(out,
				"%s%s in %s (%" G_GINT64_FORMAT " bytes)",
				out->len ? ", " : "L2 buffers: ", b->name,
				m->name, sy_buffer_bytes(b));
	}
	if (!out->len)
		g_string_append(out,
			"No L2 buffer: no input read through one DRAM port "
			"has data the tiles of an L2 tile share (raise an "
			"L2 factor)");
	return g_string_free(out, FALSE);
}

/* The design's refusal by the HLS backend, which the estimate meets
 * completing it (--two-level-buffer's partial results through DRAM):
 * shown as the sizes' error, as an export would give it. */
static const GError *backend_error(SyPipeline *pipeline)
{
	const GError *e = sy_pipeline_get_estimate_error(pipeline);

	return e && e->domain == SY_HLS_ERROR ? e : NULL;
}

/* A new result: the PE array and its I/O network drawn, the network's
 * page, the status; or why the sizes are not allowed (the last array
 * stays drawn).  The loop nest is bound to its view. */
static void design_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	const SyPeArray *pe = sy_pipeline_get_pe_array(pipeline);
	const SyDesign *design = sy_pipeline_get_design(pipeline);
	const GError *error = sy_pipeline_get_error(pipeline, NULL);
	g_autofree char *markup = NULL;
	g_autofree char *l2 = NULL;
	SyArrayScene *scene;

	(void)pspec;
	if (!error)
		error = backend_error(pipeline);
	sy_window_update_network(self);
	sy_window_update_export_action(self);
	if (!pe) {
		if (error) {
			markup = error_markup(error);
			sy_config_panel_set_status(self->config_panel, markup);
		}
		return;
	}
	/* The array's own analysis: the scene reads one isl context. */
	scene = sy_array_scene_new(
		pe->analysis, pe->choices->candidate, pe->pe);
	sy_array_scene_set_design(scene, design);
	/* Idle PEs shaded, the utilisation in the legend (issue 15, 8). */
	sy_array_scene_set_work(scene, pe);
	markup = status_markup(scene, pe);
	l2 = l2_text(pipeline, pe, design);
	if (l2) {
		g_autofree char *line = g_markup_escape_text(l2, -1);
		char *both = g_strconcat(markup, "\n", line, NULL);

		g_free(markup);
		markup = both;
	}
	if (error) {
		g_autofree char *why = error_markup(error);
		char *both = g_strconcat(markup, "\n", why, NULL);

		g_free(markup);
		markup = both;
	}
	sy_array_view_set_scene(self->array_view, scene);
	sy_config_panel_set_status(self->config_panel, markup);
}

/* The estimate: the panel is bound to it; the Array view outlines its
 * bottleneck; without one, the panel says why. */
static void estimate_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	const SyEstimate *e = sy_pipeline_get_estimate(pipeline);
	const GError *error = sy_pipeline_get_estimate_error(pipeline);
	const SyModuleEstimate *m = e && e->bottleneck >= 0
		? g_ptr_array_index(e->modules, e->bottleneck)
		: NULL;

	(void)pspec;
	sy_array_view_set_bottleneck(self->array_view, m ? m->name : NULL);
	sy_window_explore_estimate(self);
	if (e)
		return;
	if (error) {
		g_autofree char *why = g_strdup_printf(
			"No estimate: %s", error->message);

		sy_estimate_panel_set_message(self->estimate_panel, why);
	} else {
		sy_estimate_panel_set_message(
			self->estimate_panel, "No design to estimate");
	}
}

/* Each dataflow's PE array at its sizes and the backend's refusal, in
 * its row. */
static void facts_changed(SyWindow *self, SyPipeline *pipeline, guint id)
{
	gint64 pe[3];
	guint n = sy_pipeline_get_pe_grid(pipeline, id, pe);
	g_autofree char *pes = n ? sy_markup_pe_grid(pe, n) : NULL;

	sy_candidate_list_set_facts(self->candidates, id, pes,
		sy_pipeline_get_refusal(pipeline, id));
}

/* Each dataflow's throughput at its sizes, in its row, and what its
 * sizes make. */
static void throughput_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(pipeline);
	g_autofree char *tip = g_strdup_printf("Estimated throughput at its "
					       "sizes on the %s",
		sy_pipeline_get_device(pipeline));

	(void)pspec;
	for (guint i = 0; a && i < a->candidates->len; i++) {
		gboolean flops;
		double gops = sy_pipeline_get_throughput(pipeline, i, &flops);
		g_autofree char *text = isnan(gops)
			? NULL
			: sy_estimate_format_throughput(gops, flops);

		sy_candidate_list_set_throughput(
			self->candidates, i, text, tip);
		facts_changed(self, pipeline, i);
	}
}

/* The dataflow's choices, with the sizes it had (or the defaults). */
static void choices_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	g_autofree char *name = self->file ? g_file_get_basename(self->file)
					   : g_strdup("untitled.c");

	(void)pspec;
	sy_config_panel_set_choices(self->config_panel,
		sy_pipeline_get_choices(pipeline),
		sy_pipeline_get_config(pipeline), name);
	/* The sizes of a dataflow just shown: the first state, or the
	 * sizes of the one selected last. */
	sy_window_history_after(self, FALSE);
}

static void select_row(SyWindow *self, int id)
{
	if (!sy_candidate_list_select(self->candidates, id))
		sy_pipeline_select_dataflow(self->pipeline, -1);
}

/* The selected dataflow, at once: its row, its loops in the dependence
 * view, its details; its array follows when built. */
static void dataflow_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(pipeline);
	int id = sy_pipeline_get_dataflow(pipeline);
	g_autofree char *details = NULL;

	(void)pspec;
	if (!a)
		return;
	sy_candidate_list_select(self->candidates, id);
	if (id < 0) {
		sy_array_view_set_scene(self->array_view, NULL);
		sy_deps_view_set_space(self->deps_view, NULL, 0);
		sy_deps_view_set_message(self->deps_view,
			!a->candidates->len && a->reasons->len
				? g_ptr_array_index(a->reasons, 0)
				: NULL);
	} else {
		const SyCandidate *c = g_ptr_array_index(a->candidates, id);

		sy_deps_view_set_space(self->deps_view, c->space, c->n_space);
		sy_deps_view_set_message(self->deps_view, NULL);
	}
	details = sy_markup_details(a, id);
	gtk_label_set_markup(self->details, details);
}

static void candidate_selected(SyCandidateList *list, guint id, SyWindow *self)
{
	(void)list;
	sy_window_history_before(self);
	sy_pipeline_select_dataflow(self->pipeline, (int)id);
	sy_window_history_after(self, FALSE);
}

static void fill_axes(SyWindow *self, const SyAnalysis *a)
{
	const SyBand *band = a->band;

	self->filling = TRUE;
	gtk_combo_box_text_remove_all(self->x_combo);
	gtk_combo_box_text_remove_all(self->y_combo);
	for (guint i = 0; i < band->n_members; i++) {
		gtk_combo_box_text_append_text(
			self->x_combo, band->members[i].name);
		gtk_combo_box_text_append_text(
			self->y_combo, band->members[i].name);
	}
	gtk_combo_box_set_active(
		GTK_COMBO_BOX(self->x_combo), band->n_members > 0 ? 0 : -1);
	gtk_combo_box_set_active(
		GTK_COMBO_BOX(self->y_combo), band->n_members > 1 ? 1 : -1);
	self->filling = FALSE;
}

static void axes_changed(GtkComboBox *combo, SyWindow *self)
{
	(void)combo;
	if (self->filling || !sy_pipeline_get_analysis(self->pipeline))
		return;
	sy_deps_view_set_axes(self->deps_view,
		gtk_combo_box_get_active(GTK_COMBO_BOX(self->x_combo)),
		gtk_combo_box_get_active(GTK_COMBO_BOX(self->y_combo)));
}

/* A new analysis: the list, the axes, the dependence view (which
 * borrows it: the pipeline keeps it until the next notification).  The
 * dataflow ("dataflow", notified next) is the one selected if it still
 * exists. */
static void analysis_changed(
	SyPipeline *pipeline, GParamSpec *pspec, SyWindow *self)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(pipeline);

	(void)pspec;
	clear_error(self);
	sy_window_history_clear(self);
	sy_deps_view_set_analysis(self->deps_view, a);
	sy_candidate_list_set_analysis(self->candidates, a);
	fill_axes(self, a);
	sy_window_explore_analysis(self);
	sy_window_update_title(self);
}

/* Loops picked in the dependence view: the matching candidate, or why
 * there is none. */
static void space_chosen(
	SyDepsView *view, const guint *loops, guint n, SyWindow *self)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(self->pipeline);
	const SyCandidate *c;
	g_autofree char *why = NULL;

	if (!a)
		return;
	for (guint i = 0; i < n; i++)
		if (loops[i] >= a->band->n_members) {
			why = g_strdup_printf("Loop '%s' is not in the "
					      "outermost permutable band: %s",
				(const char *)g_ptr_array_index(a->band->inner,
					loops[i] - a->band->n_members),
				a->band->stop);
			sy_deps_view_set_message(view, why);
			return;
		}
	c = sy_dataflow_find(
		a->candidates, a->deps, a->band, a->max_dims, loops, n, &why);
	if (c) {
		select_row(self, (int)c->id);
		return;
	}
	sy_deps_view_set_space(view, loops, n);
	sy_deps_view_set_message(view, why);
}

/* Views */

static gboolean showing_array(SyWindow *self)
{
	return g_strcmp0(gtk_stack_get_visible_child_name(self->views),
		       "array") == 0;
}

/* zoom-in, zoom-out and zoom-fit act on the view in front. */
static void zoom_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;
	const char *name = g_action_get_name(G_ACTION(action));
	int step = g_str_equal(name, "zoom-in") ? 1
		: g_str_equal(name, "zoom-out") ? -1
						: 0;

	(void)param;
	if (showing_array(self))
		sy_array_view_zoom(self->array_view, step);
	else if (g_strcmp0(gtk_stack_get_visible_child_name(self->views),
			 "deps") == 0)
		sy_deps_view_zoom(self->deps_view, step);
}

static void view_changed(GSimpleAction *action, GVariant *value, gpointer user)
{
	SyWindow *self = user;

	gtk_stack_set_visible_child_name(
		self->views, g_variant_get_string(value, NULL));
	g_simple_action_set_state(action, value);
}

static void step_candidate(SyWindow *self, int step)
{
	const SyAnalysis *a = sy_pipeline_get_analysis(self->pipeline);
	int n = a ? (int)a->candidates->len : 0;
	int at = sy_pipeline_get_dataflow(self->pipeline);

	if (n > 0)
		select_row(self, CLAMP(at + step, 0, n - 1));
}

static void next_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	step_candidate(user, 1);
}

static void previous_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	step_candidate(user, -1);
}

/* Devices */

/* "AMD Alveo U250" of "AMD Alveo U250 (xcu250, ...)". */
static char *device_title(const SyDevice *device)
{
	const char *paren = strstr(device->description, " (");

	return paren ? g_strndup(device->description,
			       (gsize)(paren - device->description))
		     : g_strdup(device->description);
}

/* The device chooser's menu: win.device with each device's name, the
 * built-in ones' and the user's profiles'. */
static void fill_devices(SyWindow *self)
{
	g_autoptr(GMenu) menu = g_menu_new();
	g_auto(GStrv) names = sy_device_list();

	for (guint i = 0; names[i]; i++) {
		g_autoptr(SyDevice) device = sy_device_lookup(names[i], NULL);
		g_autofree char *title = device ? device_title(device) : NULL;
		g_autoptr(GMenuItem) item = NULL;

		if (!device)
			continue;
		item = g_menu_item_new(title, NULL);
		g_menu_item_set_action_and_target(
			item, "win.device", "s", names[i]);
		g_menu_append_item(menu, item);
	}
	gtk_menu_button_set_menu_model(self->device_button, G_MENU_MODEL(menu));
}

/* A device chosen (the menu, the setting): the estimate is built again
 * against it, and it is remembered.  An unknown name changes nothing. */
static void device_changed(
	GSimpleAction *action, GVariant *value, gpointer user)
{
	SyWindow *self = user;
	const char *name = g_variant_get_string(value, NULL);
	g_autoptr(SyDevice) device = sy_device_lookup(name, NULL);
	g_autofree char *upper = g_ascii_strup(name, -1);
	g_autofree char *title = NULL;
	g_autofree char *tip = NULL;

	if (!device)
		return;
	g_simple_action_set_state(action, value);
	title = device_title(device);
	tip = g_strdup_printf("The estimate is against the %s", title);
	gtk_label_set_text(self->device_label, upper);
	gtk_widget_set_tooltip_text(GTK_WIDGET(self->device_button), tip);
	sy_pipeline_set_device(self->pipeline, name);
	if (self->settings) {
		g_autofree char *was = g_settings_get_string(
			self->settings, "device");

		if (!g_str_equal(was, name))
			g_settings_set_string(self->settings, "device", name);
	}
}

static const GActionEntry win_actions[] = {
	{"open", sy_cmd_open, NULL, NULL, NULL, {0}},
	{"save", sy_cmd_save, NULL, NULL, NULL, {0}},
	{"save-as", sy_cmd_save_as, NULL, NULL, NULL, {0}},
	{"close", sy_cmd_close, NULL, NULL, NULL, {0}},
	{"zoom-in", zoom_activated, NULL, NULL, NULL, {0}},
	{"zoom-out", zoom_activated, NULL, NULL, NULL, {0}},
	{"zoom-fit", zoom_activated, NULL, NULL, NULL, {0}},
	{"view", NULL, "s", "'array'", view_changed, {0}},
	{"next-candidate", next_activated, NULL, NULL, NULL, {0}},
	{"previous-candidate", previous_activated, NULL, NULL, NULL, {0}},
	{"export", sy_cmd_export, NULL, NULL, NULL, {0}},
	{"explore", sy_cmd_explore, NULL, NULL, NULL, {0}},
	{"explore-cancel", sy_cmd_explore_cancel, NULL, NULL, NULL, {0}},
	{"export-picture", sy_cmd_export_picture, NULL, NULL, NULL, {0}},
	{"copy-image", sy_cmd_copy_image, NULL, NULL, NULL, {0}},
	{"device", NULL, "s", "'u250'", device_changed, {0}},
};

static void stack_changed(GObject *stack, GParamSpec *pspec, SyWindow *self)
{
	GAction *view = g_action_map_lookup_action(G_ACTION_MAP(self), "view");
	const char *name = gtk_stack_get_visible_child_name(GTK_STACK(stack));

	(void)pspec;
	if (!name)
		return;
	gtk_widget_set_visible(
		GTK_WIDGET(self->axes_box), g_str_equal(name, "deps"));
	g_simple_action_set_state(
		G_SIMPLE_ACTION(view), g_variant_new_string(name));
}

/* A file name as a menu item's label: GTK reads a menu model's labels
 * with mnemonics, where "_" marks the next letter (mm_huge.c showed as
 * "mmhuge.c"); "__" is one underscore. */
static char *menu_label(const char *name)
{
	g_auto(GStrv) parts = g_strsplit(name, "_", -1);

	return g_strjoinv("__", parts);
}

/* The recent kernels, as a menu of app.open-file items. */
static void fill_recent(SyWindow *self)
{
	g_autoptr(GMenu) menu = g_menu_new();
	g_auto(GStrv) recent = self->settings
		? g_settings_get_strv(self->settings, "recent-files")
		: g_new0(char *, 1);

	for (guint i = 0; recent[i]; i++) {
		g_autofree char *name = g_path_get_basename(recent[i]);
		g_autofree char *label = menu_label(name);
		g_autoptr(GMenuItem) item = g_menu_item_new(label, NULL);

		g_menu_item_set_action_and_target(
			item, "app.open-file", "s", recent[i]);
		g_menu_append_item(menu, item);
	}
	if (!recent[0])
		g_menu_append(menu, "No recent kernels", "win.none");
	gtk_menu_button_set_menu_model(self->recent_button, G_MENU_MODEL(menu));
}

static void settings_changed(
	GSettings *settings, const char *key, SyWindow *self)
{
	(void)settings;
	if (g_str_equal(key, "recent-files"))
		fill_recent(self);
	else if (g_str_equal(key, "device")) {
		g_autofree char *name = g_settings_get_string(settings, key);

		g_action_group_change_action_state(G_ACTION_GROUP(self),
			"device", g_variant_new_string(name));
	} else if (g_str_equal(key, "show-pe-labels"))
		sy_array_view_set_labels(self->array_view,
			g_settings_get_boolean(self->settings, key));
	else if ((g_str_equal(key, "max-dims") ||
			 g_str_equal(key, "max-operations")) &&
		self->file)
		sy_window_analyse(self);
}

/* Closing with unsaved edits asks first. */
static void close_response(GtkDialog *dialog, int response, SyWindow *self)
{
	gtk_widget_destroy(GTK_WIDGET(dialog));
	if (response == GTK_RESPONSE_ACCEPT && !sy_window_save(self))
		return;
	if (response == GTK_RESPONSE_ACCEPT || response == GTK_RESPONSE_REJECT)
		gtk_widget_destroy(GTK_WIDGET(self));
}

static gboolean sy_window_delete_event(GtkWidget *widget, GdkEventAny *event)
{
	SyWindow *self = SY_WINDOW(widget);
	GtkWidget *dialog;
	g_autofree char *name = self->file ? g_file_get_basename(self->file)
					   : g_strdup("the kernel");

	(void)event;
	if (!gtk_text_buffer_get_modified(GTK_TEXT_BUFFER(self->buffer)))
		return GDK_EVENT_PROPAGATE;
	dialog = gtk_message_dialog_new(GTK_WINDOW(self),
		GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
		GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
		"Save the changes to %s before closing?", name);
	gtk_dialog_add_buttons(GTK_DIALOG(dialog), "Close _without Saving",
		GTK_RESPONSE_REJECT, "_Cancel", GTK_RESPONSE_CANCEL, "_Save",
		GTK_RESPONSE_ACCEPT, NULL);
	gtk_dialog_set_default_response(
		GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_signal_connect(dialog, "response", G_CALLBACK(close_response), self);
	gtk_widget_show(dialog);
	return GDK_EVENT_STOP;
}

static void save_window_state(SyWindow *self)
{
	GdkWindow *window = gtk_widget_get_window(GTK_WIDGET(self));
	gboolean maximized = window &&
		(gdk_window_get_state(window) & GDK_WINDOW_STATE_MAXIMIZED);
	int w, h;

	if (!self->settings)
		return;
	g_settings_set_boolean(self->settings, "window-maximized", maximized);
	if (!maximized) {
		gtk_window_get_size(GTK_WINDOW(self), &w, &h);
		g_settings_set_int(self->settings, "window-width", w);
		g_settings_set_int(self->settings, "window-height", h);
	}
}

static void sy_window_dispose(GObject *object)
{
	SyWindow *self = SY_WINDOW(object);

	if (self->export_dialog) {
		GtkWidget *dialog = self->export_dialog;

		g_object_remove_weak_pointer(
			G_OBJECT(dialog), (gpointer *)&self->export_dialog);
		self->export_dialog = NULL;
		gtk_widget_destroy(dialog);
	}
	if (self->settings) {
		save_window_state(self);
		g_signal_handlers_disconnect_by_data(self->settings, self);
	}
	/* The views borrow from the pipeline: they let go first. */
	if (self->pipeline) {
		g_signal_handlers_disconnect_by_data(self->side_stack, self);
		g_signal_handlers_disconnect_by_data(self->pipeline, self);
		sy_deps_view_set_analysis(self->deps_view, NULL);
		sy_config_panel_set_choices(
			self->config_panel, NULL, NULL, NULL);
		sy_design_panel_set_design(self->design_panel, NULL);
		sy_estimate_panel_set_estimate(self->estimate_panel, NULL);
		g_clear_object(&self->pipeline);
	}
	g_clear_object(&self->buffer);
	G_OBJECT_CLASS(sy_window_parent_class)->dispose(object);
}

static void sy_window_finalize(GObject *object)
{
	SyWindow *self = SY_WINDOW(object);

	g_clear_object(&self->file);
	g_clear_object(&self->settings);
	sy_window_history_finalize(self);
	G_OBJECT_CLASS(sy_window_parent_class)->finalize(object);
}

static void sy_window_class_init(SyWindowClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->dispose = sy_window_dispose;
	object_class->finalize = sy_window_finalize;
	widget_class->delete_event = sy_window_delete_event;

	g_type_ensure(SY_TYPE_ARRAY_VIEW);
	g_type_ensure(SY_TYPE_CANDIDATE_LIST);
	g_type_ensure(SY_TYPE_TRANSFORM_LIST);
	g_type_ensure(SY_TYPE_DEPS_VIEW);
	g_type_ensure(SY_TYPE_CONFIG_PANEL);
	g_type_ensure(SY_TYPE_DESIGN_PANEL);
	g_type_ensure(SY_TYPE_ESTIMATE_PANEL);
	g_type_ensure(SY_TYPE_EXPORT_BAR);
	g_type_ensure(SY_TYPE_ANIM_BAR);
	g_type_ensure(SY_TYPE_EXPLORE_PANEL);
	g_type_ensure(GTK_SOURCE_TYPE_VIEW);
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-window.ui");
	gtk_widget_class_bind_template_child(widget_class, SyWindow, header);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, recent_button);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, device_button);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, device_label);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, error_bar);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, error_label);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, editor);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, views);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, array_view);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, anim_bar);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, deps_view);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, axes_box);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, x_combo);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, y_combo);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, candidates);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, details);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, transforms);
	gtk_widget_class_bind_template_child(widget_class, SyWindow, movement);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, config_panel);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, transformed);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, design_panel);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, estimate_panel);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, side_stack);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, export_bar);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, explore_panel);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, outer_paned);
	gtk_widget_class_bind_template_child(
		widget_class, SyWindow, view_switcher);
}

/* Whether the theme is dark: its text is light.  The window's colour,
 * not the editor's, which the source scheme sets itself. */
static gboolean theme_is_dark(SyWindow *self)
{
	GtkStyleContext *style = gtk_widget_get_style_context(GTK_WIDGET(self));
	GdkRGBA fg;

	gtk_style_context_get_color(
		style, gtk_style_context_get_state(style), &fg);
	return 0.2126 * fg.red + 0.7152 * fg.green + 0.0722 * fg.blue > 0.5;
}

/* The editor and the loop nest in a scheme of the theme's kind: with a
 * dark theme they kept the light "classic" and its comments were
 * unreadable (issue 15, defect 10).  Followed on every change of
 * style: GTK_THEME, gtk-application-prefer-dark-theme, the desktop's
 * theme. */
static void follow_theme(SyWindow *self)
{
	GtkSourceStyleSchemeManager *schemes =
		gtk_source_style_scheme_manager_get_default();
	const char *name = theme_is_dark(self) ? SY_DARK_SCHEME : "classic";
	GtkSourceStyleScheme *scheme =
		gtk_source_style_scheme_manager_get_scheme(schemes, name);
	GtkSourceBuffer *transformed = GTK_SOURCE_BUFFER(
		gtk_text_view_get_buffer(GTK_TEXT_VIEW(self->transformed)));

	if (!scheme || !self->buffer ||
		gtk_source_buffer_get_style_scheme(self->buffer) == scheme)
		return;
	gtk_source_buffer_set_style_scheme(self->buffer, scheme);
	gtk_source_buffer_set_style_scheme(transformed, scheme);
}

/* The editor's share of a window narrower than 1280 px: 36 %, as 460 of
 * 1280 (at 1024 it kept 460 and left the views 160). */
#define EDITOR_WIDTH 460
#define EDITOR_SHARE 0.36

static void window_allocated(
	GtkWidget *widget, GdkRectangle *allocation, SyWindow *self)
{
	int width, height, want;

	(void)allocation; /* with the client-side shadow: not the window's */
	gtk_window_get_size(GTK_WINDOW(widget), &width, &height);
	want = MIN(EDITOR_WIDTH, (int)(width * EDITOR_SHARE));
	if (!self->editor_follows || want == self->editor_width)
		return;
	self->editor_width = want;
	gtk_paned_set_position(self->outer_paned, want);
}

/* A position the window did not set is the user's: it stays. */
static void editor_moved(GObject *paned, GParamSpec *pspec, SyWindow *self)
{
	(void)pspec;
	if (gtk_paned_get_position(GTK_PANED(paned)) != self->editor_width &&
		gtk_widget_get_mapped(GTK_WIDGET(paned)))
		self->editor_follows = FALSE;
}

static void setup_buffer(SyWindow *self)
{
	GtkSourceLanguageManager *languages =
		gtk_source_language_manager_get_default();
	GtkSourceBuffer *transformed;

	self->buffer = gtk_source_buffer_new_with_language(
		gtk_source_language_manager_get_language(languages, "c"));
	self->error_tag = gtk_text_buffer_create_tag(
		GTK_TEXT_BUFFER(self->buffer), "error", "underline",
		PANGO_UNDERLINE_ERROR, NULL);
	gtk_text_view_set_buffer(
		GTK_TEXT_VIEW(self->editor), GTK_TEXT_BUFFER(self->buffer));
	/* The transformed loops read like the kernel. */
	transformed = gtk_source_buffer_new_with_language(
		gtk_source_language_manager_get_language(languages, "c"));
	gtk_text_view_set_buffer(
		GTK_TEXT_VIEW(self->transformed), GTK_TEXT_BUFFER(transformed));
	g_object_unref(transformed);
	follow_theme(self);
	g_signal_connect(self, "style-updated", G_CALLBACK(follow_theme), NULL);
	g_signal_connect(
		self->buffer, "changed", G_CALLBACK(buffer_changed), self);
	g_signal_connect(self->editor, "size-allocate",
		G_CALLBACK(editor_allocated), self);
	/* Each view's button as wide as its name ("Array" was as wide as
	 * "Dependences"; style.css lifts Adwaita's least width). */
	gtk_box_set_homogeneous(GTK_BOX(self->view_switcher), FALSE);
	self->editor_width = EDITOR_WIDTH;
	self->editor_follows = TRUE;
	g_signal_connect(
		self, "size-allocate", G_CALLBACK(window_allocated), self);
	g_signal_connect(self->outer_paned, "notify::position",
		G_CALLBACK(editor_moved), self);
	g_signal_connect_swapped(self->buffer, "modified-changed",
		G_CALLBACK(sy_window_update_title), self);
}

/* The window follows the pipeline: its views hold nothing of their own
 * (the loop nest's view is bound to "loop-nest", the spinner to
 * "busy"). */
static void bind_pipeline(SyWindow *self)
{
	GtkWidget *spinner = gtk_spinner_new();
	static const struct {
		const char *signal;
		GCallback handler;
	} handlers[] = {
		{"notify::analysis-error", G_CALLBACK(analysis_error_changed)},
		{"notify::stale", G_CALLBACK(stale_changed)},
		{"notify::analysis", G_CALLBACK(analysis_changed)},
		{"notify::dataflow", G_CALLBACK(dataflow_changed)},
		{"notify::choices", G_CALLBACK(choices_changed)},
		{"notify::design", G_CALLBACK(design_changed)},
		{"notify::estimate", G_CALLBACK(estimate_changed)},
		{"notify::throughput", G_CALLBACK(throughput_changed)},
	};

	for (gsize i = 0; i < G_N_ELEMENTS(handlers); i++)
		g_signal_connect(self->pipeline, handlers[i].signal,
			handlers[i].handler, self);
	g_object_bind_property(self->pipeline, "estimate", self->estimate_panel,
		"estimate", G_BINDING_SYNC_CREATE);
	g_object_bind_property(self->pipeline, "loop-nest",
		gtk_text_view_get_buffer(GTK_TEXT_VIEW(self->transformed)),
		"text", G_BINDING_SYNC_CREATE);
	gtk_widget_set_tooltip_text(spinner, "Building the design");
	gtk_header_bar_pack_end(self->header, spinner);
	gtk_widget_show(spinner);
	g_object_bind_property(self->pipeline, "busy", spinner, "active",
		G_BINDING_SYNC_CREATE);
}

static void sy_window_init(SyWindow *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	self->pipeline = sy_pipeline_new();
	setup_buffer(self);
	bind_pipeline(self);
	g_signal_connect(
		self->config_panel, "changed", G_CALLBACK(sizes_changed), self);
	g_signal_connect(self->design_panel, "options-changed",
		G_CALLBACK(network_options_changed), self);
	g_signal_connect(self->design_panel, "module-selected",
		G_CALLBACK(panel_module_selected), self);
	g_signal_connect(self->array_view, "module-selected",
		G_CALLBACK(view_module_selected), self);
	g_action_map_add_action_entries(G_ACTION_MAP(self), win_actions,
		G_N_ELEMENTS(win_actions), self);
	sy_anim_bar_attach(self->anim_bar, self->pipeline, self->array_view,
		G_ACTION_MAP(self));
	fill_devices(self);
	g_action_group_change_action_state(
		G_ACTION_GROUP(self), "device", g_variant_new_string("u250"));
	sy_window_update_export_action(self);
	sy_window_explore_init(self);
	sy_window_picture_init(self);
	sy_window_present_init(self);
	sy_window_history_init(self);
	sy_window_space_time_init(self);
	g_signal_connect(self->export_bar, "replace",
		G_CALLBACK(sy_window_export_replace), self);
	g_signal_connect(self->export_bar, "notify::running",
		G_CALLBACK(sy_window_export_running), self);
	g_signal_connect(self->candidates, "candidate-selected",
		G_CALLBACK(candidate_selected), self);
	g_signal_connect(self->deps_view, "space-chosen",
		G_CALLBACK(space_chosen), self);
	g_signal_connect(
		self->x_combo, "changed", G_CALLBACK(axes_changed), self);
	g_signal_connect(
		self->y_combo, "changed", G_CALLBACK(axes_changed), self);
	g_signal_connect(self->views, "notify::visible-child-name",
		G_CALLBACK(stack_changed), self);
	g_signal_connect_swapped(self->side_stack, "notify::visible-child-name",
		G_CALLBACK(sy_window_update_network), self);
	sy_window_update_title(self);
}

/* width x height, within the screen's work area (a size saved on a
 * larger screen, or 1280 x 800 on a 1366 x 768 one, did not fit). */
static void set_default_size(SyWindow *self, int width, int height)
{
	GdkDisplay *display = gdk_display_get_default();
	GdkMonitor *monitor = display ? gdk_display_get_primary_monitor(display)
				      : NULL;
	GdkRectangle area;

	if (!monitor && display && gdk_display_get_n_monitors(display))
		monitor = gdk_display_get_monitor(display, 0);
	if (monitor) {
		gdk_monitor_get_workarea(monitor, &area);
		width = MIN(width, area.width);
		height = MIN(height, area.height);
	}
	gtk_window_set_default_size(GTK_WINDOW(self), width, height);
}

SyWindow *sy_window_new(SyApplication *app)
{
	SyWindow *self = g_object_new(SY_TYPE_WINDOW, "application", app, NULL);
	GSettings *settings = sy_application_get_settings(app);

	if (settings) {
		self->settings = g_object_ref(settings);
		set_default_size(self,
			g_settings_get_int(settings, "window-width"),
			g_settings_get_int(settings, "window-height"));
		if (g_settings_get_boolean(settings, "window-maximized"))
			gtk_window_maximize(GTK_WINDOW(self));
		sy_array_view_set_labels(self->array_view,
			g_settings_get_boolean(settings, "show-pe-labels"));
		settings_changed(settings, "device", self);
		g_signal_connect(settings, "changed",
			G_CALLBACK(settings_changed), self);
	} else {
		set_default_size(self, 1280, 720);
	}
	fill_recent(self);
	return self;
}

GFile *sy_window_get_file(SyWindow *self)
{
	return self->file;
}

const SyAnalysis *sy_window_get_analysis(SyWindow *self)
{
	return sy_pipeline_get_analysis(self->pipeline);
}

gboolean sy_window_is_stale(SyWindow *self)
{
	return sy_pipeline_is_stale(self->pipeline);
}

/* The bar's text while it shows the analysis's error. */
const char *sy_window_get_error(SyWindow *self)
{
	return sy_pipeline_get_analysis_error(self->pipeline)
		? gtk_label_get_text(self->error_label)
		: NULL;
}

int sy_window_get_candidate(SyWindow *self)
{
	return sy_pipeline_get_dataflow(self->pipeline);
}

gboolean sy_window_is_busy(SyWindow *self)
{
	return sy_pipeline_is_busy(self->pipeline);
}

SyPipeline *sy_window_get_pipeline(SyWindow *self)
{
	return self->pipeline;
}

void sy_window_select_candidate(SyWindow *self, int id)
{
	select_row(self, id);
}
