/* SyApplication: the explorer.  One window per open kernel; with no file
 * it opens the bundled example. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SY_APPLICATION_ID "org.systole.Systole"

#define SY_TYPE_APPLICATION (sy_application_get_type())
G_DECLARE_FINAL_TYPE(
	SyApplication, sy_application, SY, APPLICATION, GtkApplication)

SyApplication *sy_application_new(void);

/* The settings shared by every window. */
GSettings *sy_application_get_settings(SyApplication *self);

/* The bundled example kernel (data/examples/mm.c). */
GFile *sy_application_get_example(SyApplication *self);

/* Opens file in its own window, or presents the window that has it. */
GtkWindow *sy_application_open_file(SyApplication *self, GFile *file);

/* Remembers file at the top of the recent kernels. */
void sy_application_add_recent(SyApplication *self, GFile *file);

G_END_DECLS
