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

/* Fails (SY_HLS_ERROR) on what the backend does not support, saying
 * why.  names says what the user's identifiers and headers are called
 * in the project; defines (-D, may be NULL) start the testbench, as
 * they started the analysed file.  The design's modules get their code
 * (sy_design_fill_code) unless they have it. */
gboolean sy_hls_generate(__isl_keep SyDesign *design,
	__isl_keep const SyNames *names, __isl_keep const char *const *defines,
	SyHlsFiles *files, GError **error);

G_END_DECLS
