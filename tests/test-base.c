/* The base of the core, the helpers every stage uses: the one JSON
 * printer behind design.json and every --json. */
#include "base/json-print.h"

/* Two-space indent, JSON-GLib's " : " between a name and its value,
 * members in the order they were set, one final newline. */
static void test_json_print(void)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;
	g_autofree char *text = NULL;
	g_autofree char *again = NULL;

	json_builder_begin_object(b);
	json_builder_set_member_name(b, "name");
	json_builder_add_string_value(b, "PE \"0\"");
	json_builder_set_member_name(b, "dims");
	json_builder_begin_array(b);
	json_builder_add_int_value(b, 4);
	json_builder_add_int_value(b, -1);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "io");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "ping_pong");
	json_builder_add_boolean_value(b, TRUE);
	json_builder_end_object(b);
	json_builder_set_member_name(b, "none");
	json_builder_add_null_value(b);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	text = sy_json_print(root);
	g_assert_cmpstr(text, ==,
		"{\n"
		"  \"name\" : \"PE \\\"0\\\"\",\n"
		"  \"dims\" : [\n"
		"    4,\n"
		"    -1\n"
		"  ],\n"
		"  \"io\" : {\n"
		"    \"ping_pong\" : true\n"
		"  },\n"
		"  \"none\" : null\n"
		"}\n");
	/* root is borrowed: still whole, and printed the same again. */
	again = sy_json_print(root);
	g_assert_cmpstr(again, ==, text);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/base/json-print", test_json_print);
	return g_test_run();
}
