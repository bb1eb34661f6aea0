#include "sy-preferences-dialog.h"

struct _SyPreferencesDialog {
	GtkDialog parent_instance;

	/* template children */
	GtkSpinButton *max_dims;
	GtkSpinButton *max_operations;
	GtkSpinButton *analysis_delay;
	GtkSwitch *pe_labels;

	GSettings *settings;
};

G_DEFINE_FINAL_TYPE(SyPreferencesDialog, sy_preferences_dialog, GTK_TYPE_DIALOG)

static void sy_preferences_dialog_finalize(GObject *object)
{
	SyPreferencesDialog *self = SY_PREFERENCES_DIALOG(object);

	g_clear_object(&self->settings);
	G_OBJECT_CLASS(sy_preferences_dialog_parent_class)->finalize(object);
}

static void sy_preferences_dialog_class_init(SyPreferencesDialogClass *klass)
{
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	G_OBJECT_CLASS(klass)->finalize = sy_preferences_dialog_finalize;
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-preferences-dialog.ui");
	gtk_widget_class_bind_template_child(
		widget_class, SyPreferencesDialog, max_dims);
	gtk_widget_class_bind_template_child(
		widget_class, SyPreferencesDialog, max_operations);
	gtk_widget_class_bind_template_child(
		widget_class, SyPreferencesDialog, analysis_delay);
	gtk_widget_class_bind_template_child(
		widget_class, SyPreferencesDialog, pe_labels);
}

static void sy_preferences_dialog_init(SyPreferencesDialog *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
}

/* Bound both ways: the windows follow the keys (their "changed"
 * handlers), and an edit with gsettings shows here. */
static void bind(SyPreferencesDialog *self)
{
	static const struct {
		const char *key;
		gsize offset;
		const char *property;
	} keys[] = {
		{"max-dims", G_STRUCT_OFFSET(SyPreferencesDialog, max_dims),
			"value"},
		{"max-operations",
			G_STRUCT_OFFSET(SyPreferencesDialog, max_operations),
			"value"},
		{"analysis-delay",
			G_STRUCT_OFFSET(SyPreferencesDialog, analysis_delay),
			"value"},
		{"show-pe-labels",
			G_STRUCT_OFFSET(SyPreferencesDialog, pe_labels),
			"active"},
	};

	for (gsize i = 0; i < G_N_ELEMENTS(keys); i++)
		g_settings_bind(self->settings, keys[i].key,
			G_STRUCT_MEMBER(gpointer, self, keys[i].offset),
			keys[i].property, G_SETTINGS_BIND_DEFAULT);
}

SyPreferencesDialog *sy_preferences_dialog_new(
	GtkWindow *parent, GSettings *settings)
{
	SyPreferencesDialog *self = g_object_new(SY_TYPE_PREFERENCES_DIALOG,
		"transient-for", parent, "use-header-bar", TRUE, NULL);

	self->settings = g_object_ref(settings);
	bind(self);
	return self;
}
