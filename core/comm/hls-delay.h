/* Delay registers: values passed PE to PE that the next PE uses some
 * time steps after the previous one made them (a flow of distance
 * (1, 1) on space i, time j: made by PE i - 1 at step j - 1, used by PE
 * i at step j).  The FIFO between the PEs still carries one value a
 * step, as every step of the previous PE writes it; the next PE takes
 * it at that same step into a chain of d registers (a delay line, d
 * the runs of the statement between the two points: the PE runs its
 * box of schedule points in order, one run a point, so a distance of 1
 * on an outer time loop is the points of the loops inside it) and uses
 * the value that left the chain's end.  The first PE along the path
 * takes its values from the I/O modules, which feed each at the step
 * that uses it: there the read takes the FIFO's value itself.
 *
 * Supported: reads of values passed PE to PE (the PE keeps none of
 * them: SY_PE_VALUE_STREAM) within one statement, a distance in the
 * flat schedule the same for every pair of PEs in one tile (not across
 * tiles), points of the statement that make a box, a PE without SIMD
 * lanes, one read of the array per statement; values from outside
 * entering at the first PE, final values leaving at the last.
 * Anything else is refused with the rule it breaks.
 *
 * Built from the design's boxes and I/O plan alone, for the HLS model
 * (hls-model.h), which holds the result, as hls-chain.h is. */
#pragma once

#include "comm/io-plan.h"
#include "compute/tile-boxes.h"

G_BEGIN_DECLS

/* The first band member (other than the space loops) on which a uniform
 * dependence of candidate c moves, or -1: a flow that crosses PEs and
 * moves there crosses time steps too. */
int sy_hls_delay_time_member(
	__isl_keep const SyCandidate *c, __isl_keep const SyDep *dep);

/* The delays of the design's reads: SyAccess -> steps (GUINT_TO_POINTER,
 * at least 1), for the reads of values from the previous PE made at an
 * earlier step; NULL with error set (SY_HLS_ERROR) when one breaks the
 * rules above. */
__isl_give GHashTable *sy_hls_delays_new(const SyTileBoxes *tiles,
	const GPtrArray *plan, GError **error);

/* The delay of access a in delays (0 for none). */
guint sy_hls_delay_of(__isl_keep GHashTable *delays, __isl_keep const SyAccess *a);

G_END_DECLS
