#include <string.h>

#include "base/escape.h"

/* s on one line: valid UTF-8 as it is, the rest as C escapes. */
static void append_printable(GString *out, const char *s)
{
	const char *end = s + strlen(s);

	while (s < end) {
		gunichar c = g_utf8_get_char_validated(s, end - s);
		guchar b = (guchar)*s;

		if (c != (gunichar)-1 && c != (gunichar)-2 && b >= 0x80) {
			const char *next = g_utf8_next_char(s);

			g_string_append_len(out, s, next - s);
			s = next;
			continue;
		}
		if (b == '\\')
			g_string_append(out, "\\\\");
		else if (b == '\n')
			g_string_append(out, "\\n");
		else if (b == '\r')
			g_string_append(out, "\\r");
		else if (b == '\t')
			g_string_append(out, "\\t");
		else if (b < 0x20 || b >= 0x7f)
			g_string_append_printf(out, "\\x%02x", b);
		else
			g_string_append_c(out, (char)b);
		s++;
	}
}

char *sy_escape_c_comment(const char *s)
{
	GString *out = g_string_new(NULL);

	append_printable(out, s);
	/* "*" "/" would end the comment, "/" "*" would nest one (gcc
	 * warns); a backslash between them breaks both. */
	for (gsize i = 0; i + 1 < out->len; i++)
		if ((out->str[i] == '*' && out->str[i + 1] == '/') ||
			(out->str[i] == '/' && out->str[i + 1] == '*'))
			g_string_insert_c(out, (gssize)++i, '\\');
	return g_string_free(out, FALSE);
}

char *sy_escape_line_comment(const char *s)
{
	GString *out = g_string_new(NULL);

	/* Backslashes are doubled: the line never ends in one alone,
	 * which make and Tcl would read as a continuation. */
	append_printable(out, s);
	return g_string_free(out, FALSE);
}

char *sy_escape_markdown_code(const char *s)
{
	GString *text = g_string_new(NULL), *out = g_string_new(NULL);
	guint run = 0, longest = 0;

	append_printable(text, s);
	for (gsize i = 0; i < text->len; i++) {
		run = text->str[i] == '`' ? run + 1 : 0;
		longest = MAX(longest, run);
	}
	/* CommonMark: a span opens with more backticks than any run in
	 * it, and one space inside each end is dropped, so that content
	 * may start or end with a backtick. */
	for (guint i = 0; i <= longest; i++)
		g_string_append_c(out, '`');
	if (longest)
		g_string_append_c(out, ' ');
	g_string_append(out, text->str);
	if (longest)
		g_string_append_c(out, ' ');
	for (guint i = 0; i <= longest; i++)
		g_string_append_c(out, '`');
	g_string_free(text, TRUE);
	return g_string_free(out, FALSE);
}

char *sy_escape_shell(const char *s)
{
	GString *out;

	if (*s &&
		strspn(s,
			"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			"0123456789_-+=.,/:@%") == strlen(s))
		return g_strdup(s);
	out = g_string_new("'");
	for (const char *c = s; *c; c++)
		if (*c == '\'')
			g_string_append(out, "'\\''");
		else
			g_string_append_c(out, *c);
	g_string_append_c(out, '\'');
	return g_string_free(out, FALSE);
}

char *sy_escape_json_text(const char *s)
{
	return g_utf8_make_valid(s, -1);
}
