/* C from a PE array's schedule: isl builds the AST, our printer prints
 * it (loops, guards, marks as comments, the statements with their
 * iterators substituted), and the input file gets its SCoP replaced by
 * the result, everything else verbatim. */
#pragma once

#include "pe-array.h"

G_BEGIN_DECLS

/* The transformed loop nest as a C block, its first line indented by
 * indent and each level by unit, with the helper macros it uses defined
 * before it and undefined after it. */
char *sy_codegen_loops(const SyPeArray *array, const char *indent,
	const char *unit);

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
gboolean sy_codegen_scop_text(const SyProgram *prog, SyScopText *text,
	GError **error);

/* The input file with its SCoP replaced by the transformed loop nest.
 * Fails (SY_INPUT_ERROR) if the SCoP is not in the main file. */
char *sy_codegen_file(const SyPeArray *array, GError **error);

G_END_DECLS
