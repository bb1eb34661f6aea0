/* SyArrayView: the PE array of a dataflow candidate with its I/O
 * network, zoomable and pannable, drawn by sy_render_array(). */
#pragma once

#include <gtk/gtk.h>

#include "render-array.h"

G_BEGIN_DECLS

#define SY_TYPE_ARRAY_VIEW (sy_array_view_get_type())
G_DECLARE_FINAL_TYPE(SyArrayView, sy_array_view, SY, ARRAY_VIEW, GtkDrawingArea)

GtkWidget *sy_array_view_new(void);

/* Takes the scene (NULL: nothing to show); fits it if it is a new
 * array, keeps the view if only its contents changed. */
void sy_array_view_set_scene(SyArrayView *self, SyArrayScene *scene);
const SyArrayScene *sy_array_view_get_scene(SyArrayView *self);

void sy_array_view_set_labels(SyArrayView *self, gboolean labels);

/* One step in (step > 0) or out (step < 0) around the centre, or fit
 * the whole array (0). */
void sy_array_view_zoom(SyArrayView *self, int step);
double sy_array_view_get_scale(SyArrayView *self);

/* The module family (or "PE") drawn as selected; NULL for none.  A
 * click on one selects it and emits "module-selected" with its name. */
void sy_array_view_select(SyArrayView *self, const char *name);
const char *sy_array_view_get_selected(SyArrayView *self);

/* The PE under the pointer, lit: FALSE, and -1, if none (the pointer
 * gone, the view hidden). */
gboolean sy_array_view_get_hover(SyArrayView *self, gint64 *row, gint64 *col);

/* The module family the estimate names the bottleneck (NULL: none),
 * outlined in this scene and the next ones. */
void sy_array_view_set_bottleneck(SyArrayView *self, const char *name);
const char *sy_array_view_get_bottleneck(SyArrayView *self);

/* Shows an animation's frame (take; NULL: none) over the scene, which
 * it must be made for (render-anim.h); a new scene drops it. */
void sy_array_view_set_frame(SyArrayView *self, SyArrayFrame *frame);

/* Whether the last frame showed the scene as it is now: a large array's
 * picture renders over a few main-loop turns, the previous one shown
 * meanwhile (see sy-array-picture.h). */
gboolean sy_array_view_is_current(SyArrayView *self);

G_END_DECLS
