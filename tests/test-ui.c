/* The explorer under Xvfb: open the bundled example, pick dataflows in
 * the list and in the dependence view, switch views, break and mend the
 * kernel, and save screenshots.  Skips (77) without a display.
 *
 * Run with G_DEBUG=fatal-criticals: any GTK critical fails it. */
#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>
#include <glib/gstdio.h>

#include "sy-application.h"
#include "sy-array-view.h"
#include "sy-config-panel.h"
#include "sy-deps-view.h"
#include "render-estimate.h"
#include "sy-candidate-list.h"
#include "sy-design-panel.h"
#include "sy-estimate-panel.h"
#include "sy-export-bar.h"
#include "sy-export-dialog.h"
#include "sy-window.h"
#include "uitest.h"

static const char *out_dir;
static SyApplication *app; /* one per process: GTK styles are global */
static gint64 launch; /* when main() began: before GTK starts */

typedef gboolean (*Condition)(SyWindow *window);

/* Runs the main loop until cond holds; fails after a few seconds. */
static void wait_until(SyWindow *window, Condition cond, const char *what)
{
	gint64 end = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;

	while (!cond(window)) {
		if (g_get_monotonic_time() > end)
			g_error("timed out waiting for %s", what);
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
}

static gboolean analysed(SyWindow *window)
{
	return sy_window_get_analysis(window) && !sy_window_is_stale(window);
}

static gboolean failed(SyWindow *window)
{
	return sy_window_get_error(window) != NULL;
}

/* The pipeline's workers are done: what is shown is the newest. */
static gboolean settled(SyWindow *window)
{
	return !sy_window_is_busy(window);
}

/* Lets drawing and the stack's transitions finish. */
static void settle(GtkWidget *widget)
{
	gint64 end = g_get_monotonic_time() + 400 * 1000;

	while (g_get_monotonic_time() < end) {
		while (g_main_context_pending(NULL))
			g_main_context_iteration(NULL, FALSE);
		g_usleep(2000);
	}
	gtk_test_widget_wait_for_draw(widget);
}

static void screenshot(GtkWidget *window, const char *name)
{
	GdkWindow *gdk = gtk_widget_get_window(window);
	g_autoptr(GdkPixbuf) shot = NULL;
	g_autofree char *path = g_build_filename(out_dir, name, NULL);
	GError *error = NULL;

	settle(window);
	shot = gdk_pixbuf_get_from_window(gdk, 0, 0, gdk_window_get_width(gdk),
		gdk_window_get_height(gdk));
	g_assert_nonnull(shot);
	g_assert_true(gdk_pixbuf_save(shot, path, "png", &error, NULL));
	g_assert_no_error(error);
	g_test_message("screenshot %s", path);
}

/* Every widget of type under root, in tree order, but not of type not. */
static void find_all(GtkWidget *root, GType type, GType not, GPtrArray *out)
{
	GList *children;

	if (G_TYPE_CHECK_INSTANCE_TYPE(root, type) &&
		!G_TYPE_CHECK_INSTANCE_TYPE(root, not ))
		g_ptr_array_add(out, root);
	if (!GTK_IS_CONTAINER(root))
		return;
	children = gtk_container_get_children(GTK_CONTAINER(root));
	for (GList *l = children; l; l = l->next)
		find_all(l->data, type, not, out);
	g_list_free(children);
}

static char *transformed_text(SyWindow *window)
{
	g_autoptr(GPtrArray) views = g_ptr_array_new();
	GtkTextBuffer *buffer;
	GtkTextIter start, end;

	find_all(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW, G_TYPE_NONE, views);
	g_assert_cmpuint(views->len, ==, 2);
	buffer = gtk_text_view_get_buffer(g_ptr_array_index(views, 1));
	gtk_text_buffer_get_bounds(buffer, &start, &end);
	return gtk_text_buffer_get_text(buffer, &start, &end, FALSE);
}

/* Every icon the explorer shows loads, its own from the GResource.  On a
 * machine without the SVG pixbuf loader (librsvg2-common, a
 * recommendation apt-get skips with --no-install-recommends) none does,
 * and GTK's first warning would abort a later test with SIGTRAP: say
 * what is missing here instead. */
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
	gboolean svg = FALSE;
	GSList *formats = gdk_pixbuf_get_formats();

	for (GSList *l = formats; l; l = l->next) {
		/* The name is the caller's to free (ASan's leak checker). */
		g_autofree char *name = gdk_pixbuf_format_get_name(l->data);

		if (!strcmp(name, "svg"))
			svg = TRUE;
	}
	g_slist_free(formats);
	if (!svg)
		g_error("gdk-pixbuf has no SVG loader: install librsvg2-common");
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
	start = launch;
	example = sy_application_get_example(app);
	window = SY_WINDOW(sy_application_open_file(app, example));
	g_object_ref(window);
	wait_until(window, analysed, "the first analysis");
	array = SY_ARRAY_VIEW(sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW));
	deps = SY_DEPS_VIEW(sy_test_find(GTK_WIDGET(window), SY_TYPE_DEPS_VIEW));
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
	screenshot(GTK_WIDGET(window), "ui-array-1280.png");

	/* The list picks a 1D array. */
	sy_window_select_candidate(window, 2);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 2);
	wait_until(window, settled, "the 1D array");
	scene = sy_array_view_get_scene(array);
	g_assert_cmpint(scene->n_dims, ==, 1);
	g_assert_cmpstr(scene->col_loop, ==, "k");

	/* The dependence view picks [i, k] by its loops. */
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("deps"));
	settle(GTK_WIDGET(window));
	g_signal_emit_by_name(deps, "space-chosen", ik, 2u);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 4);
	screenshot(GTK_WIDGET(window), "ui-deps-1280.png");

	/* At 1920 x 1080, zoomed in. */
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("array"));
	sy_window_select_candidate(window, 3);
	settle(GTK_WIDGET(window));
	g_action_group_activate_action(G_ACTION_GROUP(window), "zoom-in", NULL);
	g_action_group_activate_action(G_ACTION_GROUP(window), "zoom-in", NULL);
	screenshot(GTK_WIDGET(window), "ui-array-1920.png");
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "zoom-fit", NULL);

	/* Break the kernel: the last good analysis stays, marked stale. */
	buffer = gtk_text_view_get_buffer(
		GTK_TEXT_VIEW(sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW)));
	gtk_text_buffer_get_start_iter(buffer, &iter);
	g_assert_true(gtk_text_iter_forward_search(
		&iter, "#pragma scop\n", 0, NULL, &iter, NULL));
	gtk_text_buffer_insert(buffer, &iter, "    while (1);\n", -1);
	wait_until(window, failed, "the analysis of a broken kernel");
	settle(GTK_WIDGET(window));
	g_assert_true(sy_window_is_stale(window));
	g_assert_true(sy_window_get_analysis(window) == a);
	g_assert_true(g_str_has_prefix(sy_window_get_error(window),
		"Line 32: 'while' is not supported in the SCoP"));
	screenshot(GTK_WIDGET(window), "ui-error-1920.png");

	/* Mend it: a fresh analysis. */
	gtk_text_buffer_set_text(buffer, "", -1);
	sy_window_load(window, example);
	wait_until(window, analysed, "the analysis of the mended kernel");
	g_assert_cmpuint(
		sy_window_get_analysis(window)->candidates->len, ==, 6);

	/* The setting max-operations re-analyses under its limit: too
	 * small, the error bar says so and how to raise it; reset, the
	 * kernel analyses again. */
	g_settings_set_uint64(
		sy_application_get_settings(app), "max-operations", 1000);
	wait_until(window, failed, "the analysis under 1000 operations");
	g_assert_true(sy_window_is_stale(window));
	g_assert_nonnull(strstr(sy_window_get_error(window),
		": error: the analysis is too complex: it needs more than 1000 "
		"isl operations (in "));
	g_assert_true(g_str_has_suffix(sy_window_get_error(window),
		"\nRaise the limit with the setting max-operations (0: no "
		"limit): gsettings set org.systole.Systole max-operations 0"));
	g_settings_reset(sy_application_get_settings(app), "max-operations");
	wait_until(window, analysed, "the analysis under the default limit");
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

	window = SY_WINDOW(sy_application_open_file(app, file));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	wait_until(window, analysed, "the analysis of lu.c");
	g_assert_cmpuint(
		sy_window_get_analysis(window)->scop->stmts->len, ==, 8);
	g_assert_cmpuint(
		sy_window_get_analysis(window)->candidates->len, ==, 6);
	deps = SY_DEPS_VIEW(sy_test_find(GTK_WIDGET(window), SY_TYPE_DEPS_VIEW));
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("deps"));
	g_signal_emit_by_name(deps, "space-chosen", ki, 2u);
	g_assert_cmpint(sy_window_get_candidate(window), ==, 3);
	screenshot(GTK_WIDGET(window), "ui-lu-deps-1920.png");
	/* The backend refuses [k, i]'s design: the panel says why. */
	wait_until(window, settled, "lu.c's [k, i]");
	g_assert_null(sy_pipeline_get_estimate(sy_window_get_pipeline(window)));
	g_assert_true(g_str_has_prefix(
		sy_estimate_panel_get_message(SY_ESTIMATE_PANEL(sy_test_find(
			GTK_WIDGET(window), SY_TYPE_ESTIMATE_PANEL))),
		"No estimate: Up enters the array along two paths"));
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

/* A pointer event at (x, y) in w, handled as if GDK had read it: the
 * same path as the X server's, without the X server (whose test
 * buttons reach GTK's XInput 2 only with core device events). */
static void pointer_event(
	GtkWidget *w, GdkEventType type, double x, double y, guint button)
{
	GdkEvent *e = gdk_event_new(type);
	GdkDevice *pointer = gdk_seat_get_pointer(
		gdk_display_get_default_seat(gtk_widget_get_display(w)));

	e->any.window = g_object_ref(gtk_widget_get_window(w));
	e->any.send_event = TRUE;
	gdk_event_set_device(e, pointer);
	gdk_event_set_source_device(e, pointer);
	if (type == GDK_SCROLL) {
		e->scroll.time = GDK_CURRENT_TIME;
		e->scroll.x = x;
		e->scroll.y = y;
		e->scroll.direction = button == 4 ? GDK_SCROLL_UP
						  : GDK_SCROLL_DOWN;
	} else if (type == GDK_MOTION_NOTIFY) {
		e->motion.time = GDK_CURRENT_TIME;
		e->motion.x = x;
		e->motion.y = y;
		e->motion.state = GDK_BUTTON1_MASK;
	} else {
		e->button.time = GDK_CURRENT_TIME;
		e->button.x = x;
		e->button.y = y;
		e->button.button = button;
		if (type == GDK_BUTTON_RELEASE)
			e->button.state = GDK_BUTTON1_MASK;
	}
	gtk_main_do_event(e);
	gdk_event_free(e);
}

/* Button 1 pressed at (x0, y0), moved and released at (x1, y1). */
static void drag(GtkWidget *w, double x0, double y0, double x1, double y1)
{
	pointer_event(w, GDK_BUTTON_PRESS, x0, y0, 1);
	if (x1 != x0 || y1 != y0)
		pointer_event(w, GDK_MOTION_NOTIFY, x1, y1, 0);
	pointer_event(w, GDK_BUTTON_RELEASE, x1, y1, 1);
}

static void record_loops(
	SyDepsView *deps, const guint *loops, guint n, GArray *chosen)
{
	(void)deps;
	g_array_set_size(chosen, 0);
	g_array_append_vals(chosen, loops, n);
}

/* The middle of loop chip i of the dependence view. */
static void chip_middle(
	SyDepsView *deps, const SyAnalysis *a, guint i, double *x, double *y)
{
	GtkWidget *w = GTK_WIDGET(deps);
	SyDepsScene scene = {a, NULL, NULL, -1, NULL};
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_ARGB32, 1, 1);
	cairo_t *cr = cairo_create(surface);
	SyDepsLayout layout;

	sy_deps_layout_init(&layout, &scene, cr,
		gtk_widget_get_allocated_width(w),
		gtk_widget_get_allocated_height(w));
	g_assert_cmpuint(i, <, layout.n_chips);
	*x = layout.chips[i].x + layout.chips[i].w / 2;
	*y = layout.chips[i].y + layout.chips[i].h / 2;
	sy_deps_layout_clear(&layout);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

/* The dependence view's drags: across the loop chips they choose the
 * loops between, both ways; in the plot they pan and choose nothing. */
static void deps_drags(SyWindow *window)
{
	SyDepsView *deps = SY_DEPS_VIEW(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_DEPS_VIEW));
	GtkWidget *w = GTK_WIDGET(deps);
	const SyAnalysis *a = sy_window_get_analysis(window);
	g_autoptr(GArray) chosen = g_array_new(FALSE, FALSE, sizeof(guint));
	double x0, y0, x2, y2;

	g_action_group_activate_action(
		G_ACTION_GROUP(window), "view", g_variant_new_string("deps"));
	settle(w);
	g_signal_connect(
		deps, "space-chosen", G_CALLBACK(record_loops), chosen);
	chip_middle(deps, a, 0, &x0, &y0);
	chip_middle(deps, a, 2, &x2, &y2);
	drag(w, x0, y0, x2, y2);
	g_assert_cmpuint(chosen->len, ==, 3);
	for (guint i = 0; i < 3; i++)
		g_assert_cmpuint(g_array_index(chosen, guint, i), ==, i);
	g_array_set_size(chosen, 0);
	drag(w, x2, y2, x0, y0);
	g_assert_cmpuint(chosen->len, ==, 3);
	g_assert_cmpuint(g_array_index(chosen, guint, 0), ==, 0);
	g_array_set_size(chosen, 0);
	drag(w, gtk_widget_get_allocated_width(w) / 3.0,
		gtk_widget_get_allocated_height(w) / 2.0,
		gtk_widget_get_allocated_width(w) / 2.0,
		gtk_widget_get_allocated_height(w) / 2.0);
	g_assert_cmpuint(chosen->len, ==, 0);
	g_signal_handlers_disconnect_by_data(deps, chosen);
}

/* Zoom and pan of the views (SyViewNav): steps of exactly 1.25
 * stopping at 400 pixels per PE, the fit back, the wheel, a drag that
 * pans and a click that selects; drags across the dependence view's
 * loops. */
static void test_navigation(void)
{
	g_autoptr(GFile) example = sy_application_get_example(app);
	SyWindow *window;
	SyArrayView *array;
	GtkWidget *w;
	double fit, want;
	int width, height;

	window = SY_WINDOW(sy_application_open_file(app, example));
	g_object_ref(window);
	wait_until(window, analysed, "the analysis");
	array = SY_ARRAY_VIEW(sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW));
	w = GTK_WIDGET(array);
	while (!sy_array_view_get_scene(array))
		g_main_context_iteration(NULL, TRUE);
	settle(w);
	fit = sy_array_view_get_scale(array);
	g_assert_cmpfloat(fit, >, 1);

	/* Steps around the centre, and the fit back. */
	sy_array_view_zoom(array, 1);
	sy_array_view_zoom(array, 1);
	g_assert_cmpfloat(
		sy_array_view_get_scale(array), ==, fit * 1.25 * 1.25);
	sy_array_view_zoom(array, -1);
	g_assert_cmpfloat(sy_array_view_get_scale(array), ==,
		fit * 1.25 * 1.25 * (1 / 1.25));
	sy_array_view_zoom(array, 0);
	g_assert_cmpfloat(sy_array_view_get_scale(array), ==, fit);
	for (int i = 0; i < 100; i++)
		sy_array_view_zoom(array, 1);
	for (want = fit; want * 1.25 <= 400; want *= 1.25)
		;
	g_assert_cmpfloat(sy_array_view_get_scale(array), ==, want);
	sy_array_view_zoom(array, 0);

	/* The wheel: one notch is one step. */
	width = gtk_widget_get_allocated_width(w);
	height = gtk_widget_get_allocated_height(w);
	pointer_event(w, GDK_SCROLL, width / 2.0, height / 2.0, 4);
	g_assert_cmpfloat(sy_array_view_get_scale(array), ==, fit * 1.25);
	pointer_event(w, GDK_SCROLL, width / 2.0, height / 2.0, 5);
	g_assert_cmpfloat(
		sy_array_view_get_scale(array), ==, fit * 1.25 * (1 / 1.25));
	sy_array_view_zoom(array, 0);

	/* A click on the middle of the fitted array selects the PEs. */
	sy_array_view_select(array, NULL);
	drag(w, width / 2, height / 2, width / 2, height / 2);
	g_assert_cmpstr(sy_array_view_get_selected(array), ==, "PE");

	/* A drag across the view pans the array out of the middle, and
	 * selects nothing; a click there then hits nothing. */
	sy_array_view_select(array, NULL);
	drag(w, 2, height / 2, width - 2, height / 2);
	g_assert_null(sy_array_view_get_selected(array));
	g_assert_cmpfloat(sy_array_view_get_scale(array), ==, fit);
	drag(w, width / 2, height / 2, width / 2, height / 2);
	g_assert_null(sy_array_view_get_selected(array));

	/* Fitted again, the middle is the PEs again. */
	sy_array_view_zoom(array, 0);
	settle(w);
	drag(w, width / 2, height / 2, width / 2, height / 2);
	g_assert_cmpstr(sy_array_view_get_selected(array), ==, "PE");

	deps_drags(window);
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

static GtkWidget *get(GtkWidget *root, const char *name)
{
	GtkWidget *w = sy_test_named(root, name);

	if (!w)
		g_error("no widget named %s", name);
	return w;
}

/* Sizes: a non-divisor tile, latency hiding and SIMD from the panel's
 * widgets; the grid, the loop nest and the command line follow; the
 * sizes survive an edit of the kernel; reset. */
static void test_sizes(void)
{
	g_autoptr(GFile) example = sy_application_get_example(app);
	g_autofree char *text = NULL;
	SyWindow *window;
	SyArrayView *array;
	GtkWidget *panel;
	GtkEntry *command, *sizes;
	SyDesignPanel *network;
	GtkTextBuffer *buffer;
	GtkTextIter iter;
	gint64 start;

	window = SY_WINDOW(sy_application_open_file(app, example));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	wait_until(window, analysed, "the first analysis");
	array = SY_ARRAY_VIEW(sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW));
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	command = GTK_ENTRY(get(panel, "command"));
	sizes = GTK_ENTRY(get(panel, "sa-sizes"));
	g_assert_null(sy_test_named(panel, "latency-k")); /* k carries C's flow */

	start = g_get_monotonic_time();
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-i")), 20);
	wait_until(window, settled, "the tile size");
	g_test_message("a tile size to a new PE array and loop nest: %.1f ms",
		(g_get_monotonic_time() - start) / 1000.0);
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 20);
	g_assert_cmpint(sy_array_view_get_scene(array)->cols, ==, 64);
	g_assert_cmpstr(gtk_entry_get_text(command), ==,
		"systole-cli compile mm.c --space i,j --tile i=20");

	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "latency-i")), "4");
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "simd-loop")), "0");
	wait_until(window, settled, "latency and SIMD");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 5);
	g_assert_cmpstr(gtk_entry_get_text(sizes), ==,
		"{kernel[]->space_time[3];kernel[]->array_part[20,64,64];"
		"kernel[]->latency[4,1];kernel[]->simd[2]}");
	text = transformed_text(window);
	g_assert_nonnull(strstr(text, "/* simd[k] */"));
	g_assert_nonnull(strstr(text, "sy_min(4, -5 * c0 + 15)"));
	screenshot(GTK_WIDGET(window), "ui-sizes-1920.png");

	/* The I/O network of a 4 x 4 array: a module clicked in the array
	 * shows its buffers, FIFOs and loops; switches rebuild it. */
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-i")), 16);
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-j")), 16);
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "latency-i")), "4");
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "latency-j")), "4");
	wait_until(window, settled, "the 4 x 4 array");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 4);
	g_assert_cmpint(sy_array_view_get_scene(array)->cols, ==, 4);
	g_signal_emit_by_name(array, "module-selected", "A_IO_L2_in");
	network = SY_DESIGN_PANEL(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_DESIGN_PANEL));
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"A_IO_L2_in: 3 (L2 in, west)\nbuffers\n  local_A[4][64]: 16 "
		"words of 16 x 32 bits, ping-pong\n"));
	g_action_group_activate_action(
		G_ACTION_GROUP(window), "zoom-fit", NULL);
	screenshot(GTK_WIDGET(window), "ui-network-1920.png");
	gtk_switch_set_active(
		GTK_SWITCH(get(GTK_WIDGET(network), "double-buffer")), FALSE);
	wait_until(window, settled, "the network without ping-pong");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"local_A[4][64]: 16 words of 16 x 32 bits\n"));
	gtk_switch_set_active(
		GTK_SWITCH(get(GTK_WIDGET(network), "packing")), FALSE);
	wait_until(window, settled, "the network without packing");
	g_assert_nonnull(strstr(sy_design_panel_get_details(network),
		"local_A[4][64]: 256 words of 1 x 32 bits\n"));
	gtk_switch_set_active(
		GTK_SWITCH(get(GTK_WIDGET(network), "double-buffer")), TRUE);
	gtk_switch_set_active(
		GTK_SWITCH(get(GTK_WIDGET(network), "packing")), TRUE);
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-j")), 64);
	gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "latency-j")), "1");
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-i")), 20);
	wait_until(window, settled, "the sizes before the edit");

	/* An edit re-analyses; the dataflow keeps its sizes. */
	buffer = gtk_text_view_get_buffer(
		GTK_TEXT_VIEW(sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW)));
	gtk_text_buffer_get_start_iter(buffer, &iter);
	gtk_text_buffer_insert(buffer, &iter, "// edited\n", -1);
	wait_until(window, analysed, "the analysis after an edit");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 5);
	g_assert_cmpstr(gtk_entry_get_text(GTK_ENTRY(get(panel, "sa-sizes"))),
		==,
		"{kernel[]->space_time[3];kernel[]->array_part[20,64,64];"
		"kernel[]->latency[4,1];kernel[]->simd[2]}");

	g_action_group_activate_action(
		gtk_widget_get_action_group(panel, "config"), "reset", NULL);
	wait_until(window, settled, "the sizes reset");
	g_assert_cmpint(sy_array_view_get_scene(array)->rows, ==, 64);
	g_assert_cmpstr(gtk_entry_get_text(GTK_ENTRY(get(panel, "sa-sizes"))),
		==,
		"{kernel[]->space_time[3];kernel[]->array_part[64,64,64];"
		"kernel[]->latency[1,1];kernel[]->simd[1]}");
	gtk_text_buffer_set_modified(buffer, FALSE);
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
}

/* Export */

static SyExportBar *export_bar(SyWindow *window)
{
	return SY_EXPORT_BAR(sy_test_find(GTK_WIDGET(window), SY_TYPE_EXPORT_BAR));
}

static gboolean export_over(SyWindow *window)
{
	return !sy_export_bar_is_running(export_bar(window));
}

static gboolean export_enabled(SyWindow *window)
{
	return g_action_group_get_action_enabled(
		G_ACTION_GROUP(window), "export");
}

/* The dialog win.export opened. */
static SyExportDialog *export_dialog(void)
{
	GList *all = gtk_window_list_toplevels();
	SyExportDialog *found = NULL;

	for (GList *l = all; l; l = l->next)
		if (SY_IS_EXPORT_DIALOG(l->data) &&
			gtk_widget_get_visible(l->data))
			found = l->data;
	g_list_free(all);
	g_assert_nonnull(found);
	return found;
}

/* The whole screen: a dialog over its window. */
static void screenshot_screen(GtkWidget *widget, const char *name)
{
	GdkWindow *root = gdk_get_default_root_window();
	g_autoptr(GdkPixbuf) shot = NULL;
	g_autofree char *path = g_build_filename(out_dir, name, NULL);
	GError *error = NULL;

	settle(widget);
	shot = gdk_pixbuf_get_from_window(root, 0, 0,
		gdk_window_get_width(root), gdk_window_get_height(root));
	g_assert_nonnull(shot);
	g_assert_true(gdk_pixbuf_save(shot, path, "png", &error, NULL));
	g_assert_no_error(error);
	g_test_message("screenshot %s", path);
}

/* The first frame drawn while the job runs, if the job is still
 * running by then: it takes some 70 ms, so the shot is taken without
 * the info bar's animation. */
static void screenshot_progress(SyWindow *window, const char *name)
{
	GdkWindow *gdk = gtk_widget_get_window(GTK_WIDGET(window));
	g_autoptr(GdkPixbuf) shot = NULL;
	g_autofree char *path = g_build_filename(out_dir, name, NULL);

	gtk_test_widget_wait_for_draw(GTK_WIDGET(window));
	if (export_over(window)) {
		g_test_message("the export ended before a frame: no %s", name);
		return;
	}
	shot = gdk_pixbuf_get_from_window(gdk, 0, 0, gdk_window_get_width(gdk),
		gdk_window_get_height(gdk));
	g_assert_true(gdk_pixbuf_save(shot, path, "png", NULL, NULL));
	g_test_message("screenshot %s", path);
}

static void remove_tree(const char *path)
{
	GDir *dir = g_dir_open(path, 0, NULL);
	const char *name;

	while (dir && (name = g_dir_read_name(dir))) {
		g_autofree char *child = g_build_filename(path, name, NULL);

		remove_tree(child);
	}
	if (dir)
		g_dir_close(dir);
	g_remove(path);
}

/* Export from the dialog into a new folder: progress, then the files
 * and the success bar; again into the same folder: the folder is in the
 * way, and says so; Replace writes over it; a window closed while its
 * export runs lets the export finish without it. */
/* A design whose SIMD lanes keep its PEs from II=1 (mm on [i], SIMD on
 * j): exported all the same, the bar says why, as a warning. */
static void export_warning(
	SyWindow *window, SyExportBar *bar, GtkWidget *panel, const char *tmp)
{
	const SyAnalysis *a = sy_window_get_analysis(window);
	g_autofree char *dir = g_build_filename(tmp, "mm_i_simd", NULL);
	g_autoptr(SyChoices) choices = NULL;
	int id = sy_config_find_space(a, "i", NULL);
	char simd[16];

	sy_window_select_candidate(window, id);
	wait_until(window, settled, "the dataflow [i]");
	choices = sy_choices_new(a, g_ptr_array_index(a->candidates, id), NULL);
	g_snprintf(
		simd, sizeof simd, "%d", sy_choices_find(choices->simd, "j"));
	g_assert_true(gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "simd-loop")), simd));
	g_assert_true(gtk_combo_box_set_active_id(
		GTK_COMBO_BOX(get(panel, "simd-width")), "2"));
	wait_until(window, settled, "SIMD on j");
	g_assert_true(sy_window_export_to(window, dir, "u250", FALSE));
	wait_until(window, export_over, "the export with a warning");
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_DONE);
	g_assert_cmpint(gtk_info_bar_get_message_type(GTK_INFO_BAR(bar)), ==,
		GTK_MESSAGE_WARNING);
	g_assert_nonnull(strstr(sy_export_bar_get_text(bar),
		" SLRs)\nWarning: SIMD on 'j' moves C and B through the PE's "
		"FIFOs an element per lane"));
	screenshot(GTK_WIDGET(window), "ui-export-warning-1920.png");
	gtk_info_bar_response(GTK_INFO_BAR(bar), GTK_RESPONSE_CLOSE);
}

static void test_export(void)
{
	g_autoptr(GFile) example = sy_application_get_example(app);
	g_autofree char *tmp = g_dir_make_tmp("systole-ui-XXXXXX", NULL);
	g_autofree char *dir = g_build_filename(tmp, "mm_ij_hls", NULL);
	g_autofree char *kernel = g_build_filename(
		dir, "src", "systole_kernel.cpp", NULL);
	g_autofree char *last = g_build_filename(tmp, "last", "src", NULL);
	g_autofree char *expect = NULL, *mine = NULL, *saved = NULL;
	g_autofree char *mine_dir = g_build_filename(tmp, "mine", NULL);
	g_autofree char *notes = g_build_filename(mine_dir, "notes.txt", NULL);
	g_autofree char *shown = NULL;
	GtkLabel *target;
	GtkSettings *gtk = gtk_settings_get_default();
	SyWindow *window;
	SyExportDialog *dialog;
	SyExportBar *bar;
	GtkWidget *panel, *export;
	gint64 start;

	g_assert_nonnull(tmp);
	/* The pointer out of the way: no tooltip in the screenshots. */
	gdk_device_warp(gdk_seat_get_pointer(gdk_display_get_default_seat(
				gdk_display_get_default())),
		gdk_screen_get_default(), 0, 1079);
	window = SY_WINDOW(sy_application_open_file(app, example));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	wait_until(window, analysed, "the first analysis");
	bar = export_bar(window);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_HIDDEN);
	g_assert_true(export_enabled(window));
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-i")), 16);
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-j")), 16);
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(get(panel, "tile-k")), 16);
	wait_until(window, settled, "16 x 16 x 16 tiles");

	/* The dialog: a name from the kernel and its space loops; Export
	 * needs a name that is one folder. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "export", NULL);
	dialog = export_dialog();
	sy_export_dialog_set_folder(dialog, tmp);
	mine = sy_export_dialog_get_dir(dialog);
	g_assert_cmpstr(mine, ==, dir);
	export = gtk_dialog_get_widget_for_response(
		GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_assert_true(gtk_widget_get_sensitive(export));
	sy_export_dialog_set_name(dialog, "a/b");
	g_assert_null(sy_export_dialog_get_dir(dialog));
	g_assert_false(gtk_widget_get_sensitive(export));
	sy_export_dialog_set_name(dialog, "mm_ij_hls");
	g_assert_true(gtk_widget_get_sensitive(export));
	g_assert_cmpstr(sy_export_dialog_get_device(dialog), ==, "u250");
	g_assert_false(sy_export_dialog_get_force(dialog));
	screenshot_screen(GTK_WIDGET(dialog), "ui-export-dialog.png");

	g_object_set(gtk, "gtk-enable-animations", FALSE, NULL);
	gtk_dialog_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_assert_true(sy_export_bar_is_running(bar));
	g_assert_false(export_enabled(window));
	screenshot_progress(window, "ui-export-progress-1920.png");
	wait_until(window, export_over, "the export");
	g_object_set(gtk, "gtk-enable-animations", TRUE, NULL);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_DONE);
	g_assert_true(g_file_test(kernel, G_FILE_TEST_IS_REGULAR));
	expect = g_strdup_printf("Exported 13 files to %s for the AMD Alveo "
				 "U250 (xcu250, VU13P class, 4 SLRs)",
		dir);
	g_assert_cmpstr(sy_export_bar_get_text(bar), ==, expect);
	g_assert_true(gtk_info_bar_get_revealed(GTK_INFO_BAR(bar)));
	g_assert_cmpint(gtk_info_bar_get_message_type(GTK_INFO_BAR(bar)), ==,
		GTK_MESSAGE_INFO);
	g_assert_true(export_enabled(window));
	saved = g_settings_get_string(
		sy_application_get_settings(app), "export-folder");
	g_assert_cmpstr(saved, ==, tmp);
	screenshot(GTK_WIDGET(window), "ui-export-done-1920.png");

	/* Again, without replacing: the dialog remembers the location and
	 * warns; the bar shows the error in full. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "export", NULL);
	dialog = export_dialog();
	g_free(mine);
	mine = sy_export_dialog_get_dir(dialog);
	g_assert_cmpstr(mine, ==, dir);
	sy_export_dialog_set_device(dialog, "u280");
	shown = sy_export_dialog_path_text(dir);
	target = GTK_LABEL(get(GTK_WIDGET(dialog), "target"));
	g_free(expect);
	expect = g_strdup_printf("%s holds an earlier export. Export leaves "
				 "it as it is unless you replace it.",
		shown);
	g_assert_cmpstr(gtk_label_get_text(target), ==, expect);
	sy_export_dialog_set_force(dialog, TRUE);
	g_free(expect);
	expect = g_strdup_printf(
		"Replaces the earlier export %s and everything in it", shown);
	g_assert_cmpstr(gtk_label_get_text(target), ==, expect);
	sy_export_dialog_set_force(dialog, FALSE);
	/* A folder that is no export is never replaced: Export cannot
	 * start, whatever the switch says. */
	g_assert_cmpint(g_mkdir(mine_dir, 0755), ==, 0);
	g_assert_true(g_file_set_contents(notes, "keep\n", -1, NULL));
	sy_export_dialog_set_name(dialog, "mine");
	sy_export_dialog_set_force(dialog, TRUE);
	g_free(shown);
	shown = sy_export_dialog_path_text(mine_dir);
	g_free(expect);
	expect = g_strdup_printf("%s is not a Systole export. Export never "
				 "replaces it: choose another name.",
		shown);
	g_assert_cmpstr(gtk_label_get_text(target), ==, expect);
	export = gtk_dialog_get_widget_for_response(
		GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	g_assert_false(gtk_widget_get_sensitive(export));
	sy_export_dialog_set_force(dialog, FALSE);
	sy_export_dialog_set_name(dialog, "mm_ij_hls");
	screenshot_screen(GTK_WIDGET(dialog), "ui-export-dialog-exists.png");
	gtk_dialog_response(GTK_DIALOG(dialog), GTK_RESPONSE_ACCEPT);
	wait_until(window, export_over, "the refused export");
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_FAILED);
	g_assert_cmpint(gtk_info_bar_get_message_type(GTK_INFO_BAR(bar)), ==,
		GTK_MESSAGE_ERROR);
	g_free(expect);
	expect = g_strdup_printf("The project could not be exported\n%s "
				 "exists and is not an empty folder; nothing "
				 "was written",
		dir);
	g_assert_cmpstr(sy_export_bar_get_text(bar), ==, expect);
	screenshot(GTK_WIDGET(window), "ui-export-exists-1920.png");

	/* Replace, as the bar's button does; timed from the click to the
	 * success bar. */
	start = g_get_monotonic_time();
	g_signal_emit_by_name(bar, "replace", dir, "u280");
	wait_until(window, export_over, "the export that replaces");
	g_test_message("export, from Replace to the success bar: %.1f ms",
		(g_get_monotonic_time() - start) / 1000.0);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_DONE);
	g_assert_nonnull(strstr(sy_export_bar_get_text(bar), "U280"));
	gtk_info_bar_response(GTK_INFO_BAR(bar), GTK_RESPONSE_CLOSE);
	g_assert_cmpint(sy_export_bar_get_state(bar), ==, SY_EXPORT_BAR_HIDDEN);
	export_warning(window, bar, panel, tmp);

	/* Closed while exporting: the folder is still written whole, and
	 * nothing touches the window (criticals are fatal here). */
	g_free(mine);
	mine = g_build_filename(tmp, "last", NULL);
	g_assert_true(sy_window_export_to(window, mine, "u250", FALSE));
	g_assert_false(sy_window_export_to(window, mine, "u250", FALSE));
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
	start = g_get_monotonic_time();
	while (!g_file_test(last, G_FILE_TEST_IS_DIR)) {
		g_assert_cmpint(
			g_get_monotonic_time() - start, <, 10 * G_USEC_PER_SEC);
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
	/* The job's completion, dropped. */
	start = g_get_monotonic_time();
	while (g_get_monotonic_time() - start < 300 * 1000) {
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
	remove_tree(tmp);
}

/* Every job done, the dataflows' survey too. */
static gboolean surveyed(SyWindow *window)
{
	return !sy_window_is_busy(window) && !sy_pipeline_count_jobs();
}

/* The estimate panel shows the pipeline's estimate, the Array view
 * outlines its bottleneck, each dataflow shows its throughput; another
 * device (win.device) is remembered and estimated against. */
static void test_estimate(void)
{
	g_autoptr(GFile) example = sy_application_get_example(app);
	SyWindow *window = SY_WINDOW(sy_application_open_file(app, example));
	GtkWidget *root = GTK_WIDGET(window);
	SyPipeline *p = sy_window_get_pipeline(window);
	SyEstimatePanel *panel = SY_ESTIMATE_PANEL(
		sy_test_find(root, SY_TYPE_ESTIMATE_PANEL));
	SyArrayView *array = SY_ARRAY_VIEW(sy_test_find(root, SY_TYPE_ARRAY_VIEW));
	SyCandidateList *list = SY_CANDIDATE_LIST(
		sy_test_find(root, SY_TYPE_CANDIDATE_LIST));
	GSettings *settings = sy_application_get_settings(app);
	const SyEstimate *e;
	const SyModuleEstimate *m;

	g_object_ref(window);
	wait_until(window, analysed, "the first analysis");
	wait_until(window, surveyed, "the dataflows' survey");
	e = sy_pipeline_get_estimate(p);
	g_assert_nonnull(e);
	g_assert_true(sy_estimate_panel_get_estimate(panel) == e);
	g_assert_true(gtk_widget_get_visible(
		sy_estimate_panel_get_drawing(panel)));
	g_assert_cmpstr(e->device, ==, "u250");
	m = g_ptr_array_index(e->modules, e->bottleneck);
	g_assert_cmpstr(sy_array_view_get_bottleneck(array), ==, m->name);
	g_assert_cmpstr(sy_array_view_get_scene(array)->bottleneck, ==, m->name);
	for (guint i = 0; i < 6; i++) {
		gboolean flops;
		double gops = sy_pipeline_get_throughput(p, i, &flops);
		g_autofree char *text = sy_estimate_format_throughput(gops, flops);

		g_assert_cmpstr(sy_candidate_list_get_throughput(list, i), ==, text);
	}
	screenshot(root, "ui-estimate-1280.png");

	g_action_group_activate_action(
		G_ACTION_GROUP(window), "device", g_variant_new_string("u280"));
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u280");
	g_assert_cmpstr(gtk_label_get_text(GTK_LABEL(sy_test_named(
				root, "device-label"))), ==, "U280");
	{
		g_autofree char *saved = g_settings_get_string(settings, "device");

		g_assert_cmpstr(saved, ==, "u280");
	}
	wait_until(window, surveyed, "the estimate on the U280");
	g_assert_cmpstr(sy_pipeline_get_estimate(p)->device, ==, "u280");
	g_assert_true(sy_estimate_panel_get_estimate(panel) ==
		sy_pipeline_get_estimate(p));
	/* An unknown device changes nothing. */
	g_action_group_activate_action(G_ACTION_GROUP(window), "device",
		g_variant_new_string("no-such-board"));
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u280");
	g_settings_reset(settings, "device");
	g_assert_cmpstr(sy_pipeline_get_device(p), ==, "u250");
	wait_until(window, surveyed, "the estimate on the U250 again");

	gtk_widget_destroy(root);
	g_object_unref(window);
}

int main(int argc, char **argv)
{
	int status;

	launch = g_get_monotonic_time();
	if (!gtk_init_check(&argc, &argv)) {
		g_printerr("no display: skipped\n");
		return 77;
	}
	g_test_init(&argc, &argv, NULL);
	out_dir = g_getenv("SYSTOLE_SCREENSHOT_DIR");
	if (!out_dir)
		out_dir = ".";
	app = sy_application_new();
	g_application_set_flags(G_APPLICATION(app),
		G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
	g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
	g_test_add_func("/ui/icons", test_icons);
	g_test_add_func("/ui/explorer", test_explorer);
	g_test_add_func("/ui/lu", test_lu);
	g_test_add_func("/ui/navigation", test_navigation);
	g_test_add_func("/ui/sizes", test_sizes);
	g_test_add_func("/ui/export", test_export);
	g_test_add_func("/ui/estimate", test_estimate);
	status = g_test_run();
	g_object_unref(app);
	return status;
}
