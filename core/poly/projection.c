#include <math.h>

#include <isl/aff.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>
#include <isl/vertices.h>

#include "poly/projection.h"

static void plane_set_clear(SyPlaneSet *set)
{
	if (set->points)
		g_array_unref(set->points);
	if (set->hull)
		g_array_unref(set->hull);
}

static void stmt_free(gpointer data)
{
	SyProjectedStmt *ps = data;

	plane_set_clear(&ps->set);
	g_free(ps);
}

static void dep_free(gpointer data)
{
	SyProjectedDep *pd = data;

	plane_set_clear(&pd->ends);
	g_free(pd);
}

void sy_projection_free(SyProjection *projection)
{
	if (!projection)
		return;
	g_ptr_array_unref(projection->stmts);
	g_ptr_array_unref(projection->deps);
	g_free(projection);
}

/* { [v0, ..., vn-1] -> [vx, vy] } (vy = 0 for a one-loop band). */
static isl_map *plane_of(isl_ctx *ctx, guint n, int x, int y)
{
	isl_space *space = isl_space_alloc(ctx, 0, n, 2);
	isl_local_space *ls = isl_local_space_from_space(
		isl_space_domain(isl_space_copy(space)));
	isl_multi_aff *ma = isl_multi_aff_zero(space);

	ma = isl_multi_aff_set_at(ma, 0,
		isl_aff_var_on_domain(
			isl_local_space_copy(ls), isl_dim_set, (unsigned)x));
	if (y >= 0)
		ma = isl_multi_aff_set_at(ma, 1,
			isl_aff_var_on_domain(isl_local_space_copy(ls),
				isl_dim_set, (unsigned)y));
	isl_local_space_free(ls);
	return isl_map_from_multi_aff(ma);
}

static isl_stat add_point(isl_point *pt, void *user)
{
	GArray *points = user;

	for (int d = 0; d < 2; d++) {
		isl_val *v = isl_point_get_coordinate_val(pt, isl_dim_set, d);
		gint64 c = isl_val_get_num_si(v);

		g_array_append_val(points, c);
		isl_val_free(v);
	}
	isl_point_free(pt);
	return isl_stat_ok;
}

typedef struct {
	GArray *hull;
} Vertices;

static isl_stat add_vertex(isl_vertex *vertex, void *user)
{
	Vertices *vs = user;
	isl_multi_aff *expr = isl_vertex_get_expr(vertex);

	for (int d = 0; d < 2; d++) {
		isl_aff *aff = isl_multi_aff_get_at(expr, d);
		isl_val *v = isl_aff_get_constant_val(aff);
		double c = isl_val_get_d(v);

		g_array_append_val(vs->hull, c);
		isl_val_free(v);
		isl_aff_free(aff);
	}
	isl_multi_aff_free(expr);
	isl_vertex_free(vertex);
	return isl_stat_ok;
}

static int compare_angle(gconstpointer a, gconstpointer b, gpointer center)
{
	const double *p = a, *q = b, *c = center;
	double ap = atan2(p[1] - c[1], p[0] - c[0]);
	double aq = atan2(q[1] - c[1], q[0] - c[0]);

	return ap < aq ? -1 : ap > aq;
}

/* The hull's vertices in counter-clockwise order. */
static GArray *hull_of(isl_set *set)
{
	isl_basic_set *hull = isl_set_polyhedral_hull(isl_set_copy(set));
	isl_vertices *vertices = isl_basic_set_compute_vertices(hull);
	Vertices vs = {g_array_new(FALSE, FALSE, sizeof(double))};
	double center[2] = {0, 0};
	guint n;

	isl_vertices_foreach_vertex(vertices, add_vertex, &vs);
	isl_vertices_free(vertices);
	isl_basic_set_free(hull);
	n = vs.hull->len / 2;
	for (guint i = 0; i < n; i++) {
		center[0] += g_array_index(vs.hull, double, 2 * i) / n;
		center[1] += g_array_index(vs.hull, double, 2 * i + 1) / n;
	}
	/* Sort pairs: view the array as n elements of two doubles. */
	g_qsort_with_data(vs.hull->data, (gint)n, 2 * sizeof(double),
		compare_angle, center);
	return vs.hull;
}

static gint64 bound(isl_set *set, int dim, gboolean max)
{
	isl_val *v = max ? isl_set_dim_max_val(isl_set_copy(set), dim)
			 : isl_set_dim_min_val(isl_set_copy(set), dim);
	gint64 c = isl_val_get_num_si(v);

	isl_val_free(v);
	return c;
}

/* Takes a set of the plane. */
static void plane_set_init(SyPlaneSet *ps, isl_set *set)
{
	guint64 area;

	set = isl_set_coalesce(set);
	ps->empty = isl_set_is_empty(set) != isl_bool_false;
	if (!ps->empty) {
		for (int d = 0; d < 2; d++) {
			ps->min[d] = bound(set, d, FALSE);
			ps->max[d] = bound(set, d, TRUE);
		}
		area = (guint64)(ps->max[0] - ps->min[0] + 1) *
			(guint64)(ps->max[1] - ps->min[1] + 1);
		if (area <= SY_PROJECTION_MAX_POINTS) {
			ps->points = g_array_new(FALSE, FALSE, sizeof(gint64));
			isl_set_foreach_point(set, add_point, ps->points);
		} else {
			ps->hull = hull_of(set);
		}
	}
	isl_set_free(set);
}

/* The set (taken) of a statement's instances, seen on the plane. */
static isl_set *on_plane(
	const SyAnalysis *a, isl_set *instances, isl_map *plane)
{
	isl_map *band = sy_band_map_of(a->band, isl_set_get_space(instances));

	return isl_set_apply(
		isl_set_apply(instances, band), isl_map_copy(plane));
}

static void extend_box(SyProjection *p, const SyPlaneSet *set, gboolean *any)
{
	for (int d = 0; d < 2 && !set->empty; d++) {
		p->min[d] = *any ? MIN(p->min[d], set->min[d]) : set->min[d];
		p->max[d] = *any ? MAX(p->max[d], set->max[d]) : set->max[d];
	}
	*any = *any || !set->empty;
}

SyProjection *sy_projection_new(const SyAnalysis *a, int x, int y)
{
	SyProjection *p = g_new0(SyProjection, 1);
	isl_map *plane;
	gboolean any = FALSE;

	p->x = x;
	p->y = y;
	p->stmts = g_ptr_array_new_with_free_func(stmt_free);
	p->deps = g_ptr_array_new_with_free_func(dep_free);
	if (x < 0 || (guint)x >= a->band->n_members ||
		(y >= 0 && (guint)y >= a->band->n_members))
		return p;
	/* Drawn in the explorer's thread on the analysis's context: its own
	 * budget, whatever the last stage there used. */
	sy_isl_stage_begin(a->ctx);
	plane = plane_of(a->ctx, a->band->n_members, x, y);
	for (guint i = 0; i < a->scop->stmts->len; i++) {
		const SyStmt *stmt = g_ptr_array_index(a->scop->stmts, i);
		SyProjectedStmt *ps = g_new0(SyProjectedStmt, 1);

		ps->stmt = stmt;
		plane_set_init(&ps->set,
			on_plane(a, isl_set_copy(stmt->domain), plane));
		extend_box(p, &ps->set, &any);
		g_ptr_array_add(p->stmts, ps);
	}
	for (guint i = 0; i < a->deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(a->deps->deps, i);
		SyProjectedDep *pd;

		if (!dep->uniform)
			continue;
		pd = g_new0(SyProjectedDep, 1);
		pd->dep = dep;
		pd->dx = dep->distance[x];
		pd->dy = y >= 0 ? dep->distance[y] : 0;
		plane_set_init(&pd->ends,
			on_plane(a, isl_map_range(isl_map_copy(dep->relation)),
				plane));
		g_ptr_array_add(p->deps, pd);
	}
	isl_map_free(plane);
	/* Nothing drawn rather than shapes from failed isl calls. */
	if (!sy_isl_stage_check(a->ctx, sy_analysis_path(a), "the projection",
		    NULL)) {
		g_ptr_array_set_size(p->stmts, 0);
		g_ptr_array_set_size(p->deps, 0);
		p->x = p->y = -1;
	}
	return p;
}
