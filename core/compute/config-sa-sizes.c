/* AutoSA's --sa-sizes strings: read ("{kernel[]->space_time[3];
 * kernel[]->array_part[16,16,16];kernel[]->latency[8,8];
 * kernel[]->simd[2]}", each list in AutoSA's order, simd on AutoSA's
 * SIMD candidates), written back, and where AutoSA's manual mode stops
 * for one that lacks a stage. */
#include <string.h>

#include "compute/config-private.h"
#include "compute/simd-autosa.h"

/* One "kernel[]->name[a,b,c]" item of an AutoSA string. */
typedef struct {
	char *name;
	GArray *values; /* gint64 */
} Item;

static void item_clear(gpointer data)
{
	Item *item = data;

	g_free(item->name);
	if (item->values)
		g_array_unref(item->values);
}

static const char *const sa_hint =
	"AutoSA sizes look like \"{kernel[]->space_time[3];"
	"kernel[]->array_part[16,16,16];kernel[]->latency[8,8];"
	"kernel[]->simd[2]}\"";

static gboolean parse_item(const char *text, Item *item, GError **error)
{
	const char *arrow = strstr(text, "->");
	const char *name = arrow ? arrow + 2 : text;
	const char *open = strchr(name, '['), *close = strrchr(name, ']');
	g_auto(GStrv) parts = NULL;
	g_autofree char *inside = NULL;

	if (!open || !close || close < open)
		return sy_config_fail(error, "--sa-sizes: cannot read '%s'; %s",
			text, sa_hint);
	item->name = g_strstrip(g_strndup(name, (gsize)(open - name)));
	item->values = g_array_new(FALSE, FALSE, sizeof(gint64));
	inside = g_strndup(open + 1, (gsize)(close - open - 1));
	if (!*g_strstrip(inside))
		return TRUE;
	parts = g_strsplit(inside, ",", -1);
	for (guint i = 0; parts[i]; i++) {
		gint64 v;

		if (!sy_config_parse_int(g_strstrip(parts[i]), &v))
			return sy_config_fail(error,
				"--sa-sizes: '%s' in %s is not a 64-bit "
				"integer; %s",
				parts[i], item->name, sa_hint);
		g_array_append_val(item->values, v);
	}
	return TRUE;
}

/* The items of an AutoSA string, in order. */
static GArray *parse_sa_sizes(const char *sa_sizes, GError **error)
{
	g_autofree char *text = g_strstrip(g_strdup(sa_sizes));
	GArray *items = g_array_new(FALSE, TRUE, sizeof(Item));
	g_auto(GStrv) parts = NULL;
	gsize len = strlen(text);

	g_array_set_clear_func(items, item_clear);
	if (len < 2 || text[0] != '{' || text[len - 1] != '}') {
		sy_config_fail(error,
			"--sa-sizes: expected braces around the sizes; %s",
			sa_hint);
		g_array_unref(items);
		return NULL;
	}
	text[len - 1] = '\0';
	parts = g_strsplit(text + 1, ";", -1);
	for (guint i = 0; parts[i]; i++) {
		Item item = {0};

		if (!*g_strstrip(parts[i]))
			continue;
		if (!parse_item(parts[i], &item, error)) {
			item_clear(&item);
			g_array_unref(items);
			return NULL;
		}
		g_array_append_val(items, item);
	}
	return items;
}

/* The item of items named name, or NULL. */
static const Item *item_named(const GArray *items, const char *name)
{
	for (guint i = 0; i < items->len; i++)
		if (g_str_equal(g_array_index(items, Item, i).name, name))
			return &g_array_index(items, Item, i);
	return NULL;
}

int sy_config_sa_sizes_candidate(const char *sa_sizes, GError **error)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, error);
	const Item *item = items ? item_named(items, "space_time") : NULL;

	if (!items)
		return -2;
	if (!item)
		return -1;
	if (item->values->len != 1 ||
		g_array_index(item->values, gint64, 0) < 0 ||
		g_array_index(item->values, gint64, 0) > G_MAXINT) {
		sy_config_fail(error,
			"--sa-sizes: space_time takes one array number, as in "
			"space_time[3]");
		return -2;
	}
	return (int)g_array_index(item->values, gint64, 0);
}

/* simd, as AutoSA reads it: a factor per candidate of AutoSA's list
 * at the sizes set so far (compute/simd-autosa.h), extra factors
 * ignored, a factor of 1 or on a candidate that needs a layout change
 * skipped (AutoSA stops and dumps its list where factors are missing;
 * here that is an error naming the candidates, and no factor at all
 * means no SIMD). */
static gboolean set_simd_autosa(
	SyConfig *cfg, const SyChoices *c, const GArray *values, GError **error)
{
	g_autoptr(GArray)
		list = sy_autosa_simd_list(c, cfg->tile, cfg->latency);
	g_autoptr(GArray) placed = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_autoptr(GString) names = g_string_new(NULL);

	for (guint i = 0; i < list->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);
		const SySimdChoice *sc = g_ptr_array_index(c->simd, e->simd);

		g_string_append_printf(names, "%s%s%s", i ? ", " : "",
			sc->loop.name,
			e->legal ? "" : " (needs a layout change)");
	}
	if (values->len && values->len < list->len)
		return sy_config_fail(error,
			"simd has %u factor%s, but AutoSA's SIMD candidates "
			"at these sizes are %u: %s",
			values->len, sy_config_plural(values->len), list->len,
			names->str);
	/* The factors on Systole's SIMD choices; a skipped one stays 1. */
	for (guint i = 0; i < c->simd->len; i++)
		g_array_append_val(placed, (gint64){1});
	for (guint i = 0; i < list->len && values->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);
		gint64 v = g_array_index(values, gint64, i);

		if (v <= 0 || e->legal)
			g_array_index(placed, gint64, e->simd) = v;
	}
	return sy_config_set_simd(cfg, c, placed, error);
}

char *sy_config_sa_sizes_skipped(
	const char *sa_sizes, const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, NULL);
	g_autoptr(GArray) list = NULL;
	const Item *simd = items ? item_named(items, "simd") : NULL;
	const GArray *values = simd ? simd->values : NULL;
	GString *out = NULL;

	if (!values)
		return NULL;
	list = sy_autosa_simd_list(c, cfg->tile, cfg->latency);
	for (guint i = 0; i < list->len && i < values->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);
		const SySimdChoice *sc = g_ptr_array_index(c->simd, e->simd);
		gint64 v = g_array_index(values, gint64, i);

		if (v <= 1 || e->legal)
			continue;
		if (!out)
			out = g_string_new(NULL);
		g_string_append_printf(out,
			"%ssimd[...] gives '%s' %" G_GINT64_FORMAT
			", which AutoSA skips: '%s' needs a layout change "
			"(%s); --simd %s=%" G_GINT64_FORMAT
			" vectorizes it as it is",
			out->len ? "; " : "", sc->loop.name, v, sc->loop.name,
			sc->layout->len
				? (const char *)g_ptr_array_index(sc->layout, 0)
				: "another access order",
			sc->loop.name, v);
	}
	return out ? g_string_free(out, FALSE) : NULL;
}

/* hbm_<group>[n]: read by the design (sy_config_sa_sizes_hbm). */
static gboolean hbm_item(const Item *item)
{
	return g_str_has_prefix(item->name, "hbm_") && item->name[4];
}

char *sy_config_sa_sizes_hbm(const char *sa_sizes, GError **error)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, error);
	GString *out;

	if (!items)
		return NULL;
	out = g_string_new(NULL);
	for (guint i = 0; i < items->len; i++) {
		const Item *item = &g_array_index(items, Item, i);

		if (!hbm_item(item))
			continue;
		if (item->values->len != 1) {
			sy_config_fail(error,
				"--sa-sizes: %s takes one port count, as in "
				"%s[2]",
				item->name, item->name);
			g_string_free(out, TRUE);
			return NULL;
		}
		g_string_append_printf(out, "%s%s=%" G_GINT64_FORMAT,
			out->len ? "," : "", item->name + 4,
			g_array_index(item->values, gint64, 0));
	}
	if (!out->len) {
		g_string_free(out, TRUE);
		return NULL;
	}
	return g_string_free(out, FALSE);
}

static gboolean known_item(const Item *item)
{
	if (hbm_item(item))
		return TRUE;
	static const char *const known[] = {
		"space_time", "array_part", "array_part_L2", "latency", "simd"};

	for (guint k = 0; k < G_N_ELEMENTS(known); k++)
		if (g_str_equal(item->name, known[k]))
			return TRUE;
	return FALSE;
}

/* Every item Systole does not read, named at once: "'a', 'b' and 'c'
 * are not supported". */
static gboolean refuse_unknown(const GArray *items, GError **error)
{
	g_autoptr(GString) names = g_string_new(NULL);
	guint n = 0, seen = 0;

	for (guint i = 0; i < items->len; i++)
		n += !known_item(&g_array_index(items, Item, i));
	if (!n)
		return TRUE;
	for (guint i = 0; i < items->len; i++) {
		const Item *item = &g_array_index(items, Item, i);

		if (known_item(item))
			continue;
		seen++;
		g_string_append_printf(names, "%s'%s'",
			seen == 1           ? ""
				: seen == n ? " and "
					    : ", ",
			item->name);
	}
	return sy_config_fail(error,
		"%s %s not supported; Systole reads space_time, "
		"array_part, array_part_L2, latency, simd and hbm_<group>",
		names->str, n == 1 ? "is" : "are");
}

/* latency[...]'s factors in the band's order or last to first. */
static GArray *latency_read(const GArray *latency, gboolean last_first)
{
	GArray *values = g_array_sized_new(
		FALSE, FALSE, sizeof(gint64), latency->len);

	for (guint i = 0; i < latency->len; i++)
		g_array_append_val(values,
			g_array_index(latency, gint64,
				last_first ? latency->len - 1 - i : i));
	return values;
}

/* AutoSA's SIMD candidates at cfg's tiles with latency[...] read in the
 * band's order or last to first, as "p, q, i" into names where given;
 * returns how many. */
static guint candidates_read(const SyConfig *cfg, const SyChoices *c,
	const GArray *latency, gboolean last_first, char **names)
{
	g_autoptr(SyConfig) read = sy_config_copy(cfg);
	g_autoptr(GArray) values = latency_read(latency, last_first);
	g_autoptr(GArray) list = NULL;
	GString *out = g_string_new(NULL);
	guint n;

	sy_config_set_latency(read, c, values, NULL);
	list = sy_autosa_simd_list(c, read->tile, read->latency);
	for (guint i = 0; i < list->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);

		g_string_append_printf(out, "%s%s", i ? ", " : "",
			((const SySimdChoice *)g_ptr_array_index(
				 c->simd, e->simd))
				->loop.name);
	}
	n = list->len;
	if (names)
		*names = g_string_free(out, FALSE);
	else
		g_string_free(out, TRUE);
	return n;
}

/* Whether the AutoSA release a command was written for reads its
 * latency[...] last to first.  AutoSA gives the factors to the parallel
 * loops in the band's order before 2021-04-21 (a loop visited
 * last-first took its factor counted from the end, commit f35992c) and,
 * under its default --reverse-order, since 2021-08-01 (commit a30276c
 * turned array contraction on, which turns --isl-sink off).  In between
 * (commits ba52895 and 0e8fa6a to a30276c), autosa_latency_tile_band_loop
 * hands each loop the next factor in the order it visits them: last to
 * first under that release's defaults (--reverse-order and --isl-sink
 * on, array contraction off).  Its manual mode lists the SIMD candidates
 * the user then gives one factor each, and which loops are candidates
 * depends on the latency factors; a simd[...] with as many factors as
 * the candidates last to first and not in the band's order was written
 * for that release (cnn.rst's dataflows, 2021-04-26: cnn.9 and .10,
 * whose simd[...] has a factor left over in the band's order, and .11,
 * one short there, where AutoSA stops at simd). */
static gboolean read_last_first(
	const SyConfig *cfg, const SyChoices *c, const GArray *items)
{
	const Item *latency = item_named(items, "latency");
	const Item *simd = item_named(items, "simd");
	guint n;

	if (!latency || !simd || !simd->values->len ||
		latency->values->len != c->latency->len)
		return FALSE;
	n = simd->values->len;
	return candidates_read(cfg, c, latency->values, FALSE, NULL) != n &&
		candidates_read(cfg, c, latency->values, TRUE, NULL) == n;
}

char *sy_config_sa_sizes_reversed(
	const char *sa_sizes, const SyChoices *c, const SyConfig *cfg)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, NULL);
	const Item *latency = items ? item_named(items, "latency") : NULL;
	const Item *simd = items ? item_named(items, "simd") : NULL;
	g_autoptr(GString) given = g_string_new(NULL);
	g_autoptr(GString) read = g_string_new(NULL);
	g_autofree char *band = NULL, *last = NULL;

	if (!latency || !read_last_first(cfg, c, items))
		return NULL;
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *back = g_ptr_array_index(
			c->latency, c->latency->len - 1 - i);
		gint64 v = g_array_index(latency->values, gint64, i);

		g_string_append_printf(
			given, "%s%" G_GINT64_FORMAT, i ? "," : "", v);
		g_string_append_printf(read, "%s%s=%" G_GINT64_FORMAT,
			i ? ", " : "", back->name, v);
	}
	candidates_read(cfg, c, latency->values, FALSE, &band);
	candidates_read(cfg, c, latency->values, TRUE, &last);
	return g_strdup_printf("latency[%s] read last to first (%s), as "
			       "AutoSA read it from 2021-04-21 to "
			       "2021-08-01 under --reverse-order: simd[...] "
			       "has %u factor%s, one per SIMD candidate of "
			       "AutoSA's that way (%s), not in the band's "
			       "order (%s)",
		given->str, read->str, simd->values->len,
		sy_config_plural(simd->values->len), last, band);
}

gboolean sy_config_apply_sa_sizes(
	SyConfig *cfg, const SyChoices *c, const char *sa_sizes, GError **error)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, error);
	GError *err = NULL;

	if (!items)
		return FALSE;
	refuse_unknown(items, &err);
	for (guint i = 0; i < items->len && !err; i++) {
		Item *item = &g_array_index(items, Item, i);

		if (g_str_equal(item->name, "array_part"))
			sy_config_set_tiles(cfg, c, item->values, &err);
		else if (g_str_equal(item->name, "latency"))
			sy_config_set_latency(cfg, c, item->values, &err);
	}
	/* The latency factors as the AutoSA release the string was
	 * written for reads them (read_last_first). */
	if (!err && read_last_first(cfg, c, items)) {
		g_autoptr(GArray) reversed = latency_read(
			item_named(items, "latency")->values, TRUE);

		sy_config_set_latency(cfg, c, reversed, &err);
	}
	/* AutoSA's SIMD candidates depend on the tiles and the latency
	 * factors. */
	for (guint i = 0; i < items->len && !err; i++) {
		Item *item = &g_array_index(items, Item, i);

		if (g_str_equal(item->name, "simd"))
			set_simd_autosa(cfg, c, item->values, &err);
	}
	if (err) {
		g_prefix_error(&err, "--sa-sizes: ");
		g_propagate_error(error, err);
		return FALSE;
	}
	return TRUE;
}

gboolean sy_config_apply_sa_sizes_l2(
	SyConfig *cfg, const SyChoices *c, const char *sa_sizes, GError **error)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, error);
	const Item *l2;

	if (!items)
		return FALSE;
	l2 = item_named(items, "array_part_L2");
	if (!l2 || sy_config_set_tiles_l2(cfg, c, l2->values, error))
		return TRUE;
	g_prefix_error(error, "--sa-sizes: ");
	return FALSE;
}

const char *sy_config_sa_sizes_stop(const char *sa_sizes, const SyChoices *c,
	const SyConfig *cfg, guint skip)
{
	g_autoptr(GArray) items = parse_sa_sizes(sa_sizes, NULL);
	g_autoptr(GArray) simd = NULL;

	if (!items)
		return NULL;
	if (!(skip & SY_CONFIG_SKIP_ARRAY_PART) &&
		!item_named(items, "array_part") && c->tilable->len)
		return "array_part";
	if (!(skip & SY_CONFIG_SKIP_LATENCY) && !item_named(items, "latency") &&
		c->latency->len)
		return "latency";
	if ((skip & SY_CONFIG_SKIP_SIMD) || item_named(items, "simd"))
		return NULL;
	simd = sy_autosa_simd_list(c, cfg->tile, cfg->latency);
	return simd->len ? "simd" : NULL;
}

char *sy_config_to_sa_sizes(const SyConfig *cfg, const SyChoices *c)
{
	GString *out = g_string_new(NULL);
	g_autoptr(GArray) list = NULL;

	g_string_append_printf(out,
		"{kernel[]->space_time[%u];"
		"kernel[]->array_part[",
		cfg->candidate);
	for (guint i = 0; i < c->tilable->len; i++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, i ? "," : "",
			cfg->tile[(
				(SyLoopRef *)g_ptr_array_index(c->tilable, i))
					  ->member]);
	for (guint i = 0; cfg->tile_l2 && i < c->tilable->len; i++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
			i ? "," : "];kernel[]->array_part_L2[",
			cfg->tile_l2[(
				(SyLoopRef *)g_ptr_array_index(c->tilable, i))
					     ->member]);
	g_string_append(out, "];kernel[]->latency[");
	for (guint i = 0; i < c->latency->len; i++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, i ? "," : "",
			cfg->latency[(
				(SyLoopRef *)g_ptr_array_index(c->latency, i))
					     ->member]);
	g_string_append(out, "];kernel[]->simd[");
	list = sy_autosa_simd_list(c, cfg->tile, cfg->latency);
	for (guint i = 0; i < list->len; i++) {
		const SyAutosaSimd *e = &g_array_index(list, SyAutosaSimd, i);

		g_string_append_printf(out, "%s%" G_GINT64_FORMAT, i ? "," : "",
			(int)e->simd == cfg->simd ? cfg->simd_factor : 1);
	}
	g_string_append(out, "]}");
	return g_string_free(out, FALSE);
}
