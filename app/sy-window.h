/* SyWindow: one kernel, its analysis and its views. */
#pragma once

#include <gtk/gtk.h>

#include "poly/analysis.h"
#include "sy-application.h"
#include "sy-pipeline.h"

G_BEGIN_DECLS

#define SY_TYPE_WINDOW (sy_window_get_type())
G_DECLARE_FINAL_TYPE(SyWindow, sy_window, SY, WINDOW, GtkApplicationWindow)

SyWindow *sy_window_new(SyApplication *app);

/* Reads file into the editor and analyses it. */
void sy_window_load(SyWindow *self, GFile *file);
GFile *sy_window_get_file(SyWindow *self);

/* The last analysis that succeeded (NULL before the first), and whether
 * the editor has changed since (or the latest analysis failed). */
const SyAnalysis *sy_window_get_analysis(SyWindow *self);
gboolean sy_window_is_stale(SyWindow *self);

/* What the latest analysis failed with, as shown; NULL if it did not. */
const char *sy_window_get_error(SyWindow *self);

/* Whether the pipeline has work under way (the results shown are
 * then not yet those of the newest input). */
gboolean sy_window_is_busy(SyWindow *self);

/* The window's pipeline: its results, as shown. */
SyPipeline *sy_window_get_pipeline(SyWindow *self);

/* The selected dataflow candidate, -1 for none. */
int sy_window_get_candidate(SyWindow *self);
void sy_window_select_candidate(SyWindow *self, int id);

/* The space-time transforms listed (their "none" row left out) and the
 * movement shown (sy-commands-space-time.c). */
guint sy_window_count_transforms(SyWindow *self);
const char *sy_window_get_movement(SyWindow *self);

/* Exports the design on screen into dir for device (replacing what is
 * there only if force), as the Export dialog does; the export bar shows
 * its progress and outcome.  FALSE, doing nothing, without a design or
 * while an export runs. */
gboolean sy_window_export_to(
	SyWindow *self, const char *dir, const char *device, gboolean force);

/* The picture of the view on screen to path (.svg, .png), or of every
 * view of the design and the exploration's plot (.pdf, a page each), as
 * File > Export Picture writes it (sy-commands-picture.c); not over an
 * existing file unless force.  And the view on screen's picture as
 * Copy Image puts it on the clipboard (give; NULL: nothing drawn). */
gboolean sy_window_export_picture_to(
	SyWindow *self, const char *path, gboolean force, GError **error);
cairo_surface_t *sy_window_picture_image(SyWindow *self);

G_END_DECLS
