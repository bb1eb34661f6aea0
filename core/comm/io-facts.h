/* What the HLS backend prints an I/O path's modules from (its L3
 * burst, L2 passes, inter_trans and intra_trans, ping-pong main loops,
 * dummies), as plain data: computed once by the communication stage
 * where the modules' code is built (sy_design_fill_code), kept in the
 * design (SyDesign.io), written to design.json and read back
 * (io-facts-json.h), so that the printer needs neither isl nor the
 * analysis (io-facts-build.h computes them).
 *
 * Per path: its box (the elements a line or a PE buffers per tile), the
 * SIMD lanes it moves at once and whether one element serves them all,
 * the elements per word, the space loop it moves along and its units
 * (lines or PEs), whether its chain has no way in, the tile loops its L3, L2
 * and main loops run (code with one statement "T" whose arguments are
 * the tile's coordinates), the accesses each statement moves and the
 * lane registers its intra_trans declares. */
#pragma once

#include "comm/io-path.h"
#include "compute/code.h"

G_BEGIN_DECLS

/* The names of the PE coordinates: in the PE ("idx"), in I/O modules
 * ("p0"); the fixed dimensions of the modules' code (module-code.c),
 * which the modules' printers define. */
extern const char *const sy_module_code_pe_names[];
extern const char *const sy_module_code_p_names[3];

/* The accesses one statement (a statement of the path's module code,
 * by its name) moves, in the statement's order, by SyAccess.index. */
typedef struct {
	char *stmt;
	guint n;
	guint *accesses;
} SyIoMoves;

typedef struct {
	__isl_keep const SyIoPath *path; /* the design's */
	guint n_dims;
	gint64 *box; /* n_dims sizes */
	guint lanes; /* SIMD lanes per PE transfer */
	gboolean once; /* one element for all the lanes of a vector */
	guint pack; /* elements per word */
	gint64 box_words; /* words of a box */
	guint along; /* the space loop an exterior path moves along */
	gint64 units; /* lines (exterior) or PEs (interior) */
	/* (The words its DRAM port moves are the kernel's:
	 * SyDesignPort.words, design-kernel.h.) */
	gboolean headless; /* dummies write its first PEs' upstream FIFOs */
	/* --local-reduce (SyIoPath.reduce_op): the tile dimension whose
	 * tiles the L3 module folds (in: the identity after fold_first;
	 * out: each tile's words folded into the earlier tiles'), -1 for
	 * none. */
	int fold_dim;
	gint64 fold_first;
	gboolean ping_pong[2]; /* of its buffered module, [1]: boundary */
	SyCode *tiles; /* the tiles that move data, in order */
	/* --two-level-buffer's L2 buffer in the L3 module (SyIoPath.
	 * l2_keep), NULL without: the L3 module's code over the tiles,
	 * "L" (a tile's boxes read from DRAM into the buffer) and "T" (a
	 * tile's boxes served from it), their arguments the tile's
	 * coordinates (the L2 tiles, then the tiles); per tile loop of
	 * the tile order, its L2 factor and the tiles of an L2 tile the
	 * buffer keeps (0: one serves them all), n_tile / 2 each. */
	SyCode *l2;
	gint64 *l2_factor;
	gint64 *l2_keep;
	/* The code the intra_trans and the dropping dummy print (their
	 * modules' in the design), NULL for none. */
	__isl_keep const SyCode *intra;
	__isl_keep const SyCode *drop;
	GPtrArray *moves; /* SyIoMoves, per statement that moves data */
	/* Lane registers an intra_trans of several lanes declares:
	 * n_registers SyAccess.index, in the kernel's order of accesses
	 * (empty for one lane). */
	guint n_registers;
	guint *registers;
} SyIoPathFacts;

typedef struct {
	guint n_tile; /* tile dimensions of the schedule */
	/* (The PE grid is the kernel's: SyDesignKernel.pe, and each path's
	 * space loops SyIoPath.n_space.) */
	/* SyIoPathFacts: the paths through DRAM in the design's order,
	 * then the temporaries passed PE to PE. */
	GPtrArray *paths;
} SyIoFacts;

/* Empty facts (for reading). */
__isl_give SyIoFacts *sy_io_facts_alloc(guint n_tile);
__isl_give SyIoPathFacts *sy_io_path_facts_alloc(
	__isl_keep const SyIoPath *path, guint n_dims);
void sy_io_facts_free(__isl_take SyIoFacts *io);
void sy_io_path_facts_free(__isl_take SyIoPathFacts *f);
__isl_give SyIoMoves *sy_io_moves_new(
	__isl_keep const char *stmt, guint n, __isl_keep const guint *accesses);

/* The facts of a path (the design's), or NULL. */
__isl_keep const SyIoPathFacts *sy_io_facts_path(
	__isl_keep const SyIoFacts *io, __isl_keep const SyIoPath *path);
/* The accesses statement stmt moves on f's path, or NULL. */
__isl_keep const SyIoMoves *sy_io_path_facts_moves(
	__isl_keep const SyIoPathFacts *f, __isl_keep const char *stmt);

G_END_DECLS
