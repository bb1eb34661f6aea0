#include <errno.h>
#include <string.h>

#include "base/escape.h"
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

gboolean sy_design_parse_int_io_dir(
	const char *text, guint *dir, GError **error)
{
	if (g_str_equal(text, "0") || g_str_equal(text, "1")) {
		*dir = text[0] == '1';
		return TRUE;
	}
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"--int-io-dir: expected 0 (interior I/O chains along the first "
		"space loop) or 1 (along the last), not '%s'",
		text);
	return FALSE;
}

/* A whole number from 1 to SY_DESIGN_MAX_HBM_PORTS in *ports. */
static gboolean read_ports(const char *text, guint *ports)
{
	char *end;
	gint64 v;

	errno = 0;
	v = g_ascii_strtoll(text, &end, 10);
	if (!*text || *end || errno || v < 1 || v > SY_DESIGN_MAX_HBM_PORTS)
		return FALSE;
	*ports = (guint)v;
	return TRUE;
}

gboolean sy_design_parse_hbm_port_num(
	const char *text, guint *ports, GError **error)
{
	if (read_ports(text, ports))
		return TRUE;
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"--hbm-port-num: expected a whole number from 1 to %d, not "
		"'%s'",
		SY_DESIGN_MAX_HBM_PORTS, text);
	return FALSE;
}

GHashTable *sy_design_parse_hbm_ports(const char *spec, GError **error)
{
	g_autoptr(GHashTable) ports = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, NULL);
	g_auto(GStrv) parts = g_strsplit(spec, ",", -1);

	for (guint i = 0; parts[i]; i++) {
		char *eq = strchr(g_strstrip(parts[i]), '=');
		guint n = 0;

		if (!*parts[i])
			continue;
		if (!eq || eq == parts[i] ||
			!read_ports(g_strstrip(eq + 1), &n)) {
			g_set_error(error, SY_DESIGN_ERROR,
				SY_DESIGN_ERROR_INVALID,
				"--hbm-ports: expected PATH=PORTS as in A=2 "
				"(ports from 1 to %d), not '%s'",
				SY_DESIGN_MAX_HBM_PORTS, parts[i]);
			return NULL;
		}
		*eq = '\0';
		g_hash_table_replace(ports, g_strdup(g_strstrip(parts[i])),
			GUINT_TO_POINTER(n));
	}
	return g_steal_pointer(&ports);
}

gboolean sy_design_parse_reduce_op(const char *text, char *op, GError **error)
{
	/* AutoSA pastes any operator into a compound assignment; Systole
	 * folds with +, whose identity (0) is all-zero bits in every
	 * element type it packs. */
	if (g_strcmp0(text, "+") != 0) {
		g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
			"--reduce-op: Systole reduces with '+' only, not '%s'",
			text);
		return FALSE;
	}
	g_strlcpy(op, text, 4);
	return TRUE;
}

/* A table of strings: keys copied, values as size bytes copied (0: the
 * pointer itself, a plain number). */
static GHashTable *table_copy(GHashTable *table, gsize size)
{
	GHashTable *copy;
	GHashTableIter iter;
	gpointer key, value;

	if (!table)
		return NULL;
	copy = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, size ? g_free : NULL);
	g_hash_table_iter_init(&iter, table);
	while (g_hash_table_iter_next(&iter, &key, &value))
		g_hash_table_insert(copy, g_strdup(key),
			size ? g_memdup2(value, size) : value);
	return copy;
}

static const char *const caps_hint =
	"--data-pack-sizes looks like \"{kernel[]->A[8,32,64];"
	"kernel[]->B[8,32,64]}\": per array, the widest words in bytes "
	"(1 to 64) at its L1, L2 and DRAM levels";

static gboolean caps_fail(GError **error, const char *what)
{
	g_set_error(error, SY_DESIGN_ERROR, SY_DESIGN_ERROR_INVALID,
		"--data-pack-sizes: cannot read '%s'; %s", what, caps_hint);
	return FALSE;
}

/* "kernel[]->A[8,32,64]" into caps under "A". */
static gboolean parse_caps_item(
	const char *item, GHashTable *caps, GError **error)
{
	const char *arrow = strstr(item, "->");
	const char *name = arrow ? arrow + 2 : NULL;
	const char *open = name ? strchr(name, '[') : NULL;
	const char *close = strrchr(item, ']');
	g_autofree char *inside = NULL;
	g_auto(GStrv) parts = NULL;
	SyPackCaps *c;

	if (!open || !close || close < open || close[1])
		return caps_fail(error, item);
	inside = g_strndup(open + 1, (gsize)(close - open - 1));
	parts = g_strsplit(inside, ",", -1);
	if (g_strv_length(parts) != 3)
		return caps_fail(error, item);
	c = g_new0(SyPackCaps, 1);
	for (guint k = 0; k < 3; k++) {
		char *end;
		gint64 v = g_ascii_strtoll(g_strstrip(parts[k]), &end, 10);

		if (end == parts[k] || *end || v < 1 || v > 64) {
			g_free(c);
			return caps_fail(error, item);
		}
		c->bytes[k] = (guint)v;
	}
	g_hash_table_replace(
		caps, g_strstrip(g_strndup(name, (gsize)(open - name))), c);
	return TRUE;
}

GHashTable *sy_design_parse_pack_caps(const char *spec, GError **error)
{
	g_autoptr(GHashTable) caps = g_hash_table_new_full(
		g_str_hash, g_str_equal, g_free, g_free);
	g_autofree char *text = g_strstrip(g_strdup(spec));
	gsize len = strlen(text);
	g_auto(GStrv) items = NULL;

	if (len < 2 || text[0] != '{' || text[len - 1] != '}') {
		caps_fail(error, spec);
		return NULL;
	}
	text[len - 1] = '\0';
	items = g_strsplit(text + 1, ";", -1);
	for (guint i = 0; items[i]; i++)
		if (*g_strstrip(items[i]) &&
			!parse_caps_item(items[i], caps, error))
			return NULL;
	return g_steal_pointer(&caps);
}

void sy_design_options_copy(SyDesignOptions *to, const SyDesignOptions *from)
{
	*to = *from;
	to->pack = table_copy(from->pack, 0);
	to->pack_caps = table_copy(from->pack_caps, sizeof(SyPackCaps));
	to->hbm_ports = table_copy(from->hbm_ports, 0);
}

void sy_design_options_clear(SyDesignOptions *options)
{
	g_clear_pointer(&options->pack, g_hash_table_unref);
	g_clear_pointer(&options->pack_caps, g_hash_table_unref);
	g_clear_pointer(&options->hbm_ports, g_hash_table_unref);
}

static gint compare_keys(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A table's keys, sorted (the table keeps them). */
static GPtrArray *sorted_keys(GHashTable *table)
{
	GPtrArray *keys = g_ptr_array_new();
	GHashTableIter iter;
	gpointer key;

	g_hash_table_iter_init(&iter, table);
	while (g_hash_table_iter_next(&iter, &key, NULL))
		g_ptr_array_add(keys, key);
	g_ptr_array_sort(keys, compare_keys);
	return keys;
}

/* " --name 'value'", the value quoted for a shell. */
static void append_valued(GString *out, const char *name, const char *value)
{
	g_autofree char *word = sy_escape_shell(value);

	g_string_append_printf(out, " --%s %s", name, word);
}

/* A table of prefix -> number as "A=2,B=4", in key order. */
static char *number_spec(GHashTable *table)
{
	g_autoptr(GPtrArray) keys = sorted_keys(table);
	GString *spec = g_string_new(NULL);

	for (guint i = 0; i < keys->len; i++)
		g_string_append_printf(spec, "%s%s=%u", i ? "," : "",
			(char *)keys->pdata[i],
			GPOINTER_TO_UINT(
				g_hash_table_lookup(table, keys->pdata[i])));
	return g_string_free(spec, FALSE);
}

static void append_hbm(GString *out, const SyDesignOptions *o)
{
	g_string_append(out, " --hbm");
	if (o->hbm_port_num && o->hbm_port_num != SY_DESIGN_HBM_PORTS)
		g_string_append_printf(
			out, " --hbm-port-num %u", o->hbm_port_num);
	if (o->hbm_ports && g_hash_table_size(o->hbm_ports)) {
		g_autofree char *spec = number_spec(o->hbm_ports);

		append_valued(out, "hbm-ports", spec);
	}
}

char *sy_design_options_flags(const SyDesignOptions *o)
{
	GString *out = g_string_new(NULL);

	if (o->no_double_buffer)
		g_string_append(out, " --no-double-buffer");
	if (o->no_packing)
		g_string_append(out, " --no-packing");
	if (o->pack && g_hash_table_size(o->pack)) {
		g_autoptr(GPtrArray) keys = sorted_keys(o->pack);
		GString *spec = g_string_new(NULL);

		for (guint i = 0; i < keys->len; i++)
			g_string_append_printf(spec, "%s%s=%u", i ? "," : "",
				(char *)keys->pdata[i],
				GPOINTER_TO_UINT(g_hash_table_lookup(
					o->pack, keys->pdata[i])));
		append_valued(out, "pack", spec->str);
		g_string_free(spec, TRUE);
	}
	if (o->fifo_depth)
		g_string_append_printf(out, " --fifo-depth %u", o->fifo_depth);
	if (o->host_serialize)
		g_string_append(out, " --host-serialize");
	if (o->pack_caps && g_hash_table_size(o->pack_caps)) {
		g_autoptr(GPtrArray) keys = sorted_keys(o->pack_caps);
		GString *spec = g_string_new("{");

		for (guint i = 0; i < keys->len; i++) {
			const SyPackCaps *c = g_hash_table_lookup(
				o->pack_caps, keys->pdata[i]);

			g_string_append_printf(spec, "%skernel[]->%s[%u,%u,%u]",
				i ? ";" : "", (char *)keys->pdata[i],
				c->bytes[0], c->bytes[1], c->bytes[2]);
		}
		g_string_append_c(spec, '}');
		append_valued(out, "data-pack-sizes", spec->str);
		g_string_free(spec, TRUE);
	}
	if (o->reduce_op[0]) {
		g_string_append(out, " --local-reduce");
		append_valued(out, "reduce-op", o->reduce_op);
	}
	if (o->hbm)
		append_hbm(out, o);
	if (o->uram)
		g_string_append(out, " --uram");
	if (o->int_io_dir)
		g_string_append_printf(out, " --int-io-dir %u", o->int_io_dir);
	return g_string_free(out, FALSE);
}

const char *sy_design_options_l2_note(const SyDesignOptions *options)
{
	if (!options || !options->host_serialize)
		return NULL;
	return "Two-level buffering is disabled because host data "
	       "serialization is enabled. (AutoSA's warning: no L2 "
	       "buffers; the tile loops stay tiled twice, as AutoSA's do)";
}
