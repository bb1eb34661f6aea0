/* Diagnostics: errors about the user's input.
 *
 * An input error is a GError in the SY_INPUT_ERROR domain.  Its message is
 * the complete text a compiler prints (location, what is wrong, the source
 * line with a caret, what is supported instead); the structured parts stay
 * attached to the error (an extended GError) so that the explorer can
 * underline the span and show the summary without parsing text.
 */
#pragma once

#include <glib.h>

#include "base/own.h"
#include "base/source.h"

G_BEGIN_DECLS

#define SY_INPUT_ERROR (sy_input_error_quark())

typedef enum {
	SY_INPUT_ERROR_READ, /* cannot read the file */
	SY_INPUT_ERROR_ENCODING, /* empty, binary or not UTF-8 */
	SY_INPUT_ERROR_PREPROCESS, /* directives, includes, macros */
	SY_INPUT_ERROR_SYNTAX, /* not C we can parse */
	SY_INPUT_ERROR_UNSUPPORTED, /* valid C outside the SCoP subset */
	SY_INPUT_ERROR_SEMANTIC, /* undeclared names, bad sizes, ... */
	SY_INPUT_ERROR_NOT_CONSTANT, /* a constant expression that is not */
} SyInputError;

GQuark sy_input_error_quark(void);

/* Sets an input error at loc, underlining span bytes (0: one caret).
 * hint says what is supported instead; it may be NULL. */
void sy_input_error_set(GError **error, SyInputError code,
	__isl_keep const SyLoc *loc, guint span, __isl_keep const char *hint,
	__isl_keep const char *format, ...) G_GNUC_PRINTF(6, 7);

/* The structured parts of an input error; FALSE if error carries none.
 * The strings are the error's. */
gboolean sy_input_error_get_location(__isl_keep const GError *error,
	const char **path, guint *line, guint *col, guint *span);
__isl_keep const char *sy_input_error_get_summary(
	__isl_keep const GError *error);
__isl_keep const char *sy_input_error_get_hint(__isl_keep const GError *error);

G_END_DECLS
