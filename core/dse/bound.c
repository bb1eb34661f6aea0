/* Bounds of the search (dse/search-private.h) that read the kernel
 * rather than a point. */
#include <isl/map.h>
#include <isl/set.h>

#include "comm/design.h"
#include "dse/search-private.h"
#include "poly/count.h"

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
