/* SyExportBar: an export running in a worker thread, then its outcome.
 *
 * While the job runs the bar shows its stage and a progress bar; then
 * "Exported N files to DIR for DEVICE" with Open Folder, or the error
 * in full (with Replace when a folder was in the way, which emits
 * "replace" with the folder and the device).  The job owns its own isl
 * context; progress reaches the bar through idle sources on the main
 * context.  Once the bar is destroyed a job still running finishes
 * (its folder is written whole or not at all) without touching it, and
 * the application is held until then. */
#pragma once

#include <gtk/gtk.h>

#include "project/export-job.h"

G_BEGIN_DECLS

#define SY_TYPE_EXPORT_BAR (sy_export_bar_get_type())
G_DECLARE_FINAL_TYPE(SyExportBar, sy_export_bar, SY, EXPORT_BAR, GtkInfoBar)

typedef enum {
	SY_EXPORT_BAR_HIDDEN,
	SY_EXPORT_BAR_RUNNING,
	SY_EXPORT_BAR_DONE,
	SY_EXPORT_BAR_FAILED,
	SY_EXPORT_BAR_CANCELLED, /* by Cancel: nothing written */
} SyExportBarState;

/* Runs job (taken) in a worker thread.  One at a time: "running" says
 * when another may start. */
void sy_export_bar_run(SyExportBar *self, SyExportJob *job);
gboolean sy_export_bar_is_running(SyExportBar *self);

/* What the bar's Cancel does: the running export stops before it
 * writes anything (the folder stays as it was) and the bar says so.
 * Nothing when none runs. */
void sy_export_bar_cancel(SyExportBar *self);

SyExportBarState sy_export_bar_get_state(SyExportBar *self);

/* The message shown, as plain text. */
const char *sy_export_bar_get_text(SyExportBar *self);

G_END_DECLS
