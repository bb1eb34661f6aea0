/* Device profiles: the built-in ones load with their values; a profile
 * that says something wrong is refused with a message naming the member
 * and what it may hold. */
#include <string.h>

#include "model/device.h"

static const char *const good =
	"{\"name\": \"x1\", \"description\": \"A board\", \"part\": "
	"\"xc-1\", \"platform\": \"p_1.0\", \"clock_mhz\": 250, \"memory\": "
	"{\"kind\": \"HBM\", \"banks\": 2}, \"resources\": {\"lut\": 10, "
	"\"ff\": 20, \"dsp\": 3, \"bram36\": 4, \"uram\": 0}}";

static void test_builtin(void)
{
	g_auto(GStrv) names = sy_device_names();
	g_autoptr(SyDevice) u250 = NULL;
	g_autoptr(GError) error = NULL;

	g_assert_cmpuint(g_strv_length(names), ==, 4);
	for (guint i = 0; names[i]; i++) {
		g_autoptr(SyDevice) d = sy_device_lookup(names[i], &error);

		g_assert_no_error(error);
		g_assert_cmpstr(d->name, ==, names[i]);
	}
	u250 = sy_device_lookup("u250", &error);
	g_assert_cmpstr(u250->part, ==, "xcu250-figd2104-2L-e");
	g_assert_cmpstr(
		u250->platform, ==, "xilinx_u250_gen3x16_xdma_4_1_202210_1");
	g_assert_cmpuint(u250->clock_mhz, ==, 300);
	g_assert_cmpstr(u250->memory, ==, "DDR");
	g_assert_cmpuint(u250->banks, ==, 4);
	g_assert_cmpint(u250->lut, ==, 1728000);
	g_assert_cmpint(u250->uram, ==, 1280);
	g_assert_null(sy_device_lookup("u9", &error));
	g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN);
	g_assert_cmpstr(error->message, ==,
		"unknown device 'u9'; Systole knows u200, u250, u280, u55c");
}

static void test_good(void)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) d = sy_device_new_from_data(
		"x1.json", good, strlen(good), &error);

	g_assert_no_error(error);
	g_assert_cmpstr(d->name, ==, "x1");
	g_assert_cmpstr(d->description, ==, "A board");
	g_assert_cmpstr(d->part, ==, "xc-1");
	g_assert_cmpstr(d->platform, ==, "p_1.0");
	g_assert_cmpuint(d->clock_mhz, ==, 250);
	g_assert_cmpstr(d->memory, ==, "HBM");
	g_assert_cmpuint(d->banks, ==, 2);
	g_assert_cmpint(d->ff, ==, 20);
	g_assert_cmpint(d->bram36, ==, 4);
}

/* The good profile with one piece of text replaced. */
static char *edit(const char *from, const char *to)
{
	const char *at = strstr(good, from);

	g_assert_nonnull(at);
	return g_strdup_printf(
		"%.*s%s%s", (int)(at - good), good, to, at + strlen(from));
}

static const struct {
	const char *from, *to, *message;
} bad[] = {
	{"{\"name\"", "[{\"name\"",
		"device profile x.json: not JSON: <data>:1:205: Parse error: "
		"unexpected character `}', expected character `,'"},
	{"\"x1\"", "7", "device profile x.json: 'name' must be a string"},
	{"\"x1\"", "\"\"", "device profile x.json: 'name' is empty"},
	{"\"xc-1\"", "\"xc 1\"",
		"device profile x.json: 'part' holds a character it may not "
		"hold; names use letters, digits, '_', '.' and '-'"},
	{"\"p_1.0\"", "\"p;rm -rf /\"",
		"device profile x.json: 'platform' holds a character it may "
		"not hold; names use letters, digits, '_', '.' and '-'"},
	{"\"A board\"", "\"A\\nboard\"",
		"device profile x.json: 'description' holds a character it "
		"may not hold; text is printable, on one line"},
	{"250", "0",
		"device profile x.json: 'clock_mhz' must be a whole number "
		"from 1 to 1000"},
	{"250", "250.5",
		"device profile x.json: 'clock_mhz' must be a whole number "
		"from 1 to 1000"},
	{"250", "\"250\"",
		"device profile x.json: 'clock_mhz' must be a whole number "
		"from 1 to 1000"},
	{"\"HBM\"", "\"SRAM\"",
		"device profile x.json: 'memory.kind' is DDR or HBM, not "
		"'SRAM'"},
	{"\"banks\": 2", "\"banks\": 0",
		"device profile x.json: 'memory.banks' must be a whole number "
		"from 1 to 256"},
	{"\"banks\": 2", "\"bank\": 2",
		"device profile x.json: unknown member 'memory.bank'; memory "
		"has kind, banks"},
	{"\"uram\": 0", "\"uram\": -1",
		"device profile x.json: 'resources.uram' must be a whole "
		"number from 0 to 9223372036854775807"},
	{"\"uram\": 0", "\"urams\": 0",
		"device profile x.json: unknown member 'resources.urams'; "
		"resources has lut, ff, dsp, bram36, uram"},
	{"\"memory\": {\"kind\": \"HBM\", \"banks\": 2}",
		"\"memory\": [\"HBM\", 2]",
		"device profile x.json: 'memory' must be an object"},
	{"\"clock_mhz\": 250, ", "",
		"device profile x.json: 'clock_mhz' is missing"},
	{"\"clock_mhz\"", "\"clock\"",
		"device profile x.json: unknown member 'clock'; a profile has "
		"name, description, part, platform, clock_mhz, memory, "
		"resources"},
};

static void test_bad(void)
{
	for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
		g_autofree char *text = edit(bad[i].from, bad[i].to);
		g_autoptr(GError) error = NULL;

		g_assert_null(sy_device_new_from_data(
			"x.json", text, strlen(text), &error));
		g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID);
		g_assert_cmpstr(error->message, ==, bad[i].message);
	}
}

/* JSON-GLib 1.6 takes these for one value and leaks the second. */
static void test_two_values(void)
{
	const struct {
		const char *text, *message;
	} cases[] = {
		{"{} {}",
			"<data>:1:4: Parse error: a second value, expected end "
			"of file"},
		{"\"uram\"{\"a\": 1}",
			"<data>:1:7: Parse error: a second "
			"value, expected end of file"},
		{"{\"a\": \"}{\"}\n /* { */ [1]",
			"<data>:2:10: Parse error: "
			"a second value, expected "
			"end of file"},
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GError) error = NULL;
		g_autofree char *message = g_strdup_printf(
			"device profile x.json: not JSON: %s",
			cases[i].message);

		g_assert_null(sy_device_new_from_data("x.json", cases[i].text,
			strlen(cases[i].text), &error));
		g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID);
		g_assert_cmpstr(error->message, ==, message);
	}
}

/* JSON-GLib 1.6 wraps integers beyond 64 bits around; they are refused
 * where they start, and only they (not digits in strings or comments,
 * not doubles, not the extremes of 64 bits). */
static void test_wide_integers(void)
{
	const struct {
		const char *text, *message;
	} wide[] = {
		{"{\"lut\": 9223372036854775808}", "1:9"},
		{"{\"x\": \"1\",\n  \"lut\": [-9223372036854775809]}", "2:11"},
		{"{\"a\": 100000000000000000000000000000000000000}", "1:7"},
	};
	const char *const fine[] = {
		"{\"a\": \"99999999999999999999\"}",
		"{\"a\": 1e99, \"b\": 99999999999999999999.5}",
		"{/* 99999999999999999999 */ \"a\": 9223372036854775807, "
		"\"b\": -9223372036854775808}",
	};

	for (guint i = 0; i < G_N_ELEMENTS(wide); i++) {
		g_autoptr(GError) error = NULL;
		g_autofree char *message = g_strdup_printf(
			"device profile x.json: not JSON: <data>:%s: Parse "
			"error: an integer beyond 64 bits",
			wide[i].message);

		g_assert_null(sy_device_new_from_data(
			"x.json", wide[i].text, strlen(wide[i].text), &error));
		g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID);
		g_assert_cmpstr(error->message, ==, message);
	}
	for (guint i = 0; i < G_N_ELEMENTS(fine); i++) {
		g_autoptr(GError) error = NULL;

		/* Refused for their members, after reading. */
		g_assert_null(sy_device_new_from_data(
			"x.json", fine[i], strlen(fine[i]), &error));
		g_assert_nonnull(error);
		g_assert_null(strstr(error->message, "beyond 64 bits"));
		g_assert_null(strstr(error->message, "not JSON"));
	}
}

static void test_not_object(void)
{
	const char *const texts[] = {"", "[]", "42", "null", "\"x\""};

	for (guint i = 0; i < G_N_ELEMENTS(texts); i++) {
		g_autoptr(GError) error = NULL;

		g_assert_null(sy_device_new_from_data(
			"x.json", texts[i], strlen(texts[i]), &error));
		g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID);
		g_assert_cmpstr(error->message, ==,
			"device profile x.json: a profile is one JSON object");
	}
}

int main(int argc, char **argv)
{
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/device/builtin", test_builtin);
	g_test_add_func("/device/good", test_good);
	g_test_add_func("/device/bad", test_bad);
	g_test_add_func("/device/wide-integers", test_wide_integers);
	g_test_add_func("/device/not-object", test_not_object);
	g_test_add_func("/device/two-values", test_two_values);
	return g_test_run();
}
