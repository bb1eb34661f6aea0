/* What the libFuzzer targets share: GLib's criticals and warnings made
 * fatal (a critical is a bug the fuzzer should stop on), the example
 * kernels analysed once and kept, and the path from options to a PE
 * array and its I/O network as systole-cli compile takes it. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "poly/analysis.h"

G_BEGIN_DECLS

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Makes criticals and warnings abort. */
void fuzz_init(void);

/* The example data/examples/NAME.c analysed with no options, kept for
 * the whole run; NULL if NAME is not an example. */
const SyAnalysis *fuzz_example(const char *name);

/* What systole-cli compile reads; NULL members are not given. */
typedef struct {
	const char *space;
	const char *sa_sizes;
	const char *tile;
	const char *order;
	const char *latency;
	const char *simd;
	const char *pack;
	const char *fifo_depth;
	const char *data_pack_sizes;
	gboolean no_double_buffer;
	gboolean no_packing;
	gboolean host_serialize;
	gboolean hbm; /* --hbm, with: */
	const char *hbm_port_num;
	const char *hbm_ports;
	gboolean uram;
	const char *int_io_dir;
	gboolean no_design; /* stop at the PE array */
} FuzzOptions;

/* Chooses the dataflow, applies the sizes and, when they are valid,
 * builds the PE array and (unless no_design) its I/O network, in the
 * CLI's order; every
 * refusal is an error, which is dropped.  Returns whether all of it
 * was built. */
gboolean fuzz_compile(const SyAnalysis *a, const FuzzOptions *o);

/* The input as a NUL-terminated string (NULL if it holds a NUL). */
char *fuzz_text(const uint8_t *data, size_t size);

G_END_DECLS
