#include <string.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "base/json-load.h"
#include "model/device.h"
#include "systole-core-resources.h"

G_DEFINE_QUARK(sy - device - error - quark, sy_device_error)

#define ROOT "/org/systole/core/"

/* Bounds on what a profile may say: text that fits a line of a
 * generated file, a clock and a bank count no board comes near. */
#define MAX_TEXT 200
#define MAX_SOURCE 1000
#define MAX_CLOCK_MHZ 1000
#define MAX_BANKS 256
/* A memory channel's port and bandwidth, and the SLRs of a device:
 * far above any device's (512 bits, 19.25 GB/s, 4 SLRs). */
#define MAX_BITS 4096
#define MAX_GBPS 10000.0
#define MAX_SLRS 16

GBytes *sy_core_data(const char *path)
{
	g_autofree char *full = g_strconcat(ROOT, path, NULL);

	/* Through the resource itself: that links it in from the static
	 * library. */
	return g_resource_lookup_data(systole_core_get_resource(), full,
		G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}

static int compare_names(gconstpointer a, gconstpointer b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **sy_device_names(void)
{
	char **files = g_resource_enumerate_children(
		systole_core_get_resource(), ROOT "devices",
		G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
	GPtrArray *names = g_ptr_array_new();

	for (guint i = 0; files && files[i]; i++)
		if (g_str_has_suffix(files[i], ".json"))
			g_ptr_array_add(names,
				g_strndup(files[i], strlen(files[i]) - 5));
	g_strfreev(files);
	g_ptr_array_sort(names, compare_names);
	g_ptr_array_add(names, NULL);
	return (char **)g_ptr_array_free(names, FALSE);
}

static gboolean device_fail(GError **error, const char *format, ...)
	G_GNUC_PRINTF(2, 3);

static gboolean device_fail(GError **error, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	g_propagate_error(error,
		g_error_new_valist(SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID,
			format, args));
	va_end(args);
	return FALSE;
}

void sy_device_free(SyDevice *d)
{
	if (!d)
		return;
	g_free(d->name);
	g_free(d->description);
	g_free(d->part);
	g_free(d->platform);
	g_free(d->memory);
	g_free(d->slrs);
	g_free(d);
}

/* Where a member sits, for messages: "memory.banks". */
static char *member_path(const char *object, const char *member)
{
	return object ? g_strdup_printf("%s.%s", object, member)
		      : g_strdup(member);
}

/* Refuses members a profile does not have, so that a misspelt one is
 * not silently ignored. */
static gboolean check_members(JsonObject *o, const char *object,
	const char *const *known, GError **error)
{
	g_autoptr(GList) members = json_object_get_members(o);

	for (GList *l = members; l; l = l->next) {
		g_autofree char *path = NULL;
		g_autofree char *list = NULL;

		if (g_strv_contains(known, l->data))
			continue;
		path = member_path(object, l->data);
		list = g_strjoinv(", ", (char **)known);
		return device_fail(error, "unknown member '%s'; %s has %s",
			path, object ? object : "a profile", list);
	}
	for (guint i = 0; known[i]; i++) {
		g_autofree char *path = NULL;

		if (json_object_has_member(o, known[i]))
			continue;
		path = member_path(object, known[i]);
		return device_fail(error, "'%s' is missing", path);
	}
	return TRUE;
}

static JsonObject *get_object(
	JsonObject *o, const char *object, const char *member, GError **error)
{
	JsonNode *node = json_object_get_member(o, member);

	if (!JSON_NODE_HOLDS_OBJECT(node)) {
		g_autofree char *path = member_path(object, member);

		device_fail(error, "'%s' must be an object", path);
		return NULL;
	}
	return json_node_get_object(node);
}

/* Characters a value may hold: it lands in Makefiles, Tcl and config
 * files, so names keep to what part and platform names use, and
 * free text to printable characters on one line. */
static gboolean name_char(gunichar c)
{
	return c < 128 && (g_ascii_isalnum((char)c) || strchr("_.-", (int)c));
}

static gboolean text_char(gunichar c)
{
	return g_unichar_isprint(c);
}

/* Sources cite documents and say how a figure was derived: they may be
 * longer than the text that lands in generated files. */
static guint max_text(const char *object)
{
	return object && g_str_equal(object, "sources") ? MAX_SOURCE : MAX_TEXT;
}

static char *get_string(JsonObject *o, const char *object, const char *member,
	gboolean (*allowed)(gunichar), GError **error)
{
	JsonNode *node = json_object_get_member(o, member);
	g_autofree char *path = member_path(object, member);
	const char *s;

	if (!JSON_NODE_HOLDS_VALUE(node) ||
		json_node_get_value_type(node) != G_TYPE_STRING) {
		device_fail(error, "'%s' must be a string", path);
		return NULL;
	}
	s = json_node_get_string(node);
	if (!*s) {
		device_fail(error, "'%s' is empty", path);
		return NULL;
	}
	if (strlen(s) > max_text(object)) {
		device_fail(error, "'%s' is longer than %u characters", path,
			max_text(object));
		return NULL;
	}
	/* JSON-GLib checks UTF-8 as it parses. */
	for (const char *p = s; *p; p = g_utf8_next_char(p))
		if (!allowed(g_utf8_get_char(p))) {
			device_fail(error,
				"'%s' holds a character it may not hold; %s",
				path,
				allowed == name_char
					? "names use letters, digits, '_', "
					  "'.' and '-'"
					: "text is printable, on one line");
			return NULL;
		}
	return g_strdup(s);
}

static gboolean get_int(JsonObject *o, const char *object, const char *member,
	gint64 min, gint64 max, gint64 *v, GError **error)
{
	JsonNode *node = json_object_get_member(o, member);
	g_autofree char *path = member_path(object, member);

	if (!JSON_NODE_HOLDS_VALUE(node) ||
		json_node_get_value_type(node) != G_TYPE_INT64 ||
		json_node_get_int(node) < min || json_node_get_int(node) > max)
		return device_fail(error,
			"'%s' must be a whole number from %" G_GINT64_FORMAT
			" to %" G_GINT64_FORMAT,
			path, min, max);
	*v = json_node_get_int(node);
	return TRUE;
}

static gboolean get_number(JsonObject *o, const char *object,
	const char *member, double max, double *v, GError **error)
{
	JsonNode *node = json_object_get_member(o, member);
	g_autofree char *path = member_path(object, member);
	GType type = JSON_NODE_HOLDS_VALUE(node)
		? json_node_get_value_type(node)
		: G_TYPE_INVALID;
	double x = type == G_TYPE_INT64 ? (double)json_node_get_int(node)
		: type == G_TYPE_DOUBLE ? json_node_get_double(node)
					: -1;

	if (!(x > 0 && x <= max))
		return device_fail(error,
			"'%s' must be a number over 0 and at most %g", path,
			max);
	*v = x;
	return TRUE;
}

static const char *const profile_members[] = {"name", "description", "part",
	"platform", "clock_mhz", "memory", "resources", "slrs", "sources",
	NULL};
static const char *const memory_members[] = {
	"kind", "banks", "bits", "gbps", NULL};
static const char *const resource_members[] = {
	"lut", "ff", "dsp", "bram36", "uram", NULL};
static const char *const slr_members[] = {
	"lut", "ff", "dsp", "bram18k", "uram", NULL};
/* One source per figure or group of figures. */
static const char *const source_members[] = {
	"part", "platform", "clock_mhz", "memory", "resources", "slrs", NULL};

static gboolean read_memory(JsonObject *o, SyDevice *d, GError **error)
{
	JsonObject *memory = get_object(o, NULL, "memory", error);
	gint64 banks, bits;

	if (!memory || !check_members(memory, "memory", memory_members, error))
		return FALSE;
	d->memory = get_string(memory, "memory", "kind", name_char, error);
	if (!d->memory)
		return FALSE;
	if (!g_str_equal(d->memory, "DDR") && !g_str_equal(d->memory, "HBM"))
		return device_fail(error,
			"'memory.kind' is DDR or HBM, not '%s'", d->memory);
	if (!get_int(memory, "memory", "banks", 1, MAX_BANKS, &banks, error))
		return FALSE;
	d->banks = (guint)banks;
	if (!get_int(memory, "memory", "bits", 8, MAX_BITS, &bits, error))
		return FALSE;
	if (bits % 8)
		return device_fail(error,
			"'memory.bits' must be whole bytes (a multiple of 8), "
			"not %" G_GINT64_FORMAT,
			bits);
	d->channel_bits = (guint)bits;
	return get_number(
		memory, "memory", "gbps", MAX_GBPS, &d->channel_gbps, error);
}

static gboolean read_resources(JsonObject *o, SyDevice *d, GError **error)
{
	JsonObject *res = get_object(o, NULL, "resources", error);
	gint64 *fields[] = {&d->lut, &d->ff, &d->dsp, &d->bram36, &d->uram};

	if (!res || !check_members(res, "resources", resource_members, error))
		return FALSE;
	for (guint i = 0; i < G_N_ELEMENTS(fields); i++)
		if (!get_int(res, "resources", resource_members[i], 0,
			    G_MAXINT64, fields[i], error))
			return FALSE;
	return TRUE;
}

static gint64 *slr_field(SyDeviceSlr *s, guint i)
{
	gint64 *fields[] = {&s->lut, &s->ff, &s->dsp, &s->bram18k, &s->uram};

	return fields[i];
}

/* What the whole device has of the SLR member i (BRAM: 18K halves of
 * the 36K blocks the totals count). */
static gint64 device_total(const SyDevice *d, guint i)
{
	gint64 totals[] = {d->lut, d->ff, d->dsp,
		d->bram36 > G_MAXINT64 / 2 ? G_MAXINT64 : 2 * d->bram36,
		d->uram};

	return totals[i];
}

static gboolean read_slr(
	JsonNode *node, guint k, SyDeviceSlr *slr, GError **error)
{
	g_autofree char *object = g_strdup_printf("slrs[%u]", k);
	JsonObject *o;

	if (!JSON_NODE_HOLDS_OBJECT(node))
		return device_fail(error, "'%s' must be an object", object);
	o = json_node_get_object(node);
	if (!check_members(o, object, slr_members, error))
		return FALSE;
	for (guint i = 0; slr_members[i]; i++)
		if (!get_int(o, object, slr_members[i], 0, G_MAXINT64,
			    slr_field(slr, i), error))
			return FALSE;
	return TRUE;
}

/* The SLRs together cannot leave the user more than the device has. */
static gboolean check_slr_sums(const SyDevice *d, GError **error)
{
	for (guint i = 0; slr_members[i]; i++) {
		gint64 total = device_total(d, i), sum = 0;

		for (guint k = 0; k < d->n_slrs; k++) {
			gint64 v = *slr_field(&d->slrs[k], i);

			if (v > total - sum)
				return device_fail(error,
					"the SLRs' %s add up to more than "
					"%s'resources.%s' (%" G_GINT64_FORMAT
					")",
					slr_members[i], i == 3 ? "twice " : "",
					resource_members[i], total);
			sum += v;
		}
	}
	return TRUE;
}

static gboolean read_slrs(JsonObject *o, SyDevice *d, GError **error)
{
	JsonNode *node = json_object_get_member(o, "slrs");
	JsonArray *slrs;
	guint n;

	if (!JSON_NODE_HOLDS_ARRAY(node))
		return device_fail(error, "'slrs' must be an array");
	slrs = json_node_get_array(node);
	n = json_array_get_length(slrs);
	if (n < 1 || n > MAX_SLRS)
		return device_fail(error,
			"'slrs' must list from 1 to %d SLRs, not %u", MAX_SLRS,
			n);
	d->n_slrs = n;
	d->slrs = g_new0(SyDeviceSlr, n);
	for (guint k = 0; k < n; k++)
		if (!read_slr(json_array_get_element(slrs, k), k, &d->slrs[k],
			    error))
			return FALSE;
	return check_slr_sums(d, error);
}

/* Where each figure comes from: checked for shape and kept out of the
 * device (nothing generated prints it). */
static gboolean read_sources(JsonObject *o, GError **error)
{
	JsonObject *sources = get_object(o, NULL, "sources", error);

	if (!sources ||
		!check_members(sources, "sources", source_members, error))
		return FALSE;
	for (guint i = 0; source_members[i]; i++) {
		g_autofree char *text = get_string(sources, "sources",
			source_members[i], text_char, error);

		if (!text)
			return FALSE;
	}
	return TRUE;
}

static gboolean read_profile(JsonObject *o, SyDevice *d, GError **error)
{
	gint64 clock;

	if (!check_members(o, NULL, profile_members, error))
		return FALSE;
	if (!(d->name = get_string(o, NULL, "name", name_char, error)) ||
		!(d->description = get_string(
			  o, NULL, "description", text_char, error)) ||
		!(d->part = get_string(o, NULL, "part", name_char, error)) ||
		!(d->platform = get_string(
			  o, NULL, "platform", name_char, error)))
		return FALSE;
	if (!get_int(o, NULL, "clock_mhz", 1, MAX_CLOCK_MHZ, &clock, error))
		return FALSE;
	d->clock_mhz = (guint)clock;
	return read_memory(o, d, error) && read_resources(o, d, error) &&
		read_slrs(o, d, error) && read_sources(o, error);
}

SyDevice *sy_device_new_from_data(
	const char *name, const char *data, gsize len, GError **error)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	g_autoptr(SyDevice) d = g_new0(SyDevice, 1);
	GError *err = NULL;
	JsonNode *root;

	if (len > G_MAXSSIZE) {
		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID,
			"device profile %s: too large", name);
		return NULL;
	}
	if (!sy_json_load(parser, data, (gssize)len, &err)) {
		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID,
			"device profile %s: not JSON: %s", name, err->message);
		g_error_free(err);
		return NULL;
	}
	root = json_parser_get_root(parser);
	if (!root || !JSON_NODE_HOLDS_OBJECT(root))
		device_fail(&err, "a profile is one JSON object");
	else
		read_profile(json_node_get_object(root), d, &err);
	if (err) {
		g_prefix_error(&err, "device profile %s: ", name);
		g_propagate_error(error, err);
		return NULL;
	}
	return g_steal_pointer(&d);
}

char *sy_device_user_dir(void)
{
	return g_build_filename(
		g_get_user_config_dir(), "systole", "devices", NULL);
}

/* A name a profile may have (and so a file in the user's folder). */
static gboolean valid_name(const char *name)
{
	if (!*name || *name == '.' || strlen(name) > MAX_TEXT)
		return FALSE;
	for (const char *p = name; *p; p++)
		if (!name_char((guchar)*p))
			return FALSE;
	return TRUE;
}

/* The names of the user's profiles (file names without ".json"). */
static void add_user_names(GPtrArray *names)
{
	g_autofree char *dir = sy_device_user_dir();
	g_autoptr(GDir) d = g_dir_open(dir, 0, NULL);
	const char *file;

	while (d && (file = g_dir_read_name(d))) {
		g_autofree char *name = NULL;

		if (!g_str_has_suffix(file, ".json"))
			continue;
		name = g_strndup(file, strlen(file) - 5);
		if (valid_name(name))
			g_ptr_array_add(names, g_steal_pointer(&name));
	}
}

char **sy_device_list(void)
{
	g_auto(GStrv) builtin = sy_device_names();
	GPtrArray *names = g_ptr_array_new();
	guint n = 0;

	for (guint i = 0; builtin[i]; i++)
		g_ptr_array_add(names, g_strdup(builtin[i]));
	add_user_names(names);
	g_ptr_array_sort(names, compare_names);
	/* Each once: a user's profile of a built-in's name replaces it. */
	for (guint i = 0; i < names->len; i++) {
		char *name = g_ptr_array_index(names, i);

		if (n && g_str_equal(name, g_ptr_array_index(names, n - 1)))
			g_free(name);
		else
			g_ptr_array_index(names, n++) = name;
	}
	g_ptr_array_set_size(names, n);
	g_ptr_array_add(names, NULL);
	return (char **)g_ptr_array_free(names, FALSE);
}

/* Profiles are a few kilobytes; a file far larger is not one. */
#define MAX_FILE (1 << 20)

static SyDevice *load_file(const char *path, GError **error)
{
	g_autofree char *text = NULL;
	GError *err = NULL;
	gsize len;

	if (!g_file_get_contents(path, &text, &len, &err)) {
		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN,
			"device profile: %s", err->message);
		g_error_free(err);
		return NULL;
	}
	if (len > MAX_FILE) {
		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID,
			"device profile %s: larger than %d bytes", path,
			MAX_FILE);
		return NULL;
	}
	return sy_device_new_from_data(path, text, len, error);
}

/* The user's profile of that name, found by its file: its name must be
 * the file's, or the list would show a name that loads another. */
static SyDevice *load_user(const char *path, const char *name, GError **error)
{
	g_autoptr(SyDevice) d = load_file(path, error);

	if (d && !g_str_equal(d->name, name)) {
		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_INVALID,
			"device profile %s: 'name' is '%s', not '%s' as "
			"the file is called",
			path, d->name, name);
		return NULL;
	}
	return g_steal_pointer(&d);
}

static SyDevice *load_builtin(const char *name, GError **error)
{
	g_autofree char *path = g_strdup_printf("devices/%s.json", name);
	g_autoptr(GBytes) bytes = valid_name(name) ? sy_core_data(path) : NULL;
	gsize len;
	const char *data;

	if (!bytes) {
		g_auto(GStrv) names = sy_device_list();
		g_autofree char *known = g_strjoinv(", ", names);

		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN,
			"unknown device '%s'; Systole knows %s (or give a "
			"profile's file, FILE.json)",
			name, known);
		return NULL;
	}
	data = g_bytes_get_data(bytes, &len);
	return sy_device_new_from_data(path, data, len, error);
}

SyDevice *sy_device_lookup(const char *name, GError **error)
{
	g_autofree char *dir = NULL;
	g_autofree char *file = NULL;
	g_autofree char *path = NULL;

	if (valid_name(name)) {
		dir = sy_device_user_dir();
		file = g_strconcat(name, ".json", NULL);
		path = g_build_filename(dir, file, NULL);
		if (g_file_test(path, G_FILE_TEST_IS_REGULAR))
			return load_user(path, name, error);
	}
	return load_builtin(name, error);
}

SyDevice *sy_device_load(const char *name_or_file, GError **error)
{
	if (strchr(name_or_file, '/') ||
		g_str_has_suffix(name_or_file, ".json"))
		return load_file(name_or_file, error);
	return sy_device_lookup(name_or_file, error);
}
