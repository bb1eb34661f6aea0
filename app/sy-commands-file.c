/* Opening, loading and saving kernels. */
#include <string.h>

#include "sy-commands.h"
#include "sy-window-private.h"

static void set_file(SyWindow *self, GFile *file)
{
	g_autoptr(SyApplication) app = NULL;
	g_autoptr(GFile) example = NULL;

	g_set_object(&self->file, file);
	app = SY_APPLICATION(
		g_object_ref(gtk_window_get_application(GTK_WINDOW(self))));
	example = sy_application_get_example(app);
	self->is_example = file && g_file_equal(file, example);
	if (file && !self->is_example)
		sy_application_add_recent(app, file);
	sy_window_update_title(self);
}

void sy_window_load(SyWindow *self, GFile *file)
{
	g_autofree char *text = NULL;
	gsize len = 0;
	GError *error = NULL;
	GtkSourceBuffer *buffer = self->buffer;

	set_file(self, file);
	if (!g_file_load_contents(file, NULL, &text, &len, NULL, &error)) {
		gtk_label_set_text(self->error_label, error->message);
		gtk_info_bar_set_revealed(self->error_bar, TRUE);
		g_error_free(error);
		return;
	}
	gtk_source_buffer_begin_not_undoable_action(buffer);
	gtk_text_buffer_set_text(GTK_TEXT_BUFFER(buffer),
		g_utf8_validate(text, (gssize)len, NULL) ? text : "", -1);
	gtk_source_buffer_end_not_undoable_action(buffer);
	gtk_text_buffer_set_modified(GTK_TEXT_BUFFER(buffer), FALSE);
	sy_window_analyse(self);
}

static gboolean save_to(SyWindow *self, GFile *file)
{
	GtkTextBuffer *buffer = GTK_TEXT_BUFFER(self->buffer);
	GtkTextIter start, end;
	g_autofree char *text = NULL;
	GError *error = NULL;

	gtk_text_buffer_get_bounds(buffer, &start, &end);
	text = gtk_text_buffer_get_text(buffer, &start, &end, TRUE);
	/* g_file_replace_contents writes a temporary file and renames it. */
	if (!g_file_replace_contents(file, text, strlen(text), NULL, FALSE,
		    G_FILE_CREATE_NONE, NULL, NULL, &error)) {
		gtk_label_set_text(self->error_label, error->message);
		gtk_info_bar_set_revealed(self->error_bar, TRUE);
		g_error_free(error);
		return FALSE;
	}
	gtk_text_buffer_set_modified(buffer, FALSE);
	set_file(self, file);
	/* The path is part of the analysis (includes, messages). */
	sy_window_analyse(self);
	return TRUE;
}

static void remember_folder(SyWindow *self, GFile *file)
{
	g_autoptr(GFile) parent = g_file_get_parent(file);
	g_autofree char *path = parent ? g_file_get_path(parent) : NULL;

	if (path && self->settings)
		g_settings_set_string(self->settings, "last-folder", path);
}

static void set_start_folder(SyWindow *self, GtkFileChooser *chooser)
{
	g_autofree char *folder = self->settings
		? g_settings_get_string(self->settings, "last-folder")
		: NULL;

	if (folder && *folder)
		gtk_file_chooser_set_current_folder(chooser, folder);
}

static void add_c_filter(GtkFileChooser *chooser)
{
	GtkFileFilter *filter = gtk_file_filter_new();

	gtk_file_filter_set_name(filter, "C kernels");
	gtk_file_filter_add_mime_type(filter, "text/x-csrc");
	gtk_file_filter_add_pattern(filter, "*.c");
	gtk_file_chooser_add_filter(chooser, filter);
}

/* Runs chooser from the last folder; the file chosen (its folder
 * remembered), or NULL. */
static GFile *choose(SyWindow *self, GtkFileChooserNative *chooser)
{
	GFile *file;

	set_start_folder(self, GTK_FILE_CHOOSER(chooser));
	if (gtk_native_dialog_run(GTK_NATIVE_DIALOG(chooser)) !=
		GTK_RESPONSE_ACCEPT)
		return NULL;
	file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(chooser));
	remember_folder(self, file);
	return file;
}

void sy_cmd_open(GSimpleAction *action, GVariant *param, gpointer user)
{
	SyWindow *self = user;
	g_autoptr(GtkFileChooserNative) chooser = NULL;
	g_autoptr(GFile) file = NULL;

	(void)action;
	(void)param;
	chooser = gtk_file_chooser_native_new("Open a Kernel", GTK_WINDOW(self),
		GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel");
	add_c_filter(GTK_FILE_CHOOSER(chooser));
	file = choose(self, chooser);
	if (file)
		sy_application_open_file(
			SY_APPLICATION(
				gtk_window_get_application(GTK_WINDOW(self))),
			file);
}

static gboolean save_as(SyWindow *self)
{
	g_autoptr(GtkFileChooserNative) chooser = NULL;
	g_autofree char *name = self->file ? g_file_get_basename(self->file)
					   : g_strdup("kernel.c");
	g_autoptr(GFile) file = NULL;
	gboolean saved = FALSE;

	chooser = gtk_file_chooser_native_new("Save the Kernel",
		GTK_WINDOW(self), GTK_FILE_CHOOSER_ACTION_SAVE, "_Save",
		"_Cancel");
	gtk_file_chooser_set_do_overwrite_confirmation(
		GTK_FILE_CHOOSER(chooser), TRUE);
	gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(chooser), name);
	file = choose(self, chooser);
	if (file)
		saved = save_to(self, file);
	return saved;
}

/* The bundled example is not the user's to change: save it elsewhere. */
gboolean sy_window_save(SyWindow *self)
{
	if (!self->file || self->is_example)
		return save_as(self);
	return save_to(self, self->file);
}

void sy_cmd_save(GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	sy_window_save(user);
}

void sy_cmd_save_as(GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	save_as(user);
}

void sy_cmd_close(GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	gtk_window_close(GTK_WINDOW(user));
}
