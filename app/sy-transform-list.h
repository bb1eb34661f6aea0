/* SyTransformList: the legal space-time transforms of the kernel's band
 * (sy-transform-rows.h), a row each: the matrix, PEs x steps, AutoSA's
 * space_time[N] where loop-aligned and each array's movement (S
 * stationary, B broadcast, F forwarded, M moving, N none, X multi, with
 * (dk,dt)); a first row "none" for the loops' own dataflows.
 *
 * Selecting a row by hand emits "transform-selected" with its matrix
 * ("" for none); sy_transform_list_select emits nothing. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define SY_TYPE_TRANSFORM_LIST (sy_transform_list_get_type())
G_DECLARE_FINAL_TYPE(
	SyTransformList, sy_transform_list, SY, TRANSFORM_LIST, GtkListBox)

GtkWidget *sy_transform_list_new(void);

/* One row per SyTransformRow of rows (read now; NULL: none), after the
 * "none" row. */
void sy_transform_list_set_rows(
	SyTransformList *self, const GPtrArray *rows /* keep */);
/* The transforms listed ("none" left out). */
guint sy_transform_list_get_n_rows(SyTransformList *self);
/* Selects the row of text (NULL or "": none); FALSE if no row has it
 * (the selection is then cleared). */
gboolean sy_transform_list_select(
	SyTransformList *self, const char *text /* keep */);

G_END_DECLS
