/* The I/O network's options as the command line spells them: packing
 * factors per path and level ("A:L2=8,C_drain:L1=1") and the depth of
 * every FIFO.  Whether a factor fits its buffer is sy_design_new's to
 * say; these only read the text. */
#pragma once

#include "comm/design.h"

G_BEGIN_DECLS

/* The deepest FIFO --fifo-depth accepts: 2^16 words, already a BRAM
 * cascade per FIFO at 512 bits. */
#define SY_DESIGN_MAX_FIFO_DEPTH 65536

/* "A:L2=8,B:L2=4" as "A:L2" -> 8, "B:L2" -> 4 (factors 1 to 512), or an
 * SY_DESIGN_ERROR saying what a factor looks like. */
__isl_give GHashTable *sy_design_parse_pack(
	__isl_keep const char *spec, GError **error);

/* AutoSA's --data-pack-sizes, "{kernel[]->A[8,32,64];kernel[]->B[...]}":
 * array name -> SyPackCaps (three byte counts from 1 to 64 each), or an
 * SY_DESIGN_ERROR saying what the option looks like.  Whether the
 * arrays are the kernel's is sy_design_new's to say. */
__isl_give GHashTable *sy_design_parse_pack_caps(
	__isl_keep const char *spec, GError **error);

/* AutoSA's --reduce-op: the operators Systole folds partial results
 * with ("+"), copied into op (4 bytes), or an SY_DESIGN_ERROR naming
 * them. */
gboolean sy_design_parse_reduce_op(
	__isl_keep const char *text, char *op, GError **error);

/* *to becomes from with tables of its own (for a job that outlives
 * from's); sy_design_options_clear frees them. */
void sy_design_options_copy(
	__isl_keep SyDesignOptions *to, __isl_keep const SyDesignOptions *from);
void sy_design_options_clear(__isl_keep SyDesignOptions *options);

/* A whole number from 1 to SY_DESIGN_MAX_FIFO_DEPTH, or an
 * SY_DESIGN_ERROR. */
gboolean sy_design_parse_fifo_depth(
	__isl_keep const char *text, guint *depth, GError **error);

G_END_DECLS
