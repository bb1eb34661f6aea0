/* SyArrayPicture: the array view's picture, kept between frames and
 * rendered in slices that never hold the main loop past a frame.
 *
 * A frame paints the picture of what the view shows: its scene, view,
 * style and hovered PE.  Rendering 64 x 64 PEs with their network takes
 * 20 to 50 ms, longer than a frame, so a picture is rendered into an
 * image strip by strip (each strip under its clip: the renderer adds
 * only what reaches it, and the strips make the whole picture byte for
 * byte), a few milliseconds per main-loop turn: the frame that asks for
 * a picture renders what fits in that time, idle turns render the
 * rest, and until the picture is complete frames paint the last
 * complete one.  A picture being rendered is finished even if the view
 * has moved on meanwhile (the newest starts next), so that the array
 * follows sizes that change every step.  A picture that fits in the
 * time is rendered and painted in the frame that asks for it, as
 * before.  A picture shown again (a redraw of the window, the pointer
 * leaving) costs one copy. */
#pragma once

#include <gtk/gtk.h>

#include "render-array.h"

G_BEGIN_DECLS

typedef struct _SyArrayPicture SyArrayPicture;

/* For widget's frames (it is redrawn when a picture is complete). */
SyArrayPicture *sy_array_picture_new(GtkWidget *widget /* keep */); /* give */
void sy_array_picture_free(SyArrayPicture *picture /* take */);

/* Paints on cr the picture of scene (referenced while it renders) in
 * view with style, PE (hover_row, hover_col) hovered, or the last
 * complete picture while that one renders.  Returns whether cr shows
 * the picture asked for. */
gboolean sy_array_picture_paint(SyArrayPicture *picture, cairo_t *cr,
	SyArrayScene *scene /* keep */, const SyRenderView *view /* keep */,
	const SyRenderStyle *style /* keep */, gint64 hover_row,
	gint64 hover_col);

/* The scene being rendered changed in place (its selection): the
 * picture under way is dropped, the next frame starts again. */
void sy_array_picture_restart(SyArrayPicture *picture);

/* The widget leaves its window: pictures and work dropped. */
void sy_array_picture_clear(SyArrayPicture *picture);

G_END_DECLS
