/* Bounds that read the kernel (dse/bound.h): the fill bound (per
 * array, what a tile of the band reads or writes of it at least, read
 * off the accesses once; per point, arithmetic on the tiles) and the
 * compulsory traffic. */
#include <math.h>

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/val.h>

#include "comm/design.h"
#include "dse/bound.h"
#include "poly/count.h"

/* An access as the bound reads it: per array dimension, the band
 * members its subscript moves with (a bit each), and all of them. */
typedef struct {
	guint n_dims;
	guint64 *members;
	guint64 moves;
} Access;

typedef struct {
	gboolean in; /* read, never written */
	guint bits;
	GArray *accesses; /* Access */
} Array;

struct _SyDseBound {
	const SyChoices *choices;
	SyModelTarget target;
	GArray *arrays; /* Array: the inputs and outputs that give one */
};

static void array_clear(Array *a)
{
	for (guint k = 0; a->accesses && k < a->accesses->len; k++)
		g_free(g_array_index(a->accesses, Access, k).members);
	if (a->accesses)
		g_array_unref(a->accesses);
}

void sy_dse_bound_free(SyDseBound *bound)
{
	if (!bound)
		return;
	if (bound->arrays)
		g_array_unref(bound->arrays);
	g_free(bound);
}

static isl_stat keep_piece(
	__isl_take isl_set *set, __isl_take isl_aff *aff, void *user)
{
	isl_set_free(set);
	*(isl_aff **)user = aff;
	return isl_stat_ok;
}

/* pa's affine expression where it has one piece (over the statement's
 * domain), NULL where it has several or divisions. */
static isl_aff *one_aff(__isl_take isl_pw_aff *pa)
{
	isl_aff *aff = NULL;

	if (pa && isl_pw_aff_n_piece(pa) == 1)
		isl_pw_aff_foreach_piece(pa, keep_piece, &aff);
	isl_pw_aff_free(pa);
	if (aff && isl_aff_dim(aff, isl_dim_div) != 0)
		aff = isl_aff_free(aff);
	return aff;
}

/* Per loop of st, the band member that is that loop (coefficient 1 or
 * -1 and no other loop), or -1; FALSE where a member is anything else
 * but a constant (a statement aligned with a loop's end). */
static gboolean members_of(
	const SyStmt *st, const SyBand *band, int *member, guint n_loops)
{
	isl_space *space = isl_space_add_dims(
		isl_space_from_domain(isl_set_get_space(st->domain)),
		isl_dim_out, 1);

	for (guint j = 0; j < n_loops; j++)
		member[j] = -1;
	for (guint m = 0; m < band->n_members; m++) {
		isl_aff *aff = one_aff(isl_union_pw_aff_extract_pw_aff(
			band->members[m].value, isl_space_copy(space)));
		int loop = -1, n = 0;

		for (guint j = 0; aff && j < n_loops; j++) {
			isl_val *v = isl_aff_get_coefficient_val(
				aff, isl_dim_in, (int)j);

			if (!isl_val_is_zero(v)) {
				n++;
				loop = isl_val_is_one(v) || isl_val_is_negone(v)
					? (int)j
					: -2;
			}
			isl_val_free(v);
		}
		isl_aff_free(aff);
		if (!aff || n > 1 || loop == -2) {
			isl_space_free(space);
			return FALSE;
		}
		if (loop >= 0)
			member[loop] = (int)m;
	}
	isl_space_free(space);
	return TRUE;
}

/* The members each dimension of x's subscripts moves with; FALSE where
 * a subscript is not one affine piece, reads a loop another dimension
 * reads, or moves with a loop outside the band (the bound would not
 * know how far). */
static gboolean access_of(
	const SyAccess *x, const int *member, guint n_loops, Access *out)
{
	guint n = (guint)isl_multi_pw_aff_dim(x->subscripts, isl_dim_out);
	guint64 seen = 0;

	out->n_dims = n;
	out->members = g_new0(guint64, MAX(n, 1));
	for (guint d = 0; d < n; d++) {
		isl_aff *aff = one_aff(
			isl_multi_pw_aff_get_at(x->subscripts, (int)d));

		if (!aff)
			return FALSE;
		for (guint j = 0; j < n_loops; j++) {
			isl_val *v = isl_aff_get_coefficient_val(
				aff, isl_dim_in, (int)j);
			gboolean moves = !isl_val_is_zero(v);

			isl_val_free(v);
			if (!moves)
				continue;
			if (member[j] < 0 || member[j] >= 64 ||
				(seen & ((guint64)1 << member[j]))) {
				isl_aff_free(aff);
				return FALSE;
			}
			out->members[d] |= (guint64)1 << member[j];
		}
		seen |= out->members[d];
		isl_aff_free(aff);
	}
	out->moves = seen;
	return TRUE;
}

static Array *find_array(GArray *arrays, GPtrArray *of, const SyArray *a)
{
	for (guint k = 0; k < of->len; k++)
		if (of->pdata[k] == a)
			return &g_array_index(arrays, Array, k);
	return NULL;
}

/* Adds st's accesses to the arrays that give a bound (of: their
 * SyArray); FALSE where st gives none. */
static gboolean add_stmt(SyDseBound *b, GPtrArray *of, GPtrArray *dropped,
	const SyScop *scop, const SyStmt *st)
{
	guint n_loops = (guint)isl_set_dim(st->domain, isl_dim_set);
	g_autofree int *member = g_new(int, MAX(n_loops, 1));

	if (isl_set_is_box(st->domain) != isl_bool_true ||
		!members_of(st, b->choices->analysis->band, member, n_loops))
		return FALSE;
	for (guint k = 0; k < scop->accesses->len; k++) {
		const SyAccess *x = g_ptr_array_index(scop->accesses, k);
		Array *a = x->stmt == st ? find_array(b->arrays, of, x->array)
					 : NULL;
		Access acc = {0, NULL, 0};

		/* An output's module moves what the tile writes. */
		if (!a || !x->expr || (!a->in && !x->write))
			continue;
		if (access_of(x, member, n_loops, &acc))
			g_array_append_val(a->accesses, acc);
		else {
			g_free(acc.members);
			g_ptr_array_add(dropped, (gpointer)x->array);
		}
	}
	return TRUE;
}

/* The inputs and outputs of one dimension or more, not the SCoP's own:
 * those whose data leave or enter through DRAM. */
static void add_arrays(SyDseBound *b, GPtrArray *of, const SyScop *scop)
{
	for (guint k = 0; k < scop->arrays->len; k++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, k);
		guint bits = sy_type_bits(x->var->base_type);
		Array a = {x->read && !x->written, bits ? bits : 32, NULL};

		if (x->local || !x->n_dims || !(x->read || x->written))
			continue;
		a.accesses = g_array_new(FALSE, FALSE, sizeof(Access));
		g_array_append_val(b->arrays, a);
		g_ptr_array_add(of, (gpointer)x);
	}
}

/* Drops the arrays an access of which the bound cannot read. */
static void drop_arrays(SyDseBound *b, GPtrArray *of, GPtrArray *dropped)
{
	for (guint k = of->len; k-- > 0;)
		if (g_ptr_array_find(dropped, of->pdata[k], NULL)) {
			g_array_remove_index(b->arrays, k);
			g_ptr_array_remove_index(of, k);
		}
}

SyDseBound *sy_dse_bound_new(
	const SyChoices *choices, const SyModelTarget *target)
{
	const SyScop *scop = choices->analysis->scop;
	g_autoptr(SyDseBound) b = g_new0(SyDseBound, 1);
	g_autoptr(GPtrArray) of = g_ptr_array_new();
	g_autoptr(GPtrArray) dropped = g_ptr_array_new();

	b->choices = choices;
	b->target = *target;
	b->arrays = g_array_new(FALSE, FALSE, sizeof(Array));
	g_array_set_clear_func(b->arrays, (GDestroyNotify)array_clear);
	if (choices->analysis->band->n_members > 64)
		return NULL;
	add_arrays(b, of, scop);
	for (guint k = 0; k < scop->stmts->len; k++) {
		const SyStmt *st = g_ptr_array_index(scop->stmts, k);

		if (!st->kill && !add_stmt(b, of, dropped, scop, st))
			return NULL;
	}
	drop_arrays(b, of, dropped);
	return b->arrays->len ? g_steal_pointer(&b) : NULL;
}

/* Member m's tile at config, within its extent (*extent). */
static gint64 tile_of(
	const SyDseBound *b, const SyConfig *cfg, guint m, gint64 *extent)
{
	const SyBandMember *x = &b->choices->analysis->band->members[m];

	*extent = x->max - x->min + 1;
	return cfg->tile[m] > 0 ? MIN(cfg->tile[m], *extent) : *extent;
}

/* The values a tile of config takes along the members of mask at
 * least: the largest tile among them. */
static double values(const SyDseBound *b, const SyConfig *cfg, guint64 mask)
{
	double most = 1;
	gint64 extent;

	for (guint m = 0; m < cfg->n_members; m++)
		if (mask & ((guint64)1 << m))
			most = MAX(most, (double)tile_of(b, cfg, m, &extent));
	return most;
}

/* The elements of an access's tile at config at least (values). */
static double tile_elements(
	const SyDseBound *b, const SyConfig *cfg, const Access *acc)
{
	double n = 1;

	for (guint d = 0; d < acc->n_dims; d++)
		n *= values(b, cfg, acc->members[d]);
	return n;
}

/* A load of at least elements of bits each: its beats at the port's
 * rate at best, and the burst's start-up (model/latency.c's load). */
static double load(const SyDseBound *b, double elements, guint bits)
{
	const SyModelTarget *t = &b->target;
	double beats = ceil(elements * bits / t->port_bits);
	double per_cycle = t->port_gbps * 1e9 * 8 / t->port_bits /
		(t->mhz * 1e6);

	return beats / MIN(per_cycle, 1) + t->burst_cycles;
}

/* Whether b bounds anything on its target (a port's width and rate). */
static gboolean bounds(const SyDseBound *b)
{
	return b && b->target.port_bits != 0 && b->target.mhz > 0 &&
		b->target.port_gbps > 0;
}

double sy_dse_bound_fill(const SyDseBound *b, const SyConfig *cfg)
{
	double in = 0, out = 0;

	if (!bounds(b))
		return 0;
	for (guint k = 0; k < b->arrays->len; k++) {
		const Array *a = &g_array_index(b->arrays, Array, k);
		double most = 0;

		for (guint x = 0; x < a->accesses->len; x++) {
			most = MAX(most,
				tile_elements(b, cfg,
					&g_array_index(
						a->accesses, Access, x)));
		}
		if (!a->accesses->len)
			continue;
		if (a->in)
			in = MAX(in, load(b, most, a->bits));
		else
			out = MAX(out, load(b, most, a->bits));
	}
	return in + out;
}

/* The tiles along member m at config: its extent over its tile,
 * rounded up (padded tiles count whole). */
static double tiles_along(const SyDseBound *b, const SyConfig *cfg, guint m)
{
	gint64 extent, tile = tile_of(b, cfg, m, &extent);

	return (double)((extent + tile - 1) / tile);
}

/* How often an access's tile changes as config's tile loops run: the
 * tiles of every loop from the outermost down to the innermost that
 * moves it (moves: a bit per member).  Loops inside that one leave it
 * in place, and a buffer of one tile can keep it over them, at best;
 * over any other, the tile it holds has changed. */
static double changes(const SyDseBound *b, const SyConfig *cfg, guint64 moves)
{
	double n = 1;
	guint deepest = 0;
	gboolean any = FALSE;

	for (guint i = 0; i < cfg->n_members; i++)
		if (moves & ((guint64)1 << cfg->order[i])) {
			deepest = i;
			any = TRUE;
		}
	for (guint i = 0; any && i <= deepest; i++)
		n *= tiles_along(b, cfg, cfg->order[i]);
	return n;
}

double sy_dse_bound_steady(const SyDseBound *b, const SyConfig *cfg)
{
	double most = 0;

	if (!bounds(b) || cfg->tile_l2)
		return 0;
	for (guint k = 0; k < b->arrays->len; k++) {
		const Array *a = &g_array_index(b->arrays, Array, k);

		for (guint x = 0; x < a->accesses->len; x++) {
			const Access *acc = &g_array_index(
				a->accesses, Access, x);

			most = MAX(most,
				changes(b, cfg, acc->moves) *
					load(b, tile_elements(b, cfg, acc),
						a->bits));
		}
	}
	return most;
}

/* x's elements that accesses of kind write touch, within its extent;
 * NULL where none does. */
static isl_set *footprint(const SyScop *scop, const SyArray *x, gboolean write)
{
	isl_set *all = NULL;

	for (guint k = 0; k < scop->accesses->len; k++) {
		const SyAccess *acc = g_ptr_array_index(scop->accesses, k);
		isl_set *range;

		if (acc->array != x || acc->write != write || !acc->expr)
			continue;
		range = isl_set_intersect(isl_map_range(isl_map_copy(acc->map)),
			isl_set_copy(x->extent));
		all = all ? isl_set_union(all, range) : range;
	}
	return all;
}

double sy_dse_compulsory_bytes(const SyScop *scop)
{
	double bytes = 0;

	for (guint i = 0; i < scop->arrays->len; i++) {
		const SyArray *x = g_ptr_array_index(scop->arrays, i);
		guint bits = sy_type_bits(x->var->base_type);
		isl_set *set;
		gint64 n = 0;

		/* Arrays of the kernel's arguments only: the written ones
		 * leave once at least, the others come in once at least. */
		if (x->local || !x->n_dims)
			continue;
		set = footprint(scop, x, x->written);
		if (set && sy_count_points(set, &n, NULL) && n > 0)
			bytes += (double)n * (bits ? bits : 32) / 8;
		isl_set_free(set);
	}
	return bytes;
}
