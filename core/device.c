#include <string.h>

#include <gio/gio.h>
#include <json-glib/json-glib.h>

#include "device.h"
#include "systole-core-resources.h"

G_DEFINE_QUARK(sy - device - error - quark, sy_device_error)

#define ROOT "/org/systole/core/"

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

static char *member_string(JsonObject *o, const char *name)
{
	return g_strdup(
		json_object_get_string_member_with_default(o, name, ""));
}

SyDevice *sy_device_lookup(const char *name, GError **error)
{
	g_autofree char *path = g_strdup_printf("devices/%s.json", name);
	g_autoptr(GBytes) bytes = strchr(name, '/') ? NULL : sy_core_data(path);
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o, *memory, *res;
	SyDevice *d;

	if (!bytes ||
		!json_parser_load_from_data(parser,
			g_bytes_get_data(bytes, NULL),
			(gssize)g_bytes_get_size(bytes), NULL)) {
		g_auto(GStrv) names = sy_device_names();
		g_autofree char *known = g_strjoinv(", ", names);

		g_set_error(error, SY_DEVICE_ERROR, SY_DEVICE_ERROR_UNKNOWN,
			"unknown device '%s'; Systole knows %s", name, known);
		return NULL;
	}
	o = json_node_get_object(json_parser_get_root(parser));
	memory = json_object_get_object_member(o, "memory");
	res = json_object_get_object_member(o, "resources");
	d = g_new0(SyDevice, 1);
	d->name = member_string(o, "name");
	d->description = member_string(o, "description");
	d->part = member_string(o, "part");
	d->platform = member_string(o, "platform");
	d->clock_mhz = (guint)json_object_get_int_member(o, "clock_mhz");
	d->memory = member_string(memory, "kind");
	d->banks = (guint)json_object_get_int_member(memory, "banks");
	d->lut = json_object_get_int_member(res, "lut");
	d->ff = json_object_get_int_member(res, "ff");
	d->dsp = json_object_get_int_member(res, "dsp");
	d->bram36 = json_object_get_int_member(res, "bram36");
	d->uram = json_object_get_int_member(res, "uram");
	return d;
}
