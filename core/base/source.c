#include "base/source.h"

void sy_source_free(SySource *src)
{
	if (!src)
		return;
	g_free(src->path);
	g_free(src->dir);
	g_free(src->text);
	g_array_unref(src->lines);
	g_free(src);
}

SyLoc sy_source_loc(const SySource *src, gsize offset)
{
	guint lo = 0, hi = src->lines->len;
	SyLoc loc;

	/* The last line that starts at or before offset. */
	while (hi - lo > 1) {
		guint mid = (lo + hi) / 2;

		if (g_array_index(src->lines, gsize, mid) <= offset)
			lo = mid;
		else
			hi = mid;
	}
	loc.src = src;
	loc.line = lo + 1;
	loc.col = (guint)(offset - g_array_index(src->lines, gsize, lo)) + 1;
	loc.offset = offset;
	return loc;
}

/* The text of line (1-based) without its newline. */
const char *sy_source_line(const SySource *src, guint line, gsize *len)
{
	gsize start, end;

	if (line == 0 || line > src->lines->len) {
		*len = 0;
		return "";
	}
	start = g_array_index(src->lines, gsize, line - 1);
	end = start;
	while (end < src->len && src->text[end] != '\n')
		end++;
	if (end > start && src->text[end - 1] == '\r')
		end--;
	*len = end - start;
	return src->text + start;
}
