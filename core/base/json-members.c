#include "base/json-members.h"

void sy_json_member_int(JsonBuilder *b, const char *name, gint64 v)
{
	json_builder_set_member_name(b, name);
	json_builder_add_int_value(b, v);
}

void sy_json_member_str(JsonBuilder *b, const char *name, const char *v)
{
	json_builder_set_member_name(b, name);
	if (v)
		json_builder_add_string_value(b, v);
	else
		json_builder_add_null_value(b);
}

void sy_json_member_bool(JsonBuilder *b, const char *name, gboolean v)
{
	json_builder_set_member_name(b, name);
	json_builder_add_boolean_value(b, v);
}

void sy_json_member_list(JsonBuilder *b, const char *name,
	const GPtrArray *list, void (*add)(JsonBuilder *b, gconstpointer item))
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint i = 0; i < list->len; i++)
		add(b, g_ptr_array_index(list, i));
	json_builder_end_array(b);
}

void sy_json_member_ints(
	JsonBuilder *b, const char *name, const gint64 *v, guint n)
{
	json_builder_set_member_name(b, name);
	json_builder_begin_array(b);
	for (guint i = 0; i < n; i++)
		json_builder_add_int_value(b, v[i]);
	json_builder_end_array(b);
}
