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
 * - LUTRAM: memories of 2 to SY_LUTRAM_DEPTH words.  This is a choice
 *   the backend makes and states, not a guess at the tools': core/hls
 *   binds every buffer it declares with "#pragma HLS bind_storage
 *   type=ram_2p impl=..." from sy_memory_impl of the kind below.  An
 *   unbound array is a memory whose implementation "the Vitis HLS tool
 *   determines" (UG1399, BIND_STORAGE), left to Vivado's heuristics
 *   (UG901, RAM_STYLE: "by default, the tool selects which RAM to infer
 *   based on heuristics"), which no document states; UG1315 ("Block-RAM
 *   Resource Utilization") says arrays are mapped to block RAM.
 *   AutoSA's code binds its I/O buffers and the PE's accumulators to
 *   block RAM (RESOURCE core=RAM_1P_BRAM or RAM_2P_BRAM;
 *   src/autosa_common.cpp, extract_memory_type), shallow 512-bit ones
 *   included, which is why its int16 and int8 MM designs measure 11
 *   times the block RAM of Systole's (README, board validation).
 *   Systole keeps such buffers in LUTs: a 512-bit word 11 deep takes 15
 *   RAMB18 at 2 % use, or 296 LUTs.  UltraScale CLBs give a 64-deep
 *   7-bit simple dual-port RAM in 8 LUTs (RAM64M8) and a 32-deep 14-bit
 *   one in 8 LUTs (RAM32M16) (UG574); the read port is registered (one
 *   FF per bit).  64 is our threshold: one RAM64M8 column; deeper
 *   memories go to block RAM.
 * - Registers: a memory of one word (a fully partitioned array's bank)
 *   is width flip-flops. */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "model/estimate.h"

G_BEGIN_DECLS

/* Deepest memory mapped to LUTRAM, words. */
#define SY_LUTRAM_DEPTH 64

typedef enum {
	SY_MEMORY_REGISTERS,
	SY_MEMORY_LUTRAM,
	SY_MEMORY_BRAM,
	SY_MEMORY_URAM,
} SyMemoryKind;

/* The RAMB18E2 primitives of the cheapest cover of width x depth
 * (0 for an empty memory). */
gint64 sy_memory_bram18k(guint width, gint64 depth);

/* The URAM288 primitives of width x depth: ceil(width / 72) x
 * ceil(depth / 4096). */
gint64 sy_memory_uram(guint width, gint64 depth);

/* Where a memory of width x depth goes (uram: the buffer asks for
 * UltraRAM). */
SyMemoryKind sy_memory_kind(guint width, gint64 depth, gboolean uram);

/* The Vitis HLS implementation of kind in a BIND_STORAGE pragma
 * ("lutram", "bram", "uram"), NULL for registers (a one-word array,
 * which Vitis HLS partitions into registers by itself: UG1399,
 * config_array_partition, complete_threshold 4). */
__isl_keep const char *sy_memory_impl(SyMemoryKind kind);

/* The 36K tiles bram18k RAMB18 take in Vivado's count: ceil(bram18k /
 * 2). */
double sy_memory_bram36(double bram18k);

/* Adds copies memories of width x depth to cost. */
void sy_memory_add(__isl_keep SyResources *cost, guint width, gint64 depth,
	gboolean uram, gint64 copies);

G_END_DECLS
