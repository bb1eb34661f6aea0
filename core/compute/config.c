#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/checked.h"
#include "base/integer.h"
#include "compute/config.h"
#include "compute/config-private.h"

G_DEFINE_QUARK(sy - config - error - quark, sy_config_error)

gboolean sy_config_fail(GError **error, const char *format, ...)
{
	va_list args;

	va_start(args, format);
	g_propagate_error(error,
		g_error_new_valist(SY_CONFIG_ERROR, SY_CONFIG_ERROR_INVALID,
			format, args));
	va_end(args);
	return FALSE;
}

SyConfig *sy_config_new(const SyChoices *choices)
{
	const SyBand *band = choices->analysis->band;
	SyConfig *cfg = g_new0(SyConfig, 1);
	GArray *order = g_ptr_array_index(choices->orders, 0);

	cfg->candidate = choices->candidate->id;
	cfg->n_members = band->n_members;
	cfg->tile = g_new(gint64, band->n_members);
	cfg->latency = g_new(gint64, band->n_members);
	cfg->order = g_memdup2(order->data, sizeof(guint) * order->len);
	for (guint m = 0; m < band->n_members; m++) {
		/* Untiled: the member's extent (the analysis refuses those
		 * beyond 64 bits). */
		if (!sy_checked_span(band->members[m].min, band->members[m].max,
			    1, &cfg->tile[m]))
			cfg->tile[m] = G_MAXINT64;
		cfg->latency[m] = 1;
	}
	cfg->simd = -1;
	cfg->simd_factor = 1;
	cfg->touch_space = choices->touch_space;
	return cfg;
}

SyConfig *sy_config_copy(const SyConfig *config)
{
	SyConfig *copy = g_memdup2(config, sizeof *config);
	gsize n = config->n_members;

	copy->tile = g_memdup2(config->tile, sizeof(gint64) * n);
	copy->latency = g_memdup2(config->latency, sizeof(gint64) * n);
	copy->order = g_memdup2(config->order, sizeof(guint) * n);
	copy->tile_l2 = g_memdup2(config->tile_l2, sizeof(gint64) * n);
	return copy;
}

void sy_config_free(SyConfig *config)
{
	if (!config)
		return;
	g_free(config->tile);
	g_free(config->latency);
	g_free(config->order);
	g_free(config->tile_l2);
	g_free(config);
}

const char *sy_config_plural(guint n)
{
	return n == 1 ? "" : "s";
}

/* A whole decimal integer that fits in 64 bits. */
gboolean sy_config_parse_int(const char *text, gint64 *v)
{
	char *end;

	errno = 0;
	*v = g_ascii_strtoll(text, &end, 10);
	return *text && !*end && errno == 0;
}

int sy_config_find_space(const SyAnalysis *a, const char *names, GError **error)
{
	g_auto(GStrv) parts = g_strsplit(names, ",", -1);
	guint space[4], n = 0;
	g_autofree char *why = NULL;
	const SyCandidate *c;

	for (guint i = 0; parts[i]; i++) {
		int m = sy_band_member_index(a->band, g_strstrip(parts[i]));

		if (m < 0) {
			GString *band = g_string_new(NULL);

			for (guint k = 0; k < a->band->n_members; k++)
				g_string_append_printf(band, "%s%s",
					k ? ", " : "",
					a->band->members[k].name);
			sy_config_fail(error,
				"--space: '%s' is not a loop of the "
				"outermost permutable band (%s)",
				parts[i], band->str);
			g_string_free(band, TRUE);
			return -1;
		}
		for (guint k = 0; k < n; k++) {
			if (space[k] != (guint)m)
				continue;
			sy_config_fail(error,
				"--space: loop '%s' is named "
				"twice",
				parts[i]);
			return -1;
		}
		if (n == G_N_ELEMENTS(space)) {
			sy_config_fail(error, "--space: at most 3 space loops");
			return -1;
		}
		space[n++] = (guint)m;
	}
	c = sy_dataflow_find(
		a->candidates, a->deps, a->band, a->max_dims, space, n, &why);
	if (!c) {
		sy_config_fail(error,
			"--space %s is not a systolic array of this "
			"kernel: %s",
			names, why);
		return -1;
	}
	return (int)c->id;
}

GArray *sy_config_divisors(gint64 n)
{
	GArray *small = g_array_new(FALSE, FALSE, sizeof(gint64));
	GArray *large = g_array_new(FALSE, FALSE, sizeof(gint64));

	for (gint64 d = 1; d <= n / d && d <= SY_CONFIG_DIVISOR_SEARCH; d++) {
		gint64 q = n / d;

		if (n % d != 0)
			continue;
		g_array_append_val(small, d);
		if (q != d)
			g_array_append_val(large, q);
	}
	for (guint i = large->len; i-- > 0;)
		g_array_append_val(small, g_array_index(large, gint64, i));
	g_array_unref(large);
	return small;
}

static GString *divisors(gint64 n)
{
	g_autoptr(GArray) all = sy_config_divisors(n);
	GString *out = g_string_new(NULL);

	for (guint i = 0; i < all->len; i++)
		g_string_append_printf(out, "%s%" G_GINT64_FORMAT,
			i ? ", " : "", g_array_index(all, gint64, i));
	return out;
}

/* One factor per loop of a list, as array_part, array_part_L2 and
 * latency give them: what each is called in its errors. */
typedef struct {
	const char *key; /* "array_part" */
	const char *has; /* "tiles %u loop%s": "tiles " */
	const char *loops; /* " loop" */
	const char *listed; /* ", in this order: " */
	const char *hint; /* after the list of loops */
	const char *what; /* "the tile size" */
	const char *aside; /* after the loop's name */
	const char *allowed; /* after "must be positive" */
	gboolean may_omit; /* none given: all default */
	gboolean untiled; /* -1: the loop's extent */
} FactorSpec;

static const FactorSpec tile_spec = {"array_part", "tiles ", " loop",
	", in this order: ", "", "the tile size", "", " (-1: not tiled)", FALSE,
	TRUE};
static const FactorSpec tile_l2_spec = {"array_part_L2", "tiles ", " loop",
	", in this order: ", " (one factor per loop of array_part, in tiles)",
	"the second-level tile size",
	" (array_part_L2, in tiles of array_part)", "", FALSE, FALSE};
static const FactorSpec latency_spec = {"latency", "has ", " parallel loop",
	" to hide latency with: ", "", "the latency factor", "", "", TRUE,
	FALSE};

/* values, one per loop of list (or none where spec->may_omit), into
 * out (indexed by band member; those not given keep what out holds). */
static gboolean set_factors(const FactorSpec *spec, GPtrArray *list,
	const GArray *values, gint64 *out, GError **error)
{
	if (values->len != list->len && !(spec->may_omit && !values->len)) {
		g_autofree char *loops = sy_choices_names(list);

		return sy_config_fail(error,
			"%s has %u factor%s, but this array %s%u%s%s%s%s%s",
			spec->key, values->len, sy_config_plural(values->len),
			spec->has, list->len, spec->loops,
			sy_config_plural(list->len), spec->listed, loops,
			spec->hint);
	}
	for (guint i = 0; i < values->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(list, i);
		gint64 v = g_array_index(values, gint64, i);

		/* A tile larger than its loop is one tile, padded, as
		 * AutoSA's published commands take the tiles of larger
		 * problems on their kernels' smaller ones. */
		if (spec->untiled && v == -1)
			v = ref->extent;
		if (v <= 0)
			return sy_config_fail(error,
				"%s of loop '%s'%s must be positive%s, not "
				"%" G_GINT64_FORMAT,
				spec->what, ref->name, spec->aside,
				spec->allowed, v);
		out[ref->member] = v;
	}
	return TRUE;
}

/* array_part: one size per band loop, -1 for none. */
gboolean sy_config_set_tiles(
	SyConfig *cfg, const SyChoices *c, const GArray *values, GError **error)
{
	return set_factors(&tile_spec, c->tilable, values, cfg->tile, error);
}

/* A new array, so that a refused list leaves cfg as it was. */
gboolean sy_config_set_tiles_l2(
	SyConfig *cfg, const SyChoices *c, const GArray *values, GError **error)
{
	g_autofree gint64 *l2 = g_new(gint64, cfg->n_members);

	for (guint m = 0; m < cfg->n_members; m++)
		l2[m] = 1;
	if (!set_factors(&tile_l2_spec, c->tilable, values, l2, error))
		return FALSE;
	g_free(cfg->tile_l2);
	cfg->tile_l2 = g_steal_pointer(&l2);
	return TRUE;
}

gboolean sy_config_set_latency(
	SyConfig *cfg, const SyChoices *c, const GArray *values, GError **error)
{
	/* A list of the wrong length is refused before the factors are
	 * reset. */
	if (values->len == c->latency->len || !values->len)
		for (guint m = 0; m < cfg->n_members; m++)
			cfg->latency[m] = 1;
	return set_factors(
		&latency_spec, c->latency, values, cfg->latency, error);
}

gboolean sy_config_set_simd(
	SyConfig *cfg, const SyChoices *c, const GArray *values, GError **error)
{
	g_autofree char *loops = sy_choices_names(c->simd);

	if (values->len != c->simd->len && values->len != 0)
		return sy_config_fail(error,
			"simd has %u factor%s, but this array has %u "
			"loop%s that SIMD may use: %s",
			values->len, sy_config_plural(values->len),
			c->simd->len, sy_config_plural(c->simd->len), loops);
	cfg->simd = -1;
	cfg->simd_factor = 1;
	for (guint i = 0; i < values->len; i++) {
		gint64 v = g_array_index(values, gint64, i);

		if (v <= 0)
			return sy_config_fail(error,
				"the SIMD factor of loop '%s' must "
				"be positive",
				((SyLoopRef *)g_ptr_array_index(c->simd, i))
					->name);
		if (v == 1)
			continue;
		if (cfg->simd >= 0)
			return sy_config_fail(error,
				"SIMD vectorizes one loop; %s and %s "
				"both have factors above 1",
				((SyLoopRef *)g_ptr_array_index(
					 c->simd, cfg->simd))
					->name,
				((SyLoopRef *)g_ptr_array_index(c->simd, i))
					->name);
		cfg->simd = (int)i;
		cfg->simd_factor = v;
	}
	return TRUE;
}

/* A "name=value" list, as (name, value) pairs in order. */
static gboolean parse_named(const char *stage, const char *spec,
	GPtrArray *names, GArray *values, GError **error)
{
	g_auto(GStrv) parts = g_strsplit(spec, ",", -1);

	for (guint i = 0; parts[i]; i++) {
		char *eq = strchr(g_strstrip(parts[i]), '=');
		const char *name = parts[i];
		gint64 v;

		if (!*parts[i])
			continue;
		if (!eq)
			return sy_config_fail(error,
				"--%s: expected LOOP=SIZE, not '%s'", stage,
				parts[i]);
		*eq = '\0';
		g_strstrip(parts[i]);
		if (!sy_config_parse_int(g_strstrip(eq + 1), &v))
			return sy_config_fail(error,
				"--%s: '%s' is not a 64-bit integer", stage,
				eq + 1);
		if (g_ptr_array_find_with_equal_func(
			    names, name, g_str_equal, NULL))
			return sy_config_fail(error,
				"--%s: loop '%s' is named twice", stage, name);
		g_ptr_array_add(names, g_strdup(name));
		g_array_append_val(values, v);
	}
	return TRUE;
}

/* The value cfg has for entry i of list: tiles and latency factors
 * as set (by --sa-sizes, or the defaults), the SIMD factor 1 (a named
 * SIMD loop replaces the one chosen). */
static gint64 current(const SyConfig *cfg, const SyChoices *c,
	const char *stage, const GPtrArray *list, guint i)
{
	const SyLoopRef *ref = g_ptr_array_index(list, i);

	if (g_str_equal(stage, "tile-l2"))
		return cfg->tile_l2 ? cfg->tile_l2[ref->member] : 1;
	if (list == c->tilable)
		return cfg->tile[ref->member];
	if (list == c->latency)
		return cfg->latency[ref->member];
	return 1;
}

/* The named values placed in list order, the others at their current
 * values: --tile and --latency after --sa-sizes change the loops they
 * name and keep the others' sizes. */
static GArray *by_position(const char *stage, const SyConfig *cfg,
	const SyChoices *c, GPtrArray *list, GPtrArray *names, GArray *values,
	GError **error)
{
	GArray *out = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_autofree char *allowed = sy_choices_names(list);

	for (guint i = 0; i < list->len; i++) {
		gint64 v = current(cfg, c, stage, list, i);

		g_array_append_val(out, v);
	}
	for (guint i = 0; i < names->len; i++) {
		const char *name = g_ptr_array_index(names, i);
		int at = sy_choices_find(list, name);

		if (at < 0) {
			/* A space loop takes SIMD under --simd-touch-space. */
			gboolean space = list == c->simd && !c->touch_space &&
				sy_choices_find(c->tilable, name) >= 0 &&
				(guint)sy_choices_find(c->tilable, name) <
					c->candidate->n_space;

			sy_config_fail(error,
				"--%s: '%s' is not a loop %s can use; it "
				"takes %s%s",
				stage, name,
				g_str_equal(stage, "tile") ? "tiling"
					: g_str_equal(stage, "tile-l2")
					? "a second tiling level"
					: g_str_equal(stage, "latency")
					? "latency hiding"
					: "SIMD",
				*allowed ? allowed : "none here",
				space ? " (a space loop takes it with "
					"--simd-touch-space)"
				      : "");
			g_array_unref(out);
			return NULL;
		}
		g_array_index(out, gint64, at) = g_array_index(
			values, gint64, i);
	}
	return out;
}

gboolean sy_config_apply_named(SyConfig *cfg, const SyChoices *c,
	const char *stage, const char *spec, GError **error)
{
	g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GArray) values = g_array_new(FALSE, FALSE, sizeof(gint64));
	g_autoptr(GArray) placed = NULL;
	gboolean tile = g_str_equal(stage, "tile");
	gboolean l2 = g_str_equal(stage, "tile-l2");
	GPtrArray *list = tile || l2            ? c->tilable
		: g_str_equal(stage, "latency") ? c->latency
						: c->simd;

	if (!parse_named(stage, spec, names, values, error))
		return FALSE;
	placed = by_position(stage, cfg, c, list, names, values, error);
	if (!placed)
		return FALSE;
	if (!(l2 ? sy_config_set_tiles_l2(cfg, c, placed, error)
			    : tile ? sy_config_set_tiles(cfg, c, placed, error)
			    : list == c->latency
			    ? sy_config_set_latency(cfg, c, placed, error)
			    : sy_config_set_simd(cfg, c, placed, error))) {
		g_prefix_error(error, "--%s: ", stage);
		return FALSE;
	}
	return TRUE;
}

gboolean sy_config_set_order(
	SyConfig *cfg, const SyChoices *c, const char *spec, GError **error)
{
	g_auto(GStrv) parts = g_strsplit(spec, ",", -1);
	g_autofree char *want = NULL;
	gboolean found = FALSE;

	for (guint k = 0; parts[k]; k++)
		g_strstrip(parts[k]);
	want = g_strjoinv(",", parts);
	for (guint o = 0; o < c->orders->len && !found; o++) {
		GArray *order = g_ptr_array_index(c->orders, o);
		g_autofree char *text = sy_choices_order_text(
			c, (const guint *)order->data, ",");

		if (g_str_equal(want, text)) {
			memcpy(cfg->order, order->data,
				sizeof(guint) * order->len);
			found = TRUE;
		}
	}
	if (!found) {
		g_autofree char *allowed = sy_choices_orders_text(c);

		sy_config_fail(error,
			"--tile-order %s: the orders that matter put the "
			"loops carrying flow dependences at each depth: %s",
			spec, allowed);
	}
	return found;
}

gint64 sy_config_simd_range(const SyConfig *cfg, const SyChoices *c, guint simd)
{
	const SyLoopRef *ref = g_ptr_array_index(c->simd, simd);
	gint64 range = 0;

	if (ref->in_band)
		return cfg->tile[ref->member] / cfg->latency[ref->member];
	for (guint i = 0; i < ref->spans->len; i++) {
		const SyLoopSpan *span = &g_array_index(
			ref->spans, SyLoopSpan, i);

		range = sy_integer_gcd(
			sy_integer_gcd(range, span->first), span->count);
	}
	return range ? range : 1;
}

/* Why a SIMD factor that does not divide the range of a loop below the
 * band cuts a vector short: the first statement it does so in. */
static gboolean refuse_partial_vector(
	const SyLoopRef *ref, gint64 factor, gint64 range, GError **error)
{
	g_autoptr(GString) ok = divisors(range);

	for (guint i = 0; i < ref->spans->len; i++) {
		const SyLoopSpan *span = &g_array_index(
			ref->spans, SyLoopSpan, i);
		gboolean late = span->first % factor != 0;

		if (!late && span->count % factor == 0)
			continue;
		return sy_config_fail(error,
			"the SIMD factor %" G_GINT64_FORMAT
			" does not divide the %" G_GINT64_FORMAT
			" iterations of loop '%s' %s statement %s (line %u)%s; "
			"every statement needs whole vectors: it can be %s",
			factor, late ? span->first : span->count, ref->name,
			late ? "before" : "in", span->stmt->name,
			span->stmt->node->loc.line, late ? " starts" : "",
			ok->str);
	}
	return sy_config_fail(error,
		"the SIMD factor %" G_GINT64_FORMAT
		" is larger than the %" G_GINT64_FORMAT
		" iterations of loop '%s'; it can be %s",
		factor, range, ref->name, ok->str);
}

/* Whether member m of the band takes a latency factor in c. */
static gboolean takes_latency(const SyChoices *c, guint m)
{
	for (guint i = 0; i < c->latency->len; i++)
		if (((const SyLoopRef *)g_ptr_array_index(c->latency, i))
				->member == m)
			return TRUE;
	return FALSE;
}

/* Tiles and latency factors of at least 1, and latency factors only on
 * the loops that take one: a configuration made for another dataflow
 * (or before an edit renumbered them) must not reach the PE array,
 * whose PE counts divide by them. */
static gboolean check_members(
	const SyConfig *cfg, const SyChoices *c, GError **error)
{
	const SyBand *band = c->analysis->band;

	if (cfg->n_members != band->n_members)
		return sy_config_fail(error,
			"the sizes are for a band of %u loops, this one has %u",
			cfg->n_members, band->n_members);
	for (guint m = 0; m < band->n_members; m++) {
		const char *name = band->members[m].name;

		if (cfg->tile[m] < 1 || cfg->latency[m] < 1)
			return sy_config_fail(error,
				"loop '%s' has a tile of %" G_GINT64_FORMAT
				" and a latency factor of %" G_GINT64_FORMAT
				"; both must be at least 1",
				name, cfg->tile[m], cfg->latency[m]);
		if (cfg->latency[m] != 1 && !takes_latency(c, m))
			return sy_config_fail(error,
				"loop '%s' takes no latency factor in this "
				"dataflow (%" G_GINT64_FORMAT " given)",
				name, cfg->latency[m]);
	}
	return TRUE;
}

void sy_config_conform(SyConfig *cfg, const SyChoices *c)
{
	for (guint m = 0; m < cfg->n_members; m++)
		if (!takes_latency(c, m))
			cfg->latency[m] = 1;
	/* SIMD on a space loop the choices no longer list. */
	if (cfg->simd >= (int)c->simd->len) {
		cfg->simd = -1;
		cfg->simd_factor = 1;
	}
	cfg->touch_space = c->touch_space;
}

gboolean sy_config_validate(
	const SyConfig *cfg, const SyChoices *c, GError **error)
{
	if (!check_members(cfg, c, error))
		return FALSE;
	for (guint i = 0; i < c->latency->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(c->latency, i);
		gint64 t = cfg->tile[ref->member],
		       l = cfg->latency[ref->member];

		if (t % l != 0) {
			g_autoptr(GString) ok = divisors(t);

			return sy_config_fail(error,
				"the latency factor %" G_GINT64_FORMAT
				" of loop '%s' does not divide its "
				"tile of %" G_GINT64_FORMAT "; it can be %s",
				l, ref->name, t, ok->str);
		}
	}
	if (cfg->simd >= 0) {
		const SySimdChoice *sc = g_ptr_array_index(c->simd, cfg->simd);
		gint64 range = sy_config_simd_range(cfg, c, cfg->simd);

		if (!sc->ok) {
			GString *ok = g_string_new(NULL);

			for (guint i = 0; i < c->simd->len; i++) {
				const SySimdChoice *o = g_ptr_array_index(
					c->simd, i);

				if (o->ok)
					g_string_append_printf(ok, "%s%s",
						ok->len ? ", " : "",
						o->loop.name);
			}
			sy_config_fail(error,
				"SIMD on loop '%s' is not possible: %s; "
				"loops that can be vectorized: %s",
				sc->loop.name, sc->reason,
				ok->len ? ok->str : "none");
			g_string_free(ok, TRUE);
			return FALSE;
		}
		if (!sc->loop.in_band && range % cfg->simd_factor != 0)
			return refuse_partial_vector(
				&sc->loop, cfg->simd_factor, range, error);
		if (range % cfg->simd_factor != 0) {
			g_autoptr(GString) ok = divisors(range);

			return sy_config_fail(error,
				"the SIMD factor %" G_GINT64_FORMAT
				" does not divide the %" G_GINT64_FORMAT
				" iterations left of loop '%s'; it "
				"can be %s",
				cfg->simd_factor, range, sc->loop.name,
				ok->str);
		}
		/* AutoSA's autosa_simd_tile_loop refuses it too. */
		if (sc->space && range == cfg->simd_factor)
			return sy_config_fail(error,
				"SIMD %" G_GINT64_FORMAT " on space loop "
				"'%s' leaves one PE along it; AutoSA takes "
				"no array dimension of 1",
				cfg->simd_factor, sc->loop.name);
	}
	return TRUE;
}

static void append_list(GString *out, const char *flag, GPtrArray *list,
	const gint64 *values, gint64 skip)
{
	gboolean any = FALSE;

	for (guint i = 0; i < list->len; i++) {
		const SyLoopRef *ref = g_ptr_array_index(list, i);
		gint64 v = values[ref->member];

		if (v == skip || (skip < 0 && v == ref->extent))
			continue;
		g_string_append_printf(out, "%s%s=%" G_GINT64_FORMAT,
			any ? "," : flag, ref->name, v);
		any = TRUE;
	}
}

char *sy_config_to_flags(const SyConfig *cfg, const SyChoices *c)
{
	g_autofree char *space = sy_config_to_space(c);
	GString *out = g_string_new("--space ");
	GArray *dflt = g_ptr_array_index(c->orders, 0);

	g_string_append(out, space);
	append_list(out, " --tile ", c->tilable, cfg->tile, -1);
	/* Every loop's factor, 1s too: the second level is on. */
	if (cfg->tile_l2)
		append_list(out, " --two-level-buffer --tile-l2 ", c->tilable,
			cfg->tile_l2, 0);
	if (memcmp(dflt->data, cfg->order, sizeof(guint) * dflt->len) != 0) {
		g_autofree char *order = sy_choices_order_text(
			c, cfg->order, ",");

		g_string_append_printf(out, " --tile-order %s", order);
	}
	append_list(out, " --latency ", c->latency, cfg->latency, 1);
	if (cfg->simd >= 0) {
		g_autofree char *simd = sy_config_to_simd(cfg, c);

		g_string_append_printf(out, " --simd %s", simd);
	}
	/* The choices the sizes index (and --sa-sizes' simd[...] reads). */
	if (c->touch_space)
		g_string_append(out, " --simd-touch-space");
	if (cfg->reverse_order)
		g_string_append(out, " --reverse-order");
	return g_string_free(out, FALSE);
}

char *sy_config_to_space(const SyChoices *c)
{
	const SyBand *band = c->analysis->band;
	GString *out = g_string_new(NULL);

	for (guint k = 0; k < c->candidate->n_space; k++)
		g_string_append_printf(out, "%s%s", k ? "," : "",
			band->members[c->candidate->space[k]].name);
	return g_string_free(out, FALSE);
}

char *sy_config_to_simd(const SyConfig *cfg, const SyChoices *c)
{
	const SyLoopRef *loop;

	if (cfg->simd < 0)
		return g_strdup("");
	loop = g_ptr_array_index(c->simd, cfg->simd);
	return g_strdup_printf(
		"%s=%" G_GINT64_FORMAT, loop->name, cfg->simd_factor);
}

char *sy_config_to_sizes(const SyConfig *cfg, const SyChoices *c)
{
	const SyBand *band = c->analysis->band;
	g_autofree char *order = sy_choices_order_text(c, cfg->order, ",");
	g_autofree char *simd = sy_config_to_simd(cfg, c);
	GString *out = g_string_new(NULL);
	gboolean any = FALSE;

	g_string_append_printf(out, "order %s; tiles ", order);
	for (guint m = 0; m < band->n_members; m++)
		g_string_append_printf(out, "%s%s=%" G_GINT64_FORMAT,
			m ? "," : "", band->members[m].name, cfg->tile[m]);
	for (guint m = 0; m < band->n_members; m++) {
		if (cfg->latency[m] == 1)
			continue;
		g_string_append_printf(out, "%s%s=%" G_GINT64_FORMAT,
			any ? "," : "; latency ", band->members[m].name,
			cfg->latency[m]);
		any = TRUE;
	}
	if (*simd)
		g_string_append_printf(out, "; simd %s", simd);
	return g_string_free(out, FALSE);
}

guint sy_config_latency_loops(
	const SyConfig *cfg, const SyChoices *c, guint *members)
{
	guint n = 0;

	for (guint i = 0; i < c->latency->len; i++) {
		guint m =
			((SyLoopRef *)g_ptr_array_index(c->latency, i))->member;

		if (cfg->latency[m] > 1)
			members[n++] = m;
	}
	for (guint i = 0; cfg->reverse_order && i < n / 2; i++) {
		guint m = members[i];

		members[i] = members[n - 1 - i];
		members[n - 1 - i] = m;
	}
	return n;
}

gboolean sy_config_equal(const SyConfig *a, const SyConfig *b)
{
	if (a->candidate != b->candidate || a->n_members != b->n_members ||
		a->simd != b->simd || a->simd_factor != b->simd_factor ||
		a->reverse_order != b->reverse_order ||
		a->touch_space != b->touch_space)
		return FALSE;
	if (!a->tile_l2 != !b->tile_l2)
		return FALSE;
	for (guint m = 0; m < a->n_members; m++)
		if (a->tile[m] != b->tile[m] || a->order[m] != b->order[m] ||
			a->latency[m] != b->latency[m] ||
			(a->tile_l2 && a->tile_l2[m] != b->tile_l2[m]))
			return FALSE;
	return TRUE;
}
