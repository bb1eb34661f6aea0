/* Independent dataflow problems.  isl's dataflow analysis pairs each
 * sink with every source of the same array and runs a few parametric
 * optimisations per pair, whether or not the two ever touch the same
 * element; and before that it computes, at every statement of the
 * schedule, that statement's prefix schedule from bands over all
 * statements.  Both are quadratic in the number of statements: 200
 * statements each reading one row of A and writing the next make 40000
 * pairs (2 of them real) and 200 prefix schedules of 200 pieces each.
 *
 * Here the accesses of each array are split into groups whose
 * footprints' bounding boxes meet (transitively), and each group is
 * analysed alone, on the schedule of its own statements.  Accesses in
 * different groups touch disjoint elements, and a group without a
 * write has no dependence, so nothing is lost: for each sink isl sees
 * the same sink, the same sources that can matter, in the same order,
 * under the same prefix schedules. */
#pragma once

#include "base/own.h"
#include "poly/scop.h"

G_BEGIN_DECLS

/* reads, writes and kills of one group, and the schedule of their
 * statements (all kept). */
typedef void (*SyDepsGroupFunc)(__isl_keep isl_union_map *reads,
	__isl_keep isl_union_map *writes, __isl_keep isl_union_map *kills,
	__isl_keep isl_schedule *sched, gpointer user);

/* Calls fn for every group that writes, array by array in the order of
 * scop->arrays, groups in the order of their first access. */
void sy_deps_groups_foreach(
	__isl_keep const SyScop *scop, SyDepsGroupFunc fn, gpointer user);

G_END_DECLS
