/* The code of a design's modules: per module with statements (the PE,
 * the intra_trans of each buffered I/O path, the dummies that drop
 * what leaves an input's lines) the loops isl builds for the PE array's
 * schedule on whole tiles, with the loops' pragmas and per statement
 * the arguments its printer reads: the statement's iterators (the
 * PE's), then the values and conditions the module asked for (SIMD
 * lane, guards, places in a buffer), simplified on the statement's
 * points.  sy_design_build_code stores them in SyModule.code, and
 * the testbench's facts with them in SyDesign.tb (comm/tb-loops.h). */
#pragma once

#include "comm/design.h"
#include "comm/hls-model.h"
#include "compute/code.h"

G_BEGIN_DECLS

/* The names of the PE coordinates: in the PE ("idx"), in I/O modules
 * ("p0"); the fixed dimensions of the modules' code. */
extern const char *const sy_module_code_pe_names[];
extern const char *const sy_module_code_p_names[];

/* Fills SyModule.code of every module with statements (a design whose
 * code is built is left as it is).  Its own isl stage: fails, with
 * the stage's error or the model's (SY_HLS error of sy_hls_model_new),
 * leaving no code. */
gboolean sy_design_build_code(__isl_keep SyDesign *design, GError **error);

/* The same with a model of the design the caller has built (and
 * checks isl's errors of); FALSE where isl failed. */
gboolean sy_design_fill_code(
	__isl_keep SyDesign *design, __isl_keep const SyHlsModel *m);

/* Sets the pragmas of the loops at and below code, and returns how many
 * real loops nest there (degenerate ones, and the SIMD lanes' loop at
 * schedule dimension lanes, -1 for none, do not count): the lanes' loop
 * is unrolled, a loop with no real loop below pipelined at II=1.  Loops
 * that are neither (an I/O module's innermost loop is often not the
 * lanes') get nothing.  A loop's schedule dimension is the number its
 * iterator ends with ("c7"). */
guint sy_module_code_set_pragmas(__isl_keep SyCode *code, int lanes);

/* Where a PE's access finds its value or puts it: a scalar argument of
 * the kernel, a FIFO of an exterior path, its local buffer, a FIFO of
 * an interior path. */
typedef enum {
	SY_PE_SOURCE_ARG,
	SY_PE_SOURCE_EXT,
	SY_PE_SOURCE_LOCAL,
	SY_PE_SOURCE_FIFO,
} SyPeSource;

SyPeSource sy_module_code_source(
	__isl_keep const SyHlsModel *m, __isl_keep const SyAccess *a);
/* Whether an access of an array PEs keep also uses a FIFO, and at which
 * instances (NULL when no FIFO is): values from outside or results for
 * the drain (interior paths), values from the previous PE or for the
 * next one (chains). */
gboolean sy_module_code_uses_fifo(
	__isl_keep const SyHlsModel *m, __isl_keep const SyAccess *a);
__isl_give isl_set *sy_module_code_fifo_set(
	__isl_keep const SyHlsModel *m, __isl_keep const SyAccess *a);

/* Whether an I/O path moves access a: the reads (in) or writes (out) of
 * its array. */
gboolean sy_module_code_moves(
	__isl_keep const SyAccess *a, __isl_keep const SyHlsPath *hp);

/* An access's subscript d relative to its box at the instance's unit
 * (the PE coordinates keep selects, all for NULL). */
__isl_give isl_pw_aff *sy_module_code_box_index(__isl_keep const SyHlsModel *m,
	__isl_keep const SyAccess *a, __isl_keep const SyHlsBox *box,
	__isl_keep const gboolean *keep, guint d);

/* value (statement space, taken) on the statement's points, simplified
 * there; cache (text -> isl_pw_aff, may be NULL) keeps what was. */
__isl_give isl_pw_aff *sy_module_code_simplified(__isl_keep GHashTable *cache,
	__isl_keep const SyHlsStmt *h, __isl_take isl_pw_aff *value);
/* A new cache for sy_module_code_simplified. */
__isl_give GHashTable *sy_module_code_cache_new(void);

G_END_DECLS
