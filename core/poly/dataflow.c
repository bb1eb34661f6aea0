#include <string.h>

#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/val.h>

#include "base/checked.h"
#include "poly/dataflow.h"

/* The first flow or read dependence that keeps member from being a space
 * loop, or NULL. */
gboolean sy_candidate_is_space(const SyCandidate *c, guint m)
{
	for (guint k = 0; k < c->n_space; k++)
		if (c->space[k] == m)
			return TRUE;
	return FALSE;
}

gboolean sy_candidate_crosses_pes(const SyCandidate *c, const gint64 *distance)
{
	for (guint k = 0; k < c->n_space; k++)
		if (distance[c->space[k]] != 0)
			return TRUE;
	return FALSE;
}

static const SyDep *space_obstacle(const SyDeps *deps, guint member)
{
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind != SY_DEP_FLOW && dep->kind != SY_DEP_READ)
			continue;
		if (!dep->uniform || dep->distance[member] < 0 ||
			dep->distance[member] > 1)
			return dep;
	}
	return NULL;
}

gboolean sy_dataflow_space_ok(const SyDeps *deps, guint member)
{
	return space_obstacle(deps, member) == NULL;
}

char *sy_dataflow_space_problem(
	const SyDeps *deps, const SyBand *band, guint member)
{
	const SyDep *dep = space_obstacle(deps, member);

	if (!dep)
		return NULL;
	if (!dep->uniform)
		return g_strdup_printf("the %s dependence on '%s' from %s to "
				       "%s is not uniform",
			sy_dep_kind_name(dep->kind), dep->source->array->name,
			dep->source->stmt->name, dep->sink->stmt->name);
	return g_strdup_printf("the %s dependence on '%s' from %s to %s has "
			       "distance %" G_GINT64_FORMAT " on loop '%s' "
			       "(a space loop needs 0 or 1)",
		sy_dep_kind_name(dep->kind), dep->source->array->name,
		dep->source->stmt->name, dep->sink->stmt->name,
		dep->distance[member], band->members[member].name);
}

const SyCandidate *sy_dataflow_find(GPtrArray *candidates, const SyDeps *deps,
	const SyBand *band, guint max_dims, const guint *space, guint n,
	char **why)
{
	guint sorted[3];

	*why = NULL;
	if (n == 0) {
		*why = g_strdup("choose at least one space loop");
		return NULL;
	}
	if (n > max_dims || n > 3) {
		*why = g_strdup_printf("arrays have at most %u dimensions "
				       "here (see the max-dims preference)",
			MIN(max_dims, 3));
		return NULL;
	}
	for (guint i = 0; i < n; i++) {
		*why = sy_dataflow_space_problem(deps, band, space[i]);
		if (*why)
			return NULL;
		sorted[i] = space[i];
	}
	/* Candidates list their loops in ascending order. */
	for (guint i = 0; i < n; i++)
		for (guint j = i + 1; j < n; j++)
			if (sorted[j] < sorted[i]) {
				guint t = sorted[i];

				sorted[i] = sorted[j];
				sorted[j] = t;
			}
	for (guint i = 0; i < candidates->len; i++) {
		const SyCandidate *c = g_ptr_array_index(candidates, i);

		if (c->n_space == n &&
			memcmp(c->space, sorted, n * sizeof(guint)) == 0)
			return c;
	}
	*why = g_strdup("the kernel maps to no systolic array");
	return NULL;
}

static void io_group_free(gpointer data)
{
	SyIoGroup *g = data;

	g_free(g->direction);
	g_ptr_array_unref(g->accesses);
	g_free(g);
}

static void candidate_free(gpointer data)
{
	SyCandidate *c = data;

	g_ptr_array_unref(c->io);
	g_free(c);
}

static void add_access(SyIoGroup *g, const SyAccess *a)
{
	if (!g_ptr_array_find(g->accesses, a, NULL))
		g_ptr_array_add(g->accesses, (gpointer)a);
}

/* Adds a group of the access unless one with the same array, kind and
 * direction (hence type) exists: AutoSA merges those, and the merged
 * group moves the accesses of both.  (A dependence's other end adds
 * itself: every access is visited.)  distance NULL means zero. */
static void add_group(SyCandidate *c, const SyAccess *access, SyDepKind kind,
	const gint64 *distance)
{
	const SyArray *array = access->array;
	SyIoGroup *g = g_new0(SyIoGroup, 1);

	g->accesses = g_ptr_array_new();
	add_access(g, access);
	g->array = array;
	g->kind = kind;
	g->n_space = c->n_space;
	g->direction = g_new0(gint64, c->n_space);
	for (guint i = 0; i < c->n_space; i++) {
		g->direction[i] = distance ? distance[c->space[i]] : 0;
		if (g->direction[i])
			g->exterior = TRUE;
	}
	for (guint i = 0; i < c->io->len; i++) {
		SyIoGroup *o = g_ptr_array_index(c->io, i);

		if (o->array == array && o->kind == kind &&
			memcmp(o->direction, g->direction,
				c->n_space * sizeof(gint64)) == 0) {
			for (guint k = 0; k < g->accesses->len; k++)
				add_access(
					o, g_ptr_array_index(g->accesses, k));
			io_group_free(g);
			return;
		}
	}
	g_ptr_array_add(c->io, g);
}

/* The I/O groups of one access: one per dependence it takes part in.  A
 * read whose values (some of them) come from outside without reuse is
 * fed to every PE on its own; a write that nothing overwrites is drained
 * from where it happens (both with direction zero, as AutoSA's identity
 * pseudo-dependence).  Read-only scalars are arguments, not I/O. */
static void add_access_groups(
	SyCandidate *c, const SyDeps *deps, const SyAccess *access)
{
	gboolean reused = FALSE, overwritten = FALSE;

	if (sy_access_is_argument(access))
		return;
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->kind == SY_DEP_ANTI ||
			(dep->source != access && dep->sink != access))
			continue;
		if (dep->kind == SY_DEP_OUTPUT)
			overwritten = TRUE;
		if (dep->kind == SY_DEP_READ)
			reused = TRUE;
		if (access->array->local && dep->kind != SY_DEP_FLOW)
			continue;
		add_group(c, access, dep->kind, dep->distance);
	}
	if (access->array->local)
		return;
	if (!access->write && !reused && sy_deps_live_in(deps, access))
		add_group(c, access, SY_DEP_READ, NULL);
	if (access->write && !overwritten)
		add_group(c, access, SY_DEP_OUTPUT, NULL);
}

static SyCandidate *new_candidate(const SyScop *scop, const SyDeps *deps,
	guint id, const guint *space, guint n)
{
	SyCandidate *c = g_new0(SyCandidate, 1);

	c->id = id;
	c->n_space = n;
	memcpy(c->space, space, n * sizeof *space);
	c->io = g_ptr_array_new_with_free_func(io_group_free);
	for (guint i = 0; i < scop->accesses->len; i++)
		add_access_groups(
			c, deps, g_ptr_array_index(scop->accesses, i));
	return c;
}

GPtrArray *sy_dataflow_candidates(const SyScop *scop, const SyDeps *deps,
	const SyBand *band, guint max_dims)
{
	GPtrArray *list = g_ptr_array_new_with_free_func(candidate_free);
	g_autofree guint *pool = g_new(guint, band->n_members + 1);
	guint n = 0, s[3];

	for (guint m = 0; m < band->n_members; m++)
		if (sy_dataflow_space_ok(deps, m))
			pool[n++] = m;
	/* AutoSA's order: 1D, then pairs, then triples, lexicographic. */
	for (guint a = 0; max_dims >= 1 && a < n; a++) {
		s[0] = pool[a];
		g_ptr_array_add(
			list, new_candidate(scop, deps, list->len, s, 1));
	}
	for (guint a = 0; max_dims >= 2 && a < n; a++)
		for (guint b = a + 1; b < n; b++) {
			s[0] = pool[a];
			s[1] = pool[b];
			g_ptr_array_add(list,
				new_candidate(scop, deps, list->len, s, 2));
		}
	for (guint a = 0; max_dims >= 3 && a < n; a++)
		for (guint b = a + 1; b < n; b++)
			for (guint d = b + 1; d < n; d++) {
				s[0] = pool[a];
				s[1] = pool[b];
				s[2] = pool[d];
				g_ptr_array_add(list,
					new_candidate(
						scop, deps, list->len, s, 3));
			}
	return list;
}

/* Why loop name from lo to hi cannot be counted in 64 bits. */
static char *too_long(const char *name, const char *lo, const char *hi)
{
	return g_strdup_printf("the extent of loop '%s' overflows 64 bits "
			       "(from %s to %s); Systole supports loops of "
			       "at most 2^63 - 1 iterations",
		name, lo, hi);
}

/* A loop's iterations (every FOR node's, whatever the band), counted
 * as computation management counts them; a reason if they do not fit
 * in 64 bits (for (long i = -9223372036854775807; i < N; i++)). */
static void check_loop_extent(const SyLoop *loop, GPtrArray *reasons)
{
	isl_set *it = loop->iterations;
	isl_val *lo = isl_set_dim_min_val(isl_set_copy(it), (int)loop->depth);
	isl_val *hi = isl_set_dim_max_val(isl_set_copy(it), (int)loop->depth);
	gint64 count;

	if (isl_val_is_int(lo) == isl_bool_true &&
		isl_val_is_int(hi) == isl_bool_true &&
		(isl_val_cmp_si(lo, G_MININT64) < 0 ||
			isl_val_cmp_si(hi, G_MAXINT64) > 0 ||
			!sy_checked_span(isl_val_get_num_si(lo),
				isl_val_get_num_si(hi), ABS(loop->node->step),
				&count))) {
		char *l = isl_val_to_str(lo), *h = isl_val_to_str(hi);

		g_ptr_array_add(
			reasons, too_long(loop->node->iter->name, l, h));
		free(l);
		free(h);
	}
	isl_val_free(lo);
	isl_val_free(hi);
}

/* Every loop's extent, and every band member's (loops of several nests
 * in one member span the union of their values), fits in 64 bits. */
static void check_extents(
	const SyDeps *deps, const SyBand *band, GPtrArray *reasons)
{
	guint before = reasons->len;
	gint64 count;

	for (guint i = 0; i < deps->scop->loops->len; i++)
		check_loop_extent(
			g_ptr_array_index(deps->scop->loops, i), reasons);
	for (guint m = 0; m < band->n_members && reasons->len == before; m++) {
		const SyBandMember *bm = &band->members[m];
		g_autofree char *lo = NULL, *hi = NULL;

		if (sy_checked_span(bm->min, bm->max, 1, &count))
			continue;
		lo = g_strdup_printf("%" G_GINT64_FORMAT, bm->min);
		hi = g_strdup_printf("%" G_GINT64_FORMAT, bm->max);
		g_ptr_array_add(reasons, too_long(bm->name, lo, hi));
	}
}

gboolean sy_dataflow_legal(
	const SyDeps *deps, const SyBand *band, GPtrArray *reasons)
{
	guint before = reasons->len;
	gboolean any = FALSE;

	check_extents(deps, band, reasons);

	if (band->n_members == 0)
		g_ptr_array_add(reasons,
			g_strdup_printf("no outermost "
					"permutable band: %s",
				band->stop));
	for (guint i = 0; i < deps->deps->len; i++) {
		const SyDep *dep = g_ptr_array_index(deps->deps, i);

		if (dep->uniform)
			continue;
		g_ptr_array_add(reasons,
			g_strdup_printf("the %s dependence "
					"on '%s' from %s to %s is not uniform: "
					"its distances "
					"%s vary with the iteration",
				sy_dep_kind_name(dep->kind),
				dep->source->array->name,
				dep->source->stmt->name, dep->sink->stmt->name,
				dep->distances));
	}
	if (reasons->len > before)
		return FALSE;
	for (guint m = 0; m < band->n_members; m++)
		if (sy_dataflow_space_ok(deps, m))
			any = TRUE;
	if (!any)
		g_ptr_array_add(reasons,
			g_strdup("no loop of the band has "
				 "flow and read distances of only 0 and 1, so "
				 "no loop "
				 "can be a space loop"));
	return any;
}
