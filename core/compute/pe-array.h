/* Computation management: a dataflow and a configuration made into a
 * concrete PE array, as an isl schedule tree.
 *
 * From the outside in: the tile loops of array partitioning (in the
 * configured order), the space loops inside a tile (one iteration per PE:
 * the PE's index), the PE's time loops, the loops below the band, the
 * latency loops at the top of each part below them that holds no loop
 * (a sequence of statements shares their iterations), and the SIMD loop
 * at every leaf, innermost.  Each band
 * sits under a mark node naming its role and loops ("array_part[i,j,k]",
 * "space[i,j]", "time[k]", "latency[i,j]", "simd[k]"): stock isl has no
 * per-member properties. */
#pragma once

#include "base/own.h"
#include "compute/config.h"

G_BEGIN_DECLS

typedef struct _SyPeArray {
	__isl_keep const SyAnalysis *analysis;
	__isl_keep const SyChoices *choices;
	SyConfig *config; /* a copy */
	guint n_space;
	gint64 pe[3]; /* PEs along each space loop: tile / latency */
	gint64 *padded; /* per band member: its extent rounded up to
				  whole tiles */
	isl_schedule *schedule;
	isl_union_map *tile_map; /* instance -> its tile, per band member */
	isl_union_map *pe_map; /* instance -> its PE, per space loop */
	/* instance -> its position in its SIMD vector, NULL without
	 * SIMD */
	isl_union_pw_aff *lane;
	/* --live-range-reordering: local arrays with an element per
	 * iteration of a band member (const SyArray * -> member + 1),
	 * those whose false dependences this design runs backwards while
	 * their values never cross that member's iterations
	 * (sy_pe_array_expanded_by) */
	GHashTable *expanded;
} SyPeArray;

/* The choices must outlive the array; the config is copied.  Fails
 * (SY_CONFIG_ERROR) when the config is not valid for the choices. */
__isl_give SyPeArray *sy_pe_array_new(__isl_keep const SyChoices *choices,
	__isl_keep const SyConfig *config, GError **error);
void sy_pe_array_free(__isl_take SyPeArray *array);

/* The tile dimensions of the schedule: the band's members, twice with
 * a second tiling level (config->tile_l2: the L2 tiles, then the tiles,
 * each in the tile order). */
guint sy_pe_array_n_tile(__isl_keep const SyPeArray *array);
/* The band member tile dimension d of the schedule counts (the L2
 * tiles of it, or its tiles). */
guint sy_pe_array_tile_member(__isl_keep const SyPeArray *array, guint d);

/* The iterations of tile dimension d: the tiles of its member, or with
 * a second level the L2 tiles (the last may be partial) and the tiles
 * of one L2 tile (at most). */
gint64 sy_pe_array_tile_trips(__isl_keep const SyPeArray *array, guint d);

/* The number of PEs (G_MAXINT64 if it does not fit). */
gint64 sy_pe_array_count(__isl_keep const SyPeArray *array);

/* Whether x is a temporary declared inside the SIMD loop: each vector
 * position has its own, as each iteration did (x[lane] for a scalar,
 * x[lane][...] for an array; the PE keeps a copy per lane). */
gboolean sy_pe_array_lane_private(
	__isl_keep const SyPeArray *array, __isl_keep const SyArray *x);

/* The band member local array x has an element per iteration of in the
 * transformed loops (x[k - min][...]), or -1 if none. */
int sy_pe_array_expanded_by(
	__isl_keep const SyPeArray *array, __isl_keep const SyArray *x);

/* The schedule tree as isl YAML, marks included. */
__isl_give char *sy_pe_array_schedule_yaml(__isl_keep const SyPeArray *array);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyPeArray, sy_pe_array_free)

G_END_DECLS
