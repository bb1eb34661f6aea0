/* The lane program of a single-statement kernel under a space-time
 * transform (lane-program.h): the domain, subscripts and iterators over
 * the new coordinates, and where each read takes its value. */
#include "lanes/lane-program.h"

#include "lanes/lane-coords.h"
#include "poly/movement.h"

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/ilp.h>
#include <isl/space.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/val.h>

#define SUPPORTED                                                              \
	"the lane targets take one statement whose outer loops are the "       \
	"band, "                                                               \
	"arrays of one element type with constant sizes and affine "           \
	"subscripts"

static gboolean fail(GError **error, SyLanesError code, const char *fmt, ...)
	G_GNUC_PRINTF(3, 4);

static gboolean fail(GError **error, SyLanesError code, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	g_set_error_literal(error, SY_LANES_ERROR, code, msg);
	g_free(msg);
	return FALSE;
}

gboolean sy_lanes_parse_width(const char *text, guint *width, GError **error)
{
	guint64 w;
	char *end;

	w = g_ascii_strtoull(text, &end, 10);
	if (!*text || *end || w < 1 || w > SY_LANES_MAX_WIDTH || (w & (w - 1)))
		return fail(error, SY_LANES_ERROR_OPTION,
			"--lanes takes a power of two from 1 to %d, not '%s'",
			SY_LANES_MAX_WIDTH, text);
	*width = (guint)w;
	return TRUE;
}

static void aff_clear(SyLaneAff *aff)
{
	g_free(aff->coef);
}

static void read_free(gpointer data)
{
	SyLaneRead *r = data;

	for (guint i = 0; i < r->n_dims; i++)
		aff_clear(&r->index[i]);
	g_free(r->index);
	g_free(r->dt);
	g_free(r);
}

static void conj_free(gpointer data)
{
	GArray *conj = data;

	for (guint i = 0; i < conj->len; i++)
		aff_clear(&g_array_index(conj, SyLaneConstraint, i).aff);
	g_array_unref(conj);
}

void sy_lane_program_free(SyLaneProgram *p)
{
	if (!p)
		return;
	sy_lane_coords_free(p->coords);
	g_free(p->rows);
	g_free(p->inverse);
	g_strfreev(p->coord_names);
	if (p->domain)
		g_ptr_array_unref(p->domain);
	g_free(p->tmin);
	g_free(p->tmax);
	g_free(p->stride);
	if (p->reads)
		g_ptr_array_unref(p->reads);
	if (p->write)
		read_free(p->write);
	if (p->iters) {
		for (guint i = 0; i < p->stmt->n_iters; i++)
			aff_clear(&p->iters[i]);
		g_free(p->iters);
	}
	if (p->arrays)
		g_ptr_array_unref(p->arrays);
	g_free(p->elem_type);
	g_free(p->strip_t0_min);
	g_free(p->strip_t0_max);
	if (p->notes)
		g_ptr_array_unref(p->notes);
	g_free(p);
}

void sy_lane_aff_print(
	GString *out, const SyLaneAff *aff, guint n, const char *const *names)
{
	gboolean first = TRUE;

	for (guint i = 0; i < n; i++) {
		gint64 c = aff->coef[i];

		if (!c)
			continue;
		if (first && c < 0)
			g_string_append(out, "-");
		else if (!first)
			g_string_append(out, c < 0 ? " - " : " + ");
		if (c != 1 && c != -1)
			g_string_append_printf(
				out, "%" G_GINT64_FORMAT " * ", c < 0 ? -c : c);
		g_string_append(out, names[i]);
		first = FALSE;
	}
	if (first)
		g_string_append_printf(out, "%" G_GINT64_FORMAT, aff->c0);
	else if (aff->c0)
		g_string_append_printf(out, " %c %" G_GINT64_FORMAT,
			aff->c0 < 0 ? '-' : '+',
			aff->c0 < 0 ? -aff->c0 : aff->c0);
}

/* v as a gint64, FALSE unless an integer that fits. */
static gboolean val_int(__isl_take isl_val *v, gint64 *out)
{
	gboolean ok = v && isl_val_is_int(v) && isl_val_get_den_si(v) == 1;

	if (ok)
		*out = isl_val_get_num_si(v);
	isl_val_free(v);
	return ok;
}

/* aff (over n inputs, no divisions, integer coefficients) into out. */
static gboolean aff_read(__isl_keep isl_aff *aff, guint n, SyLaneAff *out)
{
	out->coef = g_new0(gint64, n);
	if (isl_aff_dim(aff, isl_dim_div) != 0)
		return FALSE;
	for (guint i = 0; i < n; i++)
		if (!val_int(isl_aff_get_coefficient_val(aff, isl_dim_in, i),
			    &out->coef[i]))
			return FALSE;
	return val_int(isl_aff_get_constant_val(aff), &out->c0);
}

static isl_stat piece(
	__isl_take isl_set *set, __isl_take isl_aff *aff, void *user)
{
	isl_aff **last = user;

	isl_set_free(set);
	isl_aff_free(*last);
	*last = aff;
	return isl_stat_ok;
}

/* pa (one piece) into out. */
static gboolean pw_aff_read(__isl_take isl_pw_aff *pa, guint n, SyLaneAff *out)
{
	isl_aff *aff = NULL;
	gboolean ok;

	ok = pa && isl_pw_aff_n_piece(pa) == 1 &&
		isl_pw_aff_foreach_piece(pa, &piece, &aff) >= 0 && aff &&
		aff_read(aff, n, out);
	if (!out->coef)
		out->coef = g_new0(gint64, n);
	isl_aff_free(aff);
	isl_pw_aff_free(pa);
	return ok;
}

/* T as an isl map { [v...] -> [y...] }, or T^-1's. */
static __isl_give isl_multi_aff *matrix_aff(
	isl_ctx *ctx, const gint64 *m, guint n)
{
	isl_space *space = isl_space_map_from_domain_and_range(
		isl_space_set_alloc(ctx, 0, n), isl_space_set_alloc(ctx, 0, n));
	isl_multi_aff *ma = isl_multi_aff_zero(isl_space_copy(space));
	isl_local_space *ls = isl_local_space_from_space(
		isl_space_domain(space));

	for (guint r = 0; r < n; r++) {
		isl_aff *aff = isl_aff_zero_on_domain(isl_local_space_copy(ls));

		for (guint c = 0; c < n; c++)
			aff = isl_aff_set_coefficient_si(
				aff, isl_dim_in, c, (int)m[r * n + c]);
		ma = isl_multi_aff_set_aff(ma, r, aff);
	}
	isl_local_space_free(ls);
	return ma;
}

typedef struct {
	SyLaneProgram *p;
	GArray *conj;
	gboolean ok;
} DomainWalk;

static isl_stat add_constraint(__isl_take isl_constraint *c, void *user)
{
	DomainWalk *w = user;
	SyLaneConstraint lc = {{0}, 0};
	guint n = w->p->n_coords;

	lc.aff.coef = g_new0(gint64, n);
	lc.eq = isl_constraint_is_equality(c);
	for (guint i = 0; i < n; i++)
		if (!val_int(isl_constraint_get_coefficient_val(
				     c, isl_dim_set, i),
			    &lc.aff.coef[i]))
			w->ok = FALSE;
	if (!val_int(isl_constraint_get_constant_val(c), &lc.aff.c0))
		w->ok = FALSE;
	g_array_append_val(w->conj, lc);
	isl_constraint_free(c);
	return isl_stat_ok;
}

static isl_stat add_basic_set(__isl_take isl_basic_set *bset, void *user)
{
	DomainWalk *w = user;

	if (isl_basic_set_dim(bset, isl_dim_div) != 0)
		w->ok = FALSE;
	w->conj = g_array_new(FALSE, TRUE, sizeof(SyLaneConstraint));
	g_ptr_array_add(w->p->domain, w->conj);
	isl_basic_set_foreach_constraint(bset, &add_constraint, w);
	isl_basic_set_free(bset);
	return isl_stat_ok;
}

/* pa as a C expression, where the build's context says it is
 * defined; NULL if it is not defined there. */
static char *pw_aff_c(__isl_keep isl_ast_build *build,
	__isl_take isl_pw_aff *pa, __isl_keep isl_set *context)
{
	isl_set *defined = isl_pw_aff_domain(isl_pw_aff_copy(pa));
	isl_bool covers = isl_set_is_subset(context, defined);
	isl_ast_expr *e;
	char *c, *text;

	isl_set_free(defined);
	if (covers != isl_bool_true) {
		isl_pw_aff_free(pa);
		return NULL;
	}
	e = isl_ast_build_expr_from_pw_aff(build, pa);
	c = isl_ast_expr_to_C_str(e);
	isl_ast_expr_free(e);
	text = g_strdup(c);
	free(c);
	return text;
}

/* The first time row's range over the strip of lanes sy_s0 to sy_s0 +
 * W - 1: a strip of a skewed array is busy for a few steps of the
 * box only. */
static void strip_bounds(SyLaneProgram *p, __isl_keep isl_set *dom)
{
	isl_set *s = isl_set_insert_dims(
		isl_set_copy(dom), isl_dim_param, 0, 1);
	isl_local_space *ls;
	isl_constraint *c;
	isl_set *context;
	isl_ast_build *build;

	s = isl_set_set_dim_name(s, isl_dim_param, 0, "sy_s0");
	ls = isl_local_space_from_space(isl_set_get_space(s));
	c = isl_inequality_alloc(isl_local_space_copy(ls));
	c = isl_constraint_set_coefficient_si(c, isl_dim_set, 0, 1);
	c = isl_constraint_set_coefficient_si(c, isl_dim_param, 0, -1);
	s = isl_set_add_constraint(s, c);
	c = isl_inequality_alloc(ls);
	c = isl_constraint_set_coefficient_si(c, isl_dim_set, 0, -1);
	c = isl_constraint_set_coefficient_si(c, isl_dim_param, 0, 1);
	c = isl_constraint_set_constant_si(c, (int)p->width - 1);
	s = isl_set_add_constraint(s, c);
	context = isl_set_params(isl_set_copy(s));
	build = isl_ast_build_from_context(isl_set_copy(context));
	p->strip_t0_min = pw_aff_c(
		build, isl_set_dim_min(isl_set_copy(s), 1), context);
	p->strip_t0_max = pw_aff_c(build, isl_set_dim_max(s, 1), context);
	isl_ast_build_free(build);
	isl_set_free(context);
}

/* The domain over (k, t...) as constraints, and its box. */
static gboolean read_domain(
	SyLaneProgram *p, __isl_take isl_set *dom, GError **error)
{
	DomainWalk w = {p, NULL, TRUE};
	gint64 *lo = g_new0(gint64, p->n_coords),
	       *hi = g_new0(gint64, p->n_coords);

	dom = isl_set_remove_redundancies(isl_set_coalesce(dom));
	p->domain = g_ptr_array_new_with_free_func(conj_free);
	for (guint i = 0; w.ok && i < p->n_coords; i++) {
		w.ok = val_int(isl_set_dim_min_val(isl_set_copy(dom), (int)i),
			       &lo[i]) &&
			val_int(isl_set_dim_max_val(isl_set_copy(dom), (int)i),
				&hi[i]);
	}
	if (w.ok && isl_set_is_empty(dom) == isl_bool_false) {
		isl_set_foreach_basic_set(dom, &add_basic_set, &w);
		strip_bounds(p, dom);
	} else
		w.ok = FALSE;
	isl_set_free(dom);
	if (w.ok) {
		p->kmin = lo[0];
		p->kmax = hi[0];
		p->steps = 1;
		for (guint i = p->n_time; i-- > 0;) {
			p->tmin[i] = lo[i + 1];
			p->tmax[i] = hi[i + 1];
			p->stride[i] = p->steps;
			p->steps *= hi[i + 1] - lo[i + 1] + 1;
		}
	}
	g_free(lo);
	g_free(hi);
	if (!w.ok)
		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the iteration domain is not a union of boxes and "
			"affine constraints with constant bounds in the new "
			"coordinates (%s; define the sizes)",
			SUPPORTED);
	return TRUE;
}

/* The linear steps of a time difference dt, and whether it is
 * lexicographically positive. */
static gint64 delay_of(const SyLaneProgram *p, const gint64 *dt, gboolean *pos)
{
	gint64 steps = 0;

	*pos = FALSE;
	for (guint i = 0; i < p->n_time; i++) {
		if (!*pos && dt[i] < 0)
			break;
		if (dt[i] > 0)
			*pos = TRUE;
	}
	for (guint i = 0; i < p->n_time; i++)
		steps += dt[i] * p->stride[i];
	return steps;
}

/* T d into dk and dt. */
static void map_distance(
	const SyLaneProgram *p, const gint64 *d, gint64 *dk, gint64 *dt)
{
	for (guint r = 0; r < p->n_coords; r++) {
		gint64 s = 0;

		for (guint c = 0; c < p->n_coords; c++)
			s += p->rows[r * p->n_coords + c] * d[c];
		if (r == 0)
			*dk = s;
		else
			dt[r - 1] = s;
	}
}

static SyLaneRead *find_read(SyLaneProgram *p, const SyAccess *a)
{
	for (guint i = 0; i < p->reads->len; i++) {
		SyLaneRead *r = g_ptr_array_index(p->reads, i);

		if (r->access == a)
			return r;
	}
	return NULL;
}

/* Whether a delay line (hops h, delay) is better than r's: nearer
 * PEs first (a systolic array's neighbours), then shorter. */
static gboolean better(
	const SyLaneProgram *p, const SyLaneRead *r, gint64 h, gint64 delay)
{
	gint64 rh;

	if (r->source != SY_LANE_DELAY)
		return TRUE;
	rh = sy_lane_coords_hops(p->coords, r->dk, r->dt);
	return h < rh || (h == rh && delay < r->delay);
}

/* (dk, dt), or its opposite too for a reuse (which runs both ways),
 * as r's delay line, if better than the one it has. */
static void offer_step(SyLaneProgram *p, SyLaneRead *r, gint64 dk,
	const gint64 *dt, gboolean both)
{
	for (int sign = 1; sign >= (both ? -1 : 1); sign -= 2) {
		gint64 *sdt = g_new0(gint64, p->n_time);
		gboolean pos;
		gint64 delay;

		for (guint i = 0; i < p->n_time; i++)
			sdt[i] = sign * dt[i];
		delay = delay_of(p, sdt, &pos);
		if (sy_lane_coords_systolic(p->coords, sign * dk, sdt) &&
			delay > 0 && delay <= SY_LANES_MAX_DELAY &&
			better(p, r,
				sy_lane_coords_hops(p->coords, sign * dk, sdt),
				delay)) {
			r->source = SY_LANE_DELAY;
			r->dk = sign * dk;
			g_free(r->dt);
			r->dt = g_steal_pointer(&sdt);
			r->delay = delay;
		}
		g_free(sdt);
	}
}

/* A distance d over the band as r's delay line (offer_step). */
static void offer_delay(
	SyLaneProgram *p, SyLaneRead *r, const gint64 *d, gboolean both)
{
	gint64 dk, *dt = g_new0(gint64, p->n_time);

	map_distance(p, d, &dk, dt);
	offer_step(p, r, dk, dt, both);
	g_free(dt);
}

static gboolean same_index(
	const SyLaneProgram *p, const SyLaneRead *a, const SyLaneRead *b)
{
	if (a->access->array != b->access->array || a->n_dims != b->n_dims)
		return FALSE;
	for (guint d = 0; d < a->n_dims; d++) {
		if (a->index[d].c0 != b->index[d].c0)
			return FALSE;
		for (guint i = 0; i < p->n_coords; i++)
			if (a->index[d].coef[i] != b->index[d].coef[i])
				return FALSE;
	}
	return TRUE;
}

static gboolean is_zero(const gint64 *v, guint n)
{
	for (guint i = 0; i < n; i++)
		if (v[i])
			return FALSE;
	return TRUE;
}

/* T's space row and its first time row plus the space row, as
 * "[[0,1],[1,1]]" (--space-time completes the rest): a skew that puts
 * the lanes of a step one step apart along the space row. */
static char *skew_hint(const SyLaneProgram *p)
{
	GString *s = g_string_new("[");
	guint n = p->n_coords;

	/* over the band's loops: the loops below it are no rows of T */
	for (guint r = 0; r < 2; r++) {
		g_string_append(s, r ? ",[" : "[");
		for (guint c = 0; c < p->coords->n_band; c++)
			g_string_append_printf(s, "%s%" G_GINT64_FORMAT,
				c ? "," : "",
				p->rows[r * n + c] + (r == 1 ? p->rows[c] : 0));
		g_string_append(s, "]");
	}
	g_string_append(s, "]");
	return g_string_free(s, FALSE);
}

/* d's distance over the coordinates' loops (the band's, then those
 * below it), FALSE unless uniform there. */
static gboolean dep_distance(
	const SyLaneProgram *p, const SyDep *d, gint64 *dist)
{
	if (!d->uniform)
		return FALSE;
	if (p->coords->n_below)
		return sy_lane_coords_distance(
			p->coords, p->analysis, p->stmt, d->relation, dist);
	memcpy(dist, d->distance, sizeof(gint64) * p->n_coords);
	return TRUE;
}

/* The accumulator's delay line along dist: the shortest, but one that
 * moves across lanes first, so that the pieces that go through memory
 * (stored, then loaded back) stay in their lane. */
static void offer_accumulator(
	SyLaneProgram *p, SyLaneRead *r, const gint64 *dist)
{
	gint64 dk, *dt = g_new0(gint64, p->n_time);
	SyLaneRead kept = *r;

	map_distance(p, dist, &dk, dt);
	if (r->source == SY_LANE_DELAY && !r->dk && dk) {
		r->source = SY_LANE_LOAD;
		r->dt = NULL;
	}
	if (r->source != SY_LANE_DELAY || !r->dk || dk)
		offer_step(p, r, dk, dt, FALSE);
	if (kept.source == SY_LANE_DELAY && r->source != SY_LANE_DELAY) {
		*r = kept; /* the new one is too long: the old one stays */
	} else if (kept.dt != r->dt) {
		g_free(kept.dt);
	}
	g_free(dt);
}

/* Whether a flow into the accumulator goes through memory across lanes
 * (not along its delay line, and dk != 0). */
static gboolean crosses_in_memory(
	const SyLaneProgram *p, const SyLaneRead *r, const gint64 *dist)
{
	gint64 dk, *dt = g_new0(gint64, p->n_time);
	gboolean along;

	map_distance(p, dist, &dk, dt);
	along = dk == r->dk && !memcmp(dt, r->dt, sizeof(gint64) * p->n_time);
	g_free(dt);
	return dk && !along;
}

/* " (each step of the transform's time holds 128 rows of lanes)" for a
 * 2-D or 3-D array, whose rows lengthen every delay line; "" else. */
static char *rows_text(const SyLaneProgram *p)
{
	const SyLaneCoords *c = p->coords;
	gint64 rows = 1;

	if (c->n_space == 1)
		return g_strdup("");
	for (guint i = c->n_band - c->n_space; i + 1 < c->n_band; i++)
		rows *= p->tmax[i] - p->tmin[i] + 1;
	return g_strdup_printf(" (each step of the transform's time holds "
			       "%" G_GINT64_FORMAT " rows of lanes)",
		rows);
}

/* The flow and output dependences of the statement: they must run
 * forwards in time; a flow into the written element is the
 * accumulator's delay line. */
static gboolean check_flows(SyLaneProgram *p, GError **error)
{
	const SyDeps *deps = p->analysis->deps;
	g_autoptr(GPtrArray) into = g_ptr_array_new_with_free_func(g_free);

	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *d = g_ptr_array_index(deps->deps, i);
		gint64 dk, *dt, *dist;
		gboolean zero, ok;
		SyLaneRead *r;

		if (d->kind != SY_DEP_FLOW && d->kind != SY_DEP_OUTPUT)
			continue;
		dist = g_new0(gint64, p->n_coords);
		g_ptr_array_add(into, dist);
		if (!d->uniform)
			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"the %s dependence of %s is not uniform "
				"(distances %s); %s",
				sy_dep_kind_name(d->kind),
				d->source->array->name, d->distances,
				SUPPORTED);
		if (!dep_distance(p, d, dist)) {
			g_autofree char *below = g_strjoinv(
				", ", p->coords->names + p->coords->n_band);

			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"%s's %s dependence has no one distance over "
				"%s, below the band: the lane targets carry "
				"a value at one distance over the band's loops "
				"and the loops below it (hint: constant bounds "
				"for %s)",
				d->source->array->name,
				sy_dep_kind_name(d->kind), below, below);
		}
		dt = g_new0(gint64, p->n_time);
		map_distance(p, dist, &dk, dt);
		ok = sy_lane_coords_systolic(p->coords, dk, dt);
		zero = is_zero(dt, p->n_time);
		g_free(dt);
		if (!ok) {
			g_autofree char *hint = skew_hint(p);

			return fail(error, SY_LANES_ERROR_ILLEGAL,
				"%s's %s dependence moves %" G_GINT64_FORMAT
				" lane%s in %s time: the value would be needed "
				"%s; choose a transform whose time rows "
				"advance along every dependence (s.d > 0), as "
				"--space-time \"%s\" (the first time row plus "
				"the space row)",
				d->source->array->name,
				sy_dep_kind_name(d->kind), dk,
				dk == 1 || dk == -1 ? "" : "s",
				zero ? "no" : "negative",
				zero ? "in the step that makes it"
				     : "before it is made",
				hint);
		}
		if (d->kind != SY_DEP_FLOW) {
			g_ptr_array_remove(into, dist);
			continue;
		}
		r = find_read(p, d->sink);
		if (!r || !same_index(p, r, p->write))
			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"%s is read back at an element other than the "
				"one written (a recurrence); the lane targets "
				"carry only a statement's own accumulation",
				d->source->array->name);
		offer_accumulator(p, r, dist);
		p->accumulator = r;
	}
	/* any of its distances may give the line: checked once all are
	 * offered */
	if (p->accumulator && p->accumulator->source != SY_LANE_DELAY) {
		g_autofree char *rows = rows_text(p);

		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"%s's partial result comes back after more than %d "
			"steps%s: the lane targets keep an accumulator at most "
			"that long; choose a transform whose innermost time "
			"row runs along the reduction",
			p->write->access->array->name, SY_LANES_MAX_DELAY,
			rows);
	}
	if (p->accumulator)
		p->accumulator->movement = p->accumulator->dk ||
				sy_lane_coords_hops(p->coords,
					p->accumulator->dk, p->accumulator->dt)
			? "moving"
			: "stationary";
	for (guint i = 0; p->accumulator && i < into->len; i++)
		p->crosses_in_memory |= crosses_in_memory(
			p, p->accumulator, g_ptr_array_index(into, i));
	return TRUE;
}

/* The movement's steps of r's group (movement.h) as delay lines. */
static void offer_moves(SyLaneProgram *p, SyLaneRead *r, GPtrArray *moves)
{
	for (guint i = 0; moves && i < moves->len; i++) {
		const SyMovement *m = g_ptr_array_index(moves, i);

		if (!g_ptr_array_find(m->accesses, r->access, NULL) ||
			m->n_time != p->n_time || m->n_space != 1)
			continue;
		for (guint s = 0; s < m->n_steps; s++)
			if (m->steps[s].kind != SY_MOVEMENT_NONE &&
				m->steps[s].kind != SY_MOVEMENT_NON_UNIFORM)
				offer_step(p, r, m->steps[s].dk[0],
					m->steps[s].dt, TRUE);
	}
}

/* Each read's source: a splat where the lanes share the element, a
 * delay line along a read reuse (a read dependence, or a step of its
 * movement; over the coordinates' kernel where the transform was
 * extended), else memory. */
static void choose_sources(SyLaneProgram *p, GPtrArray *moves)
{
	gboolean extended = p->coords->n_below || p->coords->n_space > 1;

	const SyDeps *deps = p->analysis->deps;

	for (guint i = 0; i < p->reads->len; i++) {
		SyLaneRead *r = g_ptr_array_index(p->reads, i);
		gboolean on_k = FALSE;

		if (r == p->accumulator)
			continue;
		for (guint d = 0; d < r->n_dims; d++)
			on_k |= r->index[d].coef[0] != 0;
		if (!on_k) {
			r->source = SY_LANE_SPLAT;
			r->movement = "broadcast";
			continue;
		}
		if (extended) {
			g_autoptr(GPtrArray) reuses = sy_lane_coords_reuses(
				p->coords, r->index, r->n_dims);

			for (guint k = 0; k < reuses->len; k++) {
				const gint64 *v = g_ptr_array_index(reuses, k);

				offer_step(p, r, v[0], v + 1, FALSE);
			}
		}
		for (guint j = 0; !extended && j < deps->deps->len; j++) {
			const SyDep *d = g_ptr_array_index(deps->deps, j);

			if (d->kind == SY_DEP_READ && d->uniform &&
				d->source == r->access && d->sink == r->access)
				offer_delay(p, r, d->distance, TRUE);
		}
		if (!extended)
			offer_moves(p, r, moves);
		r->movement = r->source != SY_LANE_DELAY ? "memory"
			: r->dk || sy_lane_coords_hops(p->coords, r->dk, r->dt)
			? "forwarded"
			: "stationary";
	}
}

/* The accesses over (k, t...): full maps the new coordinates to the
 * statement's iterators. */
static gboolean read_accesses(
	SyLaneProgram *p, __isl_keep isl_pw_multi_aff *full, GError **error)
{
	const SyStmt *s = p->stmt;

	p->reads = g_ptr_array_new_with_free_func(read_free);
	for (guint i = 0; i < s->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(s->accesses, i);
		SyLaneRead *r = g_new0(SyLaneRead, 1);
		isl_multi_pw_aff *sub;
		gboolean ok = TRUE;

		r->access = a;
		r->source = SY_LANE_LOAD;
		r->movement = "memory";
		r->n_dims = a->array->n_dims;
		r->index = g_new0(SyLaneAff, MAX(r->n_dims, 1));
		if (a->write)
			p->write = r;
		else
			g_ptr_array_add(p->reads, r);
		if (a->array->n_dims == 0)
			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"%s is a scalar; %s (make it a one-element "
				"array or a constant)",
				a->array->name, SUPPORTED);
		sub = isl_multi_pw_aff_pullback_pw_multi_aff(
			isl_multi_pw_aff_copy(a->subscripts),
			isl_pw_multi_aff_copy(full));
		for (guint d = 0; d < r->n_dims; d++)
			ok &= pw_aff_read(isl_multi_pw_aff_get_at(sub, (int)d),
				p->n_coords, &r->index[d]);
		isl_multi_pw_aff_free(sub);
		if (!ok)
			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"a subscript of %s is not affine with integer "
				"coefficients in the new coordinates; %s",
				a->array->name, SUPPORTED);
	}
	return TRUE;
}

/* The statement's iterators over (k, t...). */
static gboolean read_iters(SyLaneProgram *p, __isl_keep isl_pw_multi_aff *full)
{
	gboolean ok = TRUE;

	p->iters = g_new0(SyLaneAff, p->stmt->n_iters);
	for (guint i = 0; i < p->stmt->n_iters; i++)
		ok &= pw_aff_read(isl_pw_multi_aff_get_at(full, (int)i),
			p->n_coords, &p->iters[i]);
	return ok;
}

/* One element type for every array, constant sizes. */
static gboolean read_arrays(SyLaneProgram *p, GError **error)
{
	static const struct {
		const char *type;
		guint size;
	} types[] = {{"float", 4}, {"double", 8}, {"int", 4},
		{"unsigned int", 4}, {"long", 8}, {"unsigned long", 8},
		{"long long", 8}, {"short", 2}, {"unsigned short", 2},
		{"signed char", 1}, {"unsigned char", 1}, {"char", 1},
		{"int8_t", 1}, {"uint8_t", 1}, {"int16_t", 2}, {"uint16_t", 2},
		{"int32_t", 4}, {"uint32_t", 4}, {"int64_t", 8},
		{"uint64_t", 8}};

	p->arrays = g_ptr_array_new();
	for (guint i = 0; i < p->stmt->accesses->len; i++) {
		const SyAccess *a = g_ptr_array_index(p->stmt->accesses, i);
		const SyVar *v = a->array->var;

		if (g_ptr_array_find(p->arrays, a->array, NULL))
			continue;
		g_ptr_array_add(p->arrays, (gpointer)a->array);
		for (guint d = 0; d < a->array->n_dims; d++)
			if (a->array->dims[d] <= 0)
				return fail(error, SY_LANES_ERROR_UNSUPPORTED,
					"%s's size %u is not a constant; %s",
					a->array->name, d, SUPPORTED);
		if (a->array->local)
			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"%s is declared in the SCoP; %s",
				a->array->name, SUPPORTED);
		if (!p->elem_type) {
			p->elem_type = g_strdup(v->base_type);
			p->integer = v->integer;
		} else if (!g_str_equal(p->elem_type, v->base_type)) {
			return fail(error, SY_LANES_ERROR_UNSUPPORTED,
				"%s holds %s, %s holds %s; %s",
				((const SyArray *)g_ptr_array_index(
					 p->arrays, 0))
					->name,
				p->elem_type, a->array->name, v->base_type,
				SUPPORTED);
		}
	}
	for (guint i = 0; i < G_N_ELEMENTS(types); i++)
		if (g_str_equal(p->elem_type, types[i].type))
			p->elem_size = types[i].size;
	if (!p->elem_size)
		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the element type %s is not one the lane targets "
			"vectorise (float, double, and the integer types)",
			p->elem_type);
	return TRUE;
}

/* The kernel's shape: one statement whose loops are the band. */
static gboolean check_kernel(const SyAnalysis *a, guint n, GError **error)
{
	const SyStmt *s;

	if (a->scop->stmts->len != 1 || a->scop->kills->len)
		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"%s has %u statements%s; %s (fold an initialisation "
			"into the data, as fir.c zeroes y before the SCoP)",
			sy_analysis_path(a), a->scop->stmts->len,
			a->scop->kills->len ? " and local declarations" : "",
			SUPPORTED);
	s = g_ptr_array_index(a->scop->stmts, 0);
	if (a->band->n_members != n)
		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the transform has %u rows, the band %u loops", n,
			a->band->n_members);
	if (n < 2)
		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the band has one loop: a lane program needs a "
			"space loop and at least one time loop");
	if (isl_set_dim(s->domain, isl_dim_param) != 0)
		return fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the loop bounds have parameters; %s (define them "
			"with -D)",
			SUPPORTED);
	return TRUE;
}

/* full: the new coordinates to the statement's iterators,
 * T^-1 then the band's values (and the loops below) back to the
 * loops. */
static __isl_give isl_pw_multi_aff *coords_to_iters(
	SyLaneProgram *p, GError **error)
{
	isl_ctx *ctx = p->analysis->ctx;
	isl_map *band = sy_lane_coords_values(p->coords, p->analysis, p->stmt);
	isl_pw_multi_aff *back;

	if (!band) {
		fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the band's values do not name each iteration once; %s",
			SUPPORTED);
		return NULL;
	}
	back = isl_pw_multi_aff_from_map(isl_map_reverse(band));
	return isl_pw_multi_aff_pullback_multi_aff(
		back, matrix_aff(ctx, p->inverse, p->n_coords));
}

/* ", from row k1 + 1": where a value of r's delay line comes from
 * along the rows of lanes. */
static void print_rows_from(
	GString *s, const SyLaneProgram *p, const SyLaneRead *r)
{
	const SyLaneCoords *c = p->coords;
	guint first = c->n_band - c->n_space; /* the rows' place in dt */

	for (guint i = 0; i + 1 < c->n_space; i++) {
		gint64 dr = r->dt[first + i];

		if (dr)
			g_string_append_printf(s,
				", from row %s %c %" G_GINT64_FORMAT,
				c->names[first + i + 1], dr < 0 ? '+' : '-',
				ABS(dr));
	}
}

static void add_notes(SyLaneProgram *p)
{
	char *steps = sy_lane_coords_describe(p->coords);

	p->notes = g_ptr_array_new_with_free_func(g_free);
	if (steps)
		g_ptr_array_add(p->notes, steps);
	p->steps_note = steps;
	for (guint i = 0; i < p->reads->len; i++) {
		const SyLaneRead *r = g_ptr_array_index(p->reads, i);
		GString *s = g_string_new(NULL);

		g_string_append_printf(s, "%s (read %s): %s",
			r->access->array->name, r->access->ref, r->movement);
		if (r->source == SY_LANE_DELAY) {
			g_string_append_printf(
				s, ", (dk, dt) = (%" G_GINT64_FORMAT, r->dk);
			for (guint t = 0; t < p->n_time; t++)
				g_string_append_printf(
					s, ", %" G_GINT64_FORMAT, r->dt[t]);
			g_string_append_printf(s,
				"): a delay line of %" G_GINT64_FORMAT
				" vector%s%s",
				r->delay, r->delay == 1 ? "" : "s",
				r->dk ? ", rotated a lane a step" : "");
			if (r->dk != 1 && r->dk != -1 && r->dk)
				g_string_append_printf(s,
					" (%" G_GINT64_FORMAT " lanes)", r->dk);
			print_rows_from(s, p, r);
		} else if (r->source == SY_LANE_SPLAT) {
			g_string_append(s, ": one load a step, splat");
		} else {
			g_string_append(s, ": loaded per lane each step");
		}
		g_ptr_array_add(p->notes, g_string_free(s, FALSE));
	}
}

SyLaneProgram *sy_lane_program_new(const SyAnalysis *a, const gint64 *rows,
	guint n, guint n_space, guint width, GPtrArray *moves, GError **error)
{
	g_autoptr(SyLaneProgram) p = g_new0(SyLaneProgram, 1);
	isl_pw_multi_aff *full;
	isl_set *dom;
	gboolean ok;

	if (!check_kernel(a, n, error))
		return NULL;
	p->coords = sy_lane_coords_new(a, rows, n, n_space, error);
	if (!p->coords)
		return NULL;
	p->analysis = a;
	p->stmt = g_ptr_array_index(a->scop->stmts, 0);
	p->width = width;
	n = p->coords->n;
	p->n_coords = n;
	p->n_time = n - 1;
	p->rows = g_memdup2(p->coords->rows, sizeof(gint64) * n * n);
	p->inverse = g_new0(gint64, n * n);
	p->tmin = g_new0(gint64, n);
	p->tmax = g_new0(gint64, n);
	p->stride = g_new0(gint64, n);
	p->coord_names = g_new0(char *, n + 1);
	p->coord_names[0] = g_strdup("k");
	for (guint i = 1; i < n; i++)
		p->coord_names[i] = g_strdup_printf("t%u", i - 1);
	if (!sy_lane_coords_invert(p->rows, n, p->inverse)) {
		fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the space-time matrix is not unimodular (|det| = 1)");
		return NULL;
	}
	if (!read_arrays(p, error))
		return NULL;
	full = coords_to_iters(p, error);
	if (!full)
		return NULL;
	dom = isl_set_preimage_pw_multi_aff(
		isl_set_copy(p->stmt->domain), isl_pw_multi_aff_copy(full));
	ok = read_domain(p, dom, error) && read_accesses(p, full, error);
	if (ok && !read_iters(p, full))
		ok = fail(error, SY_LANES_ERROR_UNSUPPORTED,
			"the loops are not affine functions of the new "
			"coordinates; %s",
			SUPPORTED);
	isl_pw_multi_aff_free(full);
	if (!ok || !check_flows(p, error))
		return NULL;
	choose_sources(p, moves);
	add_notes(p);
	return g_steal_pointer(&p);
}
