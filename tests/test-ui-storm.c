/* The explorer under a storm of random actions, as an impatient user
 * would make them: edits of the kernel (insertions, deletions, breaking
 * and mending it, other examples), sizes through the config panel's
 * widgets, dataflow and view switches, zoom and pan with the pointer,
 * the network's switches, exports to temporary folders (replacing some)
 * and edits while an analysis or an export runs.
 *
 * Actions come from a seeded PRNG (SYSTOLE_STORM_SEED, default 1); there
 * are SYSTOLE_STORM_ACTIONS of them (default 1000; SYSTOLE_FULL=1:
 * 10000).  Criticals and warnings are fatal; a main loop that does not
 * come round for over a second (SYSTOLE_STORM_MAX_STALL_MS) fails the
 * test.  The stalls between its iterations are measured by a
 * high-priority probe every 5 ms and printed as a histogram.  Skips (77)
 * without a display. */
#include <stdio.h>
#include <string.h>

#include "sy-application.h"
#include "sy-array-view.h"
#include "sy-config-panel.h"
#include "sy-design-panel.h"
#include "sy-export-bar.h"
#include "sy-export-dialog.h"
#include "sy-window.h"
#include "uitest.h"

#define PROBE_MS 5

static SyApplication *app;
static GRand *rng;
static char *tmp; /* exports go here; removed at the end */

/* The probe: the longest stall between two of its runs, and a
 * histogram of them (upper bounds in ms, the last bin open).  A stall is
 * the time between two runs less the time the main thread spent waiting
 * for a CPU (/proc/thread-self/schedstat): what this process made the
 * user wait, however loaded the machine is. */
static const guint bins[] = {10, 25, 50, 100, 250, 500, 1000};
static struct {
	gint64 last, last_wait, max, max_wall;
	guint64 counts[G_N_ELEMENTS(bins) + 1];
	const char *during; /* the action that ran through the longest stall */
	const char *action;
	gint64 *action_max; /* the longest stall in the current action */
} probe;

static gboolean probe_tick(gpointer data)
{
	gint64 now = g_get_monotonic_time(), wait = sy_test_run_queue_wait();
	gint64 wall = now - probe.last;
	gint64 stall = wall - (wait - probe.last_wait) / 1000;
	guint b = 0;

	(void)data;
	while (b < G_N_ELEMENTS(bins) && stall > (gint64)bins[b] * 1000)
		b++;
	probe.counts[b]++;
	if (probe.action_max)
		*probe.action_max = MAX(*probe.action_max, stall);
	if (stall > probe.max) {
		probe.max = stall;
		probe.during = probe.action;
	}
	probe.max_wall = MAX(probe.max_wall, wall);
	probe.last = now;
	probe.last_wait = wait;
	return G_SOURCE_CONTINUE;
}

/* Runs the main loop for about ms milliseconds, as a user's pause. */
static void pump(guint ms)
{
	gint64 end = g_get_monotonic_time() + ms * 1000;

	do
		g_main_context_iteration(NULL, TRUE);
	while (g_get_monotonic_time() < end);
}

/* Widgets whose name starts with prefix, in tree order. */
static void find_prefixed(GtkWidget *root, const char *prefix, GPtrArray *out)
{
	GList *children;

	if (g_str_has_prefix(gtk_widget_get_name(root), prefix) &&
		gtk_widget_is_sensitive(root))
		g_ptr_array_add(out, root);
	if (!GTK_IS_CONTAINER(root))
		return;
	children = gtk_container_get_children(GTK_CONTAINER(root));
	for (GList *l = children; l; l = l->next)
		find_prefixed(l->data, prefix, out);
	g_list_free(children);
}

static GtkWidget *pick_prefixed(GtkWidget *root, const char *prefix)
{
	g_autoptr(GPtrArray) all = g_ptr_array_new();

	find_prefixed(root, prefix, all);
	if (!all->len)
		return NULL;
	return g_ptr_array_index(all, g_rand_int_range(rng, 0, (int)all->len));
}

typedef struct {
	SyWindow *window;
	GtkTextBuffer *buffer;
	GtkWidget *panel, *network, *array;
	char *original; /* the text loaded, to mend with */
	guint exports;
	guint counts[32]; /* per action */
	gint64 max[32]; /* the longest stall while it ran, per action */
} Storm;

static void choose_combo(GtkWidget *combo)
{
	GtkTreeModel *model;
	int n;

	if (!combo)
		return;
	model = gtk_combo_box_get_model(GTK_COMBO_BOX(combo));
	n = gtk_tree_model_iter_n_children(model, NULL);
	if (n > 0)
		gtk_combo_box_set_active(
			GTK_COMBO_BOX(combo), g_rand_int_range(rng, 0, n));
}

/* Edits */

static const char *const tokens[] = {"for", "(", ")", "{", "}", ";", "i", "j",
	"k", "+", "-", "*", "/", "=", "<", "<=", "0", "1", "64", "[", "]", "\n",
	" ", "int ", "#pragma scop\n", "#pragma endscop\n", "#define N 8\n",
	"if", "else", "//", "/*", "*/", "\"", "'", "\\", "C[i][j]", "A[i][k]",
	"é", "\t", "9223372036854775807"};

static void random_iter(Storm *s, GtkTextIter *iter)
{
	int n = gtk_text_buffer_get_char_count(s->buffer);

	gtk_text_buffer_get_iter_at_offset(
		s->buffer, iter, g_rand_int_range(rng, 0, n + 1));
}

static void edit_insert(Storm *s)
{
	GtkTextIter iter;

	random_iter(s, &iter);
	gtk_text_buffer_insert(s->buffer, &iter,
		tokens[g_rand_int_range(rng, 0, G_N_ELEMENTS(tokens))], -1);
}

static void edit_delete(Storm *s)
{
	GtkTextIter start, end;

	random_iter(s, &start);
	end = start;
	gtk_text_iter_forward_chars(&end, g_rand_int_range(rng, 1, 24));
	gtk_text_buffer_delete(s->buffer, &start, &end);
}

static void edit_mend(Storm *s)
{
	gtk_text_buffer_set_text(s->buffer, s->original, -1);
}

static const char *const examples[] = {"mm", "conv", "gemm", "gemv", "lu",
	"mm_init", "mttkrp", "trmm", "ttm", "ttmc", "fir", "dp"};

static void load_example(Storm *s)
{
	const char *name =
		examples[g_rand_int_range(rng, 0, G_N_ELEMENTS(examples))];
	g_autofree char *base = g_strconcat(name, ".c", NULL);
	g_autofree char *path = g_build_filename(
		SYSTOLE_SOURCE_DATADIR, "examples", base, NULL);
	g_autoptr(GFile) file = g_file_new_for_path(path);

	g_free(s->original);
	g_assert_true(g_file_get_contents(path, &s->original, NULL, NULL));
	/* Unsaved edits are the storm's own: dropped. */
	gtk_text_buffer_set_modified(s->buffer, FALSE);
	sy_window_load(s->window, file);
}

/* Sizes, dataflows, views */

static void size_tile(Storm *s)
{
	GtkWidget *spin = pick_prefixed(s->panel, "tile-");
	double lo, hi;

	if (!spin || !GTK_IS_SPIN_BUTTON(spin))
		return;
	gtk_spin_button_get_range(GTK_SPIN_BUTTON(spin), &lo, &hi);
	/* Often a small tile, sometimes anywhere in the range. */
	gtk_spin_button_set_value(GTK_SPIN_BUTTON(spin),
		g_rand_boolean(rng)
			? g_rand_double_range(rng, lo, MIN(hi, lo + 16) + 1)
			: g_rand_double_range(rng, lo, hi + 1));
}

static void size_combo(Storm *s)
{
	static const char *const prefixes[] = {
		"latency-", "tile-order", "simd-loop", "simd-width"};

	choose_combo(pick_prefixed(s->panel,
		prefixes[g_rand_int_range(rng, 0, G_N_ELEMENTS(prefixes))]));
}

static void size_reset(Storm *s)
{
	g_action_group_activate_action(
		gtk_widget_get_action_group(s->panel, "config"), "reset", NULL);
}

static void dataflow(Storm *s)
{
	const SyAnalysis *a = sy_window_get_analysis(s->window);
	static const char *const steps[] = {
		"next-candidate", "previous-candidate"};

	if (a && a->candidates->len && g_rand_boolean(rng))
		sy_window_select_candidate(s->window,
			g_rand_int_range(rng, 0, (int)a->candidates->len));
	else
		g_action_group_activate_action(G_ACTION_GROUP(s->window),
			steps[g_rand_int_range(rng, 0, 2)], NULL);
}

static void view(Storm *s)
{
	g_action_group_activate_action(G_ACTION_GROUP(s->window), "view",
		g_variant_new_string(g_rand_boolean(rng) ? "array" : "deps"));
}

static void zoom(Storm *s)
{
	static const char *const zooms[] = {"zoom-in", "zoom-out", "zoom-fit"};

	g_action_group_activate_action(G_ACTION_GROUP(s->window),
		zooms[g_rand_int_range(rng, 0, 3)], NULL);
}

/* The pointer, through the X server: a drag pans (a short one clicks
 * and selects), buttons 4 and 5 scroll. */
static void pointer(Storm *s)
{
	GdkWindow *w = gtk_widget_get_window(s->array);
	int width = gtk_widget_get_allocated_width(s->array);
	int height = gtk_widget_get_allocated_height(s->array);
	int x, y;

	if (!w || !gtk_widget_is_drawable(s->array) || width < 2 || height < 2)
		return;
	x = g_rand_int_range(rng, 0, width);
	y = g_rand_int_range(rng, 0, height);
	if (g_rand_int_range(rng, 0, 3) == 0) {
		guint button = g_rand_boolean(rng) ? 4 : 5;

		gdk_test_simulate_button(w, x, y, button, 0, GDK_BUTTON_PRESS);
		gdk_test_simulate_button(
			w, x, y, button, 0, GDK_BUTTON_RELEASE);
		return;
	}
	gdk_test_simulate_button(w, x, y, 1, 0, GDK_BUTTON_PRESS);
	pump(2);
	x = g_rand_int_range(rng, 0, width);
	y = g_rand_int_range(rng, 0, height);
	gdk_test_simulate_button(w, x, y, 1, 0, GDK_BUTTON_RELEASE);
}

static void network(Storm *s)
{
	static const char *const switches[] = {
		"double-buffer", "packing", "host-serialize", "local-reduce",
		"hbm", "uram", "int-io-dir"};
	GtkWidget *sw = sy_test_named(s->network,
		switches[g_rand_int_range(rng, 0, G_N_ELEMENTS(switches))]);

	if (sw && gtk_widget_is_sensitive(sw))
		gtk_switch_set_active(
			GTK_SWITCH(sw), !gtk_switch_get_active(GTK_SWITCH(sw)));
}

/* Exports: a new folder, or an earlier one replaced; sometimes the
 * dialog, opened and cancelled. */
static void export(Storm *s)
{
	static const char *const devices[] = {"u200", "u250", "u280", "u55c"};
	g_autofree char *name = NULL, *dir = NULL;
	gboolean replace = s->exports > 0 && g_rand_boolean(rng);

	name = g_strdup_printf("export-%u",
		replace ? (guint)g_rand_int_range(rng, 0, (int)s->exports)
			: s->exports);
	dir = g_build_filename(tmp, name, NULL);
	if (sy_window_export_to(s->window, dir,
		    devices[g_rand_int_range(rng, 0, 4)], replace) &&
		!replace)
		s->exports++;
}

static void export_dialog(Storm *s)
{
	GList *all;

	g_action_group_activate_action(
		G_ACTION_GROUP(s->window), "export", NULL);
	pump(5);
	/* Held: closing the dialog destroys other toplevels of the list
	 * (its folder chooser's). */
	all = gtk_window_list_toplevels();
	for (GList *l = all; l; l = l->next)
		g_object_ref(l->data);
	for (GList *l = all; l; l = l->next)
		if (SY_IS_EXPORT_DIALOG(l->data) &&
			gtk_widget_get_visible(l->data))
			gtk_dialog_response(
				GTK_DIALOG(l->data), GTK_RESPONSE_CANCEL);
	g_list_free_full(all, g_object_unref);
}

/* Waits (running the main loop) until the window has analysed its text
 * or failed, as a user who looks at the result. */
static void look(Storm *s)
{
	gint64 end = g_get_monotonic_time() + 10 * G_USEC_PER_SEC;

	SyExportBar *bar = SY_EXPORT_BAR(
		sy_test_find(GTK_WIDGET(s->window), SY_TYPE_EXPORT_BAR));

	while ((sy_window_is_stale(s->window) &&
		       !sy_window_get_error(s->window)) ||
		sy_export_bar_is_running(bar)) {
		if (g_get_monotonic_time() > end)
			break;
		pump(PROBE_MS);
	}
}

typedef struct {
	const char *name;
	void (*run)(Storm *s);
	guint weight;
} Action;

static const Action actions[] = {
	{"insert", edit_insert, 14},
	{"delete", edit_delete, 8},
	{"mend", edit_mend, 6},
	{"example", load_example, 2},
	{"tile", size_tile, 14},
	{"combo", size_combo, 12},
	{"reset", size_reset, 2},
	{"dataflow", dataflow, 8},
	{"view", view, 4},
	{"zoom", zoom, 4},
	{"pointer", pointer, 8},
	{"network", network, 4},
	{"export", export, 3},
	{"export-dialog", export_dialog, 1},
	{"look", look, 10},
};

static const Action *pick_action(void)
{
	guint total = 0, r;

	for (guint i = 0; i < G_N_ELEMENTS(actions); i++)
		total += actions[i].weight;
	r = (guint)g_rand_int_range(rng, 0, (int)total);
	for (guint i = 0;; i++) {
		if (r < actions[i].weight)
			return &actions[i];
		r -= actions[i].weight;
	}
}

static void print_report(const Storm *s, guint n, gint64 elapsed)
{
	guint lo = 0;

	g_print("# %u actions in %.1f s; %u export folders\n", n, elapsed / 1e6,
		s->exports);
	for (guint i = 0; i < G_N_ELEMENTS(actions); i++)
		g_print("#   %-14s %5u, longest stall %6.1f ms\n",
			actions[i].name, s->counts[i], s->max[i] / 1000.0);
	g_print("# longest main-loop stall: %.1f ms (during '%s'); longest "
		"gap with the waits for a CPU: %.1f ms\n",
		probe.max / 1000.0, probe.during ? probe.during : "none",
		probe.max_wall / 1000.0);
	g_print("# stalls between iterations (ms): count\n");
	for (guint b = 0; b <= G_N_ELEMENTS(bins); b++) {
		if (b < G_N_ELEMENTS(bins))
			g_print("#   %4u-%-4u %" G_GUINT64_FORMAT "\n", lo,
				bins[b], probe.counts[b]);
		else
			g_print("#   >%-8u %" G_GUINT64_FORMAT "\n", lo,
				probe.counts[b]);
		lo = b < G_N_ELEMENTS(bins) ? bins[b] : lo;
	}
}

static void test_storm(void)
{
	g_autoptr(GFile) example = sy_application_get_example(app);
	guint n = sy_test_env_uint("SYSTOLE_STORM_ACTIONS",
		g_getenv("SYSTOLE_FULL") ? 10000 : 1000);
	Storm s = {0};
	gint64 start;
	guint source;

	tmp = g_dir_make_tmp("systole-storm-XXXXXX", NULL);
	g_assert_nonnull(tmp);
	s.window = SY_WINDOW(sy_application_open_file(app, example));
	g_object_ref(s.window);
	gtk_window_resize(GTK_WINDOW(s.window), 1280, 800);
	s.buffer = gtk_text_view_get_buffer(GTK_TEXT_VIEW(
		sy_test_find(GTK_WIDGET(s.window), GTK_TYPE_TEXT_VIEW)));
	s.panel = sy_test_find(GTK_WIDGET(s.window), SY_TYPE_CONFIG_PANEL);
	s.network = sy_test_find(GTK_WIDGET(s.window), SY_TYPE_DESIGN_PANEL);
	s.array = sy_test_find(GTK_WIDGET(s.window), SY_TYPE_ARRAY_VIEW);
	g_assert_true(g_file_load_contents(
		example, NULL, &s.original, NULL, NULL, NULL));
	look(&s);

	probe.last = g_get_monotonic_time();
	probe.last_wait = sy_test_run_queue_wait();
	source = g_timeout_add_full(
		G_PRIORITY_HIGH, PROBE_MS, probe_tick, NULL, NULL);
	start = g_get_monotonic_time();
	for (guint i = 0; i < n; i++) {
		const Action *a = pick_action();

		probe.action = a->name;
		probe.action_max = &s.max[a - actions];
		a->run(&s);
		s.counts[a - actions]++;
		pump((guint)g_rand_int_range(rng, 0, 20));
	}
	/* The last analysis and export end; then the window closes. */
	probe.action = "the end";
	probe.action_max = NULL;
	look(&s);
	print_report(&s, n, g_get_monotonic_time() - start);
	gtk_text_buffer_set_modified(s.buffer, FALSE);
	gtk_widget_destroy(GTK_WIDGET(s.window));
	g_object_unref(s.window);
	pump(300);
	g_source_remove(source);
	g_free(s.original);
	sy_test_remove_tree(tmp);
	g_free(tmp);
	/* Under valgrind everything is some 50 times slower. */
	g_assert_cmpint(probe.max, <=,
		sy_test_env_uint("SYSTOLE_STORM_MAX_STALL_MS", 1000) *
			(gint64)1000);
}

int main(int argc, char **argv)
{
	int status;

	/* GTK 3 under XInput 2 ignores the core events gdk_test_simulate_*
	 * sends through the X server: without this, the storm's drags and
	 * wheel notches reached no widget. */
	g_setenv("GDK_CORE_DEVICE_EVENTS", "1", TRUE);
	if (!gtk_init_check(&argc, &argv)) {
		g_printerr("no display: skipped\n");
		return 77;
	}
	g_test_init(&argc, &argv, NULL);
	g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
	rng = g_rand_new_with_seed(sy_test_env_uint("SYSTOLE_STORM_SEED", 1));
	app = sy_application_new();
	g_application_set_flags(G_APPLICATION(app),
		G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
	g_assert_true(g_application_register(G_APPLICATION(app), NULL, NULL));
	g_test_add_func("/ui/storm", test_storm);
	status = g_test_run();
	g_object_unref(app);
	g_rand_free(rng);
	return status;
}
