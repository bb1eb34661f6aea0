#include <math.h>

#include "sy-view-nav.h"

void sy_view_nav_zoom_at(SyViewNav *nav, double factor, double px, double py)
{
	double scale = nav->view.scale * factor;

	if (!nav->hooks->ready(nav->widget) || scale > nav->max_scale ||
		scale < nav->min_scale)
		return;
	nav->auto_fit = FALSE;
	sy_render_view_zoom(&nav->view, factor, px, py);
	gtk_widget_queue_draw(nav->widget);
}

void sy_view_nav_step(SyViewNav *nav, int step, double px, double py)
{
	if (step == 0) {
		nav->auto_fit = TRUE;
		gtk_widget_queue_draw(nav->widget);
		return;
	}
	sy_view_nav_zoom_at(nav,
		step > 0 ? SY_VIEW_NAV_STEP : 1 / SY_VIEW_NAV_STEP, px, py);
}

/* The scroll controller gives no position: the pointer's is in the
 * event being handled. */
static void on_scroll(
	GtkEventControllerScroll *scroll, double dx, double dy, gpointer user)
{
	SyViewNav *nav = user;
	GdkEvent *event = gtk_get_current_event();
	double x = 0, y = 0, ox = 0, oy = 0;

	(void)scroll;
	(void)dx;
	if (event) {
		gdk_event_get_coords(event, &x, &y);
		gdk_event_free(event);
	}
	if (!nav->hooks->ready(nav->widget))
		return;
	if (nav->hooks->origin)
		nav->hooks->origin(nav->widget, &ox, &oy);
	sy_view_nav_zoom_at(nav, pow(SY_VIEW_NAV_STEP, -dy), x - ox, y - oy);
}

static void on_drag_begin(
	GtkGestureDrag *drag, double x, double y, gpointer user)
{
	SyViewNav *nav = user;

	(void)drag;
	nav->panning = !nav->hooks->press ||
		nav->hooks->press(nav->widget, x, y);
	nav->drag_x0 = nav->view.x0;
	nav->drag_y0 = nav->view.y0;
}

static void on_drag_update(
	GtkGestureDrag *drag, double dx, double dy, gpointer user)
{
	SyViewNav *nav = user;

	(void)drag;
	if (!nav->panning || !nav->hooks->ready(nav->widget))
		return;
	nav->auto_fit = FALSE;
	nav->view.x0 = nav->drag_x0 - dx / nav->view.scale;
	nav->view.y0 = nav->drag_y0 - dy / nav->view.scale;
	gtk_widget_queue_draw(nav->widget);
}

static void on_drag_end(
	GtkGestureDrag *drag, double dx, double dy, gpointer user)
{
	SyViewNav *nav = user;

	if (nav->hooks->release)
		nav->hooks->release(nav->widget, drag, dx, dy);
}

static void on_motion(
	GtkEventControllerMotion *motion, double x, double y, gpointer user)
{
	SyViewNav *nav = user;

	(void)motion;
	if (nav->hooks->motion)
		nav->hooks->motion(nav->widget, x, y);
}

/* The widget's own leave-notify-event, not the motion controller's
 * "leave": GTK 3 hands crossing events to the widget (gtk_widget_event)
 * without running its controllers, so "leave" never came and a hovered
 * item stayed lit after the pointer left. */
static gboolean on_leave(
	GtkWidget *widget, GdkEventCrossing *event, gpointer user)
{
	SyViewNav *nav = user;

	(void)widget;
	(void)event;
	nav->hooks->leave(nav->widget);
	return GDK_EVENT_PROPAGATE;
}

void sy_view_nav_init(SyViewNav *nav, GtkWidget *widget,
	const SyViewNavHooks *hooks, double min_scale, double max_scale)
{
	GdkEventMask events = GDK_SCROLL_MASK | GDK_SMOOTH_SCROLL_MASK |
		GDK_POINTER_MOTION_MASK | GDK_BUTTON_PRESS_MASK |
		GDK_BUTTON_RELEASE_MASK;

	*nav = (SyViewNav){
		.widget = widget,
		.hooks = hooks,
		.view = {.scale = 1},
		.min_scale = min_scale,
		.max_scale = max_scale,
		.auto_fit = TRUE,
	};
	if (hooks->leave)
		events |= GDK_LEAVE_NOTIFY_MASK;
	gtk_widget_set_has_tooltip(widget, TRUE);
	gtk_widget_add_events(widget, events);
	nav->drag = gtk_gesture_drag_new(widget);
	g_signal_connect(
		nav->drag, "drag-begin", G_CALLBACK(on_drag_begin), nav);
	g_signal_connect(
		nav->drag, "drag-update", G_CALLBACK(on_drag_update), nav);
	g_signal_connect(nav->drag, "drag-end", G_CALLBACK(on_drag_end), nav);
	nav->scroll = gtk_event_controller_scroll_new(
		widget, GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
	g_signal_connect(nav->scroll, "scroll", G_CALLBACK(on_scroll), nav);
	nav->motion = gtk_event_controller_motion_new(widget);
	g_signal_connect(nav->motion, "motion", G_CALLBACK(on_motion), nav);
	if (hooks->leave)
		g_signal_connect(widget, "leave-notify-event",
			G_CALLBACK(on_leave), nav);
}

void sy_view_nav_clear(SyViewNav *nav)
{
	g_clear_object(&nav->drag);
	g_clear_object(&nav->scroll);
	g_clear_object(&nav->motion);
}
