#include <string.h>

#include "project/export.h"
#include "model/device.h"
#include "sy-export-dialog.h"

struct _SyExportDialog {
	GtkDialog parent_instance;

	/* template children */
	GtkLabel *summary;
	GtkEntry *name;
	GtkFileChooser *folder;
	GtkComboBoxText *device;
	GtkToggleButton *force;
	GtkLabel *target;

	GSettings *settings;
	char *summary_markup;
};

G_DEFINE_FINAL_TYPE(SyExportDialog, sy_export_dialog, GTK_TYPE_DIALOG)

char *sy_export_dialog_path_text(const char *path)
{
	const char *home = g_get_home_dir();
	gsize n = strlen(home);

	if (n > 1 && g_str_has_prefix(path, home) &&
		(path[n] == '\0' || path[n] == G_DIR_SEPARATOR))
		return g_strconcat("~", path + n, NULL);
	return g_filename_display_name(path);
}

/* A name is one folder: no separator, not "." or "..". */
static gboolean name_ok(const char *name)
{
	return *name && !strchr(name, G_DIR_SEPARATOR) &&
		!g_str_equal(name, ".") && !g_str_equal(name, "..");
}

char *sy_export_dialog_get_dir(SyExportDialog *self)
{
	g_autofree char *folder = gtk_file_chooser_get_filename(self->folder);
	g_autofree char *name = g_strstrip(
		g_strdup(gtk_entry_get_text(self->name)));

	if (!folder || !name_ok(name))
		return NULL;
	return g_build_filename(folder, name, NULL);
}

const char *sy_export_dialog_get_device(SyExportDialog *self)
{
	return gtk_combo_box_get_active_id(GTK_COMBO_BOX(self->device));
}

gboolean sy_export_dialog_get_force(SyExportDialog *self)
{
	return gtk_toggle_button_get_active(self->force);
}

/* Why there is no project folder yet. */
static const char *missing_text(SyExportDialog *self)
{
	g_autofree char *folder = gtk_file_chooser_get_filename(self->folder);
	g_autofree char *name = g_strstrip(
		g_strdup(gtk_entry_get_text(self->name)));

	if (!*name)
		return "Choose a name for the project folder.";
	if (!name_ok(name))
		return "The name is that of one folder: it cannot hold “/”.";
	return folder ? "" : "Choose a location for the project folder.";
}

/* What Export will do to the folder, said before it does it. */
static char *target_text(SyExportDialog *self, gboolean *ok, gboolean *in_way)
{
	g_autofree char *dir = sy_export_dialog_get_dir(self);
	g_autofree char *shown = NULL;

	*ok = dir && sy_export_dialog_get_device(self);
	if (!dir)
		return g_strdup(missing_text(self));
	shown = sy_export_dialog_path_text(dir);
	switch (sy_export_dir_state(dir)) {
	case SY_EXPORT_DIR_ABSENT: return g_strdup_printf("Creates %s", shown);
	case SY_EXPORT_DIR_EMPTY:
		return g_strdup_printf(
			"Writes into the empty folder %s", shown);
	case SY_EXPORT_DIR_EXPORT:
		if (sy_export_dialog_get_force(self))
			return g_strdup_printf("Replaces the earlier export %s "
					       "and everything in it",
				shown);
		*in_way = TRUE;
		return g_strdup_printf("%s holds an earlier export. Export "
				       "leaves it as it is unless you "
				       "replace it.",
			shown);
	case SY_EXPORT_DIR_OTHER:
		*ok = FALSE;
		*in_way = TRUE;
		return g_strdup_printf("%s is not a Systole export. Export "
				       "never replaces it: choose another "
				       "name.",
			shown);
	case SY_EXPORT_DIR_NOT_FOLDER: break;
	}
	*ok = FALSE;
	*in_way = TRUE;
	return g_strdup_printf(
		"%s is not a folder. Export never replaces it: choose "
		"another name.",
		shown);
}

static void update(SyExportDialog *self)
{
	gboolean ok, in_way = FALSE;
	g_autofree char *text = target_text(self, &ok, &in_way);
	GtkStyleContext *style = gtk_widget_get_style_context(
		GTK_WIDGET(self->target));

	gtk_label_set_text(self->target, text);
	if (in_way) {
		gtk_style_context_remove_class(style, "dim-label");
		gtk_style_context_add_class(style, "warning");
	} else {
		gtk_style_context_remove_class(style, "warning");
		gtk_style_context_add_class(style, "dim-label");
	}
	gtk_dialog_set_response_sensitive(
		GTK_DIALOG(self), GTK_RESPONSE_ACCEPT, ok);
}

/* Every device, built-in or the user's, by its description. */
static void fill_devices(SyExportDialog *self)
{
	g_auto(GStrv) names = sy_device_list();

	for (guint i = 0; names[i]; i++) {
		g_autoptr(SyDevice) device = sy_device_lookup(names[i], NULL);

		if (device)
			gtk_combo_box_text_append(
				self->device, names[i], device->description);
	}
}

void sy_export_dialog_set_note(SyExportDialog *self, const char *text)
{
	g_autofree char *note = text
		? g_markup_printf_escaped("\n<small>%s</small>", text)
		: g_strdup("");
	g_autofree char *markup = g_strconcat(self->summary_markup, note, NULL);

	gtk_label_set_markup(self->summary, markup);
}

void sy_export_dialog_set_name(SyExportDialog *self, const char *name)
{
	gtk_entry_set_text(self->name, name);
}

void sy_export_dialog_set_folder(SyExportDialog *self, const char *folder)
{
	gtk_file_chooser_set_filename(self->folder, folder);
	update(self);
}

void sy_export_dialog_set_device(SyExportDialog *self, const char *device)
{
	if (!gtk_combo_box_set_active_id(GTK_COMBO_BOX(self->device), device))
		gtk_combo_box_set_active(GTK_COMBO_BOX(self->device), 0);
}

void sy_export_dialog_set_force(SyExportDialog *self, gboolean force)
{
	gtk_toggle_button_set_active(self->force, force);
}

/* Runs before the window's handler, which destroys the dialog. */
static void remember(SyExportDialog *self, int response)
{
	g_autofree char *folder = NULL;

	if (response != GTK_RESPONSE_ACCEPT || !self->settings)
		return;
	folder = gtk_file_chooser_get_filename(self->folder);
	if (folder)
		g_settings_set_string(self->settings, "export-folder", folder);
	g_settings_set_string(self->settings, "export-device",
		sy_export_dialog_get_device(self));
}

static void sy_export_dialog_finalize(GObject *object)
{
	SyExportDialog *self = SY_EXPORT_DIALOG(object);

	g_clear_object(&self->settings);
	g_free(self->summary_markup);
	G_OBJECT_CLASS(sy_export_dialog_parent_class)->finalize(object);
}

static void sy_export_dialog_class_init(SyExportDialogClass *klass)
{
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	G_OBJECT_CLASS(klass)->finalize = sy_export_dialog_finalize;
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-export-dialog.ui");
	gtk_widget_class_bind_template_child(
		widget_class, SyExportDialog, summary);
	gtk_widget_class_bind_template_child(
		widget_class, SyExportDialog, name);
	gtk_widget_class_bind_template_child(
		widget_class, SyExportDialog, folder);
	gtk_widget_class_bind_template_child(
		widget_class, SyExportDialog, device);
	gtk_widget_class_bind_template_child(
		widget_class, SyExportDialog, force);
	gtk_widget_class_bind_template_child(
		widget_class, SyExportDialog, target);
}

static void sy_export_dialog_init(SyExportDialog *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	fill_devices(self);
	g_signal_connect_swapped(
		self->name, "changed", G_CALLBACK(update), self);
	g_signal_connect_swapped(
		self->folder, "selection-changed", G_CALLBACK(update), self);
	g_signal_connect_swapped(
		self->device, "changed", G_CALLBACK(update), self);
	g_signal_connect_swapped(
		self->force, "toggled", G_CALLBACK(update), self);
	g_signal_connect(self, "response", G_CALLBACK(remember), NULL);
}

/* "mm_ij_hls": the kernel's file without its extension, the space
 * loops. */
static char *default_name(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	const SyCandidate *c = array->choices->candidate;
	g_autofree char *base = g_path_get_basename(a->prog->pp->main->path);
	char *dot = strrchr(base, '.');
	GString *name;

	if (dot && dot != base)
		*dot = '\0';
	name = g_string_new(base);
	g_string_append_c(name, '_');
	for (guint k = 0; k < c->n_space; k++)
		g_string_append(name, a->band->members[c->space[k]].name);
	g_string_append(name, "_hls");
	return g_string_free(name, FALSE);
}

/* "mm.c, dataflow [i, j]: 4 × 4 PEs" */
static char *summary_markup(const SyPeArray *array)
{
	const SyAnalysis *a = array->analysis;
	const SyCandidate *c = array->choices->candidate;
	g_autofree char *base = g_path_get_basename(a->prog->pp->main->path);
	GString *space = g_string_new(NULL), *pes = g_string_new(NULL);
	char *markup;

	for (guint k = 0; k < c->n_space; k++) {
		g_string_append_printf(space, "%s%s", k ? ", " : "",
			a->band->members[c->space[k]].name);
		g_string_append_printf(pes, "%s%" G_GINT64_FORMAT,
			k ? " \u00d7 " : "", array->pe[k]);
	}
	markup = g_markup_printf_escaped("A Vitis HLS project for <b>%s</b>, "
					 "dataflow [%s] at its sizes: %s PEs",
		base, space->str, pes->str);
	g_string_free(space, TRUE);
	g_string_free(pes, TRUE);
	return markup;
}

/* The remembered location, if it is still a folder. */
static char *start_folder(GSettings *settings, const char *folder)
{
	g_autofree char *saved = settings
		? g_settings_get_string(settings, "export-folder")
		: NULL;

	if (saved && *saved && g_file_test(saved, G_FILE_TEST_IS_DIR))
		return g_steal_pointer(&saved);
	return g_strdup(folder);
}

SyExportDialog *sy_export_dialog_new(GtkWindow *parent, GSettings *settings,
	const SyPeArray *array, const char *folder)
{
	SyExportDialog *self = g_object_new(SY_TYPE_EXPORT_DIALOG,
		"transient-for", parent, "use-header-bar", TRUE, NULL);
	g_autofree char *name = default_name(array);
	g_autofree char *start = start_folder(settings, folder);
	g_autofree char *device = settings
		? g_settings_get_string(settings, "export-device")
		: g_strdup("u250");

	g_set_object(&self->settings, settings);
	self->summary_markup = summary_markup(array);
	gtk_label_set_markup(self->summary, self->summary_markup);
	sy_export_dialog_set_name(self, name);
	sy_export_dialog_set_device(self, device);
	sy_export_dialog_set_folder(self, start);
	return self;
}
