/* Members of JSON objects under construction, one call each. */
#pragma once

#include <json-glib/json-glib.h>

#include "base/own.h"

G_BEGIN_DECLS

void sy_json_member_int(
	__isl_keep JsonBuilder *b, __isl_keep const char *name, gint64 v);
/* v may be NULL: a null member. */
void sy_json_member_str(__isl_keep JsonBuilder *b, __isl_keep const char *name,
	__isl_keep const char *v);
void sy_json_member_bool(
	__isl_keep JsonBuilder *b, __isl_keep const char *name, gboolean v);
void sy_json_member_ints(__isl_keep JsonBuilder *b, __isl_keep const char *name,
	__isl_keep const gint64 *v, guint n);
/* An array of list's items, each added to b by add. */
void sy_json_member_list(__isl_keep JsonBuilder *b, __isl_keep const char *name,
	__isl_keep const GPtrArray *list,
	void (*add)(__isl_keep JsonBuilder *b, __isl_keep gconstpointer item));

G_END_DECLS
