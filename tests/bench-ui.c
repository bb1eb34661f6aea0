/* The explorer while a size changes: mm.c opened under Xvfb, its tile
 * size along i stepped 200 times (64 down to 1, back up, down, up
 * again, through the sizes the spin button steps to: 64's divisors,
 * the powers of two) by Up and Down key presses sent through the X
 * server to the spin button, one every 20 ms, as GTK repeats a held
 * spin button
 * (sent to the toplevel window, which gives them to the focus).
 *
 * Prints the longest main-loop gap while the steps run and until the
 * last result is drawn, measured by a probe: a G_PRIORITY_HIGH timeout
 * every millisecond, the gap being the time between two of its runs
 * (less 1 ms), also with the time the main thread waited for a CPU
 * taken out (/proc/thread-self/schedstat) on a loaded machine; and the
 * time from the last step to the end of the first frame that draws the
 * last result (the array view's "draw" after the pipeline is idle);
 * and the longest frame of the array view (its "draw", first handler
 * to last); and how many gaps were over 16 ms; and how many times the
 * Sizes panel was drawn whole (a frame that redraws the sidebar, see
 * sy-config-panel.c) and the main thread's CPU time meanwhile.
 * And the estimate panel: per estimate drawn, the time from the size
 * change it comes from (the pipeline's request of that generation) to
 * the end of its first frame, and from its publication (notify::
 * estimate) to that frame; and from the last step to the last
 * estimate drawn.
 * SYSTOLE_BENCH_STEPS and SYSTOLE_BENCH_INTERVAL_MS change the defaults.
 * Skips (77) without a display. */
#include <stdio.h>
#include <time.h>

#include <gdk/gdkx.h>

#include "sy-application.h"
#include "sy-array-view.h"
#include "sy-config-panel.h"
#include "sy-estimate-panel.h"
#include "sy-pipeline.h"
#include "sy-window.h"
#include "uitest.h"

#define PROBE_MS 1

static struct {
	gint64 last, last_wait;
	gint64 max, max_cpu; /* wall, and less the waits for a CPU */
	guint runs;
	guint over; /* gaps over 16 ms, the bound */
} probe;

static gint64 draw_start, last_draw; /* the array view's last draw */
static gint64 max_draw; /* its longest */
static guint steps; /* value changes of the spin button */
static guint panel_whole; /* draws of the Sizes panel that cover it */
static guint draws;

/* The estimate panel: per generation, when it was asked for (a size
 * changed) and published; its frames. */
static struct {
	GHashTable *asked, *published; /* generation -> gint64 µs */
	GHashTable *drawn; /* generations whose frame was seen */
	gint64 last; /* end of the last frame of a new estimate */
	gint64 max_age, sum_age, max_frame;
	guint n;
} est;
static SyPipeline *pipeline;

static gint64 lookup_time(GHashTable *table, guint gen)
{
	gpointer v;

	if (!g_hash_table_lookup_extended(
		    table, GUINT_TO_POINTER(gen), NULL, &v))
		return -1;
	return *(gint64 *)v;
}

static void store_time(GHashTable *table, guint gen, gint64 t)
{
	g_hash_table_replace(
		table, GUINT_TO_POINTER(gen), g_memdup2(&t, sizeof t));
}

static void estimate_published(GObject *p, GParamSpec *pspec, gpointer data)
{
	(void)pspec;
	(void)data;
	store_time(est.published, sy_pipeline_get_generation(SY_PIPELINE(p)),
		g_get_monotonic_time());
}

/* The first frame of each estimate: its age since its size change. */
static gboolean estimate_drawn(GtkWidget *widget, cairo_t *cr, gpointer data)
{
	gint64 now = g_get_monotonic_time();
	guint gen = sy_pipeline_get_generation(pipeline);
	gint64 asked = lookup_time(est.asked, gen);
	gint64 published = lookup_time(est.published, gen);

	(void)widget;
	(void)cr;
	(void)data;
	if (!sy_pipeline_get_estimate(pipeline) ||
		g_hash_table_contains(est.drawn, GUINT_TO_POINTER(gen)))
		return FALSE;
	g_hash_table_add(est.drawn, GUINT_TO_POINTER(gen));
	est.last = now;
	if (published >= 0)
		est.max_frame = MAX(est.max_frame, now - published);
	if (asked < 0)
		return FALSE;
	est.max_age = MAX(est.max_age, now - asked);
	est.sum_age += now - asked;
	est.n++;
	return FALSE;
}

static gboolean probe_tick(gpointer data)
{
	gint64 now = g_get_monotonic_time(), wait = sy_test_run_queue_wait();
	gint64 gap = now - probe.last - PROBE_MS * 1000;

	(void)data;
	probe.max = MAX(probe.max, gap);
	if (gap > 16 * 1000)
		probe.over++;
	probe.max_cpu = MAX(
		probe.max_cpu, gap - (wait - probe.last_wait) / 1000);
	probe.last = now;
	probe.last_wait = wait;
	probe.runs++;
	return G_SOURCE_CONTINUE;
}

static void probe_reset(void)
{
	probe.last = g_get_monotonic_time();
	probe.last_wait = sy_test_run_queue_wait();
	probe.max = probe.max_cpu = 0;
	probe.runs = probe.over = 0;
}

static gboolean drawing(GtkWidget *widget, cairo_t *cr, gpointer data)
{
	(void)widget;
	(void)cr;
	(void)data;
	draw_start = g_get_monotonic_time();
	return FALSE;
}

/* A frame that shows the scene as it is (a large array's picture takes
 * a few main-loop turns, the previous one shown meanwhile). */
static gboolean drawn(GtkWidget *widget, cairo_t *cr, gpointer data)
{
	gint64 now = g_get_monotonic_time();

	(void)cr;
	(void)data;
	max_draw = MAX(max_draw, now - draw_start);
	if (sy_array_view_is_current(SY_ARRAY_VIEW(widget)))
		last_draw = now;
	draws++;
	return FALSE;
}

/* A draw of the panel whose clip holds all of it. */
static gboolean panel_drawn(GtkWidget *widget, cairo_t *cr, gpointer data)
{
	double x1, y1, x2, y2;

	(void)data;
	cairo_clip_extents(cr, &x1, &y1, &x2, &y2);
	if (x1 <= 0 && y1 <= 0 &&
		x2 >= gtk_widget_get_allocated_width(widget) &&
		y2 >= gtk_widget_get_allocated_height(widget))
		panel_whole++;
	return FALSE;
}

static gint64 thread_cpu_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (gint64)t.tv_sec * G_USEC_PER_SEC + t.tv_nsec / 1000;
}

/* A size: a step passes through a half size first, which the Sizes
 * panel takes to the next size (sy-config-panel.c, TILE_STEP). */
static void stepped(GtkSpinButton *spin, gpointer data)
{
	double v = gtk_spin_button_get_value(spin);

	(void)data;
	if (v == (double)(gint64)v)
		steps++;
}

/* After the Sizes panel's own handler of the tile's adjustment: the
 * pipeline has the request. */
static void asked(GtkAdjustment *adj, gpointer data)
{
	double v = gtk_adjustment_get_value(adj);

	(void)data;
	if (v != (double)(gint64)v)
		return;
	store_time(est.asked, sy_pipeline_get_requested(pipeline),
		g_get_monotonic_time());
}

static gboolean wake(gpointer data)
{
	*(gboolean *)data = TRUE;
	return G_SOURCE_REMOVE;
}

/* Runs the main loop until when (monotonic µs).  A timeout wakes it
 * then: with nothing else to do (the probe removed, the window closed)
 * an iteration that may block waited for ever, which hung the benchmark
 * after it had printed its numbers. */
static void pump_until(gint64 when)
{
	gint64 left = when - g_get_monotonic_time();
	gboolean woken = FALSE;
	guint source;

	if (left <= 0)
		return;
	source = g_timeout_add((guint)((left + 999) / 1000), wake, &woken);
	while (!woken && g_get_monotonic_time() < when)
		g_main_context_iteration(NULL, TRUE);
	if (!woken)
		g_source_remove(source);
}

static void wait_settled(SyWindow *window)
{
	gint64 end = g_get_monotonic_time() + 60 * G_USEC_PER_SEC;

	while (!sy_window_get_analysis(window) || sy_window_is_busy(window)) {
		if (g_get_monotonic_time() > end)
			g_error("the explorer did not settle in 60 s");
		g_main_context_iteration(NULL, TRUE);
	}
}

/* One step of the spin button, as the keyboard makes it.  On X, sent
 * as the server sends a held key's repeats: without a round trip (GDK's
 * gdk_test_simulate_key waits for the server twice per key, which on a
 * loaded machine blocked the main loop for up to 30 ms a step, a stall
 * of the benchmark's own). */
static void step(GtkWidget *spin, gboolean up)
{
	/* Sent to the toplevel, which gives key presses to the focus: the
	 * spin button's own GdkWindow is the viewport's, client-side, and
	 * asking for its X id made it native, and a native child window
	 * is painted whole at each frame (the Sizes panel drawn whole at
	 * every step, which users never saw). */
	GdkWindow *w = gtk_widget_get_window(gtk_widget_get_toplevel(spin));
	guint key = up ? GDK_KEY_Up : GDK_KEY_Down;
	GdkDisplay *display = gdk_window_get_display(w);

	if (GDK_IS_X11_DISPLAY(display)) {
		Display *x = GDK_DISPLAY_XDISPLAY(display);
		XKeyEvent e = {0};

		e.display = x;
		e.window = GDK_WINDOW_XID(w);
		e.root = GDK_WINDOW_XID(gdk_screen_get_root_window(
			gdk_window_get_screen(w)));
		e.time = CurrentTime;
		e.same_screen = True;
		e.keycode = XKeysymToKeycode(x, key);
		e.type = KeyPress;
		XSendEvent(x, e.window, True, KeyPressMask, (XEvent *)&e);
		e.type = KeyRelease;
		XSendEvent(x, e.window, True, KeyReleaseMask, (XEvent *)&e);
		XFlush(x);
		return;
	}
	gdk_test_simulate_key(w, -1, -1, key, 0, GDK_KEY_PRESS);
	gdk_test_simulate_key(w, -1, -1, key, 0, GDK_KEY_RELEASE);
}

int main(int argc, char **argv)
{
	guint n = sy_test_env_uint("SYSTOLE_BENCH_STEPS", 200);
	guint interval = sy_test_env_uint("SYSTOLE_BENCH_INTERVAL_MS", 20);
	g_autofree char *path = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", "mm.c", NULL);
	g_autoptr(GFile) file = g_file_new_for_path(path);
	SyApplication *app;
	SyWindow *window;
	GtkWidget *panel, *spin, *array, *estimate;
	gint64 start, last_step = 0, settled, done, cpu;
	double value, lo, hi;
	gboolean up = FALSE;
	guint source, frames;

	/* Key presses sent through the X server are core events, which
	 * GDK reads only without XInput 2. */
	g_setenv("GDK_CORE_DEVICE_EVENTS", "1", TRUE);
	if (!gtk_init_check(&argc, &argv)) {
		g_printerr("no display: skipped\n");
		return 77;
	}
	app = sy_application_new();
	g_application_set_flags(G_APPLICATION(app),
		G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
	g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
	window = SY_WINDOW(sy_application_open_file(app, file));
	g_object_ref(window);
	gtk_window_resize(GTK_WINDOW(window), 1920, 1080);
	wait_settled(window);
	/* The dataflows' survey too: the steps have the CPUs to
	 * themselves. */
	while (sy_pipeline_count_jobs())
		g_main_context_iteration(NULL, TRUE);
	panel = sy_test_find(GTK_WIDGET(window), SY_TYPE_CONFIG_PANEL);
	array = sy_test_find(GTK_WIDGET(window), SY_TYPE_ARRAY_VIEW);
	spin = sy_test_named(panel, "tile-i");
	g_assert_nonnull(spin);
	pipeline = sy_window_get_pipeline(window);
	estimate = sy_estimate_panel_get_drawing(SY_ESTIMATE_PANEL(
		sy_test_find(GTK_WIDGET(window), SY_TYPE_ESTIMATE_PANEL)));
	est.asked = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	est.published = g_hash_table_new_full(NULL, NULL, NULL, g_free);
	est.drawn = g_hash_table_new(NULL, NULL);
	gtk_window_present(GTK_WINDOW(window));
	gtk_widget_grab_focus(spin);
	gtk_test_widget_wait_for_draw(GTK_WIDGET(window));
	pump_until(g_get_monotonic_time() + 500 * 1000);
	g_signal_connect(array, "draw", G_CALLBACK(drawing), NULL);
	g_signal_connect_after(array, "draw", G_CALLBACK(drawn), NULL);
	gtk_spin_button_get_range(GTK_SPIN_BUTTON(spin), &lo, &hi);
	g_signal_connect(spin, "value-changed", G_CALLBACK(stepped), NULL);
	g_signal_connect_after(gtk_spin_button_get_adjustment(
				       GTK_SPIN_BUTTON(spin)),
		"value-changed", G_CALLBACK(asked), NULL);
	g_signal_connect(pipeline, "notify::estimate",
		G_CALLBACK(estimate_published), NULL);
	g_signal_connect_after(
		estimate, "draw", G_CALLBACK(estimate_drawn), NULL);

	g_signal_connect(panel, "draw", G_CALLBACK(panel_drawn), NULL);
	probe_reset();
	max_draw = 0;
	panel_whole = 0;
	cpu = thread_cpu_us();
	source = g_timeout_add_full(
		G_PRIORITY_HIGH, PROBE_MS, probe_tick, NULL, NULL);
	start = g_get_monotonic_time();
	frames = draws;
	/* The value each step makes, counted here: a key press handled
	 * late must not turn the walk round early. */
	value = gtk_spin_button_get_value(GTK_SPIN_BUTTON(spin));
	for (guint i = 0; i < n; i++) {
		if (value <= lo)
			up = TRUE;
		else if (value >= hi)
			up = FALSE;
		/* 64's divisors and powers of two are the same. */
		value = up ? value * 2 : value / 2;
		last_step = g_get_monotonic_time();
		step(spin, up);
		pump_until(start + (gint64)(i + 1) * interval * 1000);
	}
	/* The first frame after the last result was published draws it
	 * (steps further apart than a job: before the pipeline is seen
	 * idle here). */
	wait_settled(window);
	settled = g_get_monotonic_time();
	while (last_draw < lookup_time(est.published,
				  sy_pipeline_get_generation(pipeline))) {
		if (g_get_monotonic_time() - settled > 10 * G_USEC_PER_SEC)
			g_error("the last result was not drawn in 10 s");
		g_main_context_iteration(NULL, TRUE);
	}
	done = last_draw;
	while (!g_hash_table_contains(est.drawn,
		GUINT_TO_POINTER(sy_pipeline_get_generation(pipeline)))) {
		if (g_get_monotonic_time() - settled > 10 * G_USEC_PER_SEC)
			g_error("the last estimate was not drawn in 10 s");
		g_main_context_iteration(NULL, TRUE);
	}
	cpu = thread_cpu_us() - cpu;
	g_source_remove(source);
	frames = draws - frames;
	if (steps != n ||
		gtk_spin_button_get_value(GTK_SPIN_BUTTON(spin)) != value)
		g_error("%u of %u key presses reached the spin button (at %g, "
			"not %g)",
			steps, n,
			gtk_spin_button_get_value(GTK_SPIN_BUTTON(spin)),
			value);

	g_print("# %u steps of tile-i, one every %u ms, ending at %g\n", n,
		interval, gtk_spin_button_get_value(GTK_SPIN_BUTTON(spin)));
	g_print("# longest main-loop gap: %.1f ms (less the waits for a CPU: "
		"%.1f ms), over %u probe runs; %u gaps over 16 ms\n",
		probe.max / 1000.0, probe.max_cpu / 1000.0, probe.runs,
		probe.over);
	g_print("# from the last step to the last result drawn: %.1f ms; %u "
		"frames of the array drawn, the longest in %.1f ms\n",
		(done - last_step) / 1000.0, frames, max_draw / 1000.0);
	g_print("# the Sizes panel drawn whole %u times; the main thread's "
		"CPU: %.0f ms\n",
		panel_whole, cpu / 1000.0);
	g_print("# from a size change to its estimate drawn: %.1f ms on "
		"average, %.1f ms at most, over %u estimates drawn; from an "
		"estimate's publication to its frame: %.1f ms at most; from the "
		"last step to the last estimate drawn: %.1f ms\n",
		est.n ? est.sum_age / 1000.0 / est.n : 0, est.max_age / 1000.0,
		est.n, est.max_frame / 1000.0, (est.last - last_step) / 1000.0);
	g_print("gap_ms=%.1f gap_cpu_ms=%.1f last_result_ms=%.1f "
		"draw_ms=%.1f gaps_over_16ms=%u panel_whole=%u "
		"main_cpu_ms=%.0f estimate_mean_ms=%.1f estimate_max_ms=%.1f "
		"estimate_frame_ms=%.1f estimate_last_ms=%.1f\n",
		probe.max / 1000.0, probe.max_cpu / 1000.0,
		(done - last_step) / 1000.0, max_draw / 1000.0, probe.over,
		panel_whole, cpu / 1000.0,
		est.n ? est.sum_age / 1000.0 / est.n : 0, est.max_age / 1000.0,
		est.max_frame / 1000.0, (est.last - last_step) / 1000.0);
	gtk_text_buffer_set_modified(
		gtk_text_view_get_buffer(GTK_TEXT_VIEW(
			sy_test_find(GTK_WIDGET(window), GTK_TYPE_TEXT_VIEW))),
		FALSE);
	gtk_widget_destroy(GTK_WIDGET(window));
	g_object_unref(window);
	pump_until(g_get_monotonic_time() + 200 * 1000);
	g_object_unref(app);
	g_hash_table_unref(est.asked);
	g_hash_table_unref(est.published);
	g_hash_table_unref(est.drawn);
	return 0;
}
