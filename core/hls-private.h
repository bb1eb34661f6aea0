/* Private to the Vitis HLS backend: hls.c prints the kernel's modules,
 * hls-harness.c the testbench and the XRT host around them. */
#pragma once

#include "ast-print.h"
#include "hls.h"

G_BEGIN_DECLS

typedef struct {
	const SyHlsModel *m;
	const SyPeArray *array;
	const SyScop *scop;
	GString *out; /* the kernel */
	const char *itype;
	/* Requests simplified on their statement's points, by their text:
	 * modules ask the same (gist is the costly part). */
	GHashTable *simplified;
} SyHlsGen;

/* An array's element type, its bits (32 for unknown types) and its tag
 * in helper names ("unsigned int" -> "unsigned_int"). */
const char *sy_hls_ctype(const SyArray *x);
guint sy_hls_bits(const SyArray *x);
char *sy_hls_tag(const char *type);

/* Words in a path's box. */
gint64 sy_hls_box_words(const SyHlsPath *hp);

/* The kernel's scalar arguments: read-only scalars of the SCoP. */
GPtrArray *sy_hls_arguments(const SyScop *scop);

/* The DRAM port of a path. */
char *sy_hls_port(const SyHlsModel *m, const SyHlsPath *hp);

/* A line at the printer's indent. */
void sy_hls_line(SyAstPrinter *p, const char *format, ...) G_GNUC_PRINTF(2, 3);

char *sy_hls_emit_testbench(SyHlsGen *hls, GError **error);
char *sy_hls_emit_host(SyHlsGen *hls);

G_END_DECLS
