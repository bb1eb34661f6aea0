/* AutoSA's SIMD candidates: the loops its `simd[...]` sizes and its
 * --simd-info answers stand for, in its order and by its rules
 * (detect_simd_vectorization_loop in AutoSA's autosa_trans.cpp), so
 * that a published command means there what it means in AutoSA.
 *
 * AutoSA visits the bands below its array mark bottom up: the bands of
 * the loops below the PE band first (deeper bands before the ones
 * around them; a band's loops, a perfect nest, outermost first), then
 * the PE band's members in their order (its space loops first, under
 * --simd-touch-space; its time loops).  The loops of the latency
 * mark are not visited; a loop latency hiding strip-mined is, as the
 * loop of its tiles.  A visited loop is a candidate where it is
 * parallel or a reduction (each loop that carries a dependence takes
 * the next --simd-info answer, candidate or not) and where every
 * access below it, the loop sunk innermost, stays on its element or
 * moves to the next element of one dimension.  A candidate is legal
 * when every such dimension is the innermost (no layout change); its
 * score ranks it: 2 parallel + 4 reduction + one per access needing no
 * layout change + (accesses + 1 without layout changes, else accesses
 * / layout changes). */
#pragma once

#include "base/own.h"
#include "compute/choices.h"

G_BEGIN_DECLS

/* The loops AutoSA visits, in its order: indexes into choices->simd
 * (guint).  The space loops are among them, before the time loops, only
 * where the choices have them (--simd-touch-space). */
__isl_give GArray *sy_autosa_simd_order(__isl_keep const SyChoices *choices);

typedef struct {
	guint simd; /* index into choices->simd */
	gboolean legal; /* no access needs a layout change */
	double score; /* AutoSA's (a float there) */
	gint64 range; /* its iterations where SIMD tiles it */
} SyAutosaSimd;

/* AutoSA's SIMD candidates (SyAutosaSimd), in its order, at the tiles
 * and latency factors given per band member (a configuration's). */
__isl_give GArray *sy_autosa_simd_list(__isl_keep const SyChoices *choices,
	__isl_keep const gint64 *tile, __isl_keep const gint64 *latency);

/* Reads AutoSA's --simd-info JSON (name: its file, for messages) into
 * overrides for this array: {"kernel3": {"reduction": ["y"]}} answers,
 * in order, for the SIMD loops that carry dependences. */
__isl_give GHashTable *sy_autosa_simd_info(__isl_keep const SyChoices *choices,
	__isl_keep const char *name, __isl_keep const char *json,
	GError **error);

G_END_DECLS
