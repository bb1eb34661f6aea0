/* What the modules' code asks of a PE array's accesses on the model:
 * where a PE's access finds its value or puts it, where it uses a FIFO,
 * its place in a box, and values simplified on a statement's points.
 * The modules' code (module-code.h) and the facts the printers read
 * (pe-facts-build.h) are built on these. */
#pragma once

#include "comm/hls-model.h"

G_BEGIN_DECLS

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

/* For a table whose edges enter and leave each PE (comm/hls-chain.h):
 * the interior drain a write's final values also leave by (NULL for
 * none), and whether a read through the FIFO keeps its value in the
 * buffer. */
__isl_keep const SyHlsPath *sy_module_code_drain(
	__isl_keep const SyHlsModel *m, __isl_keep const SyAccess *a);
gboolean sy_module_code_keeps(
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
