/* Code as JSON, and back, exactly: what design.json will say each
 * module runs.
 *
 * An expression is an integer (64 bits), an identifier (a string) or
 * {"op": "add", "args": [...]} with isl's operation names (code.h); a
 * statement's argument may be null (a condition that always holds).
 * A node is an object whose "kind" says which:
 *   {"kind": "block", "children": [node...]}
 *   {"kind": "for", "iterator": "c0", "init": e, "cond": e, "inc": e,
 *    "degenerate": false, "trip": 16 or null, "pragma": "none" |
 *    "unroll" | "pipeline", "ii": 1 (with "pipeline" only),
 *    "body": node}
 *   {"kind": "if", "cond": e, "then": node, "else": node (optional)}
 *   {"kind": "mark", "mark": "array", "body": node}
 *   {"kind": "user", "name": "S_0", "stmt": 0 (optional: the
 *    statement's index, SyCode.stmt), "args": [e or null...]}
 * Reading refuses any other member, a missing one, a wrong type, an
 * operation with a wrong number of arguments and a trip count that is
 * not the loop's. */
#pragma once

#include <json-glib/json-glib.h>

#include "compute/code.h"

G_BEGIN_DECLS

#define SY_CODE_ERROR (sy_code_error_quark())

typedef enum {
	SY_CODE_ERROR_INVALID, /* JSON that is not code */
} SyCodeError;

GQuark sy_code_error_quark(void);

/* Adds the value of code or expr (keep) to b (an array, or after a
 * member name). */
void sy_code_build_json(
	__isl_keep JsonBuilder *b, __isl_keep const SyCode *code);
void sy_code_expr_build_json(
	__isl_keep JsonBuilder *b, __isl_keep const SyCodeExpr *expr);

__isl_give JsonNode *sy_code_to_json(__isl_keep const SyCode *code);

/* Code from node (keep); fails (SY_CODE_ERROR_INVALID) on anything
 * the format above does not say, with where in the tree: "code/body/
 * children/2/init: ...".  Integers beyond 64 bits are refused when the
 * text is read (sy_json_load, or sy_code_from_json_text). */
__isl_give SyCode *sy_code_from_json(__isl_keep JsonNode *node, GError **error);
__isl_give SyCodeExpr *sy_code_expr_from_json(
	__isl_keep JsonNode *node, GError **error);

/* The same from JSON text (len -1: NUL-terminated); parse errors are
 * JSON-GLib's (JSON_PARSER_ERROR). */
__isl_give SyCode *sy_code_from_json_text(
	__isl_keep const char *text, gssize len, GError **error);

G_END_DECLS
