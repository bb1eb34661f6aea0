#include <isl/options.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>

#include "poly/reschedule.h"

/* AutoSA's construct_schedule_constraints, without live-range
 * reordering (even with --live-range-reordering: isl's conditional
 * validity is not used, so the false dependences stay validity). */
static isl_schedule_constraints *constraints(
	const SyScop *scop, const SyDeps *deps)
{
	isl_union_map *dep = isl_union_map_copy(deps->coincidence);
	isl_union_map *reuse = isl_union_map_factor_domain(
		isl_union_map_copy(deps->read));
	isl_schedule_constraints *sc = isl_schedule_constraints_on_domain(
		isl_union_set_copy(scop->domain));

	sc = isl_schedule_constraints_set_coincidence(
		sc, isl_union_map_copy(dep));
	sc = isl_schedule_constraints_set_proximity(
		sc, isl_union_map_copy(dep));
	return isl_schedule_constraints_set_validity(
		sc, isl_union_map_union(dep, reuse));
}

/* The scheduler under AutoSA's options; the context's own are put back
 * for whatever else runs in it. */
static isl_schedule *compute(isl_ctx *ctx, isl_schedule_constraints *sc)
{
	int whole = isl_options_get_schedule_whole_component(ctx);
	int depth = isl_options_get_schedule_maximize_band_depth(ctx);
	int coincidence = isl_options_get_schedule_maximize_coincidence(ctx);
	isl_schedule *schedule;

	isl_options_set_schedule_whole_component(ctx, 0);
	isl_options_set_schedule_maximize_band_depth(ctx, 1);
	isl_options_set_schedule_maximize_coincidence(ctx, 1);
	schedule = isl_schedule_constraints_compute_schedule(sc);
	isl_options_set_schedule_whole_component(ctx, whole);
	isl_options_set_schedule_maximize_band_depth(ctx, depth);
	isl_options_set_schedule_maximize_coincidence(ctx, coincidence);
	return schedule;
}

isl_multi_union_pw_aff *sy_reschedule_outer_band(
	const SyScop *scop, const SyDeps *deps)
{
	isl_schedule *schedule = compute(scop->ctx, constraints(scop, deps));
	isl_schedule_node *node;
	isl_multi_union_pw_aff *band = NULL;

	if (!schedule)
		return NULL;
	node = isl_schedule_get_root(schedule);
	isl_schedule_free(schedule);
	if (isl_schedule_node_has_children(node) == isl_bool_true)
		node = isl_schedule_node_child(node, 0);
	if (isl_schedule_node_get_type(node) == isl_schedule_node_band &&
		isl_schedule_node_band_get_permutable(node) == isl_bool_true)
		band = isl_schedule_node_band_get_partial_schedule(node);
	isl_schedule_node_free(node);
	return band;
}
