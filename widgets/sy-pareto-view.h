/* SyParetoView: the Pareto plot of an exploration (render-pareto.h) as a
 * widget.  It holds a copy of the points, a tooltip's markup per point
 * (shown while the pointer is over its dot, which grows), the design of
 * the sliders ("current"), the device's budgets and a message for an
 * empty plot.  A click on a dot emits "point-activated" with its index
 * in the points given. */
#pragma once

#include <gtk/gtk.h>

#include "render-pareto.h"

G_BEGIN_DECLS

#define SY_TYPE_PARETO_VIEW (sy_pareto_view_get_type())
G_DECLARE_FINAL_TYPE(
	SyParetoView, sy_pareto_view, SY, PARETO_VIEW, GtkDrawingArea)

GtkWidget *sy_pareto_view_new(void);

/* n points and as many tooltips (markup; tips may be NULL), copied;
 * the selection and the hover go. */
void sy_pareto_view_set_points(SyParetoView *self,
	const SyParetoPoint *points /* keep */, guint n,
	const char *const *tips /* keep */);
const SyParetoPoint *sy_pareto_view_get_points(
	SyParetoView *self, guint *n /* out */);

/* Point index's tooltip (markup), NULL if none. */
const char *sy_pareto_view_get_tip(SyParetoView *self, guint index);

/* The sliders' design, copied; NULL: none. */
void sy_pareto_view_set_current(
	SyParetoView *self, const SyParetoPoint *current /* keep */);
const SyParetoPoint *sy_pareto_view_get_current(SyParetoView *self);

/* The device's budgets (<= 0: none). */
void sy_pareto_view_set_budget(SyParetoView *self, double dsp, double bram);
double sy_pareto_view_get_budget_dsp(SyParetoView *self);

/* The point marked selected, -1 for none. */
void sy_pareto_view_set_selected(SyParetoView *self, int index);
int sy_pareto_view_get_selected(SyParetoView *self);

/* Shown on an empty plot (NULL: none). */
void sy_pareto_view_set_message(SyParetoView *self, const char *message);

/* The point under the pointer, -1 for none. */
int sy_pareto_view_get_hover(SyParetoView *self);

/* The layout at the widget's allocation, as drawn. */
void sy_pareto_view_get_layout(SyParetoView *self, SyParetoLayout *layout);

/* What a click at (x, y) does: "point-activated" for the dot there;
 * FALSE if there is none. */
gboolean sy_pareto_view_activate_at(SyParetoView *self, double x, double y);

G_END_DECLS
