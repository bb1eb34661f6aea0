#include <math.h>

#include "project/export.h"
#include "sy-export-bar.h"
#include "sy-export-dialog.h"

enum { RESPONSE_OPEN = 1, RESPONSE_REPLACE, RESPONSE_CANCEL };

struct _SyExportBar {
	GtkInfoBar parent_instance;

	/* template children */
	GtkImage *icon;
	GtkLabel *label;
	GtkProgressBar *progress;

	GtkWidget *open_button;
	GtkWidget *replace_button;
	GtkWidget *cancel_button;
	SyExportBarState state;
	guint serial; /* of the newest export */
	GCancellable *cancellable; /* cancelled when the bar is destroyed */
	GCancellable *run_cancellable; /* the running export's: Cancel */
	char *stage; /* the running export's stage, since stage_started */
	double stage_fraction;
	gint64 stage_started;
	guint tick; /* moves the progress within a long stage */
	char *dir; /* of the newest export */
	char *device;
	char *text; /* shown, as plain text */
};

G_DEFINE_FINAL_TYPE(SyExportBar, sy_export_bar, GTK_TYPE_INFO_BAR)

enum { PROP_0, PROP_RUNNING, N_PROPS };
enum { REPLACE, N_SIGNALS };

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* The icon and its colour, per state. */
static void set_icon(SyExportBar *self, SyExportBarState state)
{
	GtkStyleContext *style = gtk_widget_get_style_context(
		GTK_WIDGET(self->icon));
	const char *name = state == SY_EXPORT_BAR_DONE
		? "object-select-symbolic"
		: state == SY_EXPORT_BAR_FAILED ? "dialog-error-symbolic"
						: "folder-symbolic";

	gtk_image_set_from_icon_name(self->icon, name, GTK_ICON_SIZE_MENU);
	if (state == SY_EXPORT_BAR_DONE)
		gtk_style_context_add_class(style, "done");
	else
		gtk_style_context_remove_class(style, "done");
	if (state == SY_EXPORT_BAR_FAILED)
		gtk_style_context_add_class(style, "failed");
	else
		gtk_style_context_remove_class(style, "failed");
}

static void set_state(SyExportBar *self, SyExportBarState state)
{
	gboolean was = self->state == SY_EXPORT_BAR_RUNNING;

	self->state = state;
	set_icon(self, state);
	gtk_widget_set_visible(
		GTK_WIDGET(self->progress), state == SY_EXPORT_BAR_RUNNING);
	gtk_widget_set_visible(self->open_button, state == SY_EXPORT_BAR_DONE);
	gtk_widget_set_visible(self->replace_button, FALSE);
	gtk_widget_set_visible(
		self->cancel_button, state == SY_EXPORT_BAR_RUNNING);
	gtk_info_bar_set_show_close_button(
		GTK_INFO_BAR(self), state != SY_EXPORT_BAR_RUNNING);
	gtk_info_bar_set_revealed(
		GTK_INFO_BAR(self), state != SY_EXPORT_BAR_HIDDEN);
	if (was != (state == SY_EXPORT_BAR_RUNNING))
		g_object_notify_by_pspec(G_OBJECT(self), props[PROP_RUNNING]);
}

/* markup's plain text is kept for sy_export_bar_get_text(). */
static void set_message(
	SyExportBar *self, GtkMessageType type, const char *markup)
{
	g_free(self->text);
	self->text = NULL;
	pango_parse_markup(markup, -1, 0, NULL, &self->text, NULL, NULL);
	gtk_label_set_markup(self->label, markup);
	gtk_info_bar_set_message_type(GTK_INFO_BAR(self), type);
}

/* Where the job's next stage begins (export-job.c's shares), which a
 * stage's bar approaches and never reaches. */
static double next_stage(double fraction)
{
	static const double starts[] = {0.2, 0.95, 1};

	for (gsize i = 0; i < G_N_ELEMENTS(starts); i++)
		if (fraction < starts[i])
			return starts[i];
	return 1;
}

/* What the job says, in words: the backend's stage of a large padded
 * design took 25 s at "20 %" with nothing moving. */
static const char *stage_text(const char *stage)
{
	if (g_str_equal(stage, "Analysing"))
		return "analysing the kernel";
	if (g_str_equal(stage, "Generating"))
		return "generating the HLS code";
	if (g_str_equal(stage, "Writing"))
		return "writing the files";
	return stage;
}

/* The stage, its time once it takes a second, and a bar that moves
 * within the stage: a second into it half-way to the next, then ever
 * closer (t / (t + 1 s)). */
static void render_stage(SyExportBar *self)
{
	g_autofree char *shown = sy_export_dialog_path_text(self->dir);
	g_autofree char *markup = NULL;
	double t = (g_get_monotonic_time() - self->stage_started) /
		(double)G_USEC_PER_SEC;
	double next = next_stage(self->stage_fraction);

	if (t >= 1)
		markup = g_markup_printf_escaped(
			"Exporting to <b>%s</b>: %s\u2026 (%.0f s)", shown,
			stage_text(self->stage), floor(t));
	else
		markup = g_markup_printf_escaped(
			"Exporting to <b>%s</b>: %s\u2026", shown,
			stage_text(self->stage));
	set_message(self, GTK_MESSAGE_OTHER, markup);
	gtk_progress_bar_set_fraction(self->progress,
		self->stage_fraction +
			(next - self->stage_fraction) * t / (t + 1));
}

static gboolean tick(gpointer data)
{
	SyExportBar *self = data;

	if (self->state != SY_EXPORT_BAR_RUNNING) {
		self->tick = 0;
		return G_SOURCE_REMOVE;
	}
	render_stage(self);
	return G_SOURCE_CONTINUE;
}

static void show_stage(SyExportBar *self, const char *stage, double fraction)
{
	if (g_strcmp0(stage, self->stage) != 0 ||
		fraction != self->stage_fraction) {
		g_free(self->stage);
		self->stage = g_strdup(stage);
		self->stage_fraction = fraction;
		self->stage_started = g_get_monotonic_time();
	}
	render_stage(self);
	if (!self->tick)
		self->tick = g_timeout_add(250, tick, self);
}

static void show_done(SyExportBar *self, const SyExportJob *job)
{
	g_autofree char *shown = sy_export_dialog_path_text(self->dir);
	GPtrArray *warnings = sy_export_job_get_warnings(job);
	const char *simulated = sy_export_job_get_simulated(job);
	GString *markup = g_string_new(NULL);
	char *part = g_markup_printf_escaped(
		"Exported %u files to <b>%s</b> for the %s",
		sy_export_job_get_n_files(job), shown,
		sy_export_job_get_device_description(job));

	/* The simulator's word (a design small enough), then warnings in
	 * full, as the project's README has them. */
	if (simulated) {
		g_autofree char *line = g_markup_printf_escaped(
			"\n%c%s", g_ascii_toupper(simulated[0]), simulated + 1);
		char *both = g_strconcat(part, line, NULL);

		g_free(part);
		part = both;
	}
	for (guint i = 0; part; i++) {
		g_string_append(markup, part);
		g_free(part);
		part = warnings && i < warnings->len
			? g_markup_printf_escaped("\nWarning: %s.",
				  (const char *)g_ptr_array_index(warnings, i))
			: NULL;
	}
	set_message(self,
		warnings && warnings->len ? GTK_MESSAGE_WARNING
					  : GTK_MESSAGE_INFO,
		markup->str);
	g_string_free(markup, TRUE);
	set_state(self, SY_EXPORT_BAR_DONE);
	if (warnings && warnings->len) {
		gtk_image_set_from_icon_name(self->icon,
			"dialog-warning-symbolic", GTK_ICON_SIZE_MENU);
		gtk_style_context_remove_class(
			gtk_widget_get_style_context(GTK_WIDGET(self->icon)),
			"done");
	}
}

/* The message in full: it says what and where, and what to do. */
static void show_error(SyExportBar *self, const char *what, const GError *error)
{
	g_autofree char *markup = g_markup_printf_escaped(
		"<b>%s</b>\n%s", what, error->message);

	set_message(self, GTK_MESSAGE_ERROR, markup);
	set_state(self, SY_EXPORT_BAR_FAILED);
	gtk_widget_set_visible(self->replace_button,
		g_error_matches(
			error, SY_EXPORT_ERROR, SY_EXPORT_ERROR_EXISTS));
}

/* Cancel: the job stops before it writes (sy_export_write is whole or
 * nothing), so the folder is as it was. */
static void show_cancelled(SyExportBar *self)
{
	g_autofree char *shown = sy_export_dialog_path_text(self->dir);
	g_autofree char *markup = g_markup_printf_escaped(
		"Export cancelled: nothing was written to <b>%s</b>", shown);

	set_message(self, GTK_MESSAGE_INFO, markup);
	set_state(self, SY_EXPORT_BAR_CANCELLED);
}

/* Running */

typedef struct {
	SyExportJob *job;
	guint serial;
	GApplication *app; /* held while the job runs */
	gint64 started;
} Run;

static void run_free(gpointer data)
{
	Run *run = data;

	sy_export_job_free(run->job);
	g_free(run);
}

typedef struct {
	SyExportBar *bar; /* a reference */
	guint serial;
	char *stage;
	double fraction;
} Update;

static void update_free(gpointer data)
{
	Update *u = data;

	g_object_unref(u->bar);
	g_free(u->stage);
	g_free(u);
}

/* In the main thread.  A destroyed bar, or one running a newer export,
 * is left alone. */
static gboolean show_update(gpointer data)
{
	Update *u = data;
	SyExportBar *self = u->bar;

	if (!g_cancellable_is_cancelled(self->cancellable) &&
		self->state == SY_EXPORT_BAR_RUNNING &&
		u->serial == self->serial)
		show_stage(self, u->stage, u->fraction);
	return G_SOURCE_REMOVE;
}

/* In the worker thread.  An idle source, not g_main_context_invoke():
 * that runs the function at once in the calling thread whenever it can
 * acquire the context, as between two iterations of the main loop. */
static void progress_in_thread(
	const char *stage, double fraction, gpointer data)
{
	GTask *task = data;
	Run *run = g_task_get_task_data(task);
	Update *u = g_new0(Update, 1);
	GSource *idle = g_idle_source_new();

	u->bar = g_object_ref(g_task_get_source_object(task));
	u->serial = run->serial;
	u->stage = g_strdup(stage);
	u->fraction = fraction;
	g_source_set_callback(idle, show_update, u, update_free);
	g_source_attach(idle, g_task_get_context(task));
	g_source_unref(idle);
}

static void export_in_thread(
	GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
	Run *run = data;
	GError *error = NULL;

	(void)source;
	(void)cancellable;
	if (sy_export_job_run(run->job, progress_in_thread, task, &error))
		g_task_return_boolean(task, TRUE);
	else
		g_task_return_error(task, error);
}

static void exported(GObject *source, GAsyncResult *result, gpointer data)
{
	SyExportBar *self = SY_EXPORT_BAR(source);
	Run *run = g_task_get_task_data(G_TASK(result));
	GError *error = NULL;
	gboolean ok = g_task_propagate_boolean(G_TASK(result), &error);

	(void)data;
	g_debug("export to %s: %.1f ms", sy_export_job_get_dir(run->job),
		(g_get_monotonic_time() - run->started) / 1000.0);
	if (run->app)
		g_application_release(run->app);
	g_clear_object(&run->app);
	/* Cancelled: the bar was destroyed. */
	if (g_cancellable_is_cancelled(self->cancellable)) {
		g_clear_error(&error);
		return;
	}
	g_clear_object(&self->run_cancellable);
	if (!ok && g_error_matches(error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
		show_cancelled(self);
		g_error_free(error);
		return;
	}
	if (ok) {
		show_done(self, run->job);
		return;
	}
	show_error(self, "The project could not be exported", error);
	g_error_free(error);
}

void sy_export_bar_run(SyExportBar *self, SyExportJob *job)
{
	GtkWidget *top = gtk_widget_get_toplevel(GTK_WIDGET(self));
	GtkApplication *app = GTK_IS_WINDOW(top)
		? gtk_window_get_application(GTK_WINDOW(top))
		: NULL;
	Run *run = g_new0(Run, 1);
	GTask *task;

	g_return_if_fail(self->state != SY_EXPORT_BAR_RUNNING);
	run->job = job;
	run->serial = ++self->serial;
	run->started = g_get_monotonic_time();
	/* The folder is written whole even if the last window closes. */
	if (app) {
		run->app = G_APPLICATION(g_object_ref(app));
		g_application_hold(run->app);
	}
	g_free(self->dir);
	g_free(self->device);
	/* A cancellable of its own, for Cancel only: a closed window lets
	 * its export finish. */
	g_clear_object(&self->run_cancellable);
	self->run_cancellable = g_cancellable_new();
	sy_export_job_set_cancellable(job, self->run_cancellable);
	self->dir = g_strdup(sy_export_job_get_dir(job));
	self->device = g_strdup(sy_export_job_get_device(job));
	g_clear_pointer(&self->stage, g_free);
	show_stage(self, "Analysing", 0);
	set_state(self, SY_EXPORT_BAR_RUNNING);
	task = g_task_new(self, self->cancellable, exported, NULL);
	g_task_set_source_tag(task, sy_export_bar_run);
	g_task_set_task_data(task, run, run_free);
	g_task_run_in_thread(task, export_in_thread);
	g_object_unref(task);
}

gboolean sy_export_bar_is_running(SyExportBar *self)
{
	return self->state == SY_EXPORT_BAR_RUNNING;
}

SyExportBarState sy_export_bar_get_state(SyExportBar *self)
{
	return self->state;
}

const char *sy_export_bar_get_text(SyExportBar *self)
{
	return self->text ? self->text : "";
}

void sy_export_bar_cancel(SyExportBar *self)
{
	if (self->state == SY_EXPORT_BAR_RUNNING && self->run_cancellable)
		g_cancellable_cancel(self->run_cancellable);
}

/* Responses */

static void open_folder(SyExportBar *self)
{
	GtkWidget *top = gtk_widget_get_toplevel(GTK_WIDGET(self));
	g_autofree char *uri = g_filename_to_uri(self->dir, NULL, NULL);
	GError *error = NULL;

	if (!gtk_show_uri_on_window(GTK_IS_WINDOW(top) ? GTK_WINDOW(top) : NULL,
		    uri, GDK_CURRENT_TIME, &error)) {
		show_error(self, "The folder could not be opened", error);
		g_error_free(error);
	}
}

static void sy_export_bar_response(GtkInfoBar *bar, int response)
{
	SyExportBar *self = SY_EXPORT_BAR(bar);

	if (response == RESPONSE_OPEN)
		open_folder(self);
	else if (response == RESPONSE_REPLACE)
		g_signal_emit(
			self, signals[REPLACE], 0, self->dir, self->device);
	else if (response == RESPONSE_CANCEL)
		sy_export_bar_cancel(self);
	else if (response == GTK_RESPONSE_CLOSE)
		set_state(self, SY_EXPORT_BAR_HIDDEN);
}

static void sy_export_bar_get_property(
	GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
	SyExportBar *self = SY_EXPORT_BAR(object);

	if (id == PROP_RUNNING)
		g_value_set_boolean(value, sy_export_bar_is_running(self));
	else
		G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void sy_export_bar_dispose(GObject *object)
{
	SyExportBar *self = SY_EXPORT_BAR(object);

	g_cancellable_cancel(self->cancellable);
	g_clear_handle_id(&self->tick, g_source_remove);
	G_OBJECT_CLASS(sy_export_bar_parent_class)->dispose(object);
}

static void sy_export_bar_finalize(GObject *object)
{
	SyExportBar *self = SY_EXPORT_BAR(object);

	g_object_unref(self->cancellable);
	g_clear_object(&self->run_cancellable);
	g_free(self->stage);
	g_free(self->dir);
	g_free(self->device);
	g_free(self->text);
	G_OBJECT_CLASS(sy_export_bar_parent_class)->finalize(object);
}

static void sy_export_bar_class_init(SyExportBarClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->get_property = sy_export_bar_get_property;
	object_class->dispose = sy_export_bar_dispose;
	object_class->finalize = sy_export_bar_finalize;
	GTK_INFO_BAR_CLASS(klass)->response = sy_export_bar_response;
	props[PROP_RUNNING] = g_param_spec_boolean("running", "Running",
		"Whether an export is running", FALSE,
		G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
	g_object_class_install_properties(object_class, N_PROPS, props);
	signals[REPLACE] = g_signal_new("replace", G_TYPE_FROM_CLASS(klass),
		G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
		G_TYPE_STRING, G_TYPE_STRING);
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-export-bar.ui");
	gtk_widget_class_bind_template_child(widget_class, SyExportBar, icon);
	gtk_widget_class_bind_template_child(widget_class, SyExportBar, label);
	gtk_widget_class_bind_template_child(
		widget_class, SyExportBar, progress);
}

static void sy_export_bar_init(SyExportBar *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	self->cancellable = g_cancellable_new();
	self->open_button = gtk_info_bar_add_button(
		GTK_INFO_BAR(self), "_Open Folder", RESPONSE_OPEN);
	self->replace_button = gtk_info_bar_add_button(
		GTK_INFO_BAR(self), "_Replace", RESPONSE_REPLACE);
	gtk_widget_set_tooltip_text(self->replace_button,
		"Export again, replacing the earlier export and "
		"everything in it");
	self->cancel_button = gtk_info_bar_add_button(
		GTK_INFO_BAR(self), "_Cancel", RESPONSE_CANCEL);
	gtk_widget_set_tooltip_text(
		self->cancel_button, "Stop the export: nothing is written");
	set_state(self, SY_EXPORT_BAR_HIDDEN);
}
