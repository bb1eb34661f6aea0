/* C from a PE array's schedule: isl builds the AST, our printer prints
 * it (loops, guards, marks as comments, the statements with their
 * iterators substituted), and the input file gets its SCoP replaced by
 * the result, everything else verbatim. */
#pragma once

#include <isl/ast_build.h>

#include "compute/ast-print.h"
#include "compute/code.h"
#include "compute/pe-array.h"

G_BEGIN_DECLS

/* The transformed loop nest as a C block, its first line indented by
 * indent and each level by unit, with the helper macros it uses defined
 * before it and undefined after it. */
__isl_give char *sy_codegen_loops(__isl_keep const SyPeArray *array,
	__isl_keep const char *indent, __isl_keep const char *unit);
/* Without a stage of its own (sy_codegen_loops is one, whose failure
 * gives a comment saying why instead of the loops): for callers that
 * check isl themselves. */
__isl_give char *sy_codegen_block(__isl_keep const SyPeArray *array,
	__isl_keep const char *indent, __isl_keep const char *unit);

/* Where the SCoP is in the main file (byte offsets): begin at the
 * "#pragma scop" line, body after it, body_end at the "#pragma endscop"
 * line, end after it; and its indentation (to free) and indent unit. */
typedef struct {
	const SySource *src;
	gsize begin, body, body_end, end;
	char *indent;
	const char *unit;
} SyScopText;

/* Fills text (the caller's).  Fails (SY_INPUT_ERROR) if the SCoP is not
 * in the main file. */
gboolean sy_codegen_scop_text(__isl_keep const SyProgram *prog,
	__isl_keep SyScopText *text, GError **error);

/* The input file with its SCoP replaced by the transformed loop nest.
 * Fails (SY_INPUT_ERROR) if the SCoP is not in the main file. */
__isl_give char *sy_codegen_file(
	__isl_keep const SyPeArray *array, GError **error);

/* The transformed loop nest as code: its statements (named after the
 * kernel's) have the statement's iterators as arguments, expressions of
 * the loop iterators.  NULL where isl failed (the caller checks the
 * context). */
__isl_give SyCode *sy_codegen_code(__isl_keep const SyPeArray *array);
/* code (of sy_codegen_code, or read back) printed as sy_codegen_block
 * prints the array's own. */
__isl_give char *sy_codegen_print(__isl_keep const SyPeArray *array,
	__isl_keep const SyCode *code, __isl_keep const char *indent,
	__isl_keep const char *unit);

/* Loop iterator names that the program does not use (c0, c1, ...), n
 * of them; the type the kernel's loops agree on (int by default). */
__isl_give isl_id_list *sy_codegen_iterators(
	__isl_keep const SyProgram *prog, __isl_keep isl_ctx *ctx, guint n);
__isl_keep const char *sy_codegen_iterator_type(__isl_keep const SyScop *scop);

G_END_DECLS
