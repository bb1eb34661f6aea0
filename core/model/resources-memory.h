/* What one on-chip memory costs on an UltraScale+ FPGA: the primitive
 * it maps to (registers, LUTRAM, block RAM, UltraRAM) and how many.
 *
 * A memory is words of width bits, depth of them, with one write and
 * one read port (the simple dual-port RAM Vitis HLS infers for a buffer
 * a module writes in one loop and reads in another).
 *
 * - Block RAM: a RAMB18E2 is 18 Kbit in one of six aspect ratios
 *   (UG573): 16Kx1, 8Kx2, 4Kx4, 2Kx9, 1Kx18 and, in simple dual-port
 *   mode, 512x36.  A memory is a set of columns, each of one aspect and
 *   ceil(depth / its depth) primitives tall, whose widths add up to at
 *   least the word's: the cheapest such set (sy_memory_bram18k) is what
 *   Vivado's block RAM inference builds for one memory in our reading of
 *   UG901 (a 40-bit word at depth 512 is a 36-bit and a 9-bit column:
 *   2; AutoSA's and Odyssey's models always take one aspect and round
 *   up, which is never cheaper).  36K tiles (sy_memory_bram36): Vivado
 *   counts two RAMB18 as one RAMB36 tile and an odd last one as a whole
 *   tile, over all the RAMB18 of the hierarchy it reports (AMD AR#
 *   60306), memories of different modules sharing a tile: ceil(bram18k
 *   / 2).  AutoSA's three MM designs on the U250 (odyssey.md §6.4),
 *   their buffers as AutoSA's code declares and binds them counted by
 *   sy_memory_bram18k, come to 1903, 3302 and 2726 BRAM18K: 952, 1651
 *   and 1363 tiles by this count, against 952, 1655 and 1364 measured
 *   (tests/boards.c); a tile per memory's odd half would give 1086,
 *   1812 and 1492.
 * - UltraRAM: 4Kx72 (UG573), columns of 72 bits, cascaded in depth.
 *   Only where a buffer asks for it (none does today).
 * - LUTRAM: memories of 2 to SY_LUTRAM_DEPTH words, and where each
 *   memory goes at all, is the design's choice (comm/storage.h), which
 *   the backend binds and this counts.  AutoSA binds even shallow
 *   512-bit buffers to block RAM, which is why its int16 and int8 MM
 *   designs measure 11 times the block RAM of Systole's (README, board
 *   validation).
 * - Registers: a memory of one word (a fully partitioned array's bank)
 *   is width flip-flops. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "comm/storage.h"
#include "model/estimate.h"
#include "model/tape.h"

G_BEGIN_DECLS

/* The RAMB18E2 primitives of the cheapest cover of width x depth
 * (0 for an empty memory): a lookup in a table made once up to
 * SY_MEMORY_TABLE_WIDTH bits and SY_MEMORY_TABLE_DEPTH words, a
 * knapsack (allocated) above. */
#define SY_MEMORY_TABLE_WIDTH 1024
#define SY_MEMORY_TABLE_DEPTH (512 * 63)
gint64 sy_memory_bram18k(guint width, gint64 depth);

/* sy_memory_bram18k on nums, recorded on t where it records. */
SyNum sy_num_bram18k(__isl_keep SyTape *t, SyNum width, SyNum depth);

/* That table: [ceil(depth / 512)][width] (a depth of 0: row 0, all 0),
 * made at the first call. */
typedef guint16 SyMemoryTableRow[SY_MEMORY_TABLE_WIDTH + 1];
__isl_keep const SyMemoryTableRow *sy_memory_bram18k_table(void);

/* Whether the table has width x depth (depth 0: row 0, all 0), and
 * its count there. */
static inline gboolean sy_memory_in_table(gint64 width, gint64 depth)
{
	return width >= 0 && width <= SY_MEMORY_TABLE_WIDTH && depth >= 0 &&
		depth <= SY_MEMORY_TABLE_DEPTH;
}

static inline gint64 sy_memory_table_at(
	__isl_keep const SyMemoryTableRow *table, gint64 width, gint64 depth)
{
	return table[(depth + 511) / 512][width];
}

/* The URAM288 primitives of width x depth: ceil(width / 72) x
 * ceil(depth / 4096). */
gint64 sy_memory_uram(guint width, gint64 depth);

/* The 36K tiles bram18k RAMB18 take in Vivado's count: ceil(bram18k /
 * 2). */
double sy_memory_bram36(double bram18k);

/* The same on cost[SY_N_RESOURCES] (by SyResourceKind), the
 * arithmetic and decisions recorded on t where it records (NULL:
 * nothing records). */
void sy_memory_add_num(__isl_keep SyTape *t, __isl_keep SyReal *cost,
	SyNum width, SyNum depth, gboolean uram, SyNum copies);

/* Adds copies memories of width x depth to cost. */
void sy_memory_add(__isl_keep SyResources *cost, guint width, gint64 depth,
	gboolean uram, gint64 copies);

G_END_DECLS
