/* The Vitis HLS backend: the design printed as C++ for Vitis HLS (a top
 * function with one m_axi port per DRAM path, s_axilite control and a
 * dataflow region of every module and FIFO), and a testbench that runs
 * it where the kernel's SCoP was: inputs serialized into the words the
 * L3 modules read, results read back from the words the drains write.
 *
 * A printer of the design alone (SyDesign, as sy_design_complete of
 * comm/kernel-facts.h made it ready, or as read back from design.json):
 * every module's loops are the design's code (built by the
 * communication stage on the PE array's schedule on whole tiles: loop
 * bounds, guards for the padding, statements with their subscripts),
 * printed by the code printer; what the loops' statements move and
 * compute are the design's facts.  No analysis, no isl. */
#pragma once

#include "comm/design.h"

G_BEGIN_DECLS

typedef struct {
	char *kernel; /* kernel.cpp */
	char *header; /* kernel.h */
	char *testbench; /* the input file with its SCoP replaced */
	char *host; /* host.cpp: the kernel through XRT */
	GPtrArray *warnings; /* char *: what keeps the design from its
				best (the export works all the same) */
} SyHlsFiles;

void sy_hls_files_clear(SyHlsFiles *files);

/* Prints a design that sy_design_complete (comm/kernel-facts.h) made
 * ready: that checked everything the backend refuses, so that printing
 * cannot fail. */
void sy_hls_generate(__isl_keep const SyDesign *design, SyHlsFiles *files);

G_END_DECLS
