/* User strings (paths, -D values) written into generated files, escaped
 * for the language of each: what the user wrote can only ever be read
 * as text there, never as a rule, a command or code.
 *
 * Comments get a printable copy on one line: valid UTF-8 is kept,
 * backslashes are doubled, and newlines, control characters and bytes
 * that are not UTF-8 become C-style escapes (\n, \x1b). */
#pragma once

#include <glib.h>

#include "base/own.h"

G_BEGIN_DECLS

/* The text of a C or C++ block comment, without "*" "/" or "/" "*". */
__isl_give char *sy_escape_c_comment(__isl_keep const char *s);

/* The text of a comment in a Makefile (after '#'), or in a Tcl script
 * or an INI-style config file: one line that ends in no backslash. */
__isl_give char *sy_escape_line_comment(__isl_keep const char *s);

/* A Markdown code span, backticks included. */
__isl_give char *sy_escape_markdown_code(__isl_keep const char *s);

/* One word for a POSIX shell: unchanged if it is made only of
 * characters no shell treats specially, else in single quotes. */
__isl_give char *sy_escape_shell(__isl_keep const char *s);

/* Valid UTF-8 for JSON (json-glib writes strings as they are): bytes
 * that are not UTF-8 become U+FFFD. */
__isl_give char *sy_escape_json_text(__isl_keep const char *s);

G_END_DECLS
