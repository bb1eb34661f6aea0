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
char *sy_codegen_loops(
	const SyPeArray *array, const char *indent, const char *unit);
/* Without a stage of its own (sy_codegen_loops is one, whose failure
 * gives a comment saying why instead of the loops): for callers that
 * check isl themselves. */
char *sy_codegen_block(
	const SyPeArray *array, const char *indent, const char *unit);

/* Where the SCoP is in the main file (byte offsets): begin at the
 * "#pragma scop" line, body after it, body_end at the "#pragma endscop"
 * line, end after it; and its indentation (to free) and indent unit. */
typedef struct {
	const SySource *src;
	gsize begin, body, body_end, end;
	char *indent;
	const char *unit;
} SyScopText;

/* Fails (SY_INPUT_ERROR) if the SCoP is not in the main file. */
gboolean sy_codegen_scop_text(
	const SyProgram *prog, SyScopText *text, GError **error);

/* The input file with its SCoP replaced by the transformed loop nest.
 * Fails (SY_INPUT_ERROR) if the SCoP is not in the main file. */
char *sy_codegen_file(const SyPeArray *array, GError **error);

/* The transformed loop nest as code: its statements (named after the
 * kernel's) have the statement's iterators as arguments, expressions of
 * the loop iterators.  NULL where isl failed (the caller checks the
 * context). */
__isl_give SyCode *sy_codegen_code(__isl_keep const SyPeArray *array);
/* code (of sy_codegen_code, or read back) printed as sy_codegen_block
 * prints the array's own. */
__isl_give char *sy_codegen_print(__isl_keep const SyPeArray *array,
	__isl_keep const SyCode *code, const char *indent, const char *unit);

/* Loop iterator names that the program does not use (c0, c1, ...), n
 * of them; the type the kernel's loops agree on (int by default). */
isl_id_list *sy_codegen_iterators(const SyProgram *prog, isl_ctx *ctx, guint n);
const char *sy_codegen_iterator_type(const SyScop *scop);

G_END_DECLS
