/* SyPreferencesDialog: the explorer's settings that no other widget
 * offers (the device has the header bar's menu): the largest array
 * dimension listed (max-dims, which the dataflow list's refusals point
 * to), isl operations per stage, the analysis delay, PE labels.  Each
 * control is bound to its GSettings key: a change applies at once, to
 * every window, and is kept. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SY_TYPE_PREFERENCES_DIALOG (sy_preferences_dialog_get_type())
G_DECLARE_FINAL_TYPE(SyPreferencesDialog, sy_preferences_dialog, SY,
	PREFERENCES_DIALOG, GtkDialog)

/* settings (kept by the dialog) is org.systole.Systole. */
SyPreferencesDialog *sy_preferences_dialog_new(
	GtkWindow *parent, GSettings *settings);

G_END_DECLS
