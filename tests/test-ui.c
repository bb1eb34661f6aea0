/* The explorer under Xvfb: its icons; open the bundled example, pick
 * dataflows in the list and in the dependence view, switch views, break
 * and mend the kernel, analyse under the setting max-operations; lu.c's
 * statement graph and a design along two directions; a design the
 * backend refuses; screenshots.  The
 * explorer's other parts have a program each (test-ui-*).  Skips (77)
 * without a display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include <string.h>

#include "sy-array-view.h"
#include "sy-deps-view.h"
#include "sy-estimate-panel.h"
#include "sy-preferences-dialog.h"
#include "uitest.h"
#include "uiwindow.h"

/* Every icon the explorer shows loads, its own from the GResource (as
 * SVG: main() made sure there is a loader, uiwindow.c). */
static void test_icons(void)
{
	static const char *const names[] = {
		"org.systole.Systole",
		"org.systole.Systole-symbolic",
		"dialog-error-symbolic",
		"dialog-warning-symbolic",
		"edit-copy-symbolic",
		"folder-symbolic",
		"object-select-symbolic",
		"open-menu-symbolic",
		"pan-down-symbolic",
		"zoom-fit-best-symbolic",
		"zoom-in-symbolic",
		"zoom-out-symbolic",
	};
	GtkIconTheme *theme = gtk_icon_theme_get_default();

	for (gsize i = 0; i < G_N_ELEMENTS(names); i++) {
		g_autoptr(GError) error = NULL;
		g_autoptr(GdkPixbuf) icon = gtk_icon_theme_load_icon(
			theme, names[i], 16, 0, &error);

		if (!icon)
			g_error("icon %s: %s", names[i], error->message);
	}
}

static void test_explorer(void)
{
	g_autoptr(GFile) example = NULL;
	SyWindow *window;
	SyArrayView *array;
	SyDepsView *deps;
	GtkTextBuffer *buffer;
	GtkTextIter iter;
	const SyArrayScene *scene;
	const SyAnalysis *a;
	gint64 start;
	const guint ik[] = {0, 2};

	/* Launch to a drawn array. */
	start = sy_test_launch();
	example = sy_application_get_example(sy_test_app());
	window = SY_WINDOW(sy_application_open_file(sy_test_app(), example));
	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	array = SY_ARRAY_VIEW(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW));
	deps = SY_DEPS_VIEW(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_DEPS_VIEW));
	gtk_test_widget_wait_for_draw(GTK_WIDGET(array));
	g_test_message("launch to a drawn array: %.1f ms",
		(g_get_monotonic_time() - start) / 1000.0);

	/* The six arrays of matrix multiply; the first 2D one is shown. */
	a = sy_window_get_analysis(window);
	g_assert_cmpuint(a->candidates->len, ==, 6);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 3);
	scene = sy_array_view_get_scene(array);
	g_assert_nonnull(scene);
	g_assert_cmpint(scene->rows, ==, 64);
	g_assert_cmpint(scene->cols, ==, 64);
	sy_test_screenshot(GTK_WIDGET(window), "ui-array-1280.png");

	/* The list picks a 1D array. */
	sy_window_select_candidate(window, 2);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 2);
	sy_test_wait(window, sy_test_settled, "the 1D array");
	scene = sy_array_view_get_scene(array);
	g_assert_cmpint(scene->n_dims, ==, 1);
	g_assert_cmpstr(scene->col_loop, ==, "k");

	/* The dependence view picks [i, k] by its loops. */
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("deps"));
	sy_test_settle(GTK_WIDGET(window));
	g_signal_emit_by_name(deps, "space-chosen", ik, 2u);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 4);
	sy_test_screenshot(GTK_WIDGET(window), "ui-deps-1280.png");

	/* At 1920 x 1080, zoomed in. */
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("array"));
	sy_window_select_candidate(window, 3);
	sy_test_settle(GTK_WIDGET(window));
	g_action_group_activate_action(G_ACTION_GROUP(window), "zoom-in", NULL);
	g_action_group_activate_action(G_ACTION_GROUP(window), "zoom-in", NULL);
	sy_test_screenshot(GTK_WIDGET(window), "ui-array-1920.png");
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "zoom-fit", NULL);

	/* Break the kernel: the last good analysis stays, marked stale. */
	buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(
		sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW)));
	gtk_text_buffer_get_start_iter(buffer, &iter);
	g_assert_true(gtk_text_iter_forward_search(
		&iter, "#pragma scop\n", 0, NULL, &iter, NULL));
	gtk_text_buffer_insert(buffer, &iter, "    while (1);\n", -1);
	sy_test_wait(window, sy_test_failed, "the analysis of a broken kernel");
	sy_test_settle(GTK_WIDGET(window));
	g_assert_true(sy_window_is_stale(window));
	g_assert_true(sy_window_get_analysis(window) == a);
	/* The place as compilers give it, the column too (issue 15,
	 * defect 14), and the broken line in view under the bar (4). */
	g_assert_true(g_str_has_prefix(sy_window_get_error(window),
		"mm.c:32:5: 'while' is not supported in the SCoP"));
	{
		GtkTextView *editor = GTK_TEXT_VIEW(
			sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW));
		GdkRectangle visible, at;
		GtkTextIter broken;

		gtk_text_view_get_visible_rect(editor, &visible);
		gtk_text_buffer_get_iter_at_line(buffer, &broken, 31);
		gtk_text_view_get_iter_location(editor, &broken, &at);
		g_assert_cmpint(at.y, >=, visible.y);
		g_assert_cmpint(
			at.y + at.height, <=, visible.y + visible.height);
	}
	sy_test_screenshot(GTK_WIDGET(window), "ui-error-1920.png");

	/* Mend it: a fresh analysis. */
	gtk_text_buffer_set_text(buffer, "", -1);
	sy_window_load(window, example);
	sy_test_wait(
		window, sy_test_analysed, "the analysis of the mended kernel");
	g_assert_cmpuint(
		sy_window_get_analysis(window)->candidates->len, ==, 6);

	/* The setting max-operations re-analyses under its limit: too
	 * small, the error bar says so and how to raise it; reset, the
	 * kernel analyses again. */
	g_settings_set_uint64(sy_application_get_settings(sy_test_app()),
		"max-operations", 1000);
	sy_test_wait(
		window, sy_test_failed, "the analysis under 1000 operations");
	g_assert_true(sy_window_is_stale(window));
	g_assert_nonnull(strstr(sy_window_get_error(window),
		": error: the analysis is too complex: it needs more than 1000 "
		"isl operations (in "));
	g_assert_true(g_str_has_suffix(sy_window_get_error(window),
		"\nRaise the limit in Preferences (Ctrl+,), isl operations per "
		"stage (0: no limit), or with the setting max-operations: "
		"gsettings set org.systole.Systole max-operations 0"));
	g_settings_reset(
		sy_application_get_settings(sy_test_app()), "max-operations");
	sy_test_wait(window, sy_test_analysed,
		"the analysis under the default limit");
	g_assert_null(sy_window_get_error(window));

	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

/* A kernel of several statements: the statement graph and a dataflow
 * chosen by dragging across two loops. */
static void test_lu(void)
{
	g_autofree char *path = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", "lu.c", NULL);
	g_autoptr(GFile) file = g_file_new_for_path(path);
	SyWindow *window;
	SyDepsView *deps;
	const guint ki[] = {0, 1};

	window = SY_WINDOW(sy_application_open_file(sy_test_app(), file));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	sy_test_wait(window, sy_test_analysed, "the analysis of lu.c");
	g_assert_cmpuint(
		sy_window_get_analysis(window)->scop->stmts->len, ==, 8);
	g_assert_cmpuint(
		sy_window_get_analysis(window)->candidates->len, ==, 6);
	deps = SY_DEPS_VIEW(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_DEPS_VIEW));
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("deps"));
	g_signal_emit_by_name(deps, "space-chosen", ki, 2u);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 3);
	sy_test_screenshot(GTK_WIDGET(window), "ui-lu-deps-1920.png");
	/* [k, i] passes Up along k and along i: estimated. */
	sy_test_wait(window, sy_test_settled, "lu.c's [k, i]");
	g_assert_cmpfloat(
		sy_pipeline_get_estimate(sy_window_get_pipeline(window))
			->cycles,
		==, 834);
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("array"));
	sy_test_screenshot(GTK_WIDGET(window), "ui-lu-array-1920.png");
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

/* A design the backend refuses (dp.c's table on [i, j], which moves
 * along i, along j and diagonally): the panel says why. */
static void test_refused(void)
{
	g_autofree char *path = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", "dp.c", NULL);
	g_autoptr(GFile) file = g_file_new_for_path(path);
	SyWindow *window;

	window = SY_WINDOW(sy_application_open_file(sy_test_app(), file));
	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, "the analysis of dp.c");
	sy_window_select_candidate(window, 2);
	sy_test_wait(window, sy_test_settled, "dp.c's [i, j]");
	g_assert_null(sy_pipeline_get_estimate(sy_window_get_pipeline(window)));
	g_assert_true(g_str_has_prefix(
		sy_estimate_panel_get_message(SY_ESTIMATE_PANEL(sy_test_find(
			GTK_WIDGET(window), SY_TYPE_ESTIMATE_PANEL))),
		"No estimate: D enters the array along two paths"));
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

static gboolean has_text(GtkWidget *w, const char *text)
{
	GList *children;
	gboolean found = FALSE;

	if (GTK_IS_LABEL(w))
		return g_str_equal(gtk_label_get_text(GTK_LABEL(w)), text);
	if (!GTK_IS_CONTAINER(w))
		return FALSE;
	children = gtk_container_get_children(GTK_CONTAINER(w));
	for (GList *l = children; l && !found; l = l->next)
		found = has_text(l->data, text);
	g_list_free(children);
	return found;
}

/* The recent kernels' menu shows file names whole: a menu model's
 * labels are read with mnemonics, which took mm_huge.c's underscore. */
static void test_recent(void)
{
	static const char *const recent[] = {
		"/tmp/kernels/mm_huge.c", "/tmp/kernels/a__b.c", NULL};
	g_autoptr(GFile) example = sy_application_get_example(sy_test_app());
	GSettings *settings = sy_application_get_settings(sy_test_app());
	SyWindow *window;
	GtkWidget *popover;

	g_settings_set_strv(settings, "recent-files", recent);
	window = SY_WINDOW(sy_application_open_file(sy_test_app(), example));
	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, "the first analysis");
	/* Opening the example put it first. */
	popover = GTK_WIDGET(gtk_menu_button_get_popover(
		GTK_MENU_BUTTON(sy_test_get(GTK_WIDGET(window), "recent"))));
	g_assert_nonnull(popover);
	g_assert_true(has_text(popover, "mm_huge.c"));
	g_assert_true(has_text(popover, "a__b.c"));
	g_assert_false(has_text(popover, "mmhuge.c"));
	g_settings_reset(settings, "recent-files");
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

static gboolean three_dims(SyWindow *window)
{
	const SyAnalysis *a = sy_window_get_analysis(window);

	return a && a->max_dims == 3 && !sy_window_is_stale(window);
}

/* Preferences (app.preferences, Ctrl+,; issue 15, defect 6: the
 * max-dims hint pointed to a dialog that did not exist): each control
 * writes its key, and the window follows; a key changed elsewhere
 * shows in the dialog. */
static void test_preferences(void)
{
	SyWindow *window = sy_test_open_example("mm.c");
	GSettings *settings = sy_application_get_settings(sy_test_app());
	GList *all;
	GtkWidget *dialog = NULL;
	guint before = sy_window_get_analysis(window)->candidates->len;

	g_action_group_activate_action(
		G_ACTION_GROUP(sy_test_app()), "preferences", NULL);
	all = gtk_window_list_toplevels();
	for (GList *l = all; l; l = l->next)
		if (SY_IS_PREFERENCES_DIALOG(l->data))
			dialog = l->data;
	g_list_free(all);
	g_assert_nonnull(dialog);
	g_assert_true(gtk_window_get_transient_for(GTK_WINDOW(dialog)) ==
		GTK_WINDOW(window));
	sy_test_screenshot(dialog, "ui-preferences.png");

	g_assert_cmpfloat(gtk_spin_button_get_value(GTK_SPIN_BUTTON(
				  sy_test_get(dialog, "max-dims"))),
		==, 2);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(dialog, "max-dims")), 3);
	g_assert_cmpint(g_settings_get_int(settings, "max-dims"), ==, 3);
	sy_test_wait(window, three_dims, "the analysis of up to 3 dimensions");
	/* mm's [i, j, k] joins the list. */
	g_assert_cmpuint(sy_window_get_analysis(window)->candidates->len, ==,
		before + 1);

	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(dialog, "max-operations")), 0);
	g_assert_cmpuint(
		g_settings_get_uint64(settings, "max-operations"), ==, 0);
	gtk_spin_button_set_value(
		GTK_SPIN_BUTTON(sy_test_get(dialog, "analysis-delay")), 50);
	g_assert_cmpint(g_settings_get_int(settings, "analysis-delay"), ==, 50);
	gtk_switch_set_active(
		GTK_SWITCH(sy_test_get(dialog, "show-pe-labels")), FALSE);
	g_assert_false(g_settings_get_boolean(settings, "show-pe-labels"));

	/* Back to the defaults from elsewhere: the dialog follows. */
	g_settings_reset(settings, "max-dims");
	g_settings_reset(settings, "max-operations");
	g_settings_reset(settings, "analysis-delay");
	g_settings_reset(settings, "show-pe-labels");
	g_assert_cmpfloat(gtk_spin_button_get_value(GTK_SPIN_BUTTON(
				  sy_test_get(dialog, "max-dims"))),
		==, 2);
	g_assert_cmpfloat(gtk_spin_button_get_value(GTK_SPIN_BUTTON(
				  sy_test_get(dialog, "max-operations"))),
		==, 30000000);
	g_assert_true(gtk_switch_get_active(
		GTK_SWITCH(sy_test_get(dialog, "show-pe-labels"))));
	gtk_dialog_response(GTK_DIALOG(dialog), GTK_RESPONSE_DELETE_EVENT);
	sy_test_wait(window, sy_test_settled, "the analysis of 2 dimensions");
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

const SyTestCase sy_test_cases[] = {
	{"/ui/preferences", test_preferences},
	{"/ui/icons", test_icons},
	{"/ui/explorer", test_explorer},
	{"/ui/lu", test_lu},
	{"/ui/refused", test_refused},
	{"/ui/recent", test_recent},
	{NULL, NULL},
};
