/* The window's commands, as GAction handlers (user_data: the SyWindow):
 * win.open, win.save, win.save-as and win.close in sy-commands-file.c,
 * win.export in sy-commands-export.c. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void sy_cmd_open(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_save(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_save_as(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_close(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_export(GSimpleAction *action, GVariant *param, gpointer user);

G_END_DECLS
