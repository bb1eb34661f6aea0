/* I/O analysis for one PE array: which paths each array needs between
 * DRAM and the PEs (AutoSA's I/O groups after merging and pruning), and
 * the footprints that size their buffers.  design.h builds modules and
 * FIFOs on these paths. */
#pragma once

#include "base/checked.h"
#include "comm/io-path.h"
#include "compute/tile-boxes.h"

G_BEGIN_DECLS

/* The paths of the array's dataflow, inputs first, in the order of the
 * I/O groups. */
__isl_give GPtrArray *sy_io_plan(__isl_keep const SyPeArray *array);

/* AutoSA's --local-reduce --reduce-op=op ("+") on the plan (paths):
 * partial results carried PE to PE (exterior partial paths both ways)
 * whose statements fold op into their element ("C[i][j] += e",
 * "C[i][j] = C[i][j] + e") wherever they run after the first tile of
 * the loop they move along get op as their reduce_op (statements of
 * that first tile, "C[i][j] = 0" or "C[i][j] *= beta" before the
 * reduction, may be anything: the collector keeps that tile's values
 * and only adds the later tiles'); arrays with no such path are left
 * as they are (as AutoSA does).  An SY_DESIGN_ERROR names the first
 * statement that breaks this. */
/* The band member whose tiles the I/O modules of p (an exterior partial
 * path with a reduce_op) fold on chip: the space loop p moves along,
 * when no tile loop of several tiles runs inside that loop's; else -1.
 * The L3 module out then keeps every line's box (design.c). */
int sy_io_plan_folded(
	__isl_keep const SyPeArray *array, __isl_keep const SyIoPath *p);

/* The first write that keeps an exterior partial path p from folding
 * with + (as above), or NULL. */
__isl_keep const SyAccess *sy_io_plan_unfolded(
	__isl_keep const SyPeArray *array, __isl_keep const SyIoPath *p);
gboolean sy_io_plan_reduce(__isl_keep const SyPeArray *array,
	__isl_keep GPtrArray *paths, __isl_keep const char *op, GError **error);

/* AutoSA's two-level buffering (--two-level-buffer, config->tile_l2)
 * on an input path p: where the L2 tile's tiles of some band member
 * (several) read the same data, its L3 module reads each L2 tile's data
 * from DRAM once into an L2 buffer and serves every tile of it from
 * there; sets p->l2_keep and returns TRUE.  Not for paths out, folded
 * or split over HBM ports, nor where the data depends on every member
 * (no tile of an L2 tile reads another's). */
gboolean sy_io_plan_l2(
	__isl_keep const SyPeArray *array, __isl_keep SyIoPath *p);

/* Whether the flow dependences on array that stay in one PE reach the
 * next tile to run (or none): then partial results stay on chip. */
gboolean sy_io_stays_on_chip(
	__isl_keep const SyPeArray *array, __isl_keep const SyArray *x);

/* The accesses of array x (its reads, or writes), as instance -> element
 * relations; those a path moves: AutoSA's copy-in set (values from
 * outside) and copy-out set (values nothing overwrites) for data fed to
 * or drained from every PE on its own, every access otherwise. */
/* The SIMD lanes a path moves to or from a PE at once: inputs move a
 * vector of elements contiguous along the SIMD loop (PE to PE, or to
 * each PE when the PEs only read the array and take all the lanes of a
 * vector or none, on the statements' boxes, tiles; NULL where there are
 * none: then the SIMD loop must have the same iterations everywhere);
 * everything else an element at a time. */
guint sy_io_path_lanes(__isl_keep const SyPeArray *array,
	__isl_keep const SyTileBoxes *tiles, __isl_keep const SyIoPath *p);

/* Whether an input path moves one element for all the lanes of a
 * vector (its accesses stay on one element along the SIMD loop), under
 * the same conditions; so does a partial result passed PE to PE along
 * a space loop whose lanes all update one element (SIMD on a reduction
 * space loop, --simd-touch-space), both ways: the PE takes it at lane
 * 0, chains the lanes, and passes it on after the last. */
gboolean sy_io_path_once(__isl_keep const SyPeArray *array,
	__isl_keep const SyTileBoxes *tiles, __isl_keep const SyIoPath *p);

/* The write's accesses whose value nothing overwrites. */
__isl_give isl_map *sy_io_live_out(
	__isl_keep const SyDeps *deps, __isl_keep const SyAccess *write);

/* The same within launches (same: instances -> those of the same
 * launch of the kernel, see hls-model.h; NULL: the whole run): the
 * instances of a write nothing in its launch overwrites, and those of a
 * read no write of its launch reaches (the copy-in set where same is
 * NULL). */
__isl_give isl_set *sy_io_launch_live_out(__isl_keep const SyDeps *deps,
	__isl_keep const SyAccess *write, __isl_keep isl_union_map *same);
__isl_give isl_set *sy_io_launch_live_in(__isl_keep const SyDeps *deps,
	__isl_keep const SyAccess *read, __isl_keep isl_union_map *same);

/* Whether path p moves access a: one of its array's, its way, and one
 * of p's own where the array has several paths that way. */
gboolean sy_io_path_moves(
	__isl_keep const SyIoPath *p, __isl_keep const SyAccess *a);

__isl_give isl_union_map *sy_io_accesses(__isl_keep const SyPeArray *array,
	__isl_keep const SyArray *x, gboolean writes);
__isl_give isl_union_map *sy_io_path_accesses(
	__isl_keep const SyPeArray *array, __isl_keep const SyIoPath *path);

/* The largest extent of each of n_dims dimensions of the elements that
 * accesses (taken) touch in one tile by one unit of PEs: along is NULL
 * for one PE, a direction for a line of PEs along it, or all zero for
 * the whole array.  Returns n_dims sizes, to free. */
__isl_give gint64 *sy_io_footprint(__isl_keep const SyPeArray *array,
	__isl_take isl_union_map *accesses, guint n_dims,
	__isl_keep const gint64 *along);

/* The tiles in which accesses (taken) happen (their bounding box); a
 * count beyond 64 bits is recorded in ck. */
/* The same where an L2 buffer reads each L2 tile's data once along the
 * members l2_keep gives 0 (SyIoPath.l2_keep; NULL: sy_io_tiles). */
gint64 sy_io_tiles_l2(__isl_keep const SyPeArray *array,
	__isl_take isl_union_map *accesses, __isl_keep const gint64 *l2_keep,
	__isl_keep SyChecked *ck);
gint64 sy_io_tiles(__isl_keep const SyPeArray *array,
	__isl_take isl_union_map *accesses, __isl_keep SyChecked *ck);

G_END_DECLS
