#include <stdio.h>

#include <glib/gstdio.h>

#include "uitest.h"

/* Depth first, over what containers list as their children. */
static GtkWidget *first(GtkWidget *root,
	gboolean (*match)(GtkWidget *w, gconstpointer key), gconstpointer key)
{
	GList *children;
	GtkWidget *found = NULL;

	if (match(root, key))
		return root;
	if (!GTK_IS_CONTAINER(root))
		return NULL;
	children = gtk_container_get_children(GTK_CONTAINER(root));
	for (GList *l = children; l && !found; l = l->next)
		found = first(l->data, match, key);
	g_list_free(children);
	return found;
}

static gboolean has_name(GtkWidget *w, gconstpointer name)
{
	return g_str_equal(gtk_widget_get_name(w), name);
}

static gboolean has_type(GtkWidget *w, gconstpointer type)
{
	return G_TYPE_CHECK_INSTANCE_TYPE(w, *(const GType *)type);
}

GtkWidget *sy_test_named(GtkWidget *root, const char *name)
{
	return first(root, has_name, name);
}

GtkWidget *sy_test_find(GtkWidget *root, GType type)
{
	return first(root, has_type, &type);
}

GtkWidget *sy_test_get(GtkWidget *root, const char *name)
{
	GtkWidget *w = sy_test_named(root, name);

	if (!w)
		g_error("no widget named %s", name);
	return w;
}

guint sy_test_env_uint(const char *name, guint dflt)
{
	const char *v = g_getenv(name);

	return v && *v ? (guint)g_ascii_strtoull(v, NULL, 10) : dflt;
}

gint64 sy_test_run_queue_wait(void)
{
	g_autofree char *text = NULL;
	guint64 run, wait;

	if (!g_file_get_contents(
		    "/proc/thread-self/schedstat", &text, NULL, NULL) ||
		sscanf(text, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT, &run,
			&wait) != 2)
		return 0;
	return (gint64)wait;
}

void sy_test_remove_tree(const char *path)
{
	GDir *dir = g_dir_open(path, 0, NULL);
	const char *name;

	while (dir && (name = g_dir_read_name(dir))) {
		g_autofree char *child = g_build_filename(path, name, NULL);

		sy_test_remove_tree(child);
	}
	if (dir)
		g_dir_close(dir);
	g_remove(path);
}
