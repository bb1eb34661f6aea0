#include <string.h>

#include "base/json-print.h"

/* The shortest text that reads back as x ("0.1", not JSON-GLib's
 * "0.10000000000000001"; "1e+20", not its "1e+20.0", which is no JSON),
 * whole numbers below 10^15 without exponent ("300", not "3e+02"), in
 * the C locale whatever the process's. */
static void append_double(GString *out, double x)
{
	char buf[G_ASCII_DTOSTR_BUF_SIZE];

	if (x > -1e15 && x < 1e15 && x == (double)(gint64)x) {
		g_string_append(out, g_ascii_formatd(buf, sizeof buf, "%.0f",
			x == 0 ? 0 : x));
		return;
	}
	for (int digits = 1; digits <= 17; digits++) {
		char format[8];

		g_snprintf(format, sizeof format, "%%.%dg", digits);
		g_ascii_formatd(buf, sizeof buf, format, x);
		if (g_ascii_strtod(buf, NULL) == x)
			break;
	}
	g_string_append(out, buf);
}

static gboolean number_char(char c)
{
	return g_ascii_isdigit(c) || c == '-' || c == '+' || c == '.' ||
		c == 'e' || c == 'E';
}

/* JSON-GLib prints doubles with 17 digits: every number outside the
 * strings that has a fraction or an exponent is printed again in its
 * shortest form.  Integers are left as they are. */
static char *shorten_doubles(const char *text)
{
	GString *out = g_string_sized_new(strlen(text));
	gboolean in_string = FALSE;

	for (const char *p = text; *p;) {
		const char *end = p;
		gboolean fraction = FALSE;

		/* A number starts with a digit or a minus sign ("true"
		 * holds an 'e' too). */
		if (in_string || !(g_ascii_isdigit(*p) || *p == '-')) {
			if (*p == '"')
				in_string = !in_string;
			else if (in_string && *p == '\\' && p[1])
				g_string_append_c(out, *p++);
			g_string_append_c(out, *p++);
			continue;
		}
		for (; number_char(*end); end++)
			fraction |= *end == '.' || *end == 'e' || *end == 'E';
		if (fraction)
			append_double(out, g_ascii_strtod(p, NULL));
		else
			g_string_append_len(out, p, end - p);
		p = end;
	}
	return g_string_free(out, FALSE);
}

__isl_give char *sy_json_print(__isl_keep JsonNode *root)
{
	g_autoptr(JsonGenerator) gen = json_generator_new();
	g_autofree char *text = NULL;
	g_autofree char *numbers = NULL;

	json_generator_set_pretty(gen, TRUE);
	json_generator_set_indent(gen, 2);
	json_generator_set_root(gen, root);
	text = json_generator_to_data(gen, NULL);
	numbers = shorten_doubles(text);
	/* json-glib ends the text without a newline; files and the
	 * terminal want one. */
	return g_strconcat(numbers, "\n", NULL);
}
