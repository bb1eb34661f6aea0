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

#include "compute/pe-array.h"

G_BEGIN_DECLS

#define SY_HLS_ERROR (sy_hls_error_quark())

typedef enum {
	SY_HLS_ERROR_UNSUPPORTED,
} SyHlsError;

GQuark sy_hls_error_quark(void);

/* Sets error (SY_HLS_ERROR_UNSUPPORTED) and returns FALSE. */
gboolean sy_hls_refuse(GError **error, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

typedef struct {
	const SyPeArray *array; /* borrowed */
	isl_union_map *schedule; /* boxed instances -> flat schedule */
	GHashTable *sched; /* statement name -> isl_multi_aff: its
			       iterators -> its flat schedule */
	guint n_dims, n_tile, n_space; /* schedule dimensions: all, tile
					  loops, PE coordinates after them */
} SyTileBoxes;

SyTileBoxes *sy_tile_boxes_new(const SyPeArray *array, GError **error);
void sy_tile_boxes_free(SyTileBoxes *boxes);

__isl_keep isl_multi_aff *sy_tile_boxes_sched(
	const SyTileBoxes *boxes, const SyStmt *stmt);

/* Whether instances (taken) fill the SIMD vectors of their boxes: all
 * the lanes of a vector (points of a box that differ only in the last
 * schedule dimension) or none.  TRUE without SIMD. */
gboolean sy_tile_boxes_whole_vectors(
	const SyTileBoxes *boxes, isl_union_set *instances);

/* The flat schedule's tile dimensions, then the PE coordinates keep[k]
 * selects (all for NULL): a unit of PEs in a tile. */
isl_union_map *sy_tile_boxes_units(
	const SyTileBoxes *boxes, const gboolean *keep);

/* The accesses of array x on the boxes (all for writes -1, or its reads
 * or writes); only for instances in only, when given. */
isl_union_map *sy_tile_boxes_accesses(const SyTileBoxes *boxes,
	const SyArray *x, int writes, isl_union_set *only);

/* A buffer's box: per unit of PEs and tile, the elements it touches,
 * from offset (a function of the tile and the unit's coordinates) over
 * size. */
typedef struct {
	guint n_dims;
	gint64 *size;
	isl_multi_pw_aff *offset; /* [tile, unit] -> element */
} SyTileBox;

/* The box of the elements accesses (taken) touch per unit (units,
 * taken); FALSE if they touch none (sizes 0, no offset). */
gboolean sy_tile_box_compute(SyTileBox *box, isl_union_map *units,
	isl_union_map *accesses, guint n_dims);
void sy_tile_box_clear(SyTileBox *box);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyTileBoxes, sy_tile_boxes_free)

G_END_DECLS
