/* Where the design keeps a memory of width x depth: registers, LUTRAM,
 * block RAM or UltraRAM.  A choice of the design, not a guess at the
 * tools': the HLS backend binds every buffer it declares to it
 * ("#pragma HLS bind_storage type=ram_2p impl=...", sy_memory_impl) and
 * the resource model (model/resources-memory.h) counts it there.
 *
 * An unbound array is a memory whose implementation "the Vitis HLS tool
 * determines" (UG1399, BIND_STORAGE), left to Vivado's heuristics
 * (UG901, RAM_STYLE), which no document states.  AutoSA's code binds
 * its I/O buffers and the PE's accumulators to block RAM (RESOURCE
 * core=RAM_1P_BRAM or RAM_2P_BRAM; src/autosa_common.cpp,
 * extract_memory_type), shallow 512-bit ones included.  Systole keeps
 * memories of 2 to SY_LUTRAM_DEPTH words in LUTs (a 512-bit word 11
 * deep takes 15 RAMB18 at 2 % use, or 296 LUTs; UltraScale CLBs give a
 * 64-deep 7-bit simple dual-port RAM in 8 LUTs, RAM64M8, UG574: one
 * column), deeper ones in block RAM, one word in registers, and
 * UltraRAM where a buffer asks for it (none does today). */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

/* Deepest memory kept in LUTRAM, words. */
#define SY_LUTRAM_DEPTH 64

typedef enum {
	SY_MEMORY_REGISTERS,
	SY_MEMORY_LUTRAM,
	SY_MEMORY_BRAM,
	SY_MEMORY_URAM,
} SyMemoryKind;

/* Where a memory of width x depth goes (uram: the buffer asks for
 * UltraRAM). */
SyMemoryKind sy_memory_kind(guint width, gint64 depth, gboolean uram);

/* The Vitis HLS implementation of kind in a BIND_STORAGE pragma
 * ("lutram", "bram", "uram"), NULL for registers (a one-word array,
 * which Vitis HLS partitions into registers by itself: UG1399,
 * config_array_partition, complete_threshold 4). */
__isl_keep const char *sy_memory_impl(SyMemoryKind kind);

G_END_DECLS
