/* The explorer's Explore page under Xvfb (issue 14): win.explore runs
 * the search off the main thread (the main loop never stalls on it),
 * its best design equals systole-cli explore's for the same kernel
 * (exact cycles, the same --sa-sizes), a dot clicked loads its dataflow
 * and sizes into the sizes panel and the pipeline, whose estimate then
 * marks it on the plot with the search's very cycles; Cancel stops a
 * search at once; an edit of the kernel drops the result.  A screenshot
 * of the page at 1920 x 1080.  Skips (77)
 * without a display.
 *
 * The kernel: mm.c at I=4, J=2, K=2 (a kernel.h of its own beside it),
 * dataflow [i, j]: 162 points, every one evaluated (the best 40 kept
 * cost no more than the best 1), seconds.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include <json-glib/json-glib.h>
#include <string.h>

#include "render-estimate.h"
#include "sy-config-panel.h"
#include "sy-explore-panel.h"
#include "sy-pareto-view.h"
#include "uitest.h"
#include "uiwindow.h"

#define TOP 40

static char *dir;

/* mm.c in a folder of its own, with a kernel.h that makes it small. */
static char *small_mm(void)
{
	g_autofree char *src = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", "mm.c", NULL);
	g_autofree char *text = NULL;
	g_autofree char *header = NULL;
	char *path;

	dir = g_dir_make_tmp("systole-explore-XXXXXX", NULL);
	g_assert_nonnull(dir);
	g_assert_true(g_file_get_contents(src, &text, NULL, NULL));
	path = g_build_filename(dir, "mm.c", NULL);
	g_assert_true(g_file_set_contents(path, text, -1, NULL));
	header = g_build_filename(dir, "kernel.h", NULL);
	g_assert_true(g_file_set_contents(header,
		"#define I 4\n#define J 2\n#define K 2\ntypedef float "
		"data_t;\n",
		-1, NULL));
	return path;
}

/* systole-cli explore's JSON for the same kernel and dataflow. */
static JsonArray *cli_best(const char *path, JsonParser *parser)
{
	const char *argv[] = {SYSTOLE_CLI, "explore", path, "--space", "i,j",
		"--top", G_STRINGIFY(TOP), "--threads", "2", "--json", "-q",
		NULL};
	g_autofree char *out = NULL;
	g_autoptr(GError) error = NULL;
	int status;

	g_assert_true(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT,
		NULL, NULL, &out, NULL, &status, &error));
	g_assert_no_error(error);
	g_assert_true(g_spawn_check_wait_status(status, NULL));
	g_assert_true(json_parser_load_from_data(parser, out, -1, &error));
	return json_object_get_array_member(
		json_node_get_object(json_parser_get_root(parser)), "best");
}

/* Runs the main loop until the search ends (at most limit seconds):
 * its longest gap between iterations less the time the main thread
 * waited for a CPU in it (the machine's load, not the explorer's), which
 * a main thread waiting on the search would show, in seconds. */
static double run_search(SyExplorePanel *panel, double limit)
{
	gint64 start = g_get_monotonic_time(), last = start, gap = 0;
	gint64 queued = sy_test_run_queue_wait(), whole = 0;

	while (sy_explore_panel_is_running(panel)) {
		gint64 now = g_get_monotonic_time();
		gint64 q = sy_test_run_queue_wait();

		gap = MAX(gap, now - last - (q - queued) / 1000);
		whole = MAX(whole, now - last);
		last = now;
		queued = q;
		if (now - start > limit * G_USEC_PER_SEC)
			g_error("the search took over %.0f s", limit);
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
	g_test_message("the search: %.2f s, longest main-loop gap %.0f ms "
		       "(%.0f ms with the waits for a CPU)",
		(g_get_monotonic_time() - start) / 1e6, gap / 1e3, whole / 1e3);
	return gap / 1e6;
}

static gboolean estimated(SyWindow *window)
{
	return !sy_window_is_busy(window) &&
		sy_pipeline_get_estimate(sy_window_get_pipeline(window));
}

static void test_explore(void)
{
	g_autofree char *path = small_mm();
	g_autoptr(GFile) file = g_file_new_for_path(path);
	g_autoptr(JsonParser) parser = json_parser_new();
	SyWindow *window = SY_WINDOW(
		sy_application_open_file(sy_test_app(), file));
	GtkWidget *root = GTK_WIDGET(window);
	SyPipeline *p = sy_window_get_pipeline(window);
	SyExplorePanel *panel = SY_EXPLORE_PANEL(
		sy_test_find(root, SY_TYPE_EXPLORE_PANEL));
	SyParetoView *plot = SY_PARETO_VIEW(sy_explore_panel_get_plot(panel));
	JsonArray *best;
	const SyExploreResult *r;
	const SyExploreDesign *d;
	GtkTreeModel *model;
	GtkTreeIter iter;
	SyParetoLayout layout;
	const SyParetoPoint *points, *current;
	g_autofree char *rank_cycles = NULL;
	g_autofree char *loaded = NULL;
	char *cycles;
	guint n, rank, pick;
	int ij;
	double x, y;

	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	sy_test_wait(window, sy_test_analysed, "the analysis of mm.c");
	ij = sy_config_find_space(sy_window_get_analysis(window), "i,j", NULL);
	g_assert_cmpint(ij, >=, 0);
	sy_window_select_candidate(window, ij);
	sy_test_wait(window, estimated, "[i, j] at its default sizes");

	/* The page before any search (Alt+3). */
	g_action_group_activate_action(G_ACTION_GROUP(window), "view",
		g_variant_new_string("explore"));
	sy_test_screenshot(root, "ui-explore-empty-1920.png");

	/* Explore [i, j], the best 40. */
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(root, "explore-scope")), "selected");
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(root, "explore-top")), TOP);
	g_assert_true(g_action_group_get_action_enabled(
		G_ACTION_GROUP(window), "explore"));
	g_assert_false(g_action_group_get_action_enabled(
		G_ACTION_GROUP(window), "explore-cancel"));
	g_action_group_activate_action(G_ACTION_GROUP(window), "explore", NULL);
	g_assert_true(sy_explore_panel_is_running(panel));
	g_assert_true(g_action_group_get_action_enabled(
		G_ACTION_GROUP(window), "explore-cancel"));
	{
		g_autoptr(GVariant) view = g_action_group_get_action_state(
			G_ACTION_GROUP(window), "view");

		g_assert_cmpstr(
			g_variant_get_string(view, NULL), ==, "explore");
	}
	/* The main loop runs on while it searches. */
	g_assert_cmpfloat(run_search(panel, 240), <, 0.5);
	r = sy_explore_panel_get_result(panel);
	g_assert_nonnull(r);
	g_assert_true(r->complete);
	g_assert_cmpuint(r->stats.points, ==, 162);
	g_assert_true(g_str_has_prefix(sy_explore_panel_get_status(panel),
		"On the u250: proven optimum; 162 points, "));

	/* The same designs as systole-cli explore's, in its order. */
	best = cli_best(path, parser);
	g_assert_cmpuint(r->n_best, ==, json_array_get_length(best));
	g_assert_cmpuint(r->n_best, ==, TOP);
	for (guint i = 0; i < r->n_best; i++) {
		JsonObject *o = json_array_get_object_element(best, i);

		d = g_ptr_array_index(r->designs, i);
		g_assert_cmpuint(d->rank, ==, i + 1);
		g_assert_cmpfloat(d->cycles, ==,
			json_object_get_double_member(o, "cycles"));
		g_assert_cmpstr(d->sa_sizes, ==,
			json_object_get_string_member(o, "sa_sizes"));
		g_assert_cmpstr(d->flags, ==,
			json_object_get_string_member(o, "flags"));
		g_assert_cmpstr(d->dataflow, ==,
			json_object_get_string_member(o, "dataflow"));
		g_assert_cmpfloat(d->resources.v[SY_RESOURCE_DSP], ==,
			json_object_get_double_member(o, "dsp"));
	}
	/* The table's first row: the best. */
	model = gtk_tree_view_get_model(sy_explore_panel_get_table(panel));
	g_assert_cmpint(gtk_tree_model_iter_n_children(model, NULL), ==, TOP);
	g_assert_true(gtk_tree_model_get_iter_first(model, &iter));
	gtk_tree_model_get(model, &iter, 0, &rank, 3, &cycles, -1);
	d = g_ptr_array_index(r->designs, 0);
	rank_cycles = sy_estimate_format_count(json_object_get_double_member(
		json_array_get_object_element(best, 0), "cycles"));
	g_assert_cmpuint(rank, ==, 1);
	g_assert_cmpstr(cycles, ==, rank_cycles);
	g_free(cycles);
	/* The plot: a dot per design, where the layout puts it. */
	points = sy_pareto_view_get_points(plot, &n);
	g_assert_cmpuint(n, ==, r->designs->len);
	g_assert_cmpfloat(points[0].cycles, ==, d->cycles);
	/* Its details on hover: the design whole, its --sa-sizes. */
	{
		g_autofree char *sa = g_markup_escape_text(d->sa_sizes, -1);
		g_autofree char *want = g_strdup_printf(
			"--sa-sizes <tt>%s</tt>", sa);
		const char *tip = sy_pareto_view_get_tip(plot, 0);

		g_assert_true(g_str_has_prefix(tip, "<b>#1 [i,j]</b>\norder "));
		g_assert_nonnull(strstr(tip, "<b>78 cycles</b>"));
		g_assert_nonnull(strstr(tip, want));
	}
	/* The search's budget: 70 % of the u250's 4 x 2,880 DSPs. */
	g_assert_cmpfloat_with_epsilon(
		r->budget.v[SY_RESOURCE_DSP], 8064, 1e-9);
	g_assert_cmpfloat(sy_pareto_view_get_budget_dsp(plot), ==,
		r->budget.v[SY_RESOURCE_DSP]);
	sy_test_screenshot(root, "ui-explore-1920.png");

	/* A click on a dot loads its dataflow and sizes: the last dot
	 * that no better design's hides (designs of other tile orders
	 * share a dot: the first is on top). */
	sy_pareto_view_get_layout(plot, &layout);
	pick = 0;
	for (guint i = 0; i < n; i++) {
		sy_render_pareto_xy(&layout, &points[i], &x, &y);
		if (sy_render_pareto_hit(&layout, points, n, x, y) == (int)i)
			pick = i;
	}
	g_assert_cmpuint(pick, >, 0);
	d = g_ptr_array_index(r->designs, pick);
	sy_render_pareto_xy(&layout, &points[pick], &x, &y);
	g_assert_true(sy_pareto_view_activate_at(plot, x, y));
	g_assert_cmpint(sy_pareto_view_get_selected(plot), ==, (int)pick);
	g_assert_cmpint(
		sy_window_get_candidate(window), ==, (int)d->config->candidate);
	sy_test_wait(window, estimated, "the design clicked");
	loaded = sy_config_to_flags(
		sy_pipeline_get_config(p), sy_pipeline_get_choices(p));
	g_assert_cmpstr(loaded, ==, d->flags);
	/* The sliders show it: the panel's config is the pipeline's. */
	{
		g_autofree char *shown = sy_config_to_flags(
			sy_config_panel_get_config(SY_CONFIG_PANEL(
				sy_test_find(root, SY_TYPE_CONFIG_PANEL))),
			sy_pipeline_get_choices(p));

		g_assert_cmpstr(shown, ==, d->flags);
	}
	/* Its estimate is the search's, and marks it on the plot. */
	g_assert_cmpfloat(sy_pipeline_get_estimate(p)->cycles, ==, d->cycles);
	current = sy_pareto_view_get_current(plot);
	g_assert_nonnull(current);
	g_assert_cmpfloat(current->cycles, ==, d->cycles);
	g_assert_cmpfloat(current->dsp, ==, d->resources.v[SY_RESOURCE_DSP]);
	sy_test_screenshot(root, "ui-explore-picked-1920.png");

	/* A row clicked loads its design as a dot does: the best. */
	{
		g_autoptr(GtkTreePath) first = gtk_tree_path_new_first();
		g_autofree char *flags = NULL;

		d = g_ptr_array_index(r->designs, 0);
		gtk_tree_selection_select_path(
			gtk_tree_view_get_selection(
				sy_explore_panel_get_table(panel)),
			first);
		g_assert_cmpint(sy_pareto_view_get_selected(plot), ==, 0);
		sy_test_wait(window, estimated, "the best design");
		flags = sy_config_to_flags(
			sy_pipeline_get_config(p), sy_pipeline_get_choices(p));
		g_assert_cmpstr(flags, ==, d->flags);
		g_assert_cmpfloat(
			sy_pipeline_get_estimate(p)->cycles, ==, d->cycles);
	}

	/* Presenting, Down and Up step through the designs from the
	 * first, each loaded as a click loads it. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "present", NULL);
	g_assert_true(sy_test_presenting(window));
	for (guint k = 0; k < 3; k++) {
		const guint want[] = {0, 1, 0};
		g_autofree char *flags = NULL;

		sy_test_key(root, k == 2 ? GDK_KEY_Up : GDK_KEY_Down);
		d = g_ptr_array_index(r->designs, want[k]);
		g_assert_cmpint(
			sy_pareto_view_get_selected(plot), ==, (int)want[k]);
		sy_test_wait(window, estimated, "a design presented");
		flags = sy_config_to_flags(
			sy_pipeline_get_config(p), sy_pipeline_get_choices(p));
		g_assert_cmpstr(flags, ==, d->flags);
	}
	sy_test_key(root, GDK_KEY_Escape);
	g_assert_false(sy_test_presenting(window));

	/* Every dataflow, cancelled after a second: it stops at once. */
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(sy_test_get(root, "explore-scope")), "all");
	g_action_group_activate_action(G_ACTION_GROUP(window), "explore", NULL);
	{
		gint64 end = g_get_monotonic_time() + G_USEC_PER_SEC;

		while (g_get_monotonic_time() < end) {
			g_main_context_iteration(NULL, FALSE);
			g_usleep(1000);
		}
	}
	g_assert_true(sy_explore_panel_is_running(panel));
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "explore-cancel", NULL);
	run_search(panel, 20);
	r = sy_explore_panel_get_result(panel);
	g_assert_nonnull(r);
	g_assert_true(r->cancelled);
	g_assert_false(r->complete);
	g_assert_true(g_str_has_prefix(sy_explore_panel_get_status(panel),
		"On the u250: cancelled, the best found so far (not "
		"proven); "));
	g_assert_cmpuint(
		r->stats.evaluated + r->stats.pruned + r->stats.refused, <,
		r->stats.points);

	/* An edit: its dataflows may not be the search's, which goes. */
	{
		GtkTextBuffer *buffer = gtk_text_view_get_buffer(
			GTK_TEXT_VIEW(sy_test_find(root, GTK_TYPE_TEXT_VIEW)));
		GtkTextIter start;

		gtk_text_buffer_get_start_iter(buffer, &start);
		gtk_text_buffer_insert(buffer, &start, "/* edited */\n", -1);
		sy_test_wait(window, sy_test_analysed, "the edited kernel");
		g_assert_null(sy_explore_panel_get_result(panel));
		g_assert_cmpstr(sy_explore_panel_get_status(panel), ==,
			"The kernel has changed since the last search: "
			"explore again");
		g_assert_cmpuint(
			(sy_pareto_view_get_points(plot, &n), n), ==, 0);
		gtk_text_buffer_set_modified(buffer, FALSE);
	}

	gtk_widget_destroy(root);
	g_object_unref(window);
	sy_test_remove_tree(dir);
	g_free(dir);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/explore", test_explore},
	{NULL, NULL},
};
