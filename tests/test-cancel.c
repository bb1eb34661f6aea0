/* Cancelling an analysis: from the main loop while the worker runs
 * isl (the explorer's case), and before it starts.  The cancel lands at
 * whatever isl operation the worker is in, so these tests run in a
 * suite of their own (cancel): isl 0.25 leaks a 24-byte snapshot of its
 * parametric solver's context when an operation inside
 * isl_union_access_info_compute_flow is aborted (tests/lsan-cancel.supp
 * says so to ASan), and under valgrind the timing means nothing.  The
 * deterministic limits of test-robust keep every leak failing. */
#include <gio/gio.h>

#include "poly/analysis.h"
#include "poly/isl-stage.h"

/* Eight loops over one index of one array: seconds of isl work in the
 * dependence analysis (14 s before it was made faster). */
static char *deep_kernel(void)
{
	GString *s = g_string_new("float A[64];\nvoid f(void) {\n"
				  "#pragma scop\n");
	const char *names = "abcdefgh";

	for (int d = 0; d < 8; d++)
		g_string_append_printf(s, "for (int %c = 0; %c < 8; %c++)\n",
			names[d], names[d], names[d]);
	g_string_append(s, "A[a + b + c + d + e + f + g + h] += 1;\n"
			   "#pragma endscop\n}\n");
	return g_string_free(s, FALSE);
}

typedef struct {
	GMainLoop *loop;
	GError *error;
	gboolean done;
	gint64 at; /* when the callback ran */
	GCancellable *cancellable;
	gint64 cancelled; /* when it was cancelled */
} Waited;

static void analysed(GObject *source, GAsyncResult *result, gpointer data)
{
	Waited *w = data;
	SyAnalysis *a = sy_analysis_new_finish(result, &w->error);

	(void)source;
	sy_analysis_free(a);
	w->done = TRUE;
	w->at = g_get_monotonic_time();
	g_main_loop_quit(w->loop);
}

static gboolean cancel_later(gpointer data)
{
	Waited *w = data;

	w->cancelled = g_get_monotonic_time();
	g_cancellable_cancel(w->cancellable);
	return G_SOURCE_REMOVE;
}

static gboolean give_up(gpointer loop)
{
	g_main_loop_quit(loop);
	return G_SOURCE_REMOVE;
}

/* Cancelling stops the worker: the callback comes within a second of
 * the cancel (it waits for the worker to return), not when the
 * analysis would have ended. */
static void test_cancel_async(void)
{
	g_autofree char *text = deep_kernel();
	g_autoptr(GCancellable) cancellable = g_cancellable_new();
	Waited w = {g_main_loop_new(NULL, FALSE), NULL, FALSE, 0,
		cancellable, 0};
	guint timeout;

	sy_analysis_new_async(
		"deep.c", text, -1, NULL, cancellable, analysed, &w);
	g_timeout_add(100, cancel_later, &w);
	timeout = g_timeout_add_seconds(30, give_up, w.loop);
	g_main_loop_run(w.loop);
	if (w.done)
		g_source_remove(timeout);
	g_assert_true(w.done);
	g_assert_true(g_cancellable_is_cancelled(cancellable));
	g_assert_error(w.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
	g_assert_cmpint(w.at - w.cancelled, <, G_USEC_PER_SEC);
	g_clear_error(&w.error);
	g_main_loop_unref(w.loop);
}

/* The handler may run in the cancelling thread while the worker reads
 * the context; a cancel before the start stops at the first stage. */
static void test_cancel_before(void)
{
	g_autofree char *text = deep_kernel();
	g_autoptr(GCancellable) cancellable = g_cancellable_new();
	GError *error = NULL;
	gint64 start = g_get_monotonic_time();
	SyAnalysis *a;

	g_cancellable_cancel(cancellable);
	a = sy_analysis_new_cancellable(
		"deep.c", text, -1, NULL, cancellable, &error);
	g_assert_null(a);
	g_assert_error(error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
	g_assert_cmpstr(error->message, ==,
		"deep.c: the analysis was cancelled (in the polyhedral model)");
	g_assert_cmpint(g_get_monotonic_time() - start, <, G_USEC_PER_SEC);
	g_error_free(error);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/cancel/async", test_cancel_async);
	g_test_add_func("/cancel/before", test_cancel_before);
	return g_test_run();
}
