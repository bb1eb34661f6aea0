#include <math.h>
#include <string.h>

#include "render-array.h"
#include "report/report.h"

/* Below this many pixels per PE the grid is summarised: one block and
 * one arrow per flow, whatever the number of PEs. */
#define SUMMARY_PX 4.0
#define LINKS_PX 10.0
#define PORTS_PX 16.0
#define LABELS_PX 30.0

static void link_free(gpointer data)
{
	SyArrayLink *link = data;

	g_free(link->array);
	g_free(link->label);
	g_free(link->delay_loop);
	g_free(link);
}

static void scene_clear(gpointer data)
{
	SyArrayScene *scene = data;

	g_ptr_array_unref(scene->links);
	g_ptr_array_unref(scene->arrays);
	g_free(scene->row_loop);
	g_free(scene->col_loop);
	g_free(scene->layer_loop);
	g_free(scene->title);
	g_free(scene->selected);
	g_free(scene->bottleneck);
	sy_io_scene_free(scene->io);
	sy_pe_work_free(scene->work);
	sy_array_frame_free(scene->frame);
}

void sy_array_frame_free(SyArrayFrame *frame)
{
	if (!frame)
		return;
	g_free(frame->pe);
	g_free(frame->lane);
	g_free(frame->fill);
	g_free(frame);
}

void sy_array_scene_set_frame(SyArrayScene *scene, SyArrayFrame *frame)
{
	sy_array_frame_free(scene->frame);
	scene->frame = frame;
}

SyArrayScene *sy_array_scene_ref(SyArrayScene *scene)
{
	return scene ? g_rc_box_acquire(scene) : NULL;
}

void sy_array_scene_free(SyArrayScene *scene)
{
	if (scene)
		g_rc_box_release_full(scene, scene_clear);
}

static gint64 extent(const SyAnalysis *a, guint member)
{
	const SyBandMember *m = &a->band->members[member];

	return m->max - m->min + 1;
}

static guint array_index(SyArrayScene *scene, const char *name)
{
	for (guint i = 0; i < scene->arrays->len; i++)
		if (g_str_equal(g_ptr_array_index(scene->arrays, i), name))
			return i;
	g_ptr_array_add(scene->arrays, g_strdup(name));
	return scene->arrays->len - 1;
}

/* The time steps an exterior flow group g takes between PEs: of its
 * dependences that move along g's direction, the first one's distance
 * on the first time loop it moves on (the PE's delay registers hold it
 * that long); kept where another reaches the next PE at the same step
 * (the PE keeps the value in its buffer for the later read). */
static void link_delay(SyArrayLink *link, const SyAnalysis *a,
	const SyCandidate *c, const SyIoGroup *g)
{
	const SyDeps *deps = a->deps;

	if (g->kind != SY_DEP_FLOW || !g->exterior)
		return;
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);
		gboolean along = dep->kind == SY_DEP_FLOW && dep->uniform &&
			dep->source->array == g->array;
		gboolean same = along;

		for (guint k = 0; along && k < c->n_space; k++)
			along = dep->distance[c->space[k]] == g->direction[k];
		for (guint t = 0; along && t < dep->depth; t++)
			if (!sy_candidate_is_space(c, t) &&
				dep->distance[t] != 0) {
				same = FALSE;
				if (link->delay)
					break;
				link->delay = dep->distance[t];
				link->delay_loop =
					g_strdup(a->band->members[t].name);
				break;
			}
		link->kept |= along && same;
	}
}

SyArrayScene *sy_array_scene_new(
	const SyAnalysis *a, const SyCandidate *c, const gint64 *pe)
{
	SyArrayScene *scene = g_rc_box_new0(SyArrayScene);
	const SyBandMember *m = a->band->members;
	GString *title = g_string_new("[");

	scene->n_dims = c->n_space;
	scene->margin = SY_ARRAY_MARGIN;
	scene->links = g_ptr_array_new_with_free_func(link_free);
	scene->arrays = g_ptr_array_new_with_free_func(g_free);
	scene->rows = scene->layers = 1;
	if (c->n_space == 1) {
		scene->cols = pe ? pe[0] : extent(a, c->space[0]);
		scene->col_loop = g_strdup(m[c->space[0]].name);
	} else {
		scene->rows = pe ? pe[0] : extent(a, c->space[0]);
		scene->cols = pe ? pe[1] : extent(a, c->space[1]);
		scene->row_loop = g_strdup(m[c->space[0]].name);
		scene->col_loop = g_strdup(m[c->space[1]].name);
	}
	if (c->n_space == 3) {
		scene->layers = pe ? pe[2] : extent(a, c->space[2]);
		scene->layer_loop = g_strdup(m[c->space[2]].name);
	}
	for (guint i = 0; i < c->n_space; i++)
		g_string_append_printf(
			title, "%s%s", i ? ", " : "", m[c->space[i]].name);
	g_string_append(title, "]: ");
	if (c->n_space == 1)
		g_string_append_printf(
			title, "%" G_GINT64_FORMAT " PEs", scene->cols);
	else
		g_string_append_printf(title,
			"%" G_GINT64_FORMAT " \u00d7 %" G_GINT64_FORMAT,
			scene->rows, scene->cols);
	if (c->n_space == 3)
		g_string_append_printf(
			title, " \u00d7 %" G_GINT64_FORMAT, scene->layers);
	if (c->n_space > 1)
		g_string_append(title, " PEs");
	scene->title = g_string_free(title, FALSE);

	for (guint k = 0; k < c->io->len; k++) {
		const SyIoGroup *g = g_ptr_array_index(c->io, k);
		SyArrayLink *link = g_new0(SyArrayLink, 1);
		g_autofree char *dir = sy_report_vector(
			g->direction, g->n_space);

		link->array = g_strdup(g->array->name);
		link->color = array_index(scene, g->array->name);
		link->kind = g->kind;
		link->exterior = g->exterior;
		if (c->n_space == 1) {
			link->dc = (int)g->direction[0];
		} else {
			link->dr = (int)g->direction[0];
			link->dc = (int)g->direction[1];
		}
		if (c->n_space == 3)
			link->dl = (int)g->direction[2];
		link->label = g_strdup_printf("%s %s %s %s", g->array->name,
			sy_dep_kind_name(g->kind), dir,
			g->exterior ? "exterior" : "interior");
		link_delay(link, a, c, g);
		g_ptr_array_add(scene->links, link);
	}
	return scene;
}

void sy_array_scene_size(const SyArrayScene *scene, double *w, double *h)
{
	*w = (double)scene->cols + 2 * scene->margin;
	*h = (double)scene->rows + 2 * scene->margin;
}

SyRenderView sy_array_scene_fit(const SyArrayScene *scene,
	const SyRenderStyle *style, int width, int height)
{
	cairo_surface_t *surface = cairo_image_surface_create(
		CAIRO_FORMAT_RGB24, 1, 1);
	cairo_t *cr = cairo_create(surface);
	double w, h, lw, lh, right, below;
	SyRenderView v;

	sy_array_scene_size(scene, &w, &h);
	sy_array_scene_legend_size(scene, cr, style, &lw, &lh);
	cairo_destroy(cr);
	cairo_surface_destroy(surface);
	/* Beside the legend (right of it) or below it: the larger. */
	lw += 16;
	lh += 16;
	right = MIN((width - lw) / w, height / h);
	below = MIN(width / w, (height - lh) / h);
	if (right <= 0 && below <= 0) {
		v = sy_render_view_fit(w, h, width, height);
	} else if (right >= below) {
		v = sy_render_view_fit(w, h, (int)(width - lw), height);
		v.x0 -= lw / v.scale;
	} else {
		v = sy_render_view_fit(w, h, width, (int)(height - lh));
		v.y0 -= lh / v.scale;
	}
	v.width = width;
	v.height = height;
	/* A long 1-D array keeps readable PEs, its start in view: the
	 * rest is panned to. */
	if (scene->n_dims == 1 && v.scale < SY_ARRAY_MIN_PE &&
		h * SY_ARRAY_MIN_PE <= height) {
		gboolean beside = right >= below;
		double left = beside ? lw : 0;
		double cy = beside ? height / 2.0 : lh + (height - lh) / 2;

		v.scale = SY_ARRAY_MIN_PE;
		v.x0 = -left / v.scale;
		v.y0 = h / 2 - cy / v.scale;
	}
	return v;
}

gboolean sy_array_scene_hit(const SyArrayScene *scene, const SyRenderView *view,
	double px, double py, gint64 *row, gint64 *col)
{
	double x = view->x0 + px / view->scale - scene->margin;
	double y = view->y0 + py / view->scale - scene->margin;

	if (x < 0 || y < 0 || x >= scene->cols || y >= scene->rows)
		return FALSE;
	*row = (gint64)y;
	*col = (gint64)x;
	return TRUE;
}

static gboolean inside(const SyArrayScene *scene, gint64 r, gint64 c)
{
	return r >= 0 && c >= 0 && r < scene->rows && c < scene->cols;
}

void sy_array_scene_set_work(SyArrayScene *scene, const SyPeArray *array)
{
	g_clear_pointer(&scene->work, sy_pe_work_free);
	if (array)
		scene->work = sy_pe_work_new(array);
}

/* "work: 45 of the busiest PE's 48 points (93.8 %)" */
static void describe_work(
	GString *out, const SyArrayScene *scene, gint64 row, gint64 col)
{
	const SyPeWork *w = scene->work;
	gint64 n = w ? sy_pe_work_points(w, row, col) : -1;

	if (!w)
		return;
	if (n < 0)
		g_string_append_printf(out, "\nwork unknown: %s",
			w->why ? w->why : "no such PE");
	else if (n == 0)
		g_string_append(out, "\nidle: no iteration runs here");
	else
		g_string_append_printf(out,
			"\nwork: %" G_GINT64_FORMAT " of the busiest PE's "
			"%" G_GINT64_FORMAT " iterations (%.1f %%)",
			n, w->busiest, 100.0 * n / w->busiest);
}

char *sy_array_scene_describe(const SyArrayScene *scene, gint64 row, gint64 col)
{
	GString *out = g_string_new(NULL);

	if (scene->n_dims == 1)
		g_string_append_printf(
			out, "PE %s = %" G_GINT64_FORMAT, scene->col_loop, col);
	else
		g_string_append_printf(out,
			"PE %s = %" G_GINT64_FORMAT ", %s = %" G_GINT64_FORMAT,
			scene->row_loop, row, scene->col_loop, col);
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);
		gboolean from = inside(scene, row - l->dr, col - l->dc);
		gboolean to = inside(scene, row + l->dr, col + l->dc);

		g_string_append_printf(
			out, "\n%s %s: ", l->array, sy_dep_kind_name(l->kind));
		if (!l->exterior && !l->dl)
			g_string_append(out, "stays in this PE");
		else if (!l->dr && !l->dc)
			g_string_append(out, "moves to the next layer");
		else if (l->delay && l->kept && from)
			g_string_append_printf(out,
				"from the neighbour, kept in this PE's buffer "
				"for a read %" G_GINT64_FORMAT " step%s of %s "
				"later, %s",
				l->delay, l->delay == 1 ? "" : "s",
				l->delay_loop,
				to ? "on to the next PE" : "out of the array");
		else if (l->delay && from)
			g_string_append_printf(out,
				"from the neighbour %" G_GINT64_FORMAT
				" step%s of %s after it was made (delay "
				"registers), %s",
				l->delay, l->delay == 1 ? "" : "s",
				l->delay_loop,
				to ? "on to the next PE" : "out of the array");
		else
			g_string_append_printf(out, "%s, %s",
				from ? "from the neighbour" : "from outside",
				to ? "on to the next PE" : "out of the array");
	}
	describe_work(out, scene, row, col);
	if (scene->bottleneck && g_str_equal(scene->bottleneck, "PE"))
		g_string_append(out, "\nThe PEs are the bottleneck: the "
				     "slowest module of the design");
	return g_string_free(out, FALSE);
}

/* Pixel centre of PE (r, c). */
static void centre(
	const SyRenderView *v, gint64 r, gint64 c, double *x, double *y)
{
	*x = sy_render_x(v, (double)c + 0.5);
	*y = sy_render_y(v, (double)r + 0.5);
}

/* The links drawn between PEs: exterior ones in the grid's plane. */
static gboolean drawn(const SyArrayLink *l)
{
	return l->exterior && (l->dr || l->dc);
}

/* The distance from a PE's centre to its box edge along (ux, uy). */
static double to_edge(const SyRenderView *v, double ux, double uy)
{
	return 0.38 * v->scale / MAX(fabs(ux), fabs(uy));
}

/* Adds to the path (shafts) or the heads path the arrow of link l from
 * PE (r, c) to where its next PE is (in the margin past the border), and
 * the arrow coming in from outside when no PE feeds this one.  offset
 * shifts parallel arrows apart. */
static void add_link(cairo_t *cr, const SyRenderView *v,
	const SyArrayScene *scene, const SyArrayLink *l, gint64 r, gint64 c,
	double offset, gboolean heads)
{
	double dx = l->dc * v->scale, dy = l->dr * v->scale;
	double len = hypot(dx, dy), ux = dx / len, uy = dy / len;
	double h = to_edge(v, ux, uy);
	double head = MIN(v->scale * 0.14, 11);
	void (*add)(cairo_t *, double, double, double, double, double) =
		heads ? sy_render_arrow_head : sy_render_arrow_shaft;
	double x, y;

	centre(v, r, c, &x, &y);
	x += -uy * offset;
	y += ux * offset;
	add(cr, x + ux * h, y + uy * h, x + dx - ux * h, y + dy - uy * h, head);
	if (!inside(scene, r - l->dr, c - l->dc))
		add(cr, x - dx + ux * h, y - dy + uy * h, x - ux * h,
			y - uy * h, head);
}

/* Parallel arrows: the slot of link i among the drawn links of the same
 * direction, centred around zero. */
static double link_offset(const SyArrayScene *scene, guint i, double scale)
{
	const SyArrayLink *l = g_ptr_array_index(scene->links, i);
	guint slot = 0, n = 0;

	for (guint k = 0; k < scene->links->len; k++) {
		const SyArrayLink *o = g_ptr_array_index(scene->links, k);

		if (!drawn(o) || o->dr != l->dr || o->dc != l->dc)
			continue;
		if (k < i)
			slot++;
		n++;
	}
	return ((double)slot - (n - 1) / 2.0) * 0.15 * scale;
}

typedef struct {
	gint64 r0, r1, c0, c1; /* the PEs in view */
} Visible;

/* Small coloured squares in every PE, one per link that stays in it;
 * one fill per link. */
static void draw_ports(cairo_t *cr, const SyRenderView *v,
	const SyArrayScene *scene, const SyRenderStyle *style,
	const Visible *in)
{
	double s = v->scale * 0.1;
	guint n = 0;

	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);

		if (drawn(l))
			continue;
		for (gint64 r = in->r0; r <= in->r1; r++)
			for (gint64 c = in->c0; c <= in->c1; c++) {
				double x, y;

				centre(v, r, c, &x, &y);
				cairo_rectangle(cr,
					x - 0.3 * v->scale + n * 1.3 * s,
					y + 0.3 * v->scale - s, s, s);
			}
		sy_render_set_color(
			cr, sy_render_style_color(style, l->color), 1);
		cairo_fill(cr);
		n++;
	}
}

static void add_box(cairo_t *cr, const SyRenderView *v, gint64 r, gint64 c)
{
	double x, y, half = 0.38 * v->scale;

	centre(v, r, c, &x, &y);
	if (v->scale >= 24)
		sy_render_rounded_rect(cr, x - half, y - half, 2 * half,
			2 * half, v->scale * 0.08);
	else
		cairo_rectangle(cr, x - half, y - half, 2 * half, 2 * half);
}

/* A PE's shade: its work in quarters of the busiest PE's, rounded up
 * (0: idle); SHADES where the work is unknown. */
#define SHADES 4

static int shade_of(const SyPeWork *w, gint64 r, gint64 c)
{
	gint64 n = w ? sy_pe_work_points(w, r, c) : -1;

	if (n < 0 || w->busiest <= 0)
		return SHADES;
	return (int)((n * SHADES + w->busiest - 1) / w->busiest);
}

/* The fill of shade k: the muted colour over the background, stronger
 * with the work (the PE fill is too close to the background to tell
^ * four steps apart); idle PEs are empty boxes. */
static SyRgb shade_color(const SyRenderStyle *style, int k)
{
	double t = 0.9 * k / SHADES;
	SyRgb c = {t * style->muted.r + (1 - t) * style->background.r,
		t * style->muted.g + (1 - t) * style->background.g,
		t * style->muted.b + (1 - t) * style->background.b};

	return c;
}

/* With work counted and unequal, each shade's PEs in one fill. */
static void fill_shades(cairo_t *cr, const SyRenderView *v,
	const SyRenderStyle *style, const SyPeWork *w, const Visible *in)
{
	for (int k = 1; k <= SHADES; k++) {
		for (gint64 r = in->r0; r <= in->r1; r++)
			for (gint64 c = in->c0; c <= in->c1; c++)
				if (shade_of(w, r, c) == k)
					add_box(cr, v, r, c);
		sy_render_set_color(cr, shade_color(style, k), 1);
		cairo_fill(cr);
	}
	for (gint64 r = in->r0; r <= in->r1; r++)
		for (gint64 c = in->c0; c <= in->c1; c++)
			add_box(cr, v, r, c);
}

static guint8 frame_state(
	const SyArrayFrame *f, gint64 cols, gint64 r, gint64 c)
{
	return f->pe[r * cols + c];
}

/* Diagonal hatching over the current path (clipped to it), consumed. */
static void hatch(cairo_t *cr, const SyRenderView *v, SyRgb rgb)
{
	double x0, y0, x1, y1, step = MAX(4, v->scale / 6);

	cairo_save(cr);
	cairo_clip_preserve(cr);
	cairo_path_extents(cr, &x0, &y0, &x1, &y1);
	cairo_new_path(cr);
	for (double x = x0 - (y1 - y0); x < x1; x += step) {
		cairo_move_to(cr, x, y1);
		cairo_line_to(cr, x + (y1 - y0), y0);
	}
	sy_render_set_color(cr, rgb, 1);
	cairo_set_line_width(cr, MAX(1, step / 3));
	cairo_stroke(cr);
	cairo_restore(cr);
}

/* A frame's PEs: computing ones filled in the accent colour, stalled
 * ones in the warning colour's hatching, idle ones empty. */
static void fill_frame(cairo_t *cr, const SyRenderView *v,
	const SyRenderStyle *style, const SyArrayFrame *f, gint64 cols,
	const Visible *in)
{
	for (gint64 r = in->r0; r <= in->r1; r++)
		for (gint64 c = in->c0; c <= in->c1; c++)
			if (frame_state(f, cols, r, c) == SY_FRAME_BUSY)
				add_box(cr, v, r, c);
	sy_render_set_color(cr, style->accent, 1);
	cairo_fill(cr);
	for (gint64 r = in->r0; r <= in->r1; r++)
		for (gint64 c = in->c0; c <= in->c1; c++)
			if (frame_state(f, cols, r, c) == SY_FRAME_STALLED)
				add_box(cr, v, r, c);
	hatch(cr, v, style->warning);
	for (gint64 r = in->r0; r <= in->r1; r++)
		for (gint64 c = in->c0; c <= in->c1; c++)
			add_box(cr, v, r, c);
}

/* Every PE box in one path: one fill and one stroke for the grid (a
 * fill per shade with work counted, or per state in a frame). */
static void draw_pes(cairo_t *cr, const SyRenderView *v,
	const SyRenderStyle *style, const SyArrayScene *scene,
	const Visible *in)
{
	const SyPeWork *work = scene->work;

	if (scene->frame) {
		fill_frame(cr, v, style, scene->frame, scene->cols, in);
	} else if (work && work->points && work->utilisation < 1) {
		fill_shades(cr, v, style, work, in);
	} else {
		for (gint64 r = in->r0; r <= in->r1; r++)
			for (gint64 c = in->c0; c <= in->c1; c++)
				add_box(cr, v, r, c);
		sy_render_set_color(cr, style->pe_fill, 1);
		cairo_fill_preserve(cr);
	}
	sy_render_set_color(cr, style->pe_border, 1);
	cairo_set_line_width(cr, MIN(1.2, v->scale / 20));
	cairo_stroke(cr);
}

static void draw_hover(cairo_t *cr, const SyRenderView *v,
	const SyRenderStyle *style, gint64 r, gint64 c)
{
	add_box(cr, v, r, c);
	sy_render_set_color(cr, style->accent, 0.25);
	cairo_fill_preserve(cr);
	sy_render_set_color(cr, style->accent, 1);
	cairo_set_line_width(cr, 2);
	cairo_stroke(cr);
}

/* PE indices with Cairo's own text: thousands of labels per frame are
 * too many for a Pango layout each. */
static void draw_labels(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style, const Visible *in)
{
	double size = MIN(v->scale * 0.2, 13);

	cairo_select_font_face(
		cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	sy_render_set_color(cr, style->foreground, 0.85);
	for (gint64 r = in->r0; r <= in->r1; r++)
		for (gint64 c = in->c0; c <= in->c1; c++) {
			cairo_text_extents_t ext;
			char label[64];
			double x, y;

			if (scene->n_dims == 1)
				g_snprintf(label, sizeof label,
					"%" G_GINT64_FORMAT, c);
			else
				g_snprintf(label, sizeof label,
					"%" G_GINT64_FORMAT
					",%" G_GINT64_FORMAT,
					r, c);
			centre(v, r, c, &x, &y);
			cairo_text_extents(cr, label, &ext);
			cairo_move_to(cr, x - ext.width / 2 - ext.x_bearing,
				y - size * 0.3);
			cairo_show_text(cr, label);
		}
	cairo_new_path(cr);
}

/* Each drawn link: one stroke for all its shafts, one fill for all its
 * heads. */
static void draw_links(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style, const Visible *in)
{
	cairo_set_line_width(cr, MAX(1.0, MIN(2.2, v->scale / 28)));
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);
		double off = link_offset(scene, i, v->scale);

		if (!drawn(l))
			continue;
		sy_render_set_color(
			cr, sy_render_style_color(style, l->color), 1);
		for (int heads = 0; heads < 2; heads++) {
			for (gint64 r = in->r0; r <= in->r1; r++)
				for (gint64 c = in->c0; c <= in->c1; c++)
					add_link(cr, v, scene, l, r, c, off,
						heads);
			if (heads)
				cairo_fill(cr);
			else
				cairo_stroke(cr);
		}
	}
}

/* Few pixels per PE: the grid as one block and one big arrow per flow. */
static void draw_summary(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style)
{
	double x0 = sy_render_x(v, 0);
	double y0 = sy_render_y(v, 0);
	double w = scene->cols * v->scale, h = scene->rows * v->scale;

	cairo_rectangle(cr, x0, y0, MAX(w, 1), MAX(h, 1));
	sy_render_set_color(cr, style->pe_fill, 1);
	cairo_fill_preserve(cr);
	sy_render_set_color(cr, style->pe_border, 1);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	cairo_set_line_width(cr, 3);
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);
		double off = link_offset(scene, i, 40);
		double cx = x0 + w / 2 - l->dr * off,
		       cy = y0 + h / 2 + l->dc * off;
		double len = hypot(l->dc, l->dr);
		double ux, uy;

		if (!drawn(l))
			continue;
		ux = l->dc / len;
		uy = l->dr / len;
		sy_render_set_color(
			cr, sy_render_style_color(style, l->color), 1);
		sy_render_arrow(cr, cx - ux * (w / 2 + 24),
			cy - uy * (h / 2 + 24), cx + ux * (w / 2 + 24),
			cy + uy * (h / 2 + 24), 12);
	}
}

/* Where the bottleneck's modules are, in grid units: all the PEs, or
 * one family of I/O modules; FALSE if the scene draws none. */
static gboolean bottleneck_box(const SyArrayScene *scene, double *x0,
	double *y0, double *x1, double *y1)
{
	if (!scene->bottleneck)
		return FALSE;
	if (g_str_equal(scene->bottleneck, "PE")) {
		*x0 = *y0 = 0;
		*x1 = (double)scene->cols;
		*y1 = (double)scene->rows;
		return TRUE;
	}
	return scene->io &&
		sy_io_scene_family_box(scene->io, scene->bottleneck, x0, y0, x1, y1);
}

/* The current path in warning stripes, dark and the warning colour in
 * turn: no array's colour looks like it (the palette has an orange). */
static void stroke_stripes(cairo_t *cr, const SyRenderStyle *style)
{
	static const double dash[] = {6, 6};

	cairo_set_line_width(cr, 4);
	sy_render_set_color(cr, style->foreground, 1);
	cairo_stroke_preserve(cr);
	cairo_set_dash(cr, dash, G_N_ELEMENTS(dash), 0);
	sy_render_set_color(cr, style->warning, 1);
	cairo_stroke(cr);
	cairo_set_dash(cr, NULL, 0, 0);
}

/* The bottleneck's modules in a striped outline a little outside
 * them. */
static void draw_bottleneck(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style)
{
	double x0, y0, x1, y1, pad;

	if (!bottleneck_box(scene, &x0, &y0, &x1, &y1))
		return;
	pad = MAX(4, 0.08 * v->scale);
	sy_render_rounded_rect(cr, sy_render_x(v, x0) - pad,
		sy_render_y(v, y0) - pad, (x1 - x0) * v->scale + 2 * pad,
		(y1 - y0) * v->scale + 2 * pad, pad);
	stroke_stripes(cr, style);
}

/* Whether an L3 module of the design folds partial results. */
static gboolean folds(const SyArrayScene *scene)
{
	for (guint i = 0; scene->io && i < scene->io->lanes->len; i++)
		if (((const SyIoLane *)g_ptr_array_index(scene->io->lanes, i))
				->fold_buffer)
			return TRUE;
	return FALSE;
}

/* The legend's line for the work of the PEs, or NULL without it. */
static char *work_text(const SyArrayScene *scene)
{
	const SyPeWork *w = scene->work;

	if (!w)
		return NULL;
	if (w->utilisation < 0)
		return g_strdup_printf("utilisation unknown: %s", w->why);
	if (w->utilisation == 1)
		return g_strdup("utilisation 100 % (every PE runs as many "
				"iterations)");
	return g_strdup_printf("utilisation %.1f %% (shade: a PE's work "
			       "of the busiest's)",
		100 * w->utilisation);
}

/* What the legend holds, measured: its lines and their widest. */
typedef struct {
	char *why; /* the bottleneck's line, or NULL */
	char *work; /* the utilisation's, or NULL */
	gboolean l2, fold;
	double size, line, w, h;
} Legend;

static void legend_measure(Legend *g, const SyArrayScene *scene, cairo_t *cr,
	const SyRenderStyle *style)
{
	double bx0, by0, bx1, by1;
	const char *extra[4];
	guint n = 0;

	g->why = bottleneck_box(scene, &bx0, &by0, &bx1, &by1)
		? g_strdup_printf("%s: the bottleneck", scene->bottleneck)
		: NULL;
	g->work = work_text(scene);
	g->l2 = scene->io && sy_io_scene_l2_lanes(scene->io, NULL);
	g->fold = folds(scene);
	g->size = style->font_size;
	g->line = g->size * 1.6;
	g->h = g->line *
			(scene->links->len + 1 + !!g->why + g->l2 + g->fold +
				!!g->work) +
		10;
	g->w = sy_render_text_width(cr, scene->title, g->size, TRUE);
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);

		g->w = MAX(g->w,
			sy_render_text_width(cr, l->label, g->size, FALSE) +
				22);
	}
	if (g->why)
		extra[n++] = g->why;
	if (g->work)
		extra[n++] = g->work;
	if (g->fold)
		extra[n++] = SY_ARRAY_FOLD_LEGEND;
	if (g->l2)
		extra[n++] = SY_ARRAY_L2_LEGEND;
	for (guint i = 0; i < n; i++)
		g->w = MAX(g->w,
			sy_render_text_width(cr, extra[i], g->size, FALSE) +
				22);
	/* The box: 10 pixels of padding either side of the text. */
	g->w += 20;
}

static void legend_clear(Legend *g)
{
	g_free(g->why);
	g_free(g->work);
}

void sy_array_scene_legend_size(const SyArrayScene *scene, cairo_t *cr,
	const SyRenderStyle *style, double *w, double *h)
{
	Legend g;

	legend_measure(&g, scene, cr, style);
	*w = g.w;
	*h = g.h;
	legend_clear(&g);
}

/* The legend's work line: a swatch of the shades, idle to busiest, or
 * of the PE fill where the PEs are not shaded. */
static void draw_work_swatch(
	cairo_t *cr, const SyRenderStyle *style, const SyPeWork *work, double y)
{
	for (int k = 0; k <= SHADES; k++) {
		cairo_rectangle(cr, 18 + k * 4, y - 4, 4, 8);
		sy_render_set_color(cr,
			work->utilisation >= 0 && work->utilisation < 1
				? shade_color(style, k)
				: style->pe_fill,
			1);
		cairo_fill(cr);
	}
	cairo_rectangle(cr, 18, y - 4, 4 * (SHADES + 1), 8);
	sy_render_set_color(cr, style->pe_border, 1);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
}

/* Where the legend of w x h pixels goes: the first corner of the view
 * (top-left, top-right, bottom-left, bottom-right) where it covers none
 * of the scene as drawn, else the top-left one. */
static void legend_corner(const SyArrayScene *scene, const SyRenderView *v,
	double w, double h, double *x, double *y)
{
	double sw, sh;
	SyRect c[4] = {{8, 8, w, h}, {v->width - w - 8, 8, w, h},
		{8, v->height - h - 8, w, h},
		{v->width - w - 8, v->height - h - 8, w, h}};
	g_autoptr(GArray) obstacles = g_array_new(FALSE, FALSE, sizeof(SyRect));
	SyRect drawn;
	int k;

	sy_array_scene_size(scene, &sw, &sh);
	drawn = (SyRect){sy_render_x(v, 0), sy_render_y(v, 0), sw * v->scale,
		sh * v->scale};
	g_array_append_val(obstacles, drawn);
	k = MAX(0, sy_render_place(c, G_N_ELEMENTS(c), obstacles));
	*x = c[k].x;
	*y = c[k].y;
}

/* A box with one line per link in its array's colour; one for each
 * mark of the L3 modules drawn, the bottleneck and the work; in a
 * corner of the view that leaves the scene uncovered where one does
 * (legend_corner). */
static void draw_legend(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style)
{
	Legend g;
	double y = 10, size, x0, y0, cx0, cy0, cx1, cy1;

	legend_measure(&g, scene, cr, style);
	size = g.size;
	legend_corner(scene, v, g.w, g.h, &x0, &y0);
	/* Outside the clip (a strip above or below it): nothing to draw. */
	cairo_clip_extents(cr, &cx0, &cy0, &cx1, &cy1);
	if (cy0 > y0 + g.h + 1 || cy1 < y0 - 1 || cx0 > x0 + g.w + 1 ||
		cx1 < x0 - 1) {
		legend_clear(&g);
		return;
	}
	/* Drawn as at the top-left corner, moved there. */
	cairo_save(cr);
	cairo_translate(cr, x0 - 8, y0 - 8);
	sy_render_rounded_rect(cr, 8, 8, g.w, g.h, 6);
	sy_render_set_color(cr, style->background, 0.88);
	cairo_fill_preserve(cr);
	sy_render_set_color(cr, style->muted, 1);
	cairo_set_line_width(cr, 1);
	cairo_stroke(cr);
	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(cr, scene->title, 18, y + 4, size, TRUE, FALSE);
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);

		y += g.line;
		sy_render_set_color(
			cr, sy_render_style_color(style, l->color), 1);
		if (drawn(l)) {
			cairo_set_line_width(cr, 2);
			sy_render_arrow(cr, 18, y + 4 + size / 2, 34,
				y + 4 + size / 2, 6);
		} else {
			cairo_rectangle(cr, 22, y + 4 + size / 2 - 4, 8, 8);
			cairo_fill(cr);
		}
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(cr, l->label, 40, y + 4, size, FALSE, FALSE);
	}
	if (g.l2) {
		y += g.line;
		sy_render_rounded_rect(cr, 20, y + 4 + size / 2 - 6, 12, 12, 2);
		sy_render_set_color(cr, style->muted, 0.6);
		cairo_fill(cr);
		sy_render_l2_glyph(
			cr, 26, y + 4 + size / 2, 12, style->foreground, style);
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(
			cr, SY_ARRAY_L2_LEGEND, 40, y + 4, size, FALSE, FALSE);
	}
	if (g.fold) {
		y += g.line;
		sy_render_rounded_rect(cr, 20, y + 4 + size / 2 - 6, 12, 12, 2);
		sy_render_set_color(cr, style->muted, 0.6);
		cairo_fill(cr);
		sy_render_fold_glyph(cr, 26, y + 4 + size / 2, 12, style);
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(cr, SY_ARRAY_FOLD_LEGEND, 40, y + 4, size, FALSE,
			FALSE);
	}
	if (g.work) {
		y += g.line;
		draw_work_swatch(cr, style, scene->work, y + 4 + size / 2);
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(cr, g.work, 40, y + 4, size, FALSE, FALSE);
	}
	if (g.why) {
		y += g.line;
		cairo_rectangle(cr, 19, y + 4 + size / 2 - 4, 14, 8);
		stroke_stripes(cr, style);
		sy_render_set_color(cr, style->foreground, 1);
		sy_render_text(cr, g.why, 40, y + 4, size, FALSE, FALSE);
	}
	cairo_restore(cr);
	legend_clear(&g);
}

/* Between summary and full detail: each flow as one line per row (or
 * column) through the array, with arrows where it enters and leaves. */
static void draw_flow_lines(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style, gint64 r0, gint64 r1,
	gint64 c0, gint64 c1)
{
	gint64 every = MAX(1, (gint64)ceil(8 / v->scale));

	cairo_set_line_width(cr, 1);
	for (guint i = 0; i < scene->links->len; i++) {
		const SyArrayLink *l = g_ptr_array_index(scene->links, i);
		double off = link_offset(scene, i, v->scale);
		gboolean rows = l->dr == 0;
		double sign = rows ? l->dc : l->dr;
		gint64 lo = rows ? r0 : c0, hi = rows ? r1 : c1;
		double a = sy_render_x(v, -0.6);
		double b = sy_render_x(v, scene->cols + 0.6);

		if (!drawn(l) || (l->dr && l->dc))
			continue;
		if (!rows) {
			a = sy_render_y(v, -0.6);
			b = sy_render_y(v, scene->rows + 0.6);
		}
		if (sign < 0) {
			double t = a;

			a = b;
			b = t;
		}
		sy_render_set_color(
			cr, sy_render_style_color(style, l->color), 0.85);
		for (gint64 k = lo - lo % every; k <= hi; k += every) {
			double x, y;

			centre(v, rows ? k : 0, rows ? 0 : k, &x, &y);
			if (rows)
				sy_render_arrow(cr, a, y + off, b, y + off,
					MIN(6, v->scale));
			else
				sy_render_arrow(cr, x - off, a, x - off, b,
					MIN(6, v->scale));
		}
	}
}

/* A frame's I/O families: outlined in the accent colour while one of
 * their modules moves words, in warning dashes while all that run
 * stall, and a bar under each box filled by its FIFOs' words.  The
 * modules inside the PEs (the grid's lane) are left to the PEs. */
static void draw_io_frame(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *v, const SyRenderStyle *style)
{
	static const double dash[] = {4, 3};
	const SyArrayFrame *f = scene->frame;

	for (guint i = 0; scene->io && i < f->n_lanes; i++) {
		const SyIoLane *lane = g_ptr_array_index(scene->io->lanes, i);
		double x0, y0, x1, y1, pad = 2, bar = MAX(3, 0.1 * v->scale);

		if (lane->edge == SY_EDGE_GRID ||
			!sy_io_scene_family_box(
				scene->io, lane->name, &x0, &y0, &x1, &y1))
			continue;
		x0 = sy_render_x(v, x0) - pad;
		y0 = sy_render_y(v, y0) - pad;
		x1 = sy_render_x(v, x1) + pad;
		y1 = sy_render_y(v, y1) + pad;
		if (f->fill[i] >= 0) {
			cairo_rectangle(cr, x0, y1, x1 - x0, bar);
			sy_render_set_color(cr, style->muted, 0.35);
			cairo_fill(cr);
			cairo_rectangle(
				cr, x0, y1, (x1 - x0) * f->fill[i], bar);
			sy_render_set_color(cr, style->accent, 1);
			cairo_fill(cr);
		}
		if (f->lane[i] == SY_FRAME_IDLE)
			continue;
		cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0);
		cairo_set_line_width(cr, 2.5);
		if (f->lane[i] == SY_FRAME_STALLED)
			cairo_set_dash(cr, dash, G_N_ELEMENTS(dash), 0);
		sy_render_set_color(cr,
			f->lane[i] == SY_FRAME_BUSY ? style->accent
						    : style->warning,
			1);
		cairo_stroke(cr);
		cairo_set_dash(cr, NULL, 0, 0);
	}
}

/* "cycle 120 of 256: 12 PEs computing, 4 stalled", bottom left. */
static void draw_frame_text(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *view, const SyRenderStyle *style)
{
	const SyArrayFrame *f = scene->frame;
	double size = style->font_size;
	g_autofree char *text = g_strdup_printf(
		"cycle %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT
		": %u PEs computing, %u stalled",
		f->cycle, f->cycles, f->busy, f->stalled);

	sy_render_set_color(cr, style->foreground, 1);
	sy_render_text(
		cr, text, 8, view->height - 1.6 * size, size, FALSE, FALSE);
}

static void draw_frame(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *grid, const SyRenderView *view,
	const SyRenderStyle *style)
{
	if (!scene->frame)
		return;
	draw_io_frame(cr, scene, grid, style);
	draw_frame_text(cr, scene, view, style);
}

void sy_render_array(cairo_t *cr, const SyArrayScene *scene,
	const SyRenderView *view, const SyRenderStyle *style, gint64 hover_row,
	gint64 hover_col)
{
	/* Drawing works in the grid's coordinates: PE (0, 0) at 0. */
	SyRenderView grid = *view, *v = &grid;
	Visible in;
	double x0, y0, x1, y1;

	grid.x0 -= scene->margin;
	grid.y0 -= scene->margin;
	sy_render_set_color(cr, style->background, 1);
	cairo_paint(cr);
	if (v->scale < SUMMARY_PX) {
		draw_summary(cr, scene, v, style);
		if (scene->io)
			sy_render_io(cr, scene->io, v, style, scene->selected);
		draw_frame(cr, scene, v, view, style);
		draw_legend(cr, scene, view, style);
		draw_bottleneck(cr, scene, v, style);
		return;
	}
	/* Only the PEs in view and in the clip (plus one around, for
	 * arrows in). */
	sy_render_visible(cr, v, &x0, &y0, &x1, &y1);
	in.c0 = MAX(0, (gint64)floor(x0) - 1);
	in.r0 = MAX(0, (gint64)floor(y0) - 1);
	in.c1 = MIN(scene->cols - 1, (gint64)ceil(x1) + 1);
	in.r1 = MIN(scene->rows - 1, (gint64)ceil(y1) + 1);
	draw_pes(cr, v, style, scene, &in);
	if (hover_row >= 0)
		draw_hover(cr, v, style, hover_row, hover_col);
	if (style->labels && v->scale >= LABELS_PX)
		draw_labels(cr, scene, v, style, &in);
	if (v->scale >= PORTS_PX)
		draw_ports(cr, v, scene, style, &in);
	if (v->scale < LINKS_PX)
		draw_flow_lines(
			cr, scene, v, style, in.r0, in.r1, in.c0, in.c1);
	else
		draw_links(cr, scene, v, style, &in);
	if (scene->io)
		sy_render_io(cr, scene->io, v, style, scene->selected);
	draw_frame(cr, scene, v, view, style);
	draw_legend(cr, scene, view, style);
	/* Over the legend: the L3 modules sit in the corner under it. */
	draw_bottleneck(cr, scene, v, style);
}

static guint color_of(const char *array, gpointer user)
{
	return array_index(user, array);
}

void sy_array_scene_set_design(SyArrayScene *scene, const SyDesign *design)
{
	g_clear_pointer(&scene->io, sy_io_scene_free);
	scene->margin = SY_ARRAY_MARGIN;
	if (!design)
		return;
	scene->io = sy_io_scene_new(
		design, scene->rows, scene->cols, color_of, scene);
	scene->margin = MAX(SY_ARRAY_MARGIN, sy_io_scene_margin(scene->io));
}

const char *sy_array_scene_hit_module(const SyArrayScene *scene,
	const SyRenderView *view, double px, double py)
{
	const SyIoLane *lane;

	if (!scene->io)
		return NULL;
	/* Modules first, then the FIFOs between them. */
	double x = view->x0 + px / view->scale - scene->margin;
	double y = view->y0 + py / view->scale - scene->margin;

	lane = sy_io_scene_hit(scene->io, x, y);
	return lane ? lane->name : sy_io_scene_hit_fifo(scene->io, x, y);
}

void sy_array_scene_set_bottleneck(SyArrayScene *scene, const char *name)
{
	g_free(scene->bottleneck);
	scene->bottleneck = g_strdup(name);
}

/* "A_IO_L2_in" for itself and its boundary. */
static gboolean same_family(const char *family, const char *name)
{
	gsize n = strlen(family);

	return name && strncmp(family, name, n) == 0 &&
		(!name[n] || g_str_equal(name + n, "_boundary"));
}

void sy_array_scene_select(SyArrayScene *scene, const char *name)
{
	g_free(scene->selected);
	scene->selected = g_strdup(name);
}

char *sy_array_scene_describe_module(
	const SyArrayScene *scene, const char *name)
{
	for (guint i = 0; scene->io && i < scene->io->lanes->len; i++) {
		const SyIoLane *l = g_ptr_array_index(scene->io->lanes, i);
		GString *out;

		if (!g_str_equal(l->name, name))
			continue;
		out = g_string_new(NULL);
		g_string_append_printf(out,
			"%s: %" G_GINT64_FORMAT " module%s, %s", l->name,
			l->count, l->count == 1 ? "" : "s",
			l->kind == SY_MODULE_DUMMY ? "dummy"
				: l->level         ? "I/O"
						   : "PE");
		if (l->level)
			g_string_append_printf(out, " level %u", l->level);
		g_string_append(out, l->in ? ", in" : ", out");
		if (l->chain_bits)
			g_string_append_printf(
				out, "\nchain FIFOs %u bits", l->chain_bits);
		if (l->pe_bits)
			g_string_append_printf(
				out, "\nPE FIFOs %u bits", l->pe_bits);
		if (l->dram_bits)
			g_string_append_printf(
				out, "\nDRAM words %u bits", l->dram_bits);
		if (l->dram_ports > 1)
			g_string_append_printf(out,
				", %u ports, one per module", l->dram_ports);
		if (l->partial)
			g_string_append(out,
				l->exterior ? "\npartial results passed PE to "
					      "PE, in at the first PE, out at "
					      "the last"
					    : "\npartial results written out "
					      "to DRAM and read back in a "
					      "later tile");
		if (l->fold_buffer)
			g_string_append_printf(out,
				"\nfolds partial results (local reduction) "
				"in %s, %" G_GINT64_FORMAT " bytes",
				l->fold_buffer, l->fold_bytes);
		if (l->l2_buffer)
			g_string_append_printf(out,
				"\nL2 buffer (two-level buffering): %s, "
				"%" G_GINT64_FORMAT " words of %u x %u bits, "
				"%" G_GINT64_FORMAT " bytes",
				l->l2_buffer, l->l2_words, l->l2_pack,
				l->l2_elem_bits, l->l2_bytes);
		if (same_family(l->name, scene->bottleneck))
			g_string_append(out, "\nThe bottleneck: the slowest "
					     "module of the design");
		return g_string_free(out, FALSE);
	}
	for (guint i = 0; scene->io && i < scene->io->lanes->len; i++) {
		const SyIoLane *l = g_ptr_array_index(scene->io->lanes, i);

		if (l->chain_fifo && g_str_equal(l->chain_fifo, name))
			return g_strdup_printf("%s: %u bits, between %s "
					       "modules",
				name, l->chain_bits, l->name);
		if (l->pe_fifo && g_str_equal(l->pe_fifo, name))
			return g_strdup_printf("%s: %u bits, between %s and "
					       "the PEs",
				name, l->pe_bits, l->name);
	}
	return NULL;
}
