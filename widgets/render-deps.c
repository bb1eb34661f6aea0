#include <math.h>

#include "render-deps.h"
#include "report/report.h"

#define STRIP_H 60.0
#define CHIP_H 26.0
#define PAD 10.0
#define MESSAGE_Y 38.0
#define MESSAGE_SIZE 11.0
#define ARROWS_PX 6.0 /* below this many pixels per point, no arrows */

guint sy_deps_kind_color(SyDepKind kind)
{
	static const guint colors[] = {
		[SY_DEP_FLOW] = 0,
		[SY_DEP_ANTI] = 1,
		[SY_DEP_OUTPUT] = 3,
		[SY_DEP_READ] = 2,
	};

	return colors[kind];
}

static const char *chip_name(const SyAnalysis *a, guint i)
{
	if (i < a->band->n_members)
		return a->band->members[i].name;
	return g_ptr_array_index(a->band->inner, i - a->band->n_members);
}

void sy_deps_layout_init(SyDepsLayout *layout, const SyDepsScene *scene,
	cairo_t *cr, int width, int height)
{
	const SyAnalysis *a = scene->analysis;
	double x = PAD + sy_render_text_width(cr, "Space loops", 12, TRUE) + 14;
	double split = MAX(width * 0.6, width - 420.0);
	double top = STRIP_H;

	/* The message whole, wrapped (a dependence's reason runs to a
	 * few hundred characters): the plot and graph start below it. */
	layout->message = (SyRect){PAD, MESSAGE_Y, MAX(width - 2 * PAD, 1), 0};
	layout->message_lines = 0;
	if (scene->message && *scene->message) {
		layout->message.h = sy_render_text_wrapped(cr, scene->message,
			0, 0, layout->message.w, MESSAGE_SIZE, FALSE,
			&layout->message_lines);
		top = MAX(STRIP_H, MESSAGE_Y + layout->message.h + 6);
	}
	layout->strip = (SyRect){0, 0, width, top};
	/* Wide: the graph beside the plot; narrow: below it. */
	if (width >= 760) {
		layout->plot = (SyRect){
			PAD, top, split - 2 * PAD, MAX(height - top - PAD, 1)};
		layout->graph = (SyRect){split, top,
			MAX(width - split - PAD, 1),
			MAX(height - top - PAD, 1)};
	} else {
		double plot_h = MAX((height - top) * 0.62, 1);

		layout->plot = (SyRect){
			PAD, top, MAX(width - 2 * PAD, 1), plot_h};
		layout->graph = (SyRect){PAD, top + plot_h + PAD,
			MAX(width - 2 * PAD, 1),
			MAX(height - top - plot_h - 2 * PAD, 1)};
	}
	layout->n_chips = a ? a->band->n_members + a->band->inner->len : 0;
	layout->chips = g_new0(SyRect, layout->n_chips);
	for (guint i = 0; i < layout->n_chips; i++) {
		double w = sy_render_text_width(cr, chip_name(a, i), 12, TRUE) +
			24;

		layout->chips[i] = (SyRect){x, 8, w, CHIP_H};
		x += w + 6;
	}
}

void sy_deps_layout_clear(SyDepsLayout *layout)
{
	g_clear_pointer(&layout->chips, g_free);
	layout->n_chips = 0;
}

int sy_deps_layout_chip_at(const SyDepsLayout *layout, double x, double y)
{
	for (guint i = 0; i < layout->n_chips; i++) {
		const SyRect *r = &layout->chips[i];

		if (x >= r->x && x < r->x + r->w && y >= r->y &&
			y < r->y + r->h)
			return (int)i;
	}
	return -1;
}

void sy_deps_plot_extent(
	const SyDepsScene *scene, double *x, double *y, double *w, double *h)
{
	const SyProjection *p = scene->projection;

	/* Scene y is minus the loop value: the y loop grows upwards. */
	*x = (double)p->min[0] - 1;
	*y = -(double)p->max[1] - 1;
	*w = (double)(p->max[0] - p->min[0]) + 2;
	*h = (double)(p->max[1] - p->min[1]) + 2;
}

static void draw_chips(cairo_t *cr, const SyDepsScene *scene,
	const SyDepsLayout *layout, const SyRenderStyle *style)
{
	const SyAnalysis *a = scene->analysis;

	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, "Space loops", PAD, 13, 12, TRUE, FALSE);
	for (guint i = 0; i < layout->n_chips; i++) {
		const SyRect *r = &layout->chips[i];
		gboolean band = i < a->band->n_members;
		gboolean on = band && scene->space && scene->space[i];

		sy_render_rounded_rect(cr, r->x, r->y, r->w, r->h, r->h / 2);
		sy_render_set_color(cr, on ? style->accent : style->pe_fill,
			band ? 1 : 0.4);
		cairo_fill_preserve(cr);
		if (!band) {
			double dash = 3;

			cairo_set_dash(cr, &dash, 1, 0);
		}
		sy_render_set_color(cr,
			(int)i == scene->hover_chip ? style->accent
						    : style->pe_border,
			1);
		cairo_set_line_width(cr, (int)i == scene->hover_chip ? 2 : 1);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
		sy_render_set_color(cr,
			on ? style->background : style->foreground,
			band ? 1 : 0.6);
		sy_render_text(cr, chip_name(a, i), r->x + r->w / 2,
			r->y + r->h / 2, 12, TRUE, TRUE);
	}
	if (layout->message_lines) {
		sy_render_set_color(cr, style->foreground, 0.8);
		sy_render_text_wrapped(cr, scene->message, layout->message.x,
			layout->message.y, layout->message.w, MESSAGE_SIZE,
			TRUE, NULL);
	}
}

/* A dependence's colour: its kind's, lighter for each further array of
 * that kind, so that kind and array both show. */
static SyRgb dep_color(
	const SyProjection *p, const SyDep *dep, const SyRenderStyle *style)
{
	SyRgb c = sy_render_style_color(style, sy_deps_kind_color(dep->kind));
	g_autoptr(GPtrArray) arrays = g_ptr_array_new();
	double mix;
	guint rank;

	for (guint k = 0; k < p->deps->len; k++) {
		const SyDep *o =
			((const SyProjectedDep *)g_ptr_array_index(p->deps, k))
				->dep;

		if (o->kind == dep->kind &&
			!g_ptr_array_find(arrays, o->source->array, NULL))
			g_ptr_array_add(arrays, (gpointer)o->source->array);
	}
	g_ptr_array_find(arrays, dep->source->array, &rank);
	mix = MIN(0.3 * rank, 0.6);
	c.r += (style->background.r - c.r) * mix;
	c.g += (style->background.g - c.g) * mix;
	c.b += (style->background.b - c.b) * mix;
	return c;
}

static void point_xy(
	const SyRenderView *v, gint64 px, gint64 py, double *x, double *y)
{
	*x = sy_render_x(v, (double)px);
	*y = sy_render_y(v, -(double)py);
}

static void draw_hull(cairo_t *cr, const SyPlaneSet *set, const SyRenderView *v)
{
	guint n = set->hull->len / 2;

	for (guint i = 0; i < n; i++) {
		double x = sy_render_x(
			v, g_array_index(set->hull, double, 2 * i));
		double y = sy_render_y(
			v, -g_array_index(set->hull, double, 2 * i + 1));

		if (i == 0)
			cairo_move_to(cr, x, y);
		else
			cairo_line_to(cr, x, y);
	}
	cairo_close_path(cr);
}

static void draw_points(cairo_t *cr, const SyDepsScene *scene,
	const SyRenderView *v, const SyRenderStyle *style)
{
	const SyProjection *p = scene->projection;
	double r = CLAMP(v->scale * 0.12, 1.2, 5);

	for (guint k = 0; k < p->stmts->len; k++) {
		const SyProjectedStmt *ps = g_ptr_array_index(p->stmts, k);
		SyRgb color = sy_render_style_color(style, k + 4);
		double shift = (k - (p->stmts->len - 1) / 2.0) * r * 0.9;

		if (ps->set.empty)
			continue;
		if (!ps->set.points) {
			draw_hull(cr, &ps->set, v);
			sy_render_set_color(cr, color, 0.25);
			cairo_fill_preserve(cr);
			sy_render_set_color(cr, color, 1);
			cairo_set_line_width(cr, 1.5);
			cairo_stroke(cr);
			continue;
		}
		sy_render_set_color(cr, color, 0.9);
		for (guint i = 0; i < ps->set.points->len / 2; i++) {
			double x, y;

			point_xy(v,
				g_array_index(ps->set.points, gint64, 2 * i),
				g_array_index(
					ps->set.points, gint64, 2 * i + 1),
				&x, &y);
			if (x < -r || y < -r || x > v->width + r ||
				y > v->height + r)
				continue;
			cairo_arc(cr, x + shift, y, r, 0, 2 * G_PI);
			cairo_fill(cr);
		}
	}
}

static void draw_arrows(cairo_t *cr, const SyDepsScene *scene,
	const SyRenderView *v, const SyRenderStyle *style)
{
	const SyProjection *p = scene->projection;
	double r = CLAMP(v->scale * 0.12, 1.2, 5);

	if (v->scale < ARROWS_PX)
		return;
	cairo_set_line_width(cr, CLAMP(v->scale / 30, 1, 2));
	for (guint k = 0; k < p->deps->len; k++) {
		const SyProjectedDep *pd = g_ptr_array_index(p->deps, k);
		double len = hypot(pd->dx, pd->dy) * v->scale;

		if ((!pd->dx && !pd->dy) || !pd->ends.points || len < 2 * r)
			continue;
		sy_render_set_color(cr, dep_color(p, pd->dep, style), 0.75);
		for (guint i = 0; i < pd->ends.points->len / 2; i++) {
			double x, y, ux, uy;

			point_xy(v,
				g_array_index(pd->ends.points, gint64, 2 * i),
				g_array_index(
					pd->ends.points, gint64, 2 * i + 1),
				&x, &y);
			if (x < 0 || y < 0 || x > v->width || y > v->height)
				continue;
			ux = pd->dx * v->scale / len;
			uy = -pd->dy * v->scale / len;
			sy_render_arrow(cr, x - ux * (len - r),
				y - uy * (len - r), x - ux * r, y - uy * r,
				MIN(v->scale * 0.2, 8));
		}
	}
}

/* One line per projected dependence, its arrow drawn at a readable size
 * in the plot's orientation: the direction even when points are dense. */
static char *legend_label(const SyProjectedDep *pd)
{
	const SyDep *dep = pd->dep;

	return g_strdup_printf("%s %s %s\u2192%s (%" G_GINT64_FORMAT
			       ", %" G_GINT64_FORMAT ")",
		sy_dep_kind_name(dep->kind), dep->source->array->name,
		dep->source->stmt->name, dep->sink->stmt->name, pd->dx, pd->dy);
}

/* One line per projected dependence, its arrow drawn at a readable size
 * in the plot's orientation: the direction even when points are dense. */
static void draw_dep_legend(cairo_t *cr, const SyDepsScene *scene,
	const SyRect *r, const SyRenderStyle *style)
{
	const SyProjection *p = scene->projection;
	g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) deps = g_ptr_array_new();
	double y = r->y + 30, size = 11, w = 0;

	for (guint k = 0; k < p->deps->len; k++) {
		const SyProjectedDep *pd = g_ptr_array_index(p->deps, k);
		char *label = legend_label(pd);

		if (g_ptr_array_find_with_equal_func(
			    lines, label, g_str_equal, NULL)) {
			g_free(label);
			continue;
		}
		w = MAX(w, sy_render_text_width(cr, label, size, FALSE));
		g_ptr_array_add(lines, label);
		g_ptr_array_add(deps, (gpointer)pd);
	}
	if (lines->len == 0)
		return;
	sy_render_rounded_rect(
		cr, r->x + 8, y - 6, w + 46, lines->len * size * 1.6 + 8, 5);
	sy_render_set_color(cr, style->background, 0.88);
	cairo_fill(cr);
	for (guint k = 0; k < lines->len; k++) {
		const SyProjectedDep *pd = g_ptr_array_index(deps, k);
		double len = hypot(pd->dx, pd->dy), x = r->x + 16;

		sy_render_set_color(cr, dep_color(p, pd->dep, style), 1);
		cairo_set_line_width(cr, 2);
		if (len > 0) {
			sy_render_arrow(cr, x + 10 - 9 * pd->dx / len,
				y + size / 2 + 9 * pd->dy / len,
				x + 10 + 9 * pd->dx / len,
				y + size / 2 - 9 * pd->dy / len, 6);
		} else {
			cairo_arc(cr, x + 10, y + size / 2, 3, 0, 2 * G_PI);
			cairo_fill(cr);
		}
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(cr, g_ptr_array_index(lines, k), x + 26, y, size,
			FALSE, FALSE);
		y += size * 1.6;
	}
}

static void draw_plot(cairo_t *cr, const SyDepsScene *scene,
	const SyDepsLayout *layout, const SyRenderView *v,
	const SyRenderStyle *style)
{
	const SyAnalysis *a = scene->analysis;
	const SyProjection *p = scene->projection;
	const SyRect *r = &layout->plot;
	g_autofree char *title = NULL;

	cairo_save(cr);
	cairo_rectangle(cr, r->x, r->y, r->w, r->h);
	cairo_clip(cr);
	cairo_translate(cr, r->x, r->y);
	if (p && p->x >= 0) {
		draw_points(cr, scene, v, style);
		draw_arrows(cr, scene, v, style);
	}
	cairo_restore(cr);
	sy_render_set_color(cr, style->muted, 1);
	cairo_set_line_width(cr, 1);
	cairo_rectangle(cr, r->x + 0.5, r->y + 0.5, r->w - 1, r->h - 1);
	cairo_stroke(cr);
	if (!p || p->x < 0)
		return;
	title = p->y >= 0
		? g_strdup_printf("%s \u2192, %s \u2191",
			  a->band->members[p->x].name,
			  a->band->members[p->y].name)
		: g_strdup_printf("%s \u2192", a->band->members[p->x].name);
	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, title, r->x + 8, r->y + 6, 12, TRUE, FALSE);
	draw_dep_legend(cr, scene, r, style);
}

/* Draws label at (x, y), moved down past the labels already placed. */
static void place_label(cairo_t *cr, GArray *placed, const char *label,
	double x, double y, double size)
{
	SyRect box = {
		x, y, sy_render_text_width(cr, label, size, FALSE), size * 1.3};
	gboolean moved = TRUE;

	while (moved) {
		moved = FALSE;
		for (guint i = 0; i < placed->len; i++) {
			const SyRect *o = &g_array_index(placed, SyRect, i);

			if (box.x < o->x + o->w && o->x < box.x + box.w &&
				box.y < o->y + o->h && o->y < box.y + box.h) {
				box.y = o->y + o->h;
				moved = TRUE;
			}
		}
	}
	g_array_append_val(placed, box);
	sy_render_text(cr, label, box.x, box.y, size, FALSE, FALSE);
}

/* The statement graph: one node per statement down the column, an edge
 * per distinct dependence with its distance. */
static void draw_graph(cairo_t *cr, const SyDepsScene *scene,
	const SyDepsLayout *layout, const SyRenderStyle *style)
{
	const SyAnalysis *a = scene->analysis;
	const SyRect *r = &layout->graph;
	guint n = a->scop->stmts->len;
	double node = 30, size = 11;
	g_autoptr(GArray) placed = g_array_new(FALSE, FALSE, sizeof(SyRect));
	g_autoptr(GHashTable) seen = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);

	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);
		guint s = 0, t = 0;
		g_autofree char *dist = dep->distance
			? sy_report_vector(dep->distance, dep->depth)
			: g_strdup("not uniform");
		g_autofree char *label = g_strdup_printf("%s %s %s",
			sy_dep_kind_name(dep->kind), dep->source->array->name,
			dist);
		char *key;
		double ys, yt, x = r->x + 60;

		g_ptr_array_find(a->scop->stmts, dep->source->stmt, &s);
		g_ptr_array_find(a->scop->stmts, dep->sink->stmt, &t);
		key = g_strdup_printf("%u>%u %s", s, t, label);
		if (!g_hash_table_add(seen, key))
			continue;
		ys = r->y + (s + 0.5) * r->h / n;
		yt = r->y + (t + 0.5) * r->h / n;
		sy_render_set_color(cr,
			sy_render_style_color(
				style, sy_deps_kind_color(dep->kind)),
			1);
		cairo_set_line_width(cr, 1.5);
		cairo_new_path(cr);
		if (s == t) {
			cairo_new_sub_path(cr);
			cairo_arc(cr, x + node / 2 + 10, ys, 10, -G_PI / 2,
				G_PI / 2);
			cairo_stroke(cr);
		} else {
			double bend = 40 + 14 * fabs((double)t - s);

			cairo_move_to(cr, x + node / 2, ys);
			cairo_curve_to(cr, x + node / 2 + bend, ys,
				x + node / 2 + bend, yt, x + node / 2 + 4, yt);
			cairo_stroke(cr);
			sy_render_arrow(
				cr, x + node / 2 + 10, yt, x + node / 2, yt, 6);
		}
		sy_render_set_color(cr, style->foreground, 1);
		place_label(cr, placed, label,
			x + node / 2 +
				(s == t ? 26
					: 8 + 0.75 * (40 + 14 * fabs((double)t - s))),
			(s == t ? ys : (ys + yt) / 2) - size / 2, size);
	}
	for (guint i = 0; i < n; i++) {
		const SyStmt *stmt = g_ptr_array_index(a->scop->stmts, i);
		double y = r->y + (i + 0.5) * r->h / n, x = r->x + 60;

		cairo_arc(cr, x, y, node / 2, 0, 2 * G_PI);
		sy_render_set_color(cr, style->pe_fill, 1);
		cairo_fill_preserve(cr);
		sy_render_set_color(cr, style->pe_border, 1);
		cairo_set_line_width(cr, 1.5);
		cairo_stroke(cr);
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(cr, stmt->name, x, y, 11, TRUE, TRUE);
	}
}

void sy_render_deps(cairo_t *cr, const SyDepsScene *scene,
	const SyDepsLayout *layout, const SyRenderView *plot_view,
	const SyRenderStyle *style)
{
	sy_render_set_color(cr, style->background, 1);
	cairo_paint(cr);
	if (!scene->analysis)
		return;
	draw_chips(cr, scene, layout, style);
	draw_plot(cr, scene, layout, plot_view, style);
	draw_graph(cr, scene, layout, style);
}
