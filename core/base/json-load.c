#include <string.h>

#include "base/json-load.h"

/* Where the first object or array of text is followed by another value
 * (an offset), or -1.  Strings ("...", with escapes, and '...', which
 * JSON-GLib's scanner also takes) and comments are skipped, as that
 * scanner skips them; for anything else JSON-GLib's own errors stand. */
static gssize second_value(const char *text, gsize len)
{
	gboolean seen = FALSE;
	guint depth = 0;

	for (gsize i = 0; i < len; i++) {
		const char *end;
		char c = text[i];

		if (c == '"' || c == '\'') {
			for (i++; i < len && text[i] != c; i++)
				if (c == '"' && text[i] == '\\')
					i++;
		} else if (c == '/' && i + 1 < len && text[i + 1] == '*') {
			end = g_strstr_len(
				text + i + 2, (gssize)(len - i - 2), "*/");
			if (!end)
				return -1;
			i = (gsize)(end - text) + 1;
			continue;
		} else if (c == '{' || c == '[') {
			if (depth == 0 && seen)
				return (gssize)i;
			depth++;
			continue;
		} else if ((c == '}' || c == ']') && depth > 0) {
			depth--;
		} else if (g_ascii_isspace(c)) {
			continue;
		}
		if (depth == 0)
			seen = TRUE;
	}
	return -1;
}

gboolean sy_json_load(
	JsonParser *parser, const char *data, gssize len, GError **error)
{
	gsize n = len < 0 ? strlen(data) : (gsize)len;
	gssize at = second_value(data, n);
	guint line = 1, col = 1;

	if (at < 0)
		return json_parser_load_from_data(parser, data, len, error);
	for (gssize i = 0; i < at; i++) {
		col = data[i] == '\n' ? 1 : col + 1;
		line += data[i] == '\n';
	}
	g_set_error(error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
		"<data>:%u:%u: Parse error: a second value, expected end of "
		"file",
		line, col);
	return FALSE;
}
