/* JSON text from users (device profiles, --simd-info), read with
 * JSON-GLib but one value only: JSON-GLib 1.6 takes a value followed
 * by an object or an array ("{} {}", "\"x\" [1]") for one value and
 * leaks the second. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"

G_BEGIN_DECLS

/* Objects and arrays nested deeper are refused: JSON-GLib's parser
 * recurses per level and would overflow the stack. */
#define SY_JSON_MAX_DEPTH 1000

/* json_parser_load_from_data, refusing text after the first value,
 * nesting deeper than SY_JSON_MAX_DEPTH and integers beyond 64 bits
 * (which JSON-GLib wraps around), with a
 * JSON_PARSER_ERROR in JSON-GLib's style ("<data>:1:4: Parse error:
 * ..."). len may be -1 for a NUL-terminated text. */
gboolean sy_json_load(__isl_keep JsonParser *parser,
	__isl_keep const char *data, gssize len, GError **error);

/* What a node holds, for messages: "an object", "an array", "null",
 * "an integer", "a string", "a boolean" or "a number". */
__isl_keep const char *sy_json_type_name(__isl_keep JsonNode *node);
/* Whether node is a value of that type (G_TYPE_INT64, ...). */
gboolean sy_json_holds(__isl_keep JsonNode *node, GType type);

/* The member a reader refuses o for, NULL if none: the first of the
 * first n_required of names that o lacks (*why "no member"), else the
 * first member of o that is neither one of names nor one of extra (both
 * NULL-terminated, extra may be NULL; *why "unknown member").  The
 * reader words its error with them, in its own domain. */
__isl_keep const char *sy_json_members_check(__isl_keep JsonObject *o,
	__isl_keep const char *const *names, guint n_required,
	__isl_keep const char *const *extra,
	__isl_keep const char **why /* out */);

G_END_DECLS
