/* Device profiles: the built-in ones load with their documented values;
 * a user's own load from their folder and from files; a profile that
 * says something wrong is refused with a message naming the member and
 * what it may hold. */
#include <glib/gstdio.h>
#include <string.h>

#include "model/device.h"

#define SLRS                                                                   \
	"[{\"lut\": 6, \"ff\": 12, \"dsp\": 2, \"bram18k\": 5, \"uram\": 0}, " \
	"{\"lut\": 4, \"ff\": 8, \"dsp\": 1, \"bram18k\": 3, \"uram\": 0}]"

static const char *const good =
	"{\"name\": \"x1\", \"description\": \"A board\", \"part\": "
	"\"xc-1\", \"platform\": \"p_1.0\", \"clock_mhz\": 250, \"memory\": "
	"{\"kind\": \"HBM\", \"banks\": 2, \"bits\": 256, \"gbps\": 14.375}, "
	"\"resources\": {\"lut\": 10, \"ff\": 20, \"dsp\": 3, \"bram36\": 4, "
	"\"uram\": 0}, \"slrs\": " SLRS ", \"sources\": {\"part\": \"s1\", "
	"\"platform\": \"s2\", \"clock_mhz\": \"s3\", \"memory\": \"s4\", "
	"\"resources\": \"s5\", \"slrs\": \"s6\"}}";

static void check_slr(const SyDeviceSlr *s, gint64 lut, gint64 ff, gint64 dsp,
	gint64 bram18k, gint64 uram)
{
	g_assert_cmpint(s->lut, ==, lut);
	g_assert_cmpint(s->ff, ==, ff);
	g_assert_cmpint(s->dsp, ==, dsp);
	g_assert_cmpint(s->bram18k, ==, bram18k);
	g_assert_cmpint(s->uram, ==, uram);
}

/* U250: AutoBridge's SLR areas (DeviceU250.SLR_AREA, CR_AREA's URAM). */
static void test_u250(void)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) d = sy_device_lookup("u250", &error);

	g_assert_no_error(error);
	g_assert_cmpstr(d->part, ==, "xcu250-figd2104-2L-e");
	g_assert_cmpstr(
		d->platform, ==, "xilinx_u250_gen3x16_xdma_4_1_202210_1");
	g_assert_cmpuint(d->clock_mhz, ==, 300);
	g_assert_cmpstr(d->memory, ==, "DDR");
	g_assert_cmpuint(d->banks, ==, 4);
	g_assert_cmpuint(d->channel_bits, ==, 512);
	g_assert_cmpfloat(d->channel_gbps, ==, 19.25);
	g_assert_cmpint(d->lut, ==, 1728000);
	g_assert_cmpint(d->ff, ==, 3456000);
	g_assert_cmpint(d->dsp, ==, 12288);
	g_assert_cmpint(d->bram36, ==, 2688);
	g_assert_cmpint(d->uram, ==, 1280);
	g_assert_cmpuint(d->n_slrs, ==, 4);
	for (guint k = 0; k < 4; k++)
		check_slr(&d->slrs[k], 381600, 763200, 2880, 1152, 320);
}

/* U280: AutoBridge's slots (Floorplan/u280_resource.py), two per SLR. */
static void test_u280(void)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) d = sy_device_lookup("u280", &error);

	g_assert_no_error(error);
	g_assert_cmpstr(d->part, ==, "xcu280-fsvh2892-2L-e");
	g_assert_cmpstr(d->platform, ==, "xilinx_u280_gen3x16_xdma_1_202211_1");
	g_assert_cmpuint(d->clock_mhz, ==, 300);
	g_assert_cmpstr(d->memory, ==, "HBM");
	g_assert_cmpuint(d->banks, ==, 32);
	g_assert_cmpuint(d->channel_bits, ==, 256);
	g_assert_cmpfloat(d->channel_gbps, ==, 14.375);
	g_assert_cmpint(d->lut, ==, 1303680);
	g_assert_cmpint(d->ff, ==, 2607360);
	g_assert_cmpint(d->dsp, ==, 9024);
	g_assert_cmpint(d->bram36, ==, 2016);
	g_assert_cmpint(d->uram, ==, 960);
	g_assert_cmpuint(d->n_slrs, ==, 3);
	check_slr(&d->slrs[0], 401760, 803520, 2736, 1200, 320);
	check_slr(&d->slrs[1], 382080, 764160, 2880, 1152, 320);
	check_slr(&d->slrs[2], 382080, 764160, 2880, 1152, 320);
}

/* The others: the device split evenly over its SLRs (no per-SLR figures
 * published), and their memory. */
static void test_others(void)
{
	const struct {
		const char *name, *part, *memory;
		guint clock, banks, bits;
		double gbps;
		gint64 lut, dsp, bram36;
		guint n_slrs;
	} cases[] = {
		{"u200", "xcu200-fsgd2104-2-e", "DDR", 300, 4, 512, 19.25,
			1182240, 6840, 2160, 3},
		{"u50", "xcu50-fsvh2104-2-e", "HBM", 300, 32, 256, 9.875,
			871680, 5952, 1344, 2},
		{"u55c", "xcu55c-fsvh2892-2L-e", "HBM", 300, 32, 256, 14.375,
			1303680, 9024, 2016, 3},
		{"vu9p", "xcvu9p-flgb2104-2-i", "DDR", 250, 4, 512, 17,
			1182240, 6840, 2160, 3},
	};

	for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GError) error = NULL;
		g_autoptr(SyDevice) d = sy_device_lookup(cases[i].name, &error);
		guint n = cases[i].n_slrs;

		g_assert_no_error(error);
		g_assert_cmpstr(d->part, ==, cases[i].part);
		g_assert_cmpstr(d->memory, ==, cases[i].memory);
		g_assert_cmpuint(d->clock_mhz, ==, cases[i].clock);
		g_assert_cmpuint(d->banks, ==, cases[i].banks);
		g_assert_cmpuint(d->channel_bits, ==, cases[i].bits);
		g_assert_cmpfloat(d->channel_gbps, ==, cases[i].gbps);
		g_assert_cmpint(d->lut, ==, cases[i].lut);
		g_assert_cmpint(d->ff, ==, 2 * cases[i].lut);
		g_assert_cmpint(d->dsp, ==, cases[i].dsp);
		g_assert_cmpint(d->bram36, ==, cases[i].bram36);
		g_assert_cmpint(d->uram, ==, 320 * n);
		g_assert_cmpuint(d->n_slrs, ==, n);
		for (guint k = 0; k < n; k++)
			check_slr(&d->slrs[k], d->lut / n, d->ff / n,
				d->dsp / n, 2 * d->bram36 / n, 320);
	}
}

static void test_builtin(void)
{
	g_auto(GStrv) names = sy_device_names();
	g_autofree char *list = g_strjoinv(" ", names);
	g_autoptr(GError) error = NULL;

	g_assert_cmpstr(list, ==, "u200 u250 u280 u50 u55c vu9p");
	for (guint i = 0; names[i]; i++) {
		g_autoptr(SyDevice) d = sy_device_lookup(names[i], &error);

		g_assert_no_error(error);
		g_assert_cmpstr(d->name, ==, names[i]);
	}
	for (guint i = 0; i < 2; i++) {
		const char *name = i ? "../u250" : "u9";
		g_autofree char *message = g_strdup_printf(
			"unknown device '%s'; Systole knows u200, u250, u280, "
			"u50, u55c, vu9p (or give a profile's file, FILE.json)",
			name);

		g_assert_null(sy_device_lookup(name, &error));
		g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN);
		g_assert_cmpstr(error->message, ==, message);
		g_clear_error(&error);
	}
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
	g_assert_cmpuint(d->channel_bits, ==, 256);
	g_assert_cmpfloat(d->channel_gbps, ==, 14.375);
	g_assert_cmpint(d->ff, ==, 20);
	g_assert_cmpint(d->bram36, ==, 4);
	g_assert_cmpuint(d->n_slrs, ==, 2);
	check_slr(&d->slrs[0], 6, 12, 2, 5, 0);
	check_slr(&d->slrs[1], 4, 8, 1, 3, 0);
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
		"device profile x.json: not JSON: <data>:1:470: Parse error: "
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
		"has kind, banks, bits, gbps"},
	{"\"uram\": 0", "\"uram\": -1",
		"device profile x.json: 'resources.uram' must be a whole "
		"number from 0 to 9223372036854775807"},
	{"\"uram\": 0", "\"urams\": 0",
		"device profile x.json: unknown member 'resources.urams'; "
		"resources has lut, ff, dsp, bram36, uram"},
	{"\"memory\": {\"kind\": \"HBM\", \"banks\": 2, \"bits\": 256, "
	 "\"gbps\": 14.375}",
		"\"memory\": [\"HBM\", 2]",
		"device profile x.json: 'memory' must be an object"},
	{"\"clock_mhz\": 250, ", "",
		"device profile x.json: 'clock_mhz' is missing"},
	{"\"clock_mhz\"", "\"clock\"",
		"device profile x.json: unknown member 'clock'; a profile has "
		"name, description, part, platform, clock_mhz, memory, "
		"resources, slrs, sources"},
	{"\"bits\": 256", "\"bits\": 12",
		"device profile x.json: 'memory.bits' must be whole bytes (a "
		"multiple of 8), not 12"},
	{"\"bits\": 256", "\"bits\": 0",
		"device profile x.json: 'memory.bits' must be a whole number "
		"from 8 to 4096"},
	{"14.375", "0",
		"device profile x.json: 'memory.gbps' must be a number over 0 "
		"and at most 10000"},
	{"14.375", "\"fast\"",
		"device profile x.json: 'memory.gbps' must be a number over 0 "
		"and at most 10000"},
	{"\"dsp\": 2,", "\"dsp\": 3,",
		"device profile x.json: the SLRs' dsp add up to more than "
		"'resources.dsp' (3)"},
	{"\"bram18k\": 5", "\"bram18k\": 6",
		"device profile x.json: the SLRs' bram18k add up to more than "
		"twice 'resources.bram36' (8)"},
	{"\"lut\": 4,", "\"lut\": 5,",
		"device profile x.json: the SLRs' lut add up to more than "
		"'resources.lut' (10)"},
	{SLRS, "[]",
		"device profile x.json: 'slrs' must list from 1 to 16 SLRs, "
		"not 0"},
	{SLRS, "{}", "device profile x.json: 'slrs' must be an array"},
	{"{\"lut\": 6", "7, {\"lut\": 6",
		"device profile x.json: 'slrs[0]' must be an object"},
	{"\"uram\": 0}]", "\"uram\": 0, \"clb\": 1}]",
		"device profile x.json: unknown member 'slrs[1].clb'; slrs[1] "
		"has lut, ff, dsp, bram18k, uram"},
	{"\"lut\": 4,", "\"lut\": -4,",
		"device profile x.json: 'slrs[1].lut' must be a whole number "
		"from 0 to 9223372036854775807"},
	{"\"ff\": 12, ", "", "device profile x.json: 'slrs[0].ff' is missing"},
	{"\"s6\"", "\"\"", "device profile x.json: 'sources.slrs' is empty"},
	{"\"platform\": \"s2\", ", "",
		"device profile x.json: 'sources.platform' is missing"},
	{"\"s3\"", "\"a\\nb\"",
		"device profile x.json: 'sources.clock_mhz' holds a character "
		"it may not hold; text is printable, on one line"},
	{", \"sources\": {", ", \"source\": {",
		"device profile x.json: unknown member 'source'; a profile has "
		"name, description, part, platform, clock_mhz, memory, "
		"resources, slrs, sources"},
	{"{\"part\": \"s1\"", "[\"s1\"",
		"device profile x.json: not JSON: <data>:1:385: Parse error: "
		"unexpected string constant \"platform\", expected character "
		"`,'"},
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

/* Sources may be long, not without end. */
static void test_long_source(void)
{
	g_autofree char *long_text = g_strnfill(1001, 'a');
	g_autofree char *quoted = g_strdup_printf("\"%s\"", long_text);
	g_autofree char *text = edit("\"s5\"", quoted);
	g_autofree char *at_most = g_strdup_printf("\"%.1000s\"", long_text);
	g_autofree char *fits = edit("\"s5\"", at_most);
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) d = NULL;

	g_assert_null(
		sy_device_new_from_data("x.json", text, strlen(text), &error));
	g_assert_cmpstr(error->message, ==,
		"device profile x.json: 'sources.resources' is longer than "
		"1000 characters");
	g_clear_error(&error);
	d = sy_device_new_from_data("x.json", fits, strlen(fits), &error);
	g_assert_no_error(error);
}

/* The folder the tests write profiles in (XDG_CONFIG_HOME, set by
 * main). */
static char *config_home;

static char *write_profile(const char *dir, const char *file, const char *text)
{
	char *path = g_build_filename(dir, file, NULL);

	g_assert_cmpint(g_mkdir_with_parents(dir, 0700), ==, 0);
	g_assert_true(g_file_set_contents(path, text, -1, NULL));
	return path;
}

/* --device FILE.json: any file, named by a '/' or its ".json". */
static void test_file(void)
{
	g_autofree char *path = write_profile(config_home, "b.json", good);
	g_autofree char *broken = write_profile(
		config_home, "bad.json", "{\n  \"name\": \"x1\",\n  oops\n}\n");
	g_autofree char *message = g_strdup_printf(
		"device profile %s: not JSON: <data>:2:15: Parse error: "
		"unexpected character `,', expected string constant",
		broken);
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) d = sy_device_load(path, &error);

	g_assert_no_error(error);
	g_assert_cmpstr(d->name, ==, "x1");
	g_assert_null(sy_device_load(broken, &error));
	g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, message);
	g_clear_error(&error);
	g_assert_null(sy_device_load("no-such-board.json", &error));
	g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN);
	g_assert_true(g_str_has_prefix(error->message,
		"device profile: Failed to open file “no-such-board.json”"));
	g_clear_error(&error);
	/* A name is not a file. */
	g_assert_null(sy_device_load("b", &error));
	g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN);
	g_unlink(path);
	g_unlink(broken);
}

/* The user's folder adds profiles and replaces built-ins of their
 * name; a profile there is called as its file is. */
static void test_user(void)
{
	g_autofree char *dir = sy_device_user_dir();
	g_autofree char *expect_dir = g_build_filename(
		config_home, "systole", "devices", NULL);
	g_autofree char *own = edit("\"x1\"", "\"u250\"");
	g_autofree char *a = write_profile(dir, "u250.json", own);
	g_autofree char *b = write_profile(dir, "x1.json", good);
	g_autofree char *c = write_profile(dir, "y.json", good);
	g_autofree char *ignored = write_profile(dir, "notes.txt", "");
	g_auto(GStrv) names = sy_device_list();
	g_autofree char *list = g_strjoinv(" ", names);
	g_autofree char *message = g_strdup_printf(
		"device profile %s: "
		"'name' is 'x1', not 'y' as the file is called",
		c);
	g_autoptr(GError) error = NULL;
	g_autoptr(SyDevice) u250 = sy_device_load("u250", &error);
	g_autoptr(SyDevice) x1 = NULL;

	g_assert_cmpstr(dir, ==, expect_dir);
	g_assert_cmpstr(list, ==, "u200 u250 u280 u50 u55c vu9p x1 y");
	g_assert_no_error(error);
	g_assert_cmpstr(u250->description, ==, "A board");
	g_assert_cmpuint(u250->n_slrs, ==, 2);
	x1 = sy_device_lookup("x1", &error);
	g_assert_no_error(error);
	g_assert_cmpstr(x1->part, ==, "xc-1");
	g_assert_null(sy_device_lookup("y", &error));
	g_assert_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID);
	g_assert_cmpstr(error->message, ==, message);
	for (const char *const *p =
			(const char *const[]){a, b, c, ignored, NULL};
		*p; p++)
		g_unlink(*p);
}

/* The folders the tests made (their files are gone). */
static void remove_home(const char *home)
{
	g_autofree char *devices = g_build_filename(
		home, "systole", "devices", NULL);
	g_autofree char *systole = g_build_filename(home, "systole", NULL);

	g_rmdir(devices);
	g_rmdir(systole);
	g_rmdir(home);
}

int main(int argc, char **argv)
{
	g_autofree char *home = g_dir_make_tmp("test-device-XXXXXX", NULL);
	int status;

	/* Before anything asks: GLib keeps the first answer. */
	g_setenv("XDG_CONFIG_HOME", home, TRUE);
	config_home = home;
	g_test_init(&argc, &argv, NULL);
	g_test_add_func("/device/builtin", test_builtin);
	g_test_add_func("/device/u250", test_u250);
	g_test_add_func("/device/u280", test_u280);
	g_test_add_func("/device/others", test_others);
	g_test_add_func("/device/good", test_good);
	g_test_add_func("/device/bad", test_bad);
	g_test_add_func("/device/wide-integers", test_wide_integers);
	g_test_add_func("/device/not-object", test_not_object);
	g_test_add_func("/device/two-values", test_two_values);
	g_test_add_func("/device/long-source", test_long_source);
	g_test_add_func("/device/file", test_file);
	g_test_add_func("/device/user", test_user);
	status = g_test_run();
	remove_home(home);
	return status;
}
