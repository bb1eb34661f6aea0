/* Pan and zoom for the explorer's views (SyArrayView, SyDepsView): a
 * drag pans, the wheel zooms around the pointer, a step zooms around a
 * point the view gives, and the view fits its content until the user
 * pans or zooms.  The gestures and the pointer's motion come in here
 * and go out to the view through its hooks.
 *
 * A plain struct inside the view's instance, not a GObject: it has no
 * signals or properties, and lives and dies with its view. */
#pragma once

#include <gtk/gtk.h>

#include "render-style.h"

G_BEGIN_DECLS

#define SY_VIEW_NAV_STEP 1.25 /* one zoom step, and one wheel notch */

/* What a view tells its navigation; every hook gets the view's widget.
 * Only ready is required. */
typedef struct {
	/* Whether anything is drawn that can be panned and zoomed. */
	gboolean (*ready)(GtkWidget *widget);
	/* Where the panned area's top-left corner is in the widget (the
	 * wheel zooms around the pointer in the area's pixels).  NULL:
	 * the whole widget. */
	void (*origin)(GtkWidget *widget, double *x, double *y);
	/* A press at (x, y): TRUE if a drag from there pans, FALSE if the
	 * view keeps it for itself (a drag across chips).  NULL: every
	 * drag pans. */
	gboolean (*press)(GtkWidget *widget, double x, double y);
	/* The end of every drag, dx, dy from its start (a click is a drag
	 * that hardly moved).  May be NULL. */
	void (*release)(
		GtkWidget *widget, GtkGestureDrag *drag, double dx, double dy);
	/* The pointer moved to (x, y), or left the widget.  May be NULL. */
	void (*motion)(GtkWidget *widget, double x, double y);
	void (*leave)(GtkWidget *widget);
} SyViewNavHooks;

typedef struct {
	GtkWidget *widget; /* __isl_keep: the view, which holds this */
	const SyViewNavHooks *hooks; /* __isl_keep: static */
	SyRenderView view; /* content units to the area's pixels */
	double min_scale, max_scale; /* zoom stops, pixels per unit */
	gboolean auto_fit; /* follow the size until the user zooms or pans */
	gboolean panning; /* the current drag moves the view */
	double drag_x0, drag_y0; /* the view origin when the drag began */

	GtkGesture *drag;
	GtkEventController *scroll;
	GtkEventController *motion;
} SyViewNav;

/* Sets nav up for widget (from its instance init): the scale at 1,
 * fitting, tooltips, and the gestures wired to hooks. */
void sy_view_nav_init(SyViewNav *nav, GtkWidget *widget,
	const SyViewNavHooks *hooks, double min_scale, double max_scale);
/* Frees the gestures (from the view's finalize). */
void sy_view_nav_clear(SyViewNav *nav);

/* Zooms by factor keeping the point under (px, py) in the area's pixels
 * fixed; nothing if the view is not ready or the scale would leave
 * [min_scale, max_scale]. */
void sy_view_nav_zoom_at(SyViewNav *nav, double factor, double px, double py);

/* One step in (step > 0) or out (step < 0) around (px, py), or back to
 * fitting the content (0; the view fits at its next draw). */
void sy_view_nav_step(SyViewNav *nav, int step, double px, double py);

G_END_DECLS
