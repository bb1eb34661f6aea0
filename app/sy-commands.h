/* The window's commands, as GAction handlers (user_data: the SyWindow):
 * win.open, win.save, win.save-as and win.close in sy-commands-file.c,
 * win.export in sy-commands-export.c, win.explore and
 * win.explore-cancel in sy-commands-explore.c. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void sy_cmd_open(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_save(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_save_as(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_close(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_export(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_explore(GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_explore_cancel(
	GSimpleAction *action, GVariant *param, gpointer user);
/* win.export-picture and win.copy-image: sy-commands-picture.c. */
void sy_cmd_export_picture(
	GSimpleAction *action, GVariant *param, gpointer user);
void sy_cmd_copy_image(GSimpleAction *action, GVariant *param, gpointer user);

G_END_DECLS
