/* The Vitis HLS backend: the design printed as C++ for Vitis HLS (a top
 * function with one m_axi port per DRAM path, s_axilite control and a
 * dataflow region of every module and FIFO), and a testbench that runs
 * it where the kernel's SCoP was: inputs serialized into the words the
 * L3 modules read, results read back from the words the drains write.
 *
 * Every module's loops come from isl's AST of the PE array's schedule on
 * whole tiles, printed by the AST printer: loop bounds, guards for the
 * padding, statements with substituted subscripts. */
#pragma once

#include "comm/hls-model.h"
#include "poly/names.h"

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
 * cannot fail.  m (the model it returned) and names (the user's
 * identifiers in generated code) are what the I/O and PE printers
 * still read until they print from the design alone. */
void sy_hls_generate(__isl_keep const SyDesign *design,
	__isl_keep const SyHlsModel *m, __isl_keep const SyNames *names,
	SyHlsFiles *files);

G_END_DECLS
