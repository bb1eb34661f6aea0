#include <math.h>
#include <string.h>

#include "comm/io-plan.h"
#include "render-io.h"

#define BOX 0.56 /* a module's box, in scene units */
#define FIRST 0.8 /* from the grid's edge to lane 0's centre */
#define DETAIL_PX 8.0 /* below: lanes are bars */
#define LABEL_PX 28.0 /* from: FIFO widths */
#define FEED_PX 16.0 /* from: a feed line's tick into each PE */

static void lane_free(gpointer data)
{
	SyIoLane *lane = data;

	g_free(lane->name);
	g_free(lane->array);
	g_free(lane->chain_fifo);
	g_free(lane->pe_fifo);
	g_free(lane->l2_buffer);
	g_free(lane->fold_buffer);
	g_free(lane);
}

void sy_io_scene_free(SyIoScene *io)
{
	if (!io)
		return;
	g_ptr_array_unref(io->lanes);
	g_free(io);
}

/* "A_IO_L2_in" for both the family and its boundary. */
static char *family_of(const char *name)
{
	return g_str_has_suffix(name, "_boundary")
		? g_strndup(name, strlen(name) - strlen("_boundary"))
		: g_strdup(name);
}

static SyIoLane *find_lane(SyIoScene *io, const char *family)
{
	for (guint i = 0; i < io->lanes->len; i++) {
		SyIoLane *lane = g_ptr_array_index(io->lanes, i);

		if (g_str_equal(lane->name, family))
			return lane;
	}
	return NULL;
}

static gboolean on_edge(SyEdge edge)
{
	return edge == SY_EDGE_NORTH || edge == SY_EDGE_SOUTH ||
		edge == SY_EDGE_WEST || edge == SY_EDGE_EAST;
}

static void set_fifo(guint *bits, char **name, const SyFifo *f)
{
	*bits = f->width_bits;
	g_free(*name);
	*name = g_strdup(f->name);
}

/* FIFO widths: within a family's chain, and between it and the PEs. */
static void fifo_widths(SyIoScene *io, const SyDesign *design)
{
	for (guint i = 0; i < design->fifos->len; i++) {
		const SyFifo *f = g_ptr_array_index(design->fifos, i);
		g_autofree char *from = family_of(f->from->name);
		g_autofree char *to = family_of(f->to->name);
		SyIoLane *a = find_lane(io, from), *b = find_lane(io, to);

		if (a && a == b)
			set_fifo(&a->chain_bits, &a->chain_fifo, f);
		else if (a && f->to == design->pe)
			set_fifo(&a->pe_bits, &a->pe_fifo, f);
		else if (b && f->from == design->pe)
			set_fifo(&b->pe_bits, &b->pe_fifo, f);
		else if (b && !b->chain_bits)
			set_fifo(&b->chain_bits, &b->chain_fifo, f);
	}
}

static const SyIoLane *l2_of(const SyIoScene *io, const SyIoLane *l3);

/* "l2_A[64][16]" */
static char *buffer_text(const SyBuffer *b)
{
	GString *name = g_string_new(b->name);

	for (guint d = 0; d < b->n_dims; d++)
		g_string_append_printf(
			name, "[%" G_GINT64_FORMAT "]", b->shape[d]);
	return g_string_free(name, FALSE);
}

/* An L3 module's DRAM port, as design.h's SyDramPort has it. */
static void set_dram(SyIoLane *lane, const SyDesign *design, const SyModule *m)
{
	for (guint i = 0; m->level == 3 && i < design->dram->len; i++) {
		const SyDramPort *p = g_ptr_array_index(design->dram, i);

		if (p->plain_array == m->plain_array && p->in == m->in) {
			lane->dram_bits = p->width_bits;
			lane->dram_ports = p->ports;
			return;
		}
	}
}

/* An L3 module's L2 and fold buffers, as its lane shows them; whether
 * its path reads partial results back. */
static void set_buffers(SyIoLane *lane, const SyModule *m)
{
	const SyBuffer *b = sy_module_l2_buffer(m);
	const SyBuffer *fold = sy_module_fold_buffer(m);

	if (m->path && m->path->role == SY_PATH_PARTIAL) {
		lane->partial = TRUE;
		lane->exterior = m->path->exterior;
	}
	if (fold && !lane->fold_buffer) {
		lane->fold_buffer = buffer_text(fold);
		lane->fold_bytes = sy_buffer_bytes(fold);
	}
	if (!b || lane->l2_buffer)
		return;
	lane->l2_buffer = buffer_text(b);
	lane->l2_words = b->depth;
	lane->l2_pack = b->pack;
	lane->l2_elem_bits = b->elem_bits;
	lane->l2_bytes = sy_buffer_bytes(b);
}

guint sy_io_scene_l2_lanes(const SyIoScene *io, GPtrArray *names)
{
	guint n = 0;

	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(io->lanes, i);

		if (!lane->l2_buffer)
			continue;
		n++;
		if (names)
			g_ptr_array_add(names, lane->name);
	}
	return n;
}

SyIoScene *sy_io_scene_new(const SyDesign *design, gint64 rows, gint64 cols,
	SyIoColorFunc color_of, gpointer user)
{
	SyIoScene *io = g_new0(SyIoScene, 1);
	guint corners = 0, grids = 0;

	io->rows = rows;
	io->cols = cols;
	io->lanes = g_ptr_array_new_with_free_func(lane_free);
	for (guint i = 0; i < design->modules->len; i++) {
		const SyModule *m = g_ptr_array_index(design->modules, i);
		g_autofree char *family = NULL;
		SyIoLane *lane;

		if (m->kind == SY_MODULE_PE)
			continue;
		family = family_of(m->name);
		lane = find_lane(io, family);
		if (lane) {
			lane->count += m->count;
			set_buffers(lane, m);
			continue;
		}
		lane = g_new0(SyIoLane, 1);
		lane->name = g_steal_pointer(&family);
		lane->array = g_strdup(m->array->name);
		lane->color = color_of(m->array->name, user);
		lane->kind = m->kind;
		lane->level = m->level;
		lane->in = m->in;
		lane->edge = m->edge;
		lane->count = m->count;
		lane->parts = 1;
		set_buffers(lane, m);
		set_dram(lane, design, m);
		if (on_edge(m->edge))
			lane->lane = io->depth[m->edge - SY_EDGE_NORTH]++;
		else
			lane->lane = m->edge == SY_EDGE_CORNER ? corners++
							       : grids++;
		g_ptr_array_add(io->lanes, lane);
	}
	fifo_widths(io, design);
	/* --hbm: an L2 lane in as many chains as L3 modules head it. */
	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *l3 = g_ptr_array_index(io->lanes, i);
		SyIoLane *l2 = l3->edge == SY_EDGE_CORNER
			? (SyIoLane *)l2_of(io, l3)
			: NULL;

		if (l2 && l3->count > 1 && l2->count % l3->count == 0)
			l2->parts = l3->count;
	}
	return io;
}

/* Whether box i of a lane passes on to box i + 1: not the last of its
 * chain. */
static gboolean links_next(const SyIoLane *lane, gint64 i)
{
	return i + 1 < lane->count &&
		(i + 1) % (lane->count / lane->parts) != 0;
}

static guint split_before(
	const SyIoScene *io, SyEdge edge, const SyIoLane *lane);

double sy_io_scene_margin(const SyIoScene *io)
{
	guint deepest = 0;

	/* L3 modules sit one lane past the deepest (--hbm's, a lane each
	 * past it). */
	for (guint e = 0; e < 4; e++)
		deepest = MAX(deepest,
			io->depth[e] +
				MAX(1,
					split_before(
						io, SY_EDGE_NORTH + e, NULL)));
	return FIRST + deepest * SY_IO_LANE;
}

/* Geometry */

static double lane_offset(guint lane)
{
	return FIRST + lane * SY_IO_LANE;
}

/* The length of the edge a lane runs along. */
static double edge_length(const SyIoScene *io, const SyIoLane *lane)
{
	return lane->edge == SY_EDGE_WEST || lane->edge == SY_EDGE_EAST
		? (double)io->rows
		: (double)io->cols;
}

/* Box i's position along its edge: a row or column centre when the
 * lane has one module per row or column, evenly spread otherwise. */
static double along(const SyIoScene *io, const SyIoLane *lane, gint64 i)
{
	double len = edge_length(io, lane);

	if ((double)lane->count == len)
		return (double)i + 0.5;
	return ((double)i + 0.5) * len / (double)lane->count;
}

/* The L3 families split by --hbm whose chains run along edge, before
 * lane (all of them for NULL). */
static guint split_before(
	const SyIoScene *io, SyEdge edge, const SyIoLane *lane)
{
	guint n = 0;

	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *l = g_ptr_array_index(io->lanes, i);
		const SyIoLane *l2;

		if (l == lane)
			break;
		l2 = l->edge == SY_EDGE_CORNER && l->count > 1 ? l2_of(io, l)
							       : NULL;
		n += l2 && l2->edge == edge;
	}
	return n;
}

/* (x, y) moved past the deepest lane of edge, one lane further for
 * every split L3 family there before l3. */
static void beside(const SyIoScene *io, const SyIoLane *l3, SyEdge edge,
	double *x, double *y)
{
	double d = lane_offset(
		io->depth[edge - SY_EDGE_NORTH] + split_before(io, edge, l3));

	switch (edge) {
	case SY_EDGE_NORTH: *y = -d; break;
	case SY_EDGE_SOUTH: *y = (double)io->rows + d; break;
	case SY_EDGE_WEST: *x = -d; break;
	default: *x = (double)io->cols + d; break;
	}
}

static void box_centre(const SyIoScene *io, const SyIoLane *lane, gint64 i,
	double *x, double *y)
{
	double t = along(io, lane, i), d = lane_offset(lane->lane);
	const SyIoLane *l2;

	/* Several L3 modules (--hbm): each one lane past the deepest of
	 * its chain's edge, beside the chain's first module. */
	if (lane->edge == SY_EDGE_CORNER && lane->count > 1 &&
		(l2 = l2_of(io, lane))) {
		box_centre(io, l2, i * (l2->count / lane->count), x, y);
		beside(io, lane, l2->edge, x, y);
		return;
	}
	/* An L3 module heads its L2 chain, in the corner past the lanes
	 * that cross it. */
	if (lane->edge == SY_EDGE_CORNER && (l2 = l2_of(io, lane))) {
		box_centre(io, l2, 0, x, y);
		if (l2->edge == SY_EDGE_WEST || l2->edge == SY_EDGE_EAST)
			*y = -lane_offset(io->depth[SY_EDGE_NORTH - 1]);
		else
			*x = -lane_offset(io->depth[SY_EDGE_WEST - 1]);
		return;
	}

	switch (lane->edge) {
	case SY_EDGE_NORTH:
		*x = t;
		*y = -d;
		break;
	case SY_EDGE_SOUTH:
		*x = t;
		*y = (double)io->rows + d;
		break;
	case SY_EDGE_WEST:
		*x = -d;
		*y = t;
		break;
	case SY_EDGE_EAST:
		*x = (double)io->cols + d;
		*y = t;
		break;
	default:
		/* Corners: up and to the left of the grid, one per
		 * family. */
		*x = -lane_offset(lane->lane) - 0.2;
		*y = -lane_offset(lane->lane) - 0.2;
		break;
	}
}

/* The L2 chain an L3 module feeds or drains: same stem, same way. */
static const SyIoLane *l2_of(const SyIoScene *io, const SyIoLane *l3)
{
	gsize stem = strlen(l3->name) - strlen("L3_in");

	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *l = g_ptr_array_index(io->lanes, i);

		if (l->level == 2 && l->in == l3->in &&
			strncmp(l->name, l3->name, stem) == 0 &&
			(l->edge != SY_EDGE_GRID && l->edge != SY_EDGE_CORNER))
			return l;
	}
	return NULL;
}

/* What of the grid's coordinates the view and the clip show. */
typedef struct {
	double x0, y0, x1, y1;
} Shown;

/* The boxes of a lane that are shown: [*lo, *hi]. */
static gboolean visible(const SyIoScene *io, const SyIoLane *lane,
	const Shown *in, gint64 *lo, gint64 *hi)
{
	gboolean vertical = lane->edge == SY_EDGE_WEST ||
		lane->edge == SY_EDGE_EAST;
	double a = vertical ? in->y0 : in->x0;
	double b = vertical ? in->y1 : in->x1;
	double per = edge_length(io, lane) / (double)lane->count;

	if (!on_edge(lane->edge)) {
		*lo = 0;
		*hi = lane->count > 0 ? 0 : -1;
		return lane->count > 0;
	}
	*lo = MAX(0, (gint64)floor(a / per) - 1);
	*hi = MIN(lane->count - 1, (gint64)ceil(b / per) + 1);
	return *lo <= *hi;
}

const SyIoLane *sy_io_scene_hit(const SyIoScene *io, double x, double y)
{
	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(io->lanes, i);
		double per, t, bx, by;
		gint64 k;

		if (lane->edge == SY_EDGE_GRID)
			continue;
		if (lane->edge == SY_EDGE_CORNER) {
			for (k = 0; k < lane->count; k++) {
				box_centre(io, lane, k, &bx, &by);
				if (fabs(x - bx) <= BOX / 2 &&
					fabs(y - by) <= BOX / 2)
					return lane;
			}
			continue;
		}
		per = edge_length(io, lane) / (double)lane->count;
		t = lane->edge == SY_EDGE_WEST || lane->edge == SY_EDGE_EAST
			? y
			: x;
		k = (gint64)floor(t / per);
		if (k < 0 || k >= lane->count)
			continue;
		box_centre(io, lane, k, &bx, &by);
		if (fabs(x - bx) <= BOX / 2 && fabs(y - by) <= BOX / 2)
			return lane;
	}
	return NULL;
}

const char *sy_io_scene_hit_fifo(const SyIoScene *io, double x, double y)
{
	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(io->lanes, i);
		gboolean vertical = lane->edge == SY_EDGE_WEST ||
			lane->edge == SY_EDGE_EAST;
		double t = vertical ? y : x, across = vertical ? x : y;
		double per, bx, by, lane_at;
		gint64 k;

		if (!on_edge(lane->edge) || lane->count == 0)
			continue;
		per = edge_length(io, lane) / (double)lane->count;
		k = (gint64)floor(t / per);
		if (k < 0 || k >= lane->count)
			continue;
		box_centre(io, lane, k, &bx, &by);
		lane_at = vertical ? bx : by;
		/* Along the lane, between this box and the next. */
		if (lane->chain_fifo && links_next(lane, k) &&
			fabs(across - lane_at) < 0.12 &&
			t > along(io, lane, k) + BOX / 2)
			return lane->chain_fifo;
		/* Across, from the box to the grid. */
		if (lane->pe_fifo && fabs(t - along(io, lane, k)) < 0.12 &&
			((lane_at < 0 && across > lane_at + BOX / 2 &&
				 across < 0.12) ||
				(lane_at > 0 && across < lane_at - BOX / 2 &&
					across > lane_at -
							lane_offset(
								lane->lane) -
							0.12)))
			return lane->pe_fifo;
	}
	return NULL;
}

/* Drawing */

static void set_lane_color(cairo_t *cr, const SyRenderStyle *style,
	const SyIoLane *lane, double alpha)
{
	sy_render_set_color(
		cr, sy_render_style_color(style, lane->color), alpha);
}

/* Below DETAIL_PX a lane is one bar along its edge. */
static void draw_bar(cairo_t *cr, const SyIoScene *io, const SyIoLane *lane,
	const SyRenderView *v, const SyRenderStyle *style)
{
	double x0, y0, x1, y1, h = BOX / 2;

	box_centre(io, lane, 0, &x0, &y0);
	box_centre(io, lane, lane->count - 1, &x1, &y1);
	cairo_rectangle(cr, sy_render_x(v, MIN(x0, x1) - h),
		sy_render_y(v, MIN(y0, y1) - h),
		MAX(2, (fabs(x1 - x0) + 2 * h) * v->scale),
		MAX(2, (fabs(y1 - y0) + 2 * h) * v->scale));
	set_lane_color(cr, style, lane, 0.55);
	cairo_fill(cr);
}

static void add_box(cairo_t *cr, const SyRenderView *v, double x, double y)
{
	double s = BOX * v->scale;

	sy_render_rounded_rect(cr, sy_render_x(v, x) - s / 2,
		sy_render_y(v, y) - s / 2, s, s, s * 0.18);
}

/* A pair of points a box's edge apart, from box (ax, ay) towards
 * (bx, by), for arrows that start and end at boxes. */
static void arrow_between(cairo_t *cr, const SyRenderView *v, double ax,
	double ay, double bx, double by, double shrink_a, double shrink_b)
{
	double dx = bx - ax, dy = by - ay, len = hypot(dx, dy);

	if (len <= shrink_a + shrink_b)
		return;
	dx /= len;
	dy /= len;
	sy_render_arrow(cr, sy_render_x(v, ax + dx * shrink_a),
		sy_render_y(v, ay + dy * shrink_a),
		sy_render_x(v, bx - dx * shrink_b),
		sy_render_y(v, by - dy * shrink_b), MIN(8, v->scale * 0.12));
}

/* Where a box hands data to its PE: the nearest PE's edge. */
static void pe_point(const SyIoScene *io, const SyIoLane *lane, double bx,
	double by, double *x, double *y)
{
	*x = bx;
	*y = by;
	switch (lane->edge) {
	case SY_EDGE_NORTH: *y = 0.12; break;
	case SY_EDGE_SOUTH: *y = (double)io->rows - 0.12; break;
	case SY_EDGE_WEST: *x = 0.12; break;
	case SY_EDGE_EAST: *x = (double)io->cols - 0.12; break;
	default: break;
	}
}

/* A lane with fewer modules than PEs along its edge (an L2 module
 * feeding the L1 modules of a whole row or column): a line from each
 * module along the PEs it serves, first to last, so that the lane runs
 * the length of the array; from PORTS_PX, a tick into each PE shown. */
static void draw_feed(cairo_t *cr, const SyIoScene *io, const SyIoLane *lane,
	const SyRenderView *v, const Shown *in, gint64 lo, gint64 hi)
{
	gboolean vertical = lane->edge == SY_EDGE_WEST ||
		lane->edge == SY_EDGE_EAST;
	double per = edge_length(io, lane) / (double)lane->count;
	double a = vertical ? in->y0 : in->x0, b = vertical ? in->y1 : in->x1;

	for (gint64 i = lo; i <= hi; i++) {
		double x, y, px, py, s0 = i * per + 0.5,
				     s1 = (i + 1) * per - 0.5;

		box_centre(io, lane, i, &x, &y);
		pe_point(io, lane, x, y, &px, &py);
		if (vertical) {
			cairo_move_to(
				cr, sy_render_x(v, x), sy_render_y(v, s0));
			cairo_line_to(
				cr, sy_render_x(v, x), sy_render_y(v, s1));
		} else {
			cairo_move_to(
				cr, sy_render_x(v, s0), sy_render_y(v, y));
			cairo_line_to(
				cr, sy_render_x(v, s1), sy_render_y(v, y));
		}
		for (double t = MAX(s0, floor(a) + 0.5);
			v->scale >= FEED_PX && t <= MIN(s1, b + 0.5); t += 1) {
			double fx = vertical ? x : t, fy = vertical ? t : y;
			double tx = vertical ? px : t, ty = vertical ? t : py;

			cairo_move_to(
				cr, sy_render_x(v, fx), sy_render_y(v, fy));
			cairo_line_to(
				cr, sy_render_x(v, tx), sy_render_y(v, ty));
		}
	}
	cairo_stroke(cr);
}

static void draw_edge_lane(cairo_t *cr, const SyIoScene *io,
	const SyIoLane *lane, const SyRenderView *v, const Shown *in,
	const SyRenderStyle *style, gboolean selected)
{
	gboolean feeds = (double)lane->count == edge_length(io, lane) &&
		lane->level == 2;
	gint64 lo, hi;

	if (!visible(io, lane, in, &lo, &hi))
		return;
	for (gint64 i = lo; i <= hi; i++) {
		double x, y;

		box_centre(io, lane, i, &x, &y);
		add_box(cr, v, x, y);
	}
	set_lane_color(
		cr, style, lane, lane->kind == SY_MODULE_DUMMY ? 0.15 : 0.35);
	cairo_fill_preserve(cr);
	set_lane_color(cr, style, lane, 1);
	if (selected)
		sy_render_set_color(cr, style->accent, 1);
	cairo_set_line_width(cr, selected ? 2.5 : 1);
	cairo_stroke(cr);
	/* The chain, and the hand-over to the PEs. */
	set_lane_color(cr, style, lane, 0.9);
	cairo_set_line_width(cr, MAX(1, MIN(2, v->scale / 30)));
	for (gint64 i = lo; i <= hi; i++) {
		double x, y, nx, ny, px, py;

		box_centre(io, lane, i, &x, &y);
		if (links_next(lane, i) && lane->kind != SY_MODULE_DUMMY) {
			box_centre(io, lane, i + 1, &nx, &ny);
			if (lane->in)
				arrow_between(
					cr, v, x, y, nx, ny, BOX / 2, BOX / 2);
			else
				arrow_between(
					cr, v, nx, ny, x, y, BOX / 2, BOX / 2);
		}
		if (!feeds)
			continue;
		pe_point(io, lane, x, y, &px, &py);
		if (lane->in)
			arrow_between(cr, v, x, y, px, py, BOX / 2, 0);
		else
			arrow_between(cr, v, px, py, x, y, 0, BOX / 2);
	}
	if (!feeds && lane->level == 2 && lane->kind != SY_MODULE_DUMMY &&
		(double)lane->count < edge_length(io, lane)) {
		set_lane_color(cr, style, lane, 0.6);
		cairo_set_line_width(cr, 1);
		draw_feed(cr, io, lane, v, in, lo, hi);
	}
}

/* L3 modules at the corner, each with its arrow to its L2 chain. */
static void draw_corner(cairo_t *cr, const SyIoScene *io, const SyIoLane *lane,
	const SyRenderView *v, const SyRenderStyle *style, gboolean selected)
{
	const SyIoLane *l2 = l2_of(io, lane);
	/* One box, or (--hbm) one per L3 module, each above its chain. */
	gint64 n = l2 ? lane->count : 1;

	for (gint64 j = 0; j < n; j++) {
		double x, y;

		box_centre(io, lane, j, &x, &y);
		add_box(cr, v, x, y);
		set_lane_color(cr, style, lane, 0.6);
		cairo_fill_preserve(cr);
		if (selected)
			sy_render_set_color(cr, style->accent, 1);
		else
			set_lane_color(cr, style, lane, 1);
		cairo_set_line_width(cr, selected ? 2.5 : 1);
		cairo_stroke(cr);
		if (lane->l2_buffer)
			sy_render_l2_glyph(cr, sy_render_x(v, x),
				sy_render_y(v, y), BOX * v->scale,
				sy_render_style_color(style, lane->color),
				style);
		if (lane->fold_buffer)
			sy_render_fold_glyph(cr, sy_render_x(v, x),
				sy_render_y(v, y), BOX * v->scale, style);
		if (l2) {
			double nx, ny;

			box_centre(io, l2, j * (l2->count / n), &nx, &ny);
			set_lane_color(cr, style, lane, 0.9);
			cairo_set_line_width(cr, 1.2);
			if (lane->in)
				arrow_between(
					cr, v, x, y, nx, ny, BOX / 2, BOX / 2);
			else
				arrow_between(
					cr, v, nx, ny, x, y, BOX / 2, BOX / 2);
		}
	}
}

/* L1 modules inside the PEs: a small box in each PE's corner. */
static void draw_grid_lane(cairo_t *cr, const SyIoScene *io,
	const SyIoLane *lane, const SyRenderView *v, const Shown *in,
	const SyRenderStyle *style)
{
	double s = 0.16;
	gint64 r0 = MAX(0, (gint64)floor(in->y0) - 1);
	gint64 c0 = MAX(0, (gint64)floor(in->x0) - 1);
	gint64 r1 = MIN(io->rows - 1, (gint64)ceil(in->y1));
	gint64 c1 = MIN(io->cols - 1, (gint64)ceil(in->x1));

	if (v->scale < 16)
		return;
	for (gint64 r = r0; r <= r1; r++)
		for (gint64 c = c0; c <= c1; c++)
			cairo_rectangle(cr,
				sy_render_x(
					v, c + 0.86 - s - lane->lane * 1.2 * s),
				sy_render_y(v, r + 0.14), s * v->scale,
				s * v->scale);
	set_lane_color(cr, style, lane, 0.85);
	cairo_fill_preserve(cr);
	sy_render_set_color(cr, style->pe_border, 1);
	cairo_set_line_width(cr, 0.6);
	cairo_stroke(cr);
}

gboolean sy_io_scene_family_box(const SyIoScene *io, const char *name,
	double *x0, double *y0, double *x1, double *y1)
{
	g_autofree char *family = family_of(name);
	const SyIoLane *lane = find_lane((SyIoScene *)io, family);
	double ax, ay, bx, by;

	if (!lane)
		return FALSE;
	if (lane->edge == SY_EDGE_GRID) {
		*x0 = *y0 = 0;
		*x1 = (double)io->cols;
		*y1 = (double)io->rows;
		return TRUE;
	}
	box_centre(io, lane, 0, &ax, &ay);
	/* A corner draws one box for all its modules, but (--hbm) one
	 * per L3 module that heads a chain. */
	if (lane->edge == SY_EDGE_CORNER &&
		!(lane->count > 1 && l2_of(io, lane)))
		bx = ax, by = ay;
	else
		box_centre(io, lane, lane->count - 1, &bx, &by);
	*x0 = MIN(ax, bx) - BOX / 2;
	*y0 = MIN(ay, by) - BOX / 2;
	*x1 = MAX(ax, bx) + BOX / 2;
	*y1 = MAX(ay, by) + BOX / 2;
	return TRUE;
}

/* What labels must keep clear of: every lane's modules and the PEs,
 * in pixels. */
static GArray *label_obstacles(const SyIoScene *io, const SyRenderView *v)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(SyRect));
	SyRect grid = {sy_render_x(v, 0), sy_render_y(v, 0),
		io->cols * v->scale, io->rows * v->scale};

	g_array_append_val(out, grid);
	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(io->lanes, i);
		double x0, y0, x1, y1;
		SyRect r;

		if (lane->edge == SY_EDGE_GRID ||
			!sy_io_scene_family_box(
				io, lane->name, &x0, &y0, &x1, &y1))
			continue;
		r = (SyRect){sy_render_x(v, x0), sy_render_y(v, y0),
			(x1 - x0) * v->scale, (y1 - y0) * v->scale};
		g_array_append_val(out, r);
	}
	return out;
}

/* A chain label's places, best first: centred on the lane's first
 * FIFO, outside the lane (away from the grid), then inside it. */
static void label_candidates(const SyIoLane *lane, const SyRenderView *v,
	double mx, double my, double w, double h, SyRect *c)
{
	double half = BOX / 2 * v->scale + 3;
	gboolean vertical = lane->edge == SY_EDGE_WEST ||
		lane->edge == SY_EDGE_EAST;
	gboolean out_low = lane->edge == SY_EDGE_NORTH ||
		lane->edge == SY_EDGE_WEST; /* outside is up or left */

	for (int k = 0; k < 2; k++) {
		gboolean low = k == 0 ? out_low : !out_low;

		if (vertical)
			c[k] = (SyRect){low ? mx - half - w : mx + half,
				my - h / 2, w, h};
		else
			c[k] = (SyRect){mx - w / 2,
				low ? my - half - h : my + half, w, h};
	}
}

GArray *sy_io_scene_labels(
	const SyIoScene *io, const SyRenderView *v, cairo_t *cr, double size)
{
	GArray *labels = g_array_new(FALSE, FALSE, sizeof(SyIoLabel));
	GArray *obstacles;

	if (v->scale < LABEL_PX)
		return labels;
	obstacles = label_obstacles(io, v);
	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(io->lanes, i);
		SyIoLabel label = {lane, "", {0, 0, 0, 0}};
		double x, y, nx, ny, w, h;
		SyRect c[2];
		int k;

		if (!on_edge(lane->edge) || lane->count < 2 ||
			!lane->chain_bits || !links_next(lane, 0))
			continue;
		g_snprintf(
			label.text, sizeof label.text, "%ub", lane->chain_bits);
		box_centre(io, lane, 0, &x, &y);
		box_centre(io, lane, 1, &nx, &ny);
		sy_render_text_size(cr, label.text, size, FALSE, &w, &h);
		label_candidates(lane, v, sy_render_x(v, (x + nx) / 2),
			sy_render_y(v, (y + ny) / 2), w, h, c);
		k = sy_render_place(c, G_N_ELEMENTS(c), obstacles);
		if (k < 0)
			continue;
		label.rect = c[k];
		g_array_append_val(labels, label);
		g_array_append_val(obstacles, label.rect);
	}
	g_array_unref(obstacles);
	return labels;
}

double sy_io_label_size(const SyRenderStyle *style, const SyRenderView *v)
{
	return MIN(style->font_size, v->scale * 0.2);
}

static void draw_labels(cairo_t *cr, const SyIoScene *io, const SyRenderView *v,
	const SyRenderStyle *style)
{
	double size = sy_io_label_size(style, v);
	g_autoptr(GArray) labels = sy_io_scene_labels(io, v, cr, size);

	sy_render_set_color(cr, style->foreground, 0.8);
	for (guint i = 0; i < labels->len; i++) {
		const SyIoLabel *l = &g_array_index(labels, SyIoLabel, i);

		sy_render_text(
			cr, l->text, l->rect.x, l->rect.y, size, FALSE, FALSE);
	}
}

void sy_render_io(cairo_t *cr, const SyIoScene *io, const SyRenderView *v,
	const SyRenderStyle *style, const char *selected)
{
	Shown in;

	sy_render_visible(cr, v, &in.x0, &in.y0, &in.x1, &in.y1);
	for (guint i = 0; i < io->lanes->len; i++) {
		const SyIoLane *lane = g_ptr_array_index(io->lanes, i);
		gboolean chosen = selected && g_str_equal(selected, lane->name);

		if (lane->edge == SY_EDGE_GRID)
			draw_grid_lane(cr, io, lane, v, &in, style);
		else if (lane->edge == SY_EDGE_CORNER)
			draw_corner(cr, io, lane, v, style, chosen);
		else if (v->scale < DETAIL_PX)
			draw_bar(cr, io, lane, v, style);
		else
			draw_edge_lane(cr, io, lane, v, &in, style, chosen);
	}
	draw_labels(cr, io, v, style);
}
