/* A PE array's statements on whole tiles, as the HLS backend runs them:
 * every PE runs the same iterations, so that streams stay aligned, and
 * points outside the kernel's domain (the padding) move data but compute
 * nothing.  A statement's box is its band loops over their padded range
 * and its other loops over their bounding box; its flat schedule there
 * is one affine function, one to one.
 *
 * The buffers that hold a tile's footprint hold it on these boxes: the
 * design sizes them here and the backend addresses them from here, one
 * source for both.  Where the backend cannot have the boxes (a loop of
 * another step, a schedule of several pieces, two instances at one
 * point) it refuses with SY_HLS_ERROR. */
#pragma once

#include "base/own.h"
#include "compute/pe-array.h"

G_BEGIN_DECLS

#define SY_HLS_ERROR (sy_hls_error_quark())

typedef enum {
	SY_HLS_ERROR_UNSUPPORTED,
} SyHlsError;

GQuark sy_hls_error_quark(void);

/* Sets error (SY_HLS_ERROR_UNSUPPORTED) and returns FALSE. */
gboolean sy_hls_refuse(GError **error, __isl_keep const char *format, ...)
	G_GNUC_PRINTF(2, 3);

typedef struct _SyTileBoxes {
	__isl_keep const SyPeArray *array;
	isl_union_map *schedule; /* boxed instances -> flat schedule */
	isl_union_set *boxes; /* the domain of schedule, taken once: every
				 path's and buffer's accesses ask for it */
	GHashTable *sched; /* statement name -> isl_multi_aff: its
			       iterators -> its flat schedule */
	GHashTable *inverse; /* statement name -> isl_pw_multi_aff: its
				 flat schedule on its box -> its iterators */
	guint n_dims, n_tile, n_space; /* schedule dimensions: all, tile
					  loops, PE coordinates after them */
	GHashTable *box_cache; /* sy_tile_boxes_box's results, by array,
				  reads or writes and unit */
	GMutex box_lock; /* of box_cache: the explorer's stages may ask
			    from several threads */
	GHashTable *unit_cache; /* sy_tile_boxes_units's results, by unit */
	GMutex unit_lock; /* of unit_cache */
} SyTileBoxes;

/* Whether isl's flat schedule gives node (a sequence or a set) a
 * dimension, the child's place: only for more than one child, and for
 * a set only under the schedule_separate_components option. */
gboolean sy_tile_boxes_separates(__isl_keep isl_schedule_node *node);

/* The latency and SIMD loops at the leaves of array's schedule. */
int sy_tile_boxes_leaf_loops(__isl_keep const SyPeArray *array);

/* Where dimension d of a statement's flat schedule (n dimensions) comes
 * from once the k leaf loops of its leaf at depth go last: the
 * dimension of its own flat schedule, or -1 for a padding zero. */
int sy_tile_boxes_flat_source(int d, int depth, int n, int k);

/* The boxes of array, which must outlive them. */
__isl_give SyTileBoxes *sy_tile_boxes_new(
	__isl_keep const SyPeArray *array, GError **error);
void sy_tile_boxes_free(__isl_take SyTileBoxes *boxes);

__isl_keep isl_multi_aff *sy_tile_boxes_sched(
	__isl_keep const SyTileBoxes *boxes, __isl_keep const SyStmt *stmt);
/* The inverse of a statement's schedule on its box (which checking
 * that it is one to one computes): points of the schedule (an unnamed
 * tuple) -> the statement's iterators. */
__isl_keep isl_pw_multi_aff *sy_tile_boxes_inverse(
	__isl_keep const SyTileBoxes *boxes, __isl_keep const SyStmt *stmt);

/* Whether instances fill the SIMD vectors of their boxes: all
 * the lanes of a vector (points of a box that differ only in the last
 * schedule dimension) or none.  TRUE without SIMD. */
gboolean sy_tile_boxes_whole_vectors(__isl_keep const SyTileBoxes *boxes,
	__isl_take isl_union_set *instances);

/* The flat schedule's tile dimensions, then the PE coordinates keep[k]
 * selects (all for NULL): a unit of PEs in a tile. */
__isl_give isl_union_map *sy_tile_boxes_units(
	__isl_keep const SyTileBoxes *boxes, __isl_keep const gboolean *keep);

/* The accesses of array x on the boxes (all for writes -1, or its reads
 * or writes); only for instances in only, when given. */
__isl_give isl_union_map *sy_tile_boxes_accesses(
	__isl_keep const SyTileBoxes *boxes, __isl_keep const SyArray *x,
	int writes, __isl_keep isl_union_set *only);

/* A buffer's box: per unit of PEs and tile, the elements it touches,
 * from offset (a function of the tile and the unit's coordinates) over
 * size. */
typedef struct {
	guint n_dims;
	gint64 *size;
	isl_multi_pw_aff *offset; /* [tile, unit] -> element */
} SyTileBox;

/* The box of the elements accesses touch per unit (units); FALSE if
 * they touch none (sizes 0, no offset).  box is set up either way:
 * sy_tile_box_clear it. */
gboolean sy_tile_box_compute(__isl_keep SyTileBox *box,
	__isl_take isl_union_map *units, __isl_take isl_union_map *accesses,
	guint n_dims);
void sy_tile_box_clear(__isl_keep SyTileBox *box);

/* sy_tile_box_compute of the units keep selects (sy_tile_boxes_units)
 * and the accesses of x (sy_tile_boxes_accesses, on all instances),
 * computed once per array, writes and keep: the design's buffers and
 * the HLS model's paths ask for the same boxes, each a lexicographic
 * optimum per dimension.  box is a copy: sy_tile_box_clear it. */
gboolean sy_tile_boxes_box(__isl_keep const SyTileBoxes *boxes,
	__isl_keep SyTileBox *box, __isl_keep const SyArray *x, int writes,
	__isl_keep const gboolean *keep);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyTileBoxes, sy_tile_boxes_free)

G_END_DECLS
