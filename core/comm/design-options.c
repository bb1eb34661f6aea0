#include <errno.h>
#include <string.h>

#include "comm/design-options.h"

GHashTable *sy_design_parse_pack(const char *spec, GError **error)
{
	g_autoptr(GHashTable) pack = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	g_auto(GStrv) parts = g_strsplit(spec, ",", -1);

	for (guint i = 0; parts[i]; i++) {
		char *eq = strchr(g_strstrip(parts[i]), '='), *end = NULL;
		gint64 v = 0;

		if (!*parts[i])
			continue;
		if (eq)
			v = g_ascii_strtoll(eq + 1, &end, 10);
		if (!eq || !strstr(parts[i], ":L") || v <= 0 || v > 512 ||
			*end) {
			g_set_error(error, SY_DESIGN_ERROR,
				SY_DESIGN_ERROR_INVALID,
				"--pack: expected ARRAY:LEVEL=FACTOR as in "
				"A:L2=8, not '%s'",
				parts[i]);
			return NULL;
		}
		*eq = '\0';
		g_hash_table_insert(pack, g_strdup(g_strstrip(parts[i])),
			GUINT_TO_POINTER((guint)v));
	}
	return g_steal_pointer(&pack);
}

gboolean sy_design_parse_fifo_depth(
	const char *text, guint *depth, GError **error)
{
	char *end;
	gint64 v;

	errno = 0;
	v = g_ascii_strtoll(text, &end, 10);
	if (!*text || *end || errno || v < 1 || v > SY_DESIGN_MAX_FIFO_DEPTH) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--fifo-depth: expected a whole number from 1 to %d, "
			"not '%s'",
			SY_DESIGN_MAX_FIFO_DEPTH, text);
		return FALSE;
	}
	*depth = (guint)v;
	return TRUE;
}

/* Keys copied; values are plain numbers. */
GHashTable *sy_design_pack_copy(GHashTable *pack)
{
	GHashTable *copy;
	GHashTableIter iter;
	gpointer key, value;

	if (!pack)
		return NULL;
	copy = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	g_hash_table_iter_init(&iter, pack);
	while (g_hash_table_iter_next(&iter, &key, &value))
		g_hash_table_insert(copy, g_strdup(key), value);
	return copy;
}
