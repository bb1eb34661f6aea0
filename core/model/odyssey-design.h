/* Odyssey's model on a Systole design (`--model odyssey`): Odyssey's
 * parameters read off the design, then its formulas (odyssey.h).
 *
 * Odyssey's two kernels are read: the matrix multiply (a band of three
 * loops i, j, k in that order) and the convolution (a band o, r, c, i
 * over a window p, q of two inner loops), each with one statement that
 * multiplies and adds once, whose iterators are the band's loops in
 * order (then p, q), a dataflow among space_time 0 to 5 (MM) or 0 to 9
 * (CONV) (the design's candidate id, which for such kernels is
 * AutoSA's and so Odyssey's), a tile order among Odyssey's three.  t1
 * is the tile size of each loop (padded extent over the tile count of
 * the PE's "<loop>_tile" loop), t2 the latency factors (1 without a
 * latency loop) and the SIMD width on the last loop (k, i); the sizes
 * are the padded extents, as Odyssey takes them.  Systole's pruned
 * tile orders reach some of Odyssey's designs only: Odyssey's model
 * tells apart orders that differ in where parallel loops sit.  GFLOP/s and DSP efficiency are on
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

/* A convolution design's window p x q, as the estimate reads it (the
 * trips of the PE's two inner loops); FALSE where it has not two. */
gboolean sy_odyssey_design_window(
	__isl_keep const SyDesign *design, gint64 window[2]);

G_END_DECLS
