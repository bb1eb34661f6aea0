#include <math.h>

#include <pango/pangocairo.h>

#include "render-style.h"

/* Okabe and Ito's colour-blind safe palette, in the order that keeps the
 * first arrays most distinct (yellow last: weak on white). */
static const SyRgb okabe_ito[] = {
	{0.000, 0.447, 0.698}, /* blue */
	{0.835, 0.369, 0.000}, /* vermillion */
	{0.000, 0.620, 0.451}, /* bluish green */
	{0.800, 0.475, 0.655}, /* reddish purple */
	{0.902, 0.624, 0.000}, /* orange */
	{0.337, 0.706, 0.914}, /* sky blue */
	{0.941, 0.894, 0.259}, /* yellow */
};

const SyRenderStyle *sy_render_style_print(void)
{
	static const SyRenderStyle style = {
		.background = {1.0, 1.0, 1.0},
		.foreground = {0.13, 0.13, 0.15},
		.pe_fill = {0.94, 0.95, 0.97},
		.pe_border = {0.45, 0.48, 0.53},
		.muted = {0.62, 0.64, 0.68},
		.accent = {0.21, 0.52, 0.89},
		/* Adwaita's warning and error colours. */
		.warning = {0.96, 0.47, 0.0},
		.error = {0.80, 0.0, 0.0},
		.palette = okabe_ito,
		.n_palette = G_N_ELEMENTS(okabe_ito),
		.font_size = 11,
		.labels = TRUE,
	};

	return &style;
}

const SyRenderStyle *sy_render_style_dark(void)
{
	static const SyRenderStyle style = {
		.background = {0.14, 0.14, 0.15},
		.foreground = {0.93, 0.93, 0.93},
		.pe_fill = {0.22, 0.23, 0.25},
		.pe_border = {0.55, 0.57, 0.61},
		.muted = {0.45, 0.47, 0.50},
		.accent = {0.21, 0.52, 0.89},
		.warning = {0.96, 0.47, 0.0},
		.error = {0.93, 0.20, 0.16},
		.palette = okabe_ito,
		.n_palette = G_N_ELEMENTS(okabe_ito),
		.font_size = 11,
		.labels = TRUE,
	};

	return &style;
}

SyRgb sy_render_style_color(const SyRenderStyle *style, guint index)
{
	return style->palette[index % style->n_palette];
}

void sy_render_set_color(cairo_t *cr, SyRgb rgb, double alpha)
{
	cairo_set_source_rgba(cr, rgb.r, rgb.g, rgb.b, alpha);
}

SyRenderView sy_render_view_fit(double w, double h, int width, int height)
{
	SyRenderView v;

	v.width = width;
	v.height = height;
	v.scale = MIN(width / MAX(w, 1e-9), height / MAX(h, 1e-9));
	v.x0 = w / 2 - width / (2 * v.scale);
	v.y0 = h / 2 - height / (2 * v.scale);
	return v;
}

void sy_render_view_zoom(
	SyRenderView *view, double factor, double px, double py)
{
	double sx = view->x0 + px / view->scale;
	double sy = view->y0 + py / view->scale;

	view->scale *= factor;
	view->x0 = sx - px / view->scale;
	view->y0 = sy - py / view->scale;
}

void sy_render_visible(cairo_t *cr, const SyRenderView *v, double *x0,
	double *y0, double *x1, double *y1)
{
	double cx0, cy0, cx1, cy1;

	cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
	*x0 = v->x0 + MAX(cx0, 0) / v->scale;
	*y0 = v->y0 + MAX(cy0, 0) / v->scale;
	*x1 = v->x0 + MIN(cx1, v->width) / v->scale;
	*y1 = v->y0 + MIN(cy1, v->height) / v->scale;
}

static PangoLayout *text_layout(
	cairo_t *cr, const char *text, double size, gboolean bold)
{
	PangoLayout *layout = pango_cairo_create_layout(cr);
	PangoFontDescription *font = pango_font_description_new();

	pango_font_description_set_family(font, "Sans");
	pango_font_description_set_weight(
		font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
	pango_layout_set_font_description(layout, font);
	pango_layout_set_text(layout, text, -1);
	pango_font_description_free(font);
	return layout;
}

double sy_render_text_width(
	cairo_t *cr, const char *text, double size, gboolean bold)
{
	PangoLayout *layout = text_layout(cr, text, size, bold);
	int w, h;

	pango_layout_get_pixel_size(layout, &w, &h);
	g_object_unref(layout);
	return w;
}

void sy_render_text_size(cairo_t *cr, const char *text, double size,
	gboolean bold, double *w, double *h)
{
	PangoLayout *layout = text_layout(cr, text, size, bold);
	int pw, ph;

	pango_layout_get_pixel_size(layout, &pw, &ph);
	g_object_unref(layout);
	*w = pw;
	*h = ph;
}

gboolean sy_rect_meets(const SyRect *a, const SyRect *b)
{
	return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h &&
		b->y < a->y + a->h;
}

int sy_render_place(const SyRect *candidates, guint n, const GArray *obstacles)
{
	for (guint i = 0; i < n; i++) {
		guint k = 0;

		while (k < obstacles->len &&
			!sy_rect_meets(&candidates[i],
				&g_array_index(obstacles, SyRect, k)))
			k++;
		if (k == obstacles->len)
			return (int)i;
	}
	return -1;
}

double sy_render_text(cairo_t *cr, const char *text, double x, double y,
	double size, gboolean bold, gboolean centered)
{
	PangoLayout *layout = text_layout(cr, text, size, bold);
	int w, h;

	pango_layout_get_pixel_size(layout, &w, &h);
	cairo_move_to(
		cr, centered ? x - w / 2.0 : x, centered ? y - h / 2.0 : y);
	pango_cairo_show_layout(cr, layout);
	/* Leave no current point: the next path must not start here. */
	cairo_new_path(cr);
	g_object_unref(layout);
	return w;
}

double sy_render_text_wrapped(cairo_t *cr, const char *text, double x, double y,
	double width, double size, gboolean draw, int *lines)
{
	PangoLayout *layout = text_layout(cr, text, size, FALSE);
	int w, h;

	pango_layout_set_width(layout, (int)(MAX(width, 1) * PANGO_SCALE));
	pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
	pango_layout_get_pixel_size(layout, &w, &h);
	if (lines)
		*lines = pango_layout_get_line_count(layout);
	if (draw) {
		cairo_move_to(cr, x, y);
		pango_cairo_show_layout(cr, layout);
		cairo_new_path(cr);
	}
	g_object_unref(layout);
	return h;
}

void sy_render_arrow_shaft(
	cairo_t *cr, double x0, double y0, double x1, double y1, double h)
{
	double a = atan2(y1 - y0, x1 - x0);

	cairo_move_to(cr, x0, y0);
	cairo_line_to(cr, x1 - h * 0.6 * cos(a), y1 - h * 0.6 * sin(a));
}

void sy_render_arrow_head(
	cairo_t *cr, double x0, double y0, double x1, double y1, double h)
{
	double a = atan2(y1 - y0, x1 - x0);

	cairo_move_to(cr, x1, y1);
	cairo_line_to(cr, x1 - h * cos(a - 0.45), y1 - h * sin(a - 0.45));
	cairo_line_to(cr, x1 - h * cos(a + 0.45), y1 - h * sin(a + 0.45));
	cairo_close_path(cr);
}

void sy_render_arrow(
	cairo_t *cr, double x0, double y0, double x1, double y1, double h)
{
	sy_render_arrow_shaft(cr, x0, y0, x1, y1, h);
	cairo_stroke(cr);
	sy_render_arrow_head(cr, x0, y0, x1, y1, h);
	cairo_fill(cr);
}

void sy_render_rounded_rect(
	cairo_t *cr, double x, double y, double w, double h, double r)
{
	r = MIN(r, MIN(w, h) / 2);
	cairo_new_sub_path(cr);
	cairo_arc(cr, x + w - r, y + r, r, -G_PI / 2, 0);
	cairo_arc(cr, x + w - r, y + h - r, r, 0, G_PI / 2);
	cairo_arc(cr, x + r, y + h - r, r, G_PI / 2, G_PI);
	cairo_arc(cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
	cairo_close_path(cr);
}

void sy_render_l2_glyph(cairo_t *cr, double x, double y, double size,
	SyRgb color, const SyRenderStyle *style)
{
	double s = size * SY_RENDER_L2_GLYPH;

	sy_render_rounded_rect(cr, x - s / 2, y - s / 2, s, s, s * 0.15);
	sy_render_set_color(cr, style->background, 1);
	cairo_fill_preserve(cr);
	sy_render_set_color(cr, color, 1);
	cairo_set_line_width(cr, MAX(1, MIN(2, size / 12)));
	cairo_stroke(cr);
}

void sy_render_fold_glyph(cairo_t *cr, double x, double y, double size,
	const SyRenderStyle *style)
{
	double h = size * SY_RENDER_L2_GLYPH / 2;

	cairo_move_to(cr, x - h, y);
	cairo_line_to(cr, x + h, y);
	cairo_move_to(cr, x, y - h);
	cairo_line_to(cr, x, y + h);
	sy_render_set_color(cr, style->foreground, 1);
	cairo_set_line_width(cr, MAX(1, MIN(3, size / 8)));
	cairo_stroke(cr);
}
