/* A schedule from isl's scheduler, for loop nests whose source order
 * gives no band of two or more loops (a GEMM with "C *= beta" in a
 * sibling loop before the k loop needs the j loops fused and k moved
 * inside them).  The constraints are AutoSA's (PPCG's without live-range
 * reordering): validity = flow, anti and output dependences plus the
 * read reuse, proximity and coincidence = flow, anti and output, with
 * isl's options as AutoSA sets them (no whole-component scheduling,
 * maximal band depth and coincidence). */
#pragma once

#include <isl/aff.h>

#include "base/own.h"
#include "poly/deps.h"
#include "poly/scop.h"

G_BEGIN_DECLS

/* The partial schedule of the outermost band of isl's schedule for
 * scop: one union_pw_aff per member, over every statement; NULL if the
 * schedule does not start with a permutable band (or isl failed: the
 * stage's check says how). */
__isl_give isl_multi_union_pw_aff *sy_reschedule_outer_band(
	__isl_keep const SyScop *scop, __isl_keep const SyDeps *deps);

G_END_DECLS
