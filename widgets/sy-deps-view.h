/* SyDepsView: the dependence view.  The iteration space is projected on
 * two loops of the band (zoom and pan apply to it); the loops strip picks
 * space loops by click, or by dragging across several. */
#pragma once

#include <gtk/gtk.h>

#include "render-deps.h"

G_BEGIN_DECLS

#define SY_TYPE_DEPS_VIEW (sy_deps_view_get_type())
G_DECLARE_FINAL_TYPE(SyDepsView, sy_deps_view, SY, DEPS_VIEW, GtkDrawingArea)

GtkWidget *sy_deps_view_new(void);

/* What the view draws, its pointers the view's (valid until it
 * changes); hover none: for pictures (render-picture.h). */
SyDepsScene sy_deps_view_get_scene(SyDepsView *self);

/* The analysis is borrowed: it must outlive its use here (set NULL or
 * another before freeing it). */
void sy_deps_view_set_analysis(SyDepsView *self, const SyAnalysis *analysis);

/* The two loops of the plot (band members; y may be -1). */
void sy_deps_view_set_axes(SyDepsView *self, int x, int y);

/* The space loops shown as chosen (n band member indices). */
void sy_deps_view_set_space(SyDepsView *self, const guint *space, guint n);

/* A message under the loops, such as why a choice is not an array,
 * wrapped to the view's width (NULL: none). */
void sy_deps_view_set_message(SyDepsView *self, const char *message);
const char *sy_deps_view_get_message(SyDepsView *self);

/* The plot one step in (step > 0) or out (step < 0), or fitted (0). */
/* The loop chip under the pointer, lit; -1 if none (the pointer gone,
 * the view hidden). */
int sy_deps_view_get_hover(SyDepsView *self);

void sy_deps_view_zoom(SyDepsView *self, int step);

G_END_DECLS
