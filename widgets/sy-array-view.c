#include <math.h>

#include "sy-array-picture.h"
#include "sy-array-view.h"
#include "sy-view-nav.h"
#include "sy-view-style.h"

#define MAX_SCALE 400.0 /* pixels per PE */
#define MIN_SCALE 1e-4

struct _SyArrayView {
	GtkDrawingArea parent_instance;

	SyArrayScene *scene;
	SyArrayPicture *picture; /* rendered in slices, kept */
	gboolean current; /* the last frame showed the scene as it is */
	SyViewNav nav; /* its view: PE units to pixels */
	gboolean labels;
	gint64 hover_row, hover_col;
	char *selected; /* a module family, "PE", or NULL */
	char *bottleneck; /* the same, outlined */
};

enum { MODULE_SELECTED, N_SIGNALS };

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(SyArrayView, sy_array_view, GTK_TYPE_DRAWING_AREA)

static void fit(SyArrayView *self)
{
	int width = gtk_widget_get_allocated_width(GTK_WIDGET(self));
	int height = gtk_widget_get_allocated_height(GTK_WIDGET(self));

	if (!self->scene)
		return;
	/* Beside or below the legend, which covers none of it. */
	self->nav.view = sy_array_scene_fit(self->scene,
		sy_view_style_for(GTK_WIDGET(self)), MAX(width, 1),
		MAX(height, 1));
}

static gboolean sy_array_view_draw(GtkWidget *widget, cairo_t *cr)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	SyRenderStyle style = *sy_view_style_for(widget);

	style.labels = self->labels;
	if (!self->scene) {
		sy_render_set_color(cr, style.background, 1);
		cairo_paint(cr);
		self->current = TRUE;
		return GDK_EVENT_PROPAGATE;
	}
	if (self->nav.auto_fit)
		fit(self);
	self->nav.view.width = gtk_widget_get_allocated_width(widget);
	self->nav.view.height = gtk_widget_get_allocated_height(widget);
	self->current = sy_array_picture_paint(self->picture, cr, self->scene,
		&self->nav.view, &style, self->hover_row, self->hover_col);
	return GDK_EVENT_PROPAGATE;
}

static gboolean ready(GtkWidget *widget)
{
	return SY_ARRAY_VIEW(widget)->scene != NULL;
}

/* A click (a drag that hardly moved) selects the module family or the
 * PEs under it. */
static void on_release(
	GtkWidget *widget, GtkGestureDrag *drag, double dx, double dy)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	double x, y;
	const char *name;
	gint64 row, col;

	if (!self->scene || hypot(dx, dy) > 4 ||
		!gtk_gesture_drag_get_start_point(drag, &x, &y))
		return;
	name = sy_array_scene_hit_module(self->scene, &self->nav.view, x, y);
	if (!name &&
		sy_array_scene_hit(
			self->scene, &self->nav.view, x, y, &row, &col) &&
		self->scene->io)
		name = "PE";
	if (!name)
		return;
	sy_array_view_select(self, name);
	g_signal_emit(self, signals[MODULE_SELECTED], 0, name);
}

static void set_hover(SyArrayView *self, gint64 row, gint64 col)
{
	if (row == self->hover_row && col == self->hover_col)
		return;
	self->hover_row = row;
	self->hover_col = col;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

static void on_motion(GtkWidget *widget, double x, double y)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	gint64 row, col;

	if (self->scene &&
		sy_array_scene_hit(
			self->scene, &self->nav.view, x, y, &row, &col))
		set_hover(self, row, col);
	else
		set_hover(self, -1, -1);
}

static void on_leave(GtkWidget *widget)
{
	set_hover(SY_ARRAY_VIEW(widget), -1, -1);
}

static const SyViewNavHooks nav_hooks = {
	.ready = ready,
	.release = on_release,
	.motion = on_motion,
	.leave = on_leave,
};

static gboolean sy_array_view_query_tooltip(
	GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
	SyArrayView *self = SY_ARRAY_VIEW(widget);
	g_autofree char *text = NULL;
	gint64 row, col;

	const char *module;

	(void)keyboard;
	if (!self->scene)
		return FALSE;
	module = sy_array_scene_hit_module(self->scene, &self->nav.view, x, y);
	if (module) {
		text = sy_array_scene_describe_module(self->scene, module);
		gtk_tooltip_set_text(tooltip, text);
		return TRUE;
	}
	if (!sy_array_scene_hit(self->scene, &self->nav.view, x, y, &row, &col))
		return FALSE;
	text = sy_array_scene_describe(self->scene, row, col);
	gtk_tooltip_set_text(tooltip, text);
	return TRUE;
}

static void sy_array_view_finalize(GObject *object)
{
	SyArrayView *self = SY_ARRAY_VIEW(object);

	sy_array_picture_free(self->picture);
	sy_array_scene_free(self->scene);
	g_free(self->selected);
	g_free(self->bottleneck);
	sy_view_nav_clear(&self->nav);
	G_OBJECT_CLASS(sy_array_view_parent_class)->finalize(object);
}

/* The pictures are surfaces like the window's: they go with it. */
static void sy_array_view_unrealize(GtkWidget *widget)
{
	sy_array_picture_clear(SY_ARRAY_VIEW(widget)->picture);
	GTK_WIDGET_CLASS(sy_array_view_parent_class)->unrealize(widget);
}

static void sy_array_view_class_init(SyArrayViewClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->finalize = sy_array_view_finalize;
	widget_class->draw = sy_array_view_draw;
	widget_class->unrealize = sy_array_view_unrealize;
	widget_class->query_tooltip = sy_array_view_query_tooltip;
	signals[MODULE_SELECTED] = g_signal_new("module-selected",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
	gtk_widget_class_set_css_name(widget_class, "arrayview");
}

static void sy_array_view_init(SyArrayView *self)
{
	self->labels = TRUE;
	self->picture = sy_array_picture_new(GTK_WIDGET(self));
	self->hover_row = self->hover_col = -1;
	sy_view_nav_init(
		&self->nav, GTK_WIDGET(self), &nav_hooks, MIN_SCALE, MAX_SCALE);
}

GtkWidget *sy_array_view_new(void)
{
	return g_object_new(SY_TYPE_ARRAY_VIEW, NULL);
}

static gboolean same_array(const SyArrayScene *a, const SyArrayScene *b)
{
	return a && b && a->rows == b->rows && a->cols == b->cols &&
		a->n_dims == b->n_dims && a->margin == b->margin;
}

void sy_array_view_set_scene(SyArrayView *self, SyArrayScene *scene)
{
	gboolean keep = same_array(self->scene, scene);

	sy_array_scene_free(self->scene);
	self->scene = scene;
	if (scene) {
		sy_array_scene_select(scene, self->selected);
		sy_array_scene_set_bottleneck(scene, self->bottleneck);
	}
	self->hover_row = self->hover_col = -1;
	if (!keep) {
		self->nav.auto_fit = TRUE;
		fit(self);
	}
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

const SyArrayScene *sy_array_view_get_scene(SyArrayView *self)
{
	return self->scene;
}

void sy_array_view_set_labels(SyArrayView *self, gboolean labels)
{
	self->labels = labels;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

/* Fitted at once, not at the next draw: the scale is read back. */
void sy_array_view_zoom(SyArrayView *self, int step)
{
	sy_view_nav_step(&self->nav, step,
		gtk_widget_get_allocated_width(GTK_WIDGET(self)) / 2.0,
		gtk_widget_get_allocated_height(GTK_WIDGET(self)) / 2.0);
	if (step == 0)
		fit(self);
}

double sy_array_view_get_scale(SyArrayView *self)
{
	return self->nav.view.scale;
}

void sy_array_view_select(SyArrayView *self, const char *name)
{
	g_free(self->selected);
	self->selected = g_strdup(name);
	/* The scene changes in place: a picture of it under way is not
	 * of one scene any more. */
	sy_array_picture_restart(self->picture);
	if (self->scene)
		sy_array_scene_select(self->scene, name);
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

void sy_array_view_set_frame(SyArrayView *self, SyArrayFrame *frame)
{
	if (!self->scene) {
		sy_array_frame_free(frame);
		return;
	}
	/* In place, as a selection. */
	sy_array_picture_restart(self->picture);
	sy_array_scene_set_frame(self->scene, frame);
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

void sy_array_view_set_bottleneck(SyArrayView *self, const char *name)
{
	if (g_strcmp0(self->bottleneck, name) == 0)
		return;
	g_free(self->bottleneck);
	self->bottleneck = g_strdup(name);
	sy_array_picture_restart(self->picture);
	if (self->scene)
		sy_array_scene_set_bottleneck(self->scene, name);
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

const char *sy_array_view_get_bottleneck(SyArrayView *self)
{
	return self->bottleneck;
}

const char *sy_array_view_get_selected(SyArrayView *self)
{
	return self->selected;
}

gboolean sy_array_view_get_hover(SyArrayView *self, gint64 *row, gint64 *col)
{
	*row = self->hover_row;
	*col = self->hover_col;
	return self->hover_row >= 0;
}

gboolean sy_array_view_is_current(SyArrayView *self)
{
	return self->current;
}
