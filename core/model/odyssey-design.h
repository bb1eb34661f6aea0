/* Odyssey's model on a Systole design (`--model odyssey`): Odyssey's
 * parameters read off the design, then its formulas (odyssey.h).
 *
 * Only Odyssey's matrix multiply is read: a band of three loops i, j,
 * k in that order (the MAC statement's iterators), one statement that
 * multiplies and adds once, a dataflow among space_time 0 to 5 (the
 * design's candidate id, which for such a kernel is AutoSA's and so
 * Odyssey's), a tile order among Odyssey's three.  t1 is the tile size
 * of each loop (padded extent over the tile count of the PE's
 * "<loop>_tile" loop), t2 the latency factors of i and j (1 without a
 * latency loop) and the SIMD width on k; the sizes are the padded
 * extents, as Odyssey takes them.  GFLOP/s and DSP efficiency are on
 * the original problem's counted MACs (SyPeStmt.instances). */
#pragma once

#include "base/own.h"
#include "comm/design.h"
#include "comm/pe-facts.h"
#include "model/estimate.h"
#include "model/odyssey.h"

G_BEGIN_DECLS

gboolean sy_odyssey_design_estimate(__isl_keep const SyDesign *design,
	__isl_keep SyEstimate *e, GError **error);

G_END_DECLS
