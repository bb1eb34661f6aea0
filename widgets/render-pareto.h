/* The explorer's Pareto plot (systole-cli explore's designs, dse/search.h)
 * drawn with Cairo: latency in cycles (vertical, least at the bottom)
 * against DSP slices (horizontal), each design a dot coloured by its
 * BRAM18K on a scale whose legend stands at the right; the device's DSP
 * budget a dashed vertical line; the designs no other beats on both
 * latency and DSP joined by a staircase; the design of the sliders
 * ("current") a ring with cross-hairs.
 *
 * An axis is logarithmic where its range spans a factor of 10 or more
 * (tile sizes move cycles and DSP by factors), else linear; its ticks
 * are 1, 2, 5 times a power of ten, labelled with units ("8", "2k",
 * "1.5M").  The layout is computed once from the points, the budget and
 * the size; the renderer draws it, and the widget and the tests read its
 * geometry (sy_render_pareto_xy) and hit-test it
 * (sy_render_pareto_hit). */
#pragma once

#include "render-style.h"

G_BEGIN_DECLS

typedef enum {
	SY_PARETO_SELECTED = 1 << 0, /* the table's row: an accent ring */
	SY_PARETO_HOVER = 1 << 1, /* under the pointer: larger, outlined */
} SyParetoFlags;

typedef struct {
	double cycles, dsp, bram;
	guint flags; /* SyParetoFlags */
} SyParetoPoint;

/* Data to pixels along one axis: t(v) = log10(v) on a log axis, v on a
 * linear one; pixel = p0 + (t(v) - t0) / (t1 - t0) * (p1 - p0). */
typedef struct {
	gboolean log;
	double t0, t1; /* the range shown, transformed */
	double p0, p1; /* pixels at t0 and t1 */
	guint n_ticks;
	double ticks[32]; /* data values */
} SyParetoAxis;

typedef struct {
	double width, height; /* pixels */
	double size; /* text size, pixels */
	double left, top, right, bottom; /* the plot's frame */
	SyParetoAxis x, y; /* DSP, cycles */
	double radius; /* a dot's */
	double bram_max; /* the colour scale's top (0 at its bottom) */
	double dsp_budget, bram_budget; /* <= 0: none */
	double legend_x, legend_y, legend_w, legend_h; /* the colour bar */
	guint n_points;
	gboolean has_current;
} SyParetoLayout;

/* Margins around the plot, in text sizes (the layout's size). */
#define SY_PARETO_MARGIN_LEFT 5.0
#define SY_PARETO_MARGIN_TOP 2.0
#define SY_PARETO_MARGIN_RIGHT 9.0
#define SY_PARETO_MARGIN_BOTTOM 4.0
/* The share of the transformed range left empty at each end. */
#define SY_PARETO_PAD 0.05
/* A dot's radius, of the text size; hits reach this much further. */
#define SY_PARETO_RADIUS 0.4
#define SY_PARETO_HIT_SLOP 3.0

/* The layout of n points (and current, may be NULL) in width x height
 * pixels, text size pixels; the budgets (<= 0: none) are drawn and
 * their DSP line kept in range. */
void sy_pareto_layout_init(SyParetoLayout *layout, const SyParetoPoint *points,
	guint n, const SyParetoPoint *current, double dsp_budget,
	double bram_budget, double width, double height, double size);

/* Data value v to pixels along axis a. */
double sy_pareto_axis_map(const SyParetoAxis *a, double v);

/* Where point p is drawn, pixels. */
void sy_render_pareto_xy(const SyParetoLayout *layout, const SyParetoPoint *p,
	double *x, double *y);

/* The point under pixel (x, y): the nearest whose dot (with
 * SY_PARETO_HIT_SLOP) holds it, the first of equals; -1 if none. */
int sy_render_pareto_hit(const SyParetoLayout *layout,
	const SyParetoPoint *points, guint n, double x, double y);

/* The colour of BRAM value bram on the layout's scale (viridis). */
SyRgb sy_render_pareto_color(const SyParetoLayout *layout, double bram);

/* Draws the whole from (0, 0) on the style's background; message
 * (may be NULL) is centred at the plot's top. */
void sy_render_pareto(cairo_t *cr, const SyParetoLayout *layout,
	const SyParetoPoint *points, guint n, const SyParetoPoint *current,
	const char *message, const SyRenderStyle *style);

/* A tick's label (give): "8", "250", "2k", "1.5M", "1G". */
char *sy_render_pareto_tick_label(double v);

G_END_DECLS
