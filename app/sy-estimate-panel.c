#include "render-estimate.h"
#include "sy-estimate-panel.h"
#include "sy-view-style.h"

struct _SyEstimatePanel {
	GtkBox parent_instance;

	/* template children */
	GtkLabel *device;
	GtkLabel *message;
	GtkDrawingArea *drawing;

	const SyEstimate *estimate; /* borrowed */
	SyEstimateLayout layout; /* of estimate at the drawing's width */
	gboolean laid_out;
};

G_DEFINE_FINAL_TYPE(SyEstimatePanel, sy_estimate_panel, GTK_TYPE_BOX)

enum { PROP_0, PROP_ESTIMATE, N_PROPS };

static GParamSpec *props[N_PROPS];

static void layout_drop(SyEstimatePanel *self)
{
	if (self->laid_out)
		sy_estimate_layout_clear(&self->layout);
	self->laid_out = FALSE;
}

/* The layout at width pixels, measured with cr. */
static void layout_for(SyEstimatePanel *self, cairo_t *cr, double width)
{
	if (self->laid_out && self->layout.width == width)
		return;
	layout_drop(self);
	sy_estimate_layout_init(&self->layout, self->estimate,
		sy_view_style_for(GTK_WIDGET(self->drawing)), cr, width);
	self->laid_out = TRUE;
}

static gboolean drawing_draw(
	GtkWidget *widget, cairo_t *cr, SyEstimatePanel *self)
{
	if (!self->estimate)
		return GDK_EVENT_PROPAGATE;
	layout_for(self, cr, gtk_widget_get_allocated_width(widget));
	sy_render_estimate(cr, &self->layout, sy_view_style_for(widget));
	return GDK_EVENT_PROPAGATE;
}

/* A bar's numbers with its budget, or why the bottleneck is one. */
static char *tooltip_at(SyEstimatePanel *self, double y)
{
	const SyEstimateLayout *l = &self->layout;
	const SyEstimate *e = self->estimate;

	for (guint i = 0; i < SY_ESTIMATE_N_BARS; i++) {
		const SyEstimateBar *bar = &l->bars[i];
		g_autofree char *used = NULL, *available = NULL;
		g_autofree char *budget = NULL;

		if (y < bar->y || y >= bar->y + l->row)
			continue;
		if (i == SY_ESTIMATE_BANDWIDTH || e->fit[i].available <= 0)
			return g_strdup_printf("%s: %s", bar->label, bar->value);
		used = sy_estimate_format_count(e->total.v[i]);
		available = sy_estimate_format_count(e->fit[i].available);
		budget = sy_estimate_format_count(e->fit[i].budget);
		return g_strdup_printf("%s: %s used of %s, budget %s%s",
			bar->label, used, available, budget,
			bar->over ? ": over it" : "");
	}
	for (guint i = 0; i < l->n_lines; i++) {
		const SyEstimateLine *line = &l->lines[i];
		const SyModuleEstimate *m;
		g_autofree char *cycles = NULL;

		if (!line->warn || y < line->y || y >= line->y + l->row)
			continue;
		m = g_ptr_array_index(e->modules, e->bottleneck);
		cycles = sy_estimate_format_count(m->cycles);
		return g_strdup_printf("%s: the slowest module, %s cycles%s%s",
			m->name, cycles, m->ii_reason ? "\n" : "",
			m->ii_reason ? m->ii_reason : "");
	}
	return NULL;
}

static gboolean drawing_tooltip(GtkWidget *widget, int x, int y,
	gboolean keyboard, GtkTooltip *tooltip, SyEstimatePanel *self)
{
	g_autofree char *text = NULL;

	(void)widget;
	(void)x;
	(void)keyboard;
	if (!self->estimate || !self->laid_out)
		return FALSE;
	text = tooltip_at(self, y);
	if (!text)
		return FALSE;
	gtk_tooltip_set_text(tooltip, text);
	return TRUE;
}

/* Its height does not depend on the width: asked for at once, so that
 * the panel is laid out before its first frame. */
static void request_height(SyEstimatePanel *self)
{
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(surface);
	int width = gtk_widget_get_allocated_width(GTK_WIDGET(self->drawing));

	layout_for(self, cr, MAX(width, 1));
	gtk_widget_set_size_request(GTK_WIDGET(self->drawing), -1,
		(int)self->layout.height);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
}

void sy_estimate_panel_set_estimate(
	SyEstimatePanel *self, const SyEstimate *estimate)
{
	g_return_if_fail(SY_IS_ESTIMATE_PANEL(self));
	layout_drop(self);
	self->estimate = estimate;
	gtk_widget_set_visible(GTK_WIDGET(self->drawing), estimate != NULL);
	gtk_widget_set_visible(GTK_WIDGET(self->message), estimate == NULL);
	gtk_label_set_text(self->device,
		estimate && estimate->device ? estimate->device : "");
	if (estimate)
		request_height(self);
	gtk_widget_queue_draw(GTK_WIDGET(self->drawing));
	g_object_notify_by_pspec(G_OBJECT(self), props[PROP_ESTIMATE]);
}

const SyEstimate *sy_estimate_panel_get_estimate(SyEstimatePanel *self)
{
	return self->estimate;
}

void sy_estimate_panel_set_message(SyEstimatePanel *self, const char *message)
{
	gtk_label_set_text(self->message, message);
}

const char *sy_estimate_panel_get_message(SyEstimatePanel *self)
{
	return gtk_label_get_text(self->message);
}

GtkWidget *sy_estimate_panel_get_drawing(SyEstimatePanel *self)
{
	return GTK_WIDGET(self->drawing);
}

static void sy_estimate_panel_get_property(
	GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
	SyEstimatePanel *self = SY_ESTIMATE_PANEL(object);

	if (id == PROP_ESTIMATE)
		g_value_set_pointer(value, (gpointer)self->estimate);
	else
		G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void sy_estimate_panel_set_property(
	GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
	SyEstimatePanel *self = SY_ESTIMATE_PANEL(object);

	if (id == PROP_ESTIMATE)
		sy_estimate_panel_set_estimate(self, g_value_get_pointer(value));
	else
		G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
}

static void sy_estimate_panel_finalize(GObject *object)
{
	layout_drop(SY_ESTIMATE_PANEL(object));
	G_OBJECT_CLASS(sy_estimate_panel_parent_class)->finalize(object);
}

static void sy_estimate_panel_class_init(SyEstimatePanelClass *klass)
{
	GObjectClass *object_class = G_OBJECT_CLASS(klass);
	GtkWidgetClass *widget_class = GTK_WIDGET_CLASS(klass);

	object_class->get_property = sy_estimate_panel_get_property;
	object_class->set_property = sy_estimate_panel_set_property;
	object_class->finalize = sy_estimate_panel_finalize;
	props[PROP_ESTIMATE] = g_param_spec_pointer("estimate", NULL,
		"The estimate drawn (borrowed)",
		G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
			G_PARAM_STATIC_STRINGS);
	g_object_class_install_properties(object_class, N_PROPS, props);
	gtk_widget_class_set_template_from_resource(
		widget_class, "/org/systole/Systole/sy-estimate-panel.ui");
	gtk_widget_class_bind_template_child(
		widget_class, SyEstimatePanel, device);
	gtk_widget_class_bind_template_child(
		widget_class, SyEstimatePanel, message);
	gtk_widget_class_bind_template_child(
		widget_class, SyEstimatePanel, drawing);
}

static void sy_estimate_panel_init(SyEstimatePanel *self)
{
	gtk_widget_init_template(GTK_WIDGET(self));
	g_signal_connect(self->drawing, "draw", G_CALLBACK(drawing_draw), self);
	g_signal_connect(self->drawing, "query-tooltip",
		G_CALLBACK(drawing_tooltip), self);
}

GtkWidget *sy_estimate_panel_new(void)
{
	return g_object_new(SY_TYPE_ESTIMATE_PANEL, NULL);
}
