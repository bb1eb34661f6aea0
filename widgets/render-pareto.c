#include <math.h>
#include <string.h>

#include "render-estimate.h"
#include "render-pareto.h"

/* Axes */

static double transform(gboolean log, double v)
{
	return log ? log10(v) : v;
}

/* The ticks of a log axis: 1, 2, 5 times each power of ten in range,
 * the powers alone where that makes too many. */
static void log_ticks(SyParetoAxis *a)
{
	static const double steps[] = {1, 2, 5};
	int k0 = (int)floor(a->t0), k1 = (int)ceil(a->t1);
	gboolean all = k1 - k0 <= 3;

	a->n_ticks = 0;
	for (int k = k0; k <= k1; k++)
		for (guint m = 0; m < G_N_ELEMENTS(steps); m++) {
			double v = steps[m] * pow(10, k);
			double t = log10(v);

			if ((m && !all) || t < a->t0 || t > a->t1 ||
				a->n_ticks == G_N_ELEMENTS(a->ticks))
				continue;
			a->ticks[a->n_ticks++] = v;
		}
}

/* The ticks of a linear axis: every step, the step 1, 2 or 5 times a
 * power of ten that makes about six. */
static void linear_ticks(SyParetoAxis *a)
{
	double raw = (a->t1 - a->t0) / 6;
	double p = pow(10, floor(log10(raw)));
	double step = raw <= p ? p
		: raw <= 2 * p ? 2 * p
		: raw <= 5 * p ? 5 * p
			       : 10 * p;

	a->n_ticks = 0;
	for (double v = ceil(a->t0 / step) * step;
		v <= a->t1 && a->n_ticks < G_N_ELEMENTS(a->ticks); v += step)
		a->ticks[a->n_ticks++] = fabs(v) < step * 1e-9 ? 0 : v;
}

/* An axis over [lo, hi] from pixel p0 to p1: log where the values
 * span a factor of 10 or more; a single value gets room around it;
 * SY_PARETO_PAD of the range empty at each end (a linear axis of
 * non-negative values starts at 0 at the lowest). */
static void axis_init(
	SyParetoAxis *a, double lo, double hi, double p0, double p1)
{
	double pad;

	a->log = lo > 0 && hi / lo >= 10;
	a->t0 = transform(a->log, lo);
	a->t1 = transform(a->log, hi);
	if (a->t1 - a->t0 <= 0) {
		double half = a->log ? 0.5 : lo != 0 ? fabs(lo) * 0.5 : 1;

		a->t0 -= half;
		a->t1 += half;
	}
	pad = (a->t1 - a->t0) * SY_PARETO_PAD;
	a->t0 -= pad;
	a->t1 += pad;
	if (!a->log && lo >= 0 && a->t0 < 0)
		a->t0 = 0;
	a->p0 = p0;
	a->p1 = p1;
	if (a->log)
		log_ticks(a);
	else
		linear_ticks(a);
}

double sy_pareto_axis_map(const SyParetoAxis *a, double v)
{
	double t = transform(a->log, a->log ? MAX(v, 1e-300) : v);

	return a->p0 + (t - a->t0) / (a->t1 - a->t0) * (a->p1 - a->p0);
}

/* The range of the points' values (offset: a double of the point)
 * with extra (those > 0) in it; [1, 1] without any. */
static void range_of(const SyParetoPoint *points, guint n,
	const SyParetoPoint *current, gsize offset, double extra, double *lo,
	double *hi)
{
	gboolean any = FALSE;

	*lo = *hi = 1;
	for (guint i = 0; i <= n; i++) {
		const SyParetoPoint *p = i < n ? &points[i] : current;
		double v;

		if (!p)
			continue;
		v = G_STRUCT_MEMBER(double, p, offset);
		*lo = any ? MIN(*lo, v) : v;
		*hi = any ? MAX(*hi, v) : v;
		any = TRUE;
	}
	if (extra > 0) {
		*lo = any ? MIN(*lo, extra) : extra;
		*hi = any ? MAX(*hi, extra) : extra;
	}
}

void sy_pareto_layout_init(SyParetoLayout *l, const SyParetoPoint *points,
	guint n, const SyParetoPoint *current, double dsp_budget,
	double bram_budget, double width, double height, double size)
{
	double lo, hi;

	memset(l, 0, sizeof(*l));
	l->width = width;
	l->height = height;
	l->size = size;
	l->left = SY_PARETO_MARGIN_LEFT * size;
	l->top = SY_PARETO_MARGIN_TOP * size;
	l->right = SY_PARETO_MARGIN_RIGHT * size;
	l->bottom = SY_PARETO_MARGIN_BOTTOM * size;
	l->radius = SY_PARETO_RADIUS * size;
	l->dsp_budget = dsp_budget;
	l->bram_budget = bram_budget;
	l->n_points = n;
	l->has_current = current != NULL;
	range_of(points, n, current, G_STRUCT_OFFSET(SyParetoPoint, dsp),
		dsp_budget, &lo, &hi);
	axis_init(&l->x, lo, hi, l->left, width - l->right);
	range_of(points, n, current, G_STRUCT_OFFSET(SyParetoPoint, cycles), 0,
		&lo, &hi);
	axis_init(&l->y, lo, hi, height - l->bottom, l->top);
	range_of(points, n, current, G_STRUCT_OFFSET(SyParetoPoint, bram), 0,
		&lo, &hi);
	l->bram_max = MAX(hi, 1);
	l->legend_x = width - l->right + 2.5 * size;
	l->legend_y = l->top + 1.5 * size;
	l->legend_w = 1.2 * size;
	l->legend_h = MAX((height - l->top - l->bottom) * 0.6, size);
}

void sy_render_pareto_xy(
	const SyParetoLayout *l, const SyParetoPoint *p, double *x, double *y)
{
	*x = sy_pareto_axis_map(&l->x, p->dsp);
	*y = sy_pareto_axis_map(&l->y, p->cycles);
}

int sy_render_pareto_hit(const SyParetoLayout *l, const SyParetoPoint *points,
	guint n, double x, double y)
{
	double reach = l->radius + SY_PARETO_HIT_SLOP, best = INFINITY;
	int at = -1;

	for (guint i = 0; i < n; i++) {
		double px, py, d;

		sy_render_pareto_xy(l, &points[i], &px, &py);
		d = hypot(px - x, py - y);
		if (d <= reach && d < best) {
			best = d;
			at = (int)i;
		}
	}
	return at;
}

/* Viridis at five stops, linearly between them: ordered in lightness,
 * readable by the colour-blind. */
SyRgb sy_render_pareto_color(const SyParetoLayout *l, double bram)
{
	static const SyRgb stops[] = {
		{0.267, 0.005, 0.329},
		{0.231, 0.322, 0.545},
		{0.129, 0.569, 0.549},
		{0.369, 0.788, 0.384},
		{0.993, 0.906, 0.144},
	};
	double t = CLAMP(bram / l->bram_max, 0, 1) * (G_N_ELEMENTS(stops) - 1);
	guint k = MIN((guint)t, G_N_ELEMENTS(stops) - 2);
	double f = t - k;
	SyRgb a = stops[k], b = stops[k + 1];
	SyRgb c = {a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f,
		a.b + (b.b - a.b) * f};

	return c;
}

char *sy_render_pareto_tick_label(double v)
{
	static const struct {
		double unit;
		const char *suffix;
	} units[] = {{1e9, "G"}, {1e6, "M"}, {1e3, "k"}};

	for (guint i = 0; i < G_N_ELEMENTS(units); i++)
		if (fabs(v) >= units[i].unit)
			return g_strdup_printf(
				"%.3g%s", v / units[i].unit, units[i].suffix);
	return g_strdup_printf("%.3g", v);
}

/* Drawing */

static void draw_grid(
	cairo_t *cr, const SyParetoLayout *l, const SyRenderStyle *style)
{
	double x0 = l->x.p0, x1 = l->x.p1, y0 = l->y.p0, y1 = l->y.p1;

	sy_render_set_color(cr, style->muted, 0.25);
	cairo_set_line_width(cr, 1);
	for (guint i = 0; i < l->x.n_ticks; i++) {
		double x = round(sy_pareto_axis_map(&l->x, l->x.ticks[i])) +
			0.5;

		cairo_move_to(cr, x, y0);
		cairo_line_to(cr, x, y1);
	}
	for (guint i = 0; i < l->y.n_ticks; i++) {
		double y = round(sy_pareto_axis_map(&l->y, l->y.ticks[i])) +
			0.5;

		cairo_move_to(cr, x0, y);
		cairo_line_to(cr, x1, y);
	}
	cairo_stroke(cr);
	sy_render_set_color(cr, style->muted, 1);
	cairo_rectangle(cr, x0 + 0.5, y1 + 0.5, x1 - x0, y0 - y1);
	cairo_stroke(cr);
}

static void draw_ticks(
	cairo_t *cr, const SyParetoLayout *l, const SyRenderStyle *style)
{
	double s = l->size;

	sy_render_set_color(cr, style->foreground, 0.8);
	for (guint i = 0; i < l->x.n_ticks; i++) {
		g_autofree char *t = sy_render_pareto_tick_label(l->x.ticks[i]);

		sy_render_text(cr, t, sy_pareto_axis_map(&l->x, l->x.ticks[i]),
			l->y.p0 + 0.9 * s, s, FALSE, TRUE);
	}
	for (guint i = 0; i < l->y.n_ticks; i++) {
		g_autofree char *t = sy_render_pareto_tick_label(l->y.ticks[i]);
		double w = sy_render_text_width(cr, t, s, FALSE);

		sy_render_text(cr, t, l->x.p0 - 0.4 * s - w,
			sy_pareto_axis_map(&l->y, l->y.ticks[i]) - 0.6 * s, s,
			FALSE, FALSE);
	}
	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, "DSP slices", (l->x.p0 + l->x.p1) / 2,
		l->y.p0 + 2.6 * s, s, TRUE, TRUE);
	cairo_save(cr);
	cairo_translate(cr, 0.9 * s, (l->y.p0 + l->y.p1) / 2);
	cairo_rotate(cr, -G_PI / 2);
	sy_render_text(cr, "Latency (cycles)", 0, 0, s, TRUE, TRUE);
	cairo_restore(cr);
}

/* The DSP budget: a dashed line in the error colour, named. */
static void draw_budget(
	cairo_t *cr, const SyParetoLayout *l, const SyRenderStyle *style)
{
	double x, s = l->size, w;
	g_autofree char *n = NULL;
	g_autofree char *text = NULL;
	const double dash[] = {6, 4};

	if (l->dsp_budget <= 0)
		return;
	x = round(sy_pareto_axis_map(&l->x, l->dsp_budget)) + 0.5;
	sy_render_set_color(cr, style->error, 0.9);
	cairo_set_line_width(cr, 1.5);
	cairo_set_dash(cr, dash, G_N_ELEMENTS(dash), 0);
	cairo_move_to(cr, x, l->y.p0);
	cairo_line_to(cr, x, l->y.p1);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	n = sy_estimate_format_count(floor(l->dsp_budget));
	text = g_strdup_printf("DSP budget %s", n);
	w = sy_render_text_width(cr, text, s, FALSE);
	/* Left of the line where it stands at the right end. */
	sy_render_text(cr, text,
		x + 0.4 * s + w > l->x.p1 ? x - 0.4 * s - w : x + 0.4 * s,
		l->y.p1 + 0.3 * s, s, FALSE, FALSE);
}

static int by_dsp(gconstpointer a, gconstpointer b, gpointer data)
{
	const SyParetoPoint *p = data;
	const SyParetoPoint *x = &p[*(const guint *)a];
	const SyParetoPoint *y = &p[*(const guint *)b];

	if (x->dsp != y->dsp)
		return x->dsp < y->dsp ? -1 : 1;
	return (x->cycles > y->cycles) - (x->cycles < y->cycles);
}

/* The staircase of the designs no other beats on both DSP and latency:
 * by DSP, each one faster than every one before. */
static void draw_front(cairo_t *cr, const SyParetoLayout *l,
	const SyParetoPoint *points, guint n, const SyRenderStyle *style)
{
	g_autofree guint *order = g_new(guint, n);
	double best = INFINITY, py = 0;
	gboolean started = FALSE;

	for (guint i = 0; i < n; i++)
		order[i] = i;
	g_qsort_with_data(
		order, (gint)n, sizeof(guint), by_dsp, (gpointer)points);
	sy_render_set_color(cr, style->muted, 0.7);
	cairo_set_line_width(cr, 1.5);
	for (guint i = 0; i < n; i++) {
		const SyParetoPoint *p = &points[order[i]];
		double x, y;

		if (p->cycles >= best)
			continue;
		best = p->cycles;
		sy_render_pareto_xy(l, p, &x, &y);
		if (started) {
			cairo_line_to(cr, x, py);
		} else {
			cairo_move_to(cr, x, y);
			started = TRUE;
		}
		cairo_line_to(cr, x, y);
		py = y;
	}
	if (started) {
		cairo_line_to(cr, l->x.p1, py);
		cairo_stroke(cr);
	}
}

/* The dots, the first (the best) on top. */
static void draw_points(cairo_t *cr, const SyParetoLayout *l,
	const SyParetoPoint *points, guint n, const SyRenderStyle *style)
{
	for (guint k = n; k-- > 0;) {
		const SyParetoPoint *p = &points[k];
		double x, y, r = l->radius;

		sy_render_pareto_xy(l, p, &x, &y);
		if (p->flags & SY_PARETO_HOVER)
			r *= 1.5;
		cairo_new_sub_path(cr);
		cairo_arc(cr, x, y, r, 0, 2 * G_PI);
		sy_render_set_color(cr, sy_render_pareto_color(l, p->bram), 1);
		cairo_fill_preserve(cr);
		sy_render_set_color(cr, style->foreground,
			p->flags & SY_PARETO_HOVER ? 1 : 0.5);
		cairo_set_line_width(
			cr, p->flags & SY_PARETO_HOVER ? 1.5 : 0.8);
		cairo_stroke(cr);
		if (p->flags & SY_PARETO_SELECTED) {
			cairo_arc(cr, x, y, r + 3, 0, 2 * G_PI);
			sy_render_set_color(cr, style->accent, 1);
			cairo_set_line_width(cr, 2.5);
			cairo_stroke(cr);
		}
	}
}

/* The sliders' design: cross-hairs to the axes, a ring, its name. */
static void draw_current(cairo_t *cr, const SyParetoLayout *l,
	const SyParetoPoint *current, const SyRenderStyle *style)
{
	const double dash[] = {2, 3};
	double x, y, r = l->radius * 2;

	sy_render_pareto_xy(l, current, &x, &y);
	sy_render_set_color(cr, style->foreground, 0.6);
	cairo_set_line_width(cr, 1);
	cairo_set_dash(cr, dash, G_N_ELEMENTS(dash), 0);
	cairo_move_to(cr, l->x.p0, y);
	cairo_line_to(cr, x - r, y);
	cairo_move_to(cr, x, l->y.p0);
	cairo_line_to(cr, x, y + r);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
	sy_render_set_color(cr, style->foreground, 1);
	cairo_set_line_width(cr, 2.5);
	cairo_arc(cr, x, y, r, 0, 2 * G_PI);
	cairo_stroke(cr);
	cairo_move_to(cr, x - r * 0.5, y);
	cairo_line_to(cr, x + r * 0.5, y);
	cairo_move_to(cr, x, y - r * 0.5);
	cairo_line_to(cr, x, y + r * 0.5);
	cairo_set_line_width(cr, 1.5);
	cairo_stroke(cr);
	sy_render_text(cr, "sliders", x + r + 0.4 * l->size, y - 0.6 * l->size,
		l->size, TRUE, FALSE);
}

/* The colour bar: BRAM18K from 0 (bottom) to the scale's top. */
static void draw_legend(
	cairo_t *cr, const SyParetoLayout *l, const SyRenderStyle *style)
{
	double x = l->legend_x, y = l->legend_y, w = l->legend_w;
	double h = l->legend_h, s = l->size;
	g_autofree char *top = sy_estimate_format_count(l->bram_max);
	g_autofree char *mid = sy_estimate_format_count(l->bram_max / 2);
	const int steps = 64;

	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, "BRAM18K", x - 1.2 * s, y - 1.4 * s, s, TRUE, FALSE);
	for (int i = 0; i < steps; i++) {
		double v = l->bram_max * (i + 0.5) / steps;

		sy_render_set_color(cr, sy_render_pareto_color(l, v), 1);
		cairo_rectangle(
			cr, x, y + h - h * (i + 1) / steps, w, h / steps + 0.5);
		cairo_fill(cr);
	}
	sy_render_set_color(cr, style->muted, 1);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, x + 0.5, y + 0.5, w, h);
	cairo_stroke(cr);
	sy_render_set_color(cr, style->foreground, 0.8);
	sy_render_text(cr, top, x + w + 0.4 * s, y - 0.6 * s, s, FALSE, FALSE);
	sy_render_text(
		cr, mid, x + w + 0.4 * s, y + h / 2 - 0.6 * s, s, FALSE, FALSE);
	sy_render_text(
		cr, "0", x + w + 0.4 * s, y + h - 0.6 * s, s, FALSE, FALSE);
	if (l->bram_budget > 0) {
		g_autofree char *n = sy_estimate_format_count(
			floor(l->bram_budget));
		g_autofree char *text = g_strdup_printf("budget %s", n);

		sy_render_text(cr, text, x - 1.2 * s, y + h + 0.8 * s, s, FALSE,
			FALSE);
	}
}

void sy_render_pareto(cairo_t *cr, const SyParetoLayout *l,
	const SyParetoPoint *points, guint n, const SyParetoPoint *current,
	const char *message, const SyRenderStyle *style)
{
	sy_render_set_color(cr, style->background, 1);
	cairo_paint(cr);
	if (l->x.p1 - l->x.p0 < 2 * l->size || l->y.p0 - l->y.p1 < 2 * l->size)
		return;
	cairo_save(cr);
	draw_grid(cr, l, style);
	draw_ticks(cr, l, style);
	draw_budget(cr, l, style);
	cairo_rectangle(
		cr, l->x.p0, l->y.p1, l->x.p1 - l->x.p0, l->y.p0 - l->y.p1);
	cairo_save(cr);
	cairo_clip(cr);
	if (n)
		draw_front(cr, l, points, n, style);
	draw_points(cr, l, points, n, style);
	if (current)
		draw_current(cr, l, current, style);
	cairo_restore(cr);
	if (n || current)
		draw_legend(cr, l, style);
	if (message) {
		sy_render_set_color(cr, style->muted, 1);
		/* At the top: the sliders' design may be at the centre. */
		sy_render_text(cr, message, (l->x.p0 + l->x.p1) / 2,
			l->y.p1 + 1.5 * l->size, l->size * 1.2, FALSE, TRUE);
	}
	cairo_restore(cr);
}
