/* AutoSA's published U250 designs (../shared/reference/odyssey.md
 * §6.4, AutoSA's docs/examples/mm_large.rst and the others): the sizes each was built
 * with, what was measured on the board, and Systole's rebuilding of it
 * from tests/boards/ with its estimate.  Shared by bench-boards (the
 * table) and test-boards (its exact values). */
#pragma once

#include "model/estimate.h"

G_BEGIN_DECLS

/* Memories of one shape in AutoSA's code for a board: copies of width
 * x depth words (modules x ping and pong). */
typedef struct {
	const char *what;
	guint width;
	gint64 depth;
	gint64 copies;
} SyBoardMemory;

typedef struct {
	const char *name; /* "MM fp32 13x16x8" */
	const char *file; /* in tests/boards/ */
	/* AutoSA's sizes, and Systole's flags for the same array where
	 * its --sa-sizes reads them otherwise (issue 13); sa_sizes NULL
	 * then. */
	const char *sa_sizes;
	const char *space, *tile, *latency, *simd;
	gboolean int8_packing; /* AutoSA's 0.5 DSP per int8 MAC */
	gboolean odyssey; /* Odyssey has a design for it */
	/* Measured: the clock, the kernel's time, resources (BRAM in
	 * 36K tiles, as AutoSA's tables). */
	double mhz;
	double seconds;
	double lut, ff, bram36, dsp;
	/* The block RAM memories of AutoSA's own code for the design, as
	 * it declares and binds them (NULL where not known): what checks
	 * the memory model apart from the designs' differences. */
	const SyBoardMemory *autosa_memories;
} SyBoard;

#define SY_N_BOARDS 4
extern const SyBoard sy_boards[SY_N_BOARDS];

/* The measured cycles: seconds x MHz. */
double sy_board_cycles(__isl_keep const SyBoard *board);

/* The BRAM18K of board's AutoSA memories on the model's primitives
 * (sy_memory_bram18k), -1 where they are not known. */
double sy_board_autosa_bram18k(__isl_keep const SyBoard *board);

/* board's design rebuilt from dir/board->file, estimated on the U250
 * at the board's clock by model ("systole" or "odyssey"); aborts the
 * test on error. */
__isl_give SyEstimate *sy_board_estimate(__isl_keep const SyBoard *board,
	__isl_keep const char *dir, __isl_keep const char *model);

G_END_DECLS
