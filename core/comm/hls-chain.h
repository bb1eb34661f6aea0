/* Arrays kept in their PE and passed along the PE array (partial results
 * accumulated in each PE, then handed to the next; temporaries passed PE
 * to PE): per access, the instances that use the PE-to-PE FIFO (reads of
 * values from the previous PE or from outside, writes of values for the
 * next PE or for the drain), or a refusal that names the rule broken.
 *
 * Built from the design's boxes and I/O plan alone, for the HLS model
 * (hls-model.h), which holds the result: this file knows nothing of the
 * model, so that the two do not depend on each other. */
#pragma once

#include "comm/io-plan.h"
#include "compute/tile-boxes.h"

G_BEGIN_DECLS

/* Whether PEs keep array x: a temporary, or values that flow (or are
 * overwritten) inside a PE. */
gboolean sy_hls_chain_keeps(const SyPeArray *array, const SyArray *x);

/* Whether the paths of x in plan (SyIoPath) are a table's whose edges
 * enter and leave each PE (io-plan.c): partial results along the PEs
 * one way only (passed PE to PE, with no DRAM end, where nothing
 * enters: results made inside alone), an interior way in for the
 * values from outside the FIFO's reads do not take (where there are
 * some), an interior drain for every final value.
 * The FIFO's reads keep what they take in the PE's buffer, where the
 * reads of the same values a step later find it.  Where the host
 * launches the kernel per tile (its values cross tiles), the FIFOs
 * between PEs carry what the launch made; the ways in the rest. */
gboolean sy_hls_chain_edges(const GPtrArray *plan, const SyArray *x);

/* The instances of stmt in the PEs at coordinate v (in its tile) along
 * space loop k (an index among the PE coordinates). */
__isl_give isl_set *sy_hls_chain_at_pe(__isl_keep const SyTileBoxes *tiles,
	__isl_keep const SyStmt *stmt, guint k, gint64 v);

/* The chain sets on the boxes of tiles and the I/O plan (SyIoPath):
 * SyAccess -> isl_set, for the accesses of kept arrays passed along
 * the array whose set is not empty, and in also, for the writes of a
 * temporary passed along two directions, the instances whose value
 * goes on along its second path (the first's in the result); NULL
 * with error set
 * (SY_HLS_ERROR) when a chain breaks one of the backend's rules.
 * Values from outside and final values are the launch's where the host
 * launches the kernel several times (same_launch, see hls-model.h;
 * NULL for one launch). */
__isl_give GHashTable *sy_hls_chains_new(const SyTileBoxes *tiles,
	const GPtrArray *plan, __isl_keep isl_union_map *same_launch,
	__isl_give GHashTable **also, GError **error);

/* Where a chained array meets the I/O modules of path p: the FIFO
 * instances of the first PE along p (in) or the last (out), from the
 * chain sets chains. */
__isl_give isl_union_set *sy_hls_chain_ends(__isl_keep GHashTable *chains,
	const SyTileBoxes *tiles, const SyIoPath *p);

G_END_DECLS
