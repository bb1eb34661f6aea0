/* What the explorer's tests under Xvfb share: widgets found in the
 * window's tree by name or by type, the main thread's waits for a CPU,
 * counts from the environment, a temporary folder removed. */
#pragma once

#include <gtk/gtk.h>

/* The first widget under root, root included, in tree order: named
 * name, or of type type; NULL if none. */
GtkWidget *sy_test_named(GtkWidget *root, const char *name);
GtkWidget *sy_test_find(GtkWidget *root, GType type);
/* The widget named name under root; fails if there is none. */
GtkWidget *sy_test_get(GtkWidget *root, const char *name);

/* Nanoseconds the calling thread has waited for a CPU (on a run queue):
 * a stall of the main loop less this is the explorer's, not the
 * machine's load.  0 where /proc does not say. */
gint64 sy_test_run_queue_wait(void);

/* An environment variable as a count, dflt when unset or empty. */
guint sy_test_env_uint(const char *name, guint dflt);

/* Removes path, a folder with everything in it or a file. */
void sy_test_remove_tree(const char *path);
