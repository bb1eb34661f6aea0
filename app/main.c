/* systole: the explorer. */
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sy-application.h"
#include "sy-explore-job.h"
#include "sy-pipeline.h"

/* SYSTOLE_MEASURE_STARTUP=1: the time to the first frame of the first
 * window (the bundled example with no file), printed, then quit.  The
 * time is counted from the process's start as the kernel records it
 * (/proc/self/stat, in clock ticks) where it can be read, and from
 * main() in any case. */
static gint64 main_started;

/* Microseconds since the process started (CLOCK_BOOTTIME, as /proc's
 * start time), -1 if unknown. */
static gint64 since_exec(void)
{
	g_autofree char *stat = NULL;
	const char *field;
	unsigned long long start = 0;
	struct timespec now;
	long hz = sysconf(_SC_CLK_TCK);

	if (!g_file_get_contents("/proc/self/stat", &stat, NULL, NULL) ||
		hz <= 0 || clock_gettime(CLOCK_BOOTTIME, &now) != 0)
		return -1;
	/* After the command's ")": state is field 3, starttime 22. */
	field = strrchr(stat, ')');
	for (int i = 2; field && i < 22; i++)
		field = strchr(field + 1, ' ');
	if (!field || sscanf(field + 1, "%llu", &start) != 1)
		return -1;
	return (gint64)now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000 -
		(gint64)(start * G_USEC_PER_SEC / (unsigned long long)hz);
}

static gboolean quit_now(gpointer app)
{
	g_application_quit(G_APPLICATION(app));
	return G_SOURCE_REMOVE;
}

static gboolean first_draw(GtkWidget *window, cairo_t *cr, gpointer app)
{
	gint64 exec = since_exec();

	(void)cr;
	printf("systole: first frame drawn %.1f ms after main()",
		(g_get_monotonic_time() - main_started) / 1000.0);
	if (exec >= 0)
		printf(", %.0f ms after exec", exec / 1000.0);
	printf("\n");
	fflush(stdout);
	g_signal_handlers_disconnect_by_func(window, first_draw, app);
	g_idle_add(quit_now, app);
	return GDK_EVENT_PROPAGATE;
}

static void window_added(GtkApplication *app, GtkWindow *window)
{
	g_signal_connect_after(window, "draw", G_CALLBACK(first_draw), app);
	g_signal_handlers_disconnect_by_func(app, window_added, NULL);
}

/* The workers still running when the application returns (app.quit,
 * Ctrl+Q, under an analysis or a search) cancelled with their windows
 * and waited for: a worker left running into the process's exit
 * crashed it under ASan.  An export holds the application until it is
 * done (sy-export-bar.c). */
static void wait_workers(GtkApplication *app)
{
	GList *windows = g_list_copy(gtk_application_get_windows(app));

	for (GList *l = windows; l; l = l->next)
		gtk_widget_destroy(l->data);
	g_list_free(windows);
	while (sy_pipeline_count_jobs() || sy_explore_job_count()) {
		g_main_context_iteration(NULL, FALSE);
		g_usleep(1000);
	}
}

int main(int argc, char **argv)
{
	g_autoptr(SyApplication) app = NULL;
	int status;

	main_started = g_get_monotonic_time();
	/* File names and the kernel's text in the user's locale. */
	setlocale(LC_ALL, "");
	app = sy_application_new();
	if (g_getenv("SYSTOLE_MEASURE_STARTUP"))
		g_signal_connect(
			app, "window-added", G_CALLBACK(window_added), NULL);

	status = g_application_run(G_APPLICATION(app), argc, argv);
	wait_workers(GTK_APPLICATION(app));
	return status;
}
