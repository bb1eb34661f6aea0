/* Members of JSON objects under construction, one call each. */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

void sy_json_member_int(JsonBuilder *b, const char *name, gint64 v);
/* v may be NULL: a null member. */
void sy_json_member_str(JsonBuilder *b, const char *name, const char *v);
void sy_json_member_bool(JsonBuilder *b, const char *name, gboolean v);
void sy_json_member_ints(
	JsonBuilder *b, const char *name, const gint64 *v, guint n);

G_END_DECLS
