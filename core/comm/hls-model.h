/* What the HLS backend computes before it prints: the PE array's schedule
 * on whole tiles (every PE runs the same iterations, so that streams
 * stay aligned; points outside the kernel's domain, the padding, move
 * data but compute nothing), and per I/O path the footprint boxes its
 * buffers hold and the offsets that address them.
 *
 * The backend supports what it can prove correct in C simulation: loops
 * of unit step, data moving PE to PE along one space loop (values
 * only passed on may be used steps after they were made: delay
 * registers, hls-delay.h; a table a PE keeps may be read again steps
 * after its FIFO brought it, from the buffer: hls-chain.h), partial
 * results that stay on chip (kept in a PE, passed
 * along a chain of PEs, or both: accumulated in each PE, then handed on
 * through a FIFO that carries each value once and in order, fed at the
 * chain's start and drained at its end), drained results that fill
 * their boxes.  sy_hls_model_new says which rule a design breaks. */
#pragma once

#include "comm/design.h"
#include "comm/io-plan.h"

G_BEGIN_DECLS

/* A buffer's box (see tile-boxes.h; the design's buffers have its
 * sizes). */
typedef SyTileBox SyHlsBox;

typedef struct {
	const SyIoPath *path;
	SyHlsBox box; /* per line (exterior) or PE (interior) */
	guint lanes; /* SIMD lanes per PE transfer */
	gboolean once; /* one element for all the lanes of a vector */
	guint pack; /* elements per chain word */
	isl_set *tiles; /* the tiles that move data: [tile] */
	/* --two-level-buffer (SyIoPath.l2_keep): the tiles whose data its
	 * L3 module reads from DRAM into its L2 buffer, in order; NULL:
	 * every tile's. */
	isl_set *load;
	isl_union_set *moving; /* instances whose accesses move data
				   (copy-in or copy-out); NULL for all */
} SyHlsPath;

/* A statement on whole tiles, seen from its schedule: the points of the
 * flat schedule its box covers (a set named after the statement), and
 * the function back to its iterators.  ASTs are built on the points:
 * no floor divisions to eliminate. */
typedef struct {
	const SyStmt *stmt;
	isl_multi_aff *sched; /* iterators -> schedule */
	isl_set *points; /* S[schedule] */
	isl_pw_multi_aff *inverse; /* S[schedule] -> iterators */
} SyHlsStmt;

typedef struct {
	const SyPeArray *array;
	const SyDesign *design;
	GHashTable *stmts; /* name -> SyHlsStmt */
	isl_union_map *schedule; /* boxed instances -> flat schedule */
	isl_union_set *real; /* the kernel's instances */
	guint n_dims, n_tile, n_space;
	gint64 lanes_dim; /* schedule dimension of SIMD lanes, -1 */
	GPtrArray *plan; /* SyIoPath: the design's */
	GPtrArray *paths; /* SyHlsPath, per path of plan through DRAM */
	GPtrArray *passes; /* SyHlsPath: temporaries passed PE to PE */
	GPtrArray *pe_paths; /* paths, then passes: the PE's streams */
	GHashTable *pe_box; /* SyArray -> SyHlsBox: kept in PEs */
	/* Arrays kept in their PE and passed along the array too (partial
	 * results accumulated in each PE, then handed to the next): per
	 * access, the instances that use the PE-to-PE FIFO (reads of values
	 * from the previous PE or from outside, writes of values for the
	 * next PE or for the drain); see hls-chain.h. */
	GHashTable *chain; /* SyAccess -> isl_set */
	/* The writes of a temporary passed along two directions: the
	 * instances whose value also goes on along its second path. */
	GHashTable *also; /* SyAccess -> isl_set */
	/* Reads of values the previous PE made some steps before: per
	 * access, the steps its delay registers hold (see hls-delay.h). */
	GHashTable *delay; /* SyAccess -> guint */
	/* The tile loops the host runs, the first n_launch of the tile
	 * order, a kernel launch per tile of theirs: partial results cross
	 * them through DRAM (0: one launch). */
	guint n_launch;
	/* With n_launch: instances -> those of the same launch. */
	isl_union_map *same_launch;
} SyHlsModel;

__isl_give SyHlsModel *sy_hls_model_new(
	const SyDesign *design, GError **error);
void sy_hls_model_free(__isl_take SyHlsModel *model);

__isl_keep const SyHlsStmt *sy_hls_model_stmt(
	const SyHlsModel *model, const char *name);

/* Whether PEs keep array x: a temporary, or values that flow (or are
 * overwritten) inside a PE. */
gboolean sy_hls_model_keeps(const SyHlsModel *model, const SyArray *x);

/* The instances of a write whose value nothing overwrites (in the same
 * launch, with n_launch). */
__isl_give isl_set *sy_hls_model_live_out(
	const SyHlsModel *model, const SyAccess *a);
/* The instances of a read whose value comes from outside the SCoP
 * (AutoSA's copy-in set: those no write of the kernel reaches), or from
 * outside the launch with n_launch. */
__isl_give isl_set *sy_hls_model_live_in(
	const SyHlsModel *model, const SyAccess *a);

/* What an output path's drain writes back: [tile, unit] -> element
 * (unit: the PE coordinates its boxes are per, in PE order) for the
 * elements written there whose value nothing overwrites (AutoSA's
 * copy-out set), in the same launch where the host runs tile loops
 * (n_launch).  The rest of a box is never written back. */
__isl_give isl_map *sy_hls_model_copy_out(
	const SyHlsModel *model, const SyHlsPath *hp);

/* The chain set of an access (see SyHlsModel.chain), NULL if it has
 * none or it is empty. */
__isl_keep isl_set *sy_hls_model_chain(
	const SyHlsModel *model, const SyAccess *a);
gboolean sy_hls_model_chained(const SyHlsModel *model, const SyArray *x);

/* For a write of a temporary passed along two directions, the
 * instances whose value goes on along the second (see
 * SyHlsModel.also) and that path; NULL if none. */
__isl_keep isl_set *sy_hls_model_also(
	const SyHlsModel *model, const SyAccess *a);
__isl_keep const SyHlsPath *sy_hls_model_also_way(
	const SyHlsModel *model, const SyAccess *a);

/* The steps read a's value waits in the PE's delay registers, 0 for
 * none (see hls-delay.h). */
guint sy_hls_model_delay(const SyHlsModel *model, const SyAccess *a);

/* Whether hp carries partial results out of a chain that has no way in
 * (they start in the first PEs: nothing from outside, nothing from
 * other tiles), or passes a temporary PE to PE: the first PEs' upstream
 * FIFOs are fed by dummies that write nothing. */
gboolean sy_hls_model_headless(const SyHlsModel *model, const SyHlsPath *hp);

/* The points of instances (statement space, taken): S[schedule]. */
__isl_give isl_union_set *sy_hls_model_points(
	const SyHlsModel *model, __isl_take isl_union_set *instances);

/* The path that carries array x in (or out), or NULL; for a temporary
 * passed PE to PE, its pass (in). */
__isl_keep const SyHlsPath *sy_hls_model_path(
	const SyHlsModel *model, const SyArray *x, gboolean in);

/* The path that carries access a's array in (or out): where the array
 * enters along several, the one that moves a (for an access that does
 * not move that way, the first); NULL for none. */
__isl_keep const SyHlsPath *sy_hls_model_way(
	const SyHlsModel *model, const SyAccess *a, gboolean in);

/* The band member whose tiles an exterior partial path p folds on
 * chip (--local-reduce: the space loop it moves along, when no tile
 * loop of several tiles runs inside that loop's), or -1. */
int sy_hls_model_folded(const SyHlsModel *model, const SyIoPath *p);

G_DEFINE_AUTOPTR_CLEANUP_FUNC(SyHlsModel, sy_hls_model_free)

G_END_DECLS
