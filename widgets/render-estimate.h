/* What a model says a design costs (model/estimate.h), drawn with Cairo
 * for the explorer's estimate panel.
 *
 * A layout is computed once from an estimate, a style and a width: a
 * row per bar, one per resource against the device (DSP, BRAM18K,
 * URAM, LUT, FF, in the estimate's order) and one for the memory
 * bandwidth the design needs against the device's, each with its label,
 * its numbers and percentage, the over-budget ones in the style's error
 * colour; then the timing: latency in cycles and in time, throughput,
 * DSP efficiency and PE utilisation side by side, the bottleneck.
 * The renderer draws a layout; the tests read its geometry and texts,
 * and probe the pixels it draws. */
#pragma once

#include "model/estimate.h"
#include "render-style.h"

G_BEGIN_DECLS

/* The resources' bars, then the bandwidth's. */
#define SY_ESTIMATE_BANDWIDTH SY_N_RESOURCES
#define SY_ESTIMATE_N_BARS (SY_N_RESOURCES + 1)

typedef struct {
	const char *label; /* "DSP", "BRAM18K", ..., "Bandwidth" */
	char *value; /* "3,072 / 12,288 (25.0%)", "1.50M / 1.73M (86.8%)" */
	double y; /* the row's top, pixels (label, bar, numbers) */
	double x, bar_y, w, h; /* the bar's track */
	double fill; /* the used part's length, at most w */
	double budget; /* x of the budget's mark, or -1 (budget = all) */
	gboolean over; /* over its budget: drawn in the error colour */
} SyEstimateBar;

typedef struct {
	const char *label; /* "Latency" */
	char *value; /* "1,088 cycles, 4.35 µs at 250 MHz" */
	double x, y; /* the row's top left */
	double value_x; /* where the value starts */
	gboolean warn; /* the bottleneck's line: the warning colour */
} SyEstimateLine;

typedef struct {
	double width, height; /* pixels the whole takes */
	double size; /* text size, pixels */
	double row; /* a row's height */
	SyEstimateBar bars[SY_ESTIMATE_N_BARS];
	guint n_lines;
	SyEstimateLine lines[6];
} SyEstimateLayout;

/* The layout of estimate e at width pixels; cr only measures text (any
 * context: an image surface's in tests). */
void sy_estimate_layout_init(SyEstimateLayout *layout,
	const SyEstimate *e, const SyRenderStyle *style,
	cairo_t *cr, double width);
void sy_estimate_layout_clear(SyEstimateLayout *layout);

/* The line of that label, or NULL. */
const SyEstimateLine *sy_estimate_layout_line(
	const SyEstimateLayout *layout, const char *label);

/* Draws the layout from (0, 0) on the style's background. */
void sy_render_estimate(cairo_t *cr,
	const SyEstimateLayout *layout,
	const SyRenderStyle *style);

/* A count as people read it (give): "12,288", "0.5", "1.23e+16"; and
 * shorter from 100,000 on, as the bars print it: "345k", "1.73M". */
char *sy_estimate_format_count(double v);
char *sy_estimate_format_short(double v);

/* "123 GFLOP/s", "1.23 TOP/s" (give). */
char *sy_estimate_format_throughput(double gops, gboolean flops);

G_END_DECLS
