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
	g_autofree char *u = sy_estimate_format_count(used);
	g_autofree char *a = sy_estimate_format_count(available);

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

static double bars_init(
	SyEstimateLayout *l, const SyEstimate *e, double line, double y)
{
	for (guint i = 0; i < SY_ESTIMATE_N_BARS; i++) {
		SyEstimateBar *bar = &l->bars[i];

		bar->label = bar_labels[i];
		bar->y = y;
		bar->x = 0;
		bar->bar_y = y + line;
		bar->w = l->width;
		bar->h = BAR_H;
		y = bar->bar_y + BAR_H + GAP;
		if (i == SY_ESTIMATE_BANDWIDTH) {
			bandwidth_bar(bar, e);
			continue;
		}
		bar->value = format_use(e->total.v[i], e->fit[i].available);
		bar_set(bar, e->total.v[i], e->fit[i].available,
			e->fit[i].budget, e->fit[i].over);
	}
	return y;
}

static void add_line(SyEstimateLayout *l, const char *label,
	char *value /* take */, double *y, double line)
{
	SyEstimateLine *out = &l->lines[l->n_lines++];

	g_assert(l->n_lines <= G_N_ELEMENTS(l->lines));
	out->label = label;
	out->value = value;
	out->y = *y;
	out->warn = FALSE;
	*y += line;
}

static char *latency_text(const SyEstimate *e)
{
	g_autofree char *cycles = sy_estimate_format_count(e->cycles);

	return g_strdup_printf("%s cycles", cycles);
}

static char *time_text(const SyEstimate *e)
{
	g_autofree char *time = format_seconds(e->seconds);

	return g_strdup_printf("%s at %g MHz", time, e->mhz);
}

static char *throughput_text(const SyEstimate *e)
{
	const char *unit = e->flops ? "FLOP/s" : "OP/s";

	if (e->gops >= 1000)
		return g_strdup_printf("%.3g T%s", e->gops / 1000, unit);
	return g_strdup_printf("%.3g G%s", e->gops, unit);
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

static void lines_init(
	SyEstimateLayout *l, const SyEstimate *e, double line, double y)
{
	y += GAP;
	add_line(l, "Latency", latency_text(e), &y, line);
	add_line(l, "Time", time_text(e), &y, line);
	add_line(l, "Throughput", throughput_text(e), &y, line);
	add_line(l, "DSP efficiency",
		g_strdup_printf("%.1f%%", 100 * e->dsp_efficiency), &y, line);
	add_line(l, "PE utilisation",
		g_strdup_printf("%.1f%%", 100 * e->pe_utilisation), &y, line);
	add_line(l, "Bottleneck", bottleneck_text(e), &y, line);
	l->lines[l->n_lines - 1].warn = e->bottleneck >= 0;
	l->height = y;
}

void sy_estimate_layout_init(SyEstimateLayout *l, const SyEstimate *e,
	const SyRenderStyle *style, cairo_t *cr, double width)
{
	double line, w = 0;

	memset(l, 0, sizeof *l);
	l->width = MAX(width, 1);
	l->size = style->font_size * 1.2;
	line = ceil(l->size * 1.5);
	lines_init(l, e, line, bars_init(l, e, line, 0));
	for (guint i = 0; i < l->n_lines; i++)
		w = MAX(w, sy_render_text_width(
				   cr, l->lines[i].label, l->size, FALSE));
	l->value_x = ceil(w + 12);
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

/* The label at the left, the numbers at the right; the track, the used
 * part over it, and the budget's mark where it is under the device. */
static void draw_bar(cairo_t *cr, const SyEstimateBar *bar,
	const SyEstimateLayout *l, const SyRenderStyle *style)
{
	SyRgb ink = bar->over ? style->error : style->foreground;
	double vw = sy_render_text_width(cr, bar->value, l->size, bar->over);

	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, bar->label, bar->x, bar->y, l->size, TRUE, FALSE);
	sy_render_set_color(cr, ink, 1);
	sy_render_text(cr, bar->value, bar->x + bar->w - vw, bar->y, l->size,
		bar->over, FALSE);
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

		sy_render_set_color(cr, style->muted, 1);
		sy_render_text(cr, line->label, 0, line->y, l->size, FALSE,
			FALSE);
		sy_render_set_color(cr,
			line->warn ? style->warning : style->foreground, 1);
		sy_render_text(cr, line->value, l->value_x, line->y, l->size,
			line->warn, FALSE);
	}
}
