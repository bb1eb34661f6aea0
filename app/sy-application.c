#include <string.h>

#include "sy-application.h"
#include "sy-preferences-dialog.h"
#include "sy-window.h"
#include "systole-resources.h"

#define MAX_RECENT 10

struct _SyApplication {
	GtkApplication parent_instance;

	GSettings *settings;
	GtkWidget *preferences; /* while open */
};

G_DEFINE_FINAL_TYPE(SyApplication, sy_application, GTK_TYPE_APPLICATION)

/* The compiled schema of an uninstalled build sits in the build tree. */
static GSettings *load_settings(void)
{
	GSettingsSchemaSource *source = g_settings_schema_source_get_default();
	GSettingsSchema *schema = source
		? g_settings_schema_source_lookup(
			  source, SY_APPLICATION_ID, TRUE)
		: NULL;
	GSettings *settings;

	if (!schema) {
		GError *error = NULL;
		GSettingsSchemaSource *build =
			g_settings_schema_source_new_from_directory(
				SYSTOLE_BUILD_SCHEMA_DIR, source, FALSE,
				&error);

		if (!build) {
			g_critical("GSettings schema %s not found: %s",
				SY_APPLICATION_ID, error->message);
			g_error_free(error);
			return NULL;
		}
		schema = g_settings_schema_source_lookup(
			build, SY_APPLICATION_ID, FALSE);
		g_settings_schema_source_unref(build);
	}
	settings = g_settings_new_full(schema, NULL, NULL);
	g_settings_schema_unref(schema);
	return settings;
}

GSettings *sy_application_get_settings(SyApplication *self)
{
	return self->settings;
}

GFile *sy_application_get_example(SyApplication *self)
{
	const char *env = g_getenv("SYSTOLE_DATADIR");
	const char *const dirs[] = {
		env ? env : SYSTOLE_DATADIR,
		SYSTOLE_DATADIR,
		SYSTOLE_SOURCE_DATADIR,
	};

	(void)self;
	for (guint i = 0; i < G_N_ELEMENTS(dirs); i++) {
		g_autofree char *path = g_build_filename(
			dirs[i], "examples", "mm.c", NULL);

		if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
			return g_file_new_for_path(path);
	}
	return g_file_new_for_path(SYSTOLE_SOURCE_DATADIR "/examples/mm.c");
}

GtkWindow *sy_application_open_file(SyApplication *self, GFile *file)
{
	GList *windows = gtk_application_get_windows(GTK_APPLICATION(self));
	SyWindow *window;

	for (GList *l = windows; l; l = l->next) {
		GFile *shown;

		if (!SY_IS_WINDOW(l->data))
			continue;
		shown = sy_window_get_file(l->data);
		if (shown && g_file_equal(shown, file)) {
			gtk_window_present(l->data);
			return l->data;
		}
	}
	window = sy_window_new(self);
	sy_window_load(window, file);
	gtk_window_present(GTK_WINDOW(window));
	return GTK_WINDOW(window);
}

void sy_application_add_recent(SyApplication *self, GFile *file)
{
	g_autofree char *path = g_file_get_path(file);
	g_auto(GStrv) old = NULL;
	GPtrArray *recent;

	if (!path || !self->settings)
		return;
	old = g_settings_get_strv(self->settings, "recent-files");
	recent = g_ptr_array_new();
	g_ptr_array_add(recent, path);
	for (guint i = 0; old[i] && recent->len < MAX_RECENT; i++)
		if (strcmp(old[i], path) != 0)
			g_ptr_array_add(recent, old[i]);
	g_ptr_array_add(recent, NULL);
	g_settings_set_strv(self->settings, "recent-files",
		(const char *const *)recent->pdata);
	g_ptr_array_unref(recent);
}

static void sy_application_activate(GApplication *app)
{
	SyApplication *self = SY_APPLICATION(app);
	GtkWindow *window = gtk_application_get_active_window(
		GTK_APPLICATION(app));
	g_autoptr(GFile) example = NULL;

	if (window) {
		gtk_window_present(window);
		return;
	}
	example = sy_application_get_example(self);
	sy_application_open_file(self, example);
}

static void sy_application_open(
	GApplication *app, GFile **files, int n_files, const char *hint)
{
	(void)hint;
	for (int i = 0; i < n_files; i++)
		sy_application_open_file(SY_APPLICATION(app), files[i]);
}

static void quit_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	(void)action;
	(void)param;
	g_application_quit(G_APPLICATION(user));
}

static void about_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	static const char *const authors[] = {"The Systole developers", NULL};

	(void)action;
	(void)param;
	gtk_show_about_dialog(
		gtk_application_get_active_window(GTK_APPLICATION(user)),
		"program-name", "Systole", "logo-icon-name", SY_APPLICATION_ID,
		"version", SYSTOLE_VERSION, "comments",
		"Explore systolic arrays for FPGAs", "website",
		"https://github.com/systole/systole", "license-type",
		GTK_LICENSE_MIT_X11, "authors", authors, NULL);
}

/* One dialog at a time, over the active window. */
static void preferences_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	SyApplication *self = SY_APPLICATION(user);
	GtkWindow *parent = gtk_application_get_active_window(
		GTK_APPLICATION(self));

	(void)action;
	(void)param;
	if (!self->settings)
		return;
	if (!self->preferences) {
		self->preferences = GTK_WIDGET(
			sy_preferences_dialog_new(parent, self->settings));
		g_object_add_weak_pointer(G_OBJECT(self->preferences),
			(gpointer *)&self->preferences);
		g_signal_connect(self->preferences, "response",
			G_CALLBACK(gtk_widget_destroy), NULL);
	}
	gtk_window_present(GTK_WINDOW(self->preferences));
}

static void open_file_activated(
	GSimpleAction *action, GVariant *param, gpointer user)
{
	g_autoptr(GFile)
		file = g_file_new_for_path(g_variant_get_string(param, NULL));

	(void)action;
	sy_application_open_file(SY_APPLICATION(user), file);
}

static const GActionEntry app_actions[] = {
	{"quit", quit_activated, NULL, NULL, NULL, {0}},
	{"about", about_activated, NULL, NULL, NULL, {0}},
	{"preferences", preferences_activated, NULL, NULL, NULL, {0}},
	{"open-file", open_file_activated, "s", NULL, NULL, {0}},
};

static void set_accels(GtkApplication *app)
{
	static const struct {
		const char *action;
		const char *accels[3];
	} accels[] = {
		{"app.quit", {"<Primary>q", NULL}},
		{"app.preferences", {"<Primary>comma", NULL}},
		{"win.open", {"<Primary>o", NULL}},
		{"win.save", {"<Primary>s", NULL}},
		{"win.save-as", {"<Primary><Shift>s", NULL}},
		{"win.close", {"<Primary>w", NULL}},
		{"win.zoom-in", {"<Primary>plus", "<Primary>equal", NULL}},
		{"win.zoom-out", {"<Primary>minus", NULL}},
		{"win.zoom-fit", {"<Primary>0", NULL}},
		{"win.view::array", {"<Alt>1", NULL}},
		{"win.view::deps", {"<Alt>2", NULL}},
		{"win.view::explore", {"<Alt>3", NULL}},
		{"win.explore", {"<Primary>r", NULL}},
		{"win.next-candidate", {"<Primary>Page_Down", NULL}},
		{"win.previous-candidate", {"<Primary>Page_Up", NULL}},
		{"win.export", {"<Primary>e", NULL}},
		{"win.present", {"F5", NULL}},
	};

	for (guint i = 0; i < G_N_ELEMENTS(accels); i++)
		gtk_application_set_accels_for_action(
			app, accels[i].action, accels[i].accels);
}

static void sy_application_startup(GApplication *app)
{
	SyApplication *self = SY_APPLICATION(app);
	g_autoptr(GtkCssProvider) css = gtk_css_provider_new();

	G_APPLICATION_CLASS(sy_application_parent_class)->startup(app);
	self->settings = load_settings();
	g_action_map_add_action_entries(
		G_ACTION_MAP(app), app_actions, G_N_ELEMENTS(app_actions), app);
	set_accels(GTK_APPLICATION(app));
	gtk_css_provider_load_from_resource(
		css, "/org/systole/Systole/style.css");
	gtk_style_context_add_provider_for_screen(gdk_screen_get_default(),
		GTK_STYLE_PROVIDER(css),
		GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
	gtk_window_set_default_icon_name(SY_APPLICATION_ID);
}

static void sy_application_finalize(GObject *object)
{
	SyApplication *self = SY_APPLICATION(object);

	g_clear_object(&self->settings);
	G_OBJECT_CLASS(sy_application_parent_class)->finalize(object);
}

static void sy_application_class_init(SyApplicationClass *klass)
{
	GApplicationClass *app_class = G_APPLICATION_CLASS(klass);

	/* Registered by hand: a static library would drop a constructor. */
	systole_register_resource();
	G_OBJECT_CLASS(klass)->finalize = sy_application_finalize;
	app_class->startup = sy_application_startup;
	app_class->activate = sy_application_activate;
	app_class->open = sy_application_open;
}

static void sy_application_init(SyApplication *self)
{
	(void)self;
}

SyApplication *sy_application_new(void)
{
	return g_object_new(SY_TYPE_APPLICATION, "application-id",
		SY_APPLICATION_ID, "flags", G_APPLICATION_HANDLES_OPEN, NULL);
}
