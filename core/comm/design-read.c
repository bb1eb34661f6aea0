#include "comm/design-read.h"

/* Errors: what is wrong (": ..."), with the path to it prefixed on the
 * way back up ("/modules/3"), and "design" at the root. */

gboolean sy_design_read_fail(GError **error, const char *format, ...)
{
	va_list args;
	g_autofree char *what = NULL;

	va_start(args, format);
	what = g_strdup_vprintf(format, args);
	va_end(args);
	g_set_error(
		error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID, ": %s", what);
	return FALSE;
}

/* A failure below name: its path gets "/name". */
gboolean sy_design_read_below(GError **error, const char *name)
{
	g_prefix_error(error, "/%s", name);
	return FALSE;
}

gboolean sy_design_read_below_index(GError **error, guint i)
{
	g_prefix_error(error, "/%u", i);
	return FALSE;
}

/* Every member of o is one of names (NULL-terminated) or of extra (may
 * be NULL), and the first n_required of names are there. */
gboolean sy_design_read_members(JsonObject *o, const char *const *names,
	guint n_required, const char *const *extra, GError **error)
{
	const char *why;
	const char *name = sy_json_members_check(
		o, names, n_required, extra, &why);

	return !name || sy_design_read_fail(error, "%s \"%s\"", why, name);
}

JsonObject *sy_design_read_object(JsonNode *node, GError **error)
{
	if (JSON_NODE_HOLDS_OBJECT(node))
		return json_node_get_object(node);
	sy_design_read_fail(
		error, "%s, not an object", sy_json_type_name(node));
	return NULL;
}

/* An object with exactly the members names, all required. */
JsonObject *sy_design_read_object_with(
	JsonNode *node, const char *const *names, GError **error)
{
	JsonObject *o = sy_design_read_object(node, error);

	if (o &&
		sy_design_read_members(
			o, names, g_strv_length((char **)names), NULL, error))
		return o;
	return NULL;
}

JsonArray *sy_design_read_array(JsonNode *node, GError **error)
{
	if (JSON_NODE_HOLDS_ARRAY(node))
		return json_node_get_array(node);
	sy_design_read_fail(
		error, "%s, not an array", sy_json_type_name(node));
	return NULL;
}

/* Typed members; o has them (sy_design_read_members said so). */

JsonArray *sy_design_read_array_member(
	JsonObject *o, const char *name, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (JSON_NODE_HOLDS_ARRAY(node))
		return json_node_get_array(node);
	sy_design_read_fail(error, "\"%s\" is %s, not an array", name,
		sy_json_type_name(node));
	return NULL;
}

const char *sy_design_read_str(JsonObject *o, const char *name, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (sy_json_holds(node, G_TYPE_STRING))
		return json_node_get_string(node);
	sy_design_read_fail(error, "\"%s\" is %s, not a string", name,
		sy_json_type_name(node));
	return NULL;
}

/* A string or null; *out NULL for null. */
gboolean sy_design_read_str_or_null(
	JsonObject *o, const char *name, const char **out, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	*out = NULL;
	if (JSON_NODE_HOLDS_NULL(node))
		return TRUE;
	if (sy_json_holds(node, G_TYPE_STRING)) {
		*out = json_node_get_string(node);
		return TRUE;
	}
	return sy_design_read_fail(error, "\"%s\" is %s, not a string or null",
		name, sy_json_type_name(node));
}

gboolean sy_design_read_int(JsonNode *node, const char *what, gint64 min,
	gint64 max, gint64 *out, GError **error)
{
	if (!sy_json_holds(node, G_TYPE_INT64))
		return sy_design_read_fail(error, "%s is %s, not an integer",
			what, sy_json_type_name(node));
	*out = json_node_get_int(node);
	if (*out < min || *out > max)
		return sy_design_read_fail(error,
			"%s is %" G_GINT64_FORMAT ", not from %" G_GINT64_FORMAT
			" to %" G_GINT64_FORMAT,
			what, *out, min, max);
	return TRUE;
}

gboolean sy_design_read_int_member(JsonObject *o, const char *name, gint64 min,
	gint64 max, gint64 *out, GError **error)
{
	g_autofree char *what = g_strdup_printf("\"%s\"", name);

	return sy_design_read_int(
		json_object_get_member(o, name), what, min, max, out, error);
}

gboolean sy_design_read_uint(
	JsonObject *o, const char *name, guint min, guint *out, GError **error)
{
	gint64 v;

	if (!sy_design_read_int_member(o, name, min, G_MAXUINT, &v, error))
		return FALSE;
	*out = (guint)v;
	return TRUE;
}

gboolean sy_design_read_bool(
	JsonObject *o, const char *name, gboolean *out, GError **error)
{
	JsonNode *node = json_object_get_member(o, name);

	if (!sy_json_holds(node, G_TYPE_BOOLEAN))
		return sy_design_read_fail(error, "\"%s\" is %s, not a boolean",
			name, sy_json_type_name(node));
	*out = json_node_get_boolean(node);
	return TRUE;
}

/* "in" or "out". */
gboolean sy_design_read_way(
	JsonObject *o, const char *name, gboolean *in, GError **error)
{
	const char *way = sy_design_read_str(o, name, error);

	if (!way)
		return FALSE;
	if (!g_str_equal(way, "in") && !g_str_equal(way, "out"))
		return sy_design_read_fail(
			error, "\"%s\" is \"%s\", not in or out", name, way);
	*in = g_str_equal(way, "in");
	return TRUE;
}

/* One of names (n of them): its index in *out. */
gboolean sy_design_read_enum(JsonObject *o, const char *name,
	const char *const *names, guint n, guint *out, GError **error)
{
	const char *value = sy_design_read_str(o, name, error);
	g_autoptr(GString) all = g_string_new(NULL);

	if (!value)
		return FALSE;
	for (*out = 0; *out < n; (*out)++)
		if (g_str_equal(value, names[*out]))
			return TRUE;
	for (guint i = 0; i < n; i++)
		g_string_append_printf(all, "%s%s",
			i == 0              ? ""
				: i + 1 < n ? ", "
					    : " or ",
			names[i]);
	return sy_design_read_fail(
		error, "\"%s\" is \"%s\", not %s", name, value, all->str);
}

static char *element(const char *what, guint i)
{
	return g_strdup_printf("element %u of %s", i, what);
}

/* The count's wording: "2", "1 to 3" or "at least 1". */
static gboolean count_fail(
	GError **error, const char *what, guint n, guint n_min, guint n_max)
{
	const char *s = n == 1 ? "" : "s";

	if (n_min == n_max)
		return sy_design_read_fail(error, "%s has %u integer%s, not %u",
			what, n, s, n_min);
	if (n_max == G_MAXUINT)
		return sy_design_read_fail(error,
			"%s has %u integer%s, not at least %u", what, n, s,
			n_min);
	return sy_design_read_fail(error, "%s has %u integer%s, not %u to %u",
		what, n, s, n_min, n_max);
}

/* n_min to n_max integers from min to max: *out new (NULL when empty
 * and empty_null). */
static gboolean ints_from(JsonNode *node, const char *what, gint64 min,
	gint64 max, guint n_min, guint n_max, gboolean empty_null, gint64 **out,
	guint *n, GError **error)
{
	JsonArray *list;
	gint64 *v;

	if (!JSON_NODE_HOLDS_ARRAY(node))
		return sy_design_read_fail(error, "%s is %s, not an array",
			what, sy_json_type_name(node));
	list = json_node_get_array(node);
	*n = json_array_get_length(list);
	if (*n < n_min || *n > n_max)
		return count_fail(error, what, *n, n_min, n_max);
	v = *n || !empty_null ? g_new0(gint64, *n + 1) : NULL;
	for (guint i = 0; i < *n; i++) {
		g_autofree char *it = element(what, i);

		if (!sy_design_read_int(json_array_get_element(list, i), it,
			    min, max, &v[i], error)) {
			g_free(v);
			return FALSE;
		}
	}
	*out = v;
	return TRUE;
}

gboolean sy_design_read_ints(JsonNode *node, const char *what, gint64 min,
	guint n_min, guint n_max, gint64 **out, guint *n, GError **error)
{
	return ints_from(
		node, what, min, G_MAXINT64, n_min, n_max, TRUE, out, n, error);
}

gboolean sy_design_read_ints_member(JsonObject *o, const char *name, gint64 min,
	guint n_min, guint n_max, gint64 **out, guint *n, GError **error)
{
	g_autofree char *what = g_strdup_printf("\"%s\"", name);

	return sy_design_read_ints(json_object_get_member(o, name), what, min,
		n_min, n_max, out, n, error);
}

gboolean sy_design_read_uints_member(
	JsonObject *o, const char *name, guint **out, guint *n, GError **error)
{
	g_autofree char *what = g_strdup_printf("\"%s\"", name);
	g_autofree gint64 *v = NULL;

	if (!ints_from(json_object_get_member(o, name), what, 0, G_MAXUINT, 0,
		    G_MAXUINT, FALSE, &v, n, error))
		return FALSE;
	*out = g_new0(guint, *n + 1);
	for (guint i = 0; i < *n; i++)
		(*out)[i] = (guint)v[i];
	return TRUE;
}
