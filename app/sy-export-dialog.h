/* SyExportDialog: where, and for which device, to export the current
 * design as a Vitis HLS project.  The project is a new folder, asked
 * for as GNOME Builder asks for a new project: a name (by default
 * "<kernel>_<space loops>_hls") in a location.  Below, what Export will
 * do to that folder: create it, or refuse or replace one in the way.
 * Accepting remembers the location and the device in GSettings. */
#pragma once

#include <gtk/gtk.h>

#include "compute/pe-array.h"

G_BEGIN_DECLS

#define SY_TYPE_EXPORT_DIALOG (sy_export_dialog_get_type())
G_DECLARE_FINAL_TYPE(
	SyExportDialog, sy_export_dialog, SY, EXPORT_DIALOG, GtkDialog)

/* array (borrowed for the call) names the kernel and the dataflow;
 * folder is the location unless settings (may be NULL) remember one
 * that still exists. */
SyExportDialog *sy_export_dialog_new(GtkWindow *parent, GSettings *settings,
	const SyPeArray *array, const char *folder);

/* A line under the summary, as "the kernel has changed since". */
void sy_export_dialog_set_note(SyExportDialog *self, const char *text);

void sy_export_dialog_set_name(SyExportDialog *self, const char *name);
void sy_export_dialog_set_folder(SyExportDialog *self, const char *folder);
void sy_export_dialog_set_device(SyExportDialog *self, const char *device);
void sy_export_dialog_set_force(SyExportDialog *self, gboolean force);

/* The project folder (location/name), NULL while either is missing or
 * the name is not a folder name. */
char *sy_export_dialog_get_dir(SyExportDialog *self);
const char *sy_export_dialog_get_device(SyExportDialog *self);
gboolean sy_export_dialog_get_force(SyExportDialog *self);

/* A path as the dialog and the export bar show it: the home folder as
 * "~". */
char *sy_export_dialog_path_text(const char *path);

G_END_DECLS
