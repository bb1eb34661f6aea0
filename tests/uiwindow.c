#include <string.h>

#include <gdk-pixbuf/gdk-pixbuf.h>

#include "uiwindow.h"

static const char *out_dir;
static SyApplication *app;
static gint64 launch;

SyApplication *sy_test_app(void)
{
	return app;
}

gint64 sy_test_launch(void)
{
	return launch;
}

void sy_test_wait(SyWindow *window, SyTestCondition cond, const char *what)
{
	gint64 end = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;

	while (!cond(window)) {
		if (g_get_monotonic_time() > end)
			g_error("timed out waiting for %s", what);
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
}

gboolean sy_test_analysed(SyWindow *window)
{
	return sy_window_get_analysis(window) && !sy_window_is_stale(window);
}

gboolean sy_test_failed(SyWindow *window)
{
	return sy_window_get_error(window) != NULL;
}

gboolean sy_test_settled(SyWindow *window)
{
	return !sy_window_is_busy(window);
}

SyWindow *sy_test_open_example(const char *name)
{
	g_autofree char *path = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", name, NULL);
	g_autoptr(GFile) file = g_file_new_for_path(path);
	g_autofree char *what = g_strdup_printf("the analysis of %s", name);
	SyWindow *window = SY_WINDOW(
		sy_application_open_file(sy_test_app(), file));

	g_object_ref(window);
	sy_test_wait(window, sy_test_analysed, what);
	return window;
}

void sy_test_settle(GtkWidget *widget)
{
	gint64 end = g_get_monotonic_time() + 400 * 1000;

	while (g_get_monotonic_time() < end) {
		while (g_main_context_pending(NULL))
			g_main_context_iteration(NULL, FALSE);
		g_usleep(2000);
	}
	gtk_test_widget_wait_for_draw(widget);
}

void sy_test_key(GtkWidget *widget, guint keyval)
{
	GdkEvent *e = gdk_event_new(GDK_KEY_PRESS);
	GdkDevice *keyboard = gdk_seat_get_keyboard(
		gdk_display_get_default_seat(gtk_widget_get_display(widget)));

	e->key.window = g_object_ref(gtk_widget_get_window(widget));
	e->key.send_event = TRUE;
	e->key.time = GDK_CURRENT_TIME;
	e->key.keyval = keyval;
	gdk_event_set_device(e, keyboard);
	gtk_widget_event(widget, e);
	gdk_event_free(e);
}

gboolean sy_test_presenting(SyWindow *window)
{
	g_autoptr(GVariant) state = g_action_group_get_action_state(
		G_ACTION_GROUP(window), "present");

	return g_variant_get_boolean(state);
}

void sy_test_shoot(GdkWindow *gdk, const char *name)
{
	g_autoptr(GdkPixbuf) shot = NULL;
	g_autofree char *path = g_build_filename(out_dir, name, NULL);
	GError *error = NULL;

	shot = gdk_pixbuf_get_from_window(gdk, 0, 0, gdk_window_get_width(gdk),
		gdk_window_get_height(gdk));
	g_assert_nonnull(shot);
	g_assert_true(gdk_pixbuf_save(shot, path, "png", &error, NULL));
	g_assert_no_error(error);
	g_test_message("screenshot %s", path);
}

void sy_test_screenshot(GtkWidget *widget, const char *name)
{
	sy_test_settle(widget);
	sy_test_shoot(gtk_widget_get_window(widget), name);
}

/* The explorer's icons are SVG.  On a machine without the SVG pixbuf
 * loader (librsvg2-common, a recommendation apt-get skips with
 * --no-install-recommends) none loads, and GTK's first warning would
 * abort a test with SIGTRAP: say what is missing here instead. */
static void require_svg(void)
{
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
		g_error("gdk-pixbuf has no SVG loader: install "
			"librsvg2-common");
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
	require_svg();
	app = sy_application_new();
	g_application_set_flags(G_APPLICATION(app),
		G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
	g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
	for (const SyTestCase *t = sy_test_cases; t->path; t++)
		g_test_add_func(t->path, t->func);
	status = g_test_run();
	g_object_unref(app);
	return status;
}
