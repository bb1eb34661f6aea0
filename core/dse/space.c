/* The design space of one dataflow (dse/space.h). */
#include <string.h>

#include "dse/space.h"

/* Extents past this take their divisors alone: every padded size of
 * them would be a walk of its own. */
#define SY_DSE_PAD_SCAN ((gint64)1 << 22)

gint64 sy_dse_space_extent(const SyChoices *choices, guint m)
{
	const SyBandMember *b = &choices->analysis->band->members[m];

	return b->max - b->min + 1;
}

gint64 sy_dse_space_padded(
	const SyChoices *choices, const SyConfig *config, guint m)
{
	gint64 d = sy_dse_space_extent(choices, m), t = config->tile[m];

	return (d + t - 1) / t * t;
}

/* The tiles of a loop of extent d: divisors, then (pad > 0) every size
 * whose padding is at most pad, ascending. */
static GArray *tiles_of(gint64 d, gint64 pad)
{
	GArray *tiles;

	if (pad <= 0 || d > SY_DSE_PAD_SCAN)
		return sy_config_divisors(d);
	tiles = g_array_new(FALSE, FALSE, sizeof(gint64));
	for (gint64 t = 1; t <= d; t++)
		if ((d + t - 1) / t * t - d <= pad)
			g_array_append_val(tiles, t);
	return tiles;
}

/* Index of order spec among the choices' orders, or -1. */
static int find_order(const SyChoices *choices, const char *spec)
{
	g_autoptr(SyConfig) cfg = sy_config_new(choices);

	if (!sy_config_set_order(cfg, choices, spec, NULL))
		return -1;
	for (guint o = 0; o < choices->orders->len; o++) {
		GArray *order = g_ptr_array_index(choices->orders, o);

		if (!memcmp(order->data, cfg->order,
			    sizeof(guint) * cfg->n_members))
			return (int)o;
	}
	return -1;
}

SyDseSpace *sy_dse_space_new(
	const SyChoices *choices, const char *order, gint64 pad, GError **error)
{
	g_autoptr(SyDseSpace) space = g_new0(SyDseSpace, 1);
	guint n = choices->analysis->band->n_members;

	space->choices = choices;
	space->n_members = n;
	space->pad = MAX(pad, 0);
	space->orders = g_array_new(FALSE, FALSE, sizeof(guint));
	space->tiles = g_ptr_array_new_with_free_func(
		(GDestroyNotify)g_array_unref);
	if (order) {
		int o = find_order(choices, order);

		if (o < 0) {
			g_autofree char *all = sy_choices_orders_text(choices);

			sy_config_fail(error,
				"--tile-order %s is not a tile order of this "
				"dataflow; its orders are %s",
				order, all);
			return NULL;
		}
		g_array_append_val(space->orders, o);
	}
	for (guint o = 0; !order && o < choices->orders->len; o++)
		g_array_append_val(space->orders, o);
	for (guint m = 0; m < n; m++)
		g_ptr_array_add(space->tiles,
			tiles_of(sy_dse_space_extent(choices, m), space->pad));
	return g_steal_pointer(&space);
}

void sy_dse_space_free(SyDseSpace *space)
{
	if (!space)
		return;
	if (space->orders)
		g_array_unref(space->orders);
	if (space->tiles)
		g_ptr_array_unref(space->tiles);
	g_free(space);
}

typedef struct {
	const SyDseSpace *space;
	SyConfig *cfg;
	SyDseVisit visit;
	gpointer data;
} Walk;

/* SIMD: none, then each legal loop at each width above 1. */
static gboolean walk_simd(Walk *w)
{
	const SyChoices *c = w->space->choices;
	SyConfig *cfg = w->cfg;
	gboolean go = w->visit(cfg, w->data);

	for (guint s = 0; go && s < c->simd->len; s++) {
		const SySimdChoice *ch = g_ptr_array_index(c->simd, s);
		g_autoptr(GArray) widths = NULL;

		if (!ch->ok)
			continue;
		cfg->simd = (int)s;
		widths = sy_config_divisors(sy_config_simd_range(cfg, c, s));
		for (guint k = 1; go && k < widths->len; k++) {
			cfg->simd_factor = g_array_index(widths, gint64, k);
			if (sy_config_validate(cfg, c, NULL))
				go = w->visit(cfg, w->data);
		}
	}
	cfg->simd = -1;
	cfg->simd_factor = 1;
	return go;
}

/* The latency factors of the choices' latency loops from k on. */
static gboolean walk_latency(Walk *w, guint k)
{
	const SyChoices *c = w->space->choices;
	const SyLoopRef *ref;
	g_autoptr(GArray) factors = NULL;
	gboolean go = TRUE;

	if (k == c->latency->len)
		return walk_simd(w);
	ref = g_ptr_array_index(c->latency, k);
	if (!ref->in_band)
		return walk_latency(w, k + 1);
	factors = sy_config_divisors(w->cfg->tile[ref->member]);
	for (guint i = 0; go && i < factors->len; i++) {
		w->cfg->latency[ref->member] = g_array_index(
			factors, gint64, i);
		go = walk_latency(w, k + 1);
	}
	w->cfg->latency[ref->member] = 1;
	return go;
}

static gboolean walk_tiles(Walk *w, guint m)
{
	GArray *tiles;
	gboolean go = TRUE;

	if (m == w->space->n_members)
		return walk_latency(w, 0);
	tiles = g_ptr_array_index(w->space->tiles, m);
	for (guint i = 0; go && i < tiles->len; i++) {
		w->cfg->tile[m] = g_array_index(tiles, gint64, i);
		go = walk_tiles(w, m + 1);
	}
	return go;
}

gboolean sy_dse_space_foreach(
	const SyDseSpace *space, SyDseVisit visit, gpointer data)
{
	const SyChoices *c = space->choices;
	g_autoptr(SyConfig) cfg = sy_config_new(c);
	Walk w = {space, cfg, visit, data};
	gboolean go = TRUE;

	for (guint o = 0; go && o < space->orders->len; o++) {
		GArray *order = g_ptr_array_index(
			c->orders, g_array_index(space->orders, guint, o));

		memcpy(cfg->order, order->data, sizeof(guint) * order->len);
		go = walk_tiles(&w, 0);
	}
	return go;
}

static gboolean count_one(const SyConfig *config, gpointer data)
{
	(void)config;
	(*(guint64 *)data)++;
	return TRUE;
}

guint64 sy_dse_space_count(const SyDseSpace *space)
{
	guint64 n = 0;

	sy_dse_space_foreach(space, count_one, &n);
	return n;
}

gint64 sy_dse_space_lanes(const SyChoices *choices, const SyConfig *config)
{
	const SyCandidate *cand = choices->candidate;
	int simd_member = -1;
	gint64 lanes = config->simd >= 0 ? config->simd_factor : 1;

	if (config->simd >= 0) {
		const SySimdChoice *ch = g_ptr_array_index(
			choices->simd, config->simd);

		if (ch->loop.in_band)
			simd_member = (int)ch->loop.member;
	}
	for (guint k = 0; k < cand->n_space; k++) {
		guint m = cand->space[k];
		gint64 pes = config->tile[m] / config->latency[m];

		if ((int)m == simd_member)
			pes /= config->simd_factor;
		lanes *= pes;
	}
	return lanes;
}
