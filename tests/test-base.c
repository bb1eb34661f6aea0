/* The base of the core, the helpers every stage uses: the one JSON
 * printer behind design.json and every --json, the check of an
 * object's members that design.json's and the code's readers share,
 * and the whole-number helpers' signs. */
#include "base/integer.h"
#include "base/json-load.h"
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

/* Doubles in their shortest form that reads back the same (JSON-GLib
 * prints 17 digits, and "1e+20.0" for 1e20), whatever the locale;
 * integers, strings and the words true, false and null as they were. */
static void test_json_doubles(void)
{
	static const double values[] = {0.1, 1e20, 3.0, 43.21, 1e-7, -0.5,
		2.5e15, 1.0 / 3.0, 300, -0.0, 160.5};
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;
	g_autofree char *text = NULL;

	json_builder_begin_array(b);
	for (guint i = 0; i < G_N_ELEMENTS(values); i++)
		json_builder_add_double_value(b, values[i]);
	json_builder_add_string_value(b, "0.10000000000000001 \"1.50\"");
	json_builder_add_int_value(b, -12);
	json_builder_add_boolean_value(b, TRUE);
	json_builder_add_boolean_value(b, FALSE);
	json_builder_add_null_value(b);
	json_builder_end_array(b);
	root = json_builder_get_root(b);
	text = sy_json_print(root);
	g_assert_cmpstr(text, ==,
		"[\n  0.1,\n  1e+20,\n  3,\n  43.21,\n  1e-07,\n  -0.5,\n"
		"  2.5e+15,\n  0.3333333333333333,\n  300,\n  0,\n  160.5,\n"
		"  \"0.10000000000000001 \\\"1.50\\\"\",\n  -12,\n  true,\n"
		"  false,\n  null\n]\n");
}

/* The member o is refused for: a required one missing first, then one
 * neither listed nor extra, in o's order; optional ones may be absent. */
static void test_json_members(void)
{
	static const char *const names[] = {"kind", "trip", "ii", NULL};
	static const char *const extra[] = {"code", NULL};
	g_autoptr(JsonParser) parser = json_parser_new();
	const char *why = NULL;
	JsonObject *o;

	g_assert_true(sy_json_load(parser,
		"{\"kind\": 1, \"code\": 2, \"x\": 3, \"y\": 4}", -1, NULL));
	o = json_node_get_object(json_parser_get_root(parser));
	g_assert_cmpstr(
		sy_json_members_check(o, names, 2, extra, &why), ==, "trip");
	g_assert_cmpstr(why, ==, "no member");
	g_assert_cmpstr(
		sy_json_members_check(o, names, 1, extra, &why), ==, "x");
	g_assert_cmpstr(why, ==, "unknown member");
	g_assert_cmpstr(
		sy_json_members_check(o, names, 1, NULL, &why), ==, "code");
	g_assert_cmpstr(why, ==, "unknown member");
	json_object_remove_member(o, "x");
	json_object_remove_member(o, "y");
	g_assert_null(sy_json_members_check(o, names, 1, extra, &why));
	g_assert_cmpstr(why, ==, "unknown member");
}

/* Floor and ceiling division for each sign of each operand, exact
 * quotients among them, and the extremes of gint64 that fit. */
static void test_integer_div(void)
{
	static const struct {
		gint64 a, b, floor, ceil;
	} cases[] = {
		{7, 2, 3, 4},
		{-7, 2, -4, -3},
		{7, -2, -4, -3},
		{-7, -2, 3, 4},
		{6, 3, 2, 2},
		{-6, 3, -2, -2},
		{6, -3, -2, -2},
		{-6, -3, 2, 2},
		{1, 3, 0, 1},
		{-1, 3, -1, 0},
		{1, -3, -1, 0},
		{-1, -3, 0, 1},
		{0, 5, 0, 0},
		{0, -5, 0, 0},
		{5, 1, 5, 5},
		{-5, -1, 5, 5},
		{G_MAXINT64, 2, 4611686018427387903, 4611686018427387904},
		{G_MININT64, 2, -4611686018427387904, -4611686018427387904},
		{G_MININT64, 3, -3074457345618258603, -3074457345618258602},
		{G_MAXINT64, -1, -G_MAXINT64, -G_MAXINT64},
		{G_MININT64, G_MAXINT64, -2, -1},
		{-1, G_MAXINT64, -1, 0},
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_assert_cmpint(sy_integer_div_floor(cases[i].a, cases[i].b),
			==, cases[i].floor);
		g_assert_cmpint(sy_integer_div_ceil(cases[i].a, cases[i].b), ==,
			cases[i].ceil);
	}
}

/* The gcd is never negative, accumulates from 0 and takes G_MININT64's
 * magnitude unsigned. */
static void test_integer_gcd(void)
{
	static const struct {
		gint64 a, b, gcd;
	} cases[] = {
		{0, 0, 0},
		{12, 0, 12},
		{0, 12, 12},
		{-12, 0, 12},
		{0, -12, 12},
		{12, 18, 6},
		{-12, 18, 6},
		{12, -18, 6},
		{-12, -18, 6},
		{18, 12, 6},
		{7, 13, 1},
		{-1, -1, 1},
		{48, 16, 16},
		{G_MININT64, 6, 2},
		{G_MININT64, G_MAXINT64, 1},
		{G_MININT64, -4611686018427387904, 4611686018427387904},
		{G_MAXINT64, 0, G_MAXINT64},
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++)
		g_assert_cmpint(sy_integer_gcd(cases[i].a, cases[i].b), ==,
			cases[i].gcd);
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/base/json-print", test_json_print);
	g_test_add_func("/base/json-doubles", test_json_doubles);
	g_test_add_func("/base/json-members", test_json_members);
	g_test_add_func("/base/integer-div", test_integer_div);
	g_test_add_func("/base/integer-gcd", test_integer_gcd);
	return g_test_run();
}
