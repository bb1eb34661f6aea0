#include <string.h>

#include "base/json-load.h"

typedef enum {
	INERT_NONE,
	INERT_STRING,
	INERT_COMMENT,
	INERT_OPEN, /* a comment that does not end */
} Inert;

/* A string ("...", with escapes, and '...', which JSON-GLib's scanner
 * also takes) or a comment at *i, which moves to its last byte: the
 * scans below skip them as that scanner does.  For anything else
 * JSON-GLib's own errors stand (INERT_OPEN: the scans give up). */
static Inert skip_inert(const char *text, gsize len, gsize *i)
{
	char c = text[*i];
	const char *end;

	if (c == '"' || c == '\'') {
		for ((*i)++; *i < len && text[*i] != c; (*i)++)
			if (c == '"' && text[*i] == '\\')
				(*i)++;
		return INERT_STRING;
	}
	if (c != '/' || *i + 1 >= len || text[*i + 1] != '*')
		return INERT_NONE;
	end = g_strstr_len(text + *i + 2, (gssize)(len - *i - 2), "*/");
	if (!end)
		return INERT_OPEN;
	*i = (gsize)(end - text) + 1;
	return INERT_COMMENT;
}

/* Where the first object or array of text is followed by another value
 * (an offset), or -1.  Strings and comments are skipped (skip_inert). */
static gssize second_value(const char *text, gsize len)
{
	gboolean seen = FALSE;
	guint depth = 0;

	for (gsize i = 0; i < len; i++) {
		char c = text[i];
		Inert inert = skip_inert(text, len, &i);

		if (inert == INERT_OPEN)
			return -1;
		if (inert == INERT_COMMENT)
			continue;
		if (inert == INERT_NONE) {
			if (c == '{' || c == '[') {
				if (depth == 0 && seen)
					return (gssize)i;
				depth++;
				continue;
			}
			if ((c == '}' || c == ']') && depth > 0)
				depth--;
			else if (g_ascii_isspace(c))
				continue;
		}
		if (depth == 0)
			seen = TRUE;
	}
	return -1;
}

/* Whether the integer of digits (n of them, no sign) is beyond 64 bits
 * with its sign. */
static gboolean beyond_64_bits(const char *digits, gsize n, gboolean minus)
{
	const char *max = minus ? "9223372036854775808" : "9223372036854775807";
	gsize max_len = strlen(max);

	while (n > 1 && *digits == '0') {
		digits++;
		n--;
	}
	if (n != max_len)
		return n > max_len;
	return strncmp(digits, max, n) > 0;
}

/* Where the first integer beyond 64 bits starts, or -1: JSON-GLib reads
 * one without an error, wrapped around.  Strings and comments are
 * skipped. */
static gssize wide_integer(const char *text, gsize len)
{
	for (gsize i = 0; i < len; i++) {
		char c = text[i];
		gsize at = i, from;
		gboolean minus = c == '-';
		Inert inert = skip_inert(text, len, &i);

		if (inert == INERT_OPEN)
			return -1;
		if (inert != INERT_NONE)
			continue;
		if (!minus && !g_ascii_isdigit(c))
			continue;
		if (at > 0 &&
			(g_ascii_isalnum(text[at - 1]) || text[at - 1] == '_' ||
				text[at - 1] == '.'))
			continue;
		from = i = at + minus;
		while (i < len && g_ascii_isdigit(text[i]))
			i++;
		/* A fraction or an exponent: a double, which may be large. */
		if (i < len &&
			(text[i] == '.' || text[i] == 'e' || text[i] == 'E'))
			continue;
		if (i > from && beyond_64_bits(text + from, i - from, minus))
			return (gssize)at;
		i--;
	}
	return -1;
}

/* Where the first object or array nested deeper than SY_JSON_MAX_DEPTH
 * opens, or -1: JSON-GLib's parser recurses per level and overflows the
 * stack on deep enough text.  Strings and comments are skipped. */
static gssize too_deep(const char *text, gsize len)
{
	guint depth = 0;

	for (gsize i = 0; i < len; i++) {
		char c = text[i];
		Inert inert = skip_inert(text, len, &i);

		if (inert == INERT_OPEN)
			return -1;
		if (inert != INERT_NONE)
			continue;
		if ((c == '{' || c == '[') && ++depth > SY_JSON_MAX_DEPTH)
			return (gssize)i;
		if ((c == '}' || c == ']') && depth > 0)
			depth--;
	}
	return -1;
}

/* The line and column of offset at. */
static void position(const char *data, gssize at, guint *line, guint *col)
{
	*line = *col = 1;
	for (gssize i = 0; i < at; i++) {
		*col = data[i] == '\n' ? 1 : *col + 1;
		*line += data[i] == '\n';
	}
}

gboolean sy_json_load(
	JsonParser *parser, const char *data, gssize len, GError **error)
{
	gsize n = len < 0 ? strlen(data) : (gsize)len;
	gssize at = second_value(data, n);
	guint line, col;

	if (at >= 0) {
		position(data, at, &line, &col);
		g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
			"<data>:%u:%u: Parse error: a second value, expected "
			"end of file",
			line, col);
		return FALSE;
	}
	at = wide_integer(data, n);
	if (at >= 0) {
		position(data, at, &line, &col);
		g_set_error(error, JSON_PARSER_ERROR,
			JSON_PARSER_ERROR_INVALID_DATA,
			"<data>:%u:%u: Parse error: an integer beyond 64 bits",
			line, col);
		return FALSE;
	}
	at = too_deep(data, n);
	if (at >= 0) {
		position(data, at, &line, &col);
		g_set_error(error, JSON_PARSER_ERROR,
			JSON_PARSER_ERROR_INVALID_DATA,
			"<data>:%u:%u: Parse error: nested deeper than %u "
			"objects and arrays",
			line, col, SY_JSON_MAX_DEPTH);
		return FALSE;
	}
	return json_parser_load_from_data(parser, data, len, error);
}

const char *sy_json_type_name(JsonNode *node)
{
	if (JSON_NODE_HOLDS_OBJECT(node))
		return "an object";
	if (JSON_NODE_HOLDS_ARRAY(node))
		return "an array";
	if (JSON_NODE_HOLDS_NULL(node))
		return "null";
	switch (json_node_get_value_type(node)) {
	case G_TYPE_INT64: return "an integer";
	case G_TYPE_STRING: return "a string";
	case G_TYPE_BOOLEAN: return "a boolean";
	default: return "a number";
	}
}

gboolean sy_json_holds(JsonNode *node, GType type)
{
	return JSON_NODE_HOLDS_VALUE(node) &&
		json_node_get_value_type(node) == type;
}

static gboolean listed(const char *const *names, const char *name)
{
	for (guint i = 0; names && names[i]; i++)
		if (strcmp(names[i], name) == 0)
			return TRUE;
	return FALSE;
}

const char *sy_json_members_check(JsonObject *o, const char *const *names,
	guint n_required, const char *const *extra, const char **why)
{
	g_autoptr(GList) members = NULL;

	*why = "no member";
	for (guint i = 0; i < n_required; i++)
		if (!json_object_has_member(o, names[i]))
			return names[i];
	*why = "unknown member";
	/* The names are o's: they outlive the list. */
	members = json_object_get_members(o);
	for (GList *l = members; l; l = l->next)
		if (!listed(names, l->data) && !listed(extra, l->data))
			return l->data;
	return NULL;
}
