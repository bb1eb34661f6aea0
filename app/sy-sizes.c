#include "sy-sizes.h"

GHashTable *sy_sizes_new(void)
{
	return g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
		(GDestroyNotify)sy_config_free);
}

GHashTable *sy_sizes_copy(GHashTable *sizes)
{
	GHashTable *copy = sy_sizes_new();
	GHashTableIter iter;
	gpointer key, value;

	g_hash_table_iter_init(&iter, sizes);
	while (g_hash_table_iter_next(&iter, &key, &value))
		g_hash_table_insert(copy, g_strdup(key), sy_config_copy(value));
	return copy;
}

/* Sizes belong to a dataflow of a band: the same loops after an edit. */
char *sy_sizes_key(const SyAnalysis *a, const SyCandidate *c)
{
	GString *key = g_string_new(NULL);

	for (guint m = 0; m < a->band->n_members; m++)
		g_string_append_printf(key, "%s,", a->band->members[m].name);
	for (guint k = 0; k < c->n_space; k++)
		g_string_append_printf(key, "|%u", c->space[k]);
	return g_string_free(key, FALSE);
}

/* The remembered sizes of a dataflow, if they still fit its loops. */
static const SyConfig *remembered(
	GHashTable *sizes, const SyChoices *choices, const char *key)
{
	const SyAnalysis *a = choices->analysis;
	SyConfig *cfg = g_hash_table_lookup(sizes, key);

	if (!cfg || cfg->n_members != a->band->n_members)
		return NULL;
	for (guint m = 0; m < cfg->n_members; m++) {
		const SyBandMember *bm = &a->band->members[m];

		if (cfg->tile[m] > bm->max - bm->min + 1)
			return NULL;
	}
	if (cfg->simd >= 0 && (guint)cfg->simd >= choices->simd->len)
		return NULL;
	return cfg;
}

SyConfig *sy_sizes_config(
	GHashTable *sizes, const SyConfig *asked, const SyChoices *choices)
{
	const SyCandidate *c = choices->candidate;
	g_autofree char *key = sy_sizes_key(choices->analysis, c);
	const SyConfig *cfg = asked;
	SyConfig *copy;

	if (!cfg || cfg->candidate != c->id ||
		cfg->n_members != choices->analysis->band->n_members)
		cfg = remembered(sizes, choices, key);
	if (!cfg)
		return sy_config_new(choices);
	copy = sy_config_copy(cfg);
	/* An edit may renumber the dataflows; the loops are the same, but
	 * what they take may not be. */
	copy->candidate = c->id;
	sy_config_conform(copy, choices);
	return copy;
}

gboolean sy_sizes_touch_space(GHashTable *sizes, const SyConfig *asked,
	const SyAnalysis *a, const SyCandidate *c)
{
	g_autofree char *key = NULL;
	const SyConfig *cfg;

	if (asked && asked->candidate == c->id)
		return asked->touch_space;
	key = sy_sizes_key(a, c);
	cfg = g_hash_table_lookup(sizes, key);
	return cfg && cfg->touch_space;
}
