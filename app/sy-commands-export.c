/* Exporting the design on screen: the dialog, then the export bar. */
#include "sy-commands.h"
#include "sy-export-dialog.h"
#include "sy-window-private.h"

void sy_window_update_export_action(SyWindow *self)
{
	GAction *export = g_action_map_lookup_action(
		G_ACTION_MAP(self), "export");

	if (export)
		g_simple_action_set_enabled(G_SIMPLE_ACTION(export),
			sy_pipeline_get_design(self->pipeline) &&
				!sy_export_bar_is_running(self->export_bar));
}

/* The kernel's folder, unless it is the bundled example's. */
static char *export_folder(SyWindow *self)
{
	g_autoptr(GFile) parent = self->file && !self->is_example
		? g_file_get_parent(self->file)
		: NULL;
	char *path = parent ? g_file_get_path(parent) : NULL;

	return path ? path : g_strdup(g_get_home_dir());
}

static void export_response(
	SyExportDialog *dialog, int response, SyWindow *self)
{
	g_autofree char *dir = sy_export_dialog_get_dir(dialog);
	g_autofree char *device = g_strdup(sy_export_dialog_get_device(dialog));
	gboolean force = sy_export_dialog_get_force(dialog);

	gtk_widget_destroy(GTK_WIDGET(dialog));
	if (response == GTK_RESPONSE_ACCEPT && dir && device)
		sy_window_export_to(self, dir, device, force);
}

void sy_cmd_export(GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;
	SyExportDialog *dialog;
	g_autofree char *folder = NULL;

	(void)action;
	(void)param;
	if (self->export_dialog) {
		gtk_window_present(GTK_WINDOW(self->export_dialog));
		return;
	}
	if (!sy_pipeline_get_design(self->pipeline))
		return;
	folder = export_folder(self);
	dialog = sy_export_dialog_new(GTK_WINDOW(self), self->settings,
		sy_pipeline_get_pe_array(self->pipeline), folder);
	if (sy_pipeline_is_stale(self->pipeline))
		sy_export_dialog_set_note(dialog,
			"The kernel has changed since it was last analysed: "
			"this is the design on screen, from the last "
			"analysis.");
	self->export_dialog = GTK_WIDGET(dialog);
	g_object_add_weak_pointer(
		G_OBJECT(dialog), (gpointer *)&self->export_dialog);
	g_signal_connect(dialog, "response", G_CALLBACK(export_response), self);
	gtk_widget_show(GTK_WIDGET(dialog));
}

/* "Replace" on a folder that was in the way. */
void sy_window_export_replace(
	SyExportBar *bar, const char *dir, const char *device, SyWindow *self)
{
	(void)bar;
	sy_window_export_to(self, dir, device, TRUE);
}

void sy_window_export_running(GObject *bar, GParamSpec *pspec, SyWindow *self)
{
	(void)bar;
	(void)pspec;
	sy_window_update_export_action(self);
}

gboolean sy_window_export_to(
	SyWindow *self, const char *dir, const char *device, gboolean force)
{
	const SyPeArray *array = sy_pipeline_get_pe_array(self->pipeline);
	const SySource *src;
	SyAnalysisOptions options = {NULL, NULL, 0, 0, FALSE};

	if (!sy_pipeline_get_design(self->pipeline) ||
		sy_export_bar_is_running(self->export_bar))
		return FALSE;
	/* What made the design on screen: the text its analysis read,
	 * the sizes its PE array was built with, the network's switches.
	 * Read here, on the main thread that owns them; the job gets
	 * copies. */
	src = array->analysis->prog->pp->main;
	options.max_dims = array->analysis->max_dims;
	options.max_operations = array->analysis->max_operations;
	options.live_range_reordering = array->analysis->live_range_reordering;
	sy_export_bar_run(self->export_bar,
		sy_export_job_new(src->path, src->text, (gssize)src->len,
			&options, array->config->candidate, array->config,
			sy_pipeline_get_design_options(self->pipeline), device,
			dir, force));
	return TRUE;
}
