/* The design space of one kernel for one dataflow (a candidate): the
 * tile orders, per band member the tile sizes, the latency factors,
 * and the SIMD loop and width, enumerated in one fixed order so that a
 * search over it gives the same answer on every run.
 *
 * Tile orders: the choices' (compute/choices.h), which already keep
 * one order per depth of the loops that carry flow dependences among
 * the tile loops (Odyssey's pruning theorem); tests/test-dse.c holds
 * the theorem to Systole's model on mm.c (/dse/orders).
 *
 * Tiles: the divisors of a member's extent, and the sizes t whose
 * padded extent ceil(D / t) * t is at most pad iterations past the
 * extent D (pad 0: divisors only).  Latency factors: the divisors of
 * the tile, on the loops latency hiding may strip-mine (choices'
 * latency list), 1 elsewhere.  SIMD: none, or one of the legal loops
 * of the choices' simd list with a width above 1 that divides what is
 * left of it (sy_config_simd_range), as `compile --emit options` lists
 * them. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "compute/choices.h"
#include "compute/config.h"

G_BEGIN_DECLS

typedef struct {
	__isl_keep const SyChoices *choices;
	guint n_members;
	GArray *orders; /* guint: indices in choices->orders */
	GPtrArray *tiles; /* per band member, a GArray of gint64 */
	gint64 pad;
} SyDseSpace;

/* The space of choices' dataflow; order (NULL: every order of the
 * choices) keeps one order, "k,i,j"; pad as above (>= 0).  NULL (error
 * set) where order is not one of the choices'. */
__isl_give SyDseSpace *sy_dse_space_new(__isl_keep const SyChoices *choices,
	__isl_keep const char *order, gint64 pad, GError **error);
void sy_dse_space_free(__isl_take SyDseSpace *space);

/* Called with each point of the space in turn (config: valid until the
 * call returns, of the space's choices); FALSE stops the walk. */
typedef gboolean (*SyDseVisit)(
	__isl_keep const SyConfig *config, gpointer data);

/* Walks the space in its order: tile order, then tiles (member 0
 * outermost), latency factors (the same), SIMD none first then the
 * choices' order, width ascending.  FALSE where visit stopped it. */
gboolean sy_dse_space_foreach(
	__isl_keep const SyDseSpace *space, SyDseVisit visit, gpointer data);

/* The points of the space. */
guint64 sy_dse_space_count(__isl_keep const SyDseSpace *space);

/* The MAC lanes of config's PE array: its PEs (per space loop, the
 * tile over its latency factor and, where SIMD is on it, its width)
 * times the SIMD width. */
gint64 sy_dse_space_lanes(
	__isl_keep const SyChoices *choices, __isl_keep const SyConfig *config);

/* Band member m's extent, and its extent padded to whole tiles. */
gint64 sy_dse_space_extent(__isl_keep const SyChoices *choices, guint m);
gint64 sy_dse_space_padded(__isl_keep const SyChoices *choices,
	__isl_keep const SyConfig *config, guint m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyDseSpace, sy_dse_space_free)

G_END_DECLS
