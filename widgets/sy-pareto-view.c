#include <string.h>

#include "sy-pareto-view.h"
#include "sy-view-style.h"

struct _SyParetoView {
	GtkDrawingArea parent_instance;

	GArray *points; /* SyParetoPoint */
	GPtrArray *tips; /* char *, one a point */
	SyParetoPoint current;
	gboolean has_current;
	double dsp_budget, bram_budget;
	int selected, hover;
	char *message;
	GtkGesture *click;
	GtkEventController *motion;
};

enum {
	POINT_ACTIVATED,
	N_SIGNALS,
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(SyParetoView, sy_pareto_view, GTK_TYPE_DRAWING_AREA)

/* Text a little larger than the other views': a plot read at a glance. */
static double text_size(GtkWidget *widget)
{
	return sy_view_style_for(widget)->font_size * 1.1;
}

void sy_pareto_view_get_layout(SyParetoView *self, SyParetoLayout *layout)
{
	GtkWidget *widget = GTK_WIDGET(self);

	sy_pareto_layout_init(layout, (SyParetoPoint *)self->points->data,
		self->points->len, self->has_current ? &self->current : NULL,
		self->dsp_budget, self->bram_budget,
		gtk_widget_get_allocated_width(widget),
		gtk_widget_get_allocated_height(widget), text_size(widget));
}

static gboolean sy_pareto_view_draw(GtkWidget *widget, cairo_t *cr)
{
	SyParetoView *self = SY_PARETO_VIEW(widget);
	SyParetoLayout layout;

	sy_pareto_view_get_layout(self, &layout);
	sy_render_pareto(cr, &layout, (SyParetoPoint *)self->points->data,
		self->points->len, self->has_current ? &self->current : NULL,
		self->points->len ? NULL : self->message,
		sy_view_style_for(widget));
	return GDK_EVENT_PROPAGATE;
}

/* The flags follow the selection and the hover. */
static void set_flag(SyParetoView *self, int index, guint flag)
{
	for (guint i = 0; i < self->points->len; i++) {
		SyParetoPoint *p = &g_array_index(
			self->points, SyParetoPoint, i);

		p->flags = (int)i == index ? p->flags | flag : p->flags & ~flag;
	}
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

static int hit(SyParetoView *self, double x, double y)
{
	SyParetoLayout layout;

	sy_pareto_view_get_layout(self, &layout);
	return sy_render_pareto_hit(&layout,
		(SyParetoPoint *)self->points->data, self->points->len, x, y);
}

static void set_hover(SyParetoView *self, int index)
{
	if (index == self->hover)
		return;
	self->hover = index;
	set_flag(self, index, SY_PARETO_HOVER);
	/* The tooltip is another point's now. */
	gtk_widget_trigger_tooltip_query(GTK_WIDGET(self));
}

static void on_motion(GtkEventControllerMotion *motion, double x, double y,
	SyParetoView *self)
{
	(void)motion;
	set_hover(self, hit(self, x, y));
}

static void on_leave(GtkEventControllerMotion *motion, SyParetoView *self)
{
	(void)motion;
	set_hover(self, -1);
}

gboolean sy_pareto_view_activate_at(SyParetoView *self, double x, double y)
{
	int at = hit(self, x, y);

	if (at < 0)
		return FALSE;
	sy_pareto_view_set_selected(self, at);
	g_signal_emit(self, signals[POINT_ACTIVATED], 0, (guint)at);
	return TRUE;
}

static void on_pressed(GtkGestureMultiPress *gesture, int n, double x, double y,
	SyParetoView *self)
{
	(void)gesture;
	if (n == 1)
		sy_pareto_view_activate_at(self, x, y);
}

static gboolean sy_pareto_view_query_tooltip(
	GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
	SyParetoView *self = SY_PARETO_VIEW(widget);
	int at;

	(void)keyboard;
	at = hit(self, x, y);
	if (at < 0 || (guint)at >= self->tips->len ||
		!g_ptr_array_index(self->tips, at))
		return FALSE;
	gtk_tooltip_set_markup(tooltip, g_ptr_array_index(self->tips, at));
	return TRUE;
}

static void sy_pareto_view_finalize(GObject *object)
{
	SyParetoView *self = SY_PARETO_VIEW(object);

	g_array_unref(self->points);
	g_ptr_array_unref(self->tips);
	g_free(self->message);
	g_clear_object(&self->click);
	g_clear_object(&self->motion);
	G_OBJECT_CLASS(sy_pareto_view_parent_class)->finalize(object);
}

static void sy_pareto_view_class_init(SyParetoViewClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->finalize = sy_pareto_view_finalize;
	widget_class->draw = sy_pareto_view_draw;
	widget_class->query_tooltip = sy_pareto_view_query_tooltip;
	signals[POINT_ACTIVATED] = g_signal_new("point-activated",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
	gtk_widget_class_set_css_name(widget_class, "paretoview");
}

static void sy_pareto_view_init(SyParetoView *self)
{
	GtkWidget *widget = GTK_WIDGET(self);

	self->points = g_array_new(FALSE, FALSE, sizeof(SyParetoPoint));
	self->tips = g_ptr_array_new_with_free_func(g_free);
	self->selected = self->hover = -1;
	gtk_widget_set_has_tooltip(widget, TRUE);
	gtk_widget_add_events(widget,
		GDK_POINTER_MOTION_MASK | GDK_BUTTON_PRESS_MASK |
			GDK_BUTTON_RELEASE_MASK | GDK_LEAVE_NOTIFY_MASK);
	self->click = gtk_gesture_multi_press_new(widget);
	g_signal_connect(self->click, "pressed", G_CALLBACK(on_pressed), self);
	self->motion = gtk_event_controller_motion_new(widget);
	g_signal_connect(self->motion, "motion", G_CALLBACK(on_motion), self);
	g_signal_connect(self->motion, "leave", G_CALLBACK(on_leave), self);
}

GtkWidget *sy_pareto_view_new(void)
{
	return g_object_new(SY_TYPE_PARETO_VIEW, NULL);
}

void sy_pareto_view_set_points(SyParetoView *self, const SyParetoPoint *points,
	guint n, const char *const *tips)
{
	g_array_set_size(self->points, 0);
	g_array_append_vals(self->points, points, n);
	g_ptr_array_set_size(self->tips, 0);
	for (guint i = 0; i < n; i++)
		g_ptr_array_add(self->tips, tips ? g_strdup(tips[i]) : NULL);
	self->selected = self->hover = -1;
	set_flag(self, -1, SY_PARETO_SELECTED | SY_PARETO_HOVER);
}

const SyParetoPoint *sy_pareto_view_get_points(SyParetoView *self, guint *n)
{
	*n = self->points->len;
	return (SyParetoPoint *)self->points->data;
}

const char *sy_pareto_view_get_tip(SyParetoView *self, guint index)
{
	return index < self->tips->len ? g_ptr_array_index(self->tips, index)
				       : NULL;
}

void sy_pareto_view_set_current(
	SyParetoView *self, const SyParetoPoint *current)
{
	self->has_current = current != NULL;
	if (current)
		self->current = *current;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

const SyParetoPoint *sy_pareto_view_get_current(SyParetoView *self)
{
	return self->has_current ? &self->current : NULL;
}

void sy_pareto_view_set_budget(SyParetoView *self, double dsp, double bram)
{
	self->dsp_budget = dsp;
	self->bram_budget = bram;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

double sy_pareto_view_get_budget_dsp(SyParetoView *self)
{
	return self->dsp_budget;
}

void sy_pareto_view_set_selected(SyParetoView *self, int index)
{
	if (index >= (int)self->points->len)
		index = -1;
	self->selected = index;
	set_flag(self, index, SY_PARETO_SELECTED);
}

int sy_pareto_view_get_selected(SyParetoView *self)
{
	return self->selected;
}

void sy_pareto_view_set_message(SyParetoView *self, const char *message)
{
	g_free(self->message);
	self->message = g_strdup(message);
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

int sy_pareto_view_get_hover(SyParetoView *self)
{
	return self->hover;
}
