#include <math.h>

#include "sy-deps-view.h"
#include "sy-view-nav.h"
#include "sy-view-style.h"

struct _SyDepsView {
	GtkDrawingArea parent_instance;

	const SyAnalysis *analysis;
	SyProjection *projection;
	gboolean *space; /* per band member */
	char *message;
	int hover_chip;
	int press_chip; /* where a drag across chips began */
	SyViewNav nav; /* its view: iteration units to plot pixels */
};

enum {
	SPACE_CHOSEN,
	DIRECTION_CHOSEN,
	N_SIGNALS,
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE(SyDepsView, sy_deps_view, GTK_TYPE_DRAWING_AREA)

static SyDepsScene scene_of(SyDepsView *self)
{
	SyDepsScene scene = {
		self->analysis,
		self->projection,
		self->space,
		self->hover_chip,
		self->message,
	};

	return scene;
}

SyDepsScene sy_deps_view_get_scene(SyDepsView *self)
{
	SyDepsScene scene = scene_of(self);

	scene.hover_chip = -1;
	return scene;
}

/* The layout for the current size; the caller clears it. */
static void layout_now(SyDepsView *self, SyDepsLayout *layout)
{
	GtkWidget *widget = GTK_WIDGET(self);
	SyDepsScene scene = scene_of(self);
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_ARGB32, 1, 1);
	cairo_t *cr = cairo_create(surface);

	sy_deps_layout_init(layout, &scene, cr,
		gtk_widget_get_allocated_width(widget),
		gtk_widget_get_allocated_height(widget));
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

static void fit(SyDepsView *self, const SyDepsLayout *layout)
{
	SyDepsScene scene = scene_of(self);
	double x, y, w, h;

	if (!self->projection || self->projection->x < 0)
		return;
	sy_deps_plot_extent(&scene, &x, &y, &w, &h);
	self->nav.view = sy_render_view_fit(
		w, h, (int)layout->plot.w, (int)layout->plot.h);
	self->nav.view.x0 += x;
	self->nav.view.y0 += y;
}

static gboolean sy_deps_view_draw(GtkWidget *widget, cairo_t *cr)
{
	SyDepsView *self = SY_DEPS_VIEW(widget);
	SyDepsScene scene = scene_of(self);
	SyDepsLayout layout;

	sy_deps_layout_init(&layout, &scene, cr,
		gtk_widget_get_allocated_width(widget),
		gtk_widget_get_allocated_height(widget));
	if (self->nav.auto_fit)
		fit(self, &layout);
	self->nav.view.width = (int)layout.plot.w;
	self->nav.view.height = (int)layout.plot.h;
	sy_render_deps(cr, &scene, &layout, &self->nav.view,
		sy_view_style_for(widget));
	sy_deps_layout_clear(&layout);
	return GDK_EVENT_PROPAGATE;
}

static int chip_at(SyDepsView *self, double x, double y)
{
	SyDepsLayout layout;
	int chip;

	if (!self->analysis)
		return -1;
	layout_now(self, &layout);
	chip = sy_deps_layout_chip_at(&layout, x, y);
	sy_deps_layout_clear(&layout);
	return chip;
}

/* Emits the chosen loops: chip a alone, or every band loop from a to b. */
static void choose(SyDepsView *self, int a, int b)
{
	guint n_band = self->analysis->band->n_members;
	g_autofree guint *loops = g_new(guint, n_band + 1);
	guint n = 0;
	int lo = MIN(a, b), hi = MAX(a, b);

	if (a == b) {
		/* A click toggles one loop in or out of the choice. */
		for (guint i = 0; i < n_band; i++)
			if (self->space[i] != ((int)i == a))
				loops[n++] = i;
		if (a >= (int)n_band)
			loops[n++] = (guint)a;
	} else {
		for (int i = lo; i <= hi; i++)
			loops[n++] = (guint)i;
	}
	g_signal_emit(self, signals[SPACE_CHOSEN], 0, loops, n);
}

static gboolean ready(GtkWidget *widget)
{
	return SY_DEPS_VIEW(widget)->projection != NULL;
}

/* The wheel zooms the plot, whose corner moves with the strip above. */
static void plot_origin(GtkWidget *widget, double *x, double *y)
{
	SyDepsLayout layout;

	layout_now(SY_DEPS_VIEW(widget), &layout);
	*x = layout.plot.x;
	*y = layout.plot.y;
	sy_deps_layout_clear(&layout);
}

/* A press with Shift on the plot of two loops begins a projection
 * direction (press_chip PRESS_DIRECTION). */
#define PRESS_DIRECTION (-2)

static gboolean direction_press(SyDepsView *self, double x, double y)
{
	GdkModifierType state = 0;
	SyDepsLayout layout;
	gboolean in;

	if (!self->projection || self->projection->y < 0 ||
		!gtk_get_current_event_state(&state) ||
		!(state & GDK_SHIFT_MASK))
		return FALSE;
	layout_now(self, &layout);
	in = x >= layout.plot.x && x < layout.plot.x + layout.plot.w &&
		y >= layout.plot.y && y < layout.plot.y + layout.plot.h;
	sy_deps_layout_clear(&layout);
	return in;
}

/* A press on a chip begins a choice of loops; with Shift on the plot,
 * a projection direction; anywhere else, a pan. */
static gboolean on_press(GtkWidget *widget, double x, double y)
{
	SyDepsView *self = SY_DEPS_VIEW(widget);

	if (direction_press(self, x, y)) {
		self->press_chip = PRESS_DIRECTION;
		return FALSE;
	}
	self->press_chip = chip_at(self, x, y);
	return self->press_chip < 0;
}

static void on_release(
	GtkWidget *widget, GtkGestureDrag *drag, double dx, double dy)
{
	SyDepsView *self = SY_DEPS_VIEW(widget);
	double x, y;
	int end;

	if (self->press_chip == PRESS_DIRECTION) {
		self->press_chip = -1;
		/* The plot's y runs up: iteration units, up to the scale. */
		if (dx || dy)
			g_signal_emit(self, signals[DIRECTION_CHOSEN], 0,
				self->projection->x, self->projection->y, dx,
				-dy);
		return;
	}
	if (self->press_chip < 0) /* a pan */
		return;
	gtk_gesture_drag_get_start_point(drag, &x, &y);
	end = chip_at(self, x + dx, y + dy);
	choose(self, self->press_chip, end < 0 ? self->press_chip : end);
	self->press_chip = -1;
}

static void on_motion(GtkWidget *widget, double x, double y)
{
	SyDepsView *self = SY_DEPS_VIEW(widget);
	int chip = chip_at(self, x, y);

	if (chip != self->hover_chip) {
		self->hover_chip = chip;
		gtk_widget_queue_draw(widget);
	}
}

/* The pointer gone, so is the chip's highlight (it stayed lit). */
static void on_leave(GtkWidget *widget)
{
	SyDepsView *self = SY_DEPS_VIEW(widget);

	if (self->hover_chip < 0)
		return;
	self->hover_chip = -1;
	gtk_widget_queue_draw(widget);
}

static const SyViewNavHooks nav_hooks = {
	.ready = ready,
	.origin = plot_origin,
	.press = on_press,
	.release = on_release,
	.motion = on_motion,
	.leave = on_leave,
};

static gboolean sy_deps_view_query_tooltip(
	GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip)
{
	SyDepsView *self = SY_DEPS_VIEW(widget);
	const SyBand *band;
	int chip = chip_at(self, x, y);
	g_autofree char *why = NULL;

	(void)keyboard;
	if (chip < 0)
		return FALSE;
	band = self->analysis->band;
	if ((guint)chip >= band->n_members) {
		g_autofree char *text = g_strdup_printf(
			"Not in the outermost permutable band: %s", band->stop);

		gtk_tooltip_set_text(tooltip, text);
		return TRUE;
	}
	why = sy_dataflow_space_problem(
		self->analysis->deps, band, (guint)chip);
	gtk_tooltip_set_text(tooltip,
		why ? why
		    : "Click to use as a space loop, or drag across "
		      "loops to choose several");
	return TRUE;
}

static void sy_deps_view_finalize(GObject *object)
{
	SyDepsView *self = SY_DEPS_VIEW(object);

	sy_projection_free(self->projection);
	g_free(self->space);
	g_free(self->message);
	sy_view_nav_clear(&self->nav);
	G_OBJECT_CLASS(sy_deps_view_parent_class)->finalize(object);
}

static void sy_deps_view_class_init(SyDepsViewClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->finalize = sy_deps_view_finalize;
	widget_class->draw = sy_deps_view_draw;
	widget_class->query_tooltip = sy_deps_view_query_tooltip;
	gtk_widget_class_set_css_name(widget_class, "depsview");

	/**
	 * SyDepsView::space-chosen:
	 * @loops: (array length=n): the loops picked, as band member
	 *   indices (inner loops are numbered after the band's)
	 * @n: how many
	 *
	 * The user picked space loops in the loops strip.
	 */
	signals[SPACE_CHOSEN] = g_signal_new("space-chosen",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 2, G_TYPE_POINTER, G_TYPE_UINT);
	/**
	 * SyDepsView::direction-chosen:
	 * @x, @y: the plot's loops (band members)
	 * @dx, @dy: the direction dragged with Shift over the plot, in
	 *   iteration units along x and y (render-projection.h snaps it)
	 */
	signals[DIRECTION_CHOSEN] = g_signal_new("direction-chosen",
		G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
		NULL, G_TYPE_NONE, 4, G_TYPE_INT, G_TYPE_INT, G_TYPE_DOUBLE,
		G_TYPE_DOUBLE);
}

static void sy_deps_view_init(SyDepsView *self)
{
	self->hover_chip = self->press_chip = -1;
	sy_view_nav_init(&self->nav, GTK_WIDGET(self), &nav_hooks, 0, INFINITY);
}

GtkWidget *sy_deps_view_new(void)
{
	return g_object_new(SY_TYPE_DEPS_VIEW, NULL);
}

void sy_deps_view_set_analysis(SyDepsView *self, const SyAnalysis *analysis)
{
	self->analysis = analysis;
	g_clear_pointer(&self->projection, sy_projection_free);
	g_clear_pointer(&self->space, g_free);
	self->hover_chip = -1;
	if (analysis) {
		guint n = analysis->band->n_members;

		self->space = g_new0(gboolean, MAX(n, 1));
		self->projection = sy_projection_new(
			analysis, n > 0 ? 0 : -1, n > 1 ? 1 : -1);
	}
	self->nav.auto_fit = TRUE;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

void sy_deps_view_set_axes(SyDepsView *self, int x, int y)
{
	if (!self->analysis)
		return;
	sy_projection_free(self->projection);
	self->projection = sy_projection_new(self->analysis, x, y);
	self->nav.auto_fit = TRUE;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

void sy_deps_view_set_space(SyDepsView *self, const guint *space, guint n)
{
	if (!self->analysis)
		return;
	memset(self->space, 0,
		sizeof(gboolean) * MAX(self->analysis->band->n_members, 1));
	for (guint i = 0; i < n; i++)
		if (space[i] < self->analysis->band->n_members)
			self->space[space[i]] = TRUE;
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

void sy_deps_view_set_message(SyDepsView *self, const char *message)
{
	g_free(self->message);
	self->message = g_strdup(message);
	gtk_widget_queue_draw(GTK_WIDGET(self));
}

const char *sy_deps_view_get_message(SyDepsView *self)
{
	return self->message;
}

int sy_deps_view_get_hover(SyDepsView *self)
{
	return self->hover_chip;
}

void sy_deps_view_zoom(SyDepsView *self, int step)
{
	sy_view_nav_step(&self->nav, step, self->nav.view.width / 2.0,
		self->nav.view.height / 2.0);
}
