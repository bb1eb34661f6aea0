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
#define MAX_CLOCK_MHZ 1000
#define MAX_BANKS 256

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

static JsonObject *get_object(JsonObject *o, const char *member, GError **error)
{
	JsonNode *node = json_object_get_member(o, member);

	if (!JSON_NODE_HOLDS_OBJECT(node)) {
		device_fail(error, "'%s' must be an object", member);
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
	if (strlen(s) > MAX_TEXT) {
		device_fail(error, "'%s' is longer than %d characters", path,
			MAX_TEXT);
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

static const char *const profile_members[] = {"name", "description", "part",
	"platform", "clock_mhz", "memory", "resources", NULL};
static const char *const memory_members[] = {"kind", "banks", NULL};
static const char *const resource_members[] = {
	"lut", "ff", "dsp", "bram36", "uram", NULL};

static gboolean read_memory(JsonObject *o, SyDevice *d, GError **error)
{
	JsonObject *memory = get_object(o, "memory", error);
	gint64 banks;

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
	return TRUE;
}

static gboolean read_resources(JsonObject *o, SyDevice *d, GError **error)
{
	JsonObject *res = get_object(o, "resources", error);
	gint64 *fields[] = {&d->lut, &d->ff, &d->dsp, &d->bram36, &d->uram};

	if (!res || !check_members(res, "resources", resource_members, error))
		return FALSE;
	for (guint i = 0; i < G_N_ELEMENTS(fields); i++)
		if (!get_int(res, "resources", resource_members[i], 0,
			    G_MAXINT64, fields[i], error))
			return FALSE;
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
	return read_memory(o, d, error) && read_resources(o, d, error);
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

SyDevice *sy_device_lookup(const char *name, GError **error)
{
	g_autofree char *path = g_strdup_printf("devices/%s.json", name);
	g_autoptr(GBytes) bytes = strchr(name, '/') ? NULL : sy_core_data(path);
	gsize len;
	const char *data;

	if (!bytes) {
		g_auto(GStrv) names = sy_device_names();
		g_autofree char *known = g_strjoinv(", ", names);

		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN,
			"unknown device '%s'; Systole knows %s", name, known);
		return NULL;
	}
	data = g_bytes_get_data(bytes, &len);
	return sy_device_new_from_data(path, data, len, error);
}
