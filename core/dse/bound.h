/* Lower bounds on a point's cycles from its sizes alone, beyond the
 * compute bound (dse/search.h): the fill and the drain of the array.
 *
 * The latency model (model/latency.h) adds to its steady state a
 * prologue, the slowest input family's load of one tile, and an
 * epilogue, the slowest output family's, each times the host's
 * launches.  An input's L3 module loads in one burst at least the
 * elements of its array one tile of the band reads (a tile's data, or
 * more where its loads cover several tiles), so its load takes at
 * least those elements' bits over the DRAM port's width, plus the
 * burst's start-up; an output's likewise.  The fill bound is the
 * slowest input's such load plus the slowest output's: the prologue
 * and the epilogue are at least that, and the steady state is still at
 * least the compute bound.
 *
 * A tile's data is counted where that is sure from the accesses alone:
 * every statement's domain fills its bounding box (so that a first,
 * full tile exists), each band member is one of the statement's loops
 * (coefficient 1 or -1, as the user's loops are), and each array
 * dimension's subscript is affine in loops no other dimension of the
 * access reads.  The data of a tile then has, per dimension, at least
 * as many values as the largest tile among the loops its subscript
 * reads (each alone moves it over that many), and those numbers
 * multiply.  Inputs are the arrays read and never written, outputs
 * those written, of one dimension or more and not declared in the
 * SCoP; where the conditions fail for an array, it gives no bound, and
 * where they fail for a statement, the kernel gives none.
 * tests/test-dse.c holds the bound to every point it evaluates. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/choices.h"
#include "compute/config.h"
#include "model/latency.h"
#include "poly/scop.h"

G_BEGIN_DECLS

typedef struct _SyDseBound SyDseBound;

/* The bound of choices' kernel on target; NULL (no error) where the
 * kernel gives none. */
__isl_give SyDseBound *sy_dse_bound_new(__isl_keep const SyChoices *choices,
	__isl_keep const SyModelTarget *target);
void sy_dse_bound_free(__isl_take SyDseBound *bound);

/* Cycles the prologue and the epilogue of config's design take at
 * least (0 for a NULL bound). */
double sy_dse_bound_fill(
	__isl_keep const SyDseBound *bound, __isl_keep const SyConfig *config);

/* Cycles the steady state of config's design takes at least by its
 * memory (0 for a NULL bound, or with a second tiling level): an L3
 * module moves its access's tile again each time the tile changes as
 * the tile loops run (a buffer holds one tile: it keeps it only over
 * the loops inside the innermost that moves the access), each time at
 * least one tile's data at the port's width plus the burst's
 * start-up, and the steady state runs the slowest module's every move
 * (model/latency.h).  The most of any access of the inputs and the
 * outputs above. */
double sy_dse_bound_steady(
	__isl_keep const SyDseBound *bound, __isl_keep const SyConfig *config);

/* The off-chip bytes every design of the kernel moves at least: the
 * elements its statements write, of each array of the kernel's
 * arguments that they write (each leaves the chip once at least), and
 * the elements they read of each other one (each comes in once at
 * least), at their types' widths.  0 where nothing can be counted. */
double sy_dse_compulsory_bytes(__isl_keep const SyScop *scop);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDseBound, sy_dse_bound_free)

G_END_DECLS
