/* What every Cairo renderer shares: colours, the view transform, text.
 *
 * Renderers are pure functions of (scene, view, style): the widgets pass a
 * style taken from the GTK theme, picture export and tests pass the fixed
 * print style. */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
	double r, g, b;
} SyRgb;

typedef struct {
	SyRgb background;
	SyRgb foreground; /* text and outlines */
	SyRgb pe_fill;
	SyRgb pe_border;
	SyRgb muted; /* axes, grid, summaries */
	SyRgb accent; /* selection */
	SyRgb warning; /* the bottleneck */
	SyRgb error; /* over budget */
	const SyRgb *palette; /* one colour per array, cycled */
	guint n_palette;
	double font_size; /* points */
	gboolean labels; /* PE labels when they fit */
} SyRenderStyle;

/* Scene units to pixels: device = (scene - origin) * scale. */
typedef struct {
	double scale;
	double x0, y0; /* scene point at the top-left pixel */
	int width, height; /* pixels */
} SyRenderView;

/* The fixed, theme-independent style of pictures and tests, and a dark
 * variant for dark themes.  The palette is colour-blind safe (Okabe-Ito). */
const SyRenderStyle *sy_render_style_print(void);
const SyRenderStyle *sy_render_style_dark(void);

SyRgb sy_render_style_color(const SyRenderStyle *style, guint index);
void sy_render_set_color(cairo_t *cr, SyRgb rgb, double alpha);

static inline double sy_render_x(const SyRenderView *v, double x)
{
	return (x - v->x0) * v->scale;
}

static inline double sy_render_y(const SyRenderView *v, double y)
{
	return (y - v->y0) * v->scale;
}

/* What of view v the clip of cr leaves, in scene units: [*x0, *x1] x
 * [*y0, *y1] (empty when x1 < x0 or y1 < y0).  Renderers add to their
 * paths only what can reach it: a redraw of a strip of a widget, or a
 * picture rendered strip by strip, costs that strip's share. */
void sy_render_visible(cairo_t *cr, const SyRenderView *v, double *x0,
	double *y0, double *x1, double *y1);

/* A view that shows the scene rectangle [0, w] x [0, h] whole and
 * centred in width x height pixels. */
SyRenderView sy_render_view_fit(double w, double h, int width, int height);

/* Zooms by factor keeping the scene point under pixel (px, py) fixed. */
void sy_render_view_zoom(
	SyRenderView *view, double factor, double px, double py);

/* Text in the current colour with its top-left corner (or centre, if
 * centered) at (x, y) pixels; size in pixels.  Returns its width. */
double sy_render_text(cairo_t *cr, const char *text, double x, double y,
	double size, gboolean bold, gboolean centered);

double sy_render_text_width(
	cairo_t *cr, const char *text, double size, gboolean bold);

/* Its width and height in pixels, as sy_render_text draws it. */
void sy_render_text_size(cairo_t *cr, const char *text, double size,
	gboolean bold, double *w, double *h);

/* A rectangle in pixels: top-left corner, width, height. */
typedef struct {
	double x, y, w, h;
} SyRect;

/* Whether a and b overlap (touching edges do not). */
gboolean sy_rect_meets(const SyRect *a, const SyRect *b);

/* Label placement: the first of n candidate rectangles (in order of
 * preference) that meets none of obstacles (SyRect), or -1 if each
 * meets one.  Pure: renderers and picture export place their labels
 * with it, and tests check the result. */
int sy_render_place(const SyRect *candidates, guint n, const GArray *obstacles);

/* Text wrapped at words to width pixels (a word longer than that at
 * any character), top-left at (x, y), drawn in the current colour if
 * draw, else only measured.  Returns its height in pixels; *lines (may
 * be NULL) its lines. */
double sy_render_text_wrapped(cairo_t *cr, const char *text, double x, double y,
	double width, double size, gboolean draw, int *lines);

/* An arrow from (x0, y0) to (x1, y1), head size h, in pixels: stroked
 * and filled at once, or its shaft and head added to the current path
 * (to draw many arrows with one stroke and one fill). */
void sy_render_arrow(
	cairo_t *cr, double x0, double y0, double x1, double y1, double h);
void sy_render_arrow_shaft(
	cairo_t *cr, double x0, double y0, double x1, double y1, double h);
void sy_render_arrow_head(
	cairo_t *cr, double x0, double y0, double x1, double y1, double h);

void sy_render_rounded_rect(
	cairo_t *cr, double x, double y, double w, double h, double r);

/* The mark of an L3 module that holds an L2 buffer (two-level
 * buffering): a box half as wide as the module's (size pixels) inside
 * it, centred at (x, y), in the background's colour outlined in the
 * array's (color); the legend draws it too. */
#define SY_RENDER_L2_GLYPH 0.5 /* its side, of the module's */
void sy_render_l2_glyph(cairo_t *cr, double x, double y, double size,
	SyRgb color, const SyRenderStyle *style);

/* The mark of an L3 module that folds partial results (--local-reduce):
 * a plus in the foreground's colour across half its box. */
void sy_render_fold_glyph(cairo_t *cr, double x, double y, double size,
	const SyRenderStyle *style);

G_END_DECLS
