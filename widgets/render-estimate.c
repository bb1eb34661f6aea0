#include <math.h>
#include <string.h>

#include "render-estimate.h"

#define BAR_H 8.0 /* a bar's thickness, pixels */
#define GAP 6.0 /* below each bar */

static const char *const bar_labels[SY_ESTIMATE_N_BARS] = {
	"DSP", "BRAM18K", "URAM", "LUT", "FF", "Bandwidth"};

/* Digits in groups of three, as "12,288": locale-free, so that the
 * panel reads the same everywhere and tests can compare it. */
static void append_grouped(GString *out, guint64 v)
{
	char digits[32];
	int n = g_snprintf(digits, sizeof digits, "%" G_GUINT64_FORMAT, v);

	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			g_string_append_c(out, ',');
		g_string_append_c(out, digits[i]);
	}
}

char *sy_estimate_format_count(double v)
{
	GString *out = g_string_new(NULL);
	double whole = floor(fabs(v));

	if (!isfinite(v) || fabs(v) >= 1e15) {
		g_string_printf(out, "%.3g", v);
		return g_string_free(out, FALSE);
	}
	if (v < 0)
		g_string_append_c(out, '-');
	/* Half DSPs (int8 packing) keep their tenth. */
	if (fabs(v) - whole >= 0.05) {
		append_grouped(out, (guint64)whole);
		g_string_append_printf(out, ".%d",
			(int)floor((fabs(v) - whole) * 10 + 0.5) % 10);
	} else {
		append_grouped(out, (guint64)floor(fabs(v) + 0.5));
	}
	return g_string_free(out, FALSE);
}

char *sy_estimate_format_short(double v)
{
	if (fabs(v) >= 1e6 && fabs(v) < 1e15)
		return g_strdup_printf("%.2fM", v / 1e6);
	if (fabs(v) >= 1e5 && fabs(v) < 1e6)
		return g_strdup_printf("%.0fk", v / 1e3);
	return sy_estimate_format_count(v);
}

/* "4.35 µs", "12.6 ms", "2.05 s". */
static char *format_seconds(double s)
{
	if (s < 1e-3)
		return g_strdup_printf("%.3g \u00b5s", s * 1e6);
	if (s < 1)
		return g_strdup_printf("%.3g ms", s * 1e3);
	return g_strdup_printf("%.3g s", s);
}

/* used / available (percent), or used alone without a device. */
static char *format_use(double used, double available)
{
	g_autofree char *u = sy_estimate_format_short(used);
	g_autofree char *a = sy_estimate_format_short(available);

	if (available <= 0)
		return g_strdup(u);
	return g_strdup_printf("%s / %s (%.1f%%)", u, a, 100 * used / available);
}

static char *format_gbps(double v)
{
	return g_strdup_printf("%.1f", v);
}

static void bar_set(SyEstimateBar *bar, double used, double available,
	double budget, gboolean over)
{
	double frac = available > 0 ? used / available : 0;

	bar->fill = bar->w * CLAMP(frac, 0, 1);
	bar->budget = available > 0 && budget < available
		? bar->x + bar->w * budget / available
		: -1;
	bar->over = over;
}

static void bandwidth_bar(SyEstimateBar *bar, const SyEstimate *e)
{
	g_autofree char *need = format_gbps(e->bandwidth_gbps);
	g_autofree char *has = format_gbps(e->device_gbps);

	if (e->device_gbps > 0)
		bar->value = g_strdup_printf("%s / %s GB/s (%.1f%%)", need,
			has, 100 * e->bandwidth_gbps / e->device_gbps);
	else
		bar->value = g_strdup_printf("%s GB/s", need);
	bar_set(bar, e->bandwidth_gbps, e->device_gbps, e->device_gbps,
		e->device_gbps > 0 && e->bandwidth_gbps > e->device_gbps);
}

/* The texts first; the bars take the width the widest label and the
 * widest numbers leave between them. */
static double bars_init(SyEstimateLayout *l, const SyEstimate *e, cairo_t *cr,
	double row, double y)
{
	double label_w = 0, value_w = 0;

	for (guint i = 0; i < SY_ESTIMATE_N_BARS; i++) {
		SyEstimateBar *bar = &l->bars[i];

		bar->label = bar_labels[i];
		if (i == SY_ESTIMATE_BANDWIDTH) {
			bandwidth_bar(bar, e);
		} else {
			bar->value = format_use(
				e->total.v[i], e->fit[i].available);
			bar->over = e->fit[i].over;
		}
		label_w = MAX(label_w, sy_render_text_width(
					       cr, bar->label, l->size, TRUE));
		value_w = MAX(value_w, sy_render_text_width(cr, bar->value,
					       l->size, bar->over));
	}
	for (guint i = 0; i < SY_ESTIMATE_N_BARS; i++) {
		SyEstimateBar *bar = &l->bars[i];

		bar->y = y;
		bar->x = ceil(label_w) + 8;
		bar->w = MAX(l->width - bar->x - ceil(value_w) - 8, 24);
		bar->bar_y = y + floor((row - BAR_H) / 2);
		bar->h = BAR_H;
		y += row;
		if (i == SY_ESTIMATE_BANDWIDTH)
			bar_set(bar, e->bandwidth_gbps, e->device_gbps,
				e->device_gbps, bar->over);
		else
			bar_set(bar, e->total.v[i], e->fit[i].available,
				e->fit[i].budget, bar->over);
	}
	return y;
}

static void add_line(SyEstimateLayout *l, const char *label,
	char *value /* take */, guint column, double y)
{
	SyEstimateLine *out = &l->lines[l->n_lines++];

	g_assert(l->n_lines <= G_N_ELEMENTS(l->lines));
	out->label = label;
	out->value = value;
	out->x = column ? floor(l->width / 2) : 0;
	out->y = y;
	out->warn = FALSE;
}

static char *latency_text(const SyEstimate *e)
{
	/* Whole cycles: a fraction of one says nothing here. */
	g_autofree char *cycles = sy_estimate_format_count(round(e->cycles));
	g_autofree char *time = format_seconds(e->seconds);
	g_autofree char *launches = sy_estimate_format_count(e->launches);

	/* The host's launches: each fills and drains the array. */
	if (e->launches > 1)
		return g_strdup_printf("%s cycles, %s at %g MHz, %s launches",
			cycles, time, e->mhz, launches);
	return g_strdup_printf("%s cycles, %s at %g MHz", cycles, time, e->mhz);
}

char *sy_estimate_format_throughput(double gops, gboolean flops)
{
	const char *unit = flops ? "FLOP/s" : "OP/s";

	if (gops >= 1000)
		return g_strdup_printf("%.3g T%s", gops / 1000, unit);
	return g_strdup_printf("%.3g G%s", gops, unit);
}

static char *bottleneck_text(const SyEstimate *e)
{
	const SyModuleEstimate *m;

	if (e->bottleneck < 0 || (guint)e->bottleneck >= e->modules->len)
		return g_strdup("none");
	m = g_ptr_array_index(e->modules, e->bottleneck);
	if (m->ii > 1)
		return g_strdup_printf("%s, II %u", m->name, m->ii);
	return g_strdup(m->name);
}

/* A line each, but the two efficiencies side by side; in each column
 * the values start where its longest label ends. */
static void lines_init(SyEstimateLayout *l, const SyEstimate *e, cairo_t *cr,
	double row, double y)
{
	double label_w[2] = {0, 0};

	y += GAP;
	add_line(l, "Latency", latency_text(e), 0, y);
	y += row;
	add_line(l, "Throughput",
		sy_estimate_format_throughput(e->gops, e->flops), 0, y);
	y += row;
	add_line(l, "DSP efficiency",
		g_strdup_printf("%.1f%%", 100 * e->dsp_efficiency), 0, y);
	add_line(l, "PE utilisation",
		g_strdup_printf("%.1f%%", 100 * e->pe_utilisation), 1, y);
	y += row;
	add_line(l, "Bottleneck", bottleneck_text(e), 0, y);
	l->lines[l->n_lines - 1].warn = e->bottleneck >= 0;
	l->height = y + row;
	for (guint i = 0; i < l->n_lines; i++)
		label_w[l->lines[i].x > 0] =
			MAX(label_w[l->lines[i].x > 0],
				sy_render_text_width(
					cr, l->lines[i].label, l->size, FALSE));
	for (guint i = 0; i < l->n_lines; i++)
		l->lines[i].value_x = l->lines[i].x +
			ceil(label_w[l->lines[i].x > 0]) + 8;
}

void sy_estimate_layout_init(SyEstimateLayout *l, const SyEstimate *e,
	const SyRenderStyle *style, cairo_t *cr, double width)
{
	double row;

	memset(l, 0, sizeof *l);
	l->width = MAX(ceil(width), 1);
	l->size = style->font_size * 1.2;
	row = l->row = ceil(l->size * 1.6);
	lines_init(l, e, cr, row, bars_init(l, e, cr, row, 0));
}

void sy_estimate_layout_clear(SyEstimateLayout *l)
{
	for (guint i = 0; i < SY_ESTIMATE_N_BARS; i++)
		g_clear_pointer(&l->bars[i].value, g_free);
	for (guint i = 0; i < l->n_lines; i++)
		g_clear_pointer(&l->lines[i].value, g_free);
	l->n_lines = 0;
}

const SyEstimateLine *sy_estimate_layout_line(
	const SyEstimateLayout *l, const char *label)
{
	for (guint i = 0; i < l->n_lines; i++)
		if (g_str_equal(l->lines[i].label, label))
			return &l->lines[i];
	return NULL;
}

/* Text whose left end is at x, centred on y. */
static void text_left(cairo_t *cr, const char *text, double x, double y,
	double size, gboolean bold)
{
	double w = sy_render_text_width(cr, text, size, bold);

	sy_render_text(cr, text, x + w / 2, y, size, bold, TRUE);
}

/* The label at the left, the numbers at the right; the track, the used
 * part over it, and the budget's mark where it is under the device. */
static void draw_bar(cairo_t *cr, const SyEstimateBar *bar,
	const SyEstimateLayout *l, const SyRenderStyle *style)
{
	SyRgb ink = bar->over ? style->error : style->foreground;
	double vw = sy_render_text_width(cr, bar->value, l->size, bar->over);
	double ty = bar->bar_y + bar->h / 2;

	sy_render_set_color(cr, style->foreground, 1);
	text_left(cr, bar->label, 0, ty, l->size, TRUE);
	sy_render_set_color(cr, ink, 1);
	text_left(cr, bar->value, l->width - vw, ty, l->size, bar->over);
	sy_render_set_color(cr, style->pe_fill, 1);
	cairo_rectangle(cr, bar->x, bar->bar_y, bar->w, bar->h);
	cairo_fill(cr);
	sy_render_set_color(cr, bar->over ? style->error : style->accent, 1);
	cairo_rectangle(cr, bar->x, bar->bar_y, bar->fill, bar->h);
	cairo_fill(cr);
	if (bar->budget >= 0) {
		sy_render_set_color(cr, style->foreground, 1);
		cairo_set_line_width(cr, 2);
		cairo_move_to(cr, bar->budget, bar->bar_y - 2);
		cairo_line_to(cr, bar->budget, bar->bar_y + bar->h + 2);
		cairo_stroke(cr);
	}
}

void sy_render_estimate(
	cairo_t *cr, const SyEstimateLayout *l, const SyRenderStyle *style)
{
	sy_render_set_color(cr, style->background, 1);
	cairo_paint(cr);
	for (guint i = 0; i < SY_ESTIMATE_N_BARS; i++)
		draw_bar(cr, &l->bars[i], l, style);
	for (guint i = 0; i < l->n_lines; i++) {
		const SyEstimateLine *line = &l->lines[i];
		double ty = line->y + l->row / 2;

		sy_render_set_color(cr, style->muted, 1);
		text_left(cr, line->label, line->x, ty, l->size, FALSE);
		sy_render_set_color(cr,
			line->warn ? style->warning : style->foreground, 1);
		text_left(
			cr, line->value, line->value_x, ty, l->size, line->warn);
	}
}
